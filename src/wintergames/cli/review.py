"""``wintergames review RECORD --seat N``: where one seat won and lost a finished game.

Prints the seat's accuracy, its grades, and its flagged decisions (the largest chance
given away first) in the engine's words, the same the browser's review shows; writes
the win-chance curve with ``--plot`` and the whole review as JSON with ``--json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from wintergames.analysis import GRADE_WORDS, Budget, Judged, Review, review
from wintergames.cli.replay import load_record
from wintergames.core.errors import WintergamesError
from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec

GRADE_STYLES = {"best": "green", "good": "", "inaccuracy": "yellow", "mistake": "dark_orange",
                "blunder": "bold red"}


def _words(move: dict[str, Any]) -> str:
    """A move as the engine words it: its label, else its notation."""
    label = move.get("label")
    return str(label["text"]) if label else str(move["text"])


def _rows(decisions: list[Judged]) -> Table:
    table = Table(show_lines=False)
    table.add_column("step", justify="right", no_wrap=True)
    table.add_column("grade", no_wrap=True)
    table.add_column("to win", justify="right", no_wrap=True)
    table.add_column("played", ratio=1)
    table.add_column("suggested", ratio=1)
    table.add_column("points lost", justify="right", no_wrap=True)
    for d in decisions:
        style = GRADE_STYLES[d.grade]
        table.add_row(str(d.step), f"[{style}]{GRADE_WORDS[d.grade]}[/]" if style
                      else GRADE_WORDS[d.grade],
                      f"−{100 * d.drop:.1f}%", escape(_words(d.played.__dict__)),
                      "" if d.grade == "best" else escape(_words(d.best.__dict__)),
                      f"{d.points_lost:.1f}")  # the browser's words: "−x% to win"
    return table


def show(done: Review, console: Console, every: bool = False) -> None:
    """The review on the terminal: a summary line, then the flagged decisions (or all)."""
    counts = done.counts()
    title = get_spec(done.game).title
    console.print(
        f"[bold]{title}[/]: review of [bold]{seat_name(done.seat)}[/], accuracy "
        f"[bold]{done.accuracy:.1f}[/] of 100 over {len(done.decisions)} decisions with a choice "
        f"({done.budget['iterations']} iterations each, {done.seconds:.1f} CPU s)",
        highlight=False, soft_wrap=True)
    console.print(" · ".join(f"{GRADE_WORDS[g]} {n}" for g, n in counts.items()),
                  highlight=False)
    shown = done.decisions if every else done.worst()
    if not shown:
        console.print("No inaccuracies, mistakes or blunders.")
        return
    heading = "Every decision, in order" if every else "Flagged decisions, the costliest first"
    console.print(f"\n{heading} (step n: the position after n actions, where the move "
                  "was made, as `wintergames replay` and the replay page number them):",
                  highlight=False)
    console.print(_rows(shown))


def review_command(
    path: Annotated[Path, typer.Argument(
        help="a finished game's record: saved by `play --record` or a table's Download "
             "record")],
    seat: Annotated[int, typer.Option(help="the seat to review, 0 for the first")],
    budget: Annotated[int, typer.Option(
        help="search iterations per decision: more are surer and slower")
    ] = Budget().iterations,
    seed: Annotated[int, typer.Option(help="the search's seed")] = 0,
    plot: Annotated[Path | None, typer.Option(
        help="write the win-chance curve to this PNG file")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="write the whole review to this JSON file")] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="list every decision, not only the flagged ones")] = False,
) -> None:
    """Review one seat's play in a finished game: each decision's chance to win against
    the best move the search finds, from what that seat could see."""
    from wintergames.cli.main import _fail, console

    try:
        record = load_record(path)
        chosen = Budget(iterations=budget, seed=seed)
        with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as bar:
            task = bar.add_task("review", total=None)
            done = review(record, seat, chosen,
                          progress=lambda k, n: bar.update(task, completed=k, total=n))
    except WintergamesError as err:
        raise _fail(err) from None
    show(done, console, every)
    if plot is not None:
        from wintergames.analysis.plot import plot_review

        console.print(f"Curve written to {plot_review(done, plot)}", highlight=False)
    if json_out is not None:
        json_out.write_text(json.dumps(done.to_json(), indent=1), encoding="utf-8")
        console.print(f"Review written to {json_out}", highlight=False)
