"""The seeded random number generator every state carries.

All randomness of a game comes from ``state.rng`` (a ``random.Random``), so the same
seed and the same actions give the same game on any machine.
"""

from __future__ import annotations

import random
import secrets
from typing import Any


def fresh_seed() -> int:
    """A new seed for a game started without one (kept so the game can be replayed)."""
    return secrets.randbits(63)


def new_rng(seed: int) -> random.Random:
    return random.Random(seed)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in exactly the same state."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(obj: list[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = obj
    rng.setstate((version, tuple(internal), gauss))
    return rng
