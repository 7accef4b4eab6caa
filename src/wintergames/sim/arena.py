"""``run_arena``: many games between bots, seats rotated, each game seeded from the run's
seed, on a process pool or a Ray cluster; numbers, pictures and a report at the end.

>>> result = run_arena("winter-queen", 2, ["greedy", "random"], games=2, seed=1, workers=1)
>>> [o.bots for o in result.outcomes]
[('greedy', 'random'), ('random', 'greedy')]
>>> sorted(result.summary["bots"]) == ["greedy", "random"]
True
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wintergames.core.errors import InvalidOptionError
from wintergames.core.registry import get_spec
from wintergames.sim.backends import backend as make_backend
from wintergames.sim.jobs import Outcome, Plan
from wintergames.sim.results import Folder, plan_json
from wintergames.sim.stats import summarize


@dataclass
class ArenaResult:
    """The games of a run (by index), their summary and the files written."""

    plan: Plan
    outcomes: list[Outcome]
    summary: dict[str, Any]
    resumed: int = 0  # games found already played in the folder
    files: list[Path] = field(default_factory=list)


def run_arena(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    first: int = 0,
    options: Mapping[str, Any] | None = None,
    out: Path | str | None = None,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    seeding: str = "derived",
    command: str | None = None,
    report: bool = True,
    on_start: Callable[[list[Outcome], int], None] | None = None,
    on_game: Callable[[Outcome], None] | None = None,
) -> ArenaResult:
    """Play games ``first`` .. ``first + games - 1`` of the plan and summarize them.

    With ``out``, every finished game is appended to ``out/games.jsonl`` as it ends, and a
    later call with the same plan plays only the games that file lacks (an interrupted run
    resumes); at the end ``games.csv`` (and ``games.parquet`` with pyarrow),
    ``summary.json``, the PNG plots and ``report.html`` are written there. ``on_start``
    hears the games already played and how many remain; ``on_game`` each game as it ends.
    """
    if games < 1 or first < 0:
        raise InvalidOptionError(f"an arena plays 1 or more games from index 0 or later, "
                                 f"not {games} from {first}")
    # The full options (defaults filled in): a run's folder then knows it whether an
    # option was given at its default or left out.
    full = get_spec(game).validate(players, options)
    plan = Plan(game, players, tuple(bots), seed, full, seeding)
    wanted = range(first, first + games)
    runner = make_backend(backend, workers, address)  # refused before any folder is made
    folder = Folder(Path(out), plan) if out is not None else None
    done = {i: o for i, o in (folder.done() if folder else {}).items() if i in wanted}
    jobs = [plan.job(i) for i in wanted if i not in done]
    if on_start is not None:
        on_start(sorted(done.values(), key=lambda o: o.index), len(jobs))
    found = dict(done)
    try:
        for outcome in runner.run(jobs):
            if folder is not None:
                folder.append(outcome)
            found[outcome.index] = outcome
            if on_game is not None:
                on_game(outcome)
    finally:
        runner.close()
    outcomes = [found[i] for i in wanted]
    summary = summarize(outcomes, players)
    result = ArenaResult(plan, outcomes, summary, resumed=len(done))
    if folder is not None:
        result.files = write_outputs(folder, result,
                                     command or default_command(plan, wanted, folder.path),
                                     report)
    return result


def write_outputs(folder: Folder, result: ArenaResult, command: str,
                  report: bool) -> list[Path]:
    """The tables, ``summary.json`` and, with ``report``, the plots and ``report.html``."""
    files = folder.write_tables(result.outcomes)
    summary_path = folder.path / "summary.json"
    summary_path.write_text(json.dumps({"command": command, "plan": plan_json(result.plan),
                                        **result.summary}, indent=1) + "\n")
    files.append(summary_path)
    if report:
        from wintergames.sim.plots import plot_all
        from wintergames.sim.report import write_report

        plan = result.plan
        pictures = plot_all(result.outcomes, result.summary, plan.game, plan.players,
                            folder.path)
        files += pictures
        files.append(write_report(folder.path, result.summary, plan_json(plan), command,
                                  pictures))
    return files


def default_command(plan: Plan, wanted: range, out: Path | None = None) -> str:
    """The ``wintergames arena`` command that gives this run's games (into ``out``)."""
    words = ["wintergames", "arena", plan.game, "--players", str(plan.players),
             "--bots", ",".join(plan.bots), "--games", str(len(wanted)),
             "--seed", str(plan.seed)]
    if wanted.start:
        words += ["--first", str(wanted.start)]
    defaults = {o.name: o.default for o in get_spec(plan.game).options}
    for name, value in plan.options.items():
        if value == defaults.get(name):
            continue
        words += ["-o", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    if plan.seeding != "derived":
        words += ["--seeding", plan.seeding]
    if out is not None:
        words += ["--out", str(out)]
    return shlex.join(words)
