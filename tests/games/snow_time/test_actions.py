"""Snow Time's notation, JSON form and integer codec."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.games.snow_time.actions import ALL, HEAL, PLAY

SPEC = wg.get_spec("snow-time")


def test_every_action_round_trips_through_notation_json_and_integer() -> None:
    printed = SPEC.num_distinct_actions(3)
    assert printed == 5 * 10 + 5 * 29  # plays, then heals of at most two cards
    # An overlay's Healer may take back up to six: those heals are numbered after.
    most = {"overlay": {"special.healer.takes_back": 6}}
    assert SPEC.num_distinct_actions(3, most) == len(ALL) == printed + 5 * (35 + 35 + 21 + 7)
    for i, action in enumerate(ALL):
        assert SPEC.parse_action(str(action)) == action
        assert SPEC.action_from_json(action.to_json()) == action
        assert SPEC.encode(action, 3, most) == i and SPEC.decode(i, 3, most) == action
        if i < printed:
            assert SPEC.encode(action, 3) == i and SPEC.decode(i, 3) == action
    with pytest.raises(wg.ActionFormatError, match="action index"):
        SPEC.decode(printed, 3)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("r5", "red 5"), ("R 5", "red 5"), ("blue H", "blue healer"), ("g w", "green watcher"),
     ("yellow s", "yellow snowstorm"), ("purple heal 6 + 2", "purple heal 2+6"),
     ("red heal -", "red heal none")],
)
def test_short_forms_read_as_the_canonical_notation(text: str, canonical: str) -> None:
    assert str(SPEC.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [("red 8", "no card '8'"), ("orange 5", "no colour 'orange'"),
     ("red heal 9", "numbered 1..7"), ("red heal 2+2", "named twice"),
     ("red heal 1+2+3+4+5+6+7", "at most 6"), ("play", "cannot read 'play'")],
)
def test_bad_notation_is_explained(text: str, message: str) -> None:
    with pytest.raises(wg.ActionFormatError, match=message):
        SPEC.parse_action(text)


@pytest.mark.parametrize(
    ("obj", "message"),
    [({"kind": "play", "colour": "red", "card": 0}, "no card 0"),
     ({"kind": "play", "colour": "red", "card": True}, "no card True"),
     ({"kind": "play", "colour": "red"}, "missing 'card'"),
     ({"kind": "heal", "colour": "red", "cards": "3"}, "list of numbers"),
     ({"kind": "heal", "colour": "red", "cards": ["3"]}, "number 1..7"),
     ({"kind": "fly"}, "unknown action kind 'fly'; kinds: play, heal"),
     (["play"], "JSON object with a 'kind'")],
)
def test_bad_json_is_explained(obj: object, message: str) -> None:
    with pytest.raises(wg.ActionFormatError, match=message):
        SPEC.action_from_json(obj)


def test_json_forms() -> None:
    assert PLAY[1][3].to_json() == {"kind": "play", "colour": "blue", "card": 4}
    assert PLAY[0][8].to_json() == {"kind": "play", "colour": "red", "card": "watcher"}
    assert HEAL[2][0].to_json() == {"kind": "heal", "colour": "green", "cards": []}
    assert SPEC.action_from_json({"kind": "play", "colour": "r", "card": "h"}) == PLAY[0][7]


def test_codec_rejects_out_of_range_indices() -> None:
    with pytest.raises(wg.ActionFormatError, match=r"0\.\.194"):
        SPEC.decode(195, 3)
