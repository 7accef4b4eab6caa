"""The geometry a flick is simulated on: walls, floors, regions and doorways.

Plain data, no game rules: a game builds a ``Table`` from its own data files and asks
the simulator what a flick did on it. Units are whatever the data uses (ICECOOL: cm).

>>> rect_distance((0, 0, 10, 5), (12, 2))
2.0
>>> round(segment_distance((0, 0), (10, 0), (3, 4)), 6)
4.0
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x1, y1, x2, y2


@dataclass(frozen=True, slots=True)
class Wall:
    """A wall along the segment ``a``-``b`` of thickness ``2 * radius``."""

    a: Point
    b: Point
    radius: float
    outer: bool  # hopping it leaves the board


@dataclass(frozen=True, slots=True)
class Region:
    """A named rectangle of floor: a room, a card space."""

    id: str
    rect: Rect


@dataclass(frozen=True, slots=True)
class Doorway:
    """An opening in a straight wall.

    ``axis`` is the wall's direction: ``"x"`` for a horizontal wall at ``y = at``,
    ``"y"`` for a vertical wall at ``x = at``. ``span`` is the opening along the wall,
    ``half_width`` half the wall's thickness (the threshold band).
    """

    id: str
    axis: str
    at: float
    span: tuple[float, float]
    half_width: float

    def offset(self, p: Point) -> float:
        """Signed distance of ``p`` from the wall's centre line."""
        return p[1] - self.at if self.axis == "x" else p[0] - self.at

    def along(self, p: Point) -> float:
        return p[0] if self.axis == "x" else p[1]

    @property
    def threshold(self) -> Rect:
        """The opening itself: the span of the wall's band that the wall leaves open."""
        lo, hi = self.span
        band = (self.at - self.half_width, self.at + self.half_width)
        return (lo, band[0], hi, band[1]) if self.axis == "x" else (band[0], lo, band[1], hi)

    def overlaps(self, p: Point, radius: float) -> bool:
        """A disc at ``p`` is partially in the doorway: it overlaps the threshold itself.

        Judged in the doorway's own neighbourhood, never against the wall's whole line,
        which crosses open floor in other boxes.
        """
        return rect_distance(self.threshold, p) < radius

    def crossing(self, a: Point, b: Point) -> int:
        """+1 or -1 if the move ``a``-``b`` crosses the opening (by the sign of its side
        after the move), else 0. Crossing the wall's line outside the opening is not
        passing through the doorway (it is a hop)."""
        o0, o1 = self.offset(a), self.offset(b)
        if (o0 > 0) == (o1 > 0):
            return 0
        t = o0 / (o0 - o1)
        at = self.along(a) + t * (self.along(b) - self.along(a))
        lo, hi = self.span
        if not lo <= at <= hi:
            return 0
        return 1 if o1 > 0 else -1


@dataclass(frozen=True)
class Table:
    walls: tuple[Wall, ...]
    footprints: tuple[Rect, ...]  # the board: a point outside all of them is off the board
    rooms: tuple[Region, ...]
    spots: tuple[Region, ...]  # card spaces touched by a flick are reported (exam spaces)
    doorways: tuple[Doorway, ...]
    white_lines: tuple[tuple[Point, ...], ...]  # closed polylines

    def on_board(self, p: Point) -> bool:
        x, y = p
        return any(x1 <= x <= x2 and y1 <= y <= y2 for x1, y1, x2, y2 in self.footprints)

    def blocked(self, p: Point, q: Point) -> bool:
        """Whether a wall stands between ``p`` and ``q``: the segment crosses a wall line.

        A disc only reaches past a wall by sinking into it, so what lies beyond a wall's
        centre line is never on the disc's side of it.
        """
        return any(segments_cross(p, q, w.a, w.b) for w in self.walls)


def rect_distance(rect: Rect, p: Point) -> float:
    """Distance from ``p`` to the rectangle (0 inside)."""
    x1, y1, x2, y2 = rect
    dx = max(x1 - p[0], 0.0, p[0] - x2)
    dy = max(y1 - p[1], 0.0, p[1] - y2)
    return math.hypot(dx, dy)


def closest_on_segment(a: Point, b: Point, p: Point) -> tuple[Point, float]:
    """The point of segment ``a``-``b`` closest to ``p``, and its parameter 0..1."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                                / length2))
    return (ax + t * dx, ay + t * dy), t


def segment_distance(a: Point, b: Point, p: Point) -> float:
    q, _ = closest_on_segment(a, b, p)
    return math.hypot(p[0] - q[0], p[1] - q[1])


def wall_clearance(table: Table, p: Point) -> float:
    """Distance from ``p`` to the nearest wall surface."""
    return min(segment_distance(w.a, w.b, p) - w.radius for w in table.walls)


def segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether segments ``p``-``q`` and ``a``-``b`` meet (touching counts).

    >>> segments_cross((0, 0), (2, 2), (0, 2), (2, 0))
    True
    >>> segments_cross((0, 0), (1, 0), (0, 1), (1, 1))
    False
    """
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    if denom == 0:  # parallel: a wall along the path's own line never hides anything
        return False
    ex, ey = a[0] - p[0], a[1] - p[1]
    t = (ex * sy - ey * sx) / denom
    u = (ex * ry - ey * rx) / denom
    return 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0


def rect_loop(rect: Rect) -> tuple[Point, ...]:
    """The closed polyline around a rectangle."""
    x1, y1, x2, y2 = rect
    return ((x1, y1), (x2, y1), (x2, y2), (x1, y2), (x1, y1))


def nearest_free_point(
    lines: tuple[tuple[Point, ...], ...],
    p: Point,
    others: list[Point],
    min_gap: float,
    step: float = 0.1,
) -> Point | None:
    """The point of the polylines nearest ``p`` that is at least ``min_gap`` from ``others``.

    The polylines are walked in ``step`` increments; the nearest free point wins, the
    first walked among equals. Segments are searched nearest first, each outwards from
    its point closest to ``p``, and the search stops once no nearer point can remain:
    the same point a full walk finds, without the full walk.
    """
    segments = [(a, b) for line in lines for a, b in itertools.pairwise(line)]
    bounds = [segment_distance(a, b, p) for a, b in segments]
    best: Point | None = None
    best_key = (math.inf, 0, 0)
    for k in sorted(range(len(segments)), key=bounds.__getitem__):
        if bounds[k] > best_key[0] + 1e-9:  # the margin covers rounding along the walk
            break
        found = _nearest_free_on_segment(segments[k], p, others, min_gap, step)
        if found is not None and (found[0], k, found[1]) < best_key:
            best, best_key = found[2], (found[0], k, found[1])
    return best


def _nearest_free_on_segment(
    segment: tuple[Point, Point], p: Point, others: list[Point], min_gap: float, step: float,
) -> tuple[float, int, Point] | None:
    """(distance, walk index, point) of the segment's nearest free walked point.

    Distances grow both ways from the closest point, so the walk indices are visited
    outwards in order of (distance, index) and the first free one is the answer.
    """
    a, b = segment
    n = max(1, int(math.dist(a, b) / step))

    def at(i: int) -> tuple[float, int, Point]:
        t = i / n
        q = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        return math.dist(p, q), i, q

    _, t0 = closest_on_segment(a, b, p)
    middle = math.floor(t0 * n)
    # Each side is in growing distance; merging them lazily computes every point once.
    walk = heapq.merge((at(i) for i in range(middle, -1, -1)),
                       (at(i) for i in range(middle + 1, n + 1)))
    return next((pick for pick in walk
                 if all(math.dist(pick[2], o) >= min_gap for o in others)), None)
