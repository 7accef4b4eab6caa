"""The CLI's what-if overlay (Winter Queen's keys): ``-o overlay=FILE.toml`` and
``-o overlay.KEY=VALUE`` (the keys win over the file's), kept in the record; a bad key
or file is refused by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wintergames as wg
from wintergames.cli.main import app
from wintergames.cli.seats import parse_options

runner = CliRunner()


def test_a_file_and_single_keys_make_one_overlay_the_keys_winning(tmp_path: Path) -> None:
    file = tmp_path / "what-if.toml"
    file.write_text("[stand_emptied]\nvp = 4\n[spellbooks]\nmax_held = 2\n")
    assert parse_options([f"overlay={file}", "overlay.stand_emptied.vp=2", "variant=x"]) == {
        "overlay": {"stand_emptied.vp": "2", "spellbooks.max_held": 2}, "variant": "x"}


def test_play_keeps_the_overlay_in_its_record(tmp_path: Path) -> None:
    file, record = tmp_path / "what-if.toml", tmp_path / "game.json"
    file.write_text("stand_emptied.vp = 4\n")
    result = runner.invoke(app, ["play", "winter-queen", "--players", "random,random,random",
                                 "--seed", "2", "-o", f"overlay={file}",
                                 "-o", "overlay.spellbooks.max_held=2", "--record", str(record)])
    assert result.exit_code == 0, result.output
    assert ("What-if rules. Changed from the printed game: spellbooks.max_held = 2; "
            "stand_emptied.vp = 4") in " ".join(result.output.split())
    kept = json.loads(record.read_text())
    changed = {"spellbooks.max_held": 2, "stand_emptied.vp": 4}
    assert kept["options"]["overlay"] == changed
    assert wg.replay(kept).options["overlay"] == changed


@pytest.mark.parametrize(("words", "said"), [
    (["-o", "overlay.stand_emptied.pv=2"], "no key 'stand_emptied.pv'"),
    (["-o", "overlay=/no/such/file.toml"], "cannot read the overlay '/no/such/file.toml'"),
])
def test_a_bad_overlay_is_refused_by_name(words: list[str], said: str) -> None:
    result = runner.invoke(app, ["play", "winter-queen", "--players", "random,random,random",
                                 "--seed", "2", *words])
    assert result.exit_code != 0
    assert said in " ".join(result.output.split())
