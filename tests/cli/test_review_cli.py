"""``wintergames review RECORD --seat N``: the review's list, its plot and its JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import wintergames as wg
from wintergames.analysis import GRADE_WORDS, Budget, Review
from wintergames.cli.main import app

runner = CliRunner()


def recorded(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "snow-time.json"
    result = runner.invoke(app, ["play", "snow-time", "--players", "random,greedy",
                                 "--seed", "5", "--record", str(path)])
    assert result.exit_code == 0, result.output
    return path, json.loads(path.read_text())


def flat(text: str) -> str:
    return " ".join(text.split())


def table_rows(out: str) -> list[list[str]]:
    """The cells of each row of the printed table (a cell wrapped over lines rejoined)."""
    rows: list[list[str]] = []
    for line in out.splitlines():
        if not line.startswith("│"):
            continue
        cells = [cell.strip() for cell in line.strip("│").split("│")]
        if cells[0]:
            rows.append(cells)
        else:  # a continuation line of the row above
            rows[-1] = [" ".join(filter(None, pair)) for pair in zip(rows[-1], cells,
                                                                     strict=True)]
    return rows


def test_the_terminal_lists_the_flagged_moves_as_the_api_reviews_them(tmp_path: Path) -> None:
    path, record = recorded(tmp_path)
    plot, out = tmp_path / "curve.png", tmp_path / "review.json"
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--budget", "40",
                                 "--plot", str(plot), "--json", str(out)], terminal_width=200)
    assert result.exit_code == 0, result.output
    expected = wg.review(record, 0, Budget(iterations=40))
    written = Review.from_json(json.loads(out.read_text()))
    assert written.decisions == expected.decisions
    text = flat(result.output)
    assert f"accuracy {expected.accuracy:.1f} of 100 over {len(expected.decisions)} decisions" \
        in text
    rows = table_rows(result.output)
    worst = expected.worst()
    assert worst and len(rows) == len(worst)
    for row, d in zip(rows, worst, strict=True):  # the costliest first, in the engine's words
        assert row[0] == str(d.step)  # the position's step, as the replay numbers it
        assert row[1] == GRADE_WORDS[d.grade] and row[2] == f"−{100 * d.drop:.1f}%"
        assert row[3] == (d.played.label or {}).get("text", d.played.text)
        assert row[4] == (d.best.label or {}).get("text", d.best.text)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_all_lists_every_decision_in_order(tmp_path: Path) -> None:
    path, record = recorded(tmp_path)
    result = runner.invoke(app, ["review", str(path), "--seat", "1", "--budget", "20",
                                 "--all"], terminal_width=200)
    assert result.exit_code == 0, result.output
    steps = [int(row[0]) for row in table_rows(result.output)]
    assert steps == [d.step for d in wg.review(record, 1, Budget(iterations=20)).decisions]


def test_an_unfinished_game_a_bad_seat_or_budget_is_refused_clearly(tmp_path: Path) -> None:
    state = wg.make("snow-time", 2, seed=1)
    state.apply(state.legal_actions(0)[0], 0)
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(state.record()))
    path, _ = recorded(tmp_path)
    for args, message in [
        ([str(unfinished), "--seat", "0"], "a review is made once the game is over; this "
                                           "record stops after 1 action"),
        ([str(path), "--seat", "4"], "a seat is a whole number from 0 to 1"),
        ([str(path), "--seat", "0", "--budget", "2"], "iterations is a whole number from 10"),
        ([str(tmp_path / "none.json"), "--seat", "0"], "no such file"),
    ]:
        result = runner.invoke(app, ["review", *args], terminal_width=200)
        assert result.exit_code == 2, result.output
        assert message in flat(result.output)
