"""Jobs for the server's worker processes in tests: module-level functions, so a worker
(a fresh interpreter) imports them by name."""

from __future__ import annotations

import os
import time
from typing import Any

from wintergames.bots.base import Bot
from wintergames.core.actions import Action
from wintergames.core.state import State
from wintergames.server.live import think

HANG = 99_999  # an ISMCTS bot with this many iterations stands for a search that never ends


def started(seconds: float) -> float:
    """When this job started (``time.monotonic()``, one clock for every process), after
    holding its worker ``seconds``."""
    now = time.monotonic()
    time.sleep(seconds)
    return now


def fail(message: str) -> None:
    raise ValueError(message)


def die() -> None:
    os._exit(3)


def pid() -> int:
    return os.getpid()


def think_where(bot: Bot, position: State, seat: int, budget: float
                ) -> tuple[Action, Bot]:
    """``think``, and the bot remembers which process thought."""
    action, after = think(bot, position, seat, budget)
    after.thought_in = os.getpid()  # type: ignore[attr-defined]
    return action, after


def think_or_hang(bot: Bot, position: State, seat: int, budget: float) -> Any:
    """``think``, but a bot set to ``HANG`` iterations never answers (a search that
    ignores its deadline)."""
    if getattr(bot, "iterations", None) == HANG:
        time.sleep(3600)
    return think(bot, position, seat, budget)
