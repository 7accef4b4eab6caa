"""After a game: its replay in the browser, its record to download, and a rematch.

A finished game never changes, so everything a replay viewer needs (every step's public
observation and the spectator's log) is computed once, in one pass over the record, and
kept compressed in a small cache: stepping back and forth in the browser costs nothing
on the server. Only what a spectator may see is in it, and only once the game is over
(the seed, and so every hidden draw, is public from then on).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from wintergames.core.events import seat_name
from wintergames.core.registry import make
from wintergames.server.hub import Hub
from wintergames.server.live import LiveTable, ServerError
from wintergames.server.quotas import ClientLimits
from wintergames.server.rematch import Rematches, RematchRequest

REPLAYS_KEPT = 32  # finished games whose frames stay in memory (a few kB to 150 kB each)


def finished(live: LiveTable, what: str) -> None:
    """Refuse ``what`` while the game goes on: a replay or record would show the seed
    and moves a seat must not know yet."""
    if not live.state.is_over:
        closed = " (this table was closed before its game ended)" if live.closed_by else ""
        raise ServerError(409, "not-over", f"{what} opens when the game is over{closed}")


def seats_of(live: LiveTable) -> list[dict[str, Any]]:
    return [{"seat": i, "name": seat_name(i), "nickname": live.nicknames[i], "kind": kind}
            for i, kind in enumerate(live.kinds)]


def frames(live: LiveTable, seat: int | None = None) -> dict[str, Any]:
    """Every step of a finished game as a spectator sees it (or, with ``seat``, as that
    seat saw it: its own hand, the log lines shown to it alone), in one pass.

    Step 0 is the set-up, step N the position after N actions. The spectator's log only
    grows, so it is sent once and each frame says how many of its lines are written by
    then (``log``). Who acted is public (a seat that has chosen is shown as such); what
    they chose is told only by the log and the observation, never by the action itself.
    """
    spec = live.spec
    with live.lock:
        record, final = live.state.record(), live.state
        scores, winners = final.scores(), final.winners()
        # where each score came from, as on the end screen (a closed table has no end)
        made = spec.score_breakdown
        breakdown = made(final).to_json() if made is not None and final.is_over else None
    state = make(record["game"], record["num_players"], record["seed"], record["options"])
    lines: list[dict[str, Any]] = []
    read = 0  # entries of state.log already looked at

    def frame(step: int, actor: int | None) -> dict[str, Any]:
        nonlocal read
        lines.extend(e.view() for e in state.log[read:] if e.visible(seat))
        read = len(state.log)
        return {"step": step, "actor": actor, "to_move": list(state.to_move),
                "simultaneous": state.simultaneous, "observation": state.observation(seat),
                "log": len(lines)}

    shown = [frame(0, None)]
    for step, (player, obj) in enumerate(record["actions"], 1):
        state.apply(spec.action_from_json(obj), player)
        shown.append(frame(step, player))
    return {"table": live.id, "game": spec.id, "title": spec.title, "seat": seat,
            "steps": len(record["actions"]), "seats": seats_of(live),
            "score_unit": spec.score_unit, "score_unit_one": spec.score_unit_one,
            "scores": scores, "winners": winners,
            "breakdown": breakdown, "seed": record["seed"], "log": lines, "frames": shown}


class ReplayShelf:
    """The frames of the finished games replayed lately, compressed, newest kept."""

    def __init__(self, size: int = REPLAYS_KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, int | None], bytes] = OrderedDict()
        # One computation at a time: two viewers opening the same game wait for one pass
        # instead of making two (and a burst of them cannot take every core).
        self._lock = threading.Lock()
        self.computed = 0  # passes made (for tests and curiosity)

    def get(self, live: LiveTable, seat: int | None = None) -> bytes:
        key = (live.id, seat)
        with self._lock:
            body = self._kept.get(key)
            if body is None:
                text = json.dumps(frames(live, seat), separators=(",", ":")).encode()
                body = self._kept[key] = gzip.compress(text, compresslevel=6)
                self.computed += 1
                while len(self._kept) > self.size:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return body


def download_name(live: LiveTable) -> str:
    """``winter-queen-1a2b3c4d5e6f7a8b.json``: the game and the table, safe as a file name."""
    return f"{live.spec.id}-{live.id}.json"


def add_afterwards(app: FastAPI, hub: Hub, limits: ClientLimits, static: Path) -> None:
    """The replay page and its data, Download record, and rematches."""
    shelf = ReplayShelf()
    rematches = Rematches(hub)
    app.state.replays = shelf
    # the spectator's replay made as the game ends: its first viewer waits for nothing
    hub.after_game.append(shelf.get)

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return FileResponse(static / "replay.html")

    @app.get("/api/tables/{table_id}/replay/all")
    def replay_all(table_id: str, request: Request,
                   secret: str | None = Query(None, max_length=200)) -> Response:
        """Every step of a finished game at once (see ``frames``), computed once and kept;
        gzip-compressed for clients that accept it (every browser does). With a seat's
        ``secret``, the game as that seat saw it (its hand as it was)."""
        live = hub.table(table_id)
        finished(live, "a replay")
        seat = live.viewer(secret).seat if secret else None
        body = shelf.get(live, seat)
        headers = {"Vary": "Accept-Encoding",
                   "Cache-Control": "private, max-age=3600" if seat is not None
                   else "public, max-age=3600"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(body, media_type="application/json",
                            headers={**headers, "Content-Encoding": "gzip"})
        return Response(gzip.decompress(body), media_type="application/json", headers=headers)

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
                                    lambda: limits.new_table(client_of(request)))


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"
