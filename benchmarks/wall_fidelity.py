"""How often a flick credits something through a wall (ICECOOL Wizards): should be 0.

Random layouts (half the penguins just off a wall) and random flicks; every hop-free,
on-board flick is judged with the independent geometry of ``tests/physics/wallcheck.py``:
a room, exam space or penguin contact credited that no position of the penguin reached
on its side of the walls, or a penguin resting inside a wall, counts the flick as bad.
Prints one JSON line. Run: ``python benchmarks/wall_fidelity.py [--flicks N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.physics import wallcheck

from wintergames.games.icecool_wizards.components import IW
from wintergames.physics import engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flicks", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board, radius = wallcheck.load_board(), IW.penguin.radius
    samples = wallcheck.disc_samples(radius)
    judged = bad = 0
    kinds: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    for positions, angle, power, spin in wallcheck.random_flicks(board, radius,
                                                                 args.flicks * 2, args.seed):
        if judged == args.flicks:
            break
        result = engine.simulate(IW.table, IW.penguin, positions, 0, angle, power, spin)
        if result.hops or result.off_board:
            continue
        judged += 1
        found = wallcheck.violations(board, radius, result.positions, result.rooms,
                                     result.spots, result.contacts,
                                     [p for p in result.final if p is not None], samples)
        bad += bool(found)
        kinds.update(problem.split(" at ")[0] for problem in found)
    print(json.dumps({
        "bench": "wall_fidelity",
        "game": "icecool-wizards",
        "flicks": judged,
        "through_walls": bad,
        "share": round(bad / max(judged, 1), 4),
        "kinds": dict(kinds),
        "seconds": round(time.perf_counter() - start, 1),
    }), flush=True)


if __name__ == "__main__":
    main()
