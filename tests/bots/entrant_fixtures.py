"""Entry points for the entrant tests: what a researcher's module might hold, good and bad.

Reached as ``"tests.bots.entrant_fixtures:NAME"``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from wintergames.core.actions import Action
from wintergames.core.state import State
from wintergames.rl.session import PolicyBot

# The seeds each factory was called with, in order (tests clear it).
CALLS: list[int] = []
NOT_CALLABLE = 3


class Uniform:
    """A bot by the interface alone (no ``Bot``): a uniform choice from its own seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        actions = state.legal_actions(player)
        return actions[self.rng.randrange(len(actions))]


def make_bot(seed: int) -> Uniform:
    CALLS.append(seed)
    return Uniform(seed)


def make_policy(seed: int) -> PolicyBot:
    """A seeded policy over the RL numbers: a uniform legal index."""
    CALLS.append(seed)
    rng = np.random.default_rng(seed)

    def policy(vector: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return PolicyBot(policy)


def no_seed() -> Uniform:
    return Uniform(0)


def returns_a_number(seed: int) -> int:
    return seed
