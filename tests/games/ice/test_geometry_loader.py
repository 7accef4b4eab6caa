"""The ICE board's loader (data/board.toml): the shipped file loads to the board the game
uses, and every kind of broken file is refused naming the file, the entry and the rule."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wintergames.games.ice import geometry
from wintergames.games.ice.geometry import BOARD


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    target.mkdir()
    shutil.copy(geometry.DATA / geometry.FILE, target / geometry.FILE)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_copy_loads(data_copy: Path) -> None:
    assert geometry.load(data_copy) == BOARD


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("[3, 0], [2, 1], [1, 2]]", "[4, 0], [2, 1], [1, 2]]",
         r"district 'S0': cell \(4, 0\) outside Azulia"),
        ("[[0, 2], [-1, 2],", "[[0, 1], [-1, 2],", r"district 'S1': cell \(0, 1\) already in "
         "district C"),
        ("[[2, 0], [1, 1], [3, 0]", "[[2, 0], [1, 1], [2, 0]",
         r"district 'S0': cell \(2, 0\) already in district S0"),
        ("[3, -2], [3, -1]]", "[3, -2]]", r"district: Azulia cell \(3, -1\) in no district"),
        ("icon = [1, 1]", "icon = [0, 0]", r"district 'S0': icon cell \(0, 0\) not in"),
        ("icon = [1, 1]", "icon = [3, 0]", r"district 'S0': icon cell \(3, 0\) is not under 3"),
        ('name = "S5"', 'name = "S4"', "district 'S4': duplicate district name"),
        ("radius = 3", "radius = 2", "level 'azulia': the rule gives 19 tiles, not 37"),
        ("tiles = 27", "tiles = 28", "level 'deep': the rule gives 27 tiles, not 28"),
        ("edges = 24", "edges = 25", "level 'surface': the rule gives 24 edges, not 25"),
        ('rule = "any"\ntiles', 'rule = "some"\ntiles', "level 'snow': bad rule 'some'"),
        ('rule = "any"\ntiles', 'rulee = "any"\ntiles',
         r"level 'snow': unknown field\(s\) \['rulee'\]"),
        ("sides = [[3, 0], [0, 3]", "sides = [[0, 3], [3, 0]", "lattice sides: side 0"),
        ("rests_on_h = [[1, 1]", "rests_on_h = [[0, 0]", "rests_on_h: offset"),
        ("centre_spots = [[1, 1]", "centre_spots = [[7, 7]", "centre_spots: must be 3"),
        ("[lattice]\n", "[lattic]\n", "board.toml: (top level|missing)"),
    ],
)
def test_loader_refuses_broken_data(data_copy: Path, old: str, new: str, message: str) -> None:
    edit(data_copy / geometry.FILE, old, new)
    with pytest.raises(ValueError, match=message) as err:
        geometry.load(data_copy)
    assert str(err.value).startswith("board.toml: ")


def test_loader_reports_the_s3_cell_for_a_moved_cell(data_copy: Path) -> None:
    # (1, 2) moved from S0 to S3 makes S3 two pieces
    edit(data_copy / geometry.FILE, "[2, 1], [1, 2]]", "[2, 1]]")
    edit(data_copy / geometry.FILE, "[-1, -2]]", "[-1, -2], [1, 2]]")
    with pytest.raises(ValueError, match="district 'S3': cells must form one connected"):
        geometry.load(data_copy)
