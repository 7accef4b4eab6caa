"""How the arena scales: games/s with 1 and 2 local workers, and Ray (started on this
machine) against the local pool with the same number of cores.

Prints one JSON line per figure (targets: 2 workers at least 1.8 times one worker; Ray
within 15% of the pool). Each measurement runs in a fresh process (none inherits another's
warm caches or heap) and is repeated; the median counts. Run on an otherwise idle machine::

    python benchmarks/arena_scaling.py [--games 200] [--game winter-queen] \\
        [--bots greedy,random] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from typing import Any


def measure(args: argparse.Namespace, backend: str, workers: int) -> float:
    """Games/s of one run in this process (called in a fresh one by ``rate``)."""
    from wintergames.sim import run_arena

    bots = args.bots.split(",")
    settings: dict[str, Any] = {"workers": workers, "backend": backend}
    if backend == "ray":
        import ray

        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        settings = {"backend": "ray"}
    run_arena(args.game, args.players, bots, 4, seed=2, report=False, **settings)
    start = time.perf_counter()
    run_arena(args.game, args.players, bots, args.games, seed=1, report=False, **settings)
    return args.games / (time.perf_counter() - start)


def rate(args: argparse.Namespace, backend: str, workers: int) -> float:
    """The median games/s of ``--repeat`` runs, each in a fresh process."""
    found = []
    for _ in range(args.repeat):
        out = subprocess.run(
            [sys.executable, __file__, "--measure", f"{backend}:{workers}", "--game", args.game,
             "--players", str(args.players), "--bots", args.bots, "--games", str(args.games)],
            capture_output=True, text=True, check=True).stdout
        found.append(float(out.strip().splitlines()[-1]))
    return statistics.median(found)


def emit(**fields: object) -> None:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="winter-queen")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        backend, workers = args.measure.split(":")
        print(measure(args, backend, int(workers)))
        return
    case = {"game": args.game, "players": args.players, "bots": args.bots,
            "games": args.games, "repeats": args.repeat}
    one, two = rate(args, "local", 1), rate(args, "local", 2)
    emit(bench="arena_scaling", backend="local", **case,
         games_per_s={"1": round(one, 2), "2": round(two, 2)}, speedup=round(two / one, 2))
    on_ray = rate(args, "ray", 2)
    emit(bench="arena_scaling", backend="ray-local", **case, cores=2,
         games_per_s=round(on_ray, 2), of_pool=round(on_ray / two, 3))


if __name__ == "__main__":
    main()
