"""ICECOOL Wizards' state: plain data with a hand-written ``clone``.

Lesson cards are counted per type (``IW.types``) because cards of one type are
interchangeable; exams are indices into ``IW.exams``. Penguins are points in cm (None
before their owner's first turn). The rules live in ``rules.py`` (turn flow),
``cards.py`` (lessons, exams, spells) and ``flicks.py`` (moving penguins).
"""

from __future__ import annotations

import random
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.invariants import check_in_range
from wintergames.core.spec import ScoreBreakdown
from wintergames.core.state import State
from wintergames.games.icecool_wizards import cards, observe, prompts, rules
from wintergames.games.icecool_wizards.actions import CODEC
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.params import Params, params_of
from wintergames.games.icecool_wizards.rules import OVER
from wintergames.games.icecool_wizards.words import MSG
from wintergames.physics.engine import FlickResult
from wintergames.physics.table import Point

_SCALARS = ("current", "phase", "flicks_left", "final_round", "turns", "flicks")
_LISTS = ("board", "lesson_deck", "lesson_discard", "exam_deck", "exam_spaces",
          "collectable", "exams_touched", "penguins_touched", "traded", "fire_queue",
          "fire_choice")


class IcecoolState(State):
    """One game of ICECOOL Wizards. Build it with ``wintergames.make("icecool-wizards")``."""

    game_id = "icecool-wizards"
    turn_rule = "setup.start"  # Player 1 first, then the seats in order
    messages = MSG
    __slots__ = (
        "_last_path",
        "board",
        "collectable",
        "current",
        "exam_deck",
        "exam_spaces",
        "exams",
        "exams_touched",
        "final_round",
        "fire_choice",
        "fire_queue",
        "flicks",
        "flicks_left",
        "lesson_deck",
        "lesson_discard",
        "lessons_down",
        "lessons_up",
        "params",
        "penguins",
        "penguins_touched",
        "phase",
        "traded",
        "turns",
    )

    penguins: list[tuple[float, float] | None]  # per seat; None before its first turn
    lessons_up: list[list[int]]  # per seat, face-up lesson cards per type
    lessons_down: list[list[int]]  # per seat, used spells (face down) per type
    exams: list[list[int]]  # per seat, exams taken
    board: list[int]  # lesson type on each icon's place, -1 if empty
    lesson_deck: list[int]  # top card last
    lesson_discard: list[int]
    exam_deck: list[int]  # top card last
    exam_spaces: list[int]  # exam on each space, -1 if empty
    current: int
    phase: int  # PREP, AFTER or OVER (a Fire spell's discards interrupt either)
    flicks_left: int  # flicks still to make this turn, the current one included
    collectable: list[int]  # icons whose place the last flick lets the player collect from
    exams_touched: list[int]  # exam spaces the last flick touched
    penguins_touched: list[int]  # seats whose penguins the last flick touched
    traded: list[int]  # seats already traded with after the last flick
    fire_queue: list[int]  # seats still to choose a Fire discard (the simultaneous step)
    fire_choice: list[int]  # per seat, its pending Fire discard (cards.pack_discard) or -1
    final_round: bool  # an exam space could not be refilled
    turns: int  # turns completed
    flicks: int  # flicks made in the game
    # The last flick's path as drawn, or the flick's result that draws it when first asked
    # (a search simulates thousands of flicks and draws none): ``last_path``.
    _last_path: tuple[Point, ...] | FlickResult
    # The numbers this game plays with (a what-if overlay applied): made once from the
    # options, shared by every clone (immutable).
    params: Params

    def __init__(self, num_players: int, seed: int | None, options: dict[str, Any]) -> None:
        super().__init__(num_players, options, seed)
        self.params = params_of(options)
        self._last_path = ()
        rules.setup(self)

    @property
    def last_path(self) -> tuple[Point, ...]:
        """The last flick's path, for drawing: every bump and bend (empty before one)."""
        kept = self._last_path
        return kept.path if isinstance(kept, FlickResult) else kept

    def show_flick(self, result: FlickResult) -> None:
        """Keep ``result`` as the last flick, its path drawn when first asked."""
        self._last_path = result

    # -- the State contract ------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return tuple(self.fire_queue) if self.fire_queue else (self.current,)

    @property
    def simultaneous(self) -> bool:
        """A Fire spell's discards: every seat that owes one chooses at once, hidden."""
        return bool(self.fire_queue)

    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _decision(self, player: int) -> Decision:
        return prompts.decision(self, player)

    def _choice(self, action: Action, player: int) -> Choice:
        return prompts.choice(self, action, player)

    def _check(self, action: Action, player: int) -> None:
        rules.check(self, action, player)

    def _do(self, action: Action, player: int) -> None:
        rules.do(self, action, player)

    def scores(self) -> list[int]:
        """Magic Points: exam points plus each lesson card's, face up or down (the parts
        ``score_breakdown`` lists, summed here without building them: views and bots ask
        for scores at every step)."""
        vp = self.params
        exam_vp, up, down = vp.exam_vp, self.lessons_up, self.lessons_down
        return [sum(exam_vp[e] for e in self.exams[p])
                + vp.lesson_vp * sum(up[p]) + vp.spell_vp * sum(down[p])
                for p in range(self.num_players)]

    def cards_held(self, player: int) -> int:
        """Exam and lesson cards of ``player``: the rulebook's tie-break."""
        return len(self.exams[player]) + sum(self.lessons_up[player]) + sum(
            self.lessons_down[player])

    def winners(self) -> list[int]:
        """Most Magic Points; a tie goes to more exam and lesson cards, then is shared."""
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == best]
        most = max(self.cards_held(p) for p in tied)
        return [p for p in tied if self.cards_held(p) == most]

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe.observation(self, player)

    def clone(self) -> IcecoolState:
        new = IcecoolState.__new__(IcecoolState)
        self._copy_base_into(new)
        new.params = self.params
        new.penguins = self.penguins.copy()
        new.lessons_up = [row.copy() for row in self.lessons_up]
        new.lessons_down = [row.copy() for row in self.lessons_down]
        new.exams = [row.copy() for row in self.exams]
        new.board = self.board.copy()
        new.lesson_deck = self.lesson_deck.copy()
        new.lesson_discard = self.lesson_discard.copy()
        new.exam_deck = self.exam_deck.copy()
        new.exam_spaces = self.exam_spaces.copy()
        new.collectable = self.collectable.copy()
        new.exams_touched = self.exams_touched.copy()
        new.penguins_touched = self.penguins_touched.copy()
        new.traded = self.traded.copy()
        new.fire_queue = self.fire_queue.copy()
        new.fire_choice = self.fire_choice.copy()
        new.current = self.current
        new.phase = self.phase
        new.flicks_left = self.flicks_left
        new.final_round = self.final_round
        new.turns = self.turns
        new.flicks = self.flicks
        new._last_path = self._last_path  # immutable, shared: drawn once for all
        return new

    def determinize(self, player: int, rng: random.Random) -> IcecoolState:
        """Resample what the seat cannot see: the deck orders, others' Fire discards, the RNG.

        The decks are sorted before the shuffle, so the result depends only on what the
        seat may know (which cards are in them), never on their true order. Another
        seat's pending Fire discard is drawn from the lessons it holds (public), so only
        *that* it chose carries over, never what.
        """
        new = self.clone()
        new.lesson_deck.sort()
        new.exam_deck.sort()
        rng.shuffle(new.lesson_deck)
        rng.shuffle(new.exam_deck)
        for q, choice in enumerate(new.fire_choice):
            if choice >= 0 and q != player:
                pick = rng.choice(rules.discards(new, q))
                new.fire_choice[q] = cards.pack_discard(pick.card, pick.face_down)
        new.rng = random.Random(rng.getrandbits(64))
        return new

    # -- persistence -------------------------------------------------------------

    def _state_json(self) -> dict[str, Any]:
        # Copies, never the live lists: the caller owns the snapshot (issue 14).
        data: dict[str, Any] = {name: getattr(self, name).copy() for name in _LISTS}
        data.update((name, getattr(self, name)) for name in _SCALARS)
        data["penguins"] = [None if p is None else list(p) for p in self.penguins]
        data["lessons_up"] = [row.copy() for row in self.lessons_up]
        data["lessons_down"] = [row.copy() for row in self.lessons_down]
        data["exams"] = [row.copy() for row in self.exams]
        data["last_path"] = [list(p) for p in self.last_path]
        return data

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> IcecoolState:
        new = cls.__new__(cls)
        actions = [(p, CODEC.from_json(a)) for p, a in obj["actions"]]
        new._load_base(obj, actions)
        new.params = params_of(new.options)
        s = obj["state"]
        new.penguins = [None if p is None else (p[0], p[1]) for p in s["penguins"]]
        new.lessons_up = [list(row) for row in s["lessons_up"]]
        new.lessons_down = [list(row) for row in s["lessons_down"]]
        new.exams = [list(row) for row in s["exams"]]
        for name in _LISTS:
            setattr(new, name, list(s[name]))
        for name in _SCALARS:
            setattr(new, name, s[name])
        new._last_path = tuple((p[0], p[1]) for p in s["last_path"])
        return new


# The rulebook's score in its parts: exam points, then one Magic Point per lesson card,
# face up (a lesson still held) or face down (a spell that was cast).
BREAKDOWN_CATEGORIES = (rules.EXAMS, rules.LESSONS, rules.SPELLS)


def _score_parts(s: IcecoolState) -> list[tuple[int, int, int]]:
    """Per seat: its exams' points, its face-up lessons' and its used spells' (RB "End of
    the Game"; the points are the game's ``params``)."""
    vp = s.params
    return [(sum(vp.exam_vp[e] for e in s.exams[p]), vp.lesson_vp * sum(s.lessons_up[p]),
             vp.spell_vp * sum(s.lessons_down[p]))
            for p in range(s.num_players)]


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's Magic Points by exams, face-up lessons and cast (face-down) spells."""
    assert isinstance(state, IcecoolState)
    return ScoreBreakdown(BREAKDOWN_CATEGORIES, tuple(_score_parts(state)))


def check_invariants(state: State) -> None:
    """The counters in their ranges, and every card in one place."""
    assert isinstance(state, IcecoolState)
    check_in_range("current", state.current, 0, state.num_players - 1, "the seat to play")
    check_in_range("phase", state.phase, rules.PREP, OVER, "a step of the turn")
    check_in_range("flicks_left", state.flicks_left, 0, state.params.most_flicks,
                   "the flicks left this turn, extra-flick spells included")
    # Each turn and each flick is one of the decisions taken.
    taken = len(state.history)
    check_in_range("turns", state.turns, 0, taken, "the turns played, one decision each at least")
    check_in_range("flicks", state.flicks, 0, taken, "the flicks made, one decision each")
    check_components(state)


def check_components(state: State) -> None:
    """Every lesson and exam card is somewhere, exactly once (component conservation)."""
    assert isinstance(state, IcecoolState)
    lessons = [0] * len(IW.types)
    for t in state.board + state.lesson_deck + state.lesson_discard:
        if t >= 0:
            lessons[t] += 1
    for p in range(state.num_players):
        for t in range(len(IW.types)):
            assert state.lessons_up[p][t] >= 0 and state.lessons_down[p][t] >= 0
            lessons[t] += state.lessons_up[p][t] + state.lessons_down[p][t]
    expected = list(state.params.copies)
    assert lessons == expected, f"lesson cards {lessons} != {expected}"
    exams = [e for e in state.exam_spaces if e >= 0] + state.exam_deck
    exams += [e for row in state.exams for e in row]
    assert sorted(exams) == list(range(len(IW.exams))), "an exam card is missing or doubled"
    for p, pos in enumerate(state.penguins):
        assert pos is None or IW.table.on_board(pos), f"penguin {p} is off the board at {pos}"
    icons = [IW.types[t].icon for t in state.board if t >= 0]
    assert len(icons) == len(set(icons)), "two lesson cards of one icon on the board"
    for i, t in enumerate(state.board):
        assert t < 0 or IW.types[t].icon == i, "a lesson card on another icon's place"
