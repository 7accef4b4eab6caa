"""ICECOOL Wizards' components, read from ``data/*.toml`` once at import.

These are the components as printed. The rule numbers (flicks a turn, lessons on the
board ...) and the points a game plays with are in ``params.py``, which a what-if overlay
may change: the rules read those, never the printed points or deck here.

Lesson cards of the same icon and element are interchangeable, so a lesson card is
identified by its *type* (``IW.types``): ``"F"`` is a plain Magic Fishbone,
``"F-wind"`` a Magic Fishbone with the Wind element. Exam cards are indexed 0..19.

>>> IW.type_name(IW.type_index("W-fire")), IW.icon_letters
('W-fire', 'FHWPS')
>>> IW.exams[15].icons, IW.exams[15].points
((0, 1, 2), 9)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wintergames.physics import Doorway, PenguinParams, Region, Table, Wall
from wintergames.physics.table import rect_loop

DATA = Path(__file__).parent / "data"


def read_data(name: str) -> dict[str, Any]:
    """One data file's tables."""
    return tomllib.loads((DATA / name).read_text())


@dataclass(frozen=True, slots=True)
class LessonType:
    icon: int
    element: str | None  # "wind", "mountain", "water", "fire" or None for a plain card
    spell: str | None  # "extra-flick", "draw-two", "wild", "discard"


@dataclass(frozen=True, slots=True)
class Exam:
    icons: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class LessonPlace:
    icon: int
    room: str
    doorway: str | None  # the doorway the card lies across, if any
    centre: tuple[float, float]
    size: tuple[float, float]


@dataclass(frozen=True)
class Components:
    icons: tuple[str, ...]  # "fishbone", ...
    icon_names: tuple[str, ...]  # "Magic Fishbone", ...
    icon_letters: str  # "FHWPS"
    types: tuple[LessonType, ...]
    deck: tuple[int, ...]  # the 31 lesson cards as type indices
    exams: tuple[Exam, ...]
    places: tuple[LessonPlace, ...]  # one per icon, in icon order
    table: Table
    penguin: PenguinParams
    start: tuple[float, float]
    start_radius: float
    room_names: dict[str, str]
    exam_spaces: tuple[str, ...]  # "X1".."X6"
    colours: tuple[str, ...]
    near_wall: float  # cm of floor to a wall that still count as "close to a wall"

    def type_name(self, t: int) -> str:
        kind = self.types[t]
        letter = self.icon_letters[kind.icon]
        return f"{letter}-{kind.element}" if kind.element else letter

    def type_index(self, name: str) -> int | None:
        for t in range(len(self.types)):
            if self.type_name(t).lower() == name.strip().lower():
                return t
        return None

    def spell_types(self, spell: str) -> tuple[int, ...]:
        return tuple(t for t, kind in enumerate(self.types) if kind.spell == spell)


def _rect(values: list[float]) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = values
    return (x1, y1, x2, y2)


def _table(board: dict[str, Any]) -> Table:
    return Table(
        walls=tuple(
            Wall(tuple(w["a"]), tuple(w["b"]), w["radius"], w["outer"])
            for w in board["walls"]
        ),
        footprints=tuple(_rect(b["outer"]) for b in board["box"]),
        rooms=tuple(Region(r["id"], _rect(r["rect"])) for r in board["room"]),
        spots=tuple(Region(x["id"], _rect(x["rect"])) for x in board["exam_space"]),
        doorways=tuple(
            Doorway(d["id"], d["axis"], d["at"], tuple(d["span"]), d["half_width"])
            for d in board["doorway"]
        ),
        white_lines=tuple(rect_loop(_rect(b["white_line"])) for b in board["box"]),
    )


def _load_all() -> Components:
    board, lessons, exams, setup = (read_data("board.toml"), read_data("lessons.toml"),
                                     read_data("exams.toml"), read_data("setup.toml"))
    icons = tuple(i["id"] for i in lessons["icons"])
    letters = "".join(i["letter"] for i in lessons["icons"])
    spells = {e["id"]: e["spell"] for e in lessons["elements"]}
    types: list[LessonType] = []
    deck: list[int] = []
    for entry in lessons["cards"]:
        icon = icons.index(entry["icon"])
        types.append(LessonType(icon, None, None))
        deck += [len(types) - 1] * entry["plain"]
        for element in entry["elements"]:
            types.append(LessonType(icon, element, spells[element]))
            deck.append(len(types) - 1)
    places = []
    for p in board["lesson_place"]:
        places.append(LessonPlace(icons.index(p["icon"]), p["room"], p.get("doorway"),
                                  tuple(p["centre"]), tuple(p["size"])))
    places.sort(key=lambda p: p.icon)
    if [p.icon for p in places] != list(range(len(icons))):
        raise ValueError("board.toml: one lesson place per icon")
    return Components(
        icons=icons,
        icon_names=tuple(i["name"] for i in lessons["icons"]),
        icon_letters=letters,
        types=tuple(types),
        deck=tuple(deck),
        exams=tuple(
            Exam(tuple(letters.index(c) for c in e["icons"]), e["points"]) for e in exams["exams"]
        ),
        places=tuple(places),
        table=_table(board),
        penguin=PenguinParams(**read_data("physics.toml")),
        start=tuple(board["start"]["centre"]),
        start_radius=board["start"]["radius"],
        room_names={r["id"]: r["name"] for r in board["room"]},
        exam_spaces=tuple(x["id"] for x in board["exam_space"]),
        colours=tuple(setup["colours"]),
        near_wall=setup["near_wall"],
    )


IW = _load_all()
