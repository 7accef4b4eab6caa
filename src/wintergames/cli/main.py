"""``wintergames``: list games, play in the terminal, step through replays."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from wintergames.cli.play import QuitGame, TerminalGame, save_record
from wintergames.cli.seats import parse_options, parse_seats
from wintergames.core.errors import InvalidOptionError, WintergamesError
from wintergames.core.events import seat_name
from wintergames.core.registry import available_games, get_spec, make
from wintergames.core.replay import replay as replay_record
from wintergames.core.rng import fresh_seed

app = typer.Typer(help="Five winter board games, played by their rulebooks.", no_args_is_help=True)
console = Console()


def _fail(err: Exception) -> typer.Exit:
    console.print(f"[red]Error:[/] {err}")
    return typer.Exit(code=2)


@app.command()
def games() -> None:
    """List the games."""
    table = Table("id", "title", "players", "options", "summary")
    for spec in available_games():
        options = ", ".join(f"{o.name}={o.default}" for o in spec.options) or "-"
        table.add_row(
            spec.id, spec.title, f"{spec.min_players}-{spec.max_players}", options, spec.summary
        )
    console.print(table)


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
        seats = parse_seats(players, seed)
        state = make(game, len(seats), seed=seed, options=parse_options(option or []))
    except WintergamesError as err:
        raise _fail(err) from None
    console.print(f"[bold]{spec.title}[/], {len(seats)} players, seed {seed}. "
                  "Type 'help' at your prompt.")
    if plot is not None and spec.plot is None:
        raise _fail(InvalidOptionError(f"{spec.title} draws no pictures; leave out --plot"))
    session = TerminalGame(spec, state, seats, console, ask=console.input, plot_dir=plot)
    try:
        session.run()
    except (QuitGame, EOFError, KeyboardInterrupt):
        console.print("\nGame stopped.")
    finally:
        if record is not None:
            save_record(state, seats, record)
            console.print(f"Replay saved to {record}")


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="a replay record saved with --record")],
    pause: Annotated[
        bool, typer.Option(help="wait for Enter after each action (when interactive)")
    ] = True,
) -> None:
    """Step through a recorded game, action by action."""
    try:
        data = json.loads(path.read_text())
        final = replay_record(data)
        spec = get_spec(data["game"])
        state = make(data["game"], data["num_players"], data["seed"], data["options"])
    except (OSError, json.JSONDecodeError) as err:
        raise _fail(err) from None
    except WintergamesError as err:
        raise _fail(err) from None
    interactive = pause and sys.stdin.isatty()
    shown = 0
    for step, (player, action) in enumerate(final.history, 1):
        state.apply(action, player)
        console.rule(f"{step}/{len(final.history)}  {seat_name(player)}: {action}")
        for event in state.log[shown:]:
            console.print("• " + event.text, style="cyan", highlight=False)
        shown = len(state.log)
        if interactive:
            if spec.render is not None:
                console.print(spec.render(state, None))
            if console.input("[dim]Enter: next, q: quit[/] ").strip().lower() == "q":
                return
    if spec.render is not None:
        console.print(spec.render(state, None))
    scores = ", ".join(f"{seat_name(p)}: {v}" for p, v in enumerate(state.scores()))
    console.print(f"Scores: {scores}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database_url: Annotated[
        str, typer.Option(help="sqlite:///file.db (created if missing) or postgresql://...")
    ] = "sqlite:///wintergames.db",
    limit: Annotated[
        list[str] | None,
        typer.Option(help="a server setting as name=value (repeatable), e.g. "
                          "bot_budget=5 or max_connections_per_client=64; see "
                          "docs/server.md"),
    ] = None,
) -> None:
    """Start the web server: lobby, tables, play over WebSocket."""
    import uvicorn

    from wintergames.server.app import create_app
    from wintergames.server.settings import ServerSettings

    try:
        settings = ServerSettings().with_text(limit or [])
    except InvalidOptionError as err:
        raise _fail(err) from None
    try:
        application = create_app(database_url, settings=settings)
    except Exception as err:  # noqa: BLE001 - any database problem is reported, then exit
        raise _fail(RuntimeError(f"cannot open the database {database_url!r}: {err}")) from None
    console.print(f"wintergames server on [bold]http://{host}:{port}/[/] "
                  f"(database {database_url})")
    # Frames past four times the message limit are cut by uvicorn itself (close 1009);
    # smaller oversized messages get the server's own error and the socket stays open.
    uvicorn.run(application, host=host, port=port, log_level="warning",
                ws_max_size=4 * settings.max_message_bytes)


def main() -> None:  # pragma: no cover - console script entry
    app()
