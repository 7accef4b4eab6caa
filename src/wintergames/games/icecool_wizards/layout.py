"""What a client draws the ICECOOL Wizards floor plan with (cm, y up, origin bottom-left).

>>> data = layout()
>>> len(data["rooms"]), len(data["exam_spaces"]), data["penguin_radius"]
(5, 6, 1.7)
"""

from __future__ import annotations

from typing import Any

from wintergames.games.icecool_wizards.components import IW


def layout() -> dict[str, Any]:
    table = IW.table
    return {
        "footprints": [list(r) for r in table.footprints],
        "walls": [{"a": list(w.a), "b": list(w.b), "radius": w.radius, "outer": w.outer}
                  for w in table.walls],
        "rooms": [{"id": r.id, "name": IW.room_names[r.id], "rect": list(r.rect)}
                  for r in table.rooms],
        "doorways": [{"id": d.id, "axis": d.axis, "at": d.at, "span": list(d.span)}
                     for d in table.doorways],
        "exam_spaces": [{"id": s.id, "rect": list(s.rect)} for s in table.spots],
        "white_lines": [[list(p) for p in line] for line in table.white_lines],
        "lesson_places": [{"icon": IW.icons[p.icon], "centre": list(p.centre),
                           "size": list(p.size)} for p in IW.places],
        "icons": [{"id": i, "name": n, "letter": c}
                  for i, n, c in zip(IW.icons, IW.icon_names, IW.icon_letters, strict=True)],
        "start": list(IW.start),
        "start_radius": IW.start_radius,
        "penguin_radius": IW.penguin.radius,
        "colours": list(IW.colours),
        # The flick's ranges: any value inside is legal (the listed grid only samples it).
        "flick": {"angle": [0, 360], "power": [0, 1], "spin": [-1, 1]},
    }
