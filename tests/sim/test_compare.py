"""``wintergames compare``: a what-if run against the run as printed, game by game; and a
run's folder, command and resumption with an overlay."""

from __future__ import annotations

import json
import math
import shlex
import shutil
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wintergames.cli.main import app
from wintergames.core.errors import InvalidOptionError
from wintergames.sim import run_arena
from wintergames.sim.compare import compare_runs
from wintergames.sim.results import GAMES

runner = CliRunner()
BOTS = ["greedy", "random"]
STANDS = {"overlay": {"stand_emptied.vp": 3}}  # each emptied stand scores 3 VP, not 1


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Ten games as printed (A) and the same ten with the overlay (B)."""
    root = tmp_path_factory.mktemp("what-if")
    run_arena("winter-queen", 2, BOTS, games=10, seed=4, out=root / "a", workers=1,
              report=False)
    run_arena("winter-queen", 2, BOTS, games=10, seed=4, out=root / "b", workers=1,
              options=STANDS, report=False)
    return root / "a", root / "b"


def _games(folder: Path) -> dict[int, dict[str, object]]:
    return {g["index"]: g for g in map(json.loads, (folder / GAMES).read_text().splitlines())}


def _paired(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The mean difference and its 95% interval, from its definition."""
    d = [y - x for x, y in zip(a, b, strict=True)]
    half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    return statistics.fmean(d), statistics.fmean(d) - half, statistics.fmean(d) + half


def test_every_figure_is_the_paired_difference_with_its_interval(runs: tuple[Path, Path]) -> None:
    a, b = _games(runs[0]), _games(runs[1])
    c = compare_runs(*runs)
    assert c["games"] == 10 and "overlay: none in A, {stand_emptied.vp=3} in B" in \
        c["options_differ"]

    def stands(g: dict[str, object]) -> float:
        return float(sum(g["metrics"].get("vp:Stands emptied", [0, 0])))  # type: ignore[attr-defined]

    mean, low, high = _paired([stands(a[i]) for i in a], [stands(b[i]) for i in a])
    got = c["metrics"]["vp:Stands emptied"]
    assert got["diff"] == pytest.approx(mean, abs=1e-4) and mean > 0
    assert got["ci95"] == pytest.approx([low, high], abs=1e-4)
    for k in range(2):  # the k-th player to move, in each game's own turn order
        def won(g: dict[str, object], k: int = k) -> float:
            seat = g["order"][k]  # type: ignore[index]
            winners = g["winners"]
            return 1 / len(winners) if seat in winners else 0.0  # type: ignore[arg-type,operator]

        mean, low, high = _paired([won(a[i]) for i in a], [won(b[i]) for i in a])
        assert c["positions"][k]["diff"] == pytest.approx(mean, abs=1e-4)
        assert c["positions"][k]["ci95"] == pytest.approx([low, high], abs=1e-4)
    seat_scores = [float(b[i]["scores"][0]) - float(a[i]["scores"][0]) for i in a]  # type: ignore[index]
    assert c["scores"]["seats"][0]["diff"] == pytest.approx(statistics.fmean(seat_scores),
                                                            abs=1e-4)


def test_the_command_line_prints_the_tables_and_writes_the_page(
        runs: tuple[Path, Path], tmp_path: Path) -> None:
    page, numbers = tmp_path / "c.html", tmp_path / "c.json"
    result = runner.invoke(app, ["compare", str(runs[0]), str(runs[1]), "--html", str(page),
                                 "--json", str(numbers)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Win share by turn position" in text and "VP: Stands emptied" in text
    assert "10 games of winter-queen" in text
    html = page.read_text()
    assert "<h2>Win share by seat</h2>" in html and "VP: Stands emptied" in html
    assert json.loads(numbers.read_text())["games"] == 10


@pytest.mark.parametrize(("change", "message"), [
    ({"seed": 5}, "seed: 4 in A, 5 in B"),
    ({"bots": ["greedy", "greedy:samples=2"]}, "bots: greedy,random in A, greedy,greedy:samples=2"
                                              " in B"),
    ({"players": 3}, "players: 2 in A, 3 in B"),
])
def test_runs_of_other_games_are_refused_naming_what_differs(
        runs: tuple[Path, Path], tmp_path: Path, change: dict[str, object],
        message: str) -> None:
    plan = {"game": "winter-queen", "players": 2, "bots": BOTS, "seed": 4}
    plan.update(change)
    other = tmp_path / "other"
    run_arena(plan["game"], plan["players"], plan["bots"], games=2,  # type: ignore[arg-type]
              seed=plan["seed"], out=other, workers=1, report=False)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="not runs of the same games") as err:
        compare_runs(runs[0], other)
    assert message in str(err.value)
    result = runner.invoke(app, ["compare", str(runs[0]), str(other)])
    assert result.exit_code == 2 and message in " ".join(result.output.split())


def test_a_folder_that_is_no_run_is_refused(tmp_path: Path, runs: tuple[Path, Path]) -> None:
    with pytest.raises(InvalidOptionError, match=r"is no arena run: it has no plan\.json"):
        compare_runs(tmp_path, runs[1])


def test_the_command_of_a_run_with_an_overlay_reproduces_it(runs: tuple[Path, Path],
                                                            tmp_path: Path) -> None:
    words = shlex.split(json.loads((runs[1] / "summary.json").read_text())["command"])
    assert words[words.index("-o") + 1] == "overlay.stand_emptied.vp=3"
    out = words.index("--out")
    again = runner.invoke(app, [*words[1:out], "--out", str(tmp_path / "again"), "--workers",
                                "1", "--no-report"])
    assert again.exit_code == 0, again.output
    first, second = _games(runs[1]), _games(tmp_path / "again")
    assert [(g["scores"], g["metrics"]) for g in first.values()] == [
        (g["scores"], g["metrics"]) for g in second.values()]


def test_a_folder_refuses_to_resume_with_another_overlay(runs: tuple[Path, Path],
                                                         tmp_path: Path) -> None:
    folder = shutil.copytree(runs[1], tmp_path / "b")
    before = (folder / GAMES).read_text()
    with pytest.raises(InvalidOptionError,
                       match=r"options.overlay: \{stand_emptied.vp=3\} in the folder, "
                             r"\{stand_emptied.vp=2\} in this run"):
        run_arena("winter-queen", 2, BOTS, games=12, seed=4, out=folder, workers=1,
                  options={"overlay": {"stand_emptied.vp": 2}})
    with pytest.raises(InvalidOptionError, match="in the folder, none in this run"):
        run_arena("winter-queen", 2, BOTS, games=12, seed=4, out=folder, workers=1)
    assert (folder / GAMES).read_text() == before
    more = run_arena("winter-queen", 2, BOTS, games=12, seed=4, out=folder, workers=1,
                     options={"overlay": {"stand_emptied": {"vp": "3"}}}, report=False)
    assert more.resumed == 10  # the same overlay, written another way, resumes


def test_a_list_in_an_overlay_is_printed_so_the_command_finds_its_own_folder(
        tmp_path: Path) -> None:
    # Snow Time's fruit die faces: a list of numbers, printed comma-joined
    levels = {"overlay": {"fruit": {"die_levels": [6, 5, 4, 3, 2, 1]}}}
    run_arena("snow-time", 3, ["random"], games=2, seed=1, out=tmp_path, workers=1,
              options=levels, report=False)
    words = shlex.split(json.loads((tmp_path / "summary.json").read_text())["command"])
    assert "overlay.fruit.die_levels=6,5,4,3,2,1" in words
    again = runner.invoke(app, [*words[1:], "--workers", "1", "--no-report"])
    assert again.exit_code == 0, again.output
    assert "Resuming: 2 games already played, 0 to go." in again.output
