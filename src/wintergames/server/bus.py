"""What other server processes stored, heard through PostgreSQL's ``LISTEN/NOTIFY``.

Several processes (``serve --workers N``, several hosts) share one PostgreSQL database.
Every write that a watcher must see (an action, a chat message, a seat's name or secret,
a close) sends a notice in its own transaction (``Store.notify``): PostgreSQL delivers it
to every listener once the write commits, and never for a write rolled back. A notice
carries only the table, what changed and its step; the process that hears it reads the
change from storage, as it would after a restart.

Why PostgreSQL and not Redis: the database every process already needs carries the
notices, so no new service is to run, and a notice is sent exactly when its write
commits (a separate message bus could announce a write that then failed, or lose one
that succeeded).

A lost connection is no lost news: the listener reconnects, then the hub catches every
table it holds up from storage (``Hub.caught_up``), so a watcher never stays behind.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import psycopg
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from wintergames.server.store import CHANNEL

logger = logging.getLogger(__name__)

RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)  # waits between reconnections, the last repeated
PING_SECONDS = 5.0  # a silent connection is checked this often (a dead one errs at once)


@dataclass(frozen=True)
class Notice:
    """One change another process stored: ``what`` ("action", "chat", "seat", "close", or
    "lease": a bot lease given back) at ``table_id``, ``step`` its number (a chat
    message's id), made by ``process``."""

    table_id: str
    what: str
    step: int
    process: str

    @classmethod
    def parse(cls, payload: str) -> Notice | None:
        """The notice a payload of ``Store.notify`` says; None for any other text.

        >>> Notice.parse("ab12 action 7 host:41:9f")
        Notice(table_id='ab12', what='action', step=7, process='host:41:9f')
        >>> Notice.parse("hello") is None
        True
        """
        parts = payload.split(" ")
        if len(parts) != 4 or not parts[2].isdigit():
            return None
        return cls(parts[0], parts[1], int(parts[2]), parts[3])


def libpq_url(url: str) -> str:
    """A SQLAlchemy URL as psycopg's own connection takes it.

    >>> libpq_url("postgresql+psycopg://wg:pw@db:5432/games")
    'postgresql://wg:pw@db:5432/games'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Bus:
    """This process's listener: every notice of another process goes to ``heard``;
    after each (re)connection, ``reconnected`` runs first (the catching up)."""

    def __init__(self, url: str, process: str, heard: Callable[[Notice], None],
                 reconnected: Callable[[], Awaitable[None]]) -> None:
        self.url = libpq_url(url)
        self.process = process
        self.heard = heard
        self.reconnected = reconnected
        self.connections = 0  # how many times it connected (tests watch it reconnect)
        self.backend_pid: int | None = None  # the database's process serving the listener
        self.listening = asyncio.Event()  # set while a connection listens

    async def run(self) -> None:
        """Listen forever, reconnecting after any failure."""
        failures = 0
        while True:
            try:
                await self._listen()
            except (psycopg.Error, OSError, SQLAlchemyError) as err:
                self.listening.clear()
                wait = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
                failures += 1
                logger.warning("the notices of other server processes stopped (%s); "
                               "reconnecting in %s s", err, wait)
                await asyncio.sleep(wait)
            else:
                failures = 0

    async def _listen(self) -> None:
        # keepalives: a database host that vanished (no reset sent) is noticed in ~20 s
        async with await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, keepalives=1, keepalives_idle=10,
                keepalives_interval=5, keepalives_count=2) as connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            self.connections += 1
            self.backend_pid = connection.info.backend_pid
            self.listening.set()
            # Anything stored while nobody listened is read now, after LISTEN: a write
            # committed from here on is heard, one committed before is caught up.
            await self.reconnected()
            while True:
                async for notify in connection.notifies(timeout=PING_SECONDS):
                    notice = Notice.parse(notify.payload)
                    if notice is not None and notice.process != self.process:
                        self.heard(notice)
                await connection.execute("SELECT 1")  # quiet, or gone? an error says
