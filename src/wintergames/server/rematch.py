"""Rematch: a finished table's game again, with the same seats and options and a new seed.

Who reaches which seat, with no secret ever stored in plain text:

* The new table's person seats are reserved for the old table's seats of the same
  number and start without a secret. A person claims theirs by presenting their old
  seat's secret; the new secret is derived from it (HMAC keyed by the old secret, over
  the new table's id), and only its hash is stored, once. Claiming again, from another
  browser say, derives the same secret: one secret per seat, issued to whoever holds the
  old one, and nobody who reads the database can compute it.
* The seat that starts the rematch also gets the new table's creator secret (derived
  the same way), which closes it.
* At most one rematch per table: its row in ``rematches`` has the old table as primary
  key, so two requests at once store one table and both answers name it.
* Spectators get the new table's spectator link once a person has started it; at a
  table of bots only, anyone may start it.

Nothing is changed at the old table; the new one is rows added (a table, its seats, the
rematch link), and a claim fills a seat's empty secret once, never overwriting one.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from wintergames.core.rng import fresh_seed
from wintergames.server.hub import Hub
from wintergames.server.live import LiveTable, ServerError, Viewer
from wintergames.server.models import GameTable, Rematch, Seat
from wintergames.server.store import Store, hash_secret


class RematchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str | None = Field(None, min_length=1, max_length=200,
                               description="your seat's secret at the finished table (a "
                                           "spectator sends none)")


def derive(old_secret: str, table_id: str, purpose: str) -> str:
    """A secret of the new table ``table_id`` for whoever holds ``old_secret``: as long
    and as random as the server's own (``secrets.token_urlsafe(18)``)."""
    digest = hmac.new(old_secret.encode(), f"wintergames {purpose} {table_id}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


# -- storage (rows only added; a claim fills an empty secret once) -----------------------


def stored_rematch(store: Store, table_id: str) -> str | None:
    """The id of the rematch of ``table_id``, if one was stored."""
    with store.session() as session:
        return session.scalar(select(Rematch.new_table_id)
                              .where(Rematch.old_table_id == table_id))


def store_rematch(store: Store, old_id: str, row: GameTable) -> tuple[str, bool]:
    """Store ``row`` as the rematch of ``old_id`` unless one is there already: the
    rematch's id, and whether it is this one."""
    try:
        with store.writing() as session:
            session.add(row)
            session.flush()  # the table and its seats before the link that names them
            session.add(Rematch(old_table_id=old_id, new_table_id=row.id))
    except IntegrityError:
        # another request stored its rematch first (the old table is the primary key)
        existing = stored_rematch(store, old_id)
        if existing is None:
            raise
        return existing, False
    return row.id, True


def claim_seat(store: Store, table_id: str, seat: int, secret_hash: str) -> bool:
    """Give the empty person seat ``seat`` of ``table_id`` this secret's hash; True if it
    now has it (just given, or given before), False if it holds another."""
    where = (Seat.table_id == table_id, Seat.index == seat, Seat.kind == "human")
    with store.writing() as session:
        given = session.execute(update(Seat).where(*where, Seat.secret_hash.is_(None))
                                .values(secret_hash=secret_hash))
        if given.rowcount == 1:  # type: ignore[attr-defined]
            store.notify(session, table_id, "seat", seat)  # others learn the secret
            return True
        return session.scalar(select(Seat.secret_hash).where(*where)) == secret_hash


# -- the rematch itself ------------------------------------------------------------------


class Rematches:
    """Starting and joining rematches of the hub's tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store

    def of(self, table_id: str) -> str | None:
        return stored_rematch(self.store, table_id)

    async def join(self, live: LiveTable, viewer: Viewer, secret: str | None,
                   count_new_table: Callable[[], Awaitable[None]]) -> dict[str, Any]:
        """What ``viewer`` of the finished table ``live`` gets of its rematch (started
        now if there is none and they may start it)."""
        people = "human" in live.kinds
        started = await asyncio.to_thread(self.of, live.id)
        created = False
        if started is not None:
            new_id = started
        else:
            if viewer.seat is None and people:
                raise ServerError(409, "no-rematch-yet", "no rematch yet: one of the people "
                                  "who played here starts it, then spectators get its link")
            await count_new_table()  # a new table, counted as any other against the client
            new_live, row = await asyncio.to_thread(self._build, live, viewer, secret)
            new_id, created = await asyncio.to_thread(store_rematch, self.store, live.id, row)
            if created:
                self.hub.adopt(new_live, self.hub.client_of(live.id))
                self.hub.changed(new_live)  # its bots may open the game
        answer: dict[str, Any] = {"table": new_id, "game": live.spec.id, "created": created,
                                  "seat": viewer.seat, "secret": None, "invite": None,
                                  "spectator": f"/table/{new_id}", "creator_secret": None}
        if viewer.seat is None or secret is None:
            return answer
        mine = derive(secret, new_id, f"seat {viewer.seat}")
        if not await asyncio.to_thread(claim_seat, self.store, new_id, viewer.seat,
                                       hash_secret(mine)):
            raise ServerError(409, "seat-taken", "your seat at the rematch holds another "
                              "secret; it was not claimed with this table's link")
        new_live = await self.hub.table_async(new_id)
        with new_live.lock:
            # The copy in memory was loaded before the claim, or is the one just built:
            # it learns the seat's secret as storage has it now.
            new_live.secrets[hash_secret(mine)] = viewer.seat
        answer.update(secret=mine, invite=f"/table/{new_id}?secret={mine}")
        creator = derive(secret, new_id, "creator")
        if new_live.creator_hash == hash_secret(creator):
            answer["creator_secret"] = creator  # the seat that started it may close it
        return answer

    def _build(self, old: LiveTable, viewer: Viewer,
               secret: str | None) -> tuple[LiveTable, GameTable]:
        """The new table (built, so it is known to work, but not stored yet)."""
        row = self.store.table(old.id)
        if row is None:
            raise ServerError(404, "no-table", f"there is no table {old.id!r}")
        table_id = secrets.token_hex(8)
        if viewer.seat is not None and secret is not None:
            creator_hash: str | None = hash_secret(derive(secret, table_id, "creator"))
        else:
            creator_hash = None  # a table of bots: closed by the idle rule if need be
        seats = [Seat(index=seat.index, kind=seat.kind, settings=dict(seat.settings),
                      secret_hash=None, nickname=seat.nickname)
                 for seat in sorted(row.seats, key=lambda seat: seat.index)]
        new = GameTable(id=table_id, game=row.game, num_players=row.num_players,
                        options=dict(row.options), seed=fresh_seed(),
                        # nobody needs this secret: a spectator's view takes none
                        spectator_hash=hash_secret(secrets.token_urlsafe(18)),
                        creator_hash=creator_hash, seats=seats)
        live = LiveTable(new, [], self.store)
        progress = live.progress()
        new.moves, new.finished = progress.moves, progress.finished
        new.to_move, new.bot_to_move = list(progress.to_move), progress.bot_to_move
        return live, new
