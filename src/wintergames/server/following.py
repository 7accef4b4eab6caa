"""This process among others on one PostgreSQL database: the bot leases it holds, and
what the others store.

A table's bots are driven by the process holding its lease (``leases.py``); every other
process that has watchers of the table hears each change as a notice (``bus.py``) and
plays it from storage onto its own copy (``catch_up``), so its watchers see it. A copy
nobody here watches or drives is forgotten instead: its next use reads storage. On
SQLite (one process by design) nothing here runs but ``take``, which always grants.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from wintergames.server.bus import Bus, Notice
from wintergames.server.leases import leases_for
from wintergames.server.live import LiveTable, ServerError

if TYPE_CHECKING:
    from wintergames.server.hub import Hub

logger = logging.getLogger(__name__)
T = TypeVar("T")
# The part of a lease, at its end, under which this process stores no more (for the other
# hosts' clocks and the write itself): a second, or a quarter of a shorter lease.
LEASE_MARGIN = 1.0


class Following:
    """The hub's part in a group of processes: leases, notices, catching up."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.leases = leases_for(hub.store, hub.settings.bot_lease_seconds)
        self.lost: set[str] = set()  # tables driven here whose lease another took
        # time.monotonic() until which each lease held here is surely this process's
        # (counted from before it was taken or renewed): a bot's move is stored only
        # before then, so a renewal held up on a loaded machine never lets two
        # processes store moves for one table
        self.leased_until: dict[str, float] = {}
        # lease statements get a thread of their own: queued behind the other work sent
        # to threads, a renewal could come too late
        self._lease_thread = ThreadPoolExecutor(1, thread_name_prefix="wg-lease")
        # what each kind of notice does here (chat.py adds "chat")
        self.listeners: dict[str, Callable[[LiveTable, Notice], Awaitable[None]]] = {
            "action": self._heard_action, "seat": self._heard_row, "close": self._heard_row,
            "lease": self._heard_lease}
        self._catching: dict[str, bool] = {}  # table id -> asked again meanwhile
        self.stopping = False  # the server stops: no lease is taken any more
        # what else a watched table catches up on after the listener reconnected (the
        # chat's messages), by table id
        self.catching_up: list[Callable[[str], Awaitable[None]]] = []
        self.margin = min(LEASE_MARGIN, hub.settings.bot_lease_seconds / 4)
        self.bus: Bus | None = None  # listening, once the server runs on PostgreSQL

    def close(self) -> None:
        self._lease_thread.shutdown(wait=False)

    async def give_back(self) -> None:
        """The server is stopping: every lease held here goes back at once (a rolling
        restart pauses no table's bots for a lease's time)."""
        self.stopping = True
        if not self.hub.store.shared or not self.leased_until:
            return
        self.leased_until.clear()
        try:
            await self._leasing(self.leases.release_all)
        except DBAPIError:
            logger.warning("the bot leases could not be given back; they expire by themselves")

    async def freshen(self, live: LiveTable) -> bool:
        """Where processes share storage, play what the others stored beyond this copy
        (a notice may have come while it loaded); whether it moved on (its watchers were
        then told)."""
        if not self.hub.store.shared:
            return False
        rows = await asyncio.to_thread(self.hub.store.actions_since, live.id, live.version)
        if not live.catch_up(rows):
            return False
        self.hub.changed(live)
        return True

    async def take(self, table_id: str) -> bool:
        """Whether this process may drive the table's bots now (always, alone on SQLite).

        A lease taken is kept while the table stays in memory here (renewed with the
        others every third of ``bot_lease_seconds``), so a table's turns cost no lease
        statement; it is given back when the table leaves (``release``)."""
        return await self.take_fresh(None, table_id)

    async def take_fresh(self, live: LiveTable | None, table_id: str) -> bool:
        """``take``; and a lease that had to be taken from storage (it was free, or
        expired) first brings ``live`` up to what its last holder stored."""
        if not self.hub.store.shared or self.holds(table_id):
            return True
        if self.stopping:  # leases given back stay given back
            return False
        asked = time.monotonic()
        if not await self._leasing(self.leases.take, table_id):
            return False
        self.leased_until[table_id] = asked + self.hub.settings.bot_lease_seconds
        if live is not None:
            await self.freshen(live)
        return True

    def holds(self, table_id: str) -> bool:
        """Whether this process surely holds the table's lease now."""
        return time.monotonic() < self.leased_until.get(table_id, 0.0) - self.margin

    def release(self, table_id: str) -> None:
        """Give a table's lease back (it left this process's memory), off the loop; a
        lease never taken here costs nothing."""
        if self.leased_until.pop(table_id, None) is None:
            return
        releasing = asyncio.get_running_loop().run_in_executor(
            self._lease_thread, self.leases.release, table_id)
        releasing.add_done_callback(_logged)

    def _leasing(self, work: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        return asyncio.get_running_loop().run_in_executor(self._lease_thread, work, *args)

    def may_store(self, table_id: str) -> bool:
        """Whether a bot's move of this table may be stored now: alone on the database,
        or while this process's lease surely holds (a second to spare for the other
        hosts' clocks and the write itself)."""
        return not self.hub.store.shared or self.holds(table_id)

    async def hold_leases(self) -> None:
        """Renew the leases held here, forever (several processes only): a table whose
        lease another process took meanwhile (this one was too slow to renew it) stops
        being driven here."""
        while True:
            await asyncio.sleep(self.hub.settings.bot_lease_seconds / 3)
            leased, asked = set(self.leased_until), time.monotonic()
            try:
                held = await self._leasing(self.leases.renew, leased)
            except SQLAlchemyError as err:  # a pool timeout is no DBAPIError: both logged
                logger.warning("storage unavailable; bot leases not renewed: %s", err)
                continue
            for table_id in leased:
                if table_id not in held:
                    self.leased_until.pop(table_id, None)
                    self.lost.add(table_id)
                elif table_id in self.leased_until:  # not released meanwhile
                    self.leased_until[table_id] = asked + self.hub.settings.bot_lease_seconds

    def start(self) -> list[asyncio.Task[None]]:
        """Where processes share PostgreSQL: listen to what the others store, and renew
        this one's bot leases (the tasks, to cancel when the server stops)."""
        if not self.hub.store.shared:
            return []
        self.bus = Bus(self.hub.store.url, self.hub.store.process, self.heard, self.caught_up)
        loop = asyncio.get_running_loop()
        return [loop.create_task(self.bus.run()), loop.create_task(self.hold_leases())]

    def heard(self, notice: Notice) -> None:
        """Another process stored a change at a table (``server/bus.py``): watchers here
        get it, read from storage; a copy nobody here uses is forgotten instead."""
        table_id = notice.table_id
        if not self.hub.watchers.get(table_id) and table_id not in self.hub.driving:
            # Nobody here needs it: its next use reads storage. Its lease, if held here,
            # goes to a process whose watchers play there (the notice of the release).
            self.hub.forget(table_id)
            return
        listener = self.listeners.get(notice.what)
        if listener is not None:
            self.hub.hold(asyncio.get_running_loop().create_task(
                self._follow(listener, notice)))

    async def _follow(self, listener: Callable[[LiveTable, Notice], Awaitable[None]],
                      notice: Notice) -> None:
        try:
            live = await self.hub.table_async(notice.table_id)
            await listener(live, notice)
        except (ServerError, SQLAlchemyError):
            # its next use rebuilds it from storage (the resumer's, if bots are to move)
            behind = self.hub.tables.get(notice.table_id)
            if behind is not None:
                behind.stale = True
            logger.warning("table %r could not follow a change another process stored; "
                           "it is read again from storage on its next use", notice.table_id)

    async def _heard_action(self, live: LiveTable, notice: Notice) -> None:
        await self.catch_up(live)

    async def _heard_lease(self, live: LiveTable, notice: Notice) -> None:
        """A process gave a table's lease back: its bots are this one's to drive, if
        they are to move (a person's move here found the lease taken)."""
        await self.catch_up(live)
        self.hub.drive(live)

    async def _heard_row(self, live: LiveTable, notice: Notice) -> None:
        row = await asyncio.to_thread(self.hub.store.table, live.id)
        if row is not None:
            live.refresh(row)
            self.hub.broadcast(live)

    async def catch_up(self, live: LiveTable) -> None:
        """Play what storage holds beyond this copy, then tell watchers and drive bots.
        One catch-up of a table at a time: a notice heard meanwhile runs it once more."""
        if live.id in self._catching:
            self._catching[live.id] = True
            return
        self._catching[live.id] = False
        try:
            while True:
                rows = await asyncio.to_thread(self.hub.store.actions_since, live.id,
                                               live.version)
                if live.catch_up(rows):
                    self.hub.changed(live)
                if live.stale:
                    await self._reload(live.id)
                    renewed = self.hub.tables.get(live.id)
                    if renewed is None:
                        return
                    live = renewed  # a notice heard meanwhile is for the new copy
                if not self._catching[live.id]:
                    return
                self._catching[live.id] = False
        finally:
            del self._catching[live.id]

    async def _reload(self, table_id: str) -> None:
        """Build a stale table anew from storage and show it to its watchers."""
        self.hub.forget(table_id)
        if self.hub.watchers.get(table_id):
            self.hub.changed(await self.hub.table_async(table_id))

    async def caught_up(self) -> None:
        """After notices may have been missed (the listener reconnected): every table
        watched or driven here catches up from storage; the others are forgotten."""
        for table_id, live in list(self.hub.tables.items()):
            if not self.hub.watchers.get(table_id) and table_id not in self.hub.driving:
                self.hub.forget(table_id)
                continue
            try:
                row = await asyncio.to_thread(self.hub.store.table, table_id)
                if row is not None:
                    live.refresh(row)
                await self.catch_up(live)
                for also in self.catching_up:
                    await also(table_id)
            except SQLAlchemyError:
                live.stale = True  # read again from storage on its next use
                logger.warning("table %r could not catch up yet; it is read again from "
                               "storage on its next use", table_id)


def _logged(releasing: asyncio.Future[None]) -> None:
    if not releasing.cancelled() and releasing.exception() is not None:
        logger.warning("a bot lease could not be given back (it expires by itself): %s",
                       releasing.exception())
