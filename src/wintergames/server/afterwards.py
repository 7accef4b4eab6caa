"""After a game: its replay in the browser, its record to download, and a rematch.

Replays are made once in a worker process and kept (``server/replays.py``): stepping
back and forth in the browser, or asking for one step, costs the server a slice of kept
text. Nothing of them opens before the game is over (the seed, and so every hidden
draw, is public from then on).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from wintergames.server.hub import Hub
from wintergames.server.live import LiveTable, ServerError
from wintergames.server.quotas import ClientLimits, client_key
from wintergames.server.rematch import Rematches, RematchRequest
from wintergames.server.replays import Replays


def finished(live: LiveTable, what: str) -> None:
    """Refuse ``what`` while the game goes on: a replay or record would show the seed
    and moves a seat must not know yet."""
    if not live.state.is_over:
        closed = " (this table was closed before its game ended)" if live.closed_by else ""
        raise ServerError(409, "not-over", f"{what} opens when the game is over{closed}")


def download_name(live: LiveTable) -> str:
    """``winter-queen-1a2b3c4d5e6f7a8b.json``: the game and the table, safe as a file name."""
    return f"{live.spec.id}-{live.id}.json"


def add_afterwards(app: FastAPI, hub: Hub, limits: ClientLimits, static: Path) -> None:
    """The replay page and its data, Download record, and rematches."""
    replays = Replays(hub.store, hub.background.run, hub.settings.replay_memory_bytes)
    rematches = Rematches(hub)
    app.state.replays = replays

    async def spectators_replay(live: LiveTable) -> None:
        # made as the game ends: its first viewer waits for nothing
        await replays.book(live, None, hub.client_of(live.id))

    hub.after_game.append(spectators_replay)

    async def finished_table(table_id: str, request: Request, what: str) -> LiveTable:
        await limits.off_loop(limits.replay_read, client_of(request))
        live = await hub.table_async(table_id)
        finished(live, what)
        return live

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(static / "replay.html")

    @app.get("/api/tables/{table_id}/replay/all")
    async def replay_all(table_id: str, request: Request,
                         secret: str | None = Query(None, max_length=200)) -> Response:
        """Every step of a finished game at once (see ``replays.make_book``), computed
        once and kept; gzip-compressed for clients that accept it (every browser does).
        With a seat's ``secret``, the game as that seat saw it (its hand as it was)."""
        live = await finished_table(table_id, request, "a replay")
        seat = live.viewer(secret).seat if secret else None
        book = await replays.book(live, seat, client_key(client_of(request)))
        headers = {"Vary": "Accept-Encoding",
                   "Cache-Control": "private, max-age=3600" if seat is not None
                   else "public, max-age=3600"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(book.gz, media_type="application/json",
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(await replays.text(book), media_type="application/json",
                        headers=headers)

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(table_id: str, request: Request, step: int = 0) -> Response:
        """A finished game after its first ``step`` actions, as a spectator sees it: a
        slice of its kept replay."""
        live = await finished_table(table_id, request, "a replay")
        if not 0 <= step <= live.version:
            raise ServerError(400, "bad-step", f"step must be in 0..{live.version}, not {step}")
        book = await replays.book(live, None, client_key(client_of(request)))
        await replays.text(book)
        return Response(book.step(live.id, step), media_type="application/json")

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> JSONResponse:
        """The replay record ``wintergames replay FILE`` reads (``State.record()`` and each
        seat's kind and name), saved by the browser as a file."""
        live = hub.table(table_id)
        finished(live, "the record")
        with live.lock:
            body = live.state.record()
        body["seats"] = [{"kind": kind, "name": live.nicknames[i]}
                         for i, kind in enumerate(live.kinds)]
        return JSONResponse(body, headers={
            "Content-Disposition": f'attachment; filename="{download_name(live)}"'})

    @app.get("/api/tables/{table_id}/rematch")
    async def rematch_link(table_id: str) -> dict[str, Any]:
        """The rematch of a table, if one was started (for everyone: it is listed in the
        lobby anyway); a seat claims its place in it with POST."""
        await hub.table_async(table_id)  # 404 for no such table
        new = await asyncio.to_thread(rematches.of, table_id)
        return {"table": new, "spectator": None if new is None else f"/table/{new}"}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: RematchRequest, request: Request) -> dict[str, Any]:
        """Start the rematch of a finished table (or join the one started): a seat's old
        secret gives its new one. A second request never makes a second table."""
        live = await hub.table_async(table_id)
        finished(live, "a rematch")
        viewer = live.viewer(body.secret)
        return await rematches.join(live, viewer, body.secret,
                                    lambda: limits.off_loop(limits.new_table,
                                                            client_of(request)))


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"
