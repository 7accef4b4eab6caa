"""Worker processes for the server's heavy work: bot searches and replays.

The event loop answers every person; it must never wait for a computation that takes
seconds. Threads would not do: a search holds the interpreter lock as long as it runs,
so one bot-only table of searching bots took the server from 170 actions/s to 12. Heavy
work therefore runs in processes of its own, each at a lower CPU priority than the
server (``nice``), so the kernel gives the event loop its core first.

Each ``Lane`` is a set of worker processes and a queue. Clients take turns in a lane
(round robin, one job each per round), so a client with many tables waits as long as a
client with one; a client running ``share`` jobs yields a free worker to any other
client waiting. A job that overruns its limit kills its worker (a fresh one starts), so
a computation that never ends holds no place.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

logger = logging.getLogger(__name__)

# Workers are forked from a fork server: a process started once, single-threaded, with
# the modules the jobs need already imported, so a new worker costs a fork, not an
# interpreter importing the game engine (half a second). Never a plain fork of the
# server: it has threads (a database pool, listeners), and a child could inherit a lock
# some thread held at that instant.
_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload([
    "wintergames.server.live", "wintergames.server.replays", "wintergames.server.reviews"])


def start_fork_server() -> None:
    """Start the fork server now (it imports the engine: half a second), so the first
    worker is not made to wait for it on the event loop. Idempotent; blocking."""
    forkserver.ensure_running()


class WorkerLostError(RuntimeError):
    """A worker process died (or was killed) before it answered."""


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    client: str
    limit: float | None  # seconds it may run once started; None: no limit
    future: asyncio.Future[Any]
    queued: float = field(default_factory=time.monotonic)


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    ready: bool = False  # its interpreter has started and waits for work
    job: _Job | None = None
    timer: asyncio.TimerHandle | None = None


class Lane:
    """``size`` worker processes at niceness ``nice``, serving clients in turn.

    Workers start on first use and live until ``close``. Every method runs on the event
    loop that made the lane's first job.
    """

    def __init__(self, name: str, size: int, nice: int = 0, share: int | None = None) -> None:
        self.name, self.size, self.nice = name, size, nice
        # At most this many of one client's jobs run while another client waits.
        self.share = share if share is not None else max(1, (size + 1) // 2)
        self.waiting: OrderedDict[str, deque[_Job]] = OrderedDict()
        self.running: Counter[str] = Counter()
        self.workers: list[_Worker] = []
        self.started = 0  # worker processes started, replacements included
        self._loop: asyncio.AbstractEventLoop | None = None

    async def run(self, client: str, fn: Callable[..., Any], *args: Any,
                  limit: float | None = None) -> Any:
        """``fn(*args)`` in a worker, when ``client``'s turn comes: its result, or the
        exception it raised; ``TimeoutError`` if it ran over ``limit`` seconds (counted
        from when it started), ``WorkerLostError`` if its worker died.

        ``fn`` and its arguments travel by pickle, so ``fn`` is a module-level function.
        """
        loop = asyncio.get_running_loop()
        if self._loop is None:
            self._loop = loop
        job = _Job(fn, args, client, limit, loop.create_future())
        self.waiting.setdefault(client, deque()).append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            self._forget(job)
            raise

    def pending(self) -> int:
        """Jobs waiting for a worker."""
        return sum(len(jobs) for jobs in self.waiting.values())

    def close(self) -> None:
        """Stop every worker; jobs still waiting or running are cancelled (the server is
        stopping: nobody is left to want their results, and nothing failed)."""
        for worker in list(self.workers):
            job = worker.job
            self._retire(worker, None)
            if job is not None:
                job.future.cancel()
        for jobs in self.waiting.values():
            for job in jobs:
                job.future.cancel()
        self.waiting.clear()

    # -- scheduling ---------------------------------------------------------------------

    def _next_job(self) -> _Job | None:
        """The job of the first client in turn that is under its share (or, when every
        waiting client is at its share, of the first in turn); that client goes last."""
        if not self.waiting:
            return None
        client = next((c for c in self.waiting if self.running[c] < self.share),
                      next(iter(self.waiting)))
        jobs = self.waiting[client]
        job = jobs.popleft()
        del self.waiting[client]
        if jobs:
            self.waiting[client] = jobs  # to the back of the round
        return job

    def _dispatch(self) -> None:
        idle = [w for w in self.workers if w.ready and w.job is None]
        starting = sum(1 for w in self.workers if not w.ready)
        for worker in idle:
            job = self._next_job()
            if job is None:
                return
            self._start(worker, job)
        # more work than workers ready or starting: start another, up to the lane's size
        while self.pending() > starting and len(self.workers) < self.size:
            self._spawn()
            starting += 1

    def _start(self, worker: _Worker, job: _Job) -> None:
        try:
            worker.conn.send_bytes(pickle.dumps((job.fn, job.args), pickle.HIGHEST_PROTOCOL))
        except Exception as err:  # noqa: BLE001 - an unpicklable job fails alone
            if isinstance(err, OSError):
                self._retire(worker, WorkerLostError(f"a {self.name} worker was lost"))
            job.future.set_exception(err)
            self._dispatch()
            return
        worker.job = job
        self.running[job.client] += 1
        if job.limit is not None:
            assert self._loop is not None
            worker.timer = self._loop.call_later(job.limit, self._overran, worker)

    def _forget(self, job: _Job) -> None:
        """A job whose caller stopped waiting: out of the queue, or its worker retired."""
        jobs = self.waiting.get(job.client)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del self.waiting[job.client]
            return
        for worker in self.workers:
            if worker.job is job:
                self._retire(worker, None)
                self._dispatch()

    # -- processes ----------------------------------------------------------------------

    def _spawn(self) -> None:
        assert self._loop is not None
        ours, theirs = _CONTEXT.Pipe()
        process = _CONTEXT.Process(target=serve, args=(theirs, self.nice), daemon=True,
                                   name=f"wg-{self.name}")
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self.workers.append(worker)
        self.started += 1
        # A thread waits on the pipe (releasing the interpreter while it waits) and hands
        # each answer to the loop: any event loop, uvloop's included, can take it so.
        threading.Thread(target=self._listen, args=(worker, self._loop), daemon=True,
                         name=f"wg-{self.name}-listen").start()

    def _listen(self, worker: _Worker, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                message = worker.conn.recv()
            except (EOFError, OSError):
                message = ("lost", None)
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                loop.call_soon_threadsafe(self._received, worker, message)
            if message[0] == "lost":
                worker.conn.close()
                return

    def _received(self, worker: _Worker, message: tuple[str, Any]) -> None:
        kind, value = message
        if worker not in self.workers:
            return  # retired meanwhile: its answer is nobody's now
        if kind == "lost":
            logger.warning("a %s worker process died (exit code %s); another starts",
                           self.name, worker.process.exitcode)
            self._retire(worker, WorkerLostError(f"a {self.name} worker process died"))
            self._dispatch()
            return
        if kind == "ready":
            worker.ready = True
        else:
            job = self._finish(worker)
            if job is not None and not job.future.done():
                if kind == "ok":
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
        self._dispatch()

    def _finish(self, worker: _Worker) -> _Job | None:
        job, worker.job = worker.job, None
        if worker.timer is not None:
            worker.timer.cancel()
            worker.timer = None
        if job is not None:
            self.running[job.client] -= 1
            if self.running[job.client] <= 0:
                del self.running[job.client]
        return job

    def _overran(self, worker: _Worker) -> None:
        job = worker.job
        limit = None if job is None else job.limit
        logger.warning("a %s job ran over its %s s; its worker is replaced", self.name, limit)
        self._retire(worker, TimeoutError(f"the job ran over its {limit} s"))
        self._dispatch()

    def _retire(self, worker: _Worker, error: BaseException | None) -> None:
        """Stop ``worker`` for good: its job (if any) fails with ``error``."""
        job = self._finish(worker)
        if job is not None and error is not None and not job.future.done():
            job.future.set_exception(error)
        if worker in self.workers:
            self.workers.remove(worker)
        worker.process.kill()  # its listening thread then reads the end of the pipe
        worker.process.join(timeout=1)


def serve(conn: Connection, nice: int) -> None:
    """A worker process: run each job it is sent, answer its result (or its exception),
    until the server closes the pipe."""
    if nice:
        os.nice(nice)
    conn.send(("ready", None))
    while True:
        try:
            fn, args = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", fn(*args))
        except Exception as err:  # noqa: BLE001 - handed back to the awaiting coroutine
            answer = ("error", err)
        try:
            conn.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as err:
            conn.send(("error", RuntimeError(f"a worker's answer would not pickle: {err}")))
