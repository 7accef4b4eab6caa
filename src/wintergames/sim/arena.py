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
import pickle
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wintergames.bots import Bot
from wintergames.bots.entrants import is_entry_point, load_entrant
from wintergames.core.errors import InvalidOptionError
from wintergames.core.overlay import OVERLAY
from wintergames.core.registry import get_spec
from wintergames.sim.backends import backend as make_backend
from wintergames.sim.jobs import Chooser, Outcome, Plan, entrants
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
    bots: Sequence[str | Chooser],
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
    tool: str = "arena",
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

    ``bots`` are bot texts (a kind with settings, or a ``module:factory`` entry point) or
    bot objects (see ``sim.jobs``). ``command`` is the line the report says produced it:
    by default the ``wintergames arena`` command that gives the same games, or with
    ``tool`` "balance" the ``wintergames balance`` command (one entrant in every seat).
    """
    if games < 1 or first < 0:
        raise InvalidOptionError(f"an arena plays 1 or more games from index 0 or later, "
                                 f"not {games} from {first}")
    # The full options (defaults filled in): a run's folder then knows it whether an
    # option was given at its default or left out.
    spec = get_spec(game)
    full = spec.validate(players, options)
    labels, objects = entrants(bots)
    plan = Plan(game, players, labels, seed, full, seeding, objects)
    check_made_entrants(plan)
    if objects and not (backend == "local" and workers == 1):
        check_objects_travel(objects)
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
                                     command or default_command(plan, wanted, folder.path,
                                                                tool),
                                     report)
    return result


def check_made_entrants(plan: Plan) -> None:
    """An entry point's bot is made once before any game, so a factory that fails, or
    makes a bot that cannot play the game, is refused before a folder is made."""
    spec = get_spec(plan.game)
    for text in plan.bots:
        if text in plan.objects or not is_entry_point(text):
            continue
        try:
            bot = load_entrant(text, seed=0)
        except InvalidOptionError:
            raise
        except Exception as err:  # the researcher's code: say where it failed
            raise InvalidOptionError(f"entry point {text!r} failed when called with seed=0: "
                                     f"{type(err).__name__}: {err}") from err
        if not bot.plays(spec):
            raise InvalidOptionError(f"entry point {text!r} made a bot that cannot play "
                                     f"{spec.title}: {bot.NEEDS or 'its plays() says no'}")


def check_objects_travel(objects: Mapping[str, Bot]) -> None:
    """Bot objects go to worker processes (or Ray) pickled, with each job."""
    for name, bot in objects.items():
        try:
            pickle.dumps(bot)
        except Exception as err:  # noqa: BLE001 - any pickling failure is reported by name
            raise InvalidOptionError(
                f"bot object {name!r} cannot be sent to worker processes ({err}); play it "
                f"with workers=1, or give it as a 'module:factory' entry point") from None


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


def default_command(plan: Plan, wanted: range, out: Path | None = None,
                    tool: str = "arena") -> str:
    """The ``wintergames arena`` command that gives this run's games (into ``out``);
    ``tool`` "balance": the ``wintergames balance`` command of a mirror match. A run with
    bot objects has no command: the line says so."""
    if plan.objects:
        return (f"run_arena({plan.game!r}, {plan.players}, {list(plan.bots)!r}, "
                f"games={len(wanted)}, seed={plan.seed}) from Python, with bot objects "
                f"({', '.join(plan.objects)}): no command reproduces it")
    # ``balance`` takes one bot and starts at game 0 with the derived seeds
    balance = (tool == "balance" and len(plan.bots) == 1 and not wanted.start
               and plan.seeding == "derived")
    words = ["wintergames", "balance" if balance else "arena", plan.game,
             "--players", str(plan.players)]
    words += ["--bot", plan.bots[0]] if balance else ["--bots", ",".join(plan.bots)]
    words += ["--games", str(len(wanted)), "--seed", str(plan.seed)]
    if wanted.start:
        words += ["--first", str(wanted.start)]
    words += option_words(plan.game, plan.options)
    if plan.seeding != "derived":
        words += ["--seeding", plan.seeding]
    if out is not None:
        words += ["--out", str(out)]
    return shlex.join(words)


def option_words(game: str, options: Mapping[str, Any]) -> list[str]:
    """``-o name=value`` for each option away from its default, and ``-o
    overlay.KEY=VALUE`` for each key of a what-if overlay (a list of numbers comma-joined).

    >>> option_words("winter-queen", {"first_player": "2", "overlay": {"a.b": 3}})
    ['-o', 'first_player=2', '-o', 'overlay.a.b=3']
    """
    defaults = {o.name: o.default for o in get_spec(game).options}
    words = []
    for name, value in options.items():
        if name == OVERLAY:
            for key, changed in value.items():
                words += ["-o", f"{OVERLAY}.{key}={typed(changed)}"]
        elif value != defaults.get(name):
            words += ["-o", f"{name}={typed(value)}"]
    return words


def typed(value: Any) -> str:
    """A value as it is typed after ``-o name=`` (``true``, ``1,3,6``)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(typed(v) for v in value)
    return str(value)
