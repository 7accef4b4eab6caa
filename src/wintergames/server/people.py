"""Tables and people: seat names, closing a table, and the games that ended.

A seat's name is typed by people, so it is checked in one place (``check_name``) for every
entrance (creating a table, renaming a seat) and shown by clients only as text. Closing
is recorded (who, when) and deletes nothing: a closed table stays readable and listed.
"""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Any

from fastapi import FastAPI, Query
from fastapi.responses import Response

from wintergames.core.events import seat_name
from wintergames.server.hub import Hub
from wintergames.server.live import NAME_MAX, ServerError, json_text
from wintergames.server.paging import page_of
from wintergames.server.schemas import CloseRequest, NameRequest
from wintergames.server.store import Ended
from wintergames.server.text import refused_char, shows_something

RECENT = 10  # games the lobby lists unless asked for more (up to lobby_page)


def check_name(raw: str | None, seat: int) -> str | None:
    """The name to store for ``seat`` (None: no name), or ``ServerError`` 400 naming
    the rule. Trimmed and NFC-normalised; empty means no name.

    >>> check_name("  Ada  ", 0)
    'Ada'
    >>> check_name("   ", 1) is None
    True
    >>> try:
    ...     check_name("x" * 33, 1)
    ... except ServerError as err:
    ...     print(err.code, err.message)
    bad-name Player 2's name is 33 characters long; a name has at most 32
    >>> try:
    ...     check_name("\u200d", 0)
    ... except ServerError as err:
    ...     print(err.message)
    Player 1's name shows nothing; a name needs a letter, digit, punctuation mark or symbol
    """
    if raw is None:
        return None
    name = unicodedata.normalize("NFC", raw.strip())
    if not name:
        return None
    who = f"{seat_name(seat)}'s name"
    if len(name) > NAME_MAX:
        raise ServerError(400, "bad-name", f"{who} is {len(name)} characters long; a name "
                          f"has at most {NAME_MAX}")
    refused = refused_char(name)
    if refused is not None:
        raise ServerError(400, "bad-name", f"{who} holds {refused}; a name is one line of "
                          "visible text, without control characters")
    if not shows_something(name):
        raise ServerError(400, "bad-name", f"{who} shows nothing; a name needs a letter, "
                          "digit, punctuation mark or symbol")
    return name


def add_people(app: FastAPI, hub: Hub) -> None:
    """Naming seats, closing tables and listing the games that ended."""
    store, settings = hub.store, hub.settings

    @app.post("/api/tables/{table_id}/name")
    async def rename(table_id: str, body: NameRequest) -> Response:
        """A seat's person names it (the seat's own secret); every watcher sees it."""
        live = await hub.table_async(table_id)
        viewer = live.viewer(body.secret)
        if viewer.seat is None:
            raise ServerError(403, "spectator", "a spectator has no seat to name")
        nickname = check_name(body.name, viewer.seat)
        await asyncio.to_thread(live.rename, viewer, nickname)
        hub.broadcast(live)
        return json_text(live.view_json(viewer))

    @app.post("/api/tables/{table_id}/close")
    async def close(table_id: str, body: CloseRequest) -> dict[str, Any]:
        """The creator closes an unfinished table: no more moves, still readable."""
        live = await hub.table_async(table_id)
        await asyncio.to_thread(live.close, body.secret)
        hub.broadcast(live)
        return {"table": table_id, "closed": live.view(live.viewer(None))["closed"]}

    @app.get("/api/recent-games")
    def recent_games(limit: int = Query(min(RECENT, settings.lobby_page), ge=1,
                                        le=settings.lobby_page),
                     after: str | None = Query(None, max_length=32)) -> dict[str, Any]:
        """Tables that finished or were closed, the latest to end first, a page at a
        time (``next`` as in ``GET /api/tables``); each is watched at its ``watch`` link."""
        listed, following = page_of(store.ended_tables(limit + 1, after), limit, _ended_entry)
        return {"games": listed, "next": following}


def _ended_entry(row: Ended, title: str) -> dict[str, Any]:
    """One finished or closed table in the lobby's "Recent games", watched at ``watch``."""
    return {
        "table": row.table, "game": row.game, "title": title,
        "seats": [{"seat": i, "name": seat_name(i), "nickname": nickname, "kind": kind}
                  for i, (kind, nickname) in enumerate(zip(row.kinds, row.nicknames,
                                                           strict=True))],
        "moves": row.moves,
        "scores": None if row.scores is None else list(row.scores),
        "winners": list(row.winners),
        "ended_at": row.ended_at.isoformat(),
        "closed_by": row.closed_by,
        "watch": f"/table/{row.table}",
    }
