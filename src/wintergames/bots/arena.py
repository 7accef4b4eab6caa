"""Bots against bots: one game with seats rotated, and the statistics of many.

>>> share, seconds = play_one("winter-queen", 2, "greedy", "random", 0)
>>> share in (0.0, 0.5, 1.0)
True
>>> low, high = wilson(0.9, 200); round(low, 3), round(high, 3)
(0.851, 0.934)
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable

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


def game_line(game: str, players: int, bot: str, against: str, index: int, share: float,
              seconds: float) -> str:
    """One finished game as a JSON line (``read_games`` reads it back)."""
    return json.dumps({"game": game, "players": players, "bot": bot, "against": against,
                       "index": index, "share": share, "seconds": round(seconds, 2)})


def read_games(lines: Iterable[str], game: str, players: int, bot: str,
               against: str) -> list[tuple[int, float, float]]:
    """(index, share, seconds) of the match's games among ``lines``, each index once.

    Other lines (other matches, summaries, anything not JSON) are passed over, so the
    standard error of several runs may be given whole.

    >>> line = game_line("snow-time", 2, "greedy", "random", 7, 1.0, 3.2)
    >>> read_games([line, "noise", line], "snow-time", 2, "greedy", "random")
    [(7, 1.0, 3.2)]
    """
    games: dict[int, tuple[int, float, float]] = {}
    for line in lines:
        if not line.startswith("{"):
            continue
        g = json.loads(line)
        if g.get("index") is not None and (g.get("game"), g.get("players"), g.get("bot"),
                                           g.get("against")) == (game, players, bot, against):
            games[g["index"]] = (g["index"], float(g["share"]), float(g["seconds"]))
    return sorted(games.values())

