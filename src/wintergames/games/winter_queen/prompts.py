"""What a Winter Queen seat is deciding, and each of its choices, in the game's words.

The terminal and the browser both show these (``State.decision``, ``State.choices``). A
floe is placed in two steps on the page (the floe, then its space or page), so each
placement's ``group`` names the floe ("Place the red floe from stand 1") and its label
the target ("on c3").

>>> import wintergames as wg
>>> s = wg.make("winter-queen", 2, seed=1, options={"first_player": "1"})
>>> s.decision(0).prompt.text
'Your turn: place a floe on an empty space'
>>> a, choice = s.choices(0)[0]
>>> choice.group.text, choice.label.text
('Place the blue floe from stand 1', 'on b1')
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.frames import top
from wintergames.core.phrases import Phrase
from wintergames.games.winter_queen.actions import (
    Pass,
    PlaceOnBoard,
    PlaceOnBook,
    ReturnFloe,
    TakeBook,
    UseBook,
)
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.rules import (
    books_held,
    legal_actions,
    returnable,
    stacks_after,
)
from wintergames.games.winter_queen.words import (
    MSG,
    book,
    books,
    floe,
    page,
    page_side,
    space,
    stack,
    stand,
    vp,
    zone,
)

if TYPE_CHECKING:
    from wintergames.games.winter_queen.state import WinterQueenState as S


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p``, who is to move."""
    frame = top(s)
    if frame is not None:
        return frame.ask(s, p)
    kinds = {type(a) for a in legal_actions(s, p)}
    if kinds == {Pass}:
        return Decision(MSG("ask-pass"))
    ask = {(True, True): "ask-turn", (True, False): "ask-place-or-page",
           (False, True): "ask-place-or-use", (False, False): "ask-place"}
    prompt = MSG(ask[PlaceOnBook in kinds, UseBook in kinds])
    limit = (MSG("limit-final", turns=s.turns_left) if s.final_phase else books_held(s, p))
    return Decision(prompt, limit=limit)


def choice(s: S, a: Action, p: int) -> Choice:
    """Legal action ``a`` of seat ``p`` as a label, an explanation and (for a floe placed)
    the floe it places."""
    if isinstance(a, PlaceOnBoard):
        return _on_board(a, _book_after(s, p, a.cell), _stand_bonus(s, a))
    if isinstance(a, PlaceOnBook):
        return _on_book(a, _stand_bonus(s, a))
    if isinstance(a, UseBook):
        return Choice(MSG("use", book=book(a.book)), _use_explained(s, p, a.book))
    if isinstance(a, TakeBook):
        if a.province < 0:
            return Choice(MSG("take-none"), MSG("do-take-none"))
        top = s.stacks[a.province][-1]
        return Choice(MSG("take-book", book=book(top), stack=stack(a.province)),
                      MSG("do-take", book=book(top)))
    if isinstance(a, ReturnFloe):
        colour = s.board[a.cell]
        return Choice(MSG("return-floe", floe=floe(colour), space=space(a.cell)),
                      MSG("do-return", floe=floe(colour), space=space(a.cell)))
    return Choice(MSG("pass-label"), MSG("do-pass"))


# A placement's words depend on the action and on what it then allows (a key of a few
# numbers), so each is made once and kept: a seat's first turn has 176 placements, and
# the server sends them with every view of the seat to move. A phrase never changes.
# Whatever number of the game's parameters the words state is part of the key: the most
# books a player holds ("full") and the VP of an emptied stand (``bonus``).
BookAfter = tuple[str, tuple[int, ...]]  # ("take", stacks) / ("any", ()) / ("full", (most,))
Bonus = int | None  # the VP for taking a stand's last floe, None when floes stay on it


@lru_cache(maxsize=16384)
def _on_board(a: PlaceOnBoard, book_after: BookAfter, bonus: Bonus) -> Choice:
    what = MSG("do-place", floe=floe(a.colour), stand=stand(a.stand), space=space(a.cell),
               zone=zone(WQ.zone[a.cell]))
    return Choice(_on_space(a.cell),
                  _with_then(what, [_book_phrase(book_after), *_stand_after(a, bonus)]),
                  _group(a.colour, a.stand))


@lru_cache(maxsize=4096)
def _on_book(a: PlaceOnBook, bonus: Bonus) -> Choice:
    what = MSG("do-place-book", floe=floe(a.colour), stand=stand(a.stand),
               page=page_side(a.page), book=book(a.book), effect=page(a.book, a.page))
    return Choice(MSG("on-page", page=page_side(a.page), book=book(a.book)),
                  _with_then(what, _stand_after(a, bonus)), _group(a.colour, a.stand))


@cache
def _on_space(cell: int) -> Phrase:
    return MSG("on-space", space=space(cell))


@cache
def _group(colour: int, at: int) -> Phrase:
    return MSG("with-floe", floe=floe(colour), stand=stand(at))


def _with_then(what: Phrase, then: list[Phrase]) -> Phrase:
    """``what``, then each consequence after a semicolon."""
    for after in then:
        what = MSG("explain", rule=what.rule, what=what, then=after)
    return what


def _book_after(s: S, p: int, cell: int) -> BookAfter:
    """What placing on ``cell`` lets ``p`` take: the rule of the space's province (any
    stack after an open royal token), at most ``max_books`` held."""
    most = s.params.max_books
    if len(s.books[p]) >= most:
        return ("full", (most,))
    sources = stacks_after(s, WQ.zone[cell])
    if not sources:
        return ("empty", ())
    if WQ.zone[cell] == ROYAL and len(sources) == len(s.stacks):
        return ("any", ())
    return ("take", tuple(sources))


@lru_cache(maxsize=256)
def _book_phrase(after: BookAfter) -> Phrase:
    kind, sources = after
    if kind == "full":
        return MSG("then-full", most=books(sources[0]))
    if kind == "empty":
        return MSG("then-empty-stack")
    if kind == "any":
        return MSG("then-take-any")
    return MSG("then-take", stacks=tuple(stack(q) for q in sources))


def _stand_bonus(s: S, a: PlaceOnBoard | PlaceOnBook) -> Bonus:
    """The VP ``a`` scores by taking its stand's last floe (the stand is then refilled),
    or ``None`` when floes stay on the stand."""
    return s.params.stand_emptied_vp if sum(s.stands[a.stand]) == 1 else None


def _stand_after(a: PlaceOnBoard | PlaceOnBook, bonus: Bonus) -> list[Phrase]:
    if bonus is None:
        return []
    return [MSG("then-stand-emptied", stand=stand(a.stand), vp=vp(bonus))]


# every kept word of this module (the tests empty them to compare with words made afresh)
KEPT = (_on_board, _on_book, _on_space, _group, _book_phrase)


def _use_explained(s: S, p: int, used: int) -> Phrase:
    entry = next(e for e in s.books[p] if e[0] == used)
    pages = tuple(MSG("page-with", page=page(used, side), floe=floe(entry[1 + side]))
                  for side in (0, 1) if entry[1 + side] >= 0)
    what = MSG("do-use", pages=pages, book=book(used))
    two = len(pages) == 2 and bool(returnable(s))  # the rule's own test of a floe to return
    return _with_then(what, [MSG("then-return")] if two else [])

