"""``wintergames arena`` and ``wintergames balance``: many bot games with a progress bar,
then the numbers in the terminal and the files of ``wintergames.sim`` in a folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from wintergames.cli.seats import parse_options
from wintergames.core.errors import WintergamesError
from wintergames.core.registry import get_spec
from wintergames.sim.arena import ArenaResult, run_arena
from wintergames.sim.jobs import Outcome
from wintergames.sim.metrics import label
from wintergames.sim.report import per_seat
from wintergames.sim.report import signed_points as _points


class Tally:
    """Running win shares per bot, for the progress bar."""

    def __init__(self, bots: list[str]) -> None:
        # in the order the command lists them, however the first games seat them
        self.won: dict[str, float] = dict.fromkeys(bots, 0.0)
        self.games: dict[str, int] = dict.fromkeys(bots, 0)

    def add(self, o: Outcome) -> None:
        for bot in set(o.bots):
            self.games[bot] = self.games.get(bot, 0) + 1
            self.won[bot] = self.won.get(bot, 0.0) + sum(
                o.share(p) for p, b in enumerate(o.bots) if b == bot)

    def line(self) -> str:
        return " · ".join(f"{bot} {100 * self.won[bot] / n:.0f}%"
                          for bot, n in self.games.items() if n)


def default_out(game: str, players: int, bots: list[str], seed: int) -> Path:
    """``results/<game>-<n>p-<bots>-seed<seed>``: the same command finds the same folder."""
    slug = re.sub(r"[^A-Za-z0-9=._]+", "-", "_".join(bots)).strip("-")[:80]
    return Path("results") / f"{game}-{players}p-{slug}-seed{seed}"


def run_with_progress(console: Console, **arena: Any) -> ArenaResult:
    """``run_arena`` under a rich progress bar: games done, ETA and running win shares."""
    tally = Tally(list(arena["bots"]))
    columns = (TextColumn("[bold]{task.description}"), BarColumn(bar_width=20),
               MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
               TextColumn("{task.fields[rates]}"))
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("games", total=arena["games"], rates="")

        def start(done: list[Outcome], remaining: int) -> None:
            for o in done:
                tally.add(o)
            if done:
                console.print(f"Resuming: {len(done)} games already played, {remaining} to go.")
            progress.update(task, completed=len(done), rates=tally.line())

        def game(o: Outcome) -> None:
            tally.add(o)
            progress.update(task, advance=1, rates=tally.line())

        return run_arena(**arena, on_start=start, on_game=game)


def run_or_exit(*, options: list[str] | None, out: Path, **arena: Any) -> ArenaResult:
    """Run the arena under the progress bar: a refused input ends the command with its
    reason (exit 2), Ctrl-C with where the finished games are kept (exit 130)."""
    from wintergames.cli.main import _fail, console

    try:
        return run_with_progress(console, options=parse_options(options or []), out=out,
                                 **arena)
    except WintergamesError as err:
        raise _fail(err) from None
    except KeyboardInterrupt:
        console.print(f"\nStopped. Every finished game is kept in {escape(str(out))}/; "
                      "run the same command to go on.", highlight=False)
        raise typer.Exit(code=130) from None


def show(console: Console, result: ArenaResult) -> None:
    spec = get_spec(result.plan.game)
    table = Table(title=f"{spec.title}: {len(result.outcomes)} games")
    for head in ("bot", "win share", "95% interval", "fair", f"mean {spec.score_unit}"):
        table.add_column(head, justify="left" if head == "bot" else "right")
    for bot, r in result.summary["bots"].items():
        table.add_row(escape(bot), f"{100 * r['share']:.1f}%",
                      f"{100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}%",
                      f"{100 * r['fair_share']:.0f}%", f"{r['score']['mean']:.1f}")
    console.print(table)
    show_seat_advantage(console, result)


def show_seat_advantage(console: Console, result: ArenaResult) -> None:
    seats = result.summary["seats"]
    if seats is not None:
        adv = seats["first_seat_advantage"]
        console.print(f"Seat 1 wins {100 * seats['seats'][0]['share']:.1f}% (fair "
                      f"{100 * seats['fair_share']:.0f}%): an advantage of "
                      f"{_points(adv['value'])} percentage points (95% interval "
                      f"{_points(adv['ci95'][0])} to {_points(adv['ci95'][1])}).",
                      highlight=False)


def show_metrics(console: Console, result: ArenaResult) -> None:
    table = Table(title="Metrics, mean per game")
    table.add_column("metric")
    table.add_column("all seats", justify="right")
    table.add_column("per seat (1 / 2 / …)", justify="right")
    for name, m in result.summary["metrics"].items():
        if not name.startswith("item:"):
            table.add_row(escape(label(result.plan.game, name)), f"{m['mean_per_game']:.2f}",
                          per_seat(m))
    console.print(table)


def finish(console: Console, result: ArenaResult, out: Path) -> None:
    if result.files:
        console.print(f"Results in [bold]{escape(str(out))}/[/]: games.csv, summary.json, "
                      "report.html" + (" and games.parquet" if any(
                          f.suffix == ".parquet" for f in result.files) else ""),
                      highlight=False, soft_wrap=True)


def arena_command(
    game: Annotated[str, typer.Argument(help="game id, see `wintergames games`")],
    bots: Annotated[str, typer.Option(
        help="the entrants, comma-separated: kind or kind:key=value;... (fewer than the "
             "players: the last fills the other seats; more: every group plays)")],
    players: Annotated[int, typer.Option(help="players per game")] = 2,
    games: Annotated[int, typer.Option(help="games to play")] = 100,
    seed: Annotated[int, typer.Option(help="the run's seed: every game's seeds come from it")]
    = 0,
    out: Annotated[Path | None, typer.Option(
        help="folder for the results (default results/<game>-<n>p-<bots>-seed<seed>); "
             "run the same command again to resume")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="game option key=value")] = None,
    workers: Annotated[int | None, typer.Option(
        help="worker processes (default: every core)")] = None,
    backend: Annotated[str, typer.Option(help="local (a process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(
        help="Ray cluster: auto, or ray://host:port (default: start Ray here)")] = None,
    first: Annotated[int, typer.Option(help="index of the first game")] = 0,
    seeding: Annotated[str, typer.Option(help="derived, or strength-v1 (older runs' seeds)")]
    = "derived",
    report: Annotated[bool, typer.Option(help="write the plots and report.html")] = True,
) -> None:
    """Play many games between bots, seats rotated; win shares, seat advantage, ratings,
    metrics and a report."""
    from wintergames.cli.main import console

    entrants = [b.strip() for b in bots.split(",") if b.strip()]
    folder = out or default_out(game, players, entrants, seed)
    result = run_or_exit(
        game=game, players=players, bots=entrants, games=games, seed=seed, first=first,
        options=option, out=folder, workers=workers, backend=backend, address=address,
        seeding=seeding, report=report)
    show(console, result)
    finish(console, result, folder)


def balance_command(
    game: Annotated[str, typer.Argument(help="game id, see `wintergames games`")],
    bot: Annotated[str, typer.Option(help="the bot in every seat: kind or kind:key=value;...")]
    = "greedy",
    players: Annotated[int, typer.Option(help="players per game")] = 2,
    games: Annotated[int, typer.Option(help="games to play")] = 1000,
    seed: Annotated[int, typer.Option(help="the run's seed")] = 0,
    out: Annotated[Path | None, typer.Option(help="folder for the results")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="game option key=value")] = None,
    workers: Annotated[int | None, typer.Option(help="worker processes")] = None,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    report: Annotated[bool, typer.Option(help="write the plots and report.html")] = True,
) -> None:
    """Mirror matches of one bot kind: how much the seat you sit in is worth, and what
    happens in the game (its metrics)."""
    from wintergames.cli.main import console

    folder = out or default_out(game, players, ["balance", bot], seed)
    result = run_or_exit(
        game=game, players=players, bots=[bot], games=games, seed=seed, options=option,
        out=folder, workers=workers, backend=backend, address=address, report=report)
    seats = result.summary["seats"]
    if seats is not None:
        table = Table(title=f"Seats ({len(result.outcomes)} mirror games of {escape(bot)})")
        for head in ("seat", "win share", "95% interval", "mean score"):
            table.add_column(head, justify="right")
        for s in seats["seats"]:
            table.add_row(str(s["seat"]), f"{100 * s['share']:.1f}%",
                          f"{100 * s['ci95'][0]:.1f}–{100 * s['ci95'][1]:.1f}%",
                          f"{s['score']['mean']:.1f}")
        console.print(table)
        show_seat_advantage(console, result)
    show_metrics(console, result)
    finish(console, result, folder)
