"""Bot strength: one bot kind against another over many games, seats rotated.

Prints one JSON line: the tested bot's win share (ties shared) with a 95% Wilson
interval, its fair share (1 / players) and the ratio to it. Games run in parallel
worker processes; each finished game is also written to standard error as a JSON line,
so a long run that is stopped keeps its games, and ``--combine`` sums such lines from
any number of runs (disjoint ``--first`` ranges). Example::

    python benchmarks/strength.py --game winter-queen --players 2 \\
        --bot ismcts:iterations=1000 --against random --games 200 --workers 2

A bot is ``kind`` or ``kind:key=value;key=value`` as in ``wintergames play --players``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from wintergames.bots import from_text
from wintergames.bots.arena import game_line, play_one, read_games, wilson


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
    parser.add_argument("--combine", nargs="+", metavar="FILE",
                        help="summarize the per-game lines of earlier runs instead of playing")
    args = parser.parse_args()
    if args.combine:
        summarize(args, combined(args, args.combine), wall=0.0)
        return
    from_text(args.bot), from_text(args.against)  # bad kinds fail before any game
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(play_one, args.game, args.players, args.bot, args.against, i): i
                   for i in range(args.first, args.first + args.games)}
        for future in as_completed(futures):
            share, seconds = future.result()
            results.append((futures[future], share, seconds))
            print(game_line(args.game, args.players, args.bot, args.against,
                            futures[future], share, seconds), file=sys.stderr, flush=True)
    summarize(args, results, wall=time.perf_counter() - start)


def combined(args: argparse.Namespace, files: list[str]) -> list[tuple[int, float, float]]:
    lines: list[str] = []
    for name in files:
        with open(name) as f:
            lines += f.readlines()
    games = read_games(lines, args.game, args.players, args.bot, args.against)
    if not games:
        raise SystemExit(f"no games of {args.bot} against {args.against} in {files}")
    return games


def summarize(args: argparse.Namespace, results: list[tuple[int, float, float]],
              wall: float) -> None:
    share = sum(r[1] for r in results) / len(results)
    low, high = wilson(share, len(results))
    fair = 1 / args.players
    print(json.dumps({
        "bench": "strength", "game": args.game, "players": args.players, "bot": args.bot,
        "against": args.against, "games": len(results),
        "first": min(r[0] for r in results), "last": max(r[0] for r in results),
        "win_share": round(share, 4),
        "ci95": [round(low, 4), round(high, 4)], "fair_share": round(fair, 4),
        "times_fair": round(share / fair, 2),
        "seconds_per_game": round(sum(r[2] for r in results) / len(results), 2),
        "wall_seconds": round(wall, 1),
        "python": platform.python_version(),
    }), flush=True)

if __name__ == "__main__":
    main()
