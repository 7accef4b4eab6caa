"""Flick simulation speed (ICECOOL Wizards on pymunk): flicks/s and simulated/wall time.

Positions come from random games; each is flicked with every 6th flick of the grid.
Prints one JSON line. Run: ``python benchmarks/physics.py [--flicks N]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import wintergames as wg
from wintergames.games.icecool_wizards.actions import GRID
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.state import IcecoolState
from wintergames.physics import simulate
from wintergames.physics.engine import clear_memo


def positions(count: int) -> list[tuple[list[tuple[float, float] | None], int]]:
    """Penguin layouts (and the seat to flick) met in random 4-player games."""
    rng = random.Random(7)
    found: list[tuple[list[tuple[float, float] | None], int]] = []
    seed = 0
    while len(found) < count:
        state = wg.make("icecool-wizards", 4, seed=seed)
        assert isinstance(state, IcecoolState)
        seed += 1
        while not state.is_over and len(found) < count:
            player = state.to_move[0]
            actions = state.legal_actions(player)
            if state.phase == 0 and rng.random() < 0.2:  # before a flick
                found.append((list(state.penguins), player))
            state.apply(actions[rng.randrange(len(actions))], player)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--flicks", type=int, default=3000)
    args = parser.parse_args()
    layouts = positions(max(1, args.flicks // 48))
    flicks = [GRID[i] for i in range(0, len(GRID), 6)]
    simulated, steps, done = 0.0, 0, 0
    start = time.perf_counter()
    for layout, mover in layouts:
        for f in flicks:
            clear_memo()  # the physics itself, never a kept result
            result = simulate(IW.table, IW.penguin, layout, mover, f.angle_deg, f.power, f.spin)
            simulated += result.time
            steps += result.steps
            done += 1
    elapsed = time.perf_counter() - start
    print(json.dumps({
        "bench": "physics_flicks",
        "game": "icecool-wizards",
        "flicks": done,
        "flicks_per_s": round(done / elapsed, 1),
        "ms_per_flick": round(elapsed / done * 1e3, 3),
        "simulated_s_per_flick": round(simulated / done, 3),
        "steps_per_s": round(steps / elapsed),
        "faster_than_real_time": round(simulated / elapsed, 1),
        "python": platform.python_version(),
        "pymunk": __import__("pymunk").version,
    }), flush=True)


if __name__ == "__main__":
    main()
