"""Game reviews on the server (issue 43): asked for once a game is over, computed in the
background workers part by part, stored once, cancelled on request, and limited."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

import wintergames as wg
from wintergames.analysis import Budget, choice_steps, judge_steps, review
from wintergames.core.errors import InvalidOptionError
from wintergames.server.app import create_app
from wintergames.server.live import ServerError
from wintergames.server.quotas import ClientLimits
from wintergames.server.reviews import (
    CHUNK_FLOOR,
    OverBudgetError,
    Reviews,
    review_text,
    spend,
)
from wintergames.server.settings import ServerSettings
from wintergames.server.store import Store
from wintergames.server.workers import Lane

from .test_afterwards import bots_finish, store_of
from .test_api import new_table, run_coroutine, wait_until

ITERATIONS = 10  # the review budget of these tests: a search per decision, kept tiny
ENDED = ("done", "cancelled", "failed")


def app(url: str, **settings: Any) -> TestClient:
    """A server with a tiny review budget; these tests poll reviews far faster than a
    page does, so replay reads are not limited unless a test says so."""
    settings = {"review_iterations": ITERATIONS, "replay_reads_per_minute": 100_000} | settings
    return TestClient(create_app(url, **settings))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app(f"sqlite:///{tmp_path / 'wg.db'}") as c:
        yield c


def reviews_of(client: TestClient) -> Reviews:
    reviews: Reviews = client.app.state.reviews  # type: ignore[attr-defined]
    return reviews


def finished_game(client: TestClient, seed: int = 5) -> str:
    """A finished two-seat Winter Queen game of random bots (some 20 decisions a seat)."""
    return str(bots_finish(client, "winter-queen", ["random", "random"], seed=seed)["table"])


def url(table_id: str, seat: int | str) -> str:
    return f"/api/tables/{table_id}/reviews/{seat}"


def ask(client: TestClient, table_id: str, seat: int | str, **body: Any) -> Any:
    return client.post(url(table_id, seat), json=body or None)


def status(client: TestClient, table_id: str, seat: int) -> dict[str, Any]:
    response = client.get(url(table_id, seat))
    assert response.status_code == 200, response.text
    return dict(response.json())


def ended(client: TestClient, table_id: str, seat: int) -> dict[str, Any]:
    return wait_until(lambda: status(client, table_id, seat), lambda s: s["status"] in ENDED)


def record_of(client: TestClient, table_id: str) -> dict[str, Any]:
    body = dict(client.get(f"/api/tables/{table_id}/record").json())
    del body["seats"]
    return body


def error_code(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


class Gate:
    """Holds every part that judges decisions until the test lets it through (one part per
    ``release``), and notes each part sent to the workers: (function, decisions, limit).

    The held parts wait on the server's loop (a short sleep at a time), never on a thread:
    a cancel ends them at once, and a test ending with parts held leaves nothing behind."""

    def __init__(self, reviews: Reviews) -> None:
        self.real = reviews.run
        self.parts: list[tuple[str, int, float]] = []
        self.allowed = 0  # parts let through so far (only the test's thread adds to it)
        self.taken = 0  # parts that went through (only the server's loop adds to it)
        reviews.run = self.run

    async def run(self, client: str, fn: Any, cpu_left: float, work: Any, *args: Any,
                  limit: float) -> Any:
        if work is judge_steps:
            while self.taken >= self.allowed:
                await asyncio.sleep(0.005)
            self.taken += 1
        self.parts.append((work.__name__, len(args[2]) if work is judge_steps else 0, limit))
        return await self.real(client, fn, cpu_left, work, *args, limit=limit)

    def release(self, parts: int = 1) -> None:
        self.allowed += parts

    def judged(self) -> list[tuple[str, int, float]]:
        return [part for part in self.parts if part[0] == "judge_steps"]


# -- who may ask, and when ------------------------------------------------------------------


def test_a_review_opens_only_once_the_game_is_over(client: TestClient) -> None:
    going = new_table(client, "winter-queen", ["human", "random"], seed=None)["table"]
    for method in ("post", "get", "delete"):
        response = client.request(method.upper(), url(going, 0))
        assert error_code(response) == (409, "not-over")
        assert "a review opens when the game is over" in response.json()["error"]["message"]
    assert error_code(client.get(url("no-such-table", 0))) == (404, "no-table")


@pytest.mark.parametrize("seat", ["7", "2", "x", "-1", "01", "1.0", " 1", "١"])
def test_a_seat_not_of_the_table_is_refused_naming_the_range(client: TestClient,
                                                              seat: str) -> None:
    table_id = finished_game(client)
    for method in ("POST", "GET", "DELETE"):
        response = client.request(method, url(table_id, seat))
        assert error_code(response) == (400, "bad-seat")
        assert "0..1" in response.json()["error"]["message"]


def test_anyone_with_the_tables_id_may_ask_and_a_wrong_secret_is_refused(
        client: TestClient) -> None:
    table = bots_finish(client, "winter-queen", ["random", "random"], seed=5)
    table_id = table["table"]
    assert error_code(client.get(url(table_id, 0))) == (404, "no-review")  # nobody asked
    assert error_code(client.delete(url(table_id, 0))) == (404, "no-review")
    assert error_code(ask(client, table_id, 0, secret="not-a-secret")) == (403, "bad-secret")
    assert ask(client, table_id, 0, secret=table["spectator_secret"]).status_code == 202
    assert ask(client, table_id, 1).status_code == 202  # no body at all: no secret needed
    assert error_code(ask(client, table_id, 1, budget={"iterations": 20000})) == (
        422, "invalid-request")  # the budget is the server's


# -- computing ------------------------------------------------------------------------------


def test_progress_goes_from_nothing_to_every_decision_one_part_at_a_time(
        client: TestClient) -> None:
    table_id = finished_game(client)
    reviews = reviews_of(client)
    reviews.chunk_seconds = 1e-9  # every part judges one decision
    gate = Gate(reviews)
    first = ask(client, table_id, 1)
    assert first.status_code == 202
    assert first.json() | {"table": None} == {"table": None, "seat": 1, "status": "queued",
                                              "done": 0, "total": 0, "message": None,
                                              "review": None}
    total = len(choice_steps(record_of(client, table_id), 1))
    seen = [wait_until(lambda: status(client, table_id, 1),
                       lambda s: s["status"] == "running")]
    assert (seen[0]["done"], seen[0]["total"]) == (0, total)
    for done in range(1, total + 1):
        gate.release()
        seen.append(wait_until(lambda: status(client, table_id, 1),
                               lambda s, done=done: s["done"] == done))  # type: ignore[misc]
    final = ended(client, table_id, 1)
    assert final["status"] == "done" and final["done"] == final["total"] == total
    assert [s["done"] for s in seen] == list(range(total + 1))
    assert all(s["total"] == total and s["review"] is None for s in seen[:-1])
    assert [n for _, n, _ in gate.judged()] == [1] * total


def test_the_parts_add_up_to_the_review_made_in_one_go(client: TestClient) -> None:
    table_id = finished_game(client, seed=7)
    reviews = reviews_of(client)
    reviews.chunk_seconds = 0.02  # parts of a few decisions, whatever this machine's pace
    gate = Gate(reviews)
    gate.release(1000)
    for seat in (0, 1):
        assert ask(client, table_id, seat).status_code == 202
    record = record_of(client, table_id)
    for seat in (0, 1):
        served = ended(client, table_id, seat)
        assert served["status"] == "done", served["message"]
        direct = review(record, seat, Budget(iterations=ITERATIONS)).to_json()
        assert served["review"]["seconds"] > 0
        assert served["review"] | {"seconds": 0} == direct | {"seconds": 0}
        assert served["total"] == len(direct["decisions"])
    assert len(gate.judged()) > 2  # cut into parts indeed
    budget, _ = store_of(client).review(table_id, 0) or ({}, b"")
    assert budget == Budget(iterations=ITERATIONS).to_json()


def test_a_review_is_computed_once_and_requests_at_once_share_it(client: TestClient) -> None:
    table_id = finished_game(client)
    reviews = reviews_of(client)
    gate = Gate(reviews)
    assert ask(client, table_id, 0).status_code == 202
    again = [ask(client, table_id, 0) for _ in range(3)]  # while the first is held
    assert [r.status_code for r in again] == [202] * 3
    wait_until(lambda: reviews.computed, lambda n: n >= 1)
    gate.release(1000)
    done = ended(client, table_id, 0)
    asked_again = ask(client, table_id, 0)
    assert asked_again.status_code == 200 and asked_again.json() == done
    assert reviews.computed == 1
    judged = sum(n for _, n, _ in gate.judged())
    assert judged == done["total"]  # every decision judged once, by one computation


def test_a_stored_review_is_served_after_a_restart_without_computing_it(
        database_url: str) -> None:
    with app(database_url) as first:
        table_id = finished_game(first)
        assert ask(first, table_id, 1).status_code == 202
        done = ended(first, table_id, 1)
        assert done["status"] == "done" and reviews_of(first).computed == 1
    with app(database_url) as second:
        assert status(second, table_id, 1) == done  # from storage
        asked = ask(second, table_id, 1)
        assert asked.status_code == 200 and asked.json() == done
        assert reviews_of(second).computed == 0
        assert error_code(second.get(url(table_id, 0))) == (404, "no-review")


def test_a_second_process_stops_computing_once_the_review_is_stored(postgres_url: str) -> None:
    with app(postgres_url) as a, app(postgres_url) as b:
        table_id = finished_game(a)
        reviews_of(b).chunk_seconds = 1e-9
        gate = Gate(reviews_of(b))
        assert ask(b, table_id, 0).status_code == 202  # b cannot see a's computation
        wait_until(lambda: status(b, table_id, 0), lambda s: s["status"] == "running")
        assert ask(a, table_id, 0).status_code == 202
        from_a = ended(a, table_id, 0)
        gate.release(1000)
        from_b = ended(b, table_id, 0)
        assert from_b == from_a  # a's stored review, not b's own
        assert len(gate.judged()) == 1 < from_a["total"]  # b stopped after one more part


# -- cancelling ------------------------------------------------------------------------------


def test_cancel_stops_a_review_keeps_nothing_and_asking_again_starts_afresh(
        client: TestClient) -> None:
    table_id = finished_game(client)
    reviews = reviews_of(client)
    reviews.chunk_seconds = 1e-9
    gate = Gate(reviews)
    assert ask(client, table_id, 0).status_code == 202
    gate.release()
    wait_until(lambda: status(client, table_id, 0), lambda s: s["done"] == 1)
    cancelled = client.delete(url(table_id, 0))
    assert cancelled.status_code == 200
    assert cancelled.json()["status"] == "cancelled" and cancelled.json()["review"] is None
    job = reviews.known((table_id, 0))
    assert job is not None and job.task is not None
    wait_until(lambda: job.task is not None and job.task.done(), bool)
    assert len(gate.judged()) == 1  # the part held when it was cancelled was never sent
    assert status(client, table_id, 0)["status"] == "cancelled"
    assert client.delete(url(table_id, 0)).json()["status"] == "cancelled"  # no harm twice
    assert store_of(client).review(table_id, 0) is None
    gate.release(1000)
    assert ask(client, table_id, 0).status_code == 202  # afresh
    wait_until(lambda: reviews.computed, lambda n: n == 2)
    done = ended(client, table_id, 0)
    assert done["status"] == "done" and store_of(client).review(table_id, 0) is not None
    assert client.delete(url(table_id, 0)).json() == done  # a review done stays


def test_a_review_cancelled_before_its_task_began_gives_its_room_back(tmp_path: Path) -> None:
    """A task cancelled before its first step never runs its coroutine's body: the room the
    review took (this process's count, its client's hold) comes back all the same."""
    store = Store(f"sqlite:///{tmp_path / 'wg.db'}")

    async def cancelled_at_once() -> tuple[int, list[str], str]:
        async def no_part(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError("no part is sent")

        reviews = Reviews(store, no_part, ServerSettings(reviews_running=1))
        given_back: list[str] = []

        async def ended() -> None:
            given_back.append("hold")

        live: Any = SimpleNamespace(id="t", lock=threading.Lock(),
                                    state=SimpleNamespace(record=dict))
        job, started = reviews.ask(live, 0, "a", ended)
        assert started and reviews.running == 1
        with pytest.raises(ServerError, match="computing 1 game reviews"):
            reviews.ask(live, 1, "a")  # no room on this process
        reviews.cancel(("t", 0))  # in the same step of the loop: the task never began
        await asyncio.sleep(0.05)
        assert job.task is not None and job.task.cancelled()
        return reviews.running, given_back, job.status

    try:
        assert run_coroutine(cancelled_at_once()) == (0, ["hold"], "cancelled")
    finally:
        store.engine.dispose()


def test_cancelling_a_part_that_runs_stops_its_worker(client: TestClient) -> None:
    table_id = finished_game(client)
    lane = client.app.state.hub.background  # type: ignore[attr-defined]
    reviews = reviews_of(client)
    real = reviews.run

    async def slow(client_key: str, fn: Any, cpu_left: float, work: Any, *args: Any,
                   limit: float) -> Any:
        if work is judge_steps:  # a part that would take a minute
            return await real(client_key, time.sleep, 60.0, limit=limit)
        return await real(client_key, fn, cpu_left, work, *args, limit=limit)

    reviews.run = slow
    assert ask(client, table_id, 0).status_code == 202
    sleeping = wait_until(lambda: [w for w in lane.workers
                                   if w.job is not None and w.job.fn is time.sleep], bool)[0]
    assert client.delete(url(table_id, 0)).json()["status"] == "cancelled"
    wait_until(lambda: sleeping.process.is_alive(), lambda alive: not alive)
    assert sleeping not in lane.workers


# -- budgets and limits ------------------------------------------------------------------


def test_a_review_over_its_cpu_seconds_fails_naming_the_setting(tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", review_cpu_seconds=0.05) as client:
        reviews_of(client).budget = Budget(iterations=400)  # too much for 0.05 s
        table_id = finished_game(client)
        assert ask(client, table_id, 0).status_code == 202
        failed = ended(client, table_id, 0)
        assert failed["status"] == "failed" and failed["review"] is None
        assert "review_cpu_seconds" in failed["message"] and "0.05" in failed["message"]
        assert store_of(client).review(table_id, 0) is None
        assert ask(client, table_id, 0).status_code == 202  # asked again: tried again


def test_the_cpu_seconds_of_the_parts_add_up_and_the_part_over_them_counts_for_nothing(
        client: TestClient) -> None:
    table_id = finished_game(client)
    reviews = reviews_of(client)
    real = reviews.run

    async def costly(client_key: str, fn: Any, cpu_left: float, work: Any, *args: Any,
                     limit: float) -> Any:
        part = await real(client_key, fn, cpu_left, work, *args, limit=limit)
        return part._replace(cpu=0.4 * reviews.cpu_seconds if work is judge_steps else 0.0)

    reviews.run = costly
    assert ask(client, table_id, 0).status_code == 202
    failed = ended(client, table_id, 0)
    # 40 % of the budget, then 80 %, then 120 %: the third part's decision is not counted
    assert failed["status"] == "failed" and failed["done"] == 2
    assert failed["message"].startswith(f"the review stopped after 2 of {failed['total']} ")
    assert "600 CPU seconds a review may (server setting review_cpu_seconds)" in \
        failed["message"]


def test_every_part_has_a_lane_limit_and_one_that_overruns_it_fails_the_review(
        client: TestClient) -> None:
    table_id = finished_game(client)
    reviews = reviews_of(client)
    gate = Gate(reviews)
    gate.release(1000)
    assert ask(client, table_id, 0).status_code == 202
    assert ended(client, table_id, 0)["status"] == "done"
    limits = [limit for _, _, limit in gate.parts]
    budget = client.app.state.hub.settings.review_cpu_seconds  # type: ignore[attr-defined]
    assert all(0 < limit <= CHUNK_FLOOR + budget for limit in limits)
    # once a part's cost is known, a runaway one is stopped long before the whole budget
    # (20 times a part of about a second, however slow a loaded machine makes that second)
    assert max(limit for _, _, limit in gate.judged()[1:]) < CHUNK_FLOOR + budget / 4

    async def tight(client_key: str, fn: Any, cpu_left: float, work: Any, *args: Any,
                    limit: float) -> Any:
        if work is judge_steps:
            return await gate.real(client_key, time.sleep, 5.0, limit=0.2)
        return await gate.real(client_key, fn, cpu_left, work, *args, limit=limit)

    reviews.run = tight
    assert ask(client, table_id, 1).status_code == 202
    failed = ended(client, table_id, 1)
    assert failed["status"] == "failed" and "ran over" in failed["message"]


def test_new_reviews_are_limited_per_client_and_reading_one_is_not_new(
        tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", reviews_per_minute=2,
             reviews_at_once=10) as client:
        Gate(reviews_of(client))  # nothing is judged: every review stays running
        first, second = finished_game(client, seed=5), finished_game(client, seed=6)
        assert ask(client, first, 0).status_code == 202
        assert ask(client, first, 1).status_code == 202
        for _ in range(3):  # the same reviews again: reads, not new ones
            assert ask(client, first, 0).status_code == 202
        refused = ask(client, second, 0)
        assert error_code(refused) == (429, "too-many-reviews")
        assert refused.headers["retry-after"]
        assert "2 game reviews a minute" in refused.json()["error"]["message"]


def test_every_request_about_a_review_counts_as_reading_a_replay(tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", replay_reads_per_minute=4) as client:
        Gate(reviews_of(client))
        table_id = finished_game(client)
        assert ask(client, table_id, 0).status_code == 202  # a new one is a read too
        for _ in range(3):
            assert client.get(url(table_id, 0)).status_code == 200
        assert error_code(client.get(url(table_id, 0))) == (429, "too-many-reads")
        assert error_code(ask(client, table_id, 1)) == (429, "too-many-reads")
        assert reviews_of(client).known((table_id, 1)) is None  # nothing started


def test_a_refused_request_counts_as_a_read_before_the_table_is_loaded(
        tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", replay_reads_per_minute=4) as client:
        table_id = finished_game(client)
        going = new_table(client, "winter-queen", ["human", "random"], seed=None)["table"]
        assert error_code(ask(client, table_id, 7)) == (400, "bad-seat")
        assert error_code(ask(client, going, 0)) == (409, "not-over")
        assert error_code(ask(client, "no-such-table", 0)) == (404, "no-table")
        assert error_code(ask(client, table_id, 0, secret="wrong")) == (403, "bad-secret")
        for refused in (ask(client, table_id, 7), ask(client, going, 0), ask(client, table_id, 0)):
            assert error_code(refused) == (429, "too-many-reads")
        assert reviews_of(client).computed == 0


def test_a_clients_reviews_computed_at_once_are_limited(tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", reviews_at_once=2,
             reviews_per_minute=3) as client:
        reviews = reviews_of(client)
        gate = Gate(reviews)  # nothing is judged until the test says so
        first, second = finished_game(client, seed=5), finished_game(client, seed=6)
        assert ask(client, first, 0).status_code == 202
        assert ask(client, first, 1).status_code == 202
        for _ in range(2):  # refused before the rate counts them
            refused = ask(client, second, 0)
            assert error_code(refused) == (429, "too-many-reviews")
            message = refused.json()["error"]["message"]
            assert "2 game reviews computed at once" in message and "reviews_at_once" in message
        assert reviews.known((second, 0)) is None
        assert ask(client, first, 0).status_code == 202  # joining one is no new one
        assert status(client, first, 1)["status"] == "queued"  # nor is reading one
        assert client.delete(url(first, 0)).json()["status"] == "cancelled"
        cancelled = reviews.known((first, 0))
        assert cancelled is not None and cancelled.task is not None
        wait_until(lambda: cancelled.task is not None and cancelled.task.done(), bool)
        assert ask(client, second, 0).status_code == 202  # the rate's third, not its fifth
        assert error_code(ask(client, second, 1)) == (429, "too-many-reviews")
        gate.release(1000)
        assert ended(client, first, 1)["status"] == "done"
        wait_until(lambda: reviews.running, lambda n: n <= 1)
        refused = ask(client, second, 1)  # room at once again: now the rate refuses
        assert "3 game reviews a minute" in refused.json()["error"]["message"]


def test_the_reviews_computed_at_once_on_a_process_are_limited(tmp_path: Path) -> None:
    with app(f"sqlite:///{tmp_path / 'wg.db'}", reviews_running=2,
             reviews_at_once=10) as client:
        reviews = reviews_of(client)
        gate = Gate(reviews)
        first, second = finished_game(client, seed=5), finished_game(client, seed=6)
        assert ask(client, first, 0).status_code == 202
        assert ask(client, first, 1).status_code == 202
        refused = ask(client, second, 0)
        assert error_code(refused) == (503, "reviews-busy")
        assert refused.headers["retry-after"] == "60"
        assert "computing 2 game reviews" in refused.json()["error"]["message"]
        assert "reviews_running" in refused.json()["error"]["message"]
        assert ask(client, first, 1).status_code == 202  # joining one is still fine
        gate.release(1000)
        assert ended(client, first, 0)["status"] == "done"
        wait_until(lambda: reviews.running, lambda n: n < 2)
        assert ask(client, second, 0).status_code == 202
        assert ended(client, second, 0)["status"] == "done"


def test_a_clients_reviews_at_once_count_on_every_process_of_a_database(
        postgres_url: str) -> None:
    stores = [Store(postgres_url), Store(postgres_url)]
    try:
        one, two = (ClientLimits(ServerSettings(reviews_at_once=2), s) for s in stores)
        one.review_started("203.0.113.7")
        two.review_started("203.0.113.7")
        for limits in (one, two):
            with pytest.raises(ServerError, match="2 game reviews computed at once"):
                limits.review_started("203.0.113.7")
        two.review_started("198.51.100.9")  # another client has room of its own
        one.review_ended("203.0.113.7")
        two.review_started("203.0.113.7")
    finally:
        for store in stores:
            store.engine.dispose()


# -- in the worker -----------------------------------------------------------------------


def burn(seconds: float) -> str:
    """Spin for ``seconds`` of CPU, swallowing every ``Exception`` as careless code may."""
    started = time.process_time()
    while time.process_time() - started < seconds:
        try:
            sum(range(1000))
        except Exception:  # noqa: BLE001 - what the CPU budget must get through
            return "swallowed"
    return "finished"


def test_the_cpu_budget_stops_a_part_in_its_worker_and_leaves_no_timer() -> None:
    before = signal.getsignal(signal.SIGPROF)
    assert spend(5.0, burn, 0.05).result == "finished"
    started = time.process_time()
    with pytest.raises(OverBudgetError):
        spend(0.1, burn, 10.0)
    assert time.process_time() - started < 1.0  # stopped at its budget, not after 10 s
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGPROF) is before
    assert spend(5.0, burn, 0.05).result == "finished"  # the next part runs as usual


def test_a_worker_process_stops_a_part_at_its_cpu_seconds_and_serves_on() -> None:
    async def in_a_worker() -> tuple[float, int, int, str]:
        lane = Lane("test", 1)
        try:
            before = await lane.run("a", os.getpid)
            started = time.monotonic()
            with pytest.raises(OverBudgetError):
                await lane.run("a", spend, 0.2, burn, 30.0, limit=60.0)
            took = time.monotonic() - started
            after = await lane.run("a", os.getpid)
            finished = await lane.run("a", spend, 5.0, burn, 0.01)
            return took, before, after, finished.result
        finally:
            lane.close()

    took, before, after, finished = run_coroutine(in_a_worker())
    assert took < 20.0  # stopped at its 0.2 CPU seconds, not after 30 (nor by the lane)
    assert before == after and finished == "finished"  # the same worker goes on


def test_the_stored_text_is_the_reviews_json() -> None:
    state = wg.make("snow-time", 3, seed=4)
    bots = [wg.bots.make("random", seed=i) for i in range(3)]
    while not state.is_over:
        p = state.to_move[0]
        state.apply(bots[p].choose(state, p), p)
    record, budget = state.record(), Budget(iterations=ITERATIONS)
    steps = choice_steps(record, 2)
    text, body = review_text(record, 2, judge_steps(record, 2, steps, budget), budget, 1.5)
    assert gzip.decompress(body) == text
    assert json.loads(text) == review(record, 2, budget).to_json() | {"seconds": 1.5}


# -- storage ---------------------------------------------------------------------------


def test_a_stored_review_is_never_replaced(database_url: str) -> None:
    with app(database_url) as client:
        table_id = finished_game(client)
    store = Store(database_url)
    try:
        assert store.review(table_id, 0) is None
        assert store.add_review(table_id, 0, {"iterations": 10}, b"first")
        assert not store.add_review(table_id, 0, {"iterations": 20}, b"second")
        assert store.review(table_id, 0) == ({"iterations": 10}, b"first")
        assert store.review(table_id, 1) is None
    finally:
        store.engine.dispose()


def test_the_migration_makes_the_reviews_table(empty_database_url: str) -> None:
    store = Store(empty_database_url)
    try:
        schema = inspect(store.engine)
        columns = {c["name"] for c in schema.get_columns("reviews")}
        assert columns == {"table_id", "seat", "budget", "body", "created_at"}
        assert schema.get_pk_constraint("reviews")["constrained_columns"] == ["table_id", "seat"]
        assert [fk["referred_table"] for fk in schema.get_foreign_keys("reviews")] == [
            "game_tables"]
    finally:
        store.engine.dispose()


def test_the_review_settings_are_checked_naming_what_is_allowed() -> None:
    with pytest.raises(InvalidOptionError, match="review_iterations is a whole number from "
                                                 "10 to 20000; not 5"):
        ServerSettings(review_iterations=5)
    with pytest.raises(InvalidOptionError, match="review_cpu_seconds is a float > 0"):
        ServerSettings().with_text(["review_cpu_seconds=0"])
    assert ServerSettings().with_text(["reviews_per_minute=3"]).reviews_per_minute == 3
    assert (ServerSettings().reviews_at_once, ServerSettings().reviews_running) == (2, 8)
    with pytest.raises(InvalidOptionError, match="reviews_at_once is a int > 0, not 0"):
        ServerSettings(reviews_at_once=0)
