"""The FastAPI application: lobby, tables, actions over HTTP (WebSockets in ``sockets``).

``create_app(database_url)`` builds an app on its own store. Every table is its action
log in the database; the ``Hub`` keeps the tables being played in memory (rebuilt by
replay on first use, so a restart loses nothing) and the connections watching them.

A table is stored only once it has been built, so every stored table can be rebuilt. A
row that still cannot be (an older server's, a hand edit) is reported in the log and
stepped around: the lobby and the other tables never fail because of it, and it is kept.

Every refusal is JSON ``{"error": {"code", "message"}}`` with a fitting status: 4xx for
what the client sent (quoting at most a short excerpt of it), 429 over a limit, 503 while
storage fails (nothing is acknowledged that was not stored).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException
from starlette.middleware.body_limit import RequestBodyLimitMiddleware

from wintergames import bots
from wintergames.core.errors import InvalidOptionError, UnknownGameError, WintergamesError
from wintergames.core.events import seat_name
from wintergames.core.registry import available_games, get_spec
from wintergames.core.rng import fresh_seed
from wintergames.core.spec import GameSpec
from wintergames.server.afterwards import add_afterwards
from wintergames.server.chat import add_chat
from wintergames.server.docpage import document_page
from wintergames.server.hub import Hub, UnreadableTableError
from wintergames.server.live import (
    NAME_MAX,
    LiveTable,
    ServerError,
    check_unique,
    json_text,
    storage_unavailable,
)
from wintergames.server.models import GameTable, Seat
from wintergames.server.paging import page_of
from wintergames.server.people import add_people, check_name
from wintergames.server.quotas import ClientLimits, client_key
from wintergames.server.reviews import add_reviews
from wintergames.server.schemas import LOG_FROM, MALFORMED, ActionRequest, CreateTable
from wintergames.server.settings import ServerSettings
from wintergames.server.sockets import add_sockets
from wintergames.server.store import DEFAULT_URL, Store, hash_secret
from wintergames.server.wire import DeclaredSizeLimit, StrictJSONRoute
from wintergames.server.workers import start_fork_server

STATIC = Path(__file__).parent / "static"  # the web client: plain files, no build step
# The project's readings of each rulebook, served from a source checkout (make run).
INTERPRETATIONS = Path(__file__).resolve().parents[3] / "docs" / "rules"
logger = logging.getLogger(__name__)

__all__ = ["UnreadableTableError", "create_app"]


def error_response(err: ServerError) -> JSONResponse:
    return JSONResponse({"error": err.to_json()},
                        status_code=err.status, headers=err.headers)


def _known_game(game_id: str) -> GameSpec:
    try:
        return get_spec(game_id)
    except UnknownGameError as err:
        raise ServerError(404, "unknown-game", str(err.args[0])) from None


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def create_app(database_url: str = DEFAULT_URL, *, settings: ServerSettings | None = None,
               **overrides: Any) -> FastAPI:
    """The wintergames server on the database at ``database_url``.

    ``settings`` (or single ``overrides`` such as ``bot_budget=2.0``) set its limits.
    """
    settings = (settings or ServerSettings()).replace(**overrides)
    store = Store(database_url)
    hub = Hub(store, settings)
    limits = ClientLimits(settings, store)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        keeper = asyncio.get_running_loop().create_task(hub.keep())
        following = hub.following.start()  # other processes on the same PostgreSQL
        # the bots' and replays' fork server starts off the loop, before a bot needs it
        # (on the loop, its half second of imports stalled every table once: p99 529 ms)
        warming = asyncio.get_running_loop().create_task(asyncio.to_thread(start_fork_server))
        # the other processes on the database go on counting this one's connections
        renewer = asyncio.get_running_loop().create_task(limits.keep_renewed())
        try:
            yield
        finally:
            keeper.cancel()
            warming.cancel()
            renewer.cancel()
            for task in following:
                task.cancel()
            await hub.following.give_back()  # the processes that go on drive its tables
            hub.close()  # the worker processes stop with the server

    app = FastAPI(title="wintergames", summary="Five winter board games, played online.",
                  lifespan=lifespan)
    app.router.route_class = StrictJSONRoute
    # Bodies sent without a length are counted as they arrive (Starlette), inside the
    # app so the refusal is our JSON; a declared length over the limit never gets in.
    app.add_middleware(RequestBodyLimitMiddleware, max_body_size=settings.max_body_bytes)
    app.add_middleware(DeclaredSizeLimit, max_bytes=settings.max_body_bytes)
    app.state.hub = hub
    app.state.limits = limits

    @app.exception_handler(ServerError)
    async def server_error(request: Request, err: ServerError) -> JSONResponse:
        return error_response(err)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed", 413: "too-large"}
        return error_response(ServerError(err.status_code, code.get(err.status_code, "http"),
                                          str(err.detail)))

    @app.exception_handler(DBAPIError)
    async def storage_error(request: Request, err: DBAPIError) -> JSONResponse:
        logger.error("storage failed: %s", err.orig)
        return error_response(storage_unavailable())

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        # A number that is not one (true, "1", 1.0) is malformed, as on the WebSocket.
        malformed = [e for e in err.errors() if e["type"] == MALFORMED]
        problems = "; ".join(
            f"{'.'.join(str(x)[:40] for x in e['loc'][1:]) or 'body'}: {e['msg']}"
            for e in (malformed or err.errors())[:5]
        )
        if malformed:
            return error_response(ServerError(400, MALFORMED, problems))
        return error_response(ServerError(422, "invalid-request", problems))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    # The pages say they have no icon (<link rel="icon" href="data:,">); a browser showing
    # one of the JSON documents asks for /favicon.ico all the same, and is told the same,
    # not "not found" (a failed request in its console and a 404 in the server's log).
    @app.get("/favicon.ico", include_in_schema=False, status_code=204)
    def no_icon() -> Response:
        return Response(status_code=204)

    @app.get("/api/games/{game_id}/layout")
    def layout(game_id: str) -> dict[str, Any]:
        """The public component data the game's view module draws the board with."""
        spec = _known_game(game_id)
        if spec.layout is None:
            raise ServerError(404, "no-layout", f"{spec.title} has no board layout")
        return spec.layout()

    @app.get("/api/games/{game_id}/rules")
    def rules(game_id: str) -> dict[str, Any]:
        """Rules at hand: the summary, every explained term, and where the project's
        interpretations of the rulebook are (when the source tree is there to serve)."""
        spec = _known_game(game_id)
        if spec.rules_help is None:
            raise ServerError(404, "no-rules", f"{spec.title} has no rules summary yet")
        doc = INTERPRETATIONS / f"{spec.id}.md"
        return {"game": spec.id, "title": spec.title,
                "summary": [{"title": t, "text": x} for t, x in spec.rules_help.summary],
                "terms": dict(spec.rules_help.terms),
                # every log line, refusal and prompt names one of these by id
                "passages": [] if spec.rules is None else [
                    p.to_json() for p in spec.rules.values()],
                "interpretations": f"/docs/rules/{spec.id}.md" if doc.is_file() else None}

    @app.get("/docs/rules/{game_id}.md", include_in_schema=False)
    def interpretations(game_id: str) -> HTMLResponse:
        """The project's readings of the rulebook, as a page (its Markdown rendered)."""
        spec = _known_game(game_id)
        doc = INTERPRETATIONS / f"{spec.id}.md"
        if not doc.is_file():
            raise ServerError(404, "no-document", f"docs/rules/{spec.id}.md is not installed "
                              "with this copy (it is in the source tree)")
        return HTMLResponse(document_page(doc.read_text(encoding="utf-8"),
                                          f"{spec.title}: how this site reads the rulebook"))

    # Made once, as JSON text: the games, their options and the bots do not change while
    # the server runs, and every visit to the lobby asks (8 ms a request, made anew).
    catalogue_text: list[str] = []

    @app.get("/api/games")
    def games() -> Response:
        if not catalogue_text:
            catalogue_text.append(json.dumps(_catalogue(settings)))
        return json_text(catalogue_text[0])

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        await limits.off_loop(limits.new_table, client_of(request))
        live, created = await asyncio.to_thread(_create, store, settings, body)
        # built before it was stored (no need to rebuild it); its bots take this client's turns
        hub.adopt(live, client_key(client_of(request)))
        hub.changed(live)  # bots may open the game
        return created

    @app.get("/api/tables")
    def open_tables(limit: int = Query(settings.lobby_page, ge=1, le=settings.lobby_page),
                    after: str | None = Query(None, max_length=32),
                    quiet: bool = Query(False)) -> dict[str, Any]:
        """Unfinished tables, newest first, a page at a time: ``next`` is the ``after``
        of the following page (None on the last). Tables nobody has touched for
        ``lobby_quiet_seconds`` are left out unless ``quiet``; ``quiet_tables`` says how
        many there are."""
        since = datetime.now(UTC) - timedelta(seconds=settings.lobby_quiet_seconds)
        rows = store.open_tables(limit + 1, after, None if quiet else since)
        listed, following = page_of(rows, limit, lambda row, title: {
            "table": row.table, "game": row.game, "title": title, "seats": list(row.kinds),
            "nicknames": list(row.nicknames), "version": row.moves,
            "to_move": list(row.to_move)})
        return {"tables": listed, "next": following, "quiet_tables": store.quiet_tables(since),
                "quiet_after_seconds": settings.lobby_quiet_seconds}

    @app.get("/api/tables/{table_id}/view")
    def view(table_id: str, secret: str | None = Query(None, max_length=200),
             log_from: int = Query(0, ge=0, description=LOG_FROM)) -> Response:
        live = hub.table(table_id)
        return json_text(live.view_json(live.viewer(secret), log_from))

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: ActionRequest) -> Response:
        live = await hub.table_async(table_id)
        viewer = live.viewer(body.secret)
        await hub.act(live, viewer, body.version, body.action)
        return json_text(live.view_json(viewer, body.log_from))

    add_sockets(app, hub, limits)
    add_people(app, hub)
    add_chat(app, hub, limits)
    add_afterwards(app, hub, limits, STATIC)
    add_reviews(app, hub, limits)
    return app


def _create(store: Store, settings: ServerSettings,
            body: CreateTable) -> tuple[LiveTable, dict[str, Any]]:
    """Build the table, then store it: a table that cannot be built is refused (400, with
    the rule's own message) and leaves nothing in the database."""
    table_id = secrets.token_hex(8)
    invites: dict[int, str] = {}
    seats = []
    for index, seat in enumerate(body.seats):
        secret = secrets.token_urlsafe(18) if seat.kind == "human" else None
        if secret is not None:
            invites[index] = secret
        if seat.kind != "human" and seat.name is not None:
            raise ServerError(400, "bad-name", f"{seat_name(index)} is a {seat.kind[:40]} "
                              "bot, shown by its kind; only a person's seat takes a name")
        seats.append(Seat(index=index, kind=seat.kind, settings=seat.settings,
                          secret_hash=None if secret is None else hash_secret(secret),
                          nickname=check_name(seat.name, index)))
        check_unique([s.nickname for s in seats], index)
    spectator = secrets.token_urlsafe(18)
    # Whoever holds this may close the table; like the seats' secrets, only its hash is kept.
    creator = secrets.token_urlsafe(18)
    people = any(seat.kind == "human" for seat in body.seats)
    if body.seed is not None and people and not settings.seeded_human_tables:
        # A known seed would let a player compute every hidden draw offline.
        raise ServerError(400, "seed-not-allowed",
                          "a table with a person at it draws its own seed (shown to all "
                          "when the game ends); only bot-only tables take a chosen seed")
    try:
        spec = get_spec(body.game)
        options = spec.validate(len(body.seats), body.options)
        for seat in body.seats:
            if seat.kind != "human":
                # the command line's --players runs the same check (a table seeds its bots)
                bots.check_seat(seat.kind, seat.settings, spec)
            elif seat.settings:
                raise InvalidOptionError("a human seat takes no settings")
        row = GameTable(
            id=table_id, game=spec.id, num_players=len(body.seats), options=options,
            seed=fresh_seed() if body.seed is None else body.seed,
            spectator_hash=hash_secret(spectator), creator_hash=hash_secret(creator),
            seats=seats,
        )
        # Exactly what a restarted server does with the stored row: if this fails, the
        # row is never stored, so every stored table can be rebuilt.
        live = LiveTable(row, [], store)
    except UnknownGameError as err:
        raise ServerError(400, "unknown-game", str(err.args[0])) from None
    except WintergamesError as err:
        raise ServerError(400, "bad-option", str(err)) from None
    progress = live.progress()
    row.moves, row.finished = progress.moves, progress.finished
    row.to_move, row.bot_to_move = list(progress.to_move), progress.bot_to_move
    store.add_table(row)
    created: dict[str, Any] = {
        "table": table_id,
        "game": spec.id,
        "seats": [
            {"seat": i, "kind": s.kind, "nickname": seats[i].nickname,
             "secret": invites.get(i),
             "invite": f"/table/{table_id}?secret={invites[i]}" if i in invites else None}
            for i, s in enumerate(body.seats)
        ],
        "spectator": f"/table/{table_id}?secret={spectator}",
        "spectator_secret": spectator,
        "creator_secret": creator,  # POST /api/tables/{id}/close with it ends the table
    }
    return live, created


def _catalogue(settings: ServerSettings) -> dict[str, Any]:
    """What ``GET /api/games`` says: every game, its options and bots, and the server's
    settings a lobby needs."""
    return {
        "games": [
            {
                "id": spec.id, "title": spec.title, "summary": spec.summary,
                "tagline": spec.tagline or spec.summary,
                "min_players": spec.min_players, "max_players": spec.max_players,
                "options": [{"name": o.name, "default": o.default,
                             "kind": o.kind.__name__,
                             "description": o.description,
                             "choices": None if o.choices is None else list(o.choices),
                             # what the server accepts at each player count, so the
                             # lobby offers no value the game's rules refuse
                             "choices_by_players": None if o.choices is None else {
                                 str(n): list(o.allowed(n) or ())
                                 for n in spec.players_range}}
                            for o in spec.options],
                # the bot kinds that can play it (the flick planner: games of flicks)
                "bots": bots.kinds_for(spec),
                # what the option "overlay" may change (a what-if table made by the API)
                "overlay": [] if spec.overlay is None else [
                    {"key": p.key, "default": list(p.default) if isinstance(p.default, tuple)
                     else p.default, "description": p.description, "bounds": p.bounds}
                    for p in spec.overlay.params.values()],
            }
            for spec in available_games()
        ],
        "bots": bots.kinds(),
        "bot_settings": bots.describe(),
        "name_max": NAME_MAX,  # the longest seat name the server takes
        # whether a table with a person takes a chosen seed (test servers only)
        "seeded_human_tables": settings.seeded_human_tables,
    }
