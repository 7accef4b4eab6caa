"""Geometry of its own for judging what a flick may credit: read from board.toml directly.

The simulator's code (``wintergames.physics``) is under test, so nothing of it is used
here: the walls are the centre-line segments of ``board.toml``, a floor point ``q``
lies on the penguin's side of the walls from a centre ``p`` when the segment ``p``-``q``
crosses no wall line, and the disc is sampled on a polar grid (numpy) instead of being
solved exactly. A room or exam space may be credited only if some sampled point of it,
inside the disc and on the penguin's side, exists at some position of the path.
"""

from __future__ import annotations

import math
import random
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import wintergames.games.icecool_wizards as game_package

BOARD = Path(game_package.__file__).parent / "data" / "board.toml"
Point = tuple[float, float]


@dataclass(frozen=True)
class Board:
    walls: np.ndarray  # (n, 4): ax, ay, bx, by
    wall_radius: np.ndarray  # (n,)
    rooms: dict[str, tuple[float, float, float, float]]
    spots: dict[str, tuple[float, float, float, float]]
    doorways: dict[str, dict[str, object]]
    floors: list[tuple[float, float, float, float]]


def load_board() -> Board:
    data = tomllib.loads(BOARD.read_text())
    walls = np.array([[*w["a"], *w["b"]] for w in data["walls"]], dtype=float)
    radius = np.array([w["radius"] for w in data["walls"]], dtype=float)
    return Board(
        walls=walls,
        wall_radius=radius,
        rooms={r["id"]: tuple(r["rect"]) for r in data["room"]},
        spots={x["id"]: tuple(x["rect"]) for x in data["exam_space"]},
        doorways={d["id"]: d for d in data["doorway"]},
        floors=[tuple(b["floor"]) for b in data["box"]],
    )


def disc_samples(radius: float, rings: int = 14, spokes: int = 96) -> np.ndarray:
    """Offsets of a polar grid strictly inside a disc (its centre included)."""
    points = [(0.0, 0.0)]
    for i in range(1, rings + 1):
        rho = radius * i / (rings + 0.5)
        for k in range(spokes):
            a = 2 * math.pi * (k + 0.5 * (i % 2)) / spokes
            points.append((rho * math.cos(a), rho * math.sin(a)))
    return np.array(points)


def _crosses_walls(p: Point, qs: np.ndarray, walls: np.ndarray) -> np.ndarray:
    """For each q: does the segment p-q cross (or touch) a wall's centre line?"""
    px, py = p
    ax, ay, bx, by = (walls[:, i][None, :] for i in range(4))
    qx, qy = qs[:, 0][:, None], qs[:, 1][:, None]
    d1x, d1y = qx - px, qy - py
    d2x, d2y = bx - ax, by - ay
    denom = d1x * d2y - d1y * d2x
    with np.errstate(divide="ignore", invalid="ignore"):
        t = ((ax - px) * d2y - (ay - py) * d2x) / denom
        u = ((ax - px) * d1y - (ay - py) * d1x) / denom
    hit = (denom != 0) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    return np.asarray(hit.any(axis=1))


def visible_parts(board: Board, p: Point, rect: tuple[float, float, float, float],
                  radius: float, samples: np.ndarray) -> bool:
    """Whether some sampled point of the disc at ``p`` lies in ``rect`` on p's side.

    The samples are a polar grid and the point of ``rect`` nearest ``p`` (so a disc
    that only just reaches into a rectangle is not missed between grid points).
    """
    x1, y1, x2, y2 = rect
    nearest = (min(max(p[0], x1), x2), min(max(p[1], y1), y2))
    qs = samples + np.array(p)
    if math.dist(p, nearest) < radius:
        qs = np.vstack([qs, np.array([nearest])])
    inside = (qs[:, 0] >= x1) & (qs[:, 0] <= x2) & (qs[:, 1] >= y1) & (qs[:, 1] <= y2)
    if not inside.any():
        return False
    return bool((~_crosses_walls(p, qs[inside], board.walls)).any())


def seen_from_path(board: Board, path: list[Point] | tuple[Point, ...],
                   rect: tuple[float, float, float, float], radius: float,
                   samples: np.ndarray) -> bool:
    x1, y1, x2, y2 = rect
    for p in path:
        dx = max(x1 - p[0], 0.0, p[0] - x2)
        dy = max(y1 - p[1], 0.0, p[1] - y2)
        if dx * dx + dy * dy < radius * radius and visible_parts(board, p, rect, radius,
                                                                 samples):
            return True
    return False


def clearance(board: Board, p: Point) -> float:
    """Distance from ``p`` to the nearest wall surface."""
    a = board.walls[:, :2]
    b = board.walls[:, 2:]
    ab = b - a
    t = np.clip(((np.array(p) - a) * ab).sum(axis=1) / (ab * ab).sum(axis=1), 0.0, 1.0)
    closest = a + t[:, None] * ab
    return float((np.hypot(*(np.array(p) - closest).T) - board.wall_radius).min())


def wall_between(board: Board, p: Point, q: Point) -> bool:
    return bool(_crosses_walls(p, np.array([q]), board.walls)[0])


def violations(board: Board, radius: float, path: tuple[Point, ...], rooms: frozenset[str],
               spots: frozenset[str], contacts: tuple[tuple[int, Point, Point], ...],
               resting: list[Point], samples: np.ndarray) -> list[str]:
    """What a flick credited that no position of the penguin could reach on its side."""
    found = []
    for kind, credited, rects in (("room", rooms, board.rooms), ("exam space", spots,
                                                                 board.spots)):
        for name in sorted(credited):
            if not seen_from_path(board, path, rects[name], radius, samples):
                found.append(f"{kind} {name} credited only through a wall")
    for other, a, b in contacts:
        if math.dist(a, b) > 2 * radius + 0.05:
            found.append(f"contact with penguin {other} at {math.dist(a, b):.2f} cm")
        if wall_between(board, a, b):
            found.append(f"contact with penguin {other} through a wall")
    for p in resting:
        gap = clearance(board, p)
        if gap < radius - 0.05:
            found.append(f"a penguin rests {radius - gap:.2f} cm inside a wall at {p}")
    return found


def _on_floor(board: Board, p: Point) -> bool:
    return any(x1 <= p[0] <= x2 and y1 <= p[1] <= y2 for x1, y1, x2, y2 in board.floors)


def _place(board: Board, radius: float, rng: random.Random, others: list[Point]) -> Point:
    """A free spot: anywhere on the floor, or (half the time) just off a wall's face."""
    while True:
        x1, y1, x2, y2 = rng.choice(board.floors)
        p = (rng.uniform(x1 + radius, x2 - radius), rng.uniform(y1 + radius, y2 - radius))
        if rng.random() < 0.5:
            ax, ay, bx, by = (float(v) for v in board.walls[rng.randrange(len(board.walls))])
            t, side = rng.random(), rng.choice((-1.0, 1.0))
            length = math.hypot(bx - ax, by - ay)
            gap = radius + 0.2 + rng.uniform(0.0, 0.3)
            p = (ax + t * (bx - ax) - side * (by - ay) / length * gap,
                 ay + t * (by - ay) + side * (bx - ax) / length * gap)
        if (_on_floor(board, p) and clearance(board, p) > radius + 0.01
                and all(math.dist(p, o) > 2 * radius + 0.01 for o in others)):
            return p


def random_flicks(board: Board, radius: float, count: int, seed: int
                  ) -> list[tuple[list[Point | None], float, float, float]]:
    """Penguin layouts (one to three, the first flicked) and flicks, seeded.

    Half the penguins stand just off a wall, where sinking into it would show.
    """
    rng = random.Random(seed)
    found: list[tuple[list[Point | None], float, float, float]] = []
    while len(found) < count:
        placed: list[Point] = []
        for _ in range(1 + rng.choice((0, 1, 1, 2))):
            placed.append(_place(board, radius, rng, placed))
        found.append((list(placed), round(rng.uniform(0, 360), 1),
                      round(rng.uniform(0.01, 1.0), 2), round(rng.uniform(-1, 1), 2)))
    return found
