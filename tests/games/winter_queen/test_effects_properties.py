"""Board effects against independent brute-force versions on random boards.

The reference functions below work from the (q, r) coordinates alone, not from the
neighbour and line tables the engine precomputes, so a slip in either shows up.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wintergames.games.winter_queen import scoring
from wintergames.games.winter_queen.components import WQ
from wintergames.games.winter_queen.params import PRINTED

DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
AT = {xy: i for i, xy in enumerate(WQ.coords)}

boards = st.lists(st.integers(-1, 4), min_size=25, max_size=25)
colours = st.integers(0, 4)


def near(x: int) -> list[int]:
    q, r = WQ.coords[x]
    return [AT[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in AT]


def line(x: int, d: tuple[int, int]) -> list[int]:
    q, r = WQ.coords[x]
    out = []
    while (q + d[0], r + d[1]) in AT:
        q, r = q + d[0], r + d[1]
        out.append(AT[(q, r)])
    return out


def ref_wind_rose(board: list[int], c: int) -> int:
    return max(
        (1 + sum(board[y] == c for d in DIRS for y in line(x, d))
         for x in range(25) if board[x] == c),
        default=0,
    )


def ref_clouds(board: list[int], c: int) -> int:
    parent = list(range(25))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for x in range(25):
        for y in near(x):
            if board[x] == board[y] == c:
                parent[root(x)] = root(y)
    return len({root(x) for x in range(25) if board[x] == c})


def ref_bright_path(board: list[int], c: int) -> int:
    best = 0
    for x in range(25):
        if board[x] != c:
            continue
        for d in DIRS:
            cells = [x, *line(x, d)]
            for length in range(1, min(5, len(cells)) + 1):
                path = [board[y] for y in cells[:length]]
                if -1 not in path and len(set(path)) == length:
                    best = max(best, length)
    return best


def ref_polar_star(board: list[int], c: int) -> int:
    return max((sum(board[y] < 0 for y in near(x)) for x in range(25) if board[x] == c), default=0)


def ref_forest(board: list[int], a: int, b: int) -> int:
    best = 0
    for chosen, other in ((a, b), (b, a)):
        for x in range(25):
            if board[x] == chosen:
                best = max(best, sum(board[y] == other for y in near(x)))
    return best


def ref_edge(board: list[int], c: int) -> int:
    return sum(board[x] == c and len(near(x)) < 6 for x in range(25))


def ref_zones(board: list[int], c: int) -> int:
    return len({WQ.zone[x] for x in range(25) if board[x] == c})


@settings(max_examples=300, deadline=None)
@given(board=boards, c=colours, other=colours)
def test_effects_match_brute_force(board: list[int], c: int, other: int) -> None:
    assert scoring.wind_rose(board, c, PRINTED)[0] == ref_wind_rose(board, c)
    assert scoring.magic_clouds(board, c, PRINTED)[0] == ref_clouds(board, c)
    assert scoring.bright_path(board, c, PRINTED)[0] == ref_bright_path(board, c)
    assert scoring.polar_star(board, c, PRINTED)[0] == ref_polar_star(board, c)
    assert scoring.forest_lights(board, other, c, PRINTED)[0] == ref_forest(board, other, c)
    assert scoring.border_guard(board, c, PRINTED)[0] == ref_edge(board, c)
    assert scoring.northern_lights(board, c, PRINTED)[0] == ref_zones(board, c)
