"""Which server process thinks for a table's bots: a lease row with an expiry.

With several processes on one database, each could otherwise drive the same table's
bots, computing every bot move twice (the second one stored loses with a conflict). A
process drives a table's bots only while it holds the table's lease: it takes the lease
when bots are to move (free, expired, or its own), renews it every third of
``bot_lease_seconds`` while it drives, and gives it back when a person (or nobody) is to
move. A process that dies stops renewing; once its lease expires, another process's
resumer takes the table over.

A lease row rather than an advisory lock: it expires by the clock whatever happened to
the holder's connection (a host that vanished holds an advisory lock until TCP gives up),
and who holds what can be read in the table ``bot_leases``. Times are the processes'
own UTC clocks, which NTP keeps within milliseconds of each other: far below a lease.

On SQLite (one process by design) ``LocalLeases`` grants every lease without storage.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Protocol, cast

from sqlalchemy import Table, delete, outerjoin, select, update
from sqlalchemy.dialects import postgresql, sqlite

from wintergames.server.models import BotLease, GameTable
from wintergames.server.store import Store

_LEASES = cast(Table, BotLease.__table__)


class Leasing(Protocol):
    """What the hub asks of leases, whatever keeps them."""

    def take(self, table_id: str) -> bool: ...

    def renew(self, table_ids: Iterable[str]) -> set[str]: ...

    def release(self, table_id: str) -> None: ...

    def release_all(self) -> None: ...

    def unleased_awaiting_bots(self) -> list[str]: ...


class Leases:
    """Bot leases in the database, held by ``store.process``."""

    def __init__(self, store: Store, seconds: float) -> None:
        self.store, self.seconds = store, seconds
        self.holder = store.process
        self._insert = postgresql.insert if store.engine.dialect.name == "postgresql" \
            else sqlite.insert

    def _until(self) -> tuple[datetime, datetime]:
        now = datetime.now(UTC)
        return now, now + timedelta(seconds=self.seconds)

    def take(self, table_id: str) -> bool:
        """Take (or keep) the lease of a table; False if another process holds it."""
        now, until = self._until()
        values = self._insert(_LEASES).values(
            table_id=table_id, holder=self.holder, expires_at=until)
        statement = values.on_conflict_do_update(
            index_elements=[_LEASES.c.table_id],
            set_={"holder": values.excluded.holder, "expires_at": values.excluded.expires_at},
            # a lease changes hands only once expired; its holder may always renew it
            where=(_LEASES.c.holder == self.holder) | (_LEASES.c.expires_at < now)
        ).returning(_LEASES.c.table_id)
        with self.store.writing() as session:
            return session.execute(statement).first() is not None

    def renew(self, table_ids: Iterable[str]) -> set[str]:
        """Renew the leases of these tables; returns those still held (a lease that
        expired and was taken by another is not)."""
        wanted = list(table_ids)
        if not wanted:
            return set()
        _, until = self._until()
        with self.store.writing() as session:
            rows = session.execute(update(BotLease)
                                   .where(BotLease.holder == self.holder,
                                          BotLease.table_id.in_(wanted))
                                   .values(expires_at=until)
                                   .returning(BotLease.table_id))
            return {row.table_id for row in rows}

    def release(self, table_id: str) -> None:
        """Give a table's lease back (a no-op if it is not held here), and tell the other
        processes: one with watchers there drives its bots from now on."""
        with self.store.writing() as session:
            gone = session.execute(delete(BotLease).where(BotLease.table_id == table_id,
                                                          BotLease.holder == self.holder))
            if gone.rowcount:  # type: ignore[attr-defined]
                self.store.notify(session, table_id, "lease", 0)

    def release_all(self) -> None:
        """Give back every lease held here (the server is stopping), each with its notice:
        the processes that go on take those tables over at once, not once they expire."""
        with self.store.writing() as session:
            gone = session.execute(delete(BotLease).where(BotLease.holder == self.holder)
                                   .returning(BotLease.table_id))
            for table_id in gone.scalars().all():
                self.store.notify(session, table_id, "lease", 0)

    def unleased_awaiting_bots(self) -> list[str]:
        """Open tables whose next decision is a bot's and whose lease is free or expired:
        those nobody drives (their process died, or a person's move was just stored)."""
        now = datetime.now(UTC)
        joined = outerjoin(GameTable, BotLease, BotLease.table_id == GameTable.id)
        with self.store.session() as session:
            return list(session.scalars(
                select(GameTable.id).select_from(joined)
                .where(GameTable.bot_to_move.is_(True), GameTable.closed_by.is_(None),
                       (BotLease.table_id.is_(None)) | (BotLease.expires_at < now)
                       | (BotLease.holder == self.holder))
                .order_by(GameTable.created_at)))


class LocalLeases:
    """One process alone (SQLite): every lease is its own, kept nowhere."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def take(self, table_id: str) -> bool:
        return True

    def renew(self, table_ids: Iterable[str]) -> set[str]:
        return set(table_ids)

    def release(self, table_id: str) -> None:
        return None

    def release_all(self) -> None:
        return None

    def unleased_awaiting_bots(self) -> list[str]:
        return self.store.awaiting_bots()


def leases_for(store: Store, seconds: float) -> Leasing:
    """Database leases where processes share storage, local ones otherwise."""
    return Leases(store, seconds) if store.shared else LocalLeases(store)
