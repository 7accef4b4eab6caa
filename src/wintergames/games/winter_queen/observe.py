"""What each seat of Winter Queen may see, built from an allow-list.

Public: the board, royal tokens, stands, the top book of each stack and each stack's
size, everyone's books and the floes on them, the bag's size and colours (everything
else is in sight, so its contents are common knowledge), discarded floes and books.
Private: VP tokens lie face down, so a seat sees only its own total until the end.
Hidden from everyone: the books under each stack's top and the order of draws.
Every action is made in sight of all, so the last turns (who placed which floe where,
used, took or returned what) are public too: the browser marks them on the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.events import seat_name
from wintergames.core.phrases import Phrase
from wintergames.games.winter_queen.actions import (
    Pass,
    PlaceOnBoard,
    PlaceOnBook,
    ReturnFloe,
    TakeBook,
    UseBook,
)
from wintergames.games.winter_queen.components import EFFECT_TITLES, WQ
from wintergames.games.winter_queen.rules import step
from wintergames.games.winter_queen.words import MSG, book, floe, page_side, seat, space, stand

if TYPE_CHECKING:
    from wintergames.games.winter_queen.state import WinterQueenState

_PHASES = ("main", "take-book", "return-floe", "over")
_BOOK_INDEX = {b.id: i for i, b in enumerate(WQ.books)}


def _colour(c: int) -> str | None:
    return WQ.colours[c] if c >= 0 else None


def _counts(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {WQ.colours[c]: n for c, n in enumerate(counts) if n}


# Each book's pages' fixed fields, in book order: a view copies them (several times faster
# than building them) and adds the floe on each page.
_PAGE_FIELDS = tuple(
    tuple({"page": "AB"[side], "effect": page.effect, "title": EFFECT_TITLES[page.effect],
           "depicts": _colour(page.depicted)} for side, page in enumerate(b.pages))
    for b in WQ.books)


def book_view(book: int, floes: list[int] | None = None) -> dict[str, Any]:
    """A spellbook as JSON: its id, both pages' effects and the floes on them.

    >>> book_view(0)["pages"][0]["floe"] is None
    True
    """
    pages = []
    for side, fixed in enumerate(_PAGE_FIELDS[book]):
        page = fixed.copy()
        page["floe"] = None if floes is None else _colour(floes[side])
        pages.append(page)
    return {"id": WQ.books[book].id, "pages": pages}


# A turn is one of: a placement (then perhaps a book taken), a book used (then perhaps
# a floe returned), or a pass; these actions begin one.
_TURN_STARTS = (PlaceOnBoard, PlaceOnBook, UseBook, Pass)


def last_turns(s: WinterQueenState) -> list[dict[str, Any]]:
    """The most recent turns, up to one per seat, oldest first: what each seat did
    since the seat to move last moved. Only what everyone saw happen."""
    turns: list[dict[str, Any]] = []
    end = len(s.history)
    for i in range(len(s.history) - 1, -1, -1):
        if len(turns) == s.num_players:
            break
        if isinstance(s.history[i][1], _TURN_STARTS):
            turns.append(_turn(s, s.history[i:end]))
            end = i
    return turns[::-1]


def _turn(s: WinterQueenState, actions: list[tuple[int, Any]]) -> dict[str, Any]:
    player = actions[0][0]
    turn: dict[str, Any] = {"player": player, "placed": None, "took": None, "used": None,
                            "returned": None, "passed": False}
    for _, a in actions:
        if isinstance(a, PlaceOnBoard):
            turn["placed"] = {"floe": WQ.colours[a.colour], "stand": a.stand + 1,
                              "cell": WQ.cell_names[a.cell]}
        elif isinstance(a, PlaceOnBook):
            turn["placed"] = {"floe": WQ.colours[a.colour], "stand": a.stand + 1,
                              "book": WQ.books[a.book].id, "page": "AB"[a.page]}
        elif isinstance(a, TakeBook) and a.province >= 0 and s.books[player]:
            # The book taken is the last one its taker holds: a turn ends with the take,
            # and the taker has not moved since (one turn per seat is listed).
            turn["took"] = WQ.books[s.books[player][-1][0]].id
        elif isinstance(a, UseBook):
            turn["used"] = WQ.books[a.book].id
        elif isinstance(a, ReturnFloe):
            turn["returned"] = WQ.cell_names[a.cell]
        elif isinstance(a, Pass):
            turn["passed"] = True
    turn["said"] = _said(player, tuple(a for _, a in actions), turn["took"]).view()
    return turn


# Every view lists the last turns, said the same way until they scroll away: each turn's
# phrase (an immutable value, shared safely) is made once, not once per view.
@lru_cache(maxsize=4096)
def _said(player: int, actions: tuple[Action, ...], took: str | None) -> Phrase:
    return MSG("turn-summary", seat=seat(player), steps=tuple(_steps(took, actions)))


def _steps(took: str | None, actions: tuple[Action, ...]) -> Iterator[Phrase]:
    """What the turn did, step by step, as the last-turns list says it."""
    for a in actions:
        if isinstance(a, PlaceOnBoard):
            yield MSG("did-place", floe=floe(a.colour), stand=stand(a.stand), space=space(a.cell))
        elif isinstance(a, PlaceOnBook):
            yield MSG("did-place-book", floe=floe(a.colour), stand=stand(a.stand),
                      page=page_side(a.page), book=book(a.book))
        elif isinstance(a, TakeBook) and took is not None:
            yield MSG("did-take", book=book(_BOOK_INDEX[took]))
        elif isinstance(a, UseBook):
            yield MSG("did-use", book=book(a.book))
        elif isinstance(a, ReturnFloe):
            yield MSG("did-return", space=space(a.cell))
        elif isinstance(a, Pass):
            yield MSG("did-pass")


# Each cell's fixed fields, in cell order: a view copies them (several times faster than
# building them) and adds the floe on it and whether it is depicted.
_CELL_FIELDS = tuple({"cell": WQ.cell_names[x], "zone": WQ.zone_name(WQ.zone[x]),
                      "edge": WQ.edge[x]} for x in range(len(WQ.cell_names)))


def _board(s: WinterQueenState) -> list[dict[str, Any]]:
    out = []
    fixed, colours = s.fixed, WQ.colours
    for x, c in enumerate(s.board):
        cell = _CELL_FIELDS[x].copy()
        cell["floe"] = colours[c] if c >= 0 else None
        cell["depicted"] = fixed[x]
        out.append(cell)
    return out


def observation(s: WinterQueenState, player: int | None) -> dict[str, Any]:
    over = not s.to_move
    return {
        "game": "winter-queen",
        "num_players": s.num_players,
        "you": player,
        "players": [seat_name(p) for p in range(s.num_players)],
        "to_move": list(s.to_move),
        "phase": _PHASES[step(s)],
        "final_phase": s.final_phase,
        "turns_left": s.turns_left if s.final_phase and not over else None,
        "first_player": s.first,
        "board": _board(s),
        "royal_tokens": {  # a royal space without a token (an overlay's fewer) is not listed
            WQ.cell_names[cell]: WQ.royal_tokens[t].id
            for cell, t in zip(WQ.royal_cells, s.royal, strict=True) if t >= 0
        },
        "stands": [
            {
                "stand": i + 1,
                "floes": _counts(st),
                "yours": player is not None and i in s.stands_of(player),
            }
            for i, st in enumerate(s.stands)
        ],
        "stacks": [
            {
                "province": WQ.provinces[z],
                "size": len(stack),
                "top": book_view(stack[-1]) if stack else None,
            }
            for z, stack in enumerate(s.stacks)
        ],
        "bag": {"size": sum(s.bag), "floes": _counts(s.bag)},
        "books": [[book_view(e[0], e[1:]) for e in hand] for hand in s.books],
        "discarded_floes": _counts(s.discarded),
        "discarded_books": [WQ.books[b].id for b in s.discarded_books],
        "last_turns": last_turns(s),
        "vp": [
            s.vp[p] if over or p == player else None for p in range(s.num_players)
        ],
        "winners": s.winners() if over else [],
    }
