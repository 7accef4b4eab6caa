"""Per-client limits: how fast one client may create tables and chat, how many sockets
it holds, how many game reviews it has computed at once, and how fast a table's chat (and
each seat's share of it) may run.

A client is its address as ``client_key`` reads it: one IPv4 address, or one IPv6 /64
(what a single subscriber is given, so rotating addresses within it gains nothing).
Rates are counted by the ``limits`` library's moving window, and open connections and
reviews being computed by holds (per client, per table). With PostgreSQL, where several
server processes may share the database, both are kept in it (``shared_limits``) and hold
for all the processes together; with SQLite (one process by design) or no store, they
stay in this process's memory and cost no round trip to the database.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import AbstractContextManager, asynccontextmanager, contextmanager
from typing import Any, Protocol

from limits import RateLimitItem, RateLimitItemPerMinute, storage, strategies
from sqlalchemy.exc import SQLAlchemyError

from wintergames.server.live import ServerError
from wintergames.server.settings import ServerSettings
from wintergames.server.shared_limits import DatabaseStorage, SharedHolds
from wintergames.server.store import Store

logger = logging.getLogger(__name__)

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


class Holds(Protocol):
    """Open connections counted per (scope, key): this process's alone, or all the
    processes' on one database (``shared_limits.SharedHolds``)."""

    def take(self, scope: str, key: str, limit: int) -> bool: ...

    def release(self, scope: str, key: str) -> None: ...

    def renew(self) -> None: ...


class LocalHolds:
    """The holds of this process alone, in memory (one process serving everything)."""

    def __init__(self) -> None:
        self.held: Counter[tuple[str, str]] = Counter()

    def take(self, scope: str, key: str, limit: int) -> bool:
        if self.held[(scope, key)] >= limit:
            return False
        self.held[(scope, key)] += 1
        return True

    def release(self, scope: str, key: str) -> None:
        self.held[(scope, key)] -= 1
        if self.held[(scope, key)] <= 0:
            del self.held[(scope, key)]

    def renew(self) -> None:
        """Nothing to renew: no other process reads these."""


Rate = tuple[RateLimitItem, str, str]  # a limit, its scope and the key it counts


class ClientLimits:
    """The limits of every client (``client_key`` of its address), by the server's
    settings. Methods take the address as the connection gives it.

    With a PostgreSQL ``store`` every limit holds across the processes on its database
    (call ``renew`` every few seconds: ``keep_renewed`` does); otherwise in memory."""

    def __init__(self, settings: ServerSettings, store: Store | None = None) -> None:
        self.settings = settings
        self.storage: DatabaseStorage | storage.MemoryStorage
        self.holds: Holds
        self.shared = store is not None and store.engine.dialect.name == "postgresql"
        if self.shared and store is not None:
            self.storage = DatabaseStorage(store)
            self.holds = SharedHolds(store, settings.process_seen_seconds)
        else:
            self.storage = storage.MemoryStorage()
            self.holds = LocalHolds()
        self._windows = strategies.MovingWindowRateLimiter(self.storage)
        self._new_tables = RateLimitItemPerMinute(settings.tables_per_minute)
        self._chat = RateLimitItemPerMinute(settings.chat_per_minute)
        self._seat_chat = RateLimitItemPerMinute(settings.seat_chat_per_minute)
        self._table_chat = RateLimitItemPerMinute(settings.table_chat_per_minute)
        self._replays = RateLimitItemPerMinute(settings.replay_reads_per_minute)
        self._reviews = RateLimitItemPerMinute(settings.reviews_per_minute)

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
        rules = {"chat": f"a client may send {self.settings.chat_per_minute}",
                 "seat-chat": f"a seat may send {self.settings.seat_chat_per_minute}",
                 "table-chat": f"a table takes {self.settings.table_chat_per_minute}"}
        rates = [(self._chat, "chat", client_key(host)),
                 (self._seat_chat, "seat-chat", f"{table_id}/{seat}"),
                 (self._table_chat, "table-chat", table_id)]
        refused = self._hit_all(rates)
        if refused is not None:
            item, scope, key = rates[refused]
            wait = self._wait(item, scope, key)
            raise ServerError(429, "too-many-messages",
                              f"{rules[scope]} chat messages a minute; try again in {wait} s",
                              headers={"Retry-After": str(wait)})

    def _hit_all(self, rates: Sequence[Rate]) -> int | None:
        """Count one hit in each of ``rates`` if all of them take it (else none); the
        index of the first that refused, or None."""
        if isinstance(self.storage, DatabaseStorage):  # one transaction, for every process
            return self.storage.acquire_entries(
                [(item.key_for(scope, key), item.amount, item.get_expiry())
                 for item, scope, key in rates])
        for index, (item, scope, key) in enumerate(rates):
            if not self._windows.test(item, scope, key):
                return index
        for item, scope, key in rates:  # nothing between the test and here: one thread
            self._windows.hit(item, scope, key)
        return None

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

    def new_review(self, host: str) -> None:
        """Count one game review computed for ``host`` (one already made or being made
        is a replay read instead); ``ServerError`` 429 once over the rate: each takes up
        to ``review_cpu_seconds`` of a background worker."""
        key = client_key(host)
        if self._windows.hit(self._reviews, "reviews", key):
            return
        wait = self._wait(self._reviews, "reviews", key)
        raise ServerError(429, "too-many-reviews",
                          f"a client may start {self.settings.reviews_per_minute} game reviews "
                          f"a minute; try again in {wait} s", headers={"Retry-After": str(wait)})

    def review_started(self, host: str) -> None:
        """Hold one game review being computed for ``host``'s client (give it back with
        ``review_ended`` once the computation ends); ``ServerError`` 429 (nothing held)
        if the client has ``reviews_at_once`` already. The rate above bounds how many a
        client starts, this bounds the CPU it takes at once: each review may spend
        ``review_cpu_seconds``."""
        limit = self.settings.reviews_at_once
        if not self.holds.take("reviews", client_key(host), limit):
            raise ServerError(429, "too-many-reviews",
                              f"a client may have {limit} game reviews computed at once "
                              "(server setting reviews_at_once); wait for one to end, or "
                              "cancel one")

    def review_ended(self, host: str) -> None:
        """Give back the hold of one review computed for ``host`` (``review_started``)."""
        self.holds.release("reviews", client_key(host))

    def _wait(self, item: RateLimitItem, scope: str, key: str) -> int:
        """Whole seconds until ``item`` takes one more for ``key`` (Retry-After)."""
        reset = self._windows.get_window_stats(item, scope, key).reset_time
        return max(1, math.ceil(reset - time.time()))

    @contextmanager
    def socket(self, host: str) -> Iterator[None]:
        """Hold one WebSocket from ``host`` open; ``ServerError`` 429 if its client has
        too many."""
        limit = self.settings.max_connections_per_client
        with self._held("sockets", client_key(host), limit, ServerError(
                429, "too-many-connections",
                f"a client may hold {limit} connections at once; close one first")):
            yield

    @contextmanager
    def watcher(self, table_id: str) -> Iterator[None]:
        """Hold one watcher of a table; ``ServerError`` 429 if it has as many as it may
        (in the words of ``Hub.watch``, which counts this process's alone)."""
        limit = self.settings.max_watchers_per_table
        with self._held("watchers", table_id, limit, ServerError(
                429, "too-many-watchers",
                f"a table has at most {limit} connections; try again later")):
            yield

    async def off_loop(self, check: Callable[..., None], *args: Any) -> None:
        """Run one of the checks above from the event loop: on a thread where it waits
        for the database (PostgreSQL), at once in memory."""
        if self.shared:
            await asyncio.to_thread(check, *args)
        else:
            check(*args)

    @asynccontextmanager
    async def socket_async(self, host: str) -> AsyncIterator[None]:
        """``socket``, for the event loop (the database is waited for on a thread)."""
        async with self._off_loop(self.socket(host)):
            yield

    @asynccontextmanager
    async def watcher_async(self, table_id: str) -> AsyncIterator[None]:
        """``watcher``, for the event loop (the database is waited for on a thread)."""
        async with self._off_loop(self.watcher(table_id)):
            yield

    @asynccontextmanager
    async def _off_loop(self, held: AbstractContextManager[None]) -> AsyncIterator[None]:
        if not self.shared:
            with held:
                yield
            return
        await asyncio.to_thread(held.__enter__)
        try:
            yield
        finally:
            await asyncio.to_thread(held.__exit__, None, None, None)

    @contextmanager
    def _held(self, scope: str, key: str, limit: int, refusal: ServerError) -> Iterator[None]:
        if not self.holds.take(scope, key, limit):
            raise refusal
        try:
            yield
        finally:
            self.holds.release(scope, key)

    def renew(self) -> None:
        """Keep this process's holds counting for the other processes, and delete the
        rate entries every window has left (a blocking call: run it off the event loop)."""
        self.holds.renew()
        if isinstance(self.storage, DatabaseStorage):
            self.storage.sweep()

    async def keep_renewed(self) -> None:
        """``renew`` every third of ``process_seen_seconds`` (on a thread) until
        cancelled; a database failing is logged and tried again the next time, while
        the holds of this process still count for it. Returns at once in memory."""
        if not self.shared:
            return
        period = self.settings.process_seen_seconds / 3
        while True:
            try:
                await asyncio.to_thread(self.renew)
            except SQLAlchemyError as err:
                logger.warning("renewing this process's connection counts failed (tried "
                               "again in %.1f s): %s", period, err)
            await asyncio.sleep(period)
