"""Bots: ``wintergames.bots.make(kind, seed=..., **settings)``.

>>> import wintergames as wg
>>> wg.bots.kinds()
['random']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wintergames.bots.base import Bot
from wintergames.bots.random_bot import RandomBot
from wintergames.core.errors import InvalidOptionError

_KINDS: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def kinds() -> list[str]:
    return sorted(_KINDS)


def make(kind: str, seed: int | None = None, **settings: Any) -> Bot:
    """A new bot of ``kind``; unknown kinds and settings raise ``InvalidOptionError``."""
    factory = _KINDS.get(kind)
    if factory is None:
        raise InvalidOptionError(f"no bot kind {kind!r}; kinds: {', '.join(kinds())}")
    try:
        return factory(seed=seed, **settings)
    except TypeError as err:
        raise InvalidOptionError(f"bad settings for bot {kind!r}: {err}") from None


__all__ = ["Bot", "RandomBot", "kinds", "make"]
