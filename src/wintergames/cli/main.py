"""``wintergames``: list games, play in the terminal, step through replays."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wintergames.cli.play import QuitGame, TerminalGame, save_record
from wintergames.cli.replay import Replay, ReplayViewer, load_record
from wintergames.cli.results import players_word, typed
from wintergames.cli.seats import parse_options, parse_seats
from wintergames.core.errors import InvalidOptionError, ReplayError, WintergamesError
from wintergames.core.overlay import OVERLAY
from wintergames.core.registry import available_games, get_spec, make
from wintergames.core.rng import fresh_seed

app = typer.Typer(help="Five winter board games, played by their rulebooks.", no_args_is_help=True)
console = Console()


def _fail(err: Exception) -> typer.Exit:
    # A message quotes what was typed or read ('[/x]' is rich markup): printed as text,
    # and never broken by rich into lines (a long path stays whole to copy).
    console.print(f"[red]Error:[/] {escape(str(err))}", soft_wrap=True)
    return typer.Exit(code=2)


@app.command()
def games() -> None:
    """List the games, their player counts and options (with their defaults)."""
    # The id is what people type, so its column never wraps or cuts (80 columns hold the
    # longest); the title, summary and options share one wrapping column beside it.
    table = Table(show_lines=True)
    table.add_column("id", no_wrap=True, style="bold cyan")
    table.add_column("players", no_wrap=True, justify="center")
    table.add_column("game", ratio=1)
    for spec in available_games():
        about = Text(spec.title, style="bold")
        about.append("\n" + spec.summary)
        if spec.options:
            options = ", ".join(f"{o.name}={typed(o.default)}" for o in spec.options)
            about.append(f"\noptions: {options}", style="dim")
        table.add_row(spec.id, f"{spec.min_players}-{spec.max_players}", about)
    console.print(table)
    console.print("Play one: [bold]wintergames play ID --players human,random[/] "
                  "(options: -o name=value)", highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, see `wintergames games`")],
    players: Annotated[
        str, typer.Option(help="one seat per player: human or a bot kind, e.g. human,random")
    ] = "human,random,random",
    seed: Annotated[int | None, typer.Option(help="seed of the game (random if omitted)")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="game option key=value")
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="save the replay record to this JSON file")
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="write a PNG of the board into this folder after each flick"),
    ] = None,
) -> None:
    """Play a game in the terminal against bots or with friends on one screen."""
    try:
        spec = get_spec(game)
        seed = fresh_seed() if seed is None else seed
        seats = parse_seats(players, seed, spec)
        state = make(game, len(seats), seed=seed, options=parse_options(option or []))
    except WintergamesError as err:
        raise _fail(err) from None
    console.print(f"[bold]{spec.title}[/], {players_word(len(seats))}, seed {seed}. "
                  "Type 'help' at your prompt.")
    changes = state.options.get(OVERLAY)
    if changes:  # the page's "what-if rules" badge lists the same
        console.print(escape("What-if rules. Changed from the printed game: " + "; ".join(
            f"{key} = {value}" for key, value in changes.items())))
    if plot is not None and spec.plot is None:
        raise _fail(InvalidOptionError(f"{spec.title} draws no pictures; leave out --plot"))
    if _stdin_is_terminal():
        enable_line_editing()
    session = TerminalGame(spec, state, seats, console, ask=console.input, plot_dir=plot)
    try:
        session.run()
    except (QuitGame, EOFError, KeyboardInterrupt):
        console.print("\nGame stopped.")
    finally:
        if record is not None:
            save_record(state, seats, record)
            console.print(f"Replay saved to {record}")


def enable_line_editing() -> bool:
    """Arrow keys, history and editing at the prompt: ``input`` (under ``console.input``)
    uses GNU readline once its module is loaded; without it an arrow key was read as part
    of the action ('\\x1b[A'). False where Python has no readline (Windows)."""
    try:
        importlib.import_module("readline")
    except ImportError:
        return False
    return True


def _stdin_is_terminal() -> bool:
    """Whether a person types at standard input (tests stand in for one by replacing this)."""
    return sys.stdin.isatty()


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(
        help="a replay record: saved by `play --record` or a table's Download record")],
    pause: Annotated[
        bool, typer.Option(help="step at your pace (Enter/n next, b back, a number: that "
                                "step, q quit); --no-pause runs through the whole game")
    ] = True,
) -> None:
    """Step through a recorded game, forward and back, to the final scores and winners."""
    try:
        game = Replay(load_record(path))
    except ReplayError as err:
        raise _fail(err) from None
    viewer = ReplayViewer(game, console, ask=console.input)
    try:
        if pause and _stdin_is_terminal():
            viewer.browse()
        else:
            viewer.run_through()
    except KeyboardInterrupt:  # Ctrl-C is a way to leave, as q is
        console.print()


@app.command()
def serve(
    host: Annotated[str, typer.Option(
        envvar="WG_HOST",
        help="address to listen on: 127.0.0.1 this machine only, 0.0.0.0 every network")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        envvar="WG_PORT", help="port to listen on (0: any free one)")] = 8000,
    database_url: Annotated[str, typer.Option(
        envvar="WG_DATABASE_URL",
        help="sqlite:///file.db (created if missing) or postgresql://...")
    ] = "sqlite:///wintergames.db",
    workers: Annotated[int, typer.Option(
        envvar="WG_WORKERS", min=1,
        help="server processes sharing the port, one per core (above 1: PostgreSQL only)")
    ] = 1,
    limit: Annotated[
        list[str] | None,
        typer.Option(envvar="WG_LIMIT",
                     help="a server setting as name=value (repeatable; WG_LIMIT: items "
                          "separated by spaces, all replaced by any --limit), e.g. "
                          "bot_budget=5; all of them in docs/server.md"),
    ] = None,
    access_log: Annotated[bool, typer.Option(
        "--access-log/--no-access-log", envvar="WG_ACCESS_LOG",
        help="print a line per HTTP request (seat secrets hidden)")] = False,
) -> None:
    """Start the web server: lobby, tables, play over WebSocket.

    Each option may also come from its environment variable; the command line wins.
    """
    from wintergames.cli.serve import (
        EVERYWHERE,
        ListenError,
        check_workers,
        listen,
        open_database,
        serve_here,
        serve_in_processes,
        shown_database,
        url,
    )
    from wintergames.server.processes import Serving
    from wintergames.server.settings import ServerSettings

    try:
        settings = ServerSettings().with_text(limit or [])
        check_workers(workers, database_url)
        sock = listen(host, port)  # a busy port is reported before any URL is printed
    except (InvalidOptionError, ListenError) as err:
        raise _fail(err) from None
    try:
        application = open_database(database_url, settings, workers)
    except Exception as err:  # noqa: BLE001 - any database problem is reported, then exit
        sock.close()
        # the URL as the console shows it: a password typed into it stays out of logs
        shown = shown_database(database_url)
        raise _fail(RuntimeError(f"cannot open the database {shown!r}: {err}")) from None
    everywhere = " (listening on every address of this machine)" if host in EVERYWHERE else ""
    processes = f"; {workers} processes" if workers > 1 else ""
    console.print(f"wintergames server on [bold]{url(sock)}[/]{everywhere} "
                  f"(database {escape(shown_database(database_url))}{processes})",
                  highlight=False, soft_wrap=True)  # one line, so the URL is copied whole
    if application is not None:
        serve_here(application, sock, settings, access_log)
    elif not serve_in_processes(Serving(database_url, tuple(limit or ()), access_log),
                                workers, sock):
        raise _fail(RuntimeError("a server process could not start (see its error above); "
                                 "the others were stopped"))


from wintergames.cli.arena import (  # noqa: E402 - after app
    arena_command,
    balance_command,
    compare_command,
)

app.command("arena")(arena_command)
app.command("balance")(balance_command)
app.command("compare")(compare_command)

from wintergames.cli.review import review_command  # noqa: E402 - after app

app.command("review")(review_command)


def main() -> None:  # pragma: no cover - console script entry
    app()
