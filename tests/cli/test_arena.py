"""``wintergames arena`` and ``wintergames balance`` on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wintergames.cli.main import app
from wintergames.games.winter_queen.components import EFFECT_TITLES, WQ

runner = CliRunner()


def test_arena_plays_reports_and_a_second_run_only_adds_games(tmp_path: Path) -> None:
    out = tmp_path / "wq"
    args = ["arena", "winter-queen", "--players", "2", "--bots", "greedy,random",
            "--games", "4", "--seed", "3", "--out", str(out), "--workers", "1"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    text = " ".join(first.output.split())
    assert "Winter Queen: 4 games" in text and "greedy" in text
    assert "Turn positions (4 games)" in text and "The player who moves first wins" in text
    assert "Seats (4 games)" in text
    assert "report.html" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 4
    # the command that gives the same games (the worker count changes none of them)
    assert summary["command"] == "wintergames " + " ".join(args[:-2])
    more = runner.invoke(app, [*args[:6], "--games", "6", *args[8:]])
    assert more.exit_code == 0, more.output
    assert "Resuming: 4 games already played, 2 to go." in more.output
    assert len((out / "games.jsonl").read_text().splitlines()) == 6


def test_the_default_folder_is_named_after_the_run(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    done = runner.invoke(app, ["arena", "snow-time", "--players", "3", "--bots",
                               "greedy:samples=2,random", "--games", "3", "--seed", "5",
                               "--workers", "1", "--no-report"])
    assert done.exit_code == 0, done.output
    made = [p.name for p in (tmp_path / "results").iterdir()]
    assert made == ["snow-time-3p-greedy-samples=2_random-seed5"]


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "greedy,nobody"], "no bot kind 'nobody'"),
    (["--bots", "flick"], "bot 'flick' cannot play Winter Queen"),
    (["--bots", "random", "-o", "colour=blue"], "Winter Queen has no option 'colour'"),
    (["--bots", "random", "--backend", "spark"], "no backend 'spark'"),
    (["--bots", "random", "--players", "9"], "played by 2 to 4 players, not 9"),
])
def test_a_bad_arena_command_says_why_and_writes_nothing(
        tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "never"
    result = runner.invoke(app, ["arena", "winter-queen", "--games", "2", "--out", str(out),
                                 *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not out.exists()


def test_balance_plays_mirror_games_and_reports_seats_and_metrics(tmp_path: Path) -> None:
    out = tmp_path / "balance"
    result = runner.invoke(app, ["balance", "snow-time", "--players", "3", "--bot", "greedy",
                                 "--games", "6", "--seed", "2", "--out", str(out),
                                 "--workers", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "6 mirror games of greedy" in text and "Seats (6 games)" in text
    assert "Snow Time has no turn order" in text  # every card is chosen at once
    assert "Metrics, mean per game" in text and "points: Fruit" in text
    summary = json.loads((out / "summary.json").read_text())
    assert summary["plan"]["bots"] == ["greedy"] and summary["ratings"] is None
    assert sum(s["share"] for s in summary["seats"]["seats"]) == pytest.approx(1, abs=1e-3)
    # the report names the command that made it: this one (the worker count aside)
    assert summary["command"] == ("wintergames balance snow-time --players 3 --bot greedy "
                                  f"--games 6 --seed 2 --out {out}")
    page = (out / "report.html").read_text()
    assert f"<pre>{summary['command']}</pre>" in page


def test_a_mirror_match_shows_no_share_by_bot_and_says_why(tmp_path: Path) -> None:
    out = tmp_path / "mirror"
    result = runner.invoke(app, ["balance", "winter-queen", "--games", "4", "--seed", "1",
                                 "--out", str(out), "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert not (out / "win_shares.png").exists() and (out / "positions.png").exists()
    page = (out / "report.html").read_text()
    assert "a mirror match" in page and "100% by construction" in page
    assert 'alt="win share by bot"' not in page and "<th>fair share</th>" not in page
    assert "The player who moves first wins" in page


def test_the_report_lists_items_by_code_and_name(tmp_path: Path) -> None:
    out = tmp_path / "items"
    result = runner.invoke(app, ["arena", "winter-queen", "--bots", "greedy,random",
                                 "--games", "2", "--seed", "1", "--out", str(out),
                                 "--workers", "1"])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text()
    summary = json.loads((out / "summary.json").read_text())
    books = [name.rpartition(":")[2] for name in summary["metrics"]
             if name.startswith("item:final-vp:")]
    assert books
    for book in books:  # each book's row: its code, then its two pages' effects
        pages = [EFFECT_TITLES[page.effect]
                 for page in next(b for b in WQ.books if b.id == book).pages]
        cell = page.split(f"<td>{book} ", 1)[1].split("</td>", 1)[0]
        assert " + " in cell and all(title in cell for title in pages), cell
