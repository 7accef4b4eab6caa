"""What a client draws ICE's board with (public component data, fetched once).

Places come in the order of ``actions.PLACES`` with their notation name, level (0 Azulia
district, 1 Deep, 2 Surface, 3 Snow), kind (district / tile / edge) and centre ``x, y``
in tile units (the distance between two neighbouring tile centres is 1; y points down
the screen): from the tripled axial coordinates (q, r) of components/ice.md C1,
x = (q + r/2) / 3 and y = r·√3/2 / 3. Hexes are pointy-topped with circumradius
``hex_radius``; an upper tile's centre lies on a corner of the three it rests on.

``thirds`` splits a place into the three parts a piece one level up can cover: for each,
the part's centre and the place lying over it (a tile slot, an edge, or null), so a client
knows which parts of a partly covered tile still show, and where to draw what stands on
it. Districts list the thirds of all their cells. ``sides`` are the six neighbour
directions in the order a Rift's axis counts them (axis a blocks sides a and a+3).
"""

from __future__ import annotations

import math
from typing import Any

from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.model import BACKS, GUILDS, LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.observe import TILE_FACES
from wintergames.games.ice.params import DEFAULT

ROOT3 = math.sqrt(3)


def _xy(q: float, r: float) -> list[float]:
    return [round((q + r / 2) / 3, 4), round(r * ROOT3 / 2 / 3, 4)]


def _rests_on(level: int) -> list[tuple[int, int]]:
    """The offsets from a piece of ``level`` (1..3) to the three points it rests on, read
    off the board (components/ice.md C1: Deep and Snow share a lattice, A-B-A)."""
    source = level if level > 1 else 3
    assert BOARD.coord[BOARD.slots[1][0]][0] % 3 == BOARD.coord[BOARD.slots[3][0]][0] % 3
    for u in BOARD.slots[source]:
        under = [b for b in BOARD.below[u] if BOARD.level[b] == source - 1]
        if len(under) == 3:
            uq, ur = BOARD.coord[u]
            return [(BOARD.coord[b][0] - uq, BOARD.coord[b][1] - ur) for b in under]
    raise AssertionError(f"no tile of level {source} rests on three places")


_REST = {level: _rests_on(level) for level in (1, 2, 3)}


def _thirds(place: int) -> list[dict[str, Any]]:
    level = BOARD.level[place]
    cells = BOARD.district_cells[place] if level == 0 else (BOARD.coord[place],)
    out = []
    for q, r in cells:
        for dq, dr in ((-a, -b) for a, b in _REST[level + 1]) if level < 3 else ():
            over = BOARD.place_at.get((level + 1, q + dq, r + dr)) if level < 3 else None
            out.append({"at": _xy(q + dq / 2, r + dr / 2),
                        "over": PLACES[over] if over is not None else None})
    return out


def _place(p: int) -> dict[str, Any]:
    q, r = BOARD.coord[p]
    out: dict[str, Any] = {
        "name": PLACES[p], "level": BOARD.level[p], "kind": BOARD.kind[p],
        "x": _xy(q, r)[0], "y": _xy(q, r)[1],
        "below": [PLACES[b] for b in BOARD.below[p]],
        "above": [PLACES[a] for a in BOARD.above[p]],
        "thirds": _thirds(p) if BOARD.level[p] < 3 else [],
    }
    if BOARD.level[p] == 0:
        out["cells"] = [_xy(cq, cr) for cq, cr in BOARD.district_cells[p]]
    return out


def _icons() -> list[dict[str, Any]]:
    """Azulia's 1 RP icons: the district, the cell (the centre of the 3 Deep slots over
    it) and those slots."""
    out = []
    for district, slots in BOARD.icons:
        q = sum(BOARD.coord[s][0] for s in slots) / 3
        r = sum(BOARD.coord[s][1] for s in slots) / 3
        out.append({"district": PLACES[district], "at": _xy(q, r),
                    "under": [PLACES[s] for s in slots]})
    return out


def _front_name(front: str) -> str:
    return front.replace("-", " ").capitalize()


def layout() -> dict[str, Any]:
    """The layout of every ICE table. Its card texts and rule numbers are the printed
    game's (``params.DEFAULT``): one layout serves every table, so a table with a what-if
    overlay shows its numbers in its log lines, prompts and choices instead."""
    sides = [(3, 0), (0, 3), (-3, 3), (-3, 0), (0, -3), (3, -3)]
    return {
        "levels": list(LEVELS),
        "types": list(TYPES),
        "backs": list(BACKS),
        "hex_radius": round(1 / ROOT3, 4),
        "sides": [_xy(q, r) for q, r in sides],
        "places": [_place(p) for p in range(BOARD.n)],
        # what a view's board names each tile by (observe.TILE_FACES): its public face
        "tile_faces": {face: dict(tile) for face, tile in TILE_FACES.items()},
        "centre_spots": [PLACES[p] for p in BOARD.centre_spots],
        "icons": _icons(),
        "glossary": dict(IC.glossary),
        "fronts": {t.id: {"front": t.front, "name": _front_name(t.front),
                          "talisman": TYPES[t.talisman] if t.talisman >= 0 else None,
                          "back": t.back}
                   for t in IC.tiles if t.level == 3},
        "artifacts": {t.id: {"type": "prismatic" if t.type == PRISMATIC else TYPES[t.type],
                             "shape": t.shape, "anima": t.anima, "layer": LEVELS[t.level]}
                      for t in IC.tiles if t.level < 3},
        "requests": {r.id: {"kind": r.kind, "text": r.text, "rp": r.rp, "rp3": r.rp3}
                     for r in DEFAULT.requests},
        "decrees": {d.id: d.text for d in DEFAULT.decrees},
        "logbook": {b.id: {"event": b.event, "text": b.text} for b in DEFAULT.logbook},
        "guilds": {g.id: {"name": g.name, "leader": g.leader, "text": g.text,
                          "short": IC.glossary[f"guild:{g.id}"]}
                   for g in IC.guilds if g.id in GUILDS},
        "days": DEFAULT.days,
        "ep_max": DEFAULT.ep_max, "turn_ep": DEFAULT.turn_ep,
        "overwork_ep": DEFAULT.overwork_ep,
    }
