"""Flicks whose results are recorded: a stored ICECOOL game replays its actions through
the physics, so a flick must give the same result, to the last bit, in every version.

``python -m tests.physics.recorded > tests/physics/data/recorded_flicks.json`` records
them anew; only a deliberate change of the physics (which changes every stored game's
replay) may do that, and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from wintergames.games.icecool_wizards.components import IW
from wintergames.physics import FlickResult, engine, simulate


def fingerprint(r: FlickResult) -> str:
    """Every outcome of a flick, the whole trail included, as exact text, hashed."""
    text = repr((r.final, r.steps, r.time, r.hops, r.contacts, sorted(r.rooms),
                 sorted(r.doorways), sorted(r.spots), sorted(r.touched), sorted(r.off_board),
                 r.trail.tobytes().hex()))
    return hashlib.sha256(text.encode()).hexdigest()


def flicks(count: int = 60, seed: int = 2026) -> list[dict[str, Any]]:
    """Varied flicks: one to four penguins, soft and hard, spun both ways; a third of
    them bump another penguin or hop a wall (what a plain slide never exercises)."""
    rng = random.Random(seed)
    rare: list[dict[str, Any]] = []
    plain: list[dict[str, Any]] = []
    while len(rare) < count // 3 or len(plain) < count - count // 3:
        positions = [(round(rng.uniform(2, 70), 3), round(rng.uniform(2, 70), 3))
                     for _ in range(rng.choice((2, 3, 4)))]
        if not all(IW.table.on_board(p) for p in positions):
            continue
        case = {"positions": positions, "mover": rng.randrange(len(positions)),
                "angle": round(rng.uniform(0, 360), 2), "power": round(rng.uniform(0.05, 1), 3),
                "spin": round(rng.uniform(-1, 1), 3)}
        result = replay(case)
        (rare if result.touched or result.hops else plain).append(case)
    return rare[:count // 3] + plain[:count - count // 3]


def replay(case: dict[str, Any]) -> FlickResult:
    engine.clear_memo()
    positions = [tuple(p) for p in case["positions"]]
    return simulate(IW.table, IW.penguin, positions, case["mover"], case["angle"],
                    case["power"], case["spin"])


if __name__ == "__main__":
    cases = flicks()
    print(json.dumps([{**c, "fingerprint": fingerprint(replay(c))} for c in cases], indent=1))
