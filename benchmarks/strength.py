"""Bot strength: one bot kind against another over many games, seats rotated (the arena).

Prints one JSON line: the tested bot's win share (ties shared) with a 95% Wilson
interval, its fair share (1 / players) and the ratio to it. Games run on
``wintergames.sim.run_arena`` (``--backend ray`` for a cluster) with the seeds this script
has always used (``strength-v1``), so each finished game, also written to standard error
as a JSON line, combines with the lines of earlier runs kept in ``docs/strength/``:
``--combine`` sums such lines from any number of runs (disjoint ``--first`` ranges).
Example::

    python benchmarks/strength.py --game winter-queen --players 2 \\
        --bot ismcts:iterations=1000 --against random --games 200 --workers 2

A bot is ``kind`` or ``kind:key=value;key=value`` as in ``wintergames play --players``.
With more than two players the tested bot plays against ``players - 1`` of ``--against``.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Iterable

from wintergames.sim import Outcome, run_arena, wilson


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--against", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="local", help="local or ray")
    parser.add_argument("--address", help="Ray cluster address (auto, ray://host:port)")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (runs with disjoint ranges combine)")
    parser.add_argument("--combine", nargs="+", metavar="FILE",
                        help="summarize the per-game lines of earlier runs instead of playing")
    args = parser.parse_args()
    if args.combine:
        summarize(args, combined(args, args.combine), wall=0.0)
        return

    def tested_share(o: Outcome) -> float:
        return o.share(o.index % args.players)  # the tested bot's seat in game ``index``

    def line(o: Outcome) -> None:
        print(game_line(args.game, args.players, args.bot, args.against, o.index,
                        tested_share(o), o.seconds), file=sys.stderr, flush=True)

    start = time.perf_counter()
    result = run_arena(args.game, args.players, [args.bot, args.against], args.games,
                       first=args.first, workers=args.workers, backend=args.backend,
                       address=args.address, seeding="strength-v1", on_game=line)
    summarize(args, [(o.index, tested_share(o), o.seconds) for o in result.outcomes],
              wall=time.perf_counter() - start)


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
