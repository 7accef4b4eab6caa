"""ICE's board geometry: the places, what rests on what, and who can reach whom.

A place is an int ``0..BOARD.n-1``: the 7 Azulia districts (level 0) first, then per level
1..3 its tile slots and its edge slots (frame slots explorers may stand on; none around the
top layer). A position is ``tiles``, indexed by place: the tile id in a slot or ``EMPTY``
(edges and districts always hold ``EMPTY``); ``rift`` gives a Rift tile's axis 0..2 (it
blocks its sides a and a+3) or -1, and must be -1 on empty slots. Everything static is
derived once, from ``data/board.toml``, into ``BOARD``; the functions below are called
inside bot search loops, so they only index precomputed tuples.

>>> full = [EMPTY] * BOARD.n
>>> for lv in (1, 2, 3):
...     for slot in BOARD.slots[lv]:
...         full[slot] = slot
>>> spot = BOARD.centre_spots[0]
>>> sorted(adjacent(full, [-1] * BOARD.n, spot)) == sorted(
...     q for q in BOARD.sides[spot] if q >= 0)
True
>>> excavation(full, BOARD.slots[2][0]) is None   # a Surface tile under 3 Snow tiles
True
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
EMPTY = -1
FILE = "board.toml"

Coord = tuple[int, int]
_NO_AXIS = 3  # a step that no rift axis (0..2) blocks: between districts


@dataclass(frozen=True)
class Board:
    """Every static fact about the places (see the module docstring for the numbering).

    ``below``: the places a piece rests on (a tile: 3; a Deep slot: the districts owning
    its 3 cells, a district repeated when it owns 2 or 3; an edge: those of its 3 points
    that are places). ``above``: the TILE slots one level up resting on it (a frame edge
    resting on a place never moves, so it does not count as a cover). ``steps``: the
    same-level moves (place, rift axis of that side, bridge), where the bridge is the tile
    slot one level up lying over the shared side (-1: nothing lies over it). ``cross``:
    the places one level up or down that overlap it. ``place_at`` maps (level, q, r) to a
    place; for level 0 every Azulia cell maps to its district.
    """

    n: int
    level: tuple[int, ...]
    kind: tuple[str, ...]
    coord: tuple[Coord, ...]
    below: tuple[tuple[int, ...], ...]
    above: tuple[tuple[int, ...], ...]
    sides: tuple[tuple[int, ...], ...]
    rim: tuple[bool, ...]
    slots: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, ...], ...]
    centre_spots: tuple[int, int, int]
    icons: tuple[tuple[int, tuple[int, int, int]], ...]
    district_names: tuple[str, ...]
    district_cells: tuple[tuple[Coord, ...], ...]
    place_at: dict[tuple[int, int, int], int]
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    cross: tuple[tuple[int, ...], ...]


# --- Loading ---------------------------------------------------------------------------


def _check(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise ValueError(f"{FILE}: {where}: {message}")


def _keys(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = set(raw) - allowed
    _check(not extra, where, f"unknown field(s) {sorted(extra)}")


def _pairs(raw: Any, count: int | None, where: str) -> tuple[Coord, ...]:
    ok = isinstance(raw, list) and all(
        isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in raw)
    _check(ok, where, "expected a list of [q, r] integer pairs")
    _check(count is None or len(raw) == count, where, f"expected {count} pairs")
    return tuple((p[0], p[1]) for p in raw)


def _add(p: Coord, o: Coord) -> Coord:
    return (p[0] + o[0], p[1] + o[1])


def _hexdist(p: Coord) -> int:
    a, b = p[0] // 3, p[1] // 3
    return max(abs(a), abs(b), abs(a + b))


def _layers(raw: dict[str, Any]) -> tuple[list[str], list[list[Coord]], list[list[Coord]],
                                            dict[str, tuple[Coord, ...]], tuple[Coord, ...]]:
    """Derive every layer's tile and edge points from the lattice parameters."""
    lat = raw["lattice"]
    _keys(lat, {"h", "v", "sides", "rests_on_v", "rests_on_h", "radius"}, "lattice")
    res = {"H": lat["h"], "V": lat["v"]}
    # the radius rule counts from the centre (0, 0), an H point
    _check(res["H"] % 3 == 0 != res["V"] % 3, "lattice", "h must be 0 and v not 0 (mod 3)")
    sides = _pairs(lat["sides"], 6, "lattice sides")
    for k, s in enumerate(sides):
        _check(s[0] % 3 == s[1] % 3 == 0 and s != (0, 0), "lattice sides", f"bad offset {s}")
        _check(sides[(k + 3) % 6] == (-s[0], -s[1]), "lattice sides",
               f"side {k} and side {(k + 3) % 6} must be opposite")
    down = {"V": _pairs(lat["rests_on_v"], 3, "lattice rests_on_v"),
            "H": _pairs(lat["rests_on_h"], 3, "lattice rests_on_h")}
    for name, other in (("V", "H"), ("H", "V")):
        for o in down[name]:
            _check((res[name] + o[0]) % 3 == (res[name] + o[1]) % 3 == res[other] % 3,
                   f"lattice rests_on_{name.lower()}", f"offset {o} does not reach {other}")
    radius = lat["radius"]
    _check(type(radius) is int and radius >= 1, "lattice", "radius must be a positive int")
    span = range(-3 * (radius + 3), 3 * (radius + 3) + 1)

    def points(lattice: str) -> list[Coord]:
        r0 = res[lattice] % 3
        return [(q, r) for r in span for q in span if q % 3 == r0 and r % 3 == r0]

    names: list[str] = []
    lattices: list[str] = []
    tiles: list[list[Coord]] = []
    for i, lv in enumerate(raw["level"]):
        where = f"level {lv.get('name', i)!r}"
        _keys(lv, {"name", "lattice", "rule", "tiles", "edges"}, where)
        _check(lv["name"] not in names, where, "duplicate level name")
        lattice, rule = lv["lattice"], lv["rule"]
        _check(lattice in res, where, f"unknown lattice {lattice!r}")
        _check(i == 0 or lattice != lattices[-1], where, "layers must alternate lattices")
        if rule == "radius":
            _check(lattice == "H", where, "the radius rule is for the H lattice")
            found = [p for p in points(lattice) if _hexdist(p) <= radius]
        else:
            _check(rule in ("all", "any") and i > 0, where, f"bad rule {rule!r}")
            under = set(tiles[-1])
            test = all if rule == "all" else any
            found = [p for p in points(lattice) if test(_add(p, o) in under
                                                       for o in down[lattice])]
        names.append(lv["name"])
        lattices.append(lattice)
        tiles.append(sorted(found, key=lambda p: (p[1], p[0])))
    _check(len(names) >= 2, "level", "at least Azulia and one tile layer")
    edges: list[list[Coord]] = []
    for i, lv in enumerate(raw["level"]):
        e: set[Coord] = set()
        if i + 1 < len(tiles):
            e = {_add(p, o) for p in tiles[i + 1] for o in down[lattices[i + 1]]} - set(tiles[i])
        where = f"level {lv['name']!r}"
        _check(len(tiles[i]) == lv["tiles"], where,
               f"the rule gives {len(tiles[i])} tiles, not {lv['tiles']}")
        _check(len(e) == lv["edges"], where, f"the rule gives {len(e)} edges, not {lv['edges']}")
        _check(i > 0 or not e, where, "Azulia has no edge slots")
        edges.append(sorted(e, key=lambda p: (p[1], p[0])))
    lat_down = {n: down[la] for n, la in zip(names, lattices, strict=True)}
    return names, tiles, edges, lat_down, sides


def _districts(raw: list[dict[str, Any]], cells: set[Coord], sides: tuple[Coord, ...]) -> tuple[
        list[str], list[tuple[Coord, ...]], list[Coord]]:
    names: list[str] = []
    groups: list[tuple[Coord, ...]] = []
    icons: list[Coord] = []
    owner: dict[Coord, str] = {}
    for i, d in enumerate(raw):
        where = f"district {d.get('name', i)!r}"
        _keys(d, {"name", "icon", "cells"}, where)
        _check(d["name"] not in names, where, "duplicate district name")
        group = tuple((3 * a, 3 * b) for a, b in _pairs(d["cells"], None, where + " cells"))
        for (a, b), c in zip(d["cells"], group, strict=True):
            _check(c in cells, where, f"cell ({a}, {b}) outside Azulia")
            _check(c not in owner, where, f"cell ({a}, {b}) already in district {owner.get(c)}")
            owner[c] = d["name"]
        reached, todo = {group[0]}, [group[0]]
        while todo:
            p = todo.pop()
            for s in sides:
                if (q := _add(p, s)) in group and q not in reached:
                    reached.add(q)
                    todo.append(q)
        _check(len(reached) == len(group), where, "cells must form one connected piece")
        (icon,) = _pairs([d["icon"]], 1, where + " icon")
        _check((3 * icon[0], 3 * icon[1]) in group, where, f"icon cell {icon} not in district")
        names.append(d["name"])
        groups.append(group)
        icons.append((3 * icon[0], 3 * icon[1]))
    for c in sorted(cells - set(owner)):
        _check(False, "district", f"Azulia cell ({c[0] // 3}, {c[1] // 3}) in no district")
    return names, groups, icons


def load(data: Path = DATA) -> Board:
    """Read and check ``board.toml`` in ``data`` (tests pass a copy of the directory)."""
    try:
        with open(data / FILE, "rb") as fh:
            raw = tomllib.load(fh)
        return _build(raw)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"{FILE}: missing or malformed entry ({e!r})") from e


def _build(raw: dict[str, Any]) -> Board:
    _keys(raw, {"lattice", "level", "centre_spots", "district"}, "top level")
    names, tiles, edges, down, sides = _layers(raw)
    top = len(names) - 1
    dnames, dcells, icon_cells = _districts(raw["district"], set(tiles[0]), sides)
    level: list[int] = []
    kind: list[str] = []
    coord: list[Coord] = []
    place_at: dict[tuple[int, int, int], int] = {}
    for d, group in enumerate(dcells):
        cx = sum(c[0] + c[1] / 2 for c in group) / len(group)
        cy = sum(c[1] for c in group) / len(group)
        # the cell nearest the district's centroid stands for it (rendering, distances)
        coord.append(min(group, key=lambda c: (c[0] + c[1] / 2 - cx) ** 2
                         + 0.75 * (c[1] - cy) ** 2))
        level.append(0)
        kind.append("district")
        for c in group:
            place_at[(0, *c)] = d
    slots: list[tuple[int, ...]] = [tuple(range(len(dcells)))]
    edge_slots: list[tuple[int, ...]] = [()]
    for lv in range(1, top + 1):
        for what, pts, out in (("tile", tiles[lv], slots), ("edge", edges[lv], edge_slots)):
            first = len(level)
            for pt in pts:
                place_at[(lv, *pt)] = len(level)
                level.append(lv)
                kind.append(what)
                coord.append(pt)
            out.append(tuple(range(first, len(level))))
    n = len(level)
    below: list[tuple[int, ...]] = []
    for p in range(n):
        lv, (q, r) = level[p], coord[p]
        rest = [] if lv == 0 else [place_at.get((lv - 1, q + o[0], r + o[1]), -1)
                                   for o in down[names[lv]]]
        _check(kind[p] != "tile" or -1 not in rest, f"{names[lv]} slot {coord[p]}",
               "rests on a point that is no place")
        below.append(tuple(x for x in rest if x >= 0))
    above_sets: list[set[int]] = [set() for _ in range(n)]
    cross_sets: list[set[int]] = [set(below[p]) for p in range(n)]
    for p in range(n):
        for b in below[p]:
            cross_sets[b].add(p)
            if kind[p] == "tile":
                above_sets[b].add(p)
    above = tuple(tuple(sorted(s)) for s in above_sets)
    for p in range(n):
        _check(bool(above[p]) or level[p] == top, f"{names[level[p]]} place {coord[p]}",
               "nothing rests on it")
    side_places = tuple(
        (-1,) * 6 if level[p] == 0 else tuple(place_at.get((level[p], *_add(coord[p], s)), -1)
                                              for s in sides)
        for p in range(n))
    rim = tuple(kind[p] == "tile" and sum(kind[x] == "tile" for x in side_places[p] if x >= 0)
                < 6 for p in range(n))
    def steps(p: int) -> tuple[tuple[int, int, int], ...]:
        """The same-level moves from ``p``: (neighbour, rift axis of the side, bridge).

        The shared side of two neighbours lies wholly under the one place of the level
        above resting on both (the upper piece's centre is the side's end on its lattice).
        Pieces whose visible parts meet only at a corner are not adjacent (RB Adjacency
        Rule), so the move needs that place to be an empty tile slot: never under a frame
        edge, never along the open outer part of an edge (the top layer's edges, RB Move).
        """
        lv, out = level[p], []
        for k, x in enumerate(side_places[p]):
            if x < 0:
                continue
            if lv == top:
                out.append((x, k % 3, -1))
                continue
            up, a, b = down[names[lv + 1]], coord[p], coord[x]
            common = {(a[0] - o[0], a[1] - o[1]) for o in up} & {(b[0] - o[0], b[1] - o[1])
                                                                 for o in up}
            _check(len(common) == 1, "lattice", "neighbours must share one upper corner")
            bridge = place_at.get((lv + 1, *common.pop()), -1)
            if bridge >= 0 and kind[bridge] == "tile":
                out.append((x, k % 3, bridge))
            elif bridge < 0 and kind[p] == kind[x] == "tile":
                out.append((x, k % 3, -1))
        return tuple(out)

    moves = [steps(p) for p in range(n)]
    for d, group in enumerate(dcells):
        touching = {place_at[(0, *_add(c, s))] for c in group for s in sides
                    if (0, *_add(c, s)) in place_at} - {d}
        moves[d] = tuple((x, _NO_AXIS, -1) for x in sorted(touching))
    spots = tuple(place_at.get((top, *c), -1) for c in _pairs(raw["centre_spots"], 3,
                                                              "centre_spots"))
    _check(all(s >= 0 and kind[s] == "tile" for s in spots) and len(set(spots)) == 3,
           "centre_spots", "must be 3 different top-layer slots")
    icons = []
    for d, c in enumerate(icon_cells):
        over = tuple(place_at.get((1, *_add(c, (-o[0], -o[1]))), -1) for o in down[names[1]])
        _check(all(x >= 0 and kind[x] == "tile" for x in over), f"district {dnames[d]!r}",
               f"icon cell ({c[0] // 3}, {c[1] // 3}) is not under 3 {names[1]} tiles")
        icons.append((d, (over[0], over[1], over[2])))
    return Board(
        n=n, level=tuple(level), kind=tuple(kind), coord=tuple(coord), below=tuple(below),
        above=above, sides=side_places, rim=rim, slots=tuple(slots), edges=tuple(edge_slots),
        centre_spots=(spots[0], spots[1], spots[2]), icons=tuple(icons),
        district_names=tuple(dnames), district_cells=tuple(dcells), place_at=place_at,
        steps=tuple(moves), cross=tuple(tuple(sorted(s)) for s in cross_sets))


BOARD = load()

# Module-level copies: a global tuple lookup is cheaper than an attribute lookup.
_ABOVE = BOARD.above
_BELOW = BOARD.below
_HOLDS = tuple(k == "tile" for k in BOARD.kind)
_STEPS = BOARD.steps
_CROSS = BOARD.cross
_RIM = BOARD.rim
_TILE_NEAR = tuple(tuple(x for x in s if x >= 0 and _HOLDS[x]) for s in BOARD.sides)
_INNER = tuple(p for p in range(BOARD.n) if _HOLDS[p] and not _RIM[p])
# Snowstorm: slots resting on tiles or edges only (not on Azulia), with their tile supports.
_STORM = tuple((p, tuple(b for b in _BELOW[p] if _HOLDS[b])) for p in range(BOARD.n)
               if _HOLDS[p] and all(BOARD.level[b] > 0 for b in _BELOW[p]))


# --- Queries ---------------------------------------------------------------------------


_TILE_SLOTS = tuple(p for level in (1, 2, 3) for p in BOARD.slots[level])


def covers(tiles: Sequence[int], place: int) -> list[int]:
    """The present tiles one level up resting on ``place``."""
    return [a for a in _ABOVE[place] if tiles[a] >= 0]


def exposed(tiles: Sequence[int], place: int) -> bool:
    """Whether ``place`` can hold explorers: a present tile (or an edge, or a district) of
    which some part is visible, i.e. one of the slots resting on it is empty."""
    if tiles[place] < 0 and _HOLDS[place]:
        return False
    above = _ABOVE[place]
    if not above:
        return True
    for a in above:  # noqa: SIM110 (a loop is ~5x faster than any() over a generator)
        if tiles[a] < 0:
            return True
    return False


def uncovered(tiles: Sequence[int], place: int) -> bool:
    """A present tile with nothing on it (RB Glossary: Uncovered tile)."""
    if tiles[place] < 0:
        return False
    for a in _ABOVE[place]:  # noqa: SIM110 (hot path, see exposed)
        if tiles[a] >= 0:
            return False
    return True


def uncovered_tiles(tiles: Sequence[int]) -> list[int]:
    """Every present tile with nothing on it, in place order (a hot path: inlined)."""
    out = []
    for place in _TILE_SLOTS:
        if tiles[place] < 0:
            continue
        for a in _ABOVE[place]:
            if tiles[a] >= 0:
                break
        else:
            out.append(place)
    return out


def adjacent(tiles: Sequence[int], rift: Sequence[int], place: int) -> list[int]:
    """The exposed places one Move away from ``place`` (rifts block their two sides)."""
    out = []
    ra = rift[place]
    holds, above_of = _HOLDS, _ABOVE
    for x, axis, bridge in _STEPS[place]:
        if axis == ra or axis == rift[x]:
            continue
        if tiles[x] < 0 and holds[x]:
            continue  # an empty slot: nothing to stand on
        if bridge >= 0:
            # the empty bridge slot rests on x, so x shows unless the bridge is present
            if tiles[bridge] < 0:
                out.append(x)
            continue
        above = above_of[x]
        if not above:
            out.append(x)
            continue
        for a in above:  # ``exposed`` inlined: the hottest loop of the game
            if tiles[a] < 0:
                out.append(x)
                break
    for x in _CROSS[place]:
        if tiles[x] < 0 and holds[x]:
            continue
        above = above_of[x]
        if not above:
            out.append(x)
            continue
        for a in above:
            if tiles[a] < 0:
                out.append(x)
                break
    return out


def excavation(tiles: Sequence[int], place: int) -> int | None:
    """Whether the tile in ``place`` may be excavated: -1 when uncovered, the slot of its
    one covering tile when that tile is itself uncovered (it collapses), else None."""
    if tiles[place] < 0:
        return None
    cover = -1
    for a in _ABOVE[place]:
        if tiles[a] >= 0:
            if cover >= 0:
                return None
            cover = a
    if cover < 0:
        return -1
    for a in _ABOVE[cover]:
        if tiles[a] >= 0:
            return None
    return cover


def _lonely(tiles: Sequence[int], place: int) -> bool:
    near = 0
    for x in _TILE_NEAR[place]:
        if tiles[x] >= 0:
            near += 1
            if near > 1:
                return False
    return True


def chain_collapse(tiles: Sequence[int]) -> list[int]:
    """The slots whose tiles collapse now, wave by wave (each wave in place order): every
    non-rim tile with at most one present tile beside it on its level. ``tiles`` is not
    changed."""
    t = list(tiles)
    gone: list[int] = []
    wave = [p for p in _INNER if t[p] >= 0 and _lonely(t, p)]
    while wave:
        for p in wave:
            t[p] = EMPTY
        gone += wave
        near = {x for p in wave for x in _TILE_NEAR[p] if t[x] >= 0 and not _RIM[x]}
        wave = [x for x in sorted(near) if _lonely(t, x)]
    return gone


def snowstorm_slots(tiles: Sequence[int]) -> list[int]:
    """Empty slots where a returned Snow tile would rest on 3 present tiles or edges."""
    out = []
    for p, under in _STORM:
        if tiles[p] < 0 and all(tiles[b] >= 0 for b in under):
            out.append(p)
    return out


def distances(tiles: Sequence[int], rift: Sequence[int], start: int) -> dict[int, int]:
    """Move steps from ``start`` to every place reachable over ``adjacent`` (start: 0)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        p = todo.popleft()
        d = dist[p] + 1
        for x in adjacent(tiles, rift, p):
            if x not in dist:
                dist[x] = d
                todo.append(x)
    return dist


def nearest(tiles: Sequence[int], rift: Sequence[int], start: int,
            wanted: Callable[[int], bool]) -> list[int]:
    """The ``wanted`` places fewest Move steps from ``start`` (itself included), in place
    order; [] when none can be reached. The search stops at the first distance that has
    one, so it is ``distances`` without the far places."""
    seen = {start}
    layer = [start]
    while layer:
        found = sorted(q for q in layer if wanted(q))
        if found:
            return found
        ahead = []
        for q in layer:
            for x in adjacent(tiles, rift, q):
                if x not in seen:
                    seen.add(x)
                    ahead.append(x)
        layer = ahead
    return []


def icon_uncovered(tiles: Sequence[int], icon_index: int) -> bool:
    """Whether all 3 Deep tiles over the icon's cell are gone."""
    for s in BOARD.icons[icon_index][1]:  # noqa: SIM110 (hot path, see exposed)
        if tiles[s] >= 0:
            return False
    return True
