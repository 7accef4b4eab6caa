"""Storage: the database URL, migrations on start, and the few queries the server makes.

SQLite (a file, created on first start) by default, PostgreSQL with a
``postgresql://`` URL. The schema is versioned by Alembic and upgraded on start.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import socket
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVarTuple, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Row,
    Select,
    Table,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import InstrumentedAttribute, Session, sessionmaker

from wintergames.server.models import ActionRow, GameTable, Replay, ReviewRow, Seat

DEFAULT_URL = "sqlite:///wintergames.db"
# The tables themselves, for the statements that skip the ORM's bookkeeping (Store.append).
_ACTIONS = cast(Table, ActionRow.__table__)
_TABLES = cast(Table, GameTable.__table__)
# Built once: the values come as parameters (the columns a row sets are the keys given).
_ADD_ACTION = insert(_ACTIONS)
_UPDATE_OPEN = update(_TABLES).where(_TABLES.c.id == bindparam("open_id"),
                                     _TABLES.c.closed_by.is_(None))
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
MIGRATIONS = Path(__file__).parent / "migrations"
CHANNEL = "wintergames"  # PostgreSQL's notification channel of every server process
MIGRATION_LOCK = 0x77696E746572  # any fixed number: the advisory lock of schema upgrades


def hash_secret(secret: str) -> str:
    """Secrets are long random tokens, so one SHA-256 is the right strength to store."""
    return hashlib.sha256(secret.encode()).hexdigest()


def normalized_url(url: str) -> str:
    """``postgresql://`` means psycopg (version 3), the driver we install."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


class TableClosedError(Exception):
    """A write to a table that was closed meanwhile (by its creator, the idle rule, or
    another server process): nothing was stored."""


@dataclass(frozen=True)
class Progress:
    """Where a table's game stands, stored beside its row with every action."""

    moves: int
    finished: bool
    to_move: tuple[int, ...]
    bot_to_move: bool
    scores: tuple[int, ...] | None = None  # once the game is over
    winners: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Listing:
    """One open table as the lobby lists it, read from its row alone."""

    table: str
    game: str
    kinds: tuple[str, ...]
    moves: int
    to_move: tuple[int, ...]
    nicknames: tuple[str | None, ...] = ()


@dataclass(frozen=True)
class Ended:
    """One finished or closed table as the lobby's recent games list it."""

    table: str
    game: str
    kinds: tuple[str, ...]
    nicknames: tuple[str | None, ...]
    moves: int
    scores: tuple[int, ...] | None  # None: closed before the game was over
    winners: tuple[int, ...]
    ended_at: datetime
    closed_by: str | None


def utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives back the UTC it was given, naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Store:
    """The database behind a server."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = normalized_url(url)
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # This server process among all those on the database (leases, holds and
        # notifications name it): unique even for a pid reused after a restart.
        self.process = f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(4)}"
        # SQLite has one writer at a time and makes the others retry with sleeps of up to
        # 100 ms; writers of this process queue on a lock instead (PostgreSQL needs none).
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if self.engine.dialect.name == "sqlite"
            else contextlib.nullcontext())
        # Several processes may share PostgreSQL (serve --workers, several hosts): each
        # write then tells the others (``notify``); SQLite is one process by design.
        self.shared = self.engine.dialect.name == "postgresql"
        self.migrate()

    def notify(self, db: Session | Connection, table_id: str, what: str, step: int) -> None:
        """Tell the other server processes, when this transaction commits (and only
        then), that ``what`` changed at a table: "action" (``step`` its number), "chat"
        (the message's id), "seat" (names, secrets), "close", or "lease" (its bots'
        lease given back, ``leases.py``). A notice carries no more:
        whoever needs the change reads it from storage (``server/bus.py``)."""
        if self.shared:
            db.execute(_NOTIFY, {"channel": CHANNEL,
                                 "payload": f"{table_id} {what} {step} {self.process}"})

    def migrate(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                # Processes starting together (serve --workers) upgrade one at a time: the
                # lock lasts until this transaction commits, and PostgreSQL's schema
                # changes are transactional, so the next one finds the schema at head.
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session that writes: one at a time on SQLite."""
        with self._writing, self.session() as session:
            yield session

    # -- queries ---------------------------------------------------------------------

    def add_table(self, table: GameTable) -> None:
        with self.writing() as session:
            session.add(table)

    def table(self, table_id: str) -> GameTable | None:
        with self.session() as session:
            row = session.get(GameTable, table_id)
            if row is not None:
                _ = list(row.seats)  # loaded while the session is open
            return row

    def table_ids(self) -> list[str]:
        """Every table's id, oldest first. Only ids: a row that cannot be read (its JSON
        does not parse) then fails alone, when it is loaded, instead of the whole list."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id).order_by(GameTable.created_at)))

    def actions(self, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        with self.session() as session:
            rows = session.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            )
            return [(row.player, row.action) for row in rows]

    def append(self, table_id: str, seq: int, player: int, action: dict[str, Any],
               progress: Progress | None = None) -> None:
        """Add one accepted action (and, in the same transaction, where the game now
        stands); a second writer of the same ``seq`` fails.

        Two plain statements on a connection, not the ORM's unit of work: every move of
        every table passes here, and the ORM's bookkeeping took twice the time of the
        writes themselves (2.9 ms an action on SQLite; 0.5 ms so, the statements built once)."""
        now = datetime.now(UTC)
        values: dict[str, Any] = {"touched_at": now}
        if progress is not None:
            values |= _progress_values(progress)
            if progress.finished:
                values["ended_at"] = now
        with self._writing, self.engine.begin() as connection:
            # the log row first: its unique step is the real guard
            connection.execute(_ADD_ACTION, {"table_id": table_id, "seq": seq, "player": player,
                                             "action": action, "created_at": now})
            # Only an open table takes it: a close committed first (by another request
            # or process) leaves no row to update, and the action is rolled back.
            if not _update_open(connection, table_id, values):
                raise TableClosedError(table_id)
            self.notify(connection, table_id, "action", seq)

    def actions_since(self, table_id: str, seq: int) -> list[tuple[int, int, dict[str, Any]]]:
        """The actions of a table from step ``seq`` on, as (step, player, action): what a
        process whose copy is at ``seq`` has not seen (another process stored them)."""
        with self.session() as session:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.player, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.seq >= seq)
                .order_by(ActionRow.seq))
            return [(row.seq, row.player, row.action) for row in rows]

    def replay(self, table_id: str, seat: int) -> tuple[bytes, dict[str, Any]] | None:
        """The kept replay of a table as ``seat`` (-1: a spectator) sees it: its
        compressed text and index, or None if none was kept yet."""
        with self.session() as session:
            row = session.get(Replay, (table_id, seat))
            return None if row is None else (row.body, row.index)

    def add_replay(self, table_id: str, seat: int, body: bytes, index: dict[str, Any]) -> None:
        """Keep a replay; one kept meanwhile (by another process: it is the same) stays."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(Replay).values(
            table_id=table_id, seat=seat, body=body, index=index,
            created_at=datetime.now(UTC)).on_conflict_do_nothing()
        with self._writing, self.engine.begin() as connection:
            connection.execute(statement)

    def review(self, table_id: str, seat: int) -> tuple[dict[str, Any], bytes] | None:
        """The kept review of ``seat``'s play at a table: the budget it was made with and
        its compressed JSON, or None if none was kept yet."""
        with self.session() as session:
            row = session.get(ReviewRow, (table_id, seat))
            return None if row is None else (row.budget, row.body)

    def add_review(self, table_id: str, seat: int, budget: dict[str, Any],
                   body: bytes) -> bool:
        """Keep a review; whether this one was kept. One kept meanwhile (by another
        process) stays as it is: rows are only ever added, never replaced."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        statement = dialect.insert(ReviewRow).values(
            table_id=table_id, seat=seat, budget=budget, body=body,
            created_at=datetime.now(UTC)).on_conflict_do_nothing().returning(ReviewRow.seat)
        with self._writing, self.engine.begin() as connection:
            # a row returned is a row added (psycopg's rowcount says -1 here)
            return connection.execute(statement).first() is not None

    def set_progress(self, table_id: str, progress: Progress) -> None:
        """Summarise a table an older server stored without its progress."""
        values = _progress_values(progress)
        if progress.finished:  # it ended with its last action (or, if none, when made)
            last = (select(func.max(ActionRow.created_at))
                    .where(ActionRow.table_id == table_id).scalar_subquery())
            values["ended_at"] = func.coalesce(GameTable.ended_at, last, GameTable.created_at)
        with self.writing() as session:
            session.execute(update(GameTable).where(GameTable.id == table_id).values(values))

    def unsummarised(self) -> list[str]:
        """Tables stored without their progress (by a server before it was kept)."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id).where(GameTable.moves.is_(None))
                                        .order_by(GameTable.created_at)))

    def awaiting_bots(self) -> list[str]:
        """Open tables whose next decision is a bot's: a restart resumes them."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id)
                                        .where(GameTable.bot_to_move.is_(True),
                                               GameTable.closed_by.is_(None))
                                        .order_by(GameTable.created_at)))

    def open_tables(self, limit: int, after: str | None = None,
                    touched_since: datetime | None = None) -> list[Listing]:
        """Up to ``limit`` unfinished tables, newest first, from the one after ``after``;
        with ``touched_since``, only those acted at or named since then (the lobby's
        default: a table left alone is quiet).

        Read from the rows' progress columns only (never the options or the log), so a
        page costs one query however many tables there are, and a row whose other
        columns cannot be read does not spoil the page.
        """
        query = (select(GameTable.id, GameTable.game, GameTable.moves, GameTable.to_move)
                 .where(GameTable.finished.is_(False), GameTable.closed_by.is_(None),
                        *_touched_since(touched_since))
                 .order_by(GameTable.created_at.desc(), GameTable.id.desc())
                 .limit(limit))
        with self.session() as session:
            rows = _after(session, query, GameTable.created_at, after)
            seats = _seats_of(session, [row.id for row in rows])
        return [Listing(row.id, row.game, tuple(k for k, _ in seats[row.id]), row.moves or 0,
                        tuple(row.to_move or ()), tuple(n for _, n in seats[row.id]))
                for row in rows]

    def quiet_tables(self, touched_since: datetime) -> int:
        """How many open tables nobody has acted at or named a seat of since then."""
        last = func.coalesce(GameTable.touched_at, GameTable.created_at)
        with self.session() as session:
            return int(session.scalar(
                select(func.count()).select_from(GameTable)
                .where(GameTable.finished.is_(False), GameTable.closed_by.is_(None),
                       last < touched_since)) or 0)

    def ended_tables(self, limit: int, after: str | None = None) -> list[Ended]:
        """Up to ``limit`` tables that finished or were closed, the latest to end first,
        from the one after ``after``: one query, read from the rows' summaries alone."""
        query = (select(GameTable.id, GameTable.game, GameTable.moves, GameTable.scores,
                        GameTable.winners, GameTable.ended_at, GameTable.closed_by)
                 .where(GameTable.ended_at.is_not(None))
                 .order_by(GameTable.ended_at.desc(), GameTable.id.desc())
                 .limit(limit))
        with self.session() as session:
            rows = _after(session, query, GameTable.ended_at, after)
            seats = _seats_of(session, [row.id for row in rows])
        return [Ended(row.id, row.game, tuple(k for k, _ in seats[row.id]),
                      tuple(n for _, n in seats[row.id]), row.moves or 0,
                      None if row.closed_by is not None or row.scores is None
                      else tuple(row.scores),
                      tuple(row.winners or ()) if row.closed_by is None else (),
                      utc(row.ended_at), row.closed_by)
                for row in rows]

    # -- people ----------------------------------------------------------------------

    def set_nickname(self, table_id: str, seat: int, nickname: str | None) -> None:
        """Name one seat of an open table (``TableClosedError`` if it was closed)."""
        with self.writing() as session:
            if not _update_open(session, table_id, {"touched_at": datetime.now(UTC)}):
                raise TableClosedError(table_id)
            session.execute(update(Seat).where(Seat.table_id == table_id, Seat.index == seat)
                            .values(nickname=nickname))
            self.notify(session, table_id, "seat", seat)

    def close(self, table_id: str, by: str,
              untouched_since: datetime | None = None) -> datetime | None:
        """Close an open, unfinished table (``by``: "creator" or "idle"; with
        ``untouched_since``, only if nobody touched it since). Returns when it was
        closed, or None if it was not. Nothing is deleted: the table, its seats and its
        log stay readable, and a closed table is never opened again."""
        now = datetime.now(UTC)
        query = update(GameTable).where(GameTable.id == table_id, GameTable.ended_at.is_(None),
                                        GameTable.finished.is_(False))
        if untouched_since is not None:  # a move stored since the table was picked wins
            query = query.where(GameTable.touched_at < untouched_since)
        with self.writing() as session:
            closed = session.execute(query.values(closed_by=by, ended_at=now))
            if closed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            self.notify(session, table_id, "close", 0)
            return now

    def idle_tables(self, untouched_since: datetime) -> list[str]:
        """Open, unfinished tables nobody has acted at or named a seat of since then."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id).where(
                GameTable.finished.is_(False), GameTable.ended_at.is_(None),
                GameTable.touched_at < untouched_since)))

    def ending(self, table_id: str) -> tuple[str | None, datetime | None]:
        """Who closed a table and when it ended (both None while it is open)."""
        with self.session() as session:
            row = session.execute(select(GameTable.closed_by, GameTable.ended_at)
                                  .where(GameTable.id == table_id)).first()
        if row is None or row.ended_at is None:
            return None, None
        return row.closed_by, utc(row.ended_at)


def _progress_values(progress: Progress) -> dict[str, Any]:
    return {"moves": progress.moves, "finished": progress.finished,
            "to_move": list(progress.to_move), "bot_to_move": progress.bot_to_move,
            "scores": None if progress.scores is None else list(progress.scores),
            "winners": None if progress.winners is None else list(progress.winners)}


def _update_open(db: Session | Connection, table_id: str, values: dict[str, Any]) -> bool:
    """Update the row of a table unless it was closed; whether it was updated."""
    result = db.execute(_UPDATE_OPEN, {"open_id": table_id, **values})
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


Ts = TypeVarTuple("Ts")


def _after(session: Session, query: Select[*Ts], key: InstrumentedAttribute[Any],
           after: str | None) -> Sequence[Row[*Ts]]:
    """The rows of ``query`` (ordered by ``key`` then id, both descending) that come after
    table ``after``; none when ``after`` names no row with a ``key`` (keyset paging:
    a page never repeats or skips a table while others are added)."""
    if after is not None:
        mark = session.execute(select(key, GameTable.id)
                               .where(GameTable.id == after, key.is_not(None))).first()
        if mark is None:
            return []
        query = query.where(tuple_(key, GameTable.id) < tuple_(mark[0], mark[1]))
    return session.execute(query).all()


def _seats_of(session: Session, table_ids: list[str]
              ) -> dict[str, list[tuple[str, str | None]]]:
    """Each table's seats in order, as (kind, nickname)."""
    seats: dict[str, list[tuple[str, str | None]]] = {table_id: [] for table_id in table_ids}
    for seat in session.execute(select(Seat.table_id, Seat.kind, Seat.nickname)
                                .where(Seat.table_id.in_(table_ids))
                                .order_by(Seat.table_id, Seat.index)):
        seats[seat.table_id].append((seat.kind, seat.nickname))
    return seats


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    # With WAL, NORMAL still survives the server being killed at any moment (only a power
    # cut can lose the last commits), and saves an fsync per accepted action.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


__all__ = ["DEFAULT_URL", "Ended", "GameTable", "Listing", "Progress", "Seat", "Store",
           "TableClosedError", "hash_secret", "utc"]


def _touched_since(since: datetime | None) -> list[Any]:
    """The filter keeping tables touched since ``since`` (none: every table); a table
    stored before touches were kept counts from its creation."""
    if since is None:
        return []
    return [func.coalesce(GameTable.touched_at, GameTable.created_at) >= since]
