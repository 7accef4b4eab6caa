"""Game reviews of finished games: computed in the background workers, a few decisions at
a time, kept in storage once done, and served from what was kept.

A review searches every real decision of one seat (``wintergames.analysis``): seconds to
minutes of CPU, so it never runs on the event loop, and never as one long job either. It
is cut into parts, each a job of the ``background`` lane: the seat's decisions found
(``choice_steps``), then a few of them judged at a time (``judge_steps``; each
decision's search is seeded from its own step, so the parts add up to the review made in
one go), then the review written (``assemble``). Between parts the lane serves other
clients in turn, the progress (``done`` of ``total`` decisions) moves about every
``CHUNK_SECONDS``, and a cancel sends no more parts (the one running is stopped).

The budget is the server's (``review_iterations``, ``review_cpu_seconds``), never the
client's. Its CPU seconds are counted by the workers themselves: a part stops, in the
worker, once the review's remaining seconds are spent (``cpu_budget``), and the review
fails naming the setting. Each part also has a wall-clock limit in its lane, so a part
stuck where no signal reaches it cannot hold a worker for good.

A review done is stored once (table ``reviews``, added once and never replaced) and
served from memory or storage from then on: one process computes a review at most once
however many ask at once, and a process finding it stored never computes it again.

Every request about a review counts as a replay read before anything is loaded; one that
starts a computation must also find room for it: on this process (``reviews_running``,
else 503), for its client (``reviews_at_once``, a hold kept until the computation ends,
else 429) and in its client's rate (``reviews_per_minute``, else 429).
"""

from __future__ import annotations

import asyncio
import gzip
import logging
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from types import FrameType
from typing import Any, NamedTuple

import orjson
from fastapi import FastAPI, Request
from fastapi.responses import Response

from wintergames.analysis import Budget, Judged, assemble, choice_steps, judge_steps
from wintergames.server.afterwards import client_of, finished
from wintergames.server.hub import Hub
from wintergames.server.live import LiveTable, ServerError, dumps
from wintergames.server.quotas import ClientLimits, client_key
from wintergames.server.schemas import ReviewRequest
from wintergames.server.settings import ServerSettings
from wintergames.server.store import Store

logger = logging.getLogger(__name__)

CHUNK_SECONDS = 1.0  # seconds a part of judged decisions aims at: the progress's pace
MAX_CHUNK = 16  # decisions in one part at most, however cheap each is
# A part's wall-clock limit in its lane: CHUNK_FLOOR seconds, plus CHUNK_SLACK times the
# CPU it should take (a niced worker on a busy machine gets a share of a core), never more
# than the review's remaining CPU seconds (a part's cost unknown yet: those seconds).
CHUNK_FLOOR = 60.0
CHUNK_SLACK = 20.0
KEPT_BYTES = 16 * 1024 * 1024  # reviews kept in memory once ended (done ones: in storage too)
RETIMER = 0.05  # CPU seconds between signals once a part's budget is spent
ENDED_BYTES = 256  # what a review ended without a text is counted as in memory

ACTIVE = ("queued", "running")  # a computation goes on (a POST joins it)
RETRIED = ("cancelled", "failed")  # a POST starts afresh
CANCELLED = "the review was cancelled; ask again to start it afresh"
BUSY_RETRY = 60  # seconds a client refused for want of room waits (reviews take minutes)

Key = tuple[str, int]  # (table id, seat)
Run = Callable[..., Awaitable[Any]]  # Lane.run: (client, fn, *args, limit=...)
Ended = Callable[[], Awaitable[None]]  # called once a computation ends, however it ends


# -- in the worker processes ----------------------------------------------------------------


class OverBudgetError(RuntimeError):
    """A review's CPU seconds ran out (raised in a worker, in the middle of a part, or on
    the event loop between parts)."""


class _OutOfTime(BaseException):
    """Raised by the CPU timer's signal: a BaseException, so no ``except Exception`` of the
    search swallows it (``cpu_budget`` turns it into ``OverBudgetError``)."""


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise ``OverBudgetError`` once this process has spent ``seconds`` more CPU: the
    kernel counts them (``ITIMER_PROF``) and its signal stops the search at its next
    bytecode, so a part never overruns the review's budget by more than an instant. The
    signal comes again every ``RETIMER`` CPU seconds, in case a callback from C code
    (the physics engine's) swallowed it.

    Only a process's main thread receives signals (a worker runs its jobs there); called
    elsewhere, the budget is checked between parts alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    armed = True

    def over(signum: int, frame: FrameType | None) -> None:
        if armed:
            raise _OutOfTime

    previous = signal.signal(signal.SIGPROF, over)
    try:
        signal.setitimer(signal.ITIMER_PROF, seconds, RETIMER)
        yield
    except _OutOfTime:
        raise OverBudgetError(f"the review's CPU seconds ran out ({seconds:.3g} s were left "
                              "for this part)") from None
    finally:
        while True:  # a signal landing here interrupts the clean-up: it starts again
            try:
                armed = False
                signal.setitimer(signal.ITIMER_PROF, 0)
                signal.signal(signal.SIGPROF, previous)
                break
            except _OutOfTime:
                continue


class Spent(NamedTuple):
    """What a part gave, and what it took: CPU seconds (what the budget counts) and
    seconds on the clock (the progress's pace: a niced worker on a busy machine gets only
    a share of a core)."""

    result: Any
    cpu: float
    wall: float


def spend(cpu_left: float, fn: Callable[..., Any], *args: Any) -> Spent:
    """``fn(*args)``, stopped once it spends ``cpu_left`` CPU seconds, and what it took (a
    worker's job: ``fn`` is a module-level function)."""
    cpu, clock = time.process_time(), time.monotonic()
    with cpu_budget(cpu_left):
        result = fn(*args)
    return Spent(result, time.process_time() - cpu, time.monotonic() - clock)


def review_text(record: dict[str, Any], seat: int, judged: list[Judged], budget: Budget,
                seconds: float) -> tuple[bytes, bytes]:
    """The review made of its judged decisions, as JSON text and gzip-compressed (what is
    stored)."""
    text = dumps(assemble(record, seat, judged, budget, seconds).to_json()).encode()
    return text, gzip.compress(text, compresslevel=6)


# -- on the event loop ----------------------------------------------------------------------


@dataclass
class ReviewJob:
    """One review this process knows: being computed, or ended (done, cancelled, failed).

    ``text`` is the review's JSON once done; ``storing`` is true while that is written to
    storage (too late to cancel: a row once added stays)."""

    table: str
    seat: int
    status: str = "queued"
    done: int = 0
    total: int = 0
    message: str | None = None
    text: bytes | None = field(default=None, repr=False)
    spent: float = 0.0  # CPU seconds its parts took so far
    storing: bool = False
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def active(self) -> bool:
        return self.status in ACTIVE

    def end(self, status: str, message: str | None = None, text: bytes | None = None) -> None:
        """End it (the first ending stands: a cancel is not overwritten by the stop it
        causes)."""
        if self.active:
            self.status, self.message, self.text = status, message, text

    def size(self) -> int:
        return ENDED_BYTES + len(self.text or b"")

    def to_bytes(self) -> bytes:
        """ReviewStatus as JSON text: the review's kept text put in as it is."""
        head = dumps({"table": self.table, "seat": self.seat, "status": self.status,
                      "done": self.done, "total": self.total, "message": self.message})
        return head[:-1].encode() + b',"review":' + (self.text or b"null") + b"}"


class Reviews:
    """The game reviews of finished tables: computed by ``run`` (the background lane), at
    most once per table and seat in this process, kept in storage once done, and in
    memory (the ended ones used last, while they fit in ``memory_bytes``)."""

    def __init__(self, store: Store, run: Run, settings: ServerSettings,
                 memory_bytes: int = KEPT_BYTES) -> None:
        self.store, self.run, self.memory_bytes = store, run, memory_bytes
        self.budget = Budget(iterations=settings.review_iterations)
        self.cpu_seconds = settings.review_cpu_seconds
        self.most_running = settings.reviews_running
        self.chunk_seconds = CHUNK_SECONDS
        self._jobs: OrderedDict[Key, ReviewJob] = OrderedDict()
        self.computed = 0  # computations begun (for tests and curiosity)
        # computations whose task has not ended: a cancelled one counts until its part
        # running is stopped, as it holds a worker until then
        self.running = 0
        self._ending: set[asyncio.Task[None]] = set()  # ``ended`` calls under way

    def known(self, key: Key) -> ReviewJob | None:
        """The review in memory, if any (being computed, or ended)."""
        job = self._jobs.get(key)
        if job is not None:
            self._jobs.move_to_end(key)
        return job

    async def find(self, key: Key) -> ReviewJob | None:
        """The review in memory, or else the one stored (then kept in memory); None if
        this process never heard of it and none is stored."""
        job = self.known(key)
        if job is not None:
            return job
        stored = await self._stored(key)
        job = self.known(key)  # asked for meanwhile: that one
        if job is not None or stored is None:
            return job
        text, total = stored
        job = ReviewJob(*key, status="done", done=total, total=total, text=text)
        self._keep(key, job)
        return job

    def make_room(self) -> None:
        """Refuse (503 ``reviews-busy``) a new computation while this process computes
        ``reviews_running`` already: the server as a whole is busy, not the client over
        its share, so a client waits and asks again."""
        if self.running >= self.most_running:
            raise ServerError(503, "reviews-busy",
                              f"the server is computing {self.running} game reviews, the most "
                              "it computes at once (server setting reviews_running); try "
                              f"again in {BUSY_RETRY} s",
                              headers={"Retry-After": str(BUSY_RETRY)})

    def ask(self, live: LiveTable, seat: int, client: str,
            ended: Ended | None = None) -> tuple[ReviewJob, bool]:
        """The review of ``seat``'s play at the finished table ``live``: the one being
        computed or done, or (none, or one cancelled or failed) a computation started now
        if there is room (``make_room``), its parts taking ``client``'s turns in the lane;
        and whether it was started now (``ended`` is then awaited once it ends, and never
        otherwise)."""
        key = (live.id, seat)
        job = self.known(key)
        if job is not None and job.status not in RETRIED:
            return job, False
        self.make_room()
        with live.lock:
            record = live.state.record()
        job = ReviewJob(live.id, seat)
        job.task = asyncio.get_running_loop().create_task(self._compute(job, record, client))
        # a done callback, not the coroutine's ``finally``: a task cancelled before its
        # first step never runs its body, and its room must come back all the same
        job.task.add_done_callback(partial(self._ended, job, ended))
        self.running += 1
        self._keep(key, job)
        return job, True

    def cancel(self, key: Key) -> ReviewJob | None:
        """Stop the review being computed (its part running is stopped in its worker, no
        other is sent, and nothing is stored); the review as it now stands, None if this
        process knows none. One ended, or being written to storage, stays as it is."""
        job = self.known(key)
        if job is not None and job.active and not job.storing:
            job.end("cancelled", CANCELLED)
            if job.task is not None:
                job.task.cancel()
        return job

    async def _compute(self, job: ReviewJob, record: dict[str, Any], client: str) -> None:
        try:
            text = await self._make(job, record, client)
        except asyncio.CancelledError:  # cancelled, or the server stopping
            job.end("cancelled", CANCELLED)
            raise
        except OverBudgetError:
            job.end("failed", f"the review stopped after {job.done} of {job.total} "
                    f"decisions: it spent the {self.cpu_seconds:g} CPU seconds a review may "
                    "(server setting review_cpu_seconds)")
        except TimeoutError as err:  # its worker was stopped and replaced
            job.end("failed", f"a part of the review ran over its time in a worker ({err}); "
                    "ask again to retry")
        except Exception as err:
            logger.exception("the review of seat %s at table %r failed", job.seat, job.table)
            job.end("failed", f"the review failed ({type(err).__name__}); ask again to retry")
        else:
            job.end("done", text=text)

    def _ended(self, job: ReviewJob, ended: Ended | None, task: asyncio.Task[None]) -> None:
        """The task of ``job`` ended, however (cancelled before it began, too): the job is
        ended (if it was not), stops counting as running, and ``ended`` is called."""
        job.end("cancelled", CANCELLED)
        self.running -= 1
        self._fit()
        if ended is not None:
            call = asyncio.get_running_loop().create_task(self._call_ended(job, ended))
            self._ending.add(call)
            call.add_done_callback(self._ending.discard)

    @staticmethod
    async def _call_ended(job: ReviewJob, ended: Ended) -> None:
        """``ended()``, whose failure (the server stopping, storage gone) is logged: the
        review has ended all the same."""
        try:
            await ended()
        except Exception:
            logger.warning("the end of the review of seat %s at table %r was not counted",
                           job.seat, job.table, exc_info=True)

    async def _make(self, job: ReviewJob, record: dict[str, Any], client: str) -> bytes:
        """The review's JSON: from storage if it is there (another process made it), else
        computed part by part, then stored."""
        key = (job.table, job.seat)
        if (stored := await self._stored(key)) is not None:
            return self._from_storage(job, *stored)
        self.computed += 1
        steps = (await self._part(job, client, None, choice_steps, record, job.seat)).result
        job.status, job.total = "running", len(steps)
        judged: list[Judged] = []
        size, per_decision = 1, None  # the first part, of one decision, finds the pace
        while job.done < len(steps):
            chunk = steps[job.done:job.done + size]
            expected = None if per_decision is None else per_decision * len(chunk)
            part = await self._part(job, client, expected, judge_steps, record, job.seat,
                                    chunk, self.budget)
            judged += part.result
            job.done += len(chunk)
            per_decision = max(1e-6, part.cpu, part.wall) / len(chunk)
            size = max(1, min(MAX_CHUNK, int(self.chunk_seconds / per_decision)))
            if self.store.shared and (stored := await self._stored(key)) is not None:
                return self._from_storage(job, *stored)  # another process's came first
        text, body = (await self._part(job, client, None, review_text, record, job.seat,
                                       judged, self.budget, job.spent)).result
        job.storing = True
        if await asyncio.to_thread(self.store.add_review, *key, self.budget.to_json(), body):
            return text
        stored = await self._stored(key)  # another process's came first: it stands
        assert stored is not None, "a review that was not added is stored"
        return self._from_storage(job, *stored)

    @staticmethod
    def _from_storage(job: ReviewJob, text: bytes, total: int) -> bytes:
        job.done = job.total = total
        return text

    async def _part(self, job: ReviewJob, client: str, expected: float | None,
                    fn: Callable[..., Any], *args: Any) -> Spent:
        """``fn(*args)`` as one job of the lane, within what is left of the review's CPU
        seconds (``expected``: the seconds it should take, if known), counted in
        ``job.spent``."""
        left = self.cpu_seconds - job.spent
        limit = CHUNK_FLOOR + (left if expected is None else min(left, CHUNK_SLACK * expected))
        part: Spent = await self.run(client, spend, left, fn, *args, limit=limit)
        job.spent += part.cpu
        if job.spent >= self.cpu_seconds:  # so the next part always has some left
            raise OverBudgetError(f"{job.spent:.3g} of {self.cpu_seconds:g} CPU seconds spent")
        return part

    async def _stored(self, key: Key) -> tuple[bytes, int] | None:
        """The stored review's JSON text and its number of decisions, or None."""
        return await asyncio.to_thread(read_stored, self.store, key)

    def _keep(self, key: Key, job: ReviewJob) -> None:
        self._jobs[key] = job
        self._jobs.move_to_end(key)
        self._fit()

    def _fit(self) -> None:
        """Forget the ended reviews used longest ago until the rest fit in memory (the one
        used last, and every one being computed, stay)."""
        size = sum(job.size() for job in self._jobs.values())
        last = next(reversed(self._jobs), None)
        for key, job in list(self._jobs.items()):
            if size <= self.memory_bytes:
                return
            if not job.active and key != last:
                del self._jobs[key]
                size -= job.size()


def read_stored(store: Store, key: Key) -> tuple[bytes, int] | None:
    """The stored review's JSON text and its number of decisions, or None (blocking: a
    query, a decompression and a parse)."""
    stored = store.review(*key)
    if stored is None:
        return None
    text = gzip.decompress(stored[1])
    return text, len(orjson.loads(text)["decisions"])


def seat_number(text: str, players: int) -> int:
    """The seat a path names: a whole number below ``players``, written plainly.

    >>> seat_number("1", 3)
    1
    >>> seat_number("7", 3)
    Traceback (most recent call last):
    ...
    wintergames.server.live.ServerError: a review is of a seat 0..2 (a whole number), not '7'
    """
    if text.isascii() and text.isdigit() and str(int(text)) == text and int(text) < players:
        return int(text)
    raise ServerError(400, "bad-seat",
                      f"a review is of a seat 0..{players - 1} (a whole number), not {text[:20]!r}")


def answer(job: ReviewJob, status: int = 200) -> Response:
    return Response(job.to_bytes(), status_code=status, media_type="application/json")


def add_reviews(app: FastAPI, hub: Hub, limits: ClientLimits) -> None:
    """POST, GET and DELETE ``/api/tables/{table_id}/reviews/{seat}``.

    Anyone who may watch a table may ask for its reviews once its game is over, as for its
    replay: that is anyone with the table's id (the spectator view needs no secret). A
    secret, if sent, must open the table (it changes nothing else)."""
    reviews = Reviews(hub.store, hub.background.run, hub.settings)
    app.state.reviews = reviews
    path = "/api/tables/{table_id}/reviews/{seat}"

    async def reviewed(table_id: str, seat: str) -> tuple[LiveTable, Key]:
        live = await hub.table_async(table_id)  # 404 no-table
        number = seat_number(seat, live.state.num_players)
        finished(live, "a review")
        return live, (live.id, number)

    @app.post(path, status_code=202)
    async def ask_review(table_id: str, seat: str, request: Request,
                         body: ReviewRequest | None = None) -> Response:
        """Start the review of a seat's play (202; queued, then running), or answer the one
        being made (202) or done (200). A review cancelled or failed starts afresh. Every
        request is a replay read, counted before the table is loaded (so a refused one
        costs too); a new computation must also find room (``start``)."""
        host = client_of(request)
        await limits.off_loop(limits.replay_read, host)
        live, key = await reviewed(table_id, seat)
        if body is not None and body.secret is not None:
            live.viewer(body.secret)  # 403 for a secret that opens nothing here
        job = await reviews.find(key)
        if job is None or job.status in RETRIED:
            job = await start(live, key, host)
        return answer(job, 200 if job.status == "done" else 202)

    async def start(live: LiveTable, key: Key, host: str) -> ReviewJob:
        """The review ``key`` computed for ``host`` from now on, if there is room: on this
        process (503, nothing counted: the client is not at fault), among its client's
        reviews at once (429; the hold taken is given back when the computation ends) and
        in its client's rate (429). A request that came in during the awaits and started
        the same review meanwhile is joined instead, its hold given back."""
        reviews.make_room()
        await limits.off_loop(limits.review_started, host)
        started = False
        try:
            await limits.off_loop(limits.new_review, host)
            # (``ask`` makes room again: the awaits let other requests start reviews)
            job, started = reviews.ask(live, key[1], client_key(host),
                                       partial(limits.off_loop, limits.review_ended, host))
        finally:
            if not started:
                await limits.off_loop(limits.review_ended, host)
        return job

    @app.get(path)
    async def get_review(table_id: str, seat: str, request: Request) -> Response:
        """The review as it stands: its progress while it is made, the review once done
        (404 ``no-review`` if nobody asked for it, here or, once done, on any process)."""
        await limits.off_loop(limits.replay_read, client_of(request))
        _, key = await reviewed(table_id, seat)
        job = await reviews.find(key)
        if job is None:
            raise ServerError(404, "no-review", "nobody asked for this review yet; POST to "
                              "the same address starts it")
        return answer(job)

    @app.delete(path)
    async def cancel_review(table_id: str, seat: str, request: Request) -> Response:
        """Cancel the review being made (status ``cancelled``; nothing is stored). A review
        ended already is answered as it stands."""
        await limits.off_loop(limits.replay_read, client_of(request))
        _, key = await reviewed(table_id, seat)
        job = reviews.cancel(key) or await reviews.find(key)
        if job is None:
            raise ServerError(404, "no-review", "no review of this seat is being made or "
                              "kept")
        return answer(job)
