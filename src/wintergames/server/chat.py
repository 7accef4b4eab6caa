"""The table chat: short messages of a table's seats, read by everyone watching it.

A message is written by a seat's person (signed with the seat and the name it had then)
and stored with the table, append-only, before anyone is told; every watcher of the
table then gets it at once over its WebSocket. Spectators read, never write. A message
is one line of at most ``TEXT_MAX`` characters, and its text is only ever shown as text:
clients never read it as HTML.

Written over the table's WebSocket (``{"type": "chat", "text": "..."}``) or by
``POST /api/tables/{id}/chat``. The last ``HISTORY`` messages answer a socket's
``{"type": "chat-history"}`` (a page asks each time its socket opens, so a reload or a
reconnection shows what was said meanwhile) and ``GET /api/tables/{id}/chat``.
"""

from __future__ import annotations

import asyncio
import unicodedata
from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, update
from sqlalchemy.exc import DBAPIError

from wintergames.core.events import seat_name
from wintergames.server.bus import Notice
from wintergames.server.hub import Hub
from wintergames.server.live import (
    LiveTable,
    ServerError,
    Viewer,
    closed_error,
    storage_unavailable,
)
from wintergames.server.models import ChatMessage, GameTable
from wintergames.server.quotas import ClientLimits
from wintergames.server.store import Store, TableClosedError, utc
from wintergames.server.text import refused_char, shows_something

CHAT_TYPES = ("chat", "chat-history")  # the socket messages this module answers
TEXT_MAX = 300  # characters: a sentence or three; a table chat is not a forum
HISTORY = 100  # messages a new page is given: the conversation of a whole game


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str = Field(min_length=1, max_length=200, description="the seat's own secret")
    # The length and characters are checked by check_text, which says the rule.
    text: str = Field(description=f"the message: one line of 1 to {TEXT_MAX} characters")


def check_text(raw: Any) -> str:
    """The message to store, or ``ServerError`` 400 naming the rule: trimmed and
    NFC-normalised, 1 to ``TEXT_MAX`` characters of one line of visible text.

    >>> check_text("  gg  ")
    'gg'
    >>> try:
    ...     check_text("   ")
    ... except ServerError as err:
    ...     print(err.code, err.message)
    bad-chat a chat message is empty; write 1 to 300 characters
    """
    if not isinstance(raw, str):
        raise ServerError(400, "bad-chat", f"a chat message's 'text' is a string of 1 to "
                          f"{TEXT_MAX} characters, not {type(raw).__name__}")
    text = unicodedata.normalize("NFC", raw.strip())
    if not text:
        raise ServerError(400, "bad-chat", f"a chat message is empty; write 1 to {TEXT_MAX} "
                          "characters")
    if len(text) > TEXT_MAX:
        raise ServerError(400, "bad-chat", f"a chat message is {len(text)} characters long; "
                          f"a message has at most {TEXT_MAX}")
    refused = refused_char(text)
    if refused is not None:
        raise ServerError(400, "bad-chat", f"a chat message holds {refused}; a message is "
                          "one line of visible text, without control characters")
    if not shows_something(text):
        raise ServerError(400, "bad-chat", "a chat message shows nothing; write a letter, "
                          "digit, punctuation mark or symbol")
    return text


def message_json(row: ChatMessage) -> dict[str, Any]:
    """A stored message as clients get it: who (seat, its name then) and what, when."""
    return {"id": row.id, "seat": row.seat, "name": seat_name(row.seat),
            "nickname": row.nickname, "text": row.text,
            "at": utc(row.created_at).isoformat()}


def chat_error(err: ServerError) -> dict[str, str]:
    """A refused chat message on the socket: an error the page shows in its chat panel,
    not beside the game's moves."""
    return {"type": "error", "code": err.code, "message": err.message, "about": "chat"}


# -- storage ------------------------------------------------------------------------------

def append_message(store: Store, table_id: str, seat: int, nickname: str | None,
                   text: str) -> ChatMessage:
    """Store one message of an open table (``TableClosedError`` if it was closed, then
    nothing is stored). A message touches the table: people talking at it are there."""
    now = datetime.now(UTC)
    with store.writing() as session:
        # Guarded like an action: a close committed first leaves no row to update.
        touched = session.execute(update(GameTable).where(GameTable.id == table_id,
                                                          GameTable.closed_by.is_(None))
                                  .values(touched_at=now))
        if touched.rowcount != 1:  # type: ignore[attr-defined]
            raise TableClosedError(table_id)
        row = ChatMessage(table_id=table_id, seat=seat, nickname=nickname, text=text,
                          created_at=now)
        session.add(row)
        session.flush()  # its id: the order every client sorts by
        store.notify(session, table_id, "chat", row.id)
        return row


def message_by_id(store: Store, message_id: int) -> ChatMessage | None:
    """One stored message (another server process stored it, and said its id)."""
    with store.session() as session:
        return session.get(ChatMessage, message_id)


def last_messages(store: Store, table_id: str, limit: int = HISTORY) -> list[ChatMessage]:
    """The last ``limit`` messages of a table, oldest first."""
    with store.session() as session:
        rows = list(session.scalars(select(ChatMessage).where(ChatMessage.table_id == table_id)
                                    .order_by(ChatMessage.id.desc()).limit(limit)))
    return rows[::-1]


# -- the service ----------------------------------------------------------------------------

class TableChat:
    """Writing and reading a table's chat, for the HTTP routes and the sockets alike.

    Holds nothing of its own: messages are in storage, rates in ``limits``, watchers in
    the hub, so any number of these over one hub agree.
    """

    def __init__(self, hub: Hub, limits: ClientLimits) -> None:
        self.hub, self.limits = hub, limits
        if "chat" not in hub.following.listeners:  # the sockets' and the routes' are one
            hub.following.listeners["chat"] = self._heard
            hub.following.catching_up.append(self._caught_up)

    async def _caught_up(self, table_id: str) -> None:
        """Notices may have been missed (the listener reconnected): every watcher of the
        table gets the history again, which a page merges by message id."""
        messages = await asyncio.to_thread(self.history, table_id)
        self.hub.tell(table_id, {"type": "chat-history", "messages": messages,
                                 "max_length": TEXT_MAX})

    async def _heard(self, live: LiveTable, notice: Notice) -> None:
        """Another process stored a message at a table watched here: pass it on."""
        row = await asyncio.to_thread(message_by_id, self.hub.store, notice.step)
        if row is not None and row.table_id == live.id:
            self.hub.tell(live.id, {"type": "chat", "message": message_json(row)})

    async def say(self, table_id: str, viewer: Viewer, client: str, raw: Any) -> dict[str, Any]:
        """Check, store, then tell every watcher one message of ``viewer``'s seat;
        ``ServerError`` (and nothing stored or counted) if refused."""
        live = await self.hub.table_async(table_id)  # 404 for no such table
        if viewer.seat is None:
            raise ServerError(403, "spectator", "spectators read the chat; only the people "
                              "at the table's seats write in it")
        text = check_text(raw)
        if live.closed_by and live.ended_at is not None:
            raise closed_error(live.closed_by, live.ended_at)
        await self.limits.off_loop(self.limits.chat, client, table_id, viewer.seat)
        try:
            row = await asyncio.to_thread(append_message, self.hub.store, table_id,
                                          viewer.seat, live.nicknames[viewer.seat], text)
        except TableClosedError:
            # closed behind this server's back (another process, or just now): say how
            closed_by, ended_at = await asyncio.to_thread(self.hub.store.ending, table_id)
            if closed_by and ended_at is not None:
                live.mark_closed(closed_by, ended_at)
                self.hub.broadcast(live)
                raise closed_error(closed_by, ended_at) from None
            raise ServerError(404, "no-table", f"there is no table {table_id[:40]!r}"
                              ) from None
        message = message_json(row)
        self.hub.tell(table_id, {"type": "chat", "message": message})
        return message

    def history(self, table_id: str, limit: int = HISTORY) -> list[dict[str, Any]]:
        return [message_json(row) for row in last_messages(self.hub.store, table_id, limit)]

    async def answer(self, table_id: str, viewer: Viewer, client: str,
                     message: dict[str, Any]) -> dict[str, Any] | None:
        """A socket's chat message (one of ``CHAT_TYPES``): what to send back to that
        socket alone (the history, or an error about the chat), or None once a message
        is said (it reaches that socket with everyone else's). The game goes on whatever
        the chat answers, storage failing included."""
        try:
            if message.get("type") == "chat-history":
                messages = await asyncio.to_thread(self.history, table_id)
                return {"type": "chat-history", "messages": messages, "max_length": TEXT_MAX}
            await self.say(table_id, viewer, client, message.get("text"))
        except ServerError as err:
            return chat_error(err)
        except DBAPIError:
            return chat_error(storage_unavailable())
        return None


def add_chat(app: FastAPI, hub: Hub, limits: ClientLimits) -> TableChat:
    """The chat's HTTP routes, for clients without a socket."""
    chat = TableChat(hub, limits)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def say(table_id: str, body: ChatRequest, request: Request) -> dict[str, Any]:
        """A seat's person writes one message (the seat's own secret); every watcher of
        the table gets it at once."""
        live = await hub.table_async(table_id)
        client = request.client.host if request.client else "unknown"
        return {"message": await chat.say(table_id, live.viewer(body.secret), client,
                                          body.text)}

    @app.get("/api/tables/{table_id}/chat")
    async def read(table_id: str, secret: str | None = Query(None, max_length=200),
                   limit: int = Query(HISTORY, ge=1, le=HISTORY)) -> dict[str, Any]:
        """The last ``limit`` messages, oldest first; anyone who may watch may read."""
        live = await hub.table_async(table_id)
        live.viewer(secret)  # a wrong secret is refused here as for the view
        return {"table": table_id, "max_length": TEXT_MAX,
                "messages": await asyncio.to_thread(chat.history, table_id, limit)}

    return chat
