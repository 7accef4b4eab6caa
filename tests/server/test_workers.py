"""The worker processes of the server: searches and replays off the event loop, clients
served in turn, tables with a person first, and a job that overruns stopped."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wintergames.server.app import create_app
from wintergames.server.workers import Lane, WorkerLostError

from . import jobs
from .test_api import new_table, view, wait_until


def in_lane(scenario: Any, size: int = 1, **lane: Any) -> Any:
    """Run ``scenario(lane)`` on a fresh event loop with a fresh lane, closed afterwards."""
    async def run() -> Any:
        workers = Lane("test", size, **lane)
        try:
            return await scenario(workers)
        finally:
            workers.close()
    return asyncio.run(run())


def test_a_job_runs_in_another_process_and_answers_its_result_or_its_error() -> None:
    async def scenario(lane: Lane) -> tuple[int, str]:
        where = await lane.run("a", jobs.pid)
        with pytest.raises(ValueError, match="refused"):
            await lane.run("a", jobs.fail, "refused")
        return where, "ok"

    where, _ = in_lane(scenario)
    assert where != os.getpid()


def test_workers_run_at_a_lower_cpu_priority_than_the_server() -> None:
    async def niceness(lane: Lane) -> int:
        pid = await lane.run("a", jobs.pid)
        return os.getpriority(os.PRIO_PROCESS, pid)

    assert in_lane(niceness, nice=7) == os.getpriority(os.PRIO_PROCESS, 0) + 7


def test_clients_take_turns_however_many_jobs_one_of_them_queued() -> None:
    async def scenario(lane: Lane) -> dict[str, float]:
        busy = asyncio.ensure_future(lane.run("x", jobs.started, 0.5))
        await asyncio.sleep(0.05)
        queued = [asyncio.ensure_future(lane.run("a", jobs.started, 0.0)) for _ in range(3)]
        late = asyncio.ensure_future(lane.run("b", jobs.started, 0.0))
        await busy
        a = await asyncio.gather(*queued)
        return {"a1": a[0], "a2": a[1], "a3": a[2], "b": await late}

    start = in_lane(scenario)
    # b queued after all of a's jobs, yet its turn came after a's first one
    assert start["a1"] < start["b"] < start["a2"] < start["a3"]


def test_the_limit_counts_from_when_a_job_starts_not_while_it_waits() -> None:
    async def scenario(lane: Lane) -> tuple[float, float]:
        first = asyncio.ensure_future(lane.run("x", jobs.started, 1.0))
        await asyncio.sleep(0.05)
        # waits about 1 s for the only worker, then runs 0.3 s of its 0.8 s: counted
        # from when it was asked, it would have run over (TimeoutError)
        second = await lane.run("y", jobs.started, 0.3, limit=0.8)
        return await first, second

    first, second = in_lane(scenario)
    assert second - first >= 0.95  # it did wait for the first job, longer than its limit


def test_a_job_over_its_limit_is_stopped_and_its_worker_replaced() -> None:
    async def scenario(lane: Lane) -> tuple[int, int]:
        with pytest.raises(TimeoutError):
            await lane.run("a", jobs.started, 60.0, limit=0.5)
        after = await lane.run("a", jobs.pid)  # a fresh worker took its place
        return lane.started, after

    started, _ = in_lane(scenario)
    assert started == 2


def test_a_worker_that_dies_fails_its_job_and_the_next_job_gets_a_new_one() -> None:
    async def scenario(lane: Lane) -> int:
        with pytest.raises(WorkerLostError):
            await lane.run("a", jobs.die)
        return await lane.run("a", jobs.pid)

    assert in_lane(scenario) != os.getpid()


def app_client(tmp_path: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                                 seeded_human_tables=True, **settings))


def test_searching_bots_think_in_a_worker_process(tmp_path: Path) -> None:
    with app_client(tmp_path) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        hub.thinker = jobs.think_where
        table = new_table(c, "snow-time", ["greedy", "random", "random"], seed=1)
        wait_until(lambda: view(c, table, None), lambda v: v["version"] >= 3)
        bot = hub.tables[table["table"]].bots[0]
        assert bot.thought_in != os.getpid()


def test_a_persons_bot_moves_while_bot_only_tables_hold_every_background_worker(
        tmp_path: Path) -> None:
    # The starving set-up of issue 40: one worker, three bot-only tables whose searches
    # never end (each is stopped only at budget + grace), then a person's table.
    hang = {"kind": "ismcts", "settings": {"iterations": jobs.HANG}}
    with app_client(tmp_path, bot_workers=1, bot_budget=600.0) as c:
        c.app.state.hub.thinker = jobs.think_or_hang  # type: ignore[attr-defined]
        hogs = [c.post("/api/tables", json={"game": "snow-time", "seed": seed,
                                            "seats": [hang] * 3}).json()
                for seed in (1, 2, 3)]
        mine = new_table(c, "winter-queen", ["ismcts", "human", "random"], seed=4)
        # seat 0 (a searching bot) moves first, and does, though every hog still thinks
        v = wait_until(lambda: view(c, mine, 1), lambda v: v["version"] >= 1)
        assert v["version"] >= 1
        assert all(view(c, hog, None)["version"] == 0 for hog in hogs)


def test_a_lane_answers_on_uvloop_as_the_server_runs_it() -> None:
    # uvicorn runs uvloop, whose add_reader never called back for a worker's pipe: the
    # replays of the browser tests' server failed so
    import uvloop

    async def scenario() -> int:
        lane = Lane("test", 1)
        try:
            return int(await asyncio.wait_for(lane.run("a", jobs.pid), 60))
        finally:
            lane.close()

    assert uvloop.run(scenario()) != os.getpid()


def test_closing_a_lane_cancels_its_jobs_without_an_error() -> None:
    async def scenario() -> list[bool]:
        lane = Lane("test", 1)
        running = asyncio.ensure_future(lane.run("a", jobs.started, 60.0))
        waiting = asyncio.ensure_future(lane.run("b", jobs.started, 0.0))
        await asyncio.sleep(2)  # the worker started and took the first
        lane.close()
        done = await asyncio.gather(running, waiting, return_exceptions=True)
        return [isinstance(d, asyncio.CancelledError) for d in done]

    assert asyncio.run(scenario()) == [True, True]


def test_an_unloaded_table_forgets_its_creator(tmp_path: Path) -> None:
    with app_client(tmp_path, idle_seconds=0.001) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        table = new_table(c, "snow-time", ["human", "random", "random"], seed=1)
        assert table["table"] in hub.creators
        wait_until(lambda: hub.unload_idle(), lambda gone: table["table"] in gone)
        assert table["table"] not in hub.creators
