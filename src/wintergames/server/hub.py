"""The tables in memory, who watches them, and the bots that play at them.

A table is loaded from storage on first use, by one request only (others wait for it),
and unloaded when nobody has used it for a while: storage is the truth, memory a cache.
Bots think in a pool of their own; their clock starts when they start thinking, and
they stop at the deadline. Tables whose next decision is a bot's are found in storage
on start and every few seconds, so neither a restart nor a failed write stops a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import DBAPIError

from wintergames.bots.base import Bot
from wintergames.core.actions import Action
from wintergames.server.following import Following
from wintergames.server.live import LiveTable, ServerError, Viewer, think
from wintergames.server.settings import ServerSettings
from wintergames.server.store import Store
from wintergames.server.watchers import Watcher
from wintergames.server.workers import Lane

logger = logging.getLogger(__name__)


class UnreadableTableError(ServerError):
    """A stored table that cannot be rebuilt from its rows: the server's fault, not the
    asker's, so a 500 that says which table and why."""

    def __init__(self, table_id: str, reason: str) -> None:
        super().__init__(500, "unreadable-table",
                         f"table {table_id!r} cannot be rebuilt from its stored rows: {reason}")


@dataclass
class _Loading:
    """The lock of one table being loaded, and how many callers hold or wait for it."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    waiters: int = 0


class Hub:
    """Tables in memory, their watchers, and the bots that play at them."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self.watchers: dict[str, set[Watcher]] = {}
        self.driving: set[str] = set()
        self._drives: set[asyncio.Task[None]] = set()
        self.used: dict[str, float] = {}  # table id -> time.monotonic() of its last use
        # Tables whose rows cannot be rebuilt, and why: rows only grow, so retrying on
        # every request would only repeat the same error in the log.
        self.unreadable: dict[str, str] = {}
        self._loading: dict[str, _Loading] = {}
        self._loading_guard = threading.Lock()
        # Searching bots think in worker processes, at a lower CPU priority than the
        # event loop: bots of tables with a person in lane of their own, bot-only tables
        # and replays in the background one (lowest priority), clients taking turns.
        workers = settings.bot_workers
        self.people = Lane("people", workers, nice=5)
        self.background = Lane("background", workers, nice=15)
        self.thinker: Callable[..., tuple[Action, Bot]] = think  # tests put their own
        self.creators: dict[str, str] = {}  # table id -> the client that made it
        # places for quick bots' threads (made on the loop)
        self._movers: asyncio.Semaphore | None = None
        self._swept = -math.inf  # time.monotonic() of the last look for idle tables
        # Work to start once a table's game has ended (its replay made ahead of its
        # first viewer), each as a task of the event loop.
        self.after_game: list[Callable[[LiveTable], Awaitable[object]]] = []
        # Several processes on one database (PostgreSQL): a table's bots are driven by
        # the process holding its lease, and what others store arrives as notices.
        self.following = Following(self)

    # -- tables -------------------------------------------------------------------------

    def table(self, table_id: str) -> LiveTable:
        """The table in memory, rebuilt from its rows on first use (by one caller: the
        others wait for it, so a table never has two copies).

        ``ServerError`` 404 if there is none, ``UnreadableTableError`` if its rows do
        not rebuild a game (logged once).
        """
        live = self._loaded(table_id)
        if live is not None:
            return live
        with self._loading_guard:
            loading = self._loading.setdefault(table_id, _Loading())
            loading.waiters += 1
        try:
            with loading.lock:
                live = self._loaded(table_id)
                if live is None:
                    live = self._load(table_id)
                    self.tables[table_id] = live
                    self.used[table_id] = time.monotonic()
                return live
        finally:
            with self._loading_guard:
                # Only the last one out forgets the lock: a caller still waiting on it
                # must find the same lock as any newcomer, or both would load.
                loading.waiters -= 1
                if not loading.waiters:
                    del self._loading[table_id]

    async def table_async(self, table_id: str) -> LiveTable:
        """``table`` without holding up the event loop while storage is read."""
        live = self._loaded(table_id)
        return live if live is not None else await asyncio.to_thread(self.table, table_id)

    def _loaded(self, table_id: str) -> LiveTable | None:
        live = self.tables.get(table_id)
        if live is None:
            return None
        if live.stale:  # behind its log: the next use rebuilds it from storage
            if self.tables.get(table_id) is live:
                del self.tables[table_id]
            return None
        self.used[table_id] = time.monotonic()
        return live

    def _load(self, table_id: str) -> LiveTable:
        if table_id in self.unreadable:
            raise UnreadableTableError(table_id, self.unreadable[table_id])
        try:
            row = self.store.table(table_id)
            if row is None:
                raise ServerError(404, "no-table", f"there is no table {table_id[:40]!r}")
            return LiveTable(row, self.store.actions(table_id), self.store)
        except (ServerError, DBAPIError):
            raise  # no such table, or the database itself failing: not this row's fault
        except Exception as err:
            # Whatever a stored row holds (unknown game, options or settings its rules
            # refuse, JSON that does not parse, a log that does not replay) stays this
            # table's problem, so any error of rebuilding it is caught here.
            reason = f"{type(err).__name__}: {err}"
            logger.exception("table %r cannot be rebuilt from its stored rows; it is "
                             "skipped (and kept in the database)", table_id)
            self.unreadable[table_id] = reason
            raise UnreadableTableError(table_id, reason) from None

    def adopt(self, live: LiveTable, client: str | None = None) -> None:
        """A table built by its creator (and stored): no need to load it again. Its
        bots' work takes ``client``'s turns among the workers."""
        self.tables[live.id] = live
        if client is not None:
            self.creators[live.id] = client
        self.used[live.id] = time.monotonic()

    def unload_idle(self) -> list[str]:
        """Forget tables nobody watched or moved at for ``idle_seconds`` (a tenth of that
        for finished games and closed tables); they load again on their next use. Returns
        their ids."""
        now = time.monotonic()
        gone = []
        for table_id, live in list(self.tables.items()):
            ended = live.state.is_over or live.closed_by is not None
            idle = self.settings.idle_seconds / (10 if ended else 1)
            if (now - self.used.get(table_id, now) >= idle and not self.watchers.get(table_id)
                    and table_id not in self.driving):
                # kept only while in memory (a server runs for months): reloaded, its
                # bots count as a client of their own
                self.forget(table_id)
                gone.append(table_id)
        return gone

    # -- watchers -----------------------------------------------------------------------

    def watch(self, table_id: str, watcher: Watcher) -> None:
        """Add a watcher; ``ServerError`` 429 if the table has as many as it may."""
        watchers = self.watchers.setdefault(table_id, set())
        if len(watchers) >= self.settings.max_watchers_per_table:
            raise ServerError(429, "too-many-watchers",
                              f"a table has at most {self.settings.max_watchers_per_table} "
                              "connections; try again later")
        watchers.add(watcher)

    def unwatch(self, table_id: str, watcher: Watcher) -> None:
        watchers = self.watchers.get(table_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[table_id]
        if table_id in self.tables:  # kept for tables in memory alone (unload_idle's clock)
            self.used[table_id] = time.monotonic()

    def broadcast(self, live: LiveTable) -> None:
        """Queue every watcher's own view; never waits for a client. The first time the
        game is seen ended, what comes after it starts (``after_game``)."""
        current = self.tables.get(live.id)
        if current is not None and current is not live:
            return  # a copy this process dropped (reloaded since): its views are old news
        for watcher in list(self.watchers.get(live.id, ())):
            watcher.send(live.view_text(watcher.viewer))
        if live.state.is_over and not live.after_game_started and self.after_game:
            live.after_game_started = True
            for work in self.after_game:
                self.hold(asyncio.get_running_loop().create_task(self._after(work, live)))

    async def _after(self, work: Callable[[LiveTable], Awaitable[object]],
                     live: LiveTable) -> None:
        try:
            await work(live)
        except Exception:  # the game itself is stored: what follows it may fail alone
            logger.exception("the work after the game of table %r failed", live.id)

    def hold(self, task: asyncio.Task[None]) -> None:
        """Keep ``task`` until it is done (the loop keeps only weak references)."""
        self._drives.add(task)
        task.add_done_callback(self._drives.discard)

    def tell(self, table_id: str, message: dict[str, Any]) -> None:
        """Queue one message that is the same for every watcher (a chat message: nobody
        sees more than another), encoded once; never waits for a client."""
        text = json.dumps(message)
        for watcher in list(self.watchers.get(table_id, ())):
            watcher.send(text)

    async def act(self, live: LiveTable, viewer: Viewer, version: int, action: Any) -> None:
        """A seat's action (``LiveTable.act``), then its watchers told and bots driven.
        A refused one may still have moved this copy on (it caught up with what another
        process stored first): the watchers then get that view."""
        before = live.version
        try:
            await asyncio.to_thread(live.act, viewer, version, action)
        except ServerError:
            if live.version != before:
                self.changed(live)
            raise
        self.changed(live)

    def changed(self, live: LiveTable) -> None:
        """Tell every watcher, then let bots move (on the running event loop)."""
        self.broadcast(live)
        self.drive(live)

    def drive(self, live: LiveTable) -> None:
        """Let the table's bots move, unless they move already or none is to move. A copy
        this process dropped meanwhile is not driven: its successor (or another process,
        which gets the lease) is."""
        current = self.tables.get(live.id)
        if current is not None and current is not live:
            return
        if live.id not in self.driving and live.bots_to_move():
            self.driving.add(live.id)
            self.hold(asyncio.get_running_loop().create_task(self.drive_bots(live)))

    # -- bots ---------------------------------------------------------------------------

    async def drive_bots(self, live: LiveTable) -> None:
        """Bots move, one at a time, until a person (or nobody) is to move.

        A storage error stops the drive (logged); the resumer starts it again.
        """
        held = False
        try:
            # what the lease's last holder stored may not have reached this copy yet
            held = await self.following.take_fresh(live, live.id)
            while (held and not live.stale and live.id not in self.following.lost
                   and (seats := live.bots_to_move())):
                for seat in seats:
                    # a renewal late on a loaded machine: renewed now, or given up
                    if not self.following.may_store(live.id):
                        held = await self.following.take(live.id)
                        if not held:
                            break
                    before = live.version
                    await self._bot_move(live, seat)
                    if live.version != before:  # a move dropped (the game moved on) is no news
                        self.broadcast(live)
        except Exception:
            logger.exception("the bots of table %r stopped; they resume within %s s",
                             live.id, self.settings.resume_seconds)
        finally:
            self.driving.discard(live.id)
            self.following.lost.discard(live.id)
            if live.state.is_over or live.closed_by:
                self.following.release(live.id)  # no bot of it moves again

    async def _bot_move(self, live: LiveTable, seat: int) -> None:
        """One bot move. A searching bot thinks in a worker process (``workers``), so it
        never holds the interpreter the event loop needs; its budget counts from when it
        starts, not while it waits for a worker. A bot that answers at once (random)
        plays in a thread of its own, never behind a search."""
        if live.bots[seat].searches:
            await self._think(live, seat)
            return
        if self._movers is None:
            self._movers = asyncio.Semaphore(self.settings.bot_workers)
        # a hundred quick-bot threads at once would take the interpreter from the loop
        async with self._movers:
            await self._play_quick(live, seat)

    async def _play_quick(self, live: LiveTable, seat: int) -> None:
        budget = self.settings.bot_budget
        version = live.version
        playing = _in_thread(functools.partial(live.play_bot, allowed=self.following.may_store),
                             seat, time.monotonic() + budget)
        try:
            await asyncio.wait_for(asyncio.shield(playing), budget + self.settings.bot_grace)
        except TimeoutError:
            # its late move is dropped when it comes: the version moved on
            await self._overran(live, seat, version)

    async def _think(self, live: LiveTable, seat: int) -> None:
        asked = await asyncio.to_thread(live.position_for, seat)
        if asked is None:
            return
        version, position = asked
        budget = self.settings.bot_budget
        # tables with a person at them first: a bot-only table never delays a person
        lane = self.people if "human" in live.kinds else self.background
        try:
            action, bot = await lane.run(self.client_of(live.id), self.thinker,
                                         live.bots[seat], position, seat, budget,
                                         limit=budget + self.settings.bot_grace)
            # read back through the one entrance of actions, as a person's move is: a
            # value from another process must be the game's own, not an equal stranger
            action = live.spec.action_from_json(action.to_json())
        except TimeoutError:
            await self._overran(live, seat, version)  # its worker was stopped
            return
        except Exception:  # a bot's bug (or its worker's death) must not stop the table
            logger.exception("the %s bot of table %r failed; it plays the fallback move",
                             live.kinds[seat], live.id)
            await asyncio.to_thread(live.fallback, seat, version, self.following.may_store)
            return
        live.bots[seat] = bot  # its random generator moved on in the worker
        await asyncio.to_thread(live.commit_bot, seat, version, action, self.following.may_store)

    async def _overran(self, live: LiveTable, seat: int, version: int) -> None:
        """A bot that ignored its deadline: the table plays on without it, its seeded
        random move in the bot's place."""
        logger.warning("a %s bot of table %r overran its budget of %s s",
                       live.kinds[seat], live.id, self.settings.bot_budget)
        await asyncio.to_thread(live.fallback, seat, version, self.following.may_store)

    def client_of(self, table_id: str) -> str:
        """Whose turn a table's work takes in the workers' round: the client that made
        it (a table resumed from storage after a restart counts as its own client)."""
        return self.creators.get(table_id, f"table:{table_id}")

    def close(self) -> None:
        """Stop the worker processes (the server is stopping)."""
        self.people.close()
        self.background.close()
        self.following.close()

    async def resume(self) -> None:
        """Drive every stored table whose next decision is a bot's and that no one drives."""
        waiting = await asyncio.to_thread(self.following.leases.unleased_awaiting_bots)
        for table_id in waiting:
            if table_id in self.driving:
                continue
            # another process may drive it: only the lease's new holder loads the table
            if not await self.following.take(table_id):
                continue
            try:
                live = await self.table_async(table_id)
            except ServerError:
                continue  # unreadable (logged once) or gone
            # Storage says a bot is to move and nobody here drives: this copy may be behind
            # (a notice it could not follow). What it missed is read now, and watchers
            # only see a view if something changed (a repeat was once taken for an answer).
            await self.following.freshen(live)
            self.drive(live)

    async def summarise_old_tables(self) -> None:
        """Fill in the progress of tables an older server stored without it, so the
        lobby and the resumer see them; unreadable ones stay out (and are logged)."""
        for table_id in await asyncio.to_thread(self.store.unsummarised):
            try:
                live = await self.table_async(table_id)
            except ServerError:
                continue
            await asyncio.to_thread(self.store.set_progress, table_id, live.progress())

    async def close_idle(self) -> list[str]:
        """Close every open table nobody has touched for ``close_after_seconds`` (each
        by a guarded update, so a move stored meanwhile keeps its table open), tell
        whoever watches it, and return their ids."""
        since = datetime.now(UTC) - timedelta(seconds=self.settings.close_after_seconds)
        closed = []
        for table_id in await asyncio.to_thread(self.store.idle_tables, since):
            ended = await asyncio.to_thread(self.store.close, table_id, "idle", since)
            if ended is None:
                continue  # it was played at, finished or closed meanwhile
            closed.append(table_id)
            live = self.tables.get(table_id)
            if live is not None:
                live.mark_closed("idle", ended)
                self.broadcast(live)
        return closed

    async def keep(self) -> None:
        """The hub's housekeeping, forever: old rows summarised once, then every
        ``resume_seconds`` bots resumed and idle tables unloaded, and now and then
        (every minute, or sooner for a short ``close_after_seconds``) idle tables closed."""
        summarised = False
        while True:
            try:
                if not summarised:
                    await self.summarise_old_tables()
                    summarised = True
                await self.resume()
                self.unload_idle()
                now = time.monotonic()
                if now - self._swept >= min(60.0, self.settings.close_after_seconds / 4):
                    self._swept = now
                    await self.close_idle()
            except DBAPIError:
                logger.warning("storage unavailable; bots resume when it is back")
            except Exception:  # the housekeeping must outlive any one failure (logged)
                logger.exception("the hub's housekeeping failed; it goes on")
            await asyncio.sleep(self.resume_period)

    @property
    def resume_period(self) -> float:
        """Seconds between looks for tables waiting for a bot: sooner where another
        process's expired leases are to be taken over."""
        if self.store.shared:
            return min(self.settings.resume_seconds, self.settings.bot_lease_seconds / 4)
        return self.settings.resume_seconds

    # -- what other processes stored --------------------------------------------------

    def forget(self, table_id: str) -> None:
        """Drop this process's copy of a table (not one whose bots it drives), and the
        lease of its bots: another process drives them from now on."""
        if table_id not in self.driving:
            self.tables.pop(table_id, None)
            self.used.pop(table_id, None)
            self.creators.pop(table_id, None)
            self.following.lost.discard(table_id)
            self.following.release(table_id)




def _in_thread(play: Callable[[int, float], bool], seat: int,
               deadline: float) -> asyncio.Future[bool]:
    """``play(seat, deadline)`` in a new daemon thread, as a future of the running loop.

    Not a pool: a quick bot that never returns keeps only its own thread, never a
    worker that every other table needs.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[bool] = loop.create_future()

    def settle(outcome: Callable[[], None]) -> None:
        if not future.done():
            outcome()

    def report(outcome: Callable[[], None]) -> None:
        # A bot that overran may answer after the server stopped: nobody waits then.
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, outcome)

    def run() -> None:
        try:
            played = play(seat, deadline)
        except Exception as err:  # noqa: BLE001 - handed to the awaiting coroutine
            report(functools.partial(future.set_exception, err))
        else:
            report(functools.partial(future.set_result, played))

    threading.Thread(target=run, name="wg-bot", daemon=True).start()
    return future
