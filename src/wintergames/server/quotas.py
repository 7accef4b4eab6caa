"""Per-client limits: how fast one address may create tables and chat, how many sockets
it holds (and how fast a table's chat may run).

Rates are counted by the ``limits`` library (a moving window in memory: a limit is per
server process, which is what one process serving everything needs).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from limits import RateLimitItemPerMinute, storage, strategies

from wintergames.server.live import ServerError
from wintergames.server.settings import ServerSettings


class ClientLimits:
    """The limits of every client address, by the server's settings."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self._windows = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
        self._new_tables = RateLimitItemPerMinute(settings.tables_per_minute)
        self._chat = RateLimitItemPerMinute(settings.chat_per_minute)
        self._table_chat = RateLimitItemPerMinute(settings.table_chat_per_minute)
        self._sockets: Counter[str] = Counter()

    def new_table(self, client: str) -> None:
        """Count one table created by ``client``; ``ServerError`` 429 once over the rate."""
        if self._windows.hit(self._new_tables, "tables", client):
            return
        reset = self._windows.get_window_stats(self._new_tables, "tables", client).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise ServerError(429, "too-many-tables",
                          f"a client may create {self.settings.tables_per_minute} tables a "
                          f"minute; try again in {wait} s", headers={"Retry-After": str(wait)})

    def chat(self, client: str, table_id: str) -> None:
        """Count one chat message of ``client`` at a table; ``ServerError`` 429 (nothing
        counted) once either is over its rate."""
        rates = ((self._chat, "chat", client,
                  f"a client may send {self.settings.chat_per_minute}"),
                 (self._table_chat, "table-chat", table_id,
                  f"a table takes {self.settings.table_chat_per_minute}"))
        for item, scope, key, rule in rates:
            if not self._windows.test(item, scope, key):
                reset = self._windows.get_window_stats(item, scope, key).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise ServerError(429, "too-many-messages",
                                  f"{rule} chat messages a minute; try again in {wait} s",
                                  headers={"Retry-After": str(wait)})
        for item, scope, key, _ in rates:
            self._windows.hit(item, scope, key)

    @contextmanager
    def socket(self, client: str) -> Iterator[None]:
        """Hold one WebSocket of ``client`` open; ``ServerError`` 429 if it has too many."""
        if self._sockets[client] >= self.settings.max_connections_per_client:
            raise ServerError(429, "too-many-connections",
                              f"a client may hold {self.settings.max_connections_per_client} "
                              "connections at once; close one first")
        self._sockets[client] += 1
        try:
            yield
        finally:
            self._sockets[client] -= 1
            if not self._sockets[client]:
                del self._sockets[client]
