"""The seeded random number generator every state carries.

All randomness of a game comes from ``state.rng`` (a ``random.Random``), so the same
seed and the same actions give the same game on any machine.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

from wintergames.core.errors import InvalidOptionError, excerpt

# Seeds are stored as signed 64-bit integers (the server's BigInteger column) and
# written in JSON records: every entrance takes the same range.
SEED_LIMIT = 2 ** 63


def fresh_seed() -> int:
    """A new seed for a game started without one (kept so the game can be replayed)."""
    return secrets.randbits(63)


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to ``SEED_LIMIT - 1``, else
    ``InvalidOptionError``.

    ``random.Random`` would take a text, a float or a negative number (the same game as
    its absolute value), and a record holding one could not be stored or replayed.

    >>> check_seed(7)
    7
    >>> check_seed("abc")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wintergames.core.errors.InvalidOptionError: a seed is a whole number ..., not 'abc'
    """
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEED_LIMIT:
        return seed
    raise InvalidOptionError(f"a seed is a whole number from 0 to 2**63 - 1, not {excerpt(seed)}")


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
