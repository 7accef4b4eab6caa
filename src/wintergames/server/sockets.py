"""Live play over WebSocket: ``/ws/tables/{id}?secret=...``.

The server sends ``{"type": "view", ...}`` on connecting and after every change, and
``{"type": "error", "code", "message"}`` for a refused message; the socket stays open
after any refusal. A client sends ``{"type": "action", "version": N, "action": {...}}``
as a text frame, or the chat's ``{"type": "chat", "text": "..."}`` and
``{"type": "chat-history"}`` (answered as ``chat`` says; every new message reaches every
watcher as ``{"type": "chat", "message": {...}}``). Browsers may connect only from the
server's own origin (or one the operator allows), so another site cannot play with a
visitor's invite link.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, WebSocket
from sqlalchemy.exc import DBAPIError

from wintergames.server.chat import CHAT_TYPES, TableChat
from wintergames.server.hub import Hub
from wintergames.server.live import ServerError, Viewer, storage_unavailable
from wintergames.server.quotas import ClientLimits
from wintergames.server.watchers import Watcher
from wintergames.server.wire import parse_json, whole_number

FORBIDDEN_ORIGIN = 4403  # close code of a handshake from another site


def origin_allowed(socket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """No Origin (not a browser), the server's own host, or one the operator allows."""
    origin = socket.headers.get("origin")
    if origin is None or origin in allowed:
        return True
    return urlsplit(origin).netloc.lower() == socket.headers.get("host", "").lower()


def add_sockets(app: FastAPI, hub: Hub, limits: ClientLimits) -> None:
    settings = hub.settings
    chat = TableChat(hub, limits)  # holds nothing: the same chat as the HTTP routes'

    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str, secret: str | None = None) -> None:
        if not origin_allowed(socket, settings.allowed_origins):
            await socket.close(code=FORBIDDEN_ORIGIN)  # before accepting: a 403 handshake
            return
        await socket.accept()
        client = socket.client.host if socket.client else "unknown"
        try:
            async with limits.socket_async(client):
                live = await hub.table_async(table_id)
                watcher = Watcher(socket, live.viewer(secret), settings.send_queue)
                # every process's watchers of the table
                async with limits.watcher_async(table_id):
                    hub.watch(table_id, watcher)
                    try:
                        await _session(socket, hub, table_id, watcher, chat)
                    finally:
                        hub.unwatch(table_id, watcher)
        except ServerError as err:
            await _refuse(socket, err)
        except DBAPIError:
            await _refuse(socket, storage_unavailable())


def _error_message(err: ServerError) -> dict[str, str]:
    return {"type": "error", **err.to_json()}


async def _refuse(socket: WebSocket, err: ServerError) -> None:
    with contextlib.suppress(Exception):  # the client may be gone already
        await socket.send_json(_error_message(err))
        await socket.close(code=4000 + err.status)


async def _session(socket: WebSocket, hub: Hub, table_id: str, watcher: Watcher,
                   chat: TableChat) -> None:
    """Serve one connection until the client leaves or falls behind."""
    live = await hub.table_async(table_id)
    # The watcher is counted already, so whatever another process stores from now on
    # reaches it; what one stored while this copy was loading is read now.
    if not await hub.following.freshen(live):
        watcher.send(live.view_text(watcher.viewer))
    hub.drive(live)  # bots to move that nobody drives (after a restart, say)
    pump = asyncio.ensure_future(watcher.pump())
    reader = asyncio.ensure_future(_read(socket, hub, table_id, watcher, chat))
    try:
        await asyncio.wait({pump, reader}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        reader.cancel()
        pump.cancel()  # the client left, or fell behind and was closed by the pump
        with contextlib.suppress(asyncio.CancelledError):
            await pump


async def _read(socket: WebSocket, hub: Hub, table_id: str, watcher: Watcher,
                chat: TableChat) -> None:
    max_bytes = hub.settings.max_message_bytes
    client = socket.client.host if socket.client else "unknown"
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        try:
            text = message.get("text")
            if text is None:
                raise ServerError(400, "malformed", "send JSON as text frames, not binary")
            sent = parse_json(text, max_bytes)
            if isinstance(sent, dict) and sent.get("type") in CHAT_TYPES:
                reply = await chat.answer(table_id, watcher.viewer, client, sent)
                if reply is not None:
                    watcher.send(reply)
                continue
            await _act(hub, table_id, watcher.viewer, sent)
        except ServerError as err:
            watcher.send(_error_message(err))
        except DBAPIError:
            watcher.send(_error_message(storage_unavailable()))


async def _act(hub: Hub, table_id: str, viewer: Viewer, message: Any) -> None:
    if not isinstance(message, dict) or message.get("type") != "action":
        raise ServerError(400, "malformed",
                          'send {"type": "action", "version": N, "action": {...}} or '
                          '{"type": "chat", "text": "..."}')
    try:  # decoded, and refused in the same words, as the HTTP action's (WholeNumber)
        version = whole_number(message.get("version"))
    except ValueError as err:
        raise ServerError(400, "malformed", f"version: {err}") from None
    live = await hub.table_async(table_id)  # a reloaded table is a new object
    await hub.act(live, viewer, version, message.get("action"))
