"""The layout a page draws ICECOOL Wizards with names each lesson card's parts by its code,
so a page never takes a code apart to find its icon or element."""

from __future__ import annotations

from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.layout import layout


def test_each_lesson_code_names_its_icon_and_element() -> None:
    lessons = layout()["lessons"]
    assert set(lessons) == {IW.type_name(t) for t in range(len(IW.types))}
    assert lessons["H-fire"] == {"icon": "hourglass", "element": "fire"}
    assert lessons["F"] == {"icon": "fishbone", "element": None}
    assert {entry["icon"] for entry in lessons.values()} == set(IW.icons)
