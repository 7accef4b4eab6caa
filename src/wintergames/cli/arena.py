"""``wintergames arena`` and ``wintergames balance``: many bot games with a progress bar,
then the numbers in the terminal and the files of ``wintergames.sim`` in a folder; and
``wintergames compare``: two runs of the same games, game by game."""

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
from wintergames.sim.compare import compare_runs, describe, sections, write_comparison
from wintergames.sim.jobs import Outcome
from wintergames.sim.metrics import label
from wintergames.sim.report import (
    first_mover_seats,
    first_mover_sentence,
    mirror_note,
    no_order_note,
    plus_minus,
)
from wintergames.sim.stats import ordinal


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
    """Win share by bot (a mirror match: why there is none), then the turn order."""
    spec = get_spec(result.plan.game)
    summary = result.summary
    if summary["mirror"]:
        console.print(f"{spec.title}: {len(result.outcomes)} games. "
                      f"{escape(mirror_note(summary))}", highlight=False)
    else:
        table = Table(title=f"{spec.title}: {len(result.outcomes)} games")
        for head in ("bot", "win share", "95% interval", "fair", f"mean {spec.score_unit}"):
            table.add_column(head, justify="left" if head == "bot" else "right")
        for bot, r in summary["bots"].items():
            table.add_row(escape(bot), f"{100 * r['share']:.1f}%",
                          f"{100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}%",
                          f"{100 * r['fair_share']:.0f}%", f"{r['score']['mean']:.1f}")
        console.print(table)
    show_turn_order(console, result)


def _shares_table(title: str, rows: list[dict[str, Any]], key: str, unit: str) -> Table:
    table = Table(title=title)
    for head in ("turn position" if key == "position" else "seat", "win share",
                 "95% interval", f"mean {unit} (95% interval)"):
        table.add_column(head, justify="right")
    for r in rows:
        low, high = r["score"]["ci95"]
        table.add_row(ordinal(r[key]) if key == "position" else str(r[key]),
                      f"{100 * r['share']:.1f}%",
                      f"{100 * r['ci95'][0]:.1f}–{100 * r['ci95'][1]:.1f}%",
                      f"{r['score']['mean']:.2f} ({low:.2f}–{high:.2f})")
    return table


def show_turn_order(console: Console, result: ArenaResult) -> None:
    """Win shares and scores by turn position (who moves first: the game's turn order)
    and by seat, each with its interval."""
    summary = result.summary
    seats = summary["seats"]
    if seats is None:
        return
    spec = get_spec(result.plan.game)
    games = len(result.outcomes)
    positions = summary["positions"]
    if positions is None:
        console.print(escape(no_order_note(spec.title)), highlight=False)
    else:
        console.print(_shares_table(f"Turn positions ({games} games)", positions["positions"],
                                    "position", spec.score_unit))
        console.print(f"{first_mover_sentence(positions)} {first_mover_seats(positions)}",
                      highlight=False)
    console.print(_shares_table(f"Seats ({games} games)", seats["seats"], "seat",
                                spec.score_unit))


def show_metrics(console: Console, result: ArenaResult) -> None:
    ordered = result.summary["positions"] is not None
    table = Table(title="Metrics, mean per game (± half its 95% interval)")
    table.add_column("metric")
    table.add_column("all seats", justify="right")
    table.add_column("per seat (1 / 2 / …)", justify="right")
    if ordered:
        table.add_column("per turn position (1st / 2nd / …)", justify="right")
    for name, m in result.summary["metrics"].items():
        if not name.startswith("item:"):
            low, high = m["ci95"]
            table.add_row(escape(label(result.plan.game, name)),
                          f"{m['mean_per_game']:.2f} ±{(high - low) / 2:.2f}",
                          plus_minus(m, "seat"),
                          *([plus_minus(m, "position")] if ordered else []))
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
        help="the entrants, comma-separated: kind or kind:key=value;..., or an entry point "
             "module:factory (called with seed=) (fewer than the players: the last fills "
             "the other seats; more: every group plays)")],
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
        out=folder, workers=workers, backend=backend, address=address, report=report,
        tool="balance")
    console.print(f"{len(result.outcomes)} mirror games of {escape(bot)}", highlight=False)
    show_turn_order(console, result)
    show_metrics(console, result)
    finish(console, result, folder)


def compare_command(
    run_a: Annotated[Path, typer.Argument(
        metavar="RUN_A", help="the first run's folder (A: the baseline)")],
    run_b: Annotated[Path, typer.Argument(
        metavar="RUN_B", help="the second run's folder (B: the change)")],
    html: Annotated[Path | None, typer.Option(
        help="write the comparison page here (default: B/compare-with-<A's folder>.html)")]
    = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="also write the comparison's numbers here (JSON)")] = None,
) -> None:
    """Two arena runs of the same games (game, players, bots, seed): B less A, game by
    game, for win shares by turn position, seat and bot, scores and every metric, each
    with a 95% interval. For a what-if: a run with an overlay against one without."""
    import json

    from wintergames.cli.main import _fail, console

    try:
        comparison = compare_runs(run_a, run_b)
    except WintergamesError as err:
        raise _fail(err) from None
    console.print(escape(describe(comparison)), highlight=False, soft_wrap=True)
    for title, head, rows in sections(comparison, every_item=False):
        table = Table(title=title)
        for i, name in enumerate(head):
            table.add_column(name, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*(escape(cell) for cell in row))
        console.print(table)
    page = write_comparison(html or run_b / f"compare-with-{run_a.resolve().name}.html",
                            comparison)
    if json_out is not None:
        json_out.write_text(json.dumps(comparison, indent=1) + "\n")
    console.print(f"Comparison page: [bold]{escape(str(page))}[/]", highlight=False,
                  soft_wrap=True)
