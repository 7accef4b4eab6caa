"""Geometry of the table: the nearest free point of the white lines."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from wintergames.games.icecool_wizards.components import IW
from wintergames.physics.table import Point, nearest_free_point

LINES = IW.table.white_lines
R = IW.penguin.radius


def walk_every_point(lines: tuple[tuple[Point, ...], ...], p: Point, others: list[Point],
                     min_gap: float, step: float = 0.1) -> Point | None:
    """The definition: every walked point of every segment, the first nearest free one."""
    best, best_d = None, math.inf
    for line in lines:
        for a, b in itertools.pairwise(line):
            n = max(1, int(math.dist(a, b) / step))
            for i in range(n + 1):
                t = i / n
                q = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                d = math.dist(p, q)
                if d < best_d and all(math.dist(q, o) >= min_gap for o in others):
                    best, best_d = q, d
    return best


XS = [x for line in LINES for x, _ in line]
YS = [y for line in LINES for _, y in line]
points = st.tuples(st.floats(min(XS) - 5, max(XS) + 5), st.floats(min(YS) - 5, max(YS) + 5))
on_lines = st.builds(
    lambda line, k, t, dx, dy: (
        line[k % (len(line) - 1)][0] + t * (line[k % (len(line) - 1) + 1][0]
                                            - line[k % (len(line) - 1)][0]) + dx,
        line[k % (len(line) - 1)][1] + t * (line[k % (len(line) - 1) + 1][1]
                                            - line[k % (len(line) - 1)][1]) + dy),
    st.sampled_from(LINES), st.integers(0, 50), st.floats(0, 1), st.floats(-1, 1),
    st.floats(-1, 1))


offsets = st.tuples(st.floats(-4, 4), st.floats(-4, 4))


@settings(max_examples=400, deadline=None)
@given(st.one_of(on_lines, points), st.lists(st.one_of(on_lines, points), max_size=3),
       st.lists(offsets, max_size=3))
def test_the_pruned_search_finds_the_point_a_full_walk_finds(
        p: Point, others: list[Point], near: list[tuple[float, float]]) -> None:
    # Penguins beside p block its nearest stretch of line, so farther segments count.
    others = others + [(p[0] + dx, p[1] + dy) for dx, dy in near]
    assert nearest_free_point(LINES, p, others, 2 * R) == walk_every_point(
        LINES, p, others, 2 * R)


def test_no_free_point_when_penguins_cover_every_line() -> None:
    line = ((0.0, 0.0), (1.0, 0.0))
    assert nearest_free_point((line,), (0.5, 3.0), [(0.5, 0.0)], 2 * R) is None
