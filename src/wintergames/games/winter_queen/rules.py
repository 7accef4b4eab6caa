"""Winter Queen's rules: setup, legal actions, and what each action does.

Every rule sentence of the rulebook that governs play lives here (the effects are in
``scoring.py``). Interpretations of unclear passages are listed in
``docs/rules/winter-queen.md``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event
from wintergames.core.frames import Frame, FrameKinds, pop, push, top
from wintergames.core.phrases import Phrase
from wintergames.games.winter_queen.actions import (
    BOARD,
    ON_BOOK,
    PASS,
    RETURN,
    TAKE,
    USE,
    Pass,
    PlaceOnBoard,
    PlaceOnBook,
    ReturnFloe,
    TakeBook,
    UseBook,
)
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.scoring import (
    SOURCES,
    STAND,
    effect_rule,
    score_page,
    source_of,
)
from wintergames.games.winter_queen.words import (
    MSG,
    amount,
    book,
    books,
    floe,
    page,
    page_side,
    royal_token,
    seat,
    space,
    stack,
    vp,
    zone,
)
from wintergames.games.winter_queen.words import book as book_named
from wintergames.games.winter_queen.words import stand as stand_named

if TYPE_CHECKING:
    from wintergames.games.winter_queen.state import WinterQueenState as S

# The game's phase; while a turn waits for its second choice, a frame says which
# (``TAKE_BOOK``, ``RETURN_FLOE``: their codes, as saved games hold the phase).
MAIN, TAKE_BOOK, RETURN_FLOE, OVER = 0, 1, 2, 3
NCOL = len(WQ.colours)
_COLOURS = WQ.colours
_NAMES = WQ.cell_names
_BOOK_IDS = tuple(b.id for b in WQ.books)

# Event kinds statistics count (``GameSpec.metric_kinds``). Every VP is an event of kind
# "vp" (a page of a book used during the game), "final-vp" (a page applied at final
# scoring) or "stand-emptied" (1 VP), with its effect or "Stands emptied" as ``category``
# and the book id or "stand-N" as ``item``.
METRIC_KINDS = {
    "discard": "spellbooks used during the game (and discarded)",
    "final-vp": "spellbook pages applied at final scoring",
    "stand-emptied": "stands emptied (each scores VP, then is refilled from the bag)",
    "take": "spellbooks taken from a stack",
    "return": "floes returned from the board to the bag after using a two-floe book",
}


# -- setup -------------------------------------------------------------------------


def setup(s: S) -> None:
    """Setup steps 2-8 of the rulebook for ``s.num_players``, in the rulebook's order."""
    n = s.num_players
    _setup_floes_and_stands(s)
    _setup_royal_tokens(s)
    shuffled = list(range(len(WQ.books)))
    s.rng.shuffle(shuffled)
    size = s.params.books_per_stack
    stacked = size * len(WQ.provinces)
    s.stacks = [shuffled[i * size : (i + 1) * size] for i in range(len(WQ.provinces))]
    s.book_box = tuple(shuffled[stacked:])  # shorter stacks than printed leave books unseen
    s.books = [[] for _ in range(n)]
    s.discarded = [0] * NCOL
    s.discarded_books = []
    s.vp = [0] * n
    s.vp_by = [[0] * len(SOURCES) for _ in range(n)]
    s.first = _first_player(s.options["first_player"], n, s.rng)
    s.current = s.first
    s.phase = MAIN
    s.pending = ()
    s.final_phase = False
    s.turns_left = 0
    s.passes = 0
    tokens = tuple(MSG("royal-token", space=space(cell), token=royal_token(token))
                   for cell, token in zip(WQ.royal_cells, s.royal, strict=True) if token >= 0)
    s.log.append(Event(MSG("setup", n=n, tokens=tokens, seat=seat(s.first)), kind="setup"))


def _setup_floes_and_stands(s: S) -> None:
    """Steps 2-4: the bag (some floes back to the box with 2-3 players) and the stands."""
    n = s.num_players
    cfg = s.params.setup(n)
    removed = cfg.removed_per_colour
    s.bag = [s.params.floes_per_colour - removed] * NCOL
    s.box = (removed,) * NCOL
    s.stands = [[0] * NCOL for _ in range(cfg.stands)]
    for stand in s.stands:
        for _ in range(cfg.floes_per_stand):
            stand[_draw(s)] += 1
    # Stand i lies between player i and the next player clockwise, so player p
    # reaches stand p-1 (their right) and stand p (their left).
    if cfg.stands_reach_all:
        s.reach = tuple(tuple(range(cfg.stands)) for _ in range(n))
    else:
        s.reach = tuple(tuple(sorted(((p - 1) % n, p))) for p in range(n))


def _setup_royal_tokens(s: S) -> None:
    """Step 5: 5 of the 8 tokens, at random, on the tower and palace spaces.

    With fewer tokens (an overlay's ``royal_tokens.on_board``) the spaces that get one are
    drawn too, and a royal space without a token is an open royal space.
    """
    tokens = list(range(len(WQ.royal_tokens)))
    s.rng.shuffle(tokens)
    laid = s.params.royal_tokens
    spaces = len(WQ.royal_cells)
    placed = tokens[:laid] + [-1] * (spaces - laid)
    if laid < spaces:  # drawn only then: the printed game's draws stay as they were
        s.rng.shuffle(placed)
    s.royal = tuple(placed)
    s.board = [-1] * WQ.num_cells
    fixed = [False] * WQ.num_cells
    for cell, token in zip(WQ.royal_cells, s.royal, strict=True):
        depicts = WQ.royal_tokens[token].depicts if token >= 0 else -1
        if depicts >= 0:
            s.board[cell] = depicts
            fixed[cell] = True
    s.fixed = tuple(fixed)


def first_player_choices(num_players: int) -> tuple[str, ...]:
    """Setup step 8: the token goes to one of the players, named by seat or drawn at random.

    The values of the ``first_player`` option at ``num_players`` players; the spec's one
    option check refuses the others (seat 4 of a 2-player game) before setup runs.
    """
    return (*(str(seat) for seat in range(1, num_players + 1)), "random")


def _first_player(option: str, n: int, rng: Random) -> int:
    """Setup step 8: a random player (or the seat the option names) gets the token."""
    if option == "random":
        return rng.randrange(n)
    return int(option) - 1  # a seat of this game: ``first_player_choices`` was checked


def _draw(s: S) -> int:
    """Draw one random floe from the bag (which must not be empty)."""
    bag = s.bag
    pick = s.rng.randrange(sum(bag))
    for colour in range(NCOL):
        pick -= bag[colour]
        if pick < 0:
            bag[colour] -= 1
            return colour
    raise AssertionError("the bag count is inconsistent")


# -- legal actions -----------------------------------------------------------------


def legal_actions(s: S, p: int) -> list[Action]:
    frame = top(s)
    if frame is not None:
        return frame.legal(s)
    board = s.board
    empties = [x for x in range(len(board)) if board[x] < 0]
    hand = s.books[p]
    free_pages = [(e[0], side) for e in hand for side in (0, 1) if e[1 + side] < 0]
    acts: list[Action] = []
    for st in s.stands_of(p):
        counts = s.stands[st]
        for c in range(NCOL):
            if counts[c]:
                acts.extend(map(BOARD[st][c].__getitem__, empties))
                if free_pages:
                    book_row = ON_BOOK[st][c]
                    acts.extend([book_row[b][side] for b, side in free_pages])
    if not s.final_phase:
        acts.extend([USE[e[0]] for e in hand if e[1] >= 0 or e[2] >= 0])
    return acts or [PASS]


def stacks_after(s: S, zone: int) -> list[int]:
    """Provinces whose top book a floe placed in ``zone`` lets its player take: that
    province's, or any after an open royal token; none whose stack is empty."""
    if zone == ROYAL:
        return [z for z in range(len(s.stacks)) if s.stacks[z]]
    return [zone] if s.stacks[zone] else []


def returnable(s: S) -> list[int]:
    return [x for x, c in enumerate(s.board) if c >= 0 and not s.fixed[x]]


# -- checking ----------------------------------------------------------------------


def check(s: S, a: Action, p: int) -> None:
    """Raise ``IllegalActionError`` naming the broken rule; change nothing."""
    frame = top(s)
    if frame is not None:
        frame.check(s, a)
        return
    if isinstance(a, PlaceOnBoard):
        _check_floe(s, a.stand, a.colour, p)
        if s.board[a.cell] >= 0:
            what = "its royal token depicts" if s.fixed[a.cell] else "it already holds"
            raise IllegalActionError(
                f"space {_NAMES[a.cell]} is not empty: {what} a {_COLOURS[s.board[a.cell]]} floe",
                rule="turn.board")
    elif isinstance(a, PlaceOnBook):
        _check_floe(s, a.stand, a.colour, p)
        entry = _held(s, p, a.book)
        if entry[1 + a.page] >= 0:
            raise IllegalActionError(
                f"page {'AB'[a.page]} of {_book_both(a.book)} already holds a "
                f"{_COLOURS[entry[1 + a.page]]} floe; only 1 floe can be placed on each page",
                rule="turn.book-page")
    elif isinstance(a, UseBook):
        if s.final_phase:
            raise IllegalActionError(
                "once the last floe has been drawn from the bag, spellbooks can no longer be used "
                "(they score in the final scoring)", rule="end.final-phase")
        entry = _held(s, p, a.book)
        if entry[1] < 0 and entry[2] < 0:
            raise IllegalActionError(
                f"{_book_both(a.book)} has no floe on it; only a spellbook with at least 1 floe "
                "can be used", rule="turn.use")
    elif isinstance(a, Pass):
        if legal_actions(s, p) != [PASS]:
            raise IllegalActionError("you may pass only when no other action is legal",
                                     rule="turn.pass")
    elif isinstance(a, TakeBook):
        raise IllegalActionError(
            "a spellbook is taken only right after placing a floe on a space",
            rule="turn.take-book")
    elif isinstance(a, ReturnFloe):
        raise IllegalActionError(
            "a floe is returned to the bag only right after using a book with two floes",
            rule="turn.return-floe")
    else:
        raise IllegalActionError(f"{a!r} is not a Winter Queen action",
                                 rule="actions.notation")


def _check_floe(s: S, stand: int, colour: int, p: int) -> None:
    allowed = s.stands_of(p)
    if stand not in allowed:
        names = ", ".join(str(x + 1) for x in allowed)
        raise IllegalActionError(
            f"stand {stand + 1} is out of your reach; only the floes on the stands to your left "
            f"and right are available to you: stands {names}", rule="turn.reach")
    if not s.stands[stand][colour]:
        present = [_COLOURS[c] for c in range(NCOL) if s.stands[stand][c]]
        raise IllegalActionError(
            f"stand {stand + 1} holds no {_COLOURS[colour]} floe; it holds "
            f"{', '.join(present) or 'nothing'}", rule="turn.reach")


def _held(s: S, p: int, b: int) -> list[int]:
    for entry in s.books[p]:
        if entry[0] == b:
            return entry
    mine = "; ".join(_book_both(e[0]) for e in s.books[p]) or "none"
    raise IllegalActionError(f"you do not hold {_book_both(b)}; yours: {mine}",
                             rule="turn.use")


def _book_both(b: int) -> str:
    """A book as a refusal names it: the id the notation types, then what players call it."""
    return f"{_BOOK_IDS[b]} ({book_named(b).text})"


def _options_text(actions: list[Action]) -> str:
    return ", ".join(str(a) for a in actions)


# -- doing -------------------------------------------------------------------------


def do(s: S, a: Action, p: int) -> None:
    """Perform an action that ``check`` accepted (the frame it answers, if any, closes)."""
    if s.pending:
        pop(s)
    _HANDLERS[type(a)](s, a, p)


def _place_on_board(s: S, a: PlaceOnBoard, p: int) -> None:
    s.log.append(Event(MSG("place", seat=seat(p), floe=floe(a.colour), stand=stand_named(a.stand),
                           space=space(a.cell), zone=zone(WQ.zone[a.cell])),
                       kind="place", player=p))
    s.board[a.cell] = a.colour
    s.passes = 0
    _take_floe(s, p, a.stand, a.colour)
    there = WQ.zone[a.cell]
    if len(s.books[p]) < s.params.max_books and stacks_after(s, there):
        push(s, BookChoice(there))
        return
    _end_turn(s)


def _place_on_book(s: S, a: PlaceOnBook, p: int) -> None:
    s.log.append(Event(MSG("place-book", seat=seat(p), floe=floe(a.colour),
                           stand=stand_named(a.stand), page=page_side(a.page), book=book(a.book)),
                       kind="place-book", player=p))
    _held(s, p, a.book)[1 + a.page] = a.colour
    s.passes = 0
    _take_floe(s, p, a.stand, a.colour)
    _end_turn(s)


def _take_book(s: S, a: TakeBook, p: int) -> None:
    if a.province >= 0:
        taken = s.stacks[a.province].pop()
        s.books[p].append([taken, -1, -1])
        s.log.append(Event(MSG("take", seat=seat(p), book=book(taken), stack=stack(a.province)),
                           kind="take", player=p))
    _end_turn(s)


def _return_floe(s: S, a: ReturnFloe, p: int) -> None:
    colour = s.board[a.cell]
    s.board[a.cell] = -1
    s.bag[colour] += 1
    s.log.append(Event(MSG("return", seat=seat(p), floe=floe(colour), space=space(a.cell)),
                       kind="return", player=p))
    _end_turn(s)


def _pass(s: S, a: Pass, p: int) -> None:
    s.passes += 1
    s.log.append(Event(MSG("pass", seat=seat(p)), kind="pass", player=p))
    _end_turn(s)


def _take_floe(s: S, p: int, at: int, colour: int) -> None:
    """Take a floe; emptying a stand scores its VP (1 as printed) and refills it from the
    bag."""
    counts = s.stands[at]
    counts[colour] -= 1
    if any(counts):
        return
    _gain(s, p, s.params.stand_emptied_vp, STAND, MSG("stand-emptied", stand=stand_named(at)),
          kind="stand-emptied", item=f"stand-{at + 1}")
    want = s.params.setup(s.num_players).floes_per_stand
    drawn = 0
    while drawn < want and any(s.bag):
        counts[_draw(s)] += 1
        drawn += 1
    if drawn:
        s.log.append(Event(MSG("refill", stand=stand_named(at),
                               floes=amount(drawn, "floes")), kind="refill"))
    if not s.final_phase and not any(s.bag):
        _begin_final_phase(s)


def _begin_final_phase(s: S) -> None:
    """The last floe left the bag: pool the floes and count the turns that remain."""
    s.final_phase = True
    pool = [sum(st[c] for st in s.stands) for c in range(NCOL)]
    s.stands = [pool] + [[0] * NCOL for _ in s.stands[1:]]
    n = s.num_players
    # Play goes on until it is the Winter Queen holder's turn, then everyone plays once more.
    position = (s.current - s.first) % n
    s.turns_left = (n - 1 - position) + n
    s.log.append(Event(MSG("final-phase", floes=amount(sum(pool), "floes"), stand=stand_named(0),
                           turns=s.turns_left), kind="final-phase"))


def _use_book(s: S, a: UseBook, p: int) -> None:
    used = a.book
    entry = _held(s, p, used)
    total = _score_book(s, p, entry, "vp")
    s.books[p].remove(entry)
    s.discarded_books.append(used)
    filled = [c for c in entry[1:] if c >= 0]
    for colour in filled:
        s.discarded[colour] += 1
    s.passes = 0
    s.log.append(Event(MSG("discard", seat=seat(p), book=book(used), vp=vp(total)),
                       kind="discard", player=p))
    if len(filled) == 2 and returnable(s):
        push(s, FloeReturn())
        return
    _end_turn(s)


def _score_book(s: S, p: int, entry: list[int], kind: str) -> int:
    """Score each filled page of ``entry``: one event per page, ``kind`` "vp" for a book
    used during the game, "final-vp" for one applied at final scoring."""
    total = 0
    for side in (0, 1):
        colour = entry[1 + side]
        if colour >= 0:
            gained, why = score_page(s, p, entry[0], side, colour)
            total += gained
            said = MSG("page", rule=effect_rule(entry[0], side), page=page(entry[0], side),
                       floe=floe(colour), why=why)
            _gain(s, p, gained, source_of(entry[0], side), said, kind=kind,
                  item=_BOOK_IDS[entry[0]])
    return total


def _gain(s: S, p: int, n: int, source: int, why: Phrase, *, kind: str, item: str) -> None:
    """``n`` VP for ``p``, counted under ``source`` (``scoring.SOURCES``) as well, and
    logged as a scoring event of that category (``item``: the book or the stand) under the
    rule ``why`` applies."""
    s.vp[p] += n
    s.vp_by[p][source] += n
    s.log.append(Event(MSG("gain", rule=why.rule, seat=seat(p), vp=vp(n), why=why), kind=kind,
                       player=p, vp=n, category=SOURCES[source], item=item))


def _end_turn(s: S) -> None:
    n = s.num_players
    if s.final_phase:
        if s.turns_left == 0:
            _final_scoring(s)
            return
        s.turns_left -= 1
    elif s.passes >= n:
        s.log.append(Event(MSG("stalemate"), kind="stalemate"))
        _final_scoring(s)
        return
    s.current = (s.current + 1) % n


def _final_scoring(s: S) -> None:
    """Every player, from the first one clockwise, applies all books holding a floe."""
    s.log.append(Event(MSG("final-scoring"), kind="final-scoring"))
    n = s.num_players
    for offset in range(n):
        p = (s.first + offset) % n
        for entry in s.books[p]:
            if entry[1] >= 0 or entry[2] >= 0:
                _score_book(s, p, entry, "final-vp")
    s.phase = OVER
    best = max(s.vp)
    winners = tuple(seat(p) for p in range(n) if s.vp[p] == best)
    totals = tuple(MSG("seat-score", seat=seat(p), vp=vp(s.vp[p])) for p in range(n))
    s.log.append(Event(MSG("game-over" if len(winners) == 1 else "game-over-tie",
                           totals=totals, winners=winners), kind="game-over"))


_HANDLERS: dict[type, Callable[[S, Any, int], None]] = {
    PlaceOnBoard: _place_on_board,
    PlaceOnBook: _place_on_book,
    UseBook: _use_book,
    TakeBook: _take_book,
    ReturnFloe: _return_floe,
    Pass: _pass,
}


# -- the turn's second choices, as frames ----------------------------------------------


class WqFrame(Frame, ABC):
    """The second choice of a Winter Queen turn: its legal answers, its refusals and its
    prompt (the answer itself is done by its action's handler, which ends the turn)."""

    __slots__ = ()

    @abstractmethod
    def legal(self, s: S) -> list[Action]:
        """The actions that answer this frame."""

    @abstractmethod
    def check(self, s: S, a: Action) -> None:
        """Raise ``IllegalActionError`` naming the rule unless ``a`` answers the frame."""

    @abstractmethod
    def ask(self, s: S, p: int) -> Decision:
        """What seat ``p`` is deciding, in the game's words."""


@dataclass(frozen=True, slots=True)
class BookChoice(WqFrame):
    """A floe filled a space of ``zone``: the top book of a stack it allows, or none."""

    CODE = TAKE_BOOK
    NAME = "take-book"
    zone: int

    def legal(self, s: S) -> list[Action]:
        return [TAKE[-1], *(TAKE[z] for z in stacks_after(s, self.zone))]

    def check(self, s: S, a: Action) -> None:
        allowed = _options_text(self.legal(s))
        if not isinstance(a, TakeBook):
            raise IllegalActionError(
                f"you placed a floe on a space and now choose a spellbook: {allowed}; not {a}",
                rule="turn.take-book")
        if a.province < 0 or a.province in stacks_after(s, self.zone):
            return
        if self.zone != ROYAL:
            why = (f"a floe placed in the {WQ.zone_name(self.zone)} lets you take a book from "
                   "that province only")
        else:
            why = f"the {WQ.provinces[a.province]} stack is empty"
        raise IllegalActionError(f"{why}; allowed: {allowed}", rule="turn.take-book")

    def ask(self, s: S, p: int) -> Decision:
        stacks = tuple(stack(z) for z in stacks_after(s, self.zone))
        return Decision(MSG("ask-take", stacks=stacks), limit=books_held(s, p))


@dataclass(frozen=True, slots=True)
class FloeReturn(WqFrame):
    """A book with two floes was used: the floe to return from the board to the bag."""

    CODE = RETURN_FLOE
    NAME = "return-floe"

    def legal(self, s: S) -> list[Action]:
        return [RETURN[x] for x in returnable(s)]

    def check(self, s: S, a: Action) -> None:
        if not isinstance(a, ReturnFloe) or a.cell not in returnable(s):
            raise IllegalActionError(
                "after using a book with two floes you return one floe from the board to the "
                "bag (never one depicted on a royal token): "
                f"{_options_text(self.legal(s))}; not {a}", rule="turn.return-floe")

    def ask(self, s: S, p: int) -> Decision:
        return Decision(MSG("ask-return"))


FRAMES: FrameKinds[WqFrame] = FrameKinds([BookChoice, FloeReturn])


def books_held(s: S, p: int) -> Phrase:
    return MSG("limit-books", n=len(s.books[p]), most=books(s.params.max_books))


def step(s: S) -> int:
    """The phase as saved games and the observation say it: ``TAKE_BOOK`` or
    ``RETURN_FLOE`` while a frame is open, else ``MAIN`` or ``OVER``."""
    frame = top(s)
    return s.phase if frame is None else frame.CODE
