"""A researcher's policy module, as the arena's entrant tests reach it:
``--bots tests.sim.policy:make`` (an entry point) or a ``Policy`` object from Python.

It knows nothing of the arena: an object with ``choose(state, player)`` and a factory
that takes the seed.
"""

from __future__ import annotations

import random

from wintergames.core.actions import Action
from wintergames.core.state import State

# Each seed the factory was called with, in this process (the tests read and clear it).
SEEDS: list[int] = []


class Policy:
    """The bot interface alone (no ``wintergames.bots.Bot``): the last legal action, or
    with ``wander`` a random one as often, from its own seeded generator."""

    def __init__(self, seed: int, wander: float = 0.0, name: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.wander = wander
        if name is not None:
            self.name = name

    def choose(self, state: State, player: int) -> Action:
        actions = state.legal_actions(player)
        if self.rng.random() < self.wander:
            return actions[self.rng.randrange(len(actions))]
        return actions[-1]


def make(seed: int) -> Policy:
    """The entry point: a policy of this seat's seed."""
    SEEDS.append(seed)
    return Policy(seed, wander=0.5)


def broken(seed: int) -> Policy:
    """An entry point whose factory fails, as a researcher's may (a missing model file)."""
    raise FileNotFoundError(f"no weights for seed {seed}")
