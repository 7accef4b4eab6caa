"""Game review: where one seat won and lost a finished game, decision by decision.

For every decision of the seat that had a real choice (more than one legal action), the
review searches the position from that seat's information only (``analysis.search``)
and compares the move played with the move the search recommends, as the seat's chance
to win: the *drop* is how much chance the move played gave away. A drop of at least
``THRESHOLDS`` grades the move an inaccuracy, a mistake or a blunder; the move the
search recommends is ``best``; anything else ``good``. Everything is data: per
decision, the chances before and after, the best alternative, the grade and the search
spent, plus every seat's chances after each move (the curve), so the terminal, the
browser and the API show the same review.

>>> import wintergames as wg
>>> state = wg.make("winter-queen", 2, seed=2)
>>> bots = [wg.bots.make("greedy", seed=1), wg.bots.make("random", seed=1)]
>>> while not state.is_over:
...     p = state.to_move[0]
...     state.apply(bots[p].choose(state, p), p)
>>> done = review(state.record(), 1, Budget(iterations=20))
>>> done.seat, len(done.decisions) > 0, 0 <= done.accuracy <= 100
(1, True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from wintergames.analysis.search import Budget, values_of
from wintergames.bots.common import SOLO_SPREAD, win_shares
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidSeatError, ReplayError
from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec
from wintergames.core.replay import replay
from wintergames.core.seats import check_seat
from wintergames.core.state import State

# The drop in the chance to win (0..1) from which a move is an inaccuracy, a mistake, a
# blunder: 5, 10 and 15 percentage points, Lichess's (docs/review.md says why).
THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
# The grades in words, the same on every screen (the review's JSON carries them).
GRADE_WORDS = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy",
               "mistake": "Mistake", "blunder": "Blunder"}
FLAGGED = ("inaccuracy", "mistake", "blunder")

Progress = Callable[[int, int], None]  # (decisions judged, decisions in all)


def grade(drop: float, best: bool) -> str:
    """The grade of a move that gave away ``drop`` (0..1) of the chance to win.

    >>> grade(0.0, True), grade(0.03, False), grade(0.06, False), grade(0.16, False)
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    if best:
        return "best"
    worst = "good"
    for name, threshold in THRESHOLDS.items():
        if drop >= threshold - 1e-12:
            worst = name
    return worst


def move_accuracy(drop: float) -> float:
    """How accurate a move was, 0..100, from the chance it gave away: Lichess's curve
    (lila's ``AccuracyPercent``, with its one point for uncertainty), 100 for no loss,
    about 65 for 10 points, about 16 for 40.

    >>> move_accuracy(0.0), round(move_accuracy(0.1), 1), round(move_accuracy(0.4), 1)
    (100.0, 64.6, 15.9)
    """
    percent = 100.0 * max(0.0, drop)
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * percent) - 3.1669 + 1.0))


def even_drop(points: float, scale: float) -> float:
    """The chance to win that losing ``points`` costs a seat level with another, where
    ``scale`` points make a clear difference (the game's heuristic scale): the odds the
    search itself gives a lead, 1 / (1 + e^(-lead / scale)).

    A move is graded by the larger of the two drops: the seat's own chance to win, and
    this one. So in a game already decided, where the chance to win no longer moves, a
    move that throws points away is still seen.

    >>> round(even_drop(0.0, 5.0), 3), round(even_drop(5.0, 5.0), 3)
    (0.0, 0.231)
    """
    return 0.5 - 1.0 / (1.0 + math.exp(min(50.0, max(0.0, points) / scale)))


def certainty_fade(before: float) -> float:
    """How much of the points lost count, for a seat whose chance to win was ``before``:
    all of them while the game is open or lost (a seat behind still plays for its score
    and rank), fading to none as its win becomes certain: a seat sure to win gives
    nothing away by conceding points, and a search bot, playing to win, does concede them.

    >>> certainty_fade(0.1), certainty_fade(0.5), certainty_fade(0.75), certainty_fade(1.0)
    (1.0, 1.0, 0.5, 0.0)
    """
    return max(0.0, min(1.0, 2.0 * (1.0 - before)))


@dataclass(frozen=True)
class Move:
    """A move as people read it: its JSON, its notation, and (where the game words it)
    its label and one-line explanation as phrase views."""

    action: dict[str, Any]
    text: str
    label: dict[str, Any] | None = None
    explain: dict[str, Any] | None = None

    @classmethod
    def of(cls, action: Action, words: dict[Action, Any]) -> Move:
        choice = words.get(action)
        return cls(action.to_json(), str(action),
                   None if choice is None else choice.label.view(),
                   None if choice is None else choice.explain.view())


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat, judged."""

    step: int  # the position after this many actions of the record
    prompt: dict[str, Any] | None  # what was decided (the decision's view)
    played: Move
    best: Move
    before: float  # the seat's chance to win with the suggested move
    after: float  # with the move played (above ``before`` if it measured better)
    drop: float  # the chance to win it gave away (see ``even_drop``)
    points_lost: float  # the points of margin it gave away, as estimated
    grade: str
    chances: list[float]  # every seat's chance after the move played
    best_chances: list[float]  # and after the best move
    method: str  # "search" (ISMCTS) or "flick planner"
    candidates: int  # moves valued
    playouts: int  # imagined games behind the value of the move played
    points_played: float | None = None  # flicks: the seat's expected final points
    points_best: float | None = None

    @property
    def flagged(self) -> bool:
        return self.grade in FLAGGED


@dataclass(frozen=True)
class Review:
    """The review of one seat's play in one finished game."""

    game: str
    num_players: int
    seat: int
    budget: dict[str, int]
    steps: int  # actions in the game
    decisions: list[Judged]
    outcome: list[float]  # every seat's share of the win at the end
    seconds: float = 0.0
    thresholds: dict[str, float] = field(default_factory=lambda: dict(THRESHOLDS))

    @property
    def accuracy(self) -> float:
        """The mean accuracy of the seat's decisions (100 with none to judge)."""
        if not self.decisions:
            return 100.0
        return sum(move_accuracy(d.drop) for d in self.decisions) / len(self.decisions)

    def counts(self) -> dict[str, int]:
        """How many decisions got each grade."""
        out = dict.fromkeys(GRADES, 0)
        for d in self.decisions:
            out[d.grade] += 1
        return out

    def worst(self, n: int | None = None) -> list[Judged]:
        """The flagged decisions, the largest drop first (the earlier among equals)."""
        flagged = sorted((d for d in self.decisions if d.flagged),
                         key=lambda d: (-d.drop, d.step))
        return flagged if n is None else flagged[:n]

    def curve(self) -> list[tuple[int, list[float]]]:
        """Every seat's chance to win after each judged move, then the outcome (when the
        game's last move was judged, its estimate and the outcome share the last step:
        the browser's chart draws the same points)."""
        return [(d.step + 1, d.chances) for d in self.decisions] + [(self.steps, self.outcome)]

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["format"] = "wintergames-review"
        out["accuracy"] = round(self.accuracy, 2)
        out["counts"] = self.counts()
        out["worst"] = [d.step for d in self.worst()]
        out["seat_name"] = seat_name(self.seat)
        out["seat_names"] = [seat_name(p) for p in range(self.num_players)]
        out["grade_words"] = GRADE_WORDS
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Review:
        fields = {k: v for k, v in obj.items()
                  if k in cls.__dataclass_fields__ and k != "decisions"}
        decisions = [Judged(**{**d, "played": Move(**d["played"]), "best": Move(**d["best"])})
                     for d in obj["decisions"]]
        return cls(decisions=decisions, **fields)


def judge(state: State, seat: int, played: Action, step: int, budget: Budget) -> Judged:
    """``seat``'s decision in ``state`` (where it played ``played``), judged by a search
    that only sees what the seat sees: ``state`` is read through
    ``determinize(seat, ...)``, the seat's own legal actions and their words."""
    spec = get_spec(state.game_id)
    found = values_of(state, seat, played, budget)
    values, best = found.values, found.best
    mine, top = values[played], values[best]
    lost = max(0.0, top.margin - mine.margin)
    # A seat alone plays against its par, and the search spreads its odds wider there
    # (``bots.common.rewards``): the points lost are read on that same spread.
    scale = spec.heuristic_scale * (SOLO_SPREAD if state.num_players == 1 else 1.0)
    drop = max(top.chances[seat] - mine.chances[seat],
               even_drop(lost, scale) * certainty_fade(max(top.chances[seat],
                                                           mine.chances[seat])))
    words = dict(state.choices(seat, spec.sampled_kinds))
    decision = state.decision(seat)
    return Judged(
        step=step, prompt=None if decision is None else decision.view(),
        played=Move.of(played, words), best=Move.of(best, words),
        before=top.chances[seat], after=mine.chances[seat],
        drop=max(0.0, drop), points_lost=lost, grade=grade(drop, best == played),
        chances=list(mine.chances), best_chances=list(top.chances),
        method="flick planner" if mine.points is not None else "search",
        candidates=len(values), playouts=mine.playouts,
        points_played=mine.points, points_best=top.points)


def _finished(record: dict[str, Any], seat: Any) -> State:
    end = replay(record)
    try:
        check_seat(seat, end.num_players)
    except InvalidSeatError as err:
        raise InvalidSeatError(f"a review is of one seat of the game: {err}") from None
    if not end.is_over:
        movers = " and ".join(seat_name(p) for p in end.to_move)
        raise ReplayError(
            f"a review is made once the game is over; this record stops after "
            f"{_actions(len(record['actions']))} with {movers} to move")
    return end


def _actions(n: int) -> str:
    return f"{n} action" if n == 1 else f"{n} actions"


def _positions(record: dict[str, Any], seat: int) -> Iterator[tuple[int, State, Action]]:
    """Each (step, position, move played) where ``seat`` had a real choice."""
    spec = get_spec(record["game"])
    state = replay(record, upto=0)
    for step, (player, obj) in enumerate(record["actions"]):
        action = spec.action_from_json(obj)
        if player == seat and (action.kind in spec.sampled_kinds
                               or len(state.legal_actions(seat)) > 1):
            yield step, state, action
        state.apply(action, player)


def choice_steps(record: dict[str, Any], seat: int) -> list[int]:
    """The steps of a finished game where ``seat`` had a real choice (what a review
    judges, and what its progress counts)."""
    _finished(record, seat)
    return [step for step, _, _ in _positions(record, seat)]


def _seed(budget: Budget, step: int) -> int:
    """Each decision's own search seed: the same whatever part of a review it is in."""
    return random.Random(f"{budget.seed}:{step}").randrange(2**63)


def judge_steps(record: dict[str, Any], seat: int, steps: list[int], budget: Budget,
                progress: Progress | None = None) -> list[Judged]:
    """The decisions of ``seat`` at ``steps`` (some of ``choice_steps``) judged."""
    wanted = set(steps)
    judged: list[Judged] = []
    for step, state, action in _positions(record, seat):
        if step > max(wanted, default=-1):
            break
        if step in wanted:
            own = Budget(**{**budget.to_json(), "seed": _seed(budget, step)})
            judged.append(judge(state, seat, action, step, own))
            if progress is not None:
                progress(len(judged), len(wanted))
    return judged


def assemble(record: dict[str, Any], seat: int, judged: list[Judged], budget: Budget,
             seconds: float = 0.0) -> Review:
    """The review made of the judged decisions (in the order of the game)."""
    end = _finished(record, seat)
    return Review(game=record["game"], num_players=end.num_players, seat=seat,
                  budget=budget.to_json(), steps=len(record["actions"]),
                  decisions=sorted(judged, key=lambda d: d.step),
                  outcome=win_shares(end), seconds=round(seconds, 3))


def review(record: dict[str, Any], seat: int, budget: Budget | None = None,
           progress: Progress | None = None) -> Review:
    """The review of ``seat``'s play in the finished game of ``record``.

    ``budget`` sets the search per decision (``Budget()`` by default); ``progress`` is
    called with (decisions judged, decisions in all) after each. An unfinished game, or
    a seat that is not in it, is refused with the reason.
    """
    budget = budget or Budget()
    started = time.process_time()
    steps = choice_steps(record, seat)
    judged = judge_steps(record, seat, steps, budget, progress)
    return assemble(record, seat, judged, budget, time.process_time() - started)


__all__ = ["FLAGGED", "GRADES", "GRADE_WORDS", "THRESHOLDS", "Judged", "Move", "Review",
           "assemble", "certainty_fade", "choice_steps", "even_drop", "grade",
           "judge", "judge_steps", "move_accuracy", "review"]
