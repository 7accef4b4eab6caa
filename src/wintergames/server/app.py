"""The FastAPI application: lobby, tables, actions over HTTP and WebSocket.

``create_app(database_url)`` builds an app on its own store. Every table is its action
log in the database; ``Hub`` keeps the tables being played in memory (rebuilt by replay
on first use, so a restart loses nothing) and the WebSocket connections watching them.

A table is stored only once it has been built, so every stored table can be rebuilt. A
row that still cannot be (an older server's, a hand edit) is reported in the log and
stepped around: the lobby and the other tables never fail because of it, and it is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError

from wintergames import bots
from wintergames.core.errors import InvalidOptionError, UnknownGameError, WintergamesError
from wintergames.core.registry import available_games, get_spec
from wintergames.core.replay import replay as replay_record
from wintergames.core.rng import fresh_seed
from wintergames.server.live import LiveTable, ServerError, Viewer
from wintergames.server.models import GameTable, Seat
from wintergames.server.schemas import ActionRequest, CreateTable
from wintergames.server.store import DEFAULT_URL, Store, hash_secret

STATIC = Path(__file__).parent / "static"  # the web client: plain files, no build step
logger = logging.getLogger(__name__)


class UnreadableTableError(ServerError):
    """A stored table that cannot be rebuilt from its rows: the server's fault, not the
    asker's, so a 500 that says which table and why."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(500, "unreadable-table",
                         f"table {table_id!r} cannot be rebuilt from its stored rows: {reason}")


class Hub:
    """Tables in memory, their watchers, and the bots that play at them."""

    def __init__(self, store: Store, bot_budget: float) -> None:
        self.store = store
        self.bot_budget = bot_budget
        self.tables: dict[str, LiveTable] = {}
        self.watchers: dict[str, set[tuple[WebSocket, Viewer]]] = {}
        self.driving: set[str] = set()
        # Tables whose rows cannot be rebuilt, and why: rows only grow, so retrying on
        # every lobby poll would only repeat the same error in the log.
        self.unreadable: dict[str, str] = {}

    def table(self, table_id: str) -> LiveTable:
        """The table in memory, rebuilt from its rows on first use.

        ``ServerError`` 404 if there is none, ``UnreadableTableError`` if its rows do
        not rebuild a game (logged once).
        """
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if table_id in self.unreadable:
            raise UnreadableTableError(table_id, self.unreadable[table_id])
        try:
            row = self.store.table(table_id)
            if row is None:
                raise ServerError(404, "no-table", f"there is no table {table_id!r}")
            live = LiveTable(row, self.store.actions(table_id), self.store)
        except (ServerError, DBAPIError):
            raise  # no such table, or the database itself failing: not this row's fault
        except Exception as err:
            # Whatever a stored row holds (unknown game, options or settings its rules
            # refuse, JSON that does not parse, a log that does not replay) stays this
            # table's problem, so any error of rebuilding it is caught here.
            reason = f"{type(err).__name__}: {err}"
            logger.exception("table %r cannot be rebuilt from its stored rows; it is "
                             "skipped (and kept in the database)", table_id)
            self.unreadable[table_id] = reason
            raise UnreadableTableError(table_id, reason) from None
        self.tables[table_id] = live
        return live

    async def changed(self, live: LiveTable) -> None:
        """Send every watcher its own view, then let bots move."""
        await self.broadcast(live)
        if live.bots_to_move() and live.id not in self.driving:
            self.driving.add(live.id)
            asyncio.get_running_loop().create_task(self.drive_bots(live))

    async def broadcast(self, live: LiveTable) -> None:
        for socket, viewer in list(self.watchers.get(live.id, ())):
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await socket.send_json({"type": "view", **live.view(viewer)})

    async def drive_bots(self, live: LiveTable) -> None:
        """Bots think in worker threads, one move at a time, within the move budget."""
        try:
            while seats := live.bots_to_move():
                for seat in seats:
                    version = live.version
                    try:
                        await asyncio.wait_for(asyncio.to_thread(live.play_bot, seat),
                                               self.bot_budget)
                    except TimeoutError:
                        live.fallback(seat, version)
                    await self.broadcast(live)
        finally:
            self.driving.discard(live.id)


def _error(err: ServerError) -> JSONResponse:
    return JSONResponse({"error": {"code": err.code, "message": err.message}},
                        status_code=err.status)


def create_app(database_url: str = DEFAULT_URL, *, bot_budget: float = 10.0) -> FastAPI:
    """The wintergames server on the database at ``database_url``."""
    store = Store(database_url)
    hub = Hub(store, bot_budget)
    app = FastAPI(title="wintergames", summary="Five winter board games, played online.")
    app.state.hub = hub

    @app.exception_handler(ServerError)
    async def server_error(request: Request, err: ServerError) -> JSONResponse:
        return _error(err)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'][1:]) or 'body'}: {e['msg']}"
            for e in err.errors()
        )
        return _error(ServerError(422, "invalid-request", problems))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/games/{game_id}/layout")
    def layout(game_id: str) -> dict[str, Any]:
        """The public component data the game's view module draws the board with."""
        try:
            spec = get_spec(game_id)
        except UnknownGameError as err:
            raise ServerError(404, "unknown-game", str(err.args[0])) from None
        if spec.layout is None:
            raise ServerError(404, "no-layout", f"{spec.title} has no board layout")
        return spec.layout()

    @app.get("/api/games")
    def games() -> dict[str, Any]:
        return {
            "games": [
                {
                    "id": spec.id, "title": spec.title, "summary": spec.summary,
                    "min_players": spec.min_players, "max_players": spec.max_players,
                    "options": [{"name": o.name, "default": o.default,
                                 "description": o.description,
                                 "choices": None if o.choices is None else list(o.choices),
                                 # what the server accepts at each player count, so the
                                 # lobby offers no value the game's rules refuse
                                 "choices_by_players": None if o.choices is None else {
                                     str(n): list(o.allowed(n) or ())
                                     for n in spec.players_range}}
                                for o in spec.options],
                }
                for spec in available_games()
            ],
            "bots": bots.kinds(),
            "bot_settings": bots.describe(),
        }

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable) -> dict[str, Any]:
        live, created = _create(store, body)
        hub.tables[live.id] = live  # built before it was stored: no need to rebuild it
        await hub.changed(live)  # bots may open the game
        return created

    @app.get("/api/tables")
    def open_tables() -> dict[str, Any]:
        listed = []
        for table_id in store.table_ids():
            try:
                live = hub.table(table_id)
            except UnreadableTableError:
                continue  # logged by the hub; one bad row must not hide the other tables
            if not live.state.is_over:
                listed.append({"table": live.id, "game": live.spec.id, "title": live.spec.title,
                               "seats": live.kinds, "version": live.version,
                               "to_move": list(live.state.to_move)})
        return {"tables": listed}

    @app.get("/api/tables/{table_id}/view")
    def view(table_id: str, secret: str | None = None) -> dict[str, Any]:
        live = hub.table(table_id)
        return live.view(live.viewer(secret))

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: ActionRequest) -> dict[str, Any]:
        live = hub.table(table_id)
        viewer = live.viewer(body.secret)
        live.act(viewer, body.version, body.action)
        await hub.changed(live)
        return live.view(viewer)

    @app.get("/api/tables/{table_id}/replay")
    def replay_step(table_id: str, step: int = 0) -> dict[str, Any]:
        """A finished game after its first ``step`` actions, as a spectator sees it."""
        live = hub.table(table_id)
        if not live.state.is_over:
            raise ServerError(409, "not-over", "replays open when the game is over")
        total = live.version
        if not 0 <= step <= total:
            raise ServerError(400, "bad-step", f"step must be in 0..{total}, not {step}")
        state = replay_record(live.state.record(), upto=step)
        return {"table": table_id, "step": step, "steps": total,
                "observation": state.observation(None),
                "log": [e.text for e in state.events_for(None)]}

    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str, secret: str | None = None) -> None:
        await socket.accept()
        try:
            live = hub.table(table_id)
            viewer = live.viewer(secret)
        except ServerError as err:
            await socket.send_json({"type": "error", "code": err.code, "message": err.message})
            await socket.close(code=4000 + err.status)
            return
        watchers = hub.watchers.setdefault(table_id, set())
        watchers.add((socket, viewer))
        try:
            await socket.send_json({"type": "view", **live.view(viewer)})
            if live.bots_to_move():
                await hub.changed(live)
            while True:
                await _serve_message(socket, hub, live, viewer)
        except WebSocketDisconnect:
            pass
        finally:
            watchers.discard((socket, viewer))

    return app


async def _serve_message(socket: WebSocket, hub: Hub, live: LiveTable, viewer: Viewer) -> None:
    text = await socket.receive_text()
    try:
        message = json.loads(text)
        if not isinstance(message, dict) or message.get("type") != "action":
            raise ServerError(400, "malformed",
                              'send {"type": "action", "version": N, "action": {...}}')
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ServerError(400, "malformed", "'version' is the number from your last view")
        live.act(viewer, version, message.get("action"))
    except json.JSONDecodeError as err:
        await socket.send_json({"type": "error", "code": "malformed",
                                "message": f"not JSON: {err}"})
        return
    except ServerError as err:
        await socket.send_json({"type": "error", "code": err.code, "message": err.message})
        return
    await hub.changed(live)


def _create(store: Store, body: CreateTable) -> tuple[LiveTable, dict[str, Any]]:
    """Build the table, then store it: a table that cannot be built is refused (400, with
    the rule's own message) and leaves nothing in the database."""
    table_id = secrets.token_hex(8)
    invites: dict[int, str] = {}
    seats = []
    for index, seat in enumerate(body.seats):
        secret = secrets.token_urlsafe(18) if seat.kind == "human" else None
        if secret is not None:
            invites[index] = secret
        seats.append(Seat(index=index, kind=seat.kind, settings=seat.settings,
                          secret_hash=None if secret is None else hash_secret(secret)))
    spectator = secrets.token_urlsafe(18)
    try:
        spec = get_spec(body.game)
        options = spec.validate(len(body.seats), body.options)
        for seat in body.seats:
            if seat.kind != "human":
                bots.check_settings(seat.kind, seat.settings)  # a table seeds its bots
            elif seat.settings:
                raise InvalidOptionError("a human seat takes no settings")
        row = GameTable(
            id=table_id, game=spec.id, num_players=len(body.seats), options=options,
            seed=fresh_seed() if body.seed is None else body.seed,
            spectator_hash=hash_secret(spectator), seats=seats,
        )
        # Exactly what a restarted server does with the stored row: if this fails, the
        # row is never stored, so every stored table can be rebuilt.
        live = LiveTable(row, [], store)
    except UnknownGameError as err:
        raise ServerError(400, "unknown-game", str(err.args[0])) from None
    except WintergamesError as err:
        raise ServerError(400, "bad-option", str(err)) from None
    store.add_table(row)
    created: dict[str, Any] = {
        "table": table_id,
        "game": spec.id,
        "seats": [
            {"seat": i, "kind": s.kind,
             "secret": invites.get(i),
             "invite": f"/table/{table_id}?secret={invites[i]}" if i in invites else None}
            for i, s in enumerate(body.seats)
        ],
        "spectator": f"/table/{table_id}?secret={spectator}",
        "spectator_secret": spectator,
    }
    return live, created
