"""A researcher's own policy in the arena: a ``module:factory`` entry point (command line
and Python) or a bot object (Python), against our bots with seats rotated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.sim import policy
from tests.sim.policy import Policy
from wintergames.bots import make
from wintergames.cli.main import app
from wintergames.core.errors import InvalidOptionError
from wintergames.sim import run_arena
from wintergames.sim.results import GAMES

ENTRY = "tests.sim.policy:make"
runner = CliRunner()


@pytest.fixture(autouse=True)
def _fresh_seeds() -> None:
    policy.SEEDS.clear()


def test_an_entry_point_plays_our_bots_in_every_seat_with_its_seats_seed(
        tmp_path: Path) -> None:
    result = run_arena("winter-queen", 2, [ENTRY, "greedy"], games=6, seed=2, out=tmp_path,
                       workers=1)
    assert [o.bots for o in result.outcomes] == [(ENTRY, "greedy"), ("greedy", ENTRY)] * 3
    # one made to check it before the games, then one per game with the seat's own seed
    jobs = [result.plan.job(i) for i in range(6)]
    assert [0, *(job.bot_seeds[job.bots.index(ENTRY)] for job in jobs)] == policy.SEEDS
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert set(summary["bots"]) == {ENTRY, "greedy"} and set(summary["ratings"]) == {
        ENTRY, "greedy"}
    won = sum(o.share(o.bots.index(ENTRY)) for o in result.outcomes)
    assert summary["bots"][ENTRY]["share"] == round(won / 6, 4)
    assert summary["command"].startswith(f"wintergames arena winter-queen --players 2 "
                                         f"--bots {ENTRY},greedy")
    assert ENTRY in (tmp_path / "report.html").read_text()


def test_the_command_line_takes_an_entry_point_and_worker_processes_play_it_the_same(
        tmp_path: Path) -> None:
    args = ["arena", "winter-queen", "--bots", f"{ENTRY},random", "--games", "4", "--seed",
            "1", "--no-report"]
    one = runner.invoke(app, [*args, "--out", str(tmp_path / "one"), "--workers", "1"])
    two = runner.invoke(app, [*args, "--out", str(tmp_path / "two"), "--workers", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert ENTRY in " ".join(one.output.split())

    def games(folder: str) -> list[tuple[object, ...]]:
        lines = [json.loads(x) for x in (tmp_path / folder / GAMES).read_text().splitlines()]
        return sorted((g["index"], g["bots"], g["scores"], g["winners"]) for g in lines)

    assert games("one") == games("two")


@pytest.mark.parametrize(("entrant", "message"), [
    ("tests.sim.nowhere:make", "no module named 'tests.sim.nowhere'"),
    ("tests.sim.policy:nobody", "has no attribute 'nobody'"),
    ("tests.sim.policy:SEEDS", "is a list, not a factory"),
    ("tests.sim.policy:broken", "failed when called with seed=0: FileNotFoundError: no "
                                "weights for seed 0"),
])
def test_a_bad_entry_point_is_refused_by_name_before_a_folder_is_made(
        tmp_path: Path, entrant: str, message: str) -> None:
    out = tmp_path / "never"
    result = runner.invoke(app, ["arena", "winter-queen", "--bots", f"{entrant},random",
                                 "--games", "2", "--out", str(out)])
    assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output
    assert not out.exists()


def test_a_bot_object_plays_from_a_copy_each_game_on_one_process_or_many() -> None:
    mine = Policy(seed=7, wander=0.3, name="mine")
    here = run_arena("winter-queen", 2, [mine, "greedy"], games=4, seed=1, workers=1,
                     report=False)
    pool = run_arena("winter-queen", 2, [mine, "greedy"], games=4, seed=1, workers=2,
                     report=False)
    assert here.plan.bots == ("mine (object)", "greedy")
    assert [o.bots for o in here.outcomes][:2] == [("mine (object)", "greedy"),
                                                   ("greedy", "mine (object)")]
    assert [(o.scores, o.winners) for o in here.outcomes] == [
        (o.scores, o.winners) for o in pool.outcomes]
    assert mine.rng.random() == Policy(seed=7).rng.random()  # the object itself unused
    assert "no command reproduces it" in default_line(here)


def default_line(result: object) -> str:
    from wintergames.sim.arena import default_command

    plan = result.plan  # type: ignore[attr-defined]
    return default_command(plan, range(4))


def test_our_own_bot_object_and_two_objects_of_one_name() -> None:
    result = run_arena("winter-queen", 2, [make("greedy", seed=3), "random"], games=2,
                       seed=1, workers=1, report=False)
    assert result.plan.bots == ("greedy (object)", "random")
    with pytest.raises(InvalidOptionError, match="two bot objects play as 'Policy"):
        run_arena("winter-queen", 2, [Policy(1), Policy(2)], games=2, workers=1)


def test_an_object_without_the_bot_interface_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="lacks the bot interface"):
        run_arena("winter-queen", 2, [object(), "random"], games=2, workers=1)  # type: ignore[list-item]
