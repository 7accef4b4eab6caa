"""The database schema (SQLAlchemy 2): tables, their seats, and their action logs.

A game is stored as what rebuilds it: its game id, player count, options and seed, and
the append-only list of accepted actions. A state in memory is always ``replay``-ed from
these rows, so nothing else needs saving and nothing accepted is ever lost.

Beside them: the names people gave their seats, and when a table ended (its game
finished, or it was closed: set once, never cleared, so closing deletes nothing).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NICKNAME_COLUMN = 64  # characters: room to spare above the checked live.NAME_MAX


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameTable(Base):
    """One table: a game being played (or finished)."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    num_players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    spectator_hash: Mapped[str] = mapped_column(String(64))
    # The creator's secret closes the table (NULL: a table made before creators had one).
    creator_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # The last time anyone acted or named a seat: a table untouched for the server's
    # close_after_seconds is closed.
    touched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=_now)
    # When the game finished or the table was closed (NULL while it may go on), and who
    # closed it ("creator" or "idle"; NULL if it finished by its rules or is open).
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    closed_by: Mapped[str | None] = mapped_column(String(16), default=None)
    # Progress, kept beside the log by every append (NULL: not summarised yet). Derived
    # data: the log alone rebuilds the game; these only spare the lobby from doing so.
    moves: Mapped[int | None] = mapped_column(Integer, default=None)
    finished: Mapped[bool | None] = mapped_column(Boolean, default=None)
    to_move: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    bot_to_move: Mapped[bool | None] = mapped_column(Boolean, default=None)
    scores: Mapped[list[int] | None] = mapped_column(JSON, default=None)  # once over
    winners: Mapped[list[int] | None] = mapped_column(JSON, default=None)  # once over
    seats: Mapped[list[Seat]] = relationship(back_populates="table", order_by="Seat.index")


class Seat(Base):
    """A seat: a person (who holds the secret of the invite link) or a bot."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    index: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(40))  # "human" or a bot kind
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    secret_hash: Mapped[str | None] = mapped_column(String(64))  # humans only
    # The name the person typed (people.check_name); NULL: none yet, shown "Player N".
    nickname: Mapped[str | None] = mapped_column(String(NICKNAME_COLUMN), default=None)
    table: Mapped[GameTable] = relationship(back_populates="seats")


class ActionRow(Base):
    """One accepted action. Rows are only ever added, never changed or deleted."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # 0, 1, 2 ... within the table
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ChatMessage(Base):
    """One message of a table's chat. Rows are only ever added, never changed or deleted.

    The seat's name is copied in as it was when the message was written: a later rename
    does not change who said what.
    """

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"))
    seat: Mapped[int] = mapped_column(Integer)
    nickname: Mapped[str | None] = mapped_column(String(NICKNAME_COLUMN), default=None)
    # Room to spare above the checked chat.TEXT_MAX (characters, not bytes, on both
    # databases).
    text: Mapped[str] = mapped_column(String(1200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Rematch(Base):
    """A finished table's rematch (server/rematch.py). Added once, never changed: the old
    table is the primary key, so a table has at most one rematch however many ask."""

    __tablename__ = "rematches"

    old_table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    new_table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Replay(Base):
    """A finished game's replay as one viewer sees it (server/replays.py): computed once,
    added once and never changed (the game it shows never changes), so no server process
    computes it again. ``seat`` -1 is the spectator's."""

    __tablename__ = "replays"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    body: Mapped[bytes] = mapped_column(LargeBinary)  # the JSON text, gzip-compressed
    index: Mapped[dict[str, Any]] = mapped_column(JSON)  # where each step lies in it
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class ReviewRow(Base):
    """A finished game's review of one seat's play (server/reviews.py): computed once by
    the server's own budget (``budget``, as ``analysis.Budget.to_json`` gives it), added
    once and never changed or replaced, so no server process computes it again."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    budget: Mapped[dict[str, Any]] = mapped_column(JSON)
    body: Mapped[bytes] = mapped_column(LargeBinary)  # Review.to_json() as JSON, gzip-compressed
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


# -- several processes on one database (none of these is a game's record) ----------------


class BotLease(Base):
    """Which server process thinks for a table's bots, until when (server/leases.py).
    A lease not renewed by ``expires_at`` may be taken by another process."""

    __tablename__ = "bot_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(120))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RateEntry(Base):
    """One hit of a per-client rate, in its moving window (server/shared_limits.py):
    deleted once older than its window, as the ``limits`` library's own storages do."""

    __tablename__ = "rate_entries"
    __table_args__ = (Index("rate_entries_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"),
                                    primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(300))
    at: Mapped[float] = mapped_column(Float)  # seconds since the epoch


class Hold(Base):
    """How many connections one process holds for a client or a table
    (server/shared_limits.py); a process renews ``seen_at`` while it lives, and rows of
    a process not seen for a while no longer count."""

    __tablename__ = "holds"

    process: Mapped[str] = mapped_column(String(120), primary_key=True)
    scope: Mapped[str] = mapped_column(String(40), primary_key=True)
    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
