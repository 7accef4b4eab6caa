"""Winter Queen's state: plain data with a hand-written ``clone``.

Floes are colour indices 0..4 (see ``components.WQ.colours``); places that hold
several floes (bag, stands, discard) keep counts per colour, because floes of one
colour are interchangeable. The rules live in ``rules.py``, the effects in
``scoring.py``, the views in ``observe.py``.
"""

from __future__ import annotations

import random
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.errors import InvalidStateError
from wintergames.core.frames import top
from wintergames.core.invariants import check_in_range
from wintergames.core.state import State
from wintergames.games.winter_queen import observe, prompts, rules
from wintergames.games.winter_queen.actions import CODEC
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.params import Params, params_of
from wintergames.games.winter_queen.rules import OVER
from wintergames.games.winter_queen.words import MSG

_SCALARS = ("first", "current", "final_phase", "turns_left", "passes")


class WinterQueenState(State):
    """One game of Winter Queen. Build it with ``wintergames.make("winter-queen", ...)``."""

    game_id = "winter-queen"
    turn_rule = "setup.first-player"  # the Winter Queen token's holder first, then clockwise
    messages = MSG
    __slots__ = (
        "bag",
        "board",
        "book_box",
        "books",
        "box",
        "current",
        "discarded",
        "discarded_books",
        "final_phase",
        "first",
        "fixed",
        "params",
        "passes",
        "pending",
        "phase",
        "reach",
        "royal",
        "stacks",
        "stands",
        "turns_left",
        "vp",
        "vp_by",
    )

    params: Params  # the numbers of this game (its overlay): shared by clones, never changed
    board: list[int]  # colour on each space, -1 if empty (depicted floes included)
    fixed: tuple[bool, ...]  # spaces whose floe is printed on a royal token
    royal: tuple[int, ...]  # token index on each of WQ.royal_cells, -1 for none
    bag: list[int]  # floes in the bag, per colour
    box: tuple[int, ...]  # floes returned to the box at setup, per colour
    stands: list[list[int]]  # floes on each stand, per colour
    reach: tuple[tuple[int, ...], ...]  # stands each player may take from (main phase)
    stacks: list[list[int]]  # book indices per province, top of the stack last
    book_box: tuple[int, ...]  # books left out of the stacks at setup (shorter stacks), unseen
    books: list[list[list[int]]]  # per player: [book, floe on page A, floe on page B]
    discarded: list[int]  # floes that left the game with used books, per colour
    discarded_books: list[int]
    vp: list[int]
    vp_by: list[list[int]]  # per seat, VP per source (scoring.SOURCES); rows sum to vp
    first: int  # holder of the Winter Queen token
    current: int
    phase: int  # MAIN or OVER
    pending: tuple[rules.WqFrame, ...]  # the turn's second choice, while it is open
    final_phase: bool  # the bag ran out
    turns_left: int  # in the final phase: turns still to play after the current one
    passes: int  # consecutive passes, to end a game nobody can move in

    def __init__(self, num_players: int, seed: int | None, options: dict[str, Any]) -> None:
        super().__init__(num_players, options, seed)
        self.params = params_of(options)
        rules.setup(self)

    # -- the State contract ------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _check(self, action: Action, player: int) -> None:
        rules.check(self, action, player)

    def _do(self, action: Action, player: int) -> None:
        rules.do(self, action, player)

    def scores(self) -> list[int]:
        return self.vp.copy()

    def _decision(self, player: int) -> Decision:
        return prompts.decision(self, player)

    def _choice(self, action: Action, player: int) -> Choice:
        return prompts.choice(self, action, player)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe.observation(self, player)

    def clone(self) -> WinterQueenState:
        new = WinterQueenState.__new__(WinterQueenState)
        self._copy_base_into(new)
        new.params = self.params
        new.board = self.board.copy()
        new.fixed = self.fixed
        new.royal = self.royal
        new.bag = self.bag.copy()
        new.box = self.box
        new.stands = [s.copy() for s in self.stands]
        new.reach = self.reach
        new.stacks = [s.copy() for s in self.stacks]
        new.book_box = self.book_box
        new.books = [[b.copy() for b in hand] for hand in self.books]
        new.discarded = self.discarded.copy()
        new.discarded_books = self.discarded_books.copy()
        new.vp = self.vp.copy()
        new.vp_by = [row.copy() for row in self.vp_by]
        new.first = self.first
        new.current = self.current
        new.phase = self.phase
        new.pending = self.pending  # frames are values: shared
        new.final_phase = self.final_phase
        new.turns_left = self.turns_left
        new.passes = self.passes
        return new

    def determinize(self, player: int, rng: random.Random) -> WinterQueenState:
        """Resample what nobody sees: the books under each stack's top and those left in
        the box (with shorter stacks), and the RNG.

        The bag's contents are public (everything else is in sight), only the order of
        draws is not, and that order comes from the RNG.
        """
        new = self.clone()
        # Sorted first: the result must not depend on the true order, only on the cards.
        hidden = sorted([*(b for stack in new.stacks for b in stack[:-1]), *new.book_box])
        rng.shuffle(hidden)
        it = iter(hidden)
        for stack in new.stacks:
            if len(stack) > 1:
                stack[:-1] = [next(it) for _ in stack[:-1]]
        new.book_box = tuple(it)
        new.rng = random.Random(rng.getrandbits(64))
        return new

    # -- persistence -------------------------------------------------------------

    def _state_json(self) -> dict[str, Any]:
        # Copies, never the live lists: the caller owns the snapshot (issue 14).
        return {
            "board": self.board.copy(),
            "fixed": list(self.fixed),
            "royal": list(self.royal),
            "bag": self.bag.copy(),
            "box": list(self.box),
            "stands": [s.copy() for s in self.stands],
            "reach": [list(r) for r in self.reach],
            "stacks": [s.copy() for s in self.stacks],
            "book_box": list(self.book_box),
            "books": [[b.copy() for b in hand] for hand in self.books],
            "discarded": self.discarded.copy(),
            "discarded_books": self.discarded_books.copy(),
            "vp": self.vp.copy(),
            "vp_by": [row.copy() for row in self.vp_by],
            "first": self.first,
            "current": self.current,
            # Saved as before frames: the phase says which choice is open, the zone
            # which books a placement allows.
            "phase": rules.step(self),
            "pending_zone": frame.zone if isinstance(frame := top(self), rules.BookChoice)
            else -1,
            "final_phase": self.final_phase,
            "turns_left": self.turns_left,
            "passes": self.passes,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> WinterQueenState:
        new = cls.__new__(cls)
        actions = [(p, CODEC.from_json(a)) for p, a in obj["actions"]]
        new._load_base(obj, actions)
        new.params = params_of(new.options)
        s = obj["state"]
        new.board = list(s["board"])
        new.fixed = tuple(s["fixed"])
        new.royal = tuple(s["royal"])
        new.bag = list(s["bag"])
        new.box = tuple(s["box"])
        new.stands = [list(x) for x in s["stands"]]
        new.reach = tuple(tuple(r) for r in s["reach"])
        new.stacks = [list(x) for x in s["stacks"]]
        new.book_box = tuple(s["book_box"])
        new.books = [[list(b) for b in hand] for hand in s["books"]]
        new.discarded = list(s["discarded"])
        new.discarded_books = list(s["discarded_books"])
        new.vp = list(s["vp"])
        new.vp_by = [list(row) for row in s["vp_by"]]
        for name in _SCALARS:
            setattr(new, name, s[name])
        step, zone = s["phase"], s["pending_zone"]
        if (zone != -1) != (step == rules.TAKE_BOOK):
            raise InvalidStateError(f"pending_zone {zone!r} in phase {step!r}: a zone while "
                                    "a book is chosen (phase 1), else -1")
        new.phase = step if step in (rules.MAIN, OVER) else rules.MAIN
        new.pending = () if step == new.phase else (
            rules.FRAMES.decode([step, zone] if step == rules.TAKE_BOOK else [step]),)
        return new

    # -- helpers the rules and views share ----------------------------------------

    def stands_of(self, player: int) -> tuple[int, ...] | range:
        """Stands ``player`` may take floes from now."""
        return range(len(self.stands)) if self.final_phase else self.reach[player]

    def floes_accounted(self) -> int:
        """Every floe of the box: bag, stands, board, books, discarded, returned to box."""
        placed = sum(1 for x, c in enumerate(self.board) if c >= 0 and not self.fixed[x])
        on_books = sum((b[1] >= 0) + (b[2] >= 0) for hand in self.books for b in hand)
        return (
            sum(self.bag)
            + sum(map(sum, self.stands))
            + placed
            + on_books
            + sum(self.discarded)
            + sum(self.box)
        )


def check_invariants(state: State) -> None:
    """The counters in their ranges, and every component in one place."""
    assert isinstance(state, WinterQueenState)
    n = state.num_players
    check_in_range("first", state.first, 0, n - 1, "the seat of the Winter Queen token")
    check_in_range("current", state.current, 0, n - 1, "the seat to play")
    check_in_range("phase", state.phase, rules.MAIN, OVER, "the game's phase")
    if len(state.pending) > (0 if state.phase == OVER else 1):
        raise InvalidStateError(f"a turn's second choice is open {state.pending} in phase "
                                f"{state.phase}: at most one, and none once the game is over")
    frame = top(state)
    if isinstance(frame, rules.BookChoice):
        check_in_range("zone", frame.zone, 0, ROYAL, "the zone just filled")
    # The final phase lasts until the token's holder plays, then one more round.
    check_in_range("turns_left", state.turns_left, 0, 2 * n - 1, "the final phase's turns")
    # Passes in a row end the game at one per seat, but not in the final phase, whose
    # turns (up to 2n) may all be passes too.
    check_in_range("passes", state.passes, 0, 3 * n, "the passes in a row")
    check_components(state)


def check_components(state: State) -> None:
    """Every floe and book is somewhere, exactly once (component conservation)."""
    assert isinstance(state, WinterQueenState)
    most = state.params.max_books
    total = state.params.floes_per_colour * len(WQ.colours)
    assert state.floes_accounted() == total, f"{state.floes_accounted()} of {total} floes"
    books = [b for stack in state.stacks for b in stack]
    books += [e[0] for hand in state.books for e in hand] + state.discarded_books
    books += state.book_box
    assert sorted(books) == list(range(len(WQ.books))), "a spellbook is missing or doubled"
    assert all(n >= 0 for n in state.bag) and all(n >= 0 for st in state.stands for n in st)
    assert all(len(hand) <= most for hand in state.books), f"more than {most} spellbooks"
