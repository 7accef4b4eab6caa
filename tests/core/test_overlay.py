"""What-if overlays: checked at the one entrance of options, kept flat in the full
options, refused with the key and what is allowed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import wintergames as wg
from wintergames.core.errors import InvalidOptionError
from wintergames.core.overlay import OverlaySchema, Param, read_overlay

SCHEMA = OverlaySchema("demo", [
    Param("stand.vp", 1, "VP for a stand's last floe", low=0, high=10),
    Param("table", (1, 3, 6), "VP by floes", low=0),
    Param("rate", 0.5, "a share", low=0, high=1),
    Param("royal", True, "royal spaces count"),
])


def test_tables_and_dotted_keys_read_alike_and_defaults_drop_out() -> None:
    assert SCHEMA.check({"stand": {"vp": 2}}) == SCHEMA.check({"stand.vp": "2"}) \
        == {"stand.vp": 2}
    assert SCHEMA.check({"stand.vp": 1, "royal": "on", "rate": 0.5}) == {}
    assert SCHEMA.check({"table": [0, 0, 9], "royal": "off"}) == {
        "royal": False, "table": [0, 0, 9]}  # as JSON keeps it: a record reads back equal
    assert SCHEMA.values({"table": [0, 0, 9]})["table"] == (0, 0, 9)
    assert SCHEMA.check({"table": "[0, 0, 9]"}) == SCHEMA.check({"table": "0,0,9"}) == {
        "table": [0, 0, 9]}  # a list typed on a command line
    assert SCHEMA.values({"rate": 1})["rate"] == 1.0 and SCHEMA.values(None)["stand.vp"] == 1


@pytest.mark.parametrize(("raw", "match"), [
    ({"stand.vp": 11}, r"'stand.vp' cannot be 11; allowed: 0 to 10"),
    ({"stand.vp": 1.5}, r"'stand.vp' takes a whole number"),
    ({"stand.vp": True}, r"'stand.vp' takes a whole number"),
    ({"stand.vp": "lots"}, r"'stand.vp' takes a whole number"),
    ({"rate": float("nan")}, r"'rate' takes a number"),
    ({"table": [1, 2]}, r"'table' is a list of 3 numbers"),
    ({"table": [1, 2, -1]}, r"'table' cannot be -1; allowed: at least 0"),
    ({"royal": 1}, r"'royal' is true or false"),
    ({"stand.pv": 2}, r"no key 'stand.pv' \(did you mean 'stand.vp'\?\); keys: rate, royal"),
    ({"stand": {"vp": 2}, "stand.vp": 3}, r"'stand.vp' is given twice"),
    ([("stand.vp", 2)], r"a table of keys and values"),
])
def test_a_bad_overlay_names_its_key_and_what_is_allowed(raw: object, match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        SCHEMA.check(raw)


def test_a_schema_refuses_a_key_twice_or_a_default_out_of_its_bounds() -> None:
    with pytest.raises(ValueError, match="listed twice"):
        OverlaySchema("demo", [Param("a", 1, "a"), Param("a", 2, "a")])
    with pytest.raises(InvalidOptionError, match="cannot be 5"):
        OverlaySchema("demo", [Param("a", 5, "a", high=4)])


def test_an_overlay_file_is_read_as_toml_and_a_bad_one_is_named(tmp_path: Path) -> None:
    good = tmp_path / "double.toml"
    good.write_text("[stand]\nvp = 2\n")
    assert SCHEMA.check(read_overlay(good)) == {"stand.vp": 2}
    bad = tmp_path / "bad.toml"
    bad.write_text("[stand\n")
    with pytest.raises(InvalidOptionError, match=r"bad\.toml' is not TOML"):
        read_overlay(bad)
    with pytest.raises(InvalidOptionError, match="cannot read the overlay"):
        read_overlay(tmp_path / "missing.toml")


def test_validate_keeps_an_overlay_flat_in_the_full_options_and_changes_nothing_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from wintergames.core import registry

    spec = replace(wg.get_spec("snow-time"), overlay=SCHEMA)
    monkeypatch.setitem(registry._loaded, "snow-time", spec)
    given = {"overlay": {"stand": {"vp": 3}}}
    full = spec.validate(3, given)
    assert full["overlay"] == {"stand.vp": 3} and given == {"overlay": {"stand": {"vp": 3}}}
    assert spec.validate(3, full) == full  # the full options validate to themselves
    assert "overlay" not in spec.validate(3, {"overlay": {"stand.vp": 1}})  # all defaults
    assert spec.overlay_values(full)["stand.vp"] == 3
    with pytest.raises(InvalidOptionError, match="no key 'vp'"):
        wg.make("snow-time", 3, 1, {"overlay": {"vp": 3}})


def test_a_game_without_overlay_keys_refuses_one(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = replace(wg.get_spec("snow-time"), overlay=None)
    with pytest.raises(InvalidOptionError, match="takes no overlay"):
        spec.validate(3, {"overlay": {"a": 1}})


def test_checked_values_are_as_json_keeps_them_and_a_state_owns_its_options() -> None:
    import json

    checked = SCHEMA.check({"table": (2, 4, 8), "rate": 1})
    assert json.loads(json.dumps(checked)) == checked  # a record reads back equal
    state = wg.make("winter-queen", 3, 2, {"overlay": {"stand_emptied.vp": 2}})
    back = wg.state_from_json(json.loads(json.dumps(state.to_json())))
    assert back.options == state.options and state.options["overlay"] == {"stand_emptied.vp": 2}
    record = state.record()
    record["options"]["overlay"]["stand_emptied.vp"] = 7  # the caller's copy, not the state's
    assert state.options["overlay"] == {"stand_emptied.vp": 2}
