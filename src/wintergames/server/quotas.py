"""Per-client limits: how fast one client may create tables and chat, how many sockets
it holds, and how fast a table's chat (and each seat's share of it) may run.

A client is its address as ``client_key`` reads it: one IPv4 address, or one IPv6 /64
(what a single subscriber is given, so rotating addresses within it gains nothing).
Rates are counted by the ``limits`` library (a moving window in memory: a limit is per
server process, which is what one process serving everything needs).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from limits import RateLimitItem, RateLimitItemPerMinute, storage, strategies

from wintergames.server.live import ServerError
from wintergames.server.settings import ServerSettings

IPV6_PREFIX = 64  # bits of an IPv6 address that name one subscriber (RFC 6177)


def client_key(host: str) -> str:
    """The client an address belongs to, as every per-client limit counts it.

    An IPv4 address is itself, an IPv6 address is its /64 prefix (one subscriber is
    given a whole /64, so rotating addresses within it gains nothing), an IPv4-mapped
    IPv6 address is the IPv4 address it carries, and anything else (a test client's
    name) is taken as it is. Loopback addresses stay apart: only the server's own
    machine has them, and a proxy there is trusted for the real client's address.

    >>> client_key("203.0.113.7")
    '203.0.113.7'
    >>> client_key("2001:db8:1:2:aaaa::1"), client_key("2001:db8:1:2::99")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> client_key("::ffff:203.0.113.7"), client_key("127.0.0.9")
    ('203.0.113.7', '127.0.0.9')
    >>> client_key("testclient")
    'testclient'
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is None:
            # from the number, which drops a scope ("fe80::1%eth0") a network refuses
            prefix = int(address) >> (128 - IPV6_PREFIX) << (128 - IPV6_PREFIX)
            return str(ipaddress.IPv6Network((prefix, IPV6_PREFIX)))
        address = address.ipv4_mapped
    return str(address)


class ClientLimits:
    """The limits of every client (``client_key`` of its address), by the server's
    settings. Methods take the address as the connection gives it."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self._windows = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
        self._new_tables = RateLimitItemPerMinute(settings.tables_per_minute)
        self._chat = RateLimitItemPerMinute(settings.chat_per_minute)
        self._seat_chat = RateLimitItemPerMinute(settings.seat_chat_per_minute)
        self._table_chat = RateLimitItemPerMinute(settings.table_chat_per_minute)
        self._replays = RateLimitItemPerMinute(settings.replay_reads_per_minute)
        self._sockets: Counter[str] = Counter()

    def new_table(self, host: str) -> None:
        """Count one table created from ``host``; ``ServerError`` 429 once over the rate."""
        key = client_key(host)
        if self._windows.hit(self._new_tables, "tables", key):
            return
        wait = self._wait(self._new_tables, "tables", key)
        raise ServerError(429, "too-many-tables",
                          f"a client may create {self.settings.tables_per_minute} tables a "
                          f"minute; try again in {wait} s", headers={"Retry-After": str(wait)})

    def chat(self, host: str, table_id: str, seat: int) -> None:
        """Count one chat message of ``seat`` at a table, sent from ``host``;
        ``ServerError`` 429 (nothing counted) once any of its rates is over.

        A seat has its own share of the table's rate, whatever addresses it writes from,
        so one seat cannot use up the lines of the others."""
        rates = ((self._chat, "chat", client_key(host),
                  f"a client may send {self.settings.chat_per_minute}"),
                 (self._seat_chat, "seat-chat", f"{table_id}/{seat}",
                  f"a seat may send {self.settings.seat_chat_per_minute}"),
                 (self._table_chat, "table-chat", table_id,
                  f"a table takes {self.settings.table_chat_per_minute}"))
        for item, scope, key, rule in rates:
            if not self._windows.test(item, scope, key):
                wait = self._wait(item, scope, key)
                raise ServerError(429, "too-many-messages",
                                  f"{rule} chat messages a minute; try again in {wait} s",
                                  headers={"Retry-After": str(wait)})
        for item, scope, key, _ in rates:
            self._windows.hit(item, scope, key)

    def replay_read(self, host: str) -> None:
        """Count one read of a replay (all its steps, or one) from ``host``;
        ``ServerError`` 429 once over the rate: a replay is kept once made, but a
        client asking for every game at once would still keep the workers busy."""
        key = client_key(host)
        if self._windows.hit(self._replays, "replays", key):
            return
        wait = self._wait(self._replays, "replays", key)
        raise ServerError(429, "too-many-reads",
                          f"a client may read {self.settings.replay_reads_per_minute} replays "
                          f"(or replay steps) a minute; try again in {wait} s",
                          headers={"Retry-After": str(wait)})

    def _wait(self, item: RateLimitItem, scope: str, key: str) -> int:
        """Whole seconds until ``item`` takes one more for ``key`` (Retry-After)."""
        reset = self._windows.get_window_stats(item, scope, key).reset_time
        return max(1, math.ceil(reset - time.time()))

    @contextmanager
    def socket(self, host: str) -> Iterator[None]:
        """Hold one WebSocket from ``host`` open; ``ServerError`` 429 if its client has
        too many."""
        key = client_key(host)
        if self._sockets[key] >= self.settings.max_connections_per_client:
            raise ServerError(429, "too-many-connections",
                              f"a client may hold {self.settings.max_connections_per_client} "
                              "connections at once; close one first")
        self._sockets[key] += 1
        try:
            yield
        finally:
            self._sockets[key] -= 1
            if not self._sockets[key]:
                del self._sockets[key]
