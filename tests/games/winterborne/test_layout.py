"""The layout a client draws with states what a card, a spoils tile and a play code are as
fields (issue 38): the page never works them out from the shape of an id or a code."""

from __future__ import annotations

from wintergames.games.winterborne.actions import PLAYS
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.layout import layout


def test_a_card_states_its_type_banner_set_and_hex() -> None:
    cards = layout()["cards"]
    assert (cards["SHA1"]["type"], cards["SHA1"]["character"], cards["SHA1"]["banner"]) == (
        "house", "shaman", None)
    assert (cards["HORN1"]["type"], cards["HORN1"]["banner"]) == ("banner", "horn")
    assert cards["T4"]["character"] is None  # the hex of any one character
    for c in WB.cards:
        assert cards[c.id]["type"] == c.type and cards[c.id]["banner"] == (c.banner or None)


def test_a_spoils_tile_states_its_province_or_character() -> None:
    spoils = layout()["spoils"]
    assert spoils["PR-green"]["colour"] == "green" and spoils["PR-green"]["character"] is None
    assert spoils["HX-warrior-1"]["character"] == "warrior"
    assert spoils["MV-2a"]["kind"] == "move" and spoils["MV-2a"]["colour"] is None


def test_every_play_code_states_its_parts() -> None:
    codes = layout()["use_codes"]
    assert {code for plays in PLAYS for _, _, code in plays} < set(codes)
    assert codes["m2"] == {"kind": "move", "character": None, "resources": [], "steps": 2,
                           "ccw": False}
    assert codes["ccw3"]["ccw"] and codes["ccw3"]["steps"] == 3
    assert codes["+1g1x"]["resources"] == ["gold", "military"]
    assert codes["+x"] == {"kind": "gain-any", "character": None, "resources": ["military"],
                           "steps": None, "ccw": False}
    assert codes["hire:E"]["character"] == "explorer" and codes["S"]["character"] == "shaman"
