"""How the arena scales: games/s with 1 and 2 local workers, and Ray (started on this
machine) against the local pool with the same number of cores.

Prints one JSON line per figure (targets: 2 workers at least 1.8 times one worker; Ray
within 15% of the pool). Run on an otherwise idle machine::

    python benchmarks/arena_scaling.py [--games 60] [--game winter-queen] \\
        [--bots greedy,random]
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from wintergames.sim import run_arena


def rate(game: str, players: int, bots: list[str], games: int, **backend: object) -> float:
    start = time.perf_counter()
    result = run_arena(game, players, bots, games, seed=1, report=False,
                       **backend)  # type: ignore[arg-type]
    assert len(result.outcomes) == games
    return games / (time.perf_counter() - start)


def emit(**fields: object) -> None:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="winter-queen")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    bots = args.bots.split(",")
    case = {"game": args.game, "players": args.players, "bots": args.bots,
            "games": args.games}
    rate(args.game, args.players, bots, 4, workers=1)  # warm: imports, caches, data files
    one = rate(args.game, args.players, bots, args.games, workers=1)
    two = rate(args.game, args.players, bots, args.games, workers=2)
    emit(bench="arena_scaling", backend="local", **case,
         games_per_s={"1": round(one, 2), "2": round(two, 2)}, speedup=round(two / one, 2))
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        rate(args.game, args.players, bots, 4, backend="ray")  # warm: Ray's workers start
        on_ray = rate(args.game, args.players, bots, args.games, backend="ray")
    finally:
        ray.shutdown()
    emit(bench="arena_scaling", backend="ray-local", **case, cores=2,
         games_per_s=round(on_ray, 2), of_pool=round(on_ray / two, 3))


if __name__ == "__main__":
    main()
