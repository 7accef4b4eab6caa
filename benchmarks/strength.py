"""Bot strength: one bot kind against another over many games, seats rotated.

Prints one JSON line: the tested bot's win share (ties shared) with a 95% Wilson
interval, its fair share (1 / players) and the ratio to it. Games run in parallel
worker processes. Example::

    python benchmarks/strength.py --game winter-queen --players 2 \\
        --bot ismcts:iterations=1000 --against random --games 200 --workers 2

A bot is ``kind`` or ``kind:key=value;key=value`` as in ``wintergames play --players``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from concurrent.futures import ProcessPoolExecutor

from wintergames.bots import from_text
from wintergames.bots.arena import play_one, wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (runs with disjoint ranges combine)")
    args = parser.parse_args()
    from_text(args.bot), from_text(args.against)  # bad kinds fail before any game
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play_one, *zip(*[
            (args.game, args.players, args.bot, args.against, i)
            for i in range(args.first, args.first + args.games)
        ], strict=True)))
    share = sum(r[0] for r in results) / len(results)
    low, high = wilson(share, len(results))
    fair = 1 / args.players
    print(json.dumps({
        "bench": "strength", "game": args.game, "players": args.players, "bot": args.bot,
        "against": args.against, "games": len(results), "first": args.first,
        "win_share": round(share, 4),
        "ci95": [round(low, 4), round(high, 4)], "fair_share": round(fair, 4),
        "times_fair": round(share / fair, 2),
        "seconds_per_game": round(sum(r[1] for r in results) / len(results), 2),
        "wall_seconds": round(time.perf_counter() - start, 1),
        "python": platform.python_version(),
    }), flush=True)


if __name__ == "__main__":
    main()
