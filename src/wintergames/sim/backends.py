"""Where an arena's games run: worker processes on this machine, or a Ray cluster.

Both take the same jobs and hand back each outcome as its game ends (in the order games
end, not their index order); ``close`` stops what has not started, so an interrupted run
loses only the games in progress.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from wintergames.core.errors import InvalidOptionError
from wintergames.sim.jobs import Job, Outcome, play

BACKENDS = ("local", "ray")


class Backend(Protocol):
    name: str

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]: ...

    def close(self) -> None: ...


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


class LocalPool:
    """Worker processes on this machine (``workers`` 1 plays in this process)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        if self.workers < 1:
            raise InvalidOptionError(f"--workers is at least 1, not {self.workers}")
        self._pool: ProcessPoolExecutor | None = None

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        if self.workers == 1:
            for job in jobs:
                yield play(job)
            return
        self._pool = ProcessPoolExecutor(self.workers)
        # A few jobs per worker in flight, not all: stopping then drops little queued work.
        pending = iter(jobs)
        running: set[Future[Outcome]] = set()
        for job in pending:
            running.add(self._pool.submit(play, job))
            if len(running) >= 2 * self.workers:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                following = next(pending, None)
                if following is not None:
                    running.add(self._pool.submit(play, following))
                yield future.result()
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class RayBackend:
    """The same jobs as Ray tasks: ``address`` is ``auto`` (a running cluster), a
    ``ray://host:port`` client address, or None for a Ray started on this machine."""

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise InvalidOptionError(
                "--backend ray needs Ray: pip install 'wintergames[cluster]'") from None
        self._ray: Any = ray
        if not ray.is_initialized():
            extra: dict[str, Any] = {} if address else {"num_cpus": workers}
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     ignore_reinit_error=True, **extra)
        self._task = ray.remote(play_all)
        self._running: list[Any] = []

    def run(self, jobs: Sequence[Job]) -> Iterator[Outcome]:
        ray = self._ray
        # Ray schedules the tasks over the cluster's cores; a bounded window keeps an
        # interrupted run from leaving thousands of queued tasks behind. A Ray task costs
        # about a millisecond to schedule, as much as a short game: games are sent in
        # batches sized, once the first games are back, to take about TASK_SECONDS each.
        window = max(4, 2 * int(ray.cluster_resources().get("CPU", 1)))
        pending = iter(jobs)
        batch, seconds, games = 1, 0.0, 0
        self._running = [self._task.remote([job]) for job in _take(pending, window)]
        while self._running:
            ready, self._running = ray.wait(self._running, num_returns=1)
            outcomes = ray.get(ready[0])
            games += len(outcomes)
            seconds += sum(o.seconds for o in outcomes)
            if games:
                per_game = max(seconds / games, 1e-6)
                batch = max(1, min(MAX_BATCH, round(TASK_SECONDS / per_game)))
            more = _take(pending, batch)
            if more:
                self._running.append(self._task.remote(more))
            yield from outcomes

    def close(self) -> None:
        for ref in self._running:
            self._ray.cancel(ref)
        self._running = []


TASK_SECONDS = 0.5  # what one Ray task should take at least, in games played
MAX_BATCH = 64  # at most this many games a task: an interrupted run loses little


def play_all(jobs: Sequence[Job]) -> list[Outcome]:
    """Several jobs in one task, in order."""
    return [play(job) for job in jobs]


def _take(jobs: Iterator[Job], count: int) -> list[Job]:
    return [job for _, job in zip(range(count), jobs, strict=False)]


def backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (``local`` or ``ray``)."""
    if name == "local":
        if address is not None:
            raise InvalidOptionError("--address is for --backend ray")
        return LocalPool(workers)
    if name == "ray":
        return RayBackend(address, workers)
    raise InvalidOptionError(f"no backend {name!r}; backends: {', '.join(BACKENDS)}")
