"""Per-client limits that every server process on one database counts together.

Two kinds of count, both in the server's own database (no new component to run):

- ``DatabaseStorage``: a ``limits`` storage whose moving windows are rows of
  ``rate_entries`` (one row a hit, its time in seconds since the epoch), so the
  library's ``MovingWindowRateLimiter`` counts a client's tables, chat and replay reads
  over all processes. A hit is checked and added in one transaction that holds the key's
  advisory lock on PostgreSQL (SQLite has one writer, and ``Store.writing`` queues this
  process's), so two processes never both take the last place.
- ``SharedHolds``: connections held open (sockets per client, watchers per table), one
  row per process and key in ``holds``. Taking one sums the rows of the processes seen
  within ``seen_seconds`` under the same kind of lock; each process renews its rows
  every few seconds, so the rows of a process killed outright stop counting once that
  long has passed, and are deleted later by whoever renews.

Every database error is raised as it is (``DBAPIError``): the app answers 503
``storage-unavailable``, so a failing database neither lets a client through unlimited
nor answers for it. A release that fails is put right by the next renewal, from this
process's own count of what it holds, so nobody is locked out by a lost write.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from limits.storage import MovingWindowSupport, Storage
from sqlalchemy import Table, delete, func, insert, or_, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from wintergames.server.models import Hold, RateEntry
from wintergames.server.store import Store

logger = logging.getLogger(__name__)

_ENTRIES = cast(Table, RateEntry.__table__)
_HOLDS = cast(Table, Hold.__table__)
# First keys of this module's advisory locks (two 32-bit keys: a key space apart from
# the single 64-bit keys of schema upgrades), one for rates and one for holds.
RATE_LOCKS = 0x57524154  # "WRAT"
HOLD_LOCKS = 0x57484F4C  # "WHOL"
# Rows of a process not renewed for this many liveness windows are deleted (they stopped
# counting long before): the table holds the live processes' rows and a few more.
FORGET_AFTER_WINDOWS = 20

Clock = Callable[[], float]


def lock_number(name: str) -> int:
    """A signed 32-bit number for ``name``, the same in every process (Python's own
    ``hash`` of a string differs between processes).

    >>> lock_number("sockets/203.0.113.7") == lock_number("sockets/203.0.113.7")
    True
    >>> -2**31 <= lock_number("x") < 2**31
    True
    """
    digest = hashlib.blake2b(name.encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big", signed=True)


@contextmanager
def locked(store: Store, space: int, names: Iterable[str]) -> Iterator[Session]:
    """A writing transaction holding the advisory locks of ``names`` until it ends.

    On PostgreSQL every lock is taken in one statement, in ascending order (so two
    transactions locking the same names never wait for each other in a cycle); on SQLite
    ``Store.writing`` lets one writer in at a time, which serializes as much."""
    with store.writing() as session:
        if store.engine.dialect.name == "postgresql":
            numbers = sorted({lock_number(name) for name in names})
            session.execute(text("SELECT pg_advisory_xact_lock(CAST(:space AS integer), n) "
                                 "FROM unnest(CAST(:numbers AS integer[])) AS n"),
                            {"space": space, "numbers": numbers})
        yield session


# -- rates: the limits library's moving window, in rate_entries --------------------------


class DatabaseStorage(Storage, MovingWindowSupport):
    """A ``limits`` storage of moving windows over the server's database.

    ``clock`` gives the time in seconds since the epoch (tests move it on). Only the
    moving window is kept: the fixed-window methods raise ``NotImplementedError``.
    """

    STORAGE_SCHEME = None  # made by the server with its store, never from a URL

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        super().__init__()
        self.store = store
        self.clock = clock
        self._longest = 0  # seconds: the longest window asked about, kept by sweep()

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return DBAPIError

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """Add ``amount`` hits at ``key`` if its window then holds at most ``limit``."""
        return self.acquire_entries([(key, limit, expiry)], amount) is None

    def acquire_entries(self, requests: Sequence[tuple[str, int, int]],
                        amount: int = 1) -> int | None:
        """Add ``amount`` hits to each (key, limit, expiry) of ``requests`` if every one
        of their windows takes them, in one transaction; else add none and return the
        index of the first request refused.

        A hit is refused, as the library's memory storage refuses it, when the window
        (hits at or after now − expiry) already holds more than ``limit − amount``."""
        now = self.clock()
        self._longest = max([self._longest, *(expiry for _, _, expiry in requests)])
        with locked(self.store, RATE_LOCKS, (key for key, _, _ in requests)) as session:
            if self.store.engine.dialect.name == "postgresql":
                first = session.scalar(_ACQUIRE_ON_POSTGRESQL, {
                    "keys": [key for key, _, _ in requests],
                    "sinces": [now - expiry for _, _, expiry in requests],
                    "limits": [limit for _, limit, _ in requests],
                    "now": now, "amount": amount})
                return None if first is None else int(first) - 1
            for index, (key, limit, expiry) in enumerate(requests):
                if amount > limit or _window_count(session, key, now - expiry) + amount > limit:
                    return index
            session.execute(insert(_ENTRIES), [{"key": key, "at": now}
                                               for key, _, _ in requests
                                               for _ in range(amount)])
        return None

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """(the time of the oldest hit in the window, how many hits it holds); (now, 0)
        for an empty window."""
        now = self.clock()
        with self.store.session() as session:
            oldest, count = session.execute(
                select(func.min(_ENTRIES.c.at), func.count())
                .where(_ENTRIES.c.key == key, _ENTRIES.c.at >= now - expiry)).one()
        return (float(oldest), int(count)) if count else (now, 0)

    def sweep(self) -> int:
        """Delete the hits older than the longest window this storage was asked about
        (a key nobody hits again keeps its old rows until then); how many went."""
        if not self._longest:
            return 0
        with self.store.writing() as session:
            gone = session.execute(delete(_ENTRIES).where(
                _ENTRIES.c.at < self.clock() - self._longest))
        return int(gone.rowcount)  # type: ignore[attr-defined]

    def clear(self, key: str) -> None:
        with self.store.writing() as session:
            session.execute(delete(_ENTRIES).where(_ENTRIES.c.key == key))

    def reset(self) -> int | None:
        with self.store.writing() as session:
            gone = session.execute(delete(_ENTRIES))
        return int(gone.rowcount)  # type: ignore[attr-defined]

    def check(self) -> bool:
        try:
            with self.store.session() as session:
                session.execute(text("SELECT 1"))
        except DBAPIError:
            return False
        return True

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        raise NotImplementedError(_MOVING_ONLY)

    def get(self, key: str) -> int:
        raise NotImplementedError(_MOVING_ONLY)

    def get_expiry(self, key: str) -> float:
        raise NotImplementedError(_MOVING_ONLY)


_MOVING_ONLY = "DatabaseStorage keeps moving windows only: use MovingWindowRateLimiter"

# acquire_entries on PostgreSQL, in one statement (run after the locks are taken, so its
# snapshot sees every hit committed before them): delete each key's hits older than its
# window, count the rest, add the new hits if every window takes them, and name the first
# request refused (1-based; no row: all taken). Chat's three rates so took 1.3 ms, not
# 2.7 ms with a statement for each step (SQLite, one process, takes those steps).
_ACQUIRE_ON_POSTGRESQL = text("""
WITH asked AS (
    SELECT * FROM unnest(CAST(:keys AS varchar[]), CAST(:sinces AS float8[]),
                         CAST(:limits AS integer[])) WITH ORDINALITY AS a(key, since, most, i)
), old AS (
    DELETE FROM rate_entries e USING asked WHERE e.key = asked.key AND e.at < asked.since
), counted AS (
    SELECT asked.i, asked.most, (SELECT count(*) FROM rate_entries e
                                 WHERE e.key = asked.key AND e.at >= asked.since) AS n
    FROM asked
), added AS (
    INSERT INTO rate_entries (key, at)
    SELECT asked.key, CAST(:now AS float8)
    FROM asked, generate_series(1, CAST(:amount AS integer))
    WHERE NOT EXISTS (SELECT 1 FROM counted
                      WHERE counted.n + CAST(:amount AS integer) > counted.most)
)
SELECT i FROM counted WHERE n + CAST(:amount AS integer) > most ORDER BY i LIMIT 1
""")


def _window_count(session: Session, key: str, since: float) -> int:
    """How many hits ``key`` has at or after ``since``, after deleting its older ones (so
    a key hit again and again keeps no more rows than its window)."""
    session.execute(delete(_ENTRIES).where(_ENTRIES.c.key == key, _ENTRIES.c.at < since))
    return int(session.scalar(select(func.count()).select_from(_ENTRIES)
                              .where(_ENTRIES.c.key == key)) or 0)


# -- holds: open connections per (scope, key), summed over live processes ----------------


class SharedHolds:
    """This process's open connections per (scope, key), in ``holds`` beside every other
    process's. ``renew`` must run every few seconds (well within ``seen_seconds``).

    This process's own count (``held``) is the truth: the rows are its copy, written in
    the transaction of each take and release under the key's lock, and rewritten from it
    by ``renew`` for any key whose write failed or whose row another process forgot."""

    def __init__(self, store: Store, seen_seconds: float, clock: Clock = time.time) -> None:
        self.store = store
        self.process = store.process
        self.seen_seconds = seen_seconds
        self.clock = clock
        self.held: Counter[tuple[str, str]] = Counter()
        self._dirty: set[tuple[str, str]] = set()  # keys whose rows may be wrong
        self._mutex = threading.Lock()  # held and _dirty: renew runs on another thread
        self._renewed_at: datetime | None = None  # this process's last renewal

    def take(self, scope: str, key: str, limit: int) -> bool:
        """Hold one more at (scope, key) if all live processes together hold fewer than
        ``limit``; whether it was taken."""
        counted = False
        try:
            with locked(self.store, HOLD_LOCKS, [f"{scope}/{key}"]) as session:
                if self._live_count(session, scope, key) >= limit:
                    return False
                session.execute(self._add_one(scope, key))
                # counted inside the lock: a renewal rewriting this row waits for it
                self._count(scope, key, 1)
                counted = True
        except DBAPIError:
            if counted:  # the commit failed: whether the row has it is unknown
                self._count(scope, key, -1)
                self._mark(scope, key)
            raise
        return True

    def release(self, scope: str, key: str) -> None:
        """Give back one hold. A database failure is logged, not raised (the connection
        is over whatever the database says): the next renewal writes the right count."""
        counted = False
        try:
            with locked(self.store, HOLD_LOCKS, [f"{scope}/{key}"]) as session:
                self._count(scope, key, -1)
                counted = True
                mine = self._mine(scope, key)
                session.execute(update(_HOLDS).where(*mine).values(count=_HOLDS.c.count - 1))
                session.execute(delete(_HOLDS).where(*mine, _HOLDS.c.count <= 0))
        except DBAPIError as err:
            if not counted:
                self._count(scope, key, -1)
            self._mark(scope, key)
            logger.warning("a %s hold of %s was not given back in storage (the next "
                           "renewal will): %s", scope, key[:60], err.orig)

    def renew(self) -> None:
        """Say this process lives (its rows count for another ``seen_seconds``), delete
        the rows of processes gone for long, and rewrite any row of ours that may be
        wrong from this process's own count."""
        now = self._now()
        forget = timedelta(seconds=self.seen_seconds * FORGET_AFTER_WINDOWS)
        with self.store.writing() as session:
            session.execute(update(_HOLDS).where(_HOLDS.c.process == self.process)
                            .values(seen_at=now))
            session.execute(delete(_HOLDS).where(_HOLDS.c.seen_at < now - forget))
        with self._mutex:
            if self._renewed_at is not None and now - self._renewed_at > forget / 2:
                # this process could not renew for so long that another may have
                # forgotten its rows as a dead process's: write every one again
                self._dirty.update(self.held)
            self._renewed_at = now
            pending = sorted(self._dirty)
            self._dirty.clear()
        for done, (scope, key) in enumerate(pending):
            try:
                self._rewrite(scope, key, now)
            except DBAPIError:
                with self._mutex:  # the next renewal tries these again
                    self._dirty.update(pending[done:])
                raise

    def _rewrite(self, scope: str, key: str, now: datetime) -> None:
        """Set this process's row of (scope, key) to its own count, under the key's lock
        (so no take or release of the key is between reading the count and writing it)."""
        with locked(self.store, HOLD_LOCKS, [f"{scope}/{key}"]) as session:
            with self._mutex:
                count = self.held[(scope, key)]
            session.execute(delete(_HOLDS).where(*self._mine(scope, key)))
            if count > 0:
                session.execute(insert(_HOLDS).values(process=self.process, scope=scope,
                                                      key=key, count=count, seen_at=now))

    def _live_count(self, session: Session, scope: str, key: str) -> int:
        """What every process seen within ``seen_seconds`` holds at (scope, key); this
        process's own rows always count (it is alive, whether or not it renewed)."""
        since = self._now() - timedelta(seconds=self.seen_seconds)
        return int(session.scalar(
            select(func.coalesce(func.sum(_HOLDS.c.count), 0))
            .where(_HOLDS.c.scope == scope, _HOLDS.c.key == key,
                   or_(_HOLDS.c.seen_at >= since, _HOLDS.c.process == self.process))) or 0)

    def _add_one(self, scope: str, key: str) -> Any:
        """Insert this process's row of (scope, key) at 1, or add 1 to it."""
        dialect: Any = postgresql if self.store.engine.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(_HOLDS).values(process=self.process, scope=scope, key=key,
                                                  count=1, seen_at=self._now())
        return statement.on_conflict_do_update(
            index_elements=[_HOLDS.c.process, _HOLDS.c.scope, _HOLDS.c.key],
            set_={"count": _HOLDS.c.count + 1, "seen_at": statement.excluded.seen_at})

    def _mine(self, scope: str, key: str) -> tuple[Any, ...]:
        return (_HOLDS.c.process == self.process, _HOLDS.c.scope == scope,
                _HOLDS.c.key == key)

    def _count(self, scope: str, key: str, change: int) -> None:
        with self._mutex:
            self.held[(scope, key)] += change
            if self.held[(scope, key)] <= 0:
                del self.held[(scope, key)]

    def _mark(self, scope: str, key: str) -> None:
        with self._mutex:
            self._dirty.add((scope, key))

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)
