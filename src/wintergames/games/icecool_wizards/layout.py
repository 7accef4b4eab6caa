"""What a client draws the ICECOOL Wizards floor plan with (cm, y up, origin bottom-left).

>>> data = layout()
>>> len(data["rooms"]), len(data["exam_spaces"]), data["penguin_radius"]
(5, 6, 1.7)
"""

from __future__ import annotations

import tomllib
from typing import Any

from wintergames.games.icecool_wizards.components import DATA, IW


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
        # Each lesson card type by its code ("H-fire"): its icon and spell element, so a
        # page draws a card from these fields, never by taking its code apart.
        "lessons": {IW.type_name(t): {"icon": IW.icons[k.icon], "element": k.element}
                    for t, k in enumerate(IW.types)},
        "start": list(IW.start),
        "start_radius": IW.start_radius,
        "penguin_radius": IW.penguin.radius,
        "colours": list(IW.colours),
        # The flick's ranges: any value inside is legal (the listed grid only samples it).
        "flick": {"angle": [0, 360], "power": [0, 1], "spin": [-1, 1]},
        # What players call the doorways and exam spaces, by code ("D1", "X6").
        "place_names": place_names(),
    }


def place_names() -> dict[str, str]:
    """The words a player uses for each doorway and exam space, by code: ``D1`` ->
    "doorway between Astrology and Magic 101", ``X6`` -> "top exam space in Magic 101"
    (a room's one exam space is "exam space in Potions"). The layout serves them, so the
    browser names places with the words the rules' terms are keyed by."""
    board = tomllib.loads((DATA / "board.toml").read_text(encoding="utf-8"))
    names = {d["id"]: "doorway between " + " and ".join(sorted(IW.room_names[r]
                                                                for r in d["joins"]))
             for d in board["doorway"]}
    for x in board["exam_space"]:
        mates = [m for m in board["exam_space"] if m["room"] == x["room"]]
        where = _position(x["rect"], [m["rect"] for m in mates]) if len(mates) > 1 else ""
        names[x["id"]] = f"{where}exam space in {IW.room_names[x['room']]}"
    return names


def _position(rect: list[float], rects: list[list[float]]) -> str:
    """``top `` / ``bottom `` (or ``left `` / ``right ``) for one of two exam spaces in a
    room: along the axis they are furthest apart."""
    centres = [((r[0] + r[2]) / 2, (r[1] + r[3]) / 2) for r in rects]
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    dx = max(c[0] for c in centres) - min(c[0] for c in centres)
    dy = max(c[1] for c in centres) - min(c[1] for c in centres)
    if dy >= dx:
        return "top " if cy >= max(c[1] for c in centres) else "bottom "
    return "right " if cx >= max(c[0] for c in centres) else "left "
