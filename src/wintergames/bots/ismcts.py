"""Information-set Monte Carlo tree search (single observer, decoupled at simultaneous steps).

Every iteration searches a fresh ``state.determinize(player, rng)``: what the seat cannot
see is resampled, never read. One tree is shared by all iterations; its edges are
(seat, action) with visit counts, reward sums and availability counts (an action is only
available in the determinizations where it is legal, and UCB uses how often it was).
Returns are vectors, one reward in [0, 1] per seat, so any number of players works.

At a simultaneous step (Snow Time's hidden card choice, ICECOOL's Fire discards) every
seat that owes a choice selects from the same node with its own statistics, without
seeing the others' choices (decoupled UCT); the step's child node is keyed by all the
choices together, which are public once revealed.

Rollouts play random (or, with ``rollout="heuristic"``, mostly heuristic-greedy) moves up
to ``depth`` actions, then score the position with the game's heuristic.

>>> import wintergames as wg
>>> state = wg.make("snow-time", 3, seed=2)
>>> bot = wg.bots.make("ismcts", seed=1, iterations=50)
>>> bot.choose(state, 0) in state.legal_actions(0)
True
"""

from __future__ import annotations

import math
import random
import time
from typing import ClassVar

from wintergames.bots.base import Bot
from wintergames.bots.common import candidates, estimate, margin, rewards, spec_of
from wintergames.bots.limits import Setting
from wintergames.core.actions import Action
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

Choice = tuple[int, Action]


class Node:
    """A node of the search tree: edge statistics and children by the choices made."""

    __slots__ = ("children", "first", "proposals", "stats")

    def __init__(self) -> None:
        self.stats: dict[Choice, list[float]] = {}  # [visits, reward sum, availability]
        self.children: dict[tuple[Choice, ...], Node] = {}
        self.proposals: dict[int, list[Action]] = {}  # sampled-kind candidates per seat
        self.first: dict[int, list[Action]] = {}  # untried actions to expand first, in order


class IsmctsBot(Bot):
    """Information-set MCTS: determinized iterations on one shared tree."""

    kind = "ismcts"
    ABOUT = ("Searches ahead: plays many imagined games from each position, guessing the "
             "cards it cannot see, and picks the move that won most often. The strongest "
             "and slowest.")
    SETTINGS: ClassVar[dict[str, Setting]] = {
        "iterations": Setting("whole", 1, 100_000, about=(
            "How many imagined games it plays out before each move (unless seconds is "
            "set): more play stronger and think longer.")),
        "seconds": Setting("number", 0.001, 60, none=True, about=(
            "How many seconds it thinks about each move instead of counting games; "
            "none counts iterations.")),
        "c": Setting("number", 0, 10, about=(
            "How much it explores moves that looked weak so far rather than deepening "
            "the best ones (UCB exploration).")),
        "rollout": Setting("choice", choices=("random", "heuristic"), about=(
            "How the imagined games are played on: random moves, or mostly the moves "
            "the game's estimate likes best.")),
        "depth": Setting("whole", 0, 200, none=True, about=(
            "How many moves each imagined game is played on before the position is "
            "judged; none plays to the end.")),
        "proposals": Setting("whole", 1, 64, about=(
            "How many promising flicks it tries at each step where a move is a flick "
            "(ICECOOL Wizards); other games ignore it.")),
    }

    def __init__(self, seed: int | None = None, iterations: int = 1000,
                 seconds: float | None = None, c: float = 0.15, rollout: str = "random",
                 depth: int | None = 4, proposals: int = 12) -> None:
        self.check_settings(iterations=iterations, seconds=seconds, c=c, rollout=rollout,
                            depth=depth, proposals=proposals)
        self.rng = random.Random(seed)
        self.iterations, self.seconds = iterations, seconds
        self.c, self.rollout, self.depth, self.proposals = float(c), rollout, depth, proposals
        self.last_iterations = 0  # how many the last choice ran (benchmarks read it)

    # -- the decision ---------------------------------------------------------------

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        """The most visited root action after ``iterations`` (or ``seconds``, counted
        from the call), or by ``deadline`` if that comes first: the search stops there
        and plays its best so far (the best-ranked action if it never iterated)."""
        self.check_turn(state, player)
        self.last_iterations = 0
        if self.seconds is not None:  # the seconds budget covers the whole decision
            own = time.monotonic() + self.seconds
            deadline = own if deadline is None else min(own, deadline)
        spec = spec_of(state)
        root = Node()
        legal = candidates(spec, state, player, self.rng, self.proposals)
        if spec.propose is not None:
            root.proposals[player] = [a for a in legal if a.kind in spec.sampled_kinds]
        if len(legal) == 1:
            return legal[0]
        root.first[player] = self._ranked(spec, state, player, legal, deadline)
        budget = None if self.seconds is not None else self.iterations
        done = 0
        draw = state.determinizer(player)
        while (budget is None or done < budget) and not self.expired(deadline):
            self._iterate(spec, root, draw(self.rng))
            done += 1
        self.last_iterations = done
        allowed = set(legal)
        # Most visited; among equals (a small budget) the better mean, then the better rank.
        rank = {a: i for i, a in enumerate(root.first[player])}
        best = max(((s[0], s[1] / s[0] if s[0] else 0.0, -rank.get(a, 0), a)
                    for (p, a), s in root.stats.items() if p == player and a in allowed),
                   default=None)
        return root.first[player][0] if best is None else best[3]

    def _ranked(self, spec: GameSpec, state: State, player: int,
                legal: list[Action], deadline: float | None = None) -> list[Action]:
        """The seat's actions by one-step heuristic value on one determinization.

        The root expands them in this order, so a budget smaller than the number of
        actions still looks at the most promising ones (and plays like ``greedy``). At
        ``deadline`` the actions not yet valued follow the valued ones, in their order.
        """
        if self.expired(deadline):
            return list(legal)
        world = state.determinize(player, self.rng)
        values = []
        for action in legal:
            if self.expired(deadline):
                break
            after = world.clone()
            after.apply(action, player)
            values.append(margin(estimate(spec, after), player))
        values += [float("-inf")] * (len(legal) - len(values))
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in order]

    # -- one iteration --------------------------------------------------------------

    def _iterate(self, spec: GameSpec, root: Node, world: State) -> None:
        node, path = root, []
        while not world.is_over:
            movers = world.to_move
            choosers = movers if world.simultaneous else movers[:1]
            choices: list[Choice] = []
            expanded = False
            for p in choosers:
                action, new = self._select(spec, node, world, p)
                choices.append((p, action))
                expanded |= new
            for p, action in choices:
                if spec.propose is not None and action.kind in spec.sampled_kinds:
                    world.apply(action, p)  # a proposal, not taken from the legal list
                else:
                    world.apply_legal(action, p)
            path.append((node, choices))
            key = tuple(choices)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
            if expanded:
                break
        reward = self._rollout(spec, world)
        for visited, choices in path:
            for choice in choices:
                stat = visited.stats[choice]
                stat[0] += 1
                stat[1] += reward[choice[0]]

    def _actions(self, spec: GameSpec, node: Node, world: State, p: int) -> list[Action]:
        legal = world.legal_actions(p)
        if spec.propose is None:
            return legal
        kept = [a for a in legal if a.kind not in spec.sampled_kinds]
        if len(kept) == len(legal):
            return legal
        if p not in node.proposals:  # the same candidates every time the node is visited
            node.proposals[p] = spec.propose(world, p, self.rng, self.proposals)
        return kept + node.proposals[p]

    def _select(self, spec: GameSpec, node: Node, world: State, p: int) -> tuple[Action, bool]:
        """UCB over the actions available in this world; an untried one first."""
        stats = node.stats
        untried = []
        best, best_value = None, -1.0
        log_term: list[tuple[Action, list[float]]] = []
        for action in self._actions(spec, node, world, p):
            stat = stats.get((p, action))
            if stat is None:
                untried.append(action)
            else:
                stat[2] += 1
                log_term.append((action, stat))
        if untried:
            first = node.first.get(p)
            if first:
                tried = set(a for (q, a) in stats if q == p)
                action = next((a for a in first if a not in tried and a in untried),
                              untried[self.rng.randrange(len(untried))])
            else:
                action = untried[self.rng.randrange(len(untried))]
            stats[(p, action)] = [0.0, 0.0, 1.0]
            return action, True
        c = self.c
        for action, (visits, total, available) in log_term:
            value = total / visits + c * math.sqrt(math.log(available) / visits)
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best, False

    # -- rollouts ---------------------------------------------------------------------

    def _rollout(self, spec: GameSpec, world: State) -> list[float]:
        self._play_on(spec, world)
        return rewards(spec, world)

    def _play_on(self, spec: GameSpec, world: State) -> None:
        """The imagined game played on from ``world`` for up to ``depth`` actions."""
        steps = 0
        rng = self.rng
        guided = self.rollout == "heuristic"
        while not world.is_over and (self.depth is None or steps < self.depth):
            p = world.to_move[0]
            legal = world.legal_actions(p)
            if guided and len(legal) > 1 and rng.random() < 0.8:
                action = self._best_of_sample(spec, world, p, legal)
            else:
                action = legal[rng.randrange(len(legal))]
            world.apply_legal(action, p)
            steps += 1

    def _best_of_sample(self, spec: GameSpec, world: State, p: int,
                        legal: list[Action]) -> Action:
        sample = self.rng.sample(legal, min(3, len(legal)))
        best, best_value = sample[0], float("-inf")
        for action in sample:
            trial = world.clone()
            trial.apply(action, p)
            value = estimate(spec, trial)[p]
            if value > best_value:
                best, best_value = action, value
        return best
