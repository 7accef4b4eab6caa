"""How good each move of one decision was, judged from the deciding seat's information.

Two searches, both the bots' own, so a review is as strong as the bots and never
stronger than what the seat could know:

- ``ismcts_values``: information-set MCTS from the position, every iteration on a fresh
  ``state.determinize(seat, rng)``. The root keeps, per action of the seat, its visits
  and the mean of every seat's reward (win shares at the end of a played-out game, the
  heuristic's odds where an imagined game stops): so each value is a chance to win. When
  the move played is not the one the search suggests, the two are then measured side by
  side on playouts of their own, each pair from the same determinization and the same
  random stream: the difference the grade rests on is measured, not guessed from two
  noisy means.
- ``flick_values``: where the seat may flick (a point in a continuous range), the flick
  planner's proposals, the seat's other moves and the move played are each simulated on
  a few determinizations and followed through the rest of the seat's turn, then judged
  by the heuristic: expected points, and the chance to win those points give.

>>> import wintergames as wg
>>> state = wg.make("winter-queen", 2, seed=3)
>>> seat = state.to_move[0]
>>> played = state.legal_actions(seat)[0]
>>> found = ismcts_values(state, seat, played, Budget(iterations=40, seed=1))
>>> played in found.values and found.best in found.values
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.bots.common import candidates, estimate, margin, rewards, spec_of
from wintergames.bots.greedy import GreedyBot
from wintergames.bots.ismcts import IsmctsBot, Node
from wintergames.bots.limits import Setting, check
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidOptionError, excerpt
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


@dataclass(frozen=True)
class Budget:
    """How hard a review searches each decision.

    ``iterations``: ISMCTS iterations per decision; ``proposals``: flicks the planner
    tries besides the one played; ``samples``: determinizations each flick is simulated
    on; ``seed``: the search's own random stream (a review never reads the game's).
    """

    iterations: int = 300
    proposals: int = 12
    samples: int = 2
    seed: int = 0

    SETTINGS: ClassVar[dict[str, Setting]] = {
        "iterations": Setting("whole", 10, 20_000, about="ISMCTS iterations per decision"),
        "proposals": Setting("whole", 1, 64, about="flicks tried besides the one played"),
        "samples": Setting("whole", 1, 16, about="hidden-card guesses each flick is tried on"),
        "seed": Setting("whole", 0, 2**63 - 1, about="the search's random stream"),
    }

    def __post_init__(self) -> None:
        check("review", self.SETTINGS, self.to_json(), subject="review budget")

    @classmethod
    def from_json(cls, obj: Any) -> Budget:
        """A budget from a JSON object of some of its settings; an unknown name, or a value
        out of range, raises ``InvalidOptionError`` naming what is allowed (the bots'
        settings' one check)."""
        if not isinstance(obj, dict):
            raise InvalidOptionError(
                f"a review budget is an object of settings, not {excerpt(obj, 40)}")
        check("review", cls.SETTINGS, obj, subject="review budget")
        return cls(**obj)

    def to_json(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.SETTINGS}


@dataclass(frozen=True)
class Valued:
    """The candidate moves of one decision with their values, and the one suggested."""

    values: dict[Action, Value]
    best: Action


@dataclass(frozen=True)
class Value:
    """What one candidate move is worth to the deciding seat.

    ``chances``: every seat's chance to win after it (as the deciding seat estimates),
    the mean of ``playouts`` imagined games (the flick planner: determinizations);
    ``margin``: the mean of the seat's final points less the best other seat's, as
    estimated where each imagined game stopped (alone: its own points);
    ``visits``: how often the search chose it by itself (the move played also gets
    playouts of its own, which do not count here); ``points``: the seat's expected final
    points (flicks only, else None).
    """

    chances: tuple[float, ...]
    margin: float
    visits: int
    playouts: int
    points: float | None = None


class _Analyst(IsmctsBot):
    """ISMCTS that keeps, at the root, each of the seat's actions' reward vectors, and can
    force the root's choice (to measure the move played)."""

    def __init__(self, seed: int, iterations: int, proposals: int) -> None:
        super().__init__(seed=seed, iterations=iterations, proposals=proposals)
        self.root: Node | None = None
        self.seat = 0
        self.forced: Action | None = None
        self.chosen: Action | None = None  # the seat's root choice this iteration
        self.sums: dict[Action, list[float]] = {}
        self.num_players = 0

    def _select(self, spec: GameSpec, node: Node, world: State, p: int) -> tuple[Action, bool]:
        at_root = node is self.root and p == self.seat
        if at_root and self.forced is not None:
            action, new = self.forced, (p, self.forced) not in node.stats
            if new:
                node.stats[(p, action)] = [0.0, 0.0, 1.0]
            else:
                node.stats[(p, action)][2] += 1
        else:
            action, new = super()._select(spec, node, world, p)
        if at_root:
            self.chosen = action
        return action, new

    def _rollout(self, spec: GameSpec, world: State) -> list[float]:
        self._play_on(spec, world)
        values = _points(spec, world)
        reward = rewards(spec, world, values)
        if self.chosen is not None:
            # every seat's reward, then the seat's margin in points
            total = self.sums.setdefault(self.chosen, [0.0] * (len(reward) + 1))
            for p, r in enumerate(reward):
                total[p] += r
            total[-1] += margin(values, self.seat)
        return reward

    def values(self, state: State, seat: int, played: Action) -> Valued:
        spec = spec_of(state)
        self.root, self.seat, self.sums = Node(), seat, {}
        self.num_players = state.num_players
        root = self.root
        legal = candidates(spec, state, seat, self.rng, self.proposals)
        if spec.propose is not None:
            root.proposals[seat] = [a for a in legal if a.kind in spec.sampled_kinds]
        root.first[seat] = self._ranked(spec, state, seat, legal)
        draw = state.determinizer(seat)
        for _ in range(self.iterations):
            self.chosen = None
            self._iterate(spec, root, draw(self.rng))
        searched = {action: self._visits(action) for action in self.sums}
        values = {action: self._value(self.sums[action], searched[action], playouts)
                  for action in self.sums if (playouts := self._visits(action))}
        best = best_of(values, seat, played)
        if best != played:
            values.update(self._paired(spec, state, (best, played), searched))
        return Valued(values, best)

    def _paired(self, spec: GameSpec, state: State, moves: tuple[Action, Action],
                searched: dict[Action, int]) -> dict[Action, Value]:
        """The suggested move and the move played, measured side by side: each pair of
        playouts starts from the same determinization with the same random stream, so
        the hidden cards and the dice that favour one favour the other alike, and the
        difference between the two (what the grade rests on) is measured with far less
        noise than two separate means would give."""
        main, paired = self.rng, {move: [0.0] * (self.num_players + 1) for move in moves}
        pairs = max(32, self.iterations // 4)
        self.sums = paired
        draw = state.determinizer(self.seat)
        try:
            for _ in range(pairs):
                world, stream = draw(main), main.randrange(2**63)
                for move in moves:
                    self.rng, self.forced, self.chosen = random.Random(stream), move, None
                    self._iterate(spec, self.root, world.clone())  # type: ignore[arg-type]
        finally:
            self.rng, self.forced = main, None
        return {move: self._value(paired[move], searched.get(move, 0), pairs)
                for move in moves}

    @staticmethod
    def _value(sums: list[float], visits: int, playouts: int) -> Value:
        """A value from the sums of its playouts: every seat's reward, then the margin."""
        return Value(tuple(s / playouts for s in sums[:-1]), sums[-1] / playouts, visits,
                     playouts)

    def _visits(self, action: Action) -> int:
        assert self.root is not None
        stat = self.root.stats.get((self.seat, action))
        return 0 if stat is None else int(stat[0])


def ismcts_values(state: State, seat: int, played: Action, budget: Budget) -> Valued:
    """Each move the search tried at ``seat``'s decision in ``state``, with its value (the
    move ``played`` always among them), and the move it suggests, chosen before the two
    are measured side by side (so never on the paired measurements themselves).
    ``state`` is only read through ``determinize(seat, ...)`` and the seat's own legal
    actions."""
    analyst = _Analyst(budget.seed, budget.iterations, budget.proposals)
    return analyst.values(state, seat, played)


def flick_values(state: State, seat: int, played: Action, budget: Budget) -> Valued:
    """The flick planner's view of a decision where the seat may flick: the move
    ``played``, the planner's proposed flicks and the seat's other legal moves (a spell,
    a relocation), each simulated on the same ``budget.samples`` determinizations and
    followed through the seat's turn; the suggested move has the best chance, then the
    most points."""
    spec = spec_of(state)
    rng = random.Random(budget.seed)
    moves = [played, *(a for a in candidates(spec, state, seat, rng, budget.proposals)
                       if a != played)]
    planner = GreedyBot(seed=budget.seed, samples=1, proposals=budget.proposals,
                        follow_through=True)
    worlds = [(state.determinize(seat, rng), rng.randrange(2**63))
              for _ in range(budget.samples)]
    values = {}
    for flick in moves:
        chances = [0.0] * state.num_players
        points = ahead = 0.0
        for world, others in worlds:
            after = planner.follow(spec, world, flick, seat, random.Random(others))
            estimated = _points(spec, after)
            for p, share in enumerate(rewards(spec, after, estimated)):
                chances[p] += share / len(worlds)
            points += estimated[seat] / len(worlds)
            ahead += margin(estimated, seat) / len(worlds)
        values[flick] = Value(tuple(chances), ahead, len(worlds), len(worlds), points)
    return Valued(values, best_of(values, seat, played))


def _points(spec: GameSpec, world: State) -> list[float]:
    """Every seat's final points: the scores of a finished game, else the estimate."""
    if world.is_over:
        return [float(x) for x in world.scores()]
    return estimate(spec, world)


def values_of(state: State, seat: int, played: Action, budget: Budget) -> Valued:
    """The values of ``seat``'s candidate moves, and the one suggested: the flick
    planner's where the seat may flick (whatever it played: one decision is judged one
    way), the search's at every other decision."""
    spec = spec_of(state)
    if may_flick(spec, state, seat):
        return flick_values(state, seat, played, budget)
    return ismcts_values(state, seat, played, budget)


def may_flick(spec: GameSpec, state: State, seat: int) -> bool:
    """Whether ``seat``'s legal moves include a sampled kind (a flick) the game proposes."""
    return spec.propose is not None and any(
        a.kind in spec.sampled_kinds for a in state.legal_actions(seat))


def best_of(values: dict[Action, Value], seat: int, played: Action) -> Action:
    """The move the search recommends: a flick with the best chance (then points); else
    the most visited (the mean breaking ties), as the search bot would play."""
    def key(action: Action) -> tuple[float, ...]:
        value = values[action]
        if value.points is not None:
            return (value.chances[seat], value.points, action == played)
        return (value.visits, value.chances[seat], action == played)
    return max(values, key=key)


__all__ = ["Budget", "Value", "Valued", "best_of", "flick_values", "ismcts_values",
           "may_flick", "values_of"]
