"""Bots against bots: one game with seats rotated, and the statistics of many.

>>> share, seconds = play_one("winter-queen", 2, "greedy", "random", 0)
>>> share in (0.0, 0.5, 1.0)
True
>>> low, high = wilson(0.9, 200); round(low, 3), round(high, 3)
(0.851, 0.934)
"""

from __future__ import annotations

import math
import time

from wintergames.bots import from_text
from wintergames.core.registry import make


def play_one(game: str, players: int, bot: str, against: str, index: int) -> tuple[float, float]:
    """Game ``index``: ``bot`` in seat ``index % players``, ``against`` in the others.

    Bots are ``kind`` or ``kind:key=value;...``. Returns the tested bot's win share (1
    shared among the winners) and the game's seconds.
    """
    seat = index % players
    seats = [from_text(bot if p == seat else against, seed=index * 100 + p)
             for p in range(players)]
    state = make(game, players, seed=10_000 + index)
    start = time.perf_counter()
    while not state.is_over:
        p = state.to_move[0]
        state.apply(seats[p].choose(state, p), p)
    winners = state.winners()
    return (1.0 / len(winners) if seat in winners else 0.0), time.perf_counter() - start


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` observed over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
