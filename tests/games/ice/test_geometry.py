"""ICE board geometry against components/ice.md C1 and C8.

The expected layouts come from code written here independently of geometry.py: the C1
generator typed in again, the C8 district table typed in again, and coordinates worked
out by hand. geometry.py is only asked which place sits at a coordinate.
"""

from __future__ import annotations

import random
from collections import Counter

from wintergames.games.ice.geometry import (
    BOARD,
    EMPTY,
    adjacent,
    chain_collapse,
    covers,
    distances,
    excavation,
    exposed,
    icon_uncovered,
    nearest,
    snowstorm_slots,
    uncovered,
)

Coord = tuple[int, int]

# --- The C1 generator, typed in again ----------------------------------------------------

V_DOWN: list[Coord] = [(-1, -1), (2, -1), (-1, 2)]  # V piece -> 3 H slots under it
H_DOWN: list[Coord] = [(1, 1), (-2, 1), (1, -2)]  # H piece -> 3 V slots under it
SIDES: list[Coord] = [(3, 0), (0, 3), (-3, 3), (-3, 0), (0, -3), (3, -3)]


def add(p: Coord, o: Coord) -> Coord:
    return (p[0] + o[0], p[1] + o[1])


def sub(p: Coord, o: Coord) -> Coord:
    return (p[0] - o[0], p[1] - o[1])


def in_hex(p: Coord, n: int = 3) -> bool:
    a, b = p[0] // 3, p[1] // 3
    return p[0] % 3 == 0 and p[1] % 3 == 0 and max(abs(a), abs(b), abs(a + b)) <= n


R = range(-15, 16)
H3 = {(q, r) for q in R for r in R if in_hex((q, r))}
AZULIA, SURFACE = set(H3), set(H3)
V = [(q, r) for q in R for r in R if q % 3 == 1 and r % 3 == 1]
DEEP = {p for p in V if all(add(p, o) in H3 for o in V_DOWN)}
SNOW = {p for p in V if any(add(p, o) in H3 for o in V_DOWN)}
DEEP_EDGES = {add(s, o) for s in SURFACE for o in H_DOWN} - DEEP
SURFACE_EDGES = {add(p, o) for p in SNOW for o in V_DOWN} - SURFACE
CENTRE_SPOTS = [(1, 1), (-2, 1), (1, -2)]

TILES = {1: DEEP, 2: SURFACE, 3: SNOW}
EDGES = {1: DEEP_EDGES, 2: SURFACE_EDGES}
DOWN = {1: V_DOWN, 2: H_DOWN, 3: V_DOWN}  # rests-on offsets of a piece of that level

# --- C8, typed in again: cells as (a, b) with (q, r) = (3a, 3b) ---------------------------

DISTRICTS: dict[str, list[Coord]] = {
    "C": [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)],
    "S0": [(2, 0), (1, 1), (3, 0), (2, 1), (1, 2)],
    "S1": [(0, 2), (-1, 2), (0, 3), (-1, 3), (-2, 3)],
    "S2": [(-2, 2), (-2, 1), (-3, 3), (-3, 2), (-3, 1)],
    "S3": [(-2, 0), (-1, -1), (-3, 0), (-2, -1), (-1, -2)],
    "S4": [(0, -2), (1, -2), (0, -3), (1, -3), (2, -3)],
    "S5": [(2, -2), (2, -1), (3, -3), (3, -2), (3, -1)],
}
ICONS: list[Coord] = [(0, 0), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2), (2, -1)]
CELL_OF = {(3 * a, 3 * b): name for name, cells in DISTRICTS.items() for a, b in cells}

NO_RIFT = [-1] * BOARD.n


def at(level: int, p: Coord) -> int:
    return BOARD.place_at[(level, *p)]


def district(name: str) -> int:
    return BOARD.district_names.index(name)


def full() -> list[int]:
    """The position at setup: every tile slot holds a tile (its own place number)."""
    tiles = [EMPTY] * BOARD.n
    for lv in (1, 2, 3):
        for p in TILES[lv]:
            tiles[at(lv, p)] = at(lv, p)
    return tiles


def empty_all() -> list[int]:
    return [EMPTY] * BOARD.n


def remove(tiles: list[int], level: int, *points: Coord) -> list[int]:
    for p in points:
        tiles[at(level, p)] = EMPTY
    return tiles


def covering(level: int, p: Coord) -> list[Coord]:
    """Tile points of the level above resting on ``p`` (by hand from the offsets)."""
    return [u for u in (sub(p, o) for o in DOWN[level + 1]) if u in TILES.get(level + 1, ())]


def sq_dist(a: Coord, b: Coord) -> int:
    """Squared distance of two points (x = q + r/2, y = r*sqrt(3)/2), times 1."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return dq * dq + dq * dr + dr * dr


def neighbour_counts(layer: set[Coord]) -> Counter[int]:
    return Counter(sum(add(p, s) in layer for s in SIDES) for p in layer)


# --- Layers -----------------------------------------------------------------------------


def test_layers_match_the_generator() -> None:
    assert (len(DEEP), len(SURFACE), len(SNOW)) == (27, 37, 48)
    assert (len(DEEP_EDGES), len(SURFACE_EDGES)) == (21, 24)
    for lv in (1, 2, 3):
        assert {BOARD.coord[p] for p in BOARD.slots[lv]} == TILES[lv]
        assert all(BOARD.level[p] == lv and BOARD.kind[p] == "tile" for p in BOARD.slots[lv])
    for lv in (1, 2):
        assert {BOARD.coord[p] for p in BOARD.edges[lv]} == EDGES[lv]
        assert all(BOARD.kind[p] == "edge" for p in BOARD.edges[lv])
    assert BOARD.edges[3] == () and BOARD.edges[0] == ()
    assert BOARD.n == 7 + 27 + 21 + 37 + 24 + 48
    assert list(BOARD.level) == sorted(BOARD.level)  # numbered bottom up
    assert BOARD.slots[0] == tuple(range(7))
    assert all(BOARD.kind[d] == "district" for d in range(7))


def test_every_tile_rests_on_three_places() -> None:
    for lv in (2, 3):
        for p in TILES[lv]:
            below = BOARD.below[at(lv, p)]
            assert len(below) == 3
            assert {BOARD.coord[b] for b in below} == {add(p, o) for o in DOWN[lv]}
            assert all(BOARD.level[b] == lv - 1 for b in below)
    for p in DEEP:  # a Deep tile rests on the districts of its 3 cells, repeated
        names = sorted(CELL_OF[add(p, o)] for o in V_DOWN)
        assert sorted(BOARD.district_names[d] for d in BOARD.below[at(1, p)]) == names


def test_supports_per_layer_as_in_c1() -> None:
    def kinds(lv: int) -> Counter[tuple[int, int]]:
        return Counter((sum(add(p, o) in TILES[lv - 1] for o in DOWN[lv]),
                        sum(add(p, o) in EDGES[lv - 1] for o in DOWN[lv])) for p in TILES[lv])

    assert kinds(2) == {(3, 0): 19, (2, 1): 6, (1, 2): 12}
    assert kinds(3) == {(3, 0): 27, (2, 1): 9, (1, 2): 12}
    for lv in (2, 3):  # the model agrees
        got = Counter(sum(BOARD.kind[b] == "tile" for b in BOARD.below[at(lv, p)])
                      for p in TILES[lv])
        assert got == {3: 27 if lv == 3 else 19, 2: 9 if lv == 3 else 6, 1: 12}


def test_each_deep_and_surface_tile_is_covered_by_three_tiles_at_setup() -> None:
    tiles = full()
    for lv in (1, 2):
        for p in TILES[lv]:
            assert len(covering(lv, p)) == 3
            assert sorted(covers(tiles, at(lv, p))) == sorted(at(lv + 1, u)
                                                              for u in covering(lv, p))
            assert not uncovered(tiles, at(lv, p)) and not exposed(tiles, at(lv, p))
    assert all(uncovered(tiles, at(3, p)) and exposed(tiles, at(3, p)) for p in SNOW)
    # the inner 27 Snow slots sit over the Deep tiles, the outer 21 over the Deep edges
    assert {p for p in SNOW if p in DEEP} == DEEP and SNOW - DEEP == DEEP_EDGES


def snow_steps(starts: list[Coord]) -> dict[Coord, int]:
    """Steps from the nearest of ``starts``, walking over the Snow layer's sides."""
    steps = dict.fromkeys(starts, 0)
    todo = list(starts)
    while todo:
        p = todo.pop(0)
        for s in SIDES:
            if (q := add(p, s)) in SNOW and q not in steps:
                steps[q] = steps[p] + 1
                todo.append(q)
    return steps


def test_snow_rings_around_the_centre_spots() -> None:
    assert {BOARD.coord[s] for s in BOARD.centre_spots} == set(CENTRE_SPOTS)
    assert Counter(snow_steps(CENTRE_SPOTS).values()) == {0: 3, 1: 9, 2: 15, 3: 21}
    # Move steps at setup from one centre spot
    got = distances(full(), NO_RIFT, at(3, CENTRE_SPOTS[0]))
    assert got == {at(3, p): d for p, d in snow_steps(CENTRE_SPOTS[:1]).items()}


def test_nearest_stops_at_the_closest_wanted_places() -> None:
    # Against a full breadth-first search (``distances``): the wanted places at the
    # smallest distance, on positions with holes, for wanted sets of every density.
    rng = random.Random(7)
    for tiles in random_positions(40, seed=11):
        start = rng.choice([p for p in range(BOARD.n) if exposed(tiles, p)])
        dist = distances(tiles, NO_RIFT, start)
        for density in (0.02, 0.2, 1.0):
            wanted = {p for p in range(BOARD.n) if rng.random() < density}
            reach = [d for p, d in dist.items() if p in wanted]
            expect = sorted(p for p, d in dist.items() if p in wanted and d == min(reach)) \
                if reach else []
            assert nearest(tiles, NO_RIFT, start, wanted.__contains__) == expect


def test_rim_and_same_level_neighbours() -> None:
    assert neighbour_counts(SNOW) == {6: 27, 4: 15, 3: 6}
    assert neighbour_counts(SURFACE) == {6: 19, 4: 12, 3: 6}
    assert neighbour_counts(DEEP) == {6: 12, 4: 9, 3: 6}
    for lv, rim in ((3, 21), (2, 18), (1, 15)):
        assert sum(BOARD.rim[p] for p in BOARD.slots[lv]) == rim
        for p in TILES[lv]:
            place = at(lv, p)
            expect = [at(lv, add(p, s)) if (lv, *add(p, s)) in BOARD.place_at else -1
                      for s in SIDES]
            assert list(BOARD.sides[place]) == expect
            tile_near = sum(add(p, s) in TILES[lv] for s in SIDES)
            assert BOARD.rim[place] == (tile_near < 6)
    assert not any(BOARD.rim[p] for lv in (1, 2) for p in BOARD.edges[lv])


# --- Adjacency --------------------------------------------------------------------------


def test_centre_spots_are_adjacent_to_each_other() -> None:
    tiles = full()
    a, b, c = BOARD.centre_spots
    assert {b, c} <= set(adjacent(tiles, NO_RIFT, a))
    assert {a, c} <= set(adjacent(tiles, NO_RIFT, b))
    assert {a, b} <= set(adjacent(tiles, NO_RIFT, c))


def test_at_setup_only_the_snow_layer_is_reachable() -> None:
    tiles = full()
    for p in SNOW:
        got = {BOARD.coord[x] for x in adjacent(tiles, NO_RIFT, at(3, p))}
        assert got == {add(p, s) for s in SIDES if add(p, s) in SNOW}
    exposed_places = [p for p in range(BOARD.n) if exposed(tiles, p)]
    assert sorted(exposed_places) == sorted(BOARD.slots[3])  # no edge, no district


def random_positions(count: int, seed: int) -> list[list[int]]:
    """Positions reached by random excavations (collapses included)."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    tiles = full()
    while len(out) < count:
        options = [p for p in range(BOARD.n) if excavation(tiles, p) is not None]
        if not options:
            tiles = full()
            continue
        p = rng.choice(options)
        cover = excavation(tiles, p)
        assert cover is not None
        if cover >= 0:
            tiles[cover] = EMPTY
        tiles[p] = EMPTY
        for x in chain_collapse(tiles):
            tiles[x] = EMPTY
        out.append(list(tiles))
    return out


def visible(tiles: list[int], place: int) -> bool:
    """Exposure worked out from coordinates (independent of BOARD.above)."""
    lv = BOARD.level[place]
    if lv == 0:
        cells = [(3 * a, 3 * b) for a, b in DISTRICTS[BOARD.district_names[place]]]
        over = {sub(c, o) for c in cells for o in V_DOWN} & DEEP
        return any(tiles[at(1, u)] == EMPTY for u in over)
    p = BOARD.coord[place]
    if BOARD.kind[place] == "tile" and tiles[place] == EMPTY:
        return False
    if lv == 3:
        return True
    return any(tiles[at(lv + 1, u)] == EMPTY for u in covering(lv, p))


def test_adjacency_is_mutual_exposed_and_never_through_a_corner() -> None:
    for tiles in random_positions(60, seed=3):
        for p in range(BOARD.n):
            if not visible(tiles, p):
                continue
            got = adjacent(tiles, NO_RIFT, p)
            assert len(got) == len(set(got))
            for q in got:
                assert visible(tiles, q)
                assert p in adjacent(tiles, NO_RIFT, q)
                lp, lq = BOARD.level[p], BOARD.level[q]
                if lp and lq:
                    # sides meet at 3 units; a third overlaps at sqrt(3); corners: more
                    assert sq_dist(BOARD.coord[p], BOARD.coord[q]) == (9 if lp == lq else 3)
                elif lp == lq == 0:
                    mine = DISTRICTS[BOARD.district_names[p]]
                    theirs = DISTRICTS[BOARD.district_names[q]]
                    assert any(add((3 * a, 3 * b), s) == (3 * c, 3 * d)
                               for a, b in mine for c, d in theirs for s in SIDES)
                else:
                    d, upper = (p, q) if lp == 0 else (q, p)
                    assert BOARD.level[upper] == 1
                    cells = {add(BOARD.coord[upper], o) for o in V_DOWN}
                    assert any(CELL_OF.get(c) == BOARD.district_names[d] for c in cells)


def test_touching_at_a_corner_is_not_adjacency() -> None:
    # Deep (1,1) and Surface (3,3) share only the corner (2,2).
    assert sq_dist((1, 1), (3, 3)) == 12
    tiles = full()
    for p in SNOW:
        tiles[at(3, p)] = EMPTY
    remove(tiles, 2, (0, 0))  # one third of Deep (1,1) is visible
    assert visible(tiles, at(1, (1, 1))) and visible(tiles, at(2, (3, 3)))
    assert at(2, (3, 3)) not in adjacent(tiles, NO_RIFT, at(1, (1, 1)))
    assert at(1, (1, 1)) not in adjacent(tiles, NO_RIFT, at(2, (3, 3)))
    # the Surface tiles that overlap it are adjacent
    assert at(2, (3, 0)) in adjacent(tiles, NO_RIFT, at(1, (1, 1)))


def test_a_side_under_a_present_tile_is_not_crossed() -> None:
    # Deep (1,1) and (4,1) share the side from H point (3,0) to (2,2), which lies wholly
    # under the Surface tile (3,0); their other visible thirds do not even meet.
    tiles = empty_all()
    for p in SURFACE:
        tiles[at(2, p)] = at(2, p)
    for p in DEEP:
        tiles[at(1, p)] = at(1, p)
    remove(tiles, 2, (0, 0), (6, 0))
    a, b = at(1, (1, 1)), at(1, (4, 1))
    assert visible(tiles, a) and visible(tiles, b)
    assert b not in adjacent(tiles, NO_RIFT, a)
    remove(tiles, 2, (3, 0))
    assert b in adjacent(tiles, NO_RIFT, a) and a in adjacent(tiles, NO_RIFT, b)


def test_frame_edges_under_the_frame_are_never_neighbours() -> None:
    # Two Deep-level edges whose shared side ends at an H corner that is a Surface-level
    # edge: the side stays hidden under the frame even on an empty board.
    hidden = [(a, b) for a in DEEP_EDGES for s in SIDES if (b := add(a, s)) in DEEP_EDGES
              and {add(a, o) for o in V_DOWN} & {add(b, o) for o in V_DOWN} & SURFACE_EDGES]
    assert len(hidden) == 2 * 9
    board = empty_all()
    for a, b in hidden:
        assert at(1, b) not in adjacent(board, NO_RIFT, at(1, a))
    # the other 12 pairs of neighbouring Deep-level edges meet under a Surface slot
    open_pairs = [(a, b) for a in DEEP_EDGES for s in SIDES if (b := add(a, s)) in DEEP_EDGES
                  and (a, b) not in hidden]
    assert len(open_pairs) == 2 * 12
    assert all(at(1, b) in adjacent(board, NO_RIFT, at(1, a)) for a, b in open_pairs)


def test_rift_blocks_its_two_sides_both_ways() -> None:
    tiles = full()
    p = (1, 1)  # a centre spot, 6 Snow neighbours
    near = [at(3, add(p, s)) for s in SIDES]
    here = at(3, p)
    for axis in range(3):
        rift = list(NO_RIFT)
        rift[here] = axis
        got = set(adjacent(tiles, rift, here))
        blocked = {near[axis], near[axis + 3]}
        assert got == set(near) - blocked
        for k, q in enumerate(near):
            assert (here in adjacent(tiles, rift, q)) == (q not in blocked), k
    # a Rift neighbour blocks entry across its own rift side (side k of p = side k+3 of q)
    for k in range(6):
        rift = list(NO_RIFT)
        rift[near[k]] = k % 3
        assert near[k] not in adjacent(tiles, rift, here)
        assert here not in adjacent(tiles, rift, near[k])
        rift[near[k]] = (k + 1) % 3
        assert near[k] in adjacent(tiles, rift, here)


# --- Exposure of edges and districts ------------------------------------------------------


def test_edges_are_exposed_when_a_tile_over_them_goes() -> None:
    tiles = full()
    e = next(p for p in sorted(SURFACE_EDGES) if len(covering(2, p)) == 2)
    over = covering(2, e)
    assert not exposed(tiles, at(2, e))
    remove(tiles, 3, over[0])
    assert exposed(tiles, at(2, e))
    remove(tiles, 3, over[1])
    assert exposed(tiles, at(2, e))
    d = next(p for p in sorted(DEEP_EDGES) if len(covering(1, p)) == 2)
    tiles = full()
    for p in SNOW:
        tiles[at(3, p)] = EMPTY
    assert not exposed(tiles, at(1, d))
    remove(tiles, 2, covering(1, d)[1])
    assert exposed(tiles, at(1, d))


def test_districts_are_exposed_when_a_deep_tile_over_them_goes() -> None:
    tiles = empty_all()
    for p in DEEP:
        tiles[at(1, p)] = at(1, p)
    assert not any(exposed(tiles, d) for d in range(7))
    # Deep (1,1) lies over cells (0,0) C, (3,0) C and (0,3) C: only C opens
    remove(tiles, 1, (1, 1))
    assert [d for d in range(7) if exposed(tiles, d)] == [district("C")]
    # Deep (4,1) lies over (3,0) C, (6,0) S0 and (3,3) S0
    remove(tiles, 1, (4, 1))
    assert {d for d in range(7) if exposed(tiles, d)} == {district("C"), district("S0")}
    for tiles in random_positions(40, seed=5):
        assert all(exposed(tiles, d) == visible(tiles, d) for d in range(7))
        assert all(exposed(tiles, p) == visible(tiles, p) for p in range(7, BOARD.n))


# --- Excavation -------------------------------------------------------------------------


def test_excavation_allowed_and_refused() -> None:
    tiles = full()
    assert excavation(tiles, at(3, (1, 1))) == -1  # a Snow tile: nothing on it
    s = (0, 0)  # Surface centre, under Snow (1,1), (-2,1), (1,-2)
    assert sorted(covering(2, s)) == sorted(CENTRE_SPOTS)
    assert excavation(tiles, at(2, s)) is None  # 3 covers
    remove(tiles, 3, (1, 1))
    assert excavation(tiles, at(2, s)) is None  # 2 covers
    remove(tiles, 3, (-2, 1))
    assert excavation(tiles, at(2, s)) == at(3, (1, -2))  # 1 uncovered cover: collapses
    remove(tiles, 3, (1, -2))
    assert excavation(tiles, at(2, s)) == -1
    remove(tiles, 2, s)
    # Deep (1,1) is under Surface (0,0) [gone], (3,0) and (0,3): 2 covers
    d = at(1, (1, 1))
    assert excavation(tiles, d) is None
    remove(tiles, 2, (0, 3))
    # one cover left, Surface (3,0), itself under Snow (4,1), (1,1) [gone], (4,-2)
    assert excavation(tiles, d) is None  # the cover is partly covered
    remove(tiles, 3, (4, 1))
    assert excavation(tiles, d) is None
    remove(tiles, 3, (4, -2))
    assert excavation(tiles, d) == at(2, (3, 0))
    # never on edges, districts or empty slots
    assert excavation(empty_all(), at(1, (1, 1))) is None
    assert all(excavation(empty_all(), p) is None for p in range(BOARD.n))
    assert all(excavation(full(), p) is None for p in [*BOARD.edges[1], 0, 1, 2])


# --- Chain collapse -----------------------------------------------------------------------


def snow_only(*points: Coord) -> list[int]:
    tiles = full()
    for p in SNOW - set(points):
        tiles[at(3, p)] = EMPTY
    return tiles


def is_rim(lv: int, p: Coord) -> bool:
    return sum(add(p, s) in TILES[lv] for s in SIDES) < 6


def test_chain_collapse_of_two() -> None:
    row = sorted(p for p in SNOW if p[1] == 1)  # the Snow row through (1, 1)
    rim_end, a, b = row[-1], row[-2], row[-3]
    assert is_rim(3, rim_end) and not is_rim(3, a) and not is_rim(3, b)
    tiles = snow_only(rim_end, a, b)
    before = list(tiles)
    # b has only a; once b is gone, a has only the rim tile; the rim tile stays
    assert chain_collapse(tiles) == [at(3, b), at(3, a)]
    assert tiles == before  # pure
    assert chain_collapse(snow_only(rim_end)) == []  # a rim tile never collapses alone
    assert chain_collapse(snow_only(rim_end, a)) == [at(3, a)]
    assert chain_collapse(full()) == []


def test_chain_collapse_keeps_tiles_with_two_neighbours() -> None:
    # three mutually adjacent centre spots: each keeps 2 neighbours
    assert chain_collapse(snow_only(*CENTRE_SPOTS)) == []
    # two centre spots alone: both go (each has only the other) in the same wave
    assert chain_collapse(snow_only((1, 1), (-2, 1))) == sorted([at(3, (1, 1)),
                                                                 at(3, (-2, 1))])


def test_chain_collapse_after_an_excavation_hole() -> None:
    # remove the Surface ring around a Surface tile: it is left with no neighbour
    tiles = full()
    for p in SNOW:
        tiles[at(3, p)] = EMPTY
    ring = [add((0, 0), s) for s in SIDES]
    remove(tiles, 2, *ring[1:])  # (0,0) keeps one neighbour, ring[0]: collapses
    assert chain_collapse(tiles) == [at(2, (0, 0))]  # (3, 0) keeps 3 neighbours


# --- Snowstorm ----------------------------------------------------------------------------


def test_snowstorm_slots() -> None:
    tiles = full()
    assert snowstorm_slots(tiles) == []
    remove(tiles, 3, (1, 1))
    assert snowstorm_slots(tiles) == [at(3, (1, 1))]
    outer = next(p for p in SNOW if sum(add(p, o) in SURFACE for o in V_DOWN) == 1)
    remove(tiles, 3, outer)  # rests on 1 Surface tile and 2 edges
    assert sorted(snowstorm_slots(tiles)) == sorted([at(3, (1, 1)), at(3, outer)])
    # Surface (0,0) goes with its 3 covers: the Snow slots over it would leave a gap, the
    # Surface slot itself rests on 3 Deep tiles
    remove(tiles, 3, (-2, 1), (1, -2))
    remove(tiles, 2, (0, 0))
    assert sorted(snowstorm_slots(tiles)) == sorted([at(2, (0, 0)), at(3, outer)])
    # a Deep slot (over Azulia) never takes a Snow tile; on an empty board nothing
    # (every Surface and Snow slot rests on at least one tile slot)
    remove(tiles, 2, (3, 0), (0, 3))
    for p in ((4, 1), (1, 4), (4, -2), (-2, 4)):
        tiles[at(3, p)] = EMPTY
    remove(tiles, 1, (1, 1))
    assert at(1, (1, 1)) not in snowstorm_slots(tiles)
    assert snowstorm_slots(empty_all()) == []


# --- Azulia (C8) --------------------------------------------------------------------------


def test_district_structure() -> None:
    assert BOARD.district_names == tuple(DISTRICTS)
    assert sum(len(c) for c in DISTRICTS.values()) == 37
    assert set(CELL_OF) == AZULIA
    for d, name in enumerate(BOARD.district_names):
        assert set(BOARD.district_cells[d]) == {(3 * a, 3 * b) for a, b in DISTRICTS[name]}
    tiles = empty_all()  # every district exposed

    def touching(name: str) -> set[str]:
        return {BOARD.district_names[x] for x in adjacent(tiles, NO_RIFT, district(name))
                if BOARD.level[x] == 0}

    assert touching("C") == {"S0", "S1", "S2", "S3", "S4", "S5"}
    for k in range(6):
        assert touching(f"S{k}") == {"C", f"S{(k + 1) % 6}", f"S{(k - 1) % 6}"}
    # and up to every Deep tile or Deep-level edge over one of its cells
    tiles = empty_all()
    for p in DEEP:
        tiles[at(1, p)] = at(1, p)
    for name, cells in DISTRICTS.items():
        mine = {(3 * a, 3 * b) for a, b in cells}
        up = {BOARD.coord[x] for x in adjacent(tiles, NO_RIFT, district(name))
              if BOARD.level[x] == 1}
        assert up == {p for p in DEEP | DEEP_EDGES if any(add(p, o) in mine for o in V_DOWN)}


def test_deep_tiles_straddle_district_borders() -> None:
    spread = Counter(len({CELL_OF[add(p, o)] for o in V_DOWN}) for p in DEEP)
    assert spread == {1: 12, 2: 12, 3: 3}


def test_icons_are_under_three_deep_tiles() -> None:
    assert len(BOARD.icons) == 7
    for i, (d, over) in enumerate(BOARD.icons):
        a, b = ICONS[i]
        cell = (3 * a, 3 * b)
        assert CELL_OF[cell] == BOARD.district_names[d]
        expect = {sub(cell, o) for o in V_DOWN}
        assert expect <= DEEP and {BOARD.coord[s] for s in over} == expect
        tiles = full()
        for k, u in enumerate(sorted(expect)):
            assert not icon_uncovered(tiles, i)
            remove(tiles, 1, u)
            assert icon_uncovered(tiles, i) == (k == 2)
    assert sorted(d for d, _ in BOARD.icons) == list(range(7))  # one per district
