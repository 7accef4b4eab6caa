"""ICECOOL Wizards' notation, JSON form and integer codec."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.games.icecool_wizards.actions import ALL, GRID, Flick

SPEC = wg.get_spec("icecool-wizards")


def test_every_coded_action_round_trips() -> None:
    assert SPEC.num_distinct_actions(2) == len(ALL)
    for i, action in enumerate(ALL):
        assert SPEC.parse_action(str(action)) == action
        assert SPEC.action_from_json(action.to_json()) == action
        assert SPEC.encode(action, 2) == i and SPEC.decode(i, 2) == action


def test_flicks_are_quantized_so_replays_are_exact() -> None:
    f = Flick.of(12.345, 0.5049, -0.333)
    assert (f.angle_deg, f.power, f.spin) == (12.3, 0.5, -0.33)
    assert str(f) == "flick 12.3 0.5 -0.33"
    assert SPEC.action_from_json(f.to_json()) == f
    assert Flick.of(-90, 1, 0) == Flick.of(270, 1, 0)


def test_off_grid_flicks_are_legal_but_have_no_index() -> None:
    f = Flick.of(7.5, 0.61, 0.1)
    assert f not in GRID
    with pytest.raises(wg.ActionFormatError, match="off the flick grid"):
        SPEC.encode(f, 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [("flick 10 2 0", r"power is 0\.\.1"), ("flick 10 0.5 -3", r"spin is -1\.\.1"),
     ("flick ten 0.5 0", "angle must be a number"), ("flick nan 0.5 0", "finite"),
     ("cast F", "no element"), ("cast Q-wind", "no lesson card 'Q-wind'"),
     ("collect moon", "no icon 'moon'"), ("exam X9 F", "no exam space 'X9'"),
     ("exam X1 F+H+W+P", "1 to 3 lesson cards"), ("trade 7 give F take H", "1 to 4"),
     ("jump", "cannot read 'jump'")],
)
def test_bad_notation_is_explained(text: str, message: str) -> None:
    with pytest.raises(wg.ActionFormatError, match=message):
        SPEC.parse_action(text)


@pytest.mark.parametrize(
    ("obj", "message"),
    [({"kind": "flick", "angle": "90", "power": 1, "spin": 0}, "are numbers"),
     ({"kind": "flick", "angle": 90, "power": 1}, "missing 'spin'"),
     ({"kind": "exam", "space": "X1", "paid": "F"}, "list of lesson cards"),
     ({"kind": "discard", "card": "F", "face_down": "yes"}, "true or false"),
     ({"kind": "trade", "player": True, "give": "F", "take": "H"}, "numbered 1 to 4"),
     ({"kind": "swim"}, "unknown action kind 'swim'"), ("done", "JSON object")],
)
def test_bad_json_is_explained(obj: object, message: str) -> None:
    with pytest.raises(wg.ActionFormatError, match=message):
        SPEC.action_from_json(obj)
