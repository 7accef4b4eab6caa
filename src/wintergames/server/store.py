"""Storage: the database URL, migrations on start, and the few queries the server makes.

SQLite (a file, created on first start) by default, PostgreSQL with a
``postgresql://`` URL. The schema is versioned by Alembic and upgraded on start.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, select, tuple_, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from wintergames.server.models import ActionRow, GameTable, Seat

DEFAULT_URL = "sqlite:///wintergames.db"
MIGRATIONS = Path(__file__).parent / "migrations"


def hash_secret(secret: str) -> str:
    """Secrets are long random tokens, so one SHA-256 is the right strength to store."""
    return hashlib.sha256(secret.encode()).hexdigest()


def normalized_url(url: str) -> str:
    """``postgresql://`` means psycopg (version 3), the driver we install."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


@dataclass(frozen=True)
class Progress:
    """Where a table's game stands, stored beside its row with every action."""

    moves: int
    finished: bool
    to_move: tuple[int, ...]
    bot_to_move: bool


@dataclass(frozen=True)
class Listing:
    """One open table as the lobby lists it, read from its row alone."""

    table: str
    game: str
    kinds: tuple[str, ...]
    moves: int
    to_move: tuple[int, ...]


class Store:
    """The database behind a server."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = normalized_url(url)
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time and makes the others retry with sleeps of up to
        # 100 ms; writers of this process queue on a lock instead (PostgreSQL needs none).
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if self.engine.dialect.name == "sqlite"
            else contextlib.nullcontext())
        self.migrate()

    def migrate(self) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
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
        stands); a second writer of the same ``seq`` fails."""
        with self.writing() as session:
            session.add(ActionRow(table_id=table_id, seq=seq, player=player, action=action))
            if progress is not None:
                session.flush()  # the log row first: its unique step is the real guard
                session.execute(_set_progress(table_id, progress))

    def set_progress(self, table_id: str, progress: Progress) -> None:
        """Summarise a table an older server stored without its progress."""
        with self.writing() as session:
            session.execute(_set_progress(table_id, progress))

    def unsummarised(self) -> list[str]:
        """Tables stored without their progress (by a server before it was kept)."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id).where(GameTable.moves.is_(None))
                                        .order_by(GameTable.created_at)))

    def awaiting_bots(self) -> list[str]:
        """Unfinished tables whose next decision is a bot's: a restart resumes them."""
        with self.session() as session:
            return list(session.scalars(select(GameTable.id)
                                        .where(GameTable.bot_to_move.is_(True))
                                        .order_by(GameTable.created_at)))

    def open_tables(self, limit: int, after: str | None = None) -> list[Listing]:
        """Up to ``limit`` unfinished tables, newest first, from the one after ``after``.

        Read from the rows' progress columns only (never the options or the log), so a
        page costs one query however many tables there are, and a row whose other
        columns cannot be read does not spoil the page.
        """
        query = (select(GameTable.id, GameTable.game, GameTable.moves, GameTable.to_move)
                 .where(GameTable.finished.is_(False))
                 .order_by(GameTable.created_at.desc(), GameTable.id.desc())
                 .limit(limit))
        with self.session() as session:
            if after is not None:
                mark = session.execute(select(GameTable.created_at, GameTable.id)
                                       .where(GameTable.id == after)).first()
                if mark is None:
                    return []
                query = query.where(tuple_(GameTable.created_at, GameTable.id)
                                    < tuple_(mark.created_at, mark.id))
            rows = session.execute(query).all()
            kinds: dict[str, list[str]] = {row.id: [] for row in rows}
            seats = session.execute(select(Seat.table_id, Seat.kind)
                                    .where(Seat.table_id.in_(list(kinds)))
                                    .order_by(Seat.table_id, Seat.index))
            for seat in seats:
                kinds[seat.table_id].append(seat.kind)
        return [Listing(row.id, row.game, tuple(kinds[row.id]), row.moves or 0,
                        tuple(row.to_move or ())) for row in rows]


def _set_progress(table_id: str, progress: Progress) -> Any:
    return (update(GameTable).where(GameTable.id == table_id)
            .values(moves=progress.moves, finished=progress.finished,
                    to_move=list(progress.to_move), bot_to_move=progress.bot_to_move))


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    # With WAL, NORMAL still survives the server being killed at any moment (only a power
    # cut can lose the last commits), and saves an fsync per accepted action.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


__all__ = ["DEFAULT_URL", "GameTable", "Listing", "Progress", "Seat", "Store", "hash_secret"]
