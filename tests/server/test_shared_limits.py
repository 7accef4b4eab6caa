"""Per-client limits across server processes on one PostgreSQL database (issue 42, item 4).

Two apps made by ``create_app`` on one database stand for two server processes: a client
spreading its requests over both gets no more than the documented limits in all. The
storage's moving window is checked against times worked out by hand, on both databases;
SQLite (one process by design) keeps its limits in memory, as before.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import delete, func, insert, select, text, update
from starlette.websockets import WebSocketDisconnect

from wintergames.server.app import create_app
from wintergames.server.models import GameTable, Hold, RateEntry
from wintergames.server.quotas import ClientLimits, LocalHolds
from wintergames.server.shared_limits import FORGET_AFTER_WINDOWS, DatabaseStorage
from wintergames.server.store import Store

from .test_api import new_table, wait_until
from .test_recovery import socket_url

POSTGRES = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
ADA, BOB, CY = "203.0.113.7", "198.51.100.9", "192.0.2.44"  # three clients' addresses
TABLE = {"game": "snow-time", "seats": [{"kind": "human"}] * 3}


def two_servers(database_url: str, **settings: Any) -> tuple[FastAPI, FastAPI]:
    """Two server processes on one database (their lifespans not started: nothing runs
    in the background, so each test says when a process renews)."""
    return (create_app(database_url, **settings), create_app(database_url, **settings))


def client(app: FastAPI, host: str) -> TestClient:
    """A client at ``host`` talking to one server process."""
    return TestClient(app, client=(host, 5000))


def store_of(app: FastAPI) -> Store:
    store: Store = app.state.hub.store
    return store


def limits_of(app: FastAPI) -> ClientLimits:
    limits: ClientLimits = app.state.limits
    return limits


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code
    return str(error["message"])


def refusal(c: TestClient, url: str) -> tuple[str, int]:
    """The error code a socket is refused with, and its close code."""
    with c.websocket_connect(url) as ws:
        message = ws.receive_json()
        assert message["type"] == "error", message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return message["code"], closed.value.code


@contextmanager
def watching(c: TestClient, url: str) -> Iterator[None]:
    """A socket open (and shown its view) for as long as the block runs."""
    with c.websocket_connect(url) as ws:
        assert ws.receive_json()["type"] == "view"
        yield


def holds(store: Store) -> list[tuple[str, str, str, int]]:
    with store.session() as session:
        return [(h.process, h.scope, h.key, h.count) for h in session.scalars(
            select(Hold).order_by(Hold.process, Hold.scope, Hold.key))]


def run_sql(store: Store, statement: str) -> None:
    with store.engine.begin() as connection:
        connection.execute(text(statement))


# -- rates -------------------------------------------------------------------------------

@POSTGRES
def test_tables_made_through_two_processes_stop_at_the_limit_in_all(database_url: str) -> None:
    a, b = two_servers(database_url, tables_per_minute=3)
    ada_a, ada_b = client(a, ADA), client(b, ADA)
    assert [c.post("/api/tables", json=TABLE).status_code
            for c in (ada_a, ada_b, ada_a)] == [201, 201, 201]
    for c in (ada_b, ada_a):
        refused = c.post("/api/tables", json=TABLE)
        assert "a client may create 3 tables a minute" in error_of(
            refused, 429, "too-many-tables")
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # another client is counted apart, on either process
    assert client(b, BOB).post("/api/tables", json=TABLE).status_code == 201
    assert client(a, BOB).post("/api/tables", json=TABLE).status_code == 201
    with store_of(a).session() as session:
        assert session.scalar(select(func.count()).select_from(GameTable)) == 5


@POSTGRES
def test_chat_rates_of_a_seat_a_table_and_a_client_hold_across_processes(
        database_url: str) -> None:
    a, b = two_servers(database_url, chat_per_minute=4, table_chat_per_minute=3,
                       seat_chat_per_minute=2)
    ada_a, ada_b = client(a, ADA), client(b, ADA)

    def say(c: TestClient, table: dict[str, Any], seat: int, line: str) -> Any:
        return c.post(f"/api/tables/{table['table']}/chat",
                      json={"secret": table["seats"][seat]["secret"], "text": line})

    first, second = new_table(ada_a, "snow-time", ["human"] * 3, seed=None), \
        new_table(ada_b, "snow-time", ["human"] * 3, seed=None)
    assert say(ada_a, first, 0, "one").status_code == say(ada_b, first, 0, "two").status_code \
        == 201
    assert "a seat may send 2 chat messages a minute" in error_of(
        say(ada_a, first, 0, "three"), 429, "too-many-messages")
    assert say(ada_b, first, 1, "three").status_code == 201
    assert "a table takes 3 chat messages a minute" in error_of(
        say(ada_a, first, 2, "four"), 429, "too-many-messages")
    # Ada has sent 3 (the refused ones counted nowhere): one more, through either process
    assert say(ada_b, second, 0, "four").status_code == 201
    busy = say(ada_a, second, 1, "five")
    assert "a client may send 4 chat messages a minute" in error_of(
        busy, 429, "too-many-messages")
    assert 1 <= int(busy.headers["Retry-After"]) <= 60
    assert say(client(a, BOB), second, 1, "from Bob").status_code == 201


def test_the_database_window_takes_what_a_moving_window_takes(database_url: str) -> None:
    """Three a minute: a hit is taken while fewer than three taken hits are at most 60 s
    old (the limits library's moving window), whichever process's storage asks."""
    start = 1_700_000_000.0
    now = [start]
    windows = [MovingWindowRateLimiter(DatabaseStorage(Store(database_url),
                                                       clock=lambda: now[0]))
               for _ in range(2)]  # two processes
    item = RateLimitItemPerMinute(3)
    # seconds after the start, what the window must answer, and why (worked by hand)
    script = [(0, True), (10, True), (20, True),  # three taken: 0, 10, 20
              (30, False), (59.9, False),
              (60, False),  # the hit at 0 is 60 s old: still in the window
              (60.5, True),  # ... and out of it: 10, 20, 60.5
              (70, False), (70.01, True),  # 10 leaves after 70: 20, 60.5, 70.01
              (80.5, True),  # 20 left: 60.5, 70.01, 80.5
              (130, True),  # 60.5 left: 70.01, 80.5, 130
              (200, True)]  # all left: 200
    answers = []
    for index, (at, _) in enumerate(script):
        now[0] = start + at
        answers.append(windows[index % 2].hit(item, "tables", ADA))
    assert answers == [taken for _, taken in script]
    # Bob, full at 30 s: the other process sees his oldest hit leave the window at 60 s
    for at in (0, 10, 20):
        now[0] = start + at
        windows[0].hit(item, "tables", BOB)
    now[0] = start + 30
    stats = windows[1].get_window_stats(item, "tables", BOB)
    assert (stats.reset_time, stats.remaining) == (start + 60, 0)
    assert not windows[1].test(item, "tables", BOB)


def test_the_window_keeps_no_rows_older_than_itself(database_url: str) -> None:
    start = 1_700_000_000.0
    now = [start]
    store = Store(database_url)
    storage = DatabaseStorage(store, clock=lambda: now[0])
    window = MovingWindowRateLimiter(storage)
    item = RateLimitItemPerMinute(3)
    for at in (0, 1, 2):
        now[0] = start + at
        window.hit(item, "tables", ADA)
        window.hit(item, "tables", BOB)
    now[0] = start + 100
    assert window.hit(item, "tables", ADA)  # the key's own old rows go as it is hit

    def rows() -> list[tuple[str, float]]:
        with store.session() as session:
            return [(key.split("/")[2], at) for key, at in session.execute(
                select(RateEntry.key, RateEntry.at).order_by(RateEntry.key, RateEntry.at))]

    assert sorted(rows()) == [(BOB, start + at) for at in (0, 1, 2)] + [(ADA, start + 100)]
    assert storage.sweep() == 3  # Bob's, left alone, go with the sweep of every renewal
    assert rows() == [(ADA, start + 100)]


@POSTGRES
def test_no_two_processes_take_the_last_place_together(database_url: str) -> None:
    stores = [Store(database_url) for _ in range(2)]
    windows = [MovingWindowRateLimiter(DatabaseStorage(store)) for store in stores]
    item = RateLimitItemPerMinute(5)
    start = threading.Barrier(16)

    def hit(window: MovingWindowRateLimiter) -> bool:
        start.wait()
        return window.hit(item, "tables", ADA)

    for _ in range(3):  # three rounds of sixteen racing for five places
        with stores[0].session() as session:
            session.execute(delete(RateEntry))
        with ThreadPoolExecutor(16) as pool:
            assert sum(pool.map(hit, windows * 8)) == 5


# -- holds -------------------------------------------------------------------------------

@POSTGRES
def test_sockets_of_a_client_are_counted_over_both_processes(database_url: str) -> None:
    a, b = two_servers(database_url, max_connections_per_client=2)
    ada_a, ada_b = client(a, ADA), client(b, ADA)
    table = new_table(ada_a, "snow-time", ["human"] * 3, seed=None)
    with watching(ada_a, socket_url(table, 0)):
        with watching(ada_b, socket_url(table, 1)):
            for c in (ada_a, ada_b):
                assert refusal(c, socket_url(table, 2)) == ("too-many-connections", 4429)
            with watching(client(b, BOB), socket_url(table, 2)):  # another client
                pass
        # the socket closed in b frees its place for a
        with watching(ada_a, socket_url(table, 2)):
            assert refusal(ada_b, socket_url(table, 1)) == ("too-many-connections", 4429)
    assert holds(store_of(a)) == []  # a row goes when its count is 0


@POSTGRES
def test_watchers_of_a_table_are_counted_over_both_processes(database_url: str) -> None:
    a, b = two_servers(database_url, max_watchers_per_table=2)
    table = new_table(client(a, ADA), "snow-time", ["human"] * 3, seed=None)
    other = new_table(client(a, ADA), "snow-time", ["human"] * 3, seed=None)
    with watching(client(a, ADA), socket_url(table, None)), \
            watching(client(b, BOB), socket_url(table, 0)):
        for app in (a, b):
            assert refusal(client(app, CY), socket_url(table, 1)) == ("too-many-watchers",
                                                                    4429)
        with watching(client(b, CY), socket_url(other, None)):  # another table
            pass
    with watching(client(b, CY), socket_url(table, 1)):  # both places came free
        pass


@POSTGRES
def test_a_dead_process_stops_counting_and_a_renewing_one_goes_on(database_url: str) -> None:
    seen = 15.0
    a, b = two_servers(database_url, max_connections_per_client=2, process_seen_seconds=seen)
    ada_a, ada_b = client(a, ADA), client(b, ADA)
    table = new_table(ada_a, "snow-time", ["human"] * 3, seed=None)
    now = datetime.now(UTC)
    with store_of(a).session() as session:  # a process killed with -9 left these behind
        session.execute(insert(Hold), [
            {"process": "gone:1:recent", "scope": "sockets", "key": ADA, "count": 2,
             "seen_at": now - timedelta(seconds=seen + 1)},
            {"process": "gone:2:long-ago", "scope": "sockets", "key": ADA, "count": 2,
             "seen_at": now - timedelta(seconds=seen * FORGET_AFTER_WINDOWS + 1)}])
    with watching(ada_a, socket_url(table, 0)), watching(ada_b, socket_url(table, 1)):
        assert refusal(ada_a, socket_url(table, 2))[0] == "too-many-connections"

    with watching(ada_b, socket_url(table, 0)):
        # b has not renewed for longer than a process is trusted: its hold stops counting
        with store_of(b).session() as session:
            session.execute(update(Hold).where(Hold.process == store_of(b).process)
                            .values(seen_at=now - timedelta(seconds=seen + 1)))
        with watching(ada_a, socket_url(table, 1)), watching(ada_a, socket_url(table, 2)):
            pass
        limits_of(b).renew()  # b says it lives: its hold counts again
        with watching(ada_a, socket_url(table, 1)):
            assert refusal(ada_a, socket_url(table, 2))[0] == "too-many-connections"
        # the renewal forgot the rows of the process gone long ago, not the recent one's
        assert {(process, count) for process, scope, _, count in holds(store_of(a))
                if scope == "sockets"} == {("gone:1:recent", 2), (store_of(b).process, 1)}


@POSTGRES
def test_the_server_renews_its_holds_while_it_runs_even_through_failures(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(database_url, process_seen_seconds=0.6)  # renewed every 0.2 s
    store = store_of(app)

    def age_holds() -> None:
        with store.session() as session:
            session.execute(update(Hold).values(seen_at=datetime(2000, 1, 1, tzinfo=UTC)))

    def renewed() -> bool:
        with store.session() as session:
            last = session.scalar(select(Hold.seen_at))
        return last is not None and last.year > 2000

    with TestClient(app, client=(ADA, 5000)) as c:
        table = new_table(c, "snow-time", ["human"] * 3, seed=None)
        with watching(c, socket_url(table, 0)):
            age_holds()
            wait_until(renewed, bool)
            run_sql(store, "ALTER TABLE holds RENAME TO holds_away")
            wait_until(lambda: "renewing this process's connection counts failed" in
                       caplog.text, bool)
            run_sql(store, "ALTER TABLE holds_away RENAME TO holds")
            age_holds()
            wait_until(renewed, bool)  # the renewals went on after the failures


# -- storage failing ---------------------------------------------------------------------

@POSTGRES
def test_a_failing_database_answers_503_and_locks_nobody_out_after(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    a, b = two_servers(database_url, max_connections_per_client=1)
    ada_a, ada_b = client(a, ADA), client(b, ADA)
    store = store_of(a)
    run_sql(store, "ALTER TABLE rate_entries RENAME TO entries_away")
    error_of(ada_a.post("/api/tables", json=TABLE), 503, "storage-unavailable")
    run_sql(store, "ALTER TABLE entries_away RENAME TO rate_entries")
    table = new_table(ada_a, "snow-time", ["human"] * 3, seed=None)

    with watching(ada_a, socket_url(table, 0)):
        run_sql(store, "ALTER TABLE holds RENAME TO holds_away")
        assert refusal(ada_b, socket_url(table, 1)) == ("storage-unavailable", 4503)
    # the socket in a closed while its hold could not be given back in storage
    assert "hold of 203.0.113.7 was not given back" in caplog.text
    run_sql(store, "ALTER TABLE holds_away RENAME TO holds")
    assert refusal(ada_b, socket_url(table, 1))[0] == "too-many-connections"
    limits_of(a).renew()  # a writes what it really holds: nothing
    with watching(ada_b, socket_url(table, 1)):
        pass


def test_sqlite_keeps_every_limit_in_memory(database_url: str) -> None:
    app = create_app(database_url, tables_per_minute=1, max_connections_per_client=1)
    limits = limits_of(app)
    if database_url.startswith("postgresql"):
        assert isinstance(limits.storage, DatabaseStorage)
        return
    assert isinstance(limits.storage, MemoryStorage) and isinstance(limits.holds, LocalHolds)
    ada = client(app, ADA)
    table = new_table(ada, "snow-time", ["human"] * 3, seed=None)
    assert ada.post("/api/tables", json=TABLE).status_code == 429
    with watching(ada, socket_url(table, 0)):
        assert refusal(ada, socket_url(table, 1))[0] == "too-many-connections"
        with store_of(app).session() as session:  # nothing was written for the limits
            assert session.scalar(select(func.count()).select_from(RateEntry)) == 0
            assert session.scalar(select(func.count()).select_from(Hold)) == 0
