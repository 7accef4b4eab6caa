"""Open WebSockets: each gets a bounded queue and its own sending task.

Nothing the server does for a table ever waits on a client's network: a change puts one
message on each watcher's queue and moves on. A watcher whose queue is full has stopped
reading (or reads too slowly to follow the game); it is dropped, and when it reconnects
it gets the current view, which is all it would have needed anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import WebSocket

from wintergames.server.live import Viewer

TOO_SLOW = 4008  # close code: this connection fell behind and was dropped
CLOSE_WAIT = 1.0  # seconds a dropped watcher's closing handshake may take


class Watcher:
    """One WebSocket watching a table as ``viewer``."""

    def __init__(self, socket: WebSocket, viewer: Viewer, queue_size: int) -> None:
        self.socket, self.viewer = socket, viewer
        self.dropped = False
        self._queue: asyncio.Queue[str] = asyncio.Queue(queue_size)
        self._closed = asyncio.Event()

    def send(self, message: str | dict[str, Any]) -> None:
        """Queue ``message`` (JSON text or an object) without waiting; drop the watcher
        if it is already ``queue_size`` messages behind."""
        if self.dropped:
            return
        text = message if isinstance(message, str) else json.dumps(message)
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            self._closed.set()

    async def pump(self) -> None:
        """Send queued messages, in order, until the watcher is dropped or disconnects."""
        sending = asyncio.ensure_future(self._send_all())
        closed = asyncio.ensure_future(self._closed.wait())
        try:
            await asyncio.wait({sending, closed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sending.cancel()
            closed.cancel()
        if sending.done() and not sending.cancelled():
            sending.exception()  # the client went away mid-send: the reader sees it too
        if self.dropped:
            # The close frame waits behind whatever the client never read: bounded.
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(TOO_SLOW, "too slow: reconnect"),
                                       CLOSE_WAIT)

    async def _send_all(self) -> None:
        while True:
            await self.socket.send_text(await self._queue.get())
