"""What search bots share: candidate actions, rewards, and the game's heuristic.

Bots hold no game rules: a game supplies ``GameSpec.heuristic`` (an estimate of every
seat's final score) and, where an action kind only samples a continuous range (a flick),
``GameSpec.propose`` (a few promising actions of that kind).
"""

from __future__ import annotations

import math
import random

from wintergames.core.actions import Action
from wintergames.core.registry import get_spec
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


def spec_of(state: State) -> GameSpec:
    return get_spec(state.game_id)


def candidates(spec: GameSpec, state: State, player: int, rng: random.Random,
               proposals: int) -> list[Action]:
    """The legal actions, with sampled kinds (flicks) replaced by the game's proposals."""
    legal = state.legal_actions(player)
    if spec.propose is None or not spec.sampled_kinds:
        return legal
    kept = [a for a in legal if a.kind not in spec.sampled_kinds]
    if len(kept) == len(legal):
        return legal
    return kept + spec.propose(state, player, rng, proposals)


def estimate(spec: GameSpec, state: State) -> list[float]:
    if spec.heuristic is None:
        return [float(x) for x in state.scores()]
    return spec.heuristic(state)


def win_shares(state: State) -> list[float]:
    """1 shared among the winners of a finished game."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if p in winners else 0.0 for p in range(state.num_players)]


SOLO_SPREAD = 4.0


def rewards(spec: GameSpec, state: State, values: list[float] | None = None) -> list[float]:
    """Each seat's reward in [0, 1]: win shares at the end, else the heuristic's odds.

    The odds are a softmax of the estimated scores in units of ``heuristic_scale``, so a
    seat clearly ahead gets nearly 1 and equal seats share; a lone seat playing against
    the game gets a logistic of its lead over the game's ``par``. ``values``: the
    estimate, where the caller has it already.
    """
    if state.is_over:
        return win_shares(state)
    if values is None:
        values = estimate(spec, state)
    if len(values) == 1 and spec.par is not None:
        # Alone against the game: the odds of beating its score, not a share among seats.
        # Spread wider than a share among seats: a whole game still to play leaves the
        # outcome uncertain by many points, and odds pinned near 0 or 1 would tell no
        # two moves apart.
        ahead = (values[0] - spec.par(state)) / (SOLO_SPREAD * spec.heuristic_scale)
        return [1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, ahead))))]
    top = max(values)
    weights = [math.exp((v - top) / spec.heuristic_scale) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def margin(values: list[float], player: int) -> float:
    """How far ``player`` is ahead of the best other seat."""
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - (max(others) if others else 0.0)
