"""An arena run: its files, resuming after a kill, and the same games on every backend."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tiers import soak_only
from wintergames.core.errors import InvalidOptionError
from wintergames.core.registry import get_spec
from wintergames.sim import Outcome, run_arena
from wintergames.sim.results import GAMES

CHEAP = ("winter-queen", 2, ["greedy", "random"])


def table(result_games: list[Outcome]) -> list[tuple[object, ...]]:
    """Each game without its times: what must be equal between two runs of it."""
    return [(o.index, o.seed, o.bots, o.scores, o.winners, o.moves, o.metrics)
            for o in result_games]


def test_a_run_writes_every_file_and_its_numbers_match_the_games(tmp_path: Path) -> None:
    result = run_arena(*CHEAP, games=8, seed=4, out=tmp_path, workers=2)
    names = {p.name for p in tmp_path.iterdir()}
    assert {"plan.json", GAMES, "games.csv", "games.parquet", "summary.json", "report.html",
            "win_shares.png", "scores.png", "seats.png", "length.png"} <= names
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert [int(r["index"]) for r in rows] == list(range(8))
    for row, o in zip(rows, result.outcomes, strict=True):
        assert row["bots"] == ";".join(o.bots)
        assert [float(v) for v in row["scores"].split(";")] == [float(s) for s in o.scores]
    import pyarrow.parquet as pq

    parquet = pq.read_table(tmp_path / "games.parquet").to_pylist()
    assert [r["scores"] for r in parquet] == [[float(s) for s in o.scores]
                                              for o in result.outcomes]
    summary = json.loads((tmp_path / "summary.json").read_text())
    # An independent count of the greedy bot's wins, from the CSV rows
    won = sum(1 / len(r["winners"].split(";")) for r in rows
              if str(r["bots"].split(";").index("greedy")) in r["winners"].split(";"))
    assert summary["bots"]["greedy"]["share"] == round(won / 8, 4)
    low, high = summary["bots"]["greedy"]["ci95"]
    assert low <= summary["bots"]["greedy"]["share"] <= high
    seat1 = sum(1 / len(r["winners"].split(";")) for r in rows
                if "0" in r["winners"].split(";"))
    assert summary["seats"]["seats"][0]["share"] == round(seat1 / 8, 4)
    assert summary["command"].startswith("wintergames arena winter-queen --players 2")
    assert set(summary["ratings"]) == {"greedy", "random"}
    page = (tmp_path / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 4 and "<img alt" in page
    assert 'src="http' not in page and "<script" not in page  # self-contained
    assert "Winter Queen: 8 games" in page and summary["command"] in page


def test_the_metrics_of_every_game_add_up_to_its_scores() -> None:
    for game in ("winter-queen", "snow-time", "icecool-wizards", "winterborne", "ice"):
        players = 3 if game != "icecool-wizards" else 2
        result = run_arena(game, players, ["random"], games=2, seed=1, workers=1, report=False)
        categories = get_spec(game).score_breakdown
        assert categories is not None
        for o in result.outcomes:
            points = [sum(v[p] for name, v in o.metrics.items() if name.startswith("vp:"))
                      for p in range(players)]
            assert points == [int(s) for s in o.scores], (game, o.index, o.metrics)
            for name, values in o.metrics.items():
                kind = name.partition(":")[2]
                assert name.startswith(("vp:", "item:", "n:", "game:")), name
                if name.startswith(("n:", "game:")):
                    assert kind in get_spec(game).metric_kinds and sum(values) > 0, name
                assert len(values) == (1 if name.startswith("game:") else players), name


def _cli(out: Path, games: int, workers: int = 1) -> list[str]:
    return [sys.executable, "-m", "wintergames.cli", "arena", "winter-queen", "--players", "2",
            "--bots", "greedy,random", "--games", str(games), "--seed", "9",
            "--out", str(out), "--workers", str(workers), "--no-report"]


def _wait_for_games(path: Path, count: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        assert proc.poll() is None, "the run ended before it could be interrupted"
        time.sleep(0.05)
    raise AssertionError("no games were written")


def _started_by_a_person() -> None:
    """The run as a person starts it, niced below the test watching it: Ctrl-C (SIGINT)
    stops it even where the tests run with SIGINT ignored (a background job of a shell
    without job control passes that on, and the run then played all its games)."""
    os.nice(19)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# A run long enough to be caught mid-way however loaded the machine: once three games are
# written, thirteen are left (two seconds of an idle machine's two cores, forty polls of
# the test watching it), and the run is niced below the test.
KILLED_RUN_GAMES = 16


# The fast tier interrupts a run one way; test_a_line_cut_short_by_a_kill_is_played_again
# covers what a kill leaves behind.
@pytest.mark.parametrize(("how", "workers"), [(signal.SIGINT, 2), *soak_only((signal.SIGKILL, 1))])
def test_a_killed_run_resumes_to_the_table_of_an_uninterrupted_one(
        tmp_path: Path, how: signal.Signals, workers: int) -> None:
    games = KILLED_RUN_GAMES
    whole = run_arena(*CHEAP, games=games, seed=9, out=tmp_path / "whole", workers=2,
                      report=False)
    cut = tmp_path / "cut"
    proc = subprocess.Popen(_cli(cut, games, workers), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, preexec_fn=_started_by_a_person)
    _wait_for_games(cut / GAMES, 3, proc)
    os.kill(proc.pid, how)
    output = " ".join(proc.communicate(timeout=60)[0].decode().split())  # as wrapped
    kept = (cut / GAMES).read_text().splitlines()
    assert 3 <= len(kept) < games, "the run was not interrupted mid-way"
    if how == signal.SIGINT:
        assert proc.returncode == 130 and "run the same command to go on" in output, output
    before = [json.loads(line) for line in kept if line.endswith("}")]
    again = subprocess.run(_cli(cut, games, workers), capture_output=True, text=True,
                           timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"Resuming: {len(before)} games already played" in again.stdout
    lines = [json.loads(line) for line in (cut / GAMES).read_text().splitlines()]
    assert lines[:len(before)] == before  # appended only: nothing rewritten
    assert sorted({g["index"] for g in lines}) == list(range(games))
    resumed = run_arena(*CHEAP, games=games, seed=9, out=cut, workers=1, report=False)
    assert resumed.resumed == games  # nothing left to play
    assert table(resumed.outcomes) == table(whole.outcomes)
    with (cut / "games.csv").open() as a, (tmp_path / "whole" / "games.csv").open() as b:
        drop = ("seconds", "think")
        rows_a = [{k: v for k, v in r.items() if k not in drop} for r in csv.DictReader(a)]
        rows_b = [{k: v for k, v in r.items() if k not in drop} for r in csv.DictReader(b)]
    assert rows_a == rows_b


def test_a_line_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    first = run_arena(*CHEAP, games=3, seed=2, out=tmp_path, workers=1, report=False)
    path = tmp_path / GAMES
    whole = path.read_text()
    path.write_text(whole + whole.splitlines()[0][:40])  # a kill mid-write
    more = run_arena(*CHEAP, games=5, seed=2, out=tmp_path, workers=1, report=False)
    assert more.resumed == 3 and table(more.outcomes[:3]) == table(first.outcomes)
    lines = path.read_text().splitlines()
    assert lines[:3] == whole.splitlines() and len(lines) == 6  # the torn line stays
    assert sorted(json.loads(x)["index"] for x in lines[4:]) == [3, 4]


def test_a_folder_of_another_run_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    run_arena(*CHEAP, games=2, seed=1, out=tmp_path, workers=1, report=False)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(InvalidOptionError, match=r"holds another run .*seed 1"):
        run_arena(*CHEAP, games=2, seed=2, out=tmp_path, workers=1, report=False)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_the_pool_and_ray_play_the_same_games() -> None:
    ray = pytest.importorskip("ray", reason="Ray is an optional extra (wintergames[cluster])")
    bots = ["ismcts:iterations=30", "greedy"]
    pool = run_arena("snow-time", 3, bots, games=4, seed=3, workers=2, report=False)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_arena("snow-time", 3, bots, games=4, seed=3, backend="ray",
                           report=False)
    finally:
        ray.shutdown()
    assert table(on_ray.outcomes) == table(pool.outcomes)
    assert len({o.scores for o in pool.outcomes}) > 1  # real, different games


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="no backend 'spark'; backends: local, ray"):
        run_arena(*CHEAP, games=1, backend="spark")
    with pytest.raises(InvalidOptionError, match="--address is for --backend ray"):
        run_arena(*CHEAP, games=1, address="auto")
