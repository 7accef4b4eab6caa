"""Storage: the database URL, migrations on start, and the few queries the server makes.

SQLite (a file, created on first start) by default, PostgreSQL with a
``postgresql://`` URL. The schema is versioned by Alembic and upgraded on start.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event, select
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


class Store:
    """The database behind a server."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = normalized_url(url)
        self.engine: Engine = create_engine(self.url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
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

    # -- queries ---------------------------------------------------------------------

    def add_table(self, table: GameTable) -> None:
        with self.session() as session:
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

    def append(self, table_id: str, seq: int, player: int, action: dict[str, Any]) -> None:
        """Add one accepted action; a second writer of the same ``seq`` fails."""
        with self.session() as session:
            session.add(ActionRow(table_id=table_id, seq=seq, player=player, action=action))


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    # With WAL, NORMAL still survives the server being killed at any moment (only a power
    # cut can lose the last commits), and saves an fsync per accepted action.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


__all__ = ["DEFAULT_URL", "GameTable", "Seat", "Store", "hash_secret"]
