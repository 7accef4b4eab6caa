"""Greedy bots: one step of lookahead on the game's own heuristic.

``greedy`` applies each candidate action to a few determinizations of what its seat
sees (hidden choices of others and the coming draws resampled, never peeked), fills in
the other seats' pending simultaneous choices at random, and keeps the action whose
position the heuristic likes best (own estimate minus the best other seat's).

``flick`` is the same with the game's proposed flicks as candidates, each simulated by
the physics engine, and it follows each one through the rest of its own turn (collect,
exams, trades) greedily before judging it: the ICECOOL Wizards flick planner.

>>> import wintergames as wg
>>> state = wg.make("winter-queen", 2, seed=3)
>>> bot = wg.bots.make("greedy", seed=1)
>>> player = state.to_move[0]
>>> bot.choose(state, player) in state.legal_actions(player)
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from wintergames.bots.base import Bot
from wintergames.bots.common import candidates, estimate, margin, spec_of, win_shares
from wintergames.bots.limits import Setting, check
from wintergames.core.actions import Action
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

WIN = 1000.0  # a won game is worth more than any margin


class GreedyBot(Bot):
    """One step of lookahead on the game's heuristic, averaged over a few determinizations."""

    kind = "greedy"
    ABOUT = ("Looks one move ahead: tries each move it may make and keeps the one that "
             "leaves it furthest ahead by the game's own estimate. Quick and fair.")
    SETTINGS: ClassVar[dict[str, Setting]] = {
        "samples": Setting("whole", 1, 16, about=(
            "How many guesses at the cards it cannot see each move is tried against: "
            "more guesses judge more surely and think longer.")),
        "proposals": Setting("whole", 1, 64, about=(
            "How many promising flicks it tries where a move is a flick (ICECOOL "
            "Wizards); other games ignore it.")),
        "follow_through": Setting("flag", about=(
            "When true, it plays out the rest of its own turn before judging a move, "
            "instead of judging the move alone.")),
    }

    def __init__(self, seed: int | None = None, samples: int = 2, proposals: int = 24,
                 follow_through: bool = False) -> None:
        check(self.kind, GreedyBot.SETTINGS, {"samples": samples, "proposals": proposals,
                                              "follow_through": follow_through})
        self.rng = random.Random(seed)
        self.samples, self.proposals = samples, proposals
        self.follow_through = follow_through
        self.last_evaluated = 0  # candidates the last choice judged on every sample

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        """The candidate the heuristic likes best; at ``deadline`` (checked between
        samples) the best one judged so far, or the first candidate if none was."""
        self.check_turn(state, player)
        self.last_evaluated = 0
        spec = spec_of(state)
        actions = candidates(spec, state, player, self.rng, self.proposals)
        if len(actions) == 1:
            return actions[0]
        self.rng.shuffle(actions)  # ties go to a random one of the best
        worlds: list[tuple[State, int | None]] = []
        for _ in range(self.samples):
            if self.expired(deadline):
                break
            world = state.determinize(player, self.rng)
            # At a simultaneous step the others' unknown choices are drawn once per world,
            # the same for every candidate: candidates are compared on equal terms, as
            # they are for the seat that chooses last, whose world already holds them.
            worlds.append((world, self.rng.randrange(2**63) if state.simultaneous else None))
        best, best_value = actions[0], float("-inf")
        if not worlds:
            return best
        for action in actions:
            value = 0.0
            for world, others in worlds:
                if self.expired(deadline):
                    return best
                value += self._value(spec, world, action, player, deadline, others)
            self.last_evaluated += 1
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, spec: GameSpec, world: State, action: Action, player: int,
               deadline: float | None = None, others: int | None = None) -> float:
        after = self.follow(spec, world, action, player,
                            self.rng if others is None else random.Random(others), deadline)
        if after.is_over:
            return WIN * win_shares(after)[player] + margin(
                [float(x) for x in after.scores()], player)
        return margin(estimate(spec, after), player)

    def follow(self, spec: GameSpec, world: State, action: Action, player: int,
               others: random.Random, deadline: float | None = None) -> State:
        """A copy of ``world`` after ``action``: the other seats' pending hidden choices
        drawn from ``others``, and (with ``follow_through``) the rest of the seat's turn
        played greedily. ``world`` is left as it was."""
        after = world.clone()
        after.apply(action, player)
        self._others_choose(after, player, others)
        if self.follow_through:
            self._finish_turn(spec, after, player, deadline)
        return after

    @staticmethod
    def _others_choose(state: State, player: int, rng: random.Random) -> None:
        """Other seats' hidden choices at a simultaneous step: unknown, so random."""
        while state.simultaneous and not state.is_over:
            others = [p for p in state.to_move if p != player]
            if not others:
                return
            p = others[0]
            legal = state.legal_actions(p)
            state.apply(legal[rng.randrange(len(legal))], p)

    def _finish_turn(self, spec: GameSpec, state: State, player: int,
                     deadline: float | None = None) -> None:
        """The seat's own follow-up decisions, greedily, up to its next sampled one."""
        step = GreedyBot(samples=1, proposals=self.proposals)
        step.rng = self.rng
        for _ in range(20):  # a turn has few follow-ups; the bound guards a loop
            if state.is_over or state.to_move != (player,) or state.simultaneous:
                return
            legal = state.legal_actions(player)
            if any(a.kind in spec.sampled_kinds for a in legal):
                return
            state.apply(step.choose(state, player, deadline), player)


class FlickBot(GreedyBot):
    """Greedy over proposed flicks, each followed through the rest of the turn."""

    kind = "flick"
    ABOUT = ("A flick planner: tries a few promising flicks in the physics engine, plays "
             "out the rest of its turn after each and keeps the best. It plays only games "
             "whose moves include flicks.")
    NEEDS = "it plans flicks, and only a game whose moves include flicks has them"
    # greedy's settings, less the one a flick planner always has on
    SETTINGS: ClassVar[dict[str, Setting]] = {
        name: setting for name, setting in GreedyBot.SETTINGS.items()
        if name != "follow_through"}

    @classmethod
    def plays(cls, spec: GameSpec) -> bool:
        """Only a game with flicks (sampled kinds the game proposes): elsewhere it would be
        greedy under another name."""
        return bool(spec.sampled_kinds) and spec.propose is not None

    def __init__(self, seed: int | None = None, samples: int = 1, proposals: int = 24) -> None:
        self.check_settings(samples=samples, proposals=proposals)
        super().__init__(seed=seed, samples=samples, proposals=proposals, follow_through=True)
