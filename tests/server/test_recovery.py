"""A restart, a second server or a failing disk never splits a table, loses a move or
stops a game: tables load once, conflicts reload, bots resume, idle tables leave memory.

No step here depends on how fast anything runs: ``wait_until`` only stops a test that
would otherwise hang.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.testclient import WebSocketTestSession

from wintergames.server.app import create_app
from wintergames.server.hub import Hub
from wintergames.server.live import LiveTable
from wintergames.server.store import Store

from .test_api import act, new_table, run_coroutine, view, wait_until


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def socket_url(table: dict[str, Any], seat: int | None) -> str:
    secret = table["spectator_secret"] if seat is None else table["seats"][seat]["secret"]
    return f"/ws/tables/{table['table']}?secret={secret}"


def answer(ws: WebSocketTestSession, after: int) -> dict[str, Any]:
    """The next error, or the next view past version ``after`` (broadcasts of earlier
    versions are skipped). Every action sent gets one of the two, so this cannot hang."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "error" or message["version"] > after:
            return message


def two_seat_table(client: TestClient) -> dict[str, Any]:
    """Winter Queen for two people, the first seat to move (a turn is two actions)."""
    return new_table(client, "winter-queen", ["human", "human"], first_player="1")


def play(client: TestClient, table: dict[str, Any]) -> int:
    """The first legal action of the first seat to move, over HTTP; returns the seat."""
    seat = view(client, table, None)["to_move"][0]
    mine = view(client, table, seat)
    response = act(client, table, seat, mine["legal"][0]["action"], mine["version"])
    assert response.status_code == 200, response.text
    return int(seat)


def slow_loading(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Reading a table's log takes 0.05 s longer; returns the ids it is read for."""
    calls: list[str] = []
    original = Store.actions

    def actions(self: Store, table_id: str) -> list[tuple[int, dict[str, Any]]]:
        calls.append(table_id)
        time.sleep(0.05)
        return original(self, table_id)

    monkeypatch.setattr(Store, "actions", actions)
    return calls


def failing_appends(monkeypatch: pytest.MonkeyPatch, count: int) -> list[int]:
    """The next ``count`` appends fail as a full disk does; returns [failures left]."""
    left = [count]
    original = Store.append

    def append(self: Store, *args: Any, **kwargs: Any) -> None:
        if left[0] > 0:
            left[0] -= 1
            raise OperationalError("INSERT", {}, Exception("disk full"))
        original(self, *args, **kwargs)

    monkeypatch.setattr(Store, "append", append)
    return left


# -- one table, one copy --------------------------------------------------------------


def test_a_table_asked_for_by_many_at_once_loads_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True)) as first:
        table = two_seat_table(first)
    calls = slow_loading(monkeypatch)
    hub: Hub = create_app(url, seeded_human_tables=True).state.hub  # a restarted server
    barrier = threading.Barrier(8, timeout=30)

    def load(_: int) -> LiveTable:
        barrier.wait()
        return hub.table(table["table"])

    with ThreadPoolExecutor(8) as pool:
        copies = list(pool.map(load, range(8)))
    assert all(copy is copies[0] for copy in copies), "a table was loaded twice at once"
    assert calls == [table["table"]], "the log was read more than once"
    assert hub.tables == {table["table"]: copies[0]}


def test_a_first_socket_and_a_first_request_after_a_restart_share_the_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True)) as first:
        table = two_seat_table(first)
    calls = slow_loading(monkeypatch)
    with TestClient(create_app(url, seeded_human_tables=True)) as client:
        barrier = threading.Barrier(2, timeout=30)
        seen: dict[str, Any] = {}

        def request() -> None:
            barrier.wait()
            seen["view"] = view(client, table, 1)

        thread = threading.Thread(target=request)
        thread.start()
        barrier.wait()
        with client.websocket_connect(socket_url(table, 0)) as ws:
            opening = ws.receive_json()
            thread.join(30)
            assert opening["type"] == "view" and seen["view"]["to_move"] == [0]
            assert calls == [table["table"]], "the socket and the request loaded two copies"
            # a move over the socket is seen over HTTP ...
            ws.send_json({"type": "action", "version": opening["version"],
                          "action": opening["legal"][0]["action"]})
            mine = answer(ws, opening["version"])
            assert mine["type"] == "view", mine
            assert view(client, table, None)["version"] == 1
            # ... and moves over HTTP are seen by the socket's table
            play(client, table)
            while view(client, table, None)["to_move"] != [0]:
                play(client, table)
            now = view(client, table, 0)
            ws.send_json({"type": "action", "version": now["version"],
                          "action": now["legal"][0]["action"]})
            again = answer(ws, now["version"])
            assert again["type"] == "view", f"the socket has a table of its own: {again}"
        assert len(hub_of(client).store.actions(table["table"])) == now["version"] + 1


def test_a_conflict_answers_409_and_reloads_the_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True)) as a, \
            TestClient(create_app(url, seeded_human_tables=True)) as b:
        table = two_seat_table(a)
        seen = view(b, table, 0)  # B has its own copy now
        assert act(a, table, 0, seen["legal"][0]["action"], seen["version"]).status_code == 200
        store = hub_of(b).store
        log = store.actions(table["table"])
        late = act(b, table, 0, seen["legal"][-1]["action"], seen["version"])
        assert late.status_code == 409, late.text
        assert late.json()["error"]["code"] == "conflict" and late.json()["error"]["message"]
        assert store.actions(table["table"]) == log and len(log) == 1
        reloaded = view(b, table, None)
        assert reloaded["version"] == 1 and reloaded == view(a, table, None)
        assert view(b, table, 0) == view(a, table, 0)
        play(b, table)  # B's copy now plays on normally
        assert len(store.actions(table["table"])) == 2


# -- bots play on by themselves ---------------------------------------------------------


def test_bots_resume_after_a_restart_with_nobody_at_the_table(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        # a server that stops before its bot moves: it tells watchers, never drives bots
        # (neither as the table is made nor when its resumer finds it)
        patch.setattr(Hub, "drive", lambda self, live: None)
        with TestClient(create_app(database_url, seeded_human_tables=True,
                                   resume_seconds=0.05)) as first:
            table = new_table(first, "winter-queen", ["random", "human"], first_player="1")
            store = hub_of(first).store
            assert view(first, table, None)["to_move"] == [0]
            assert store.awaiting_bots() == [table["table"]]
            assert store.actions(table["table"]) == []
    with TestClient(create_app(database_url, seeded_human_tables=True,
                               resume_seconds=0.05)) as second:
        store = hub_of(second).store  # no socket, no request to the table: only storage
        row = wait_until(lambda: store.table(table["table"]),
                         lambda row: row is not None and row.bot_to_move is False)
        assert row is not None and row.to_move == [1] and not row.finished
        log = store.actions(table["table"])
        assert log and all(seat == 0 for seat, _ in log), log
        assert row.moves == len(log)
        assert store.awaiting_bots() == []


def test_a_storage_error_answers_503_and_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True)) as client:
        store = hub_of(client).store
        table = two_seat_table(client)
        before, watching = view(client, table, 0), view(client, table, None)
        move = before["legal"][0]["action"]
        left = failing_appends(monkeypatch, 1)
        failed = act(client, table, 0, move, before["version"])
        assert failed.status_code == 503, failed.text
        error = failed.json()["error"]
        assert error["code"] == "storage-unavailable" and error["message"]
        assert left == [0]
        assert view(client, table, 0) == before and view(client, table, None) == watching
        assert store.actions(table["table"]) == []
        retried = act(client, table, 0, move, before["version"])
        assert retried.status_code == 200, retried.text
        assert len(store.actions(table["table"])) == 1

        other = two_seat_table(client)
        with client.websocket_connect(socket_url(other, 0)) as ws:
            opening = ws.receive_json()
            message = {"type": "action", "version": opening["version"],
                       "action": opening["legal"][0]["action"]}
            left = failing_appends(monkeypatch, 1)
            ws.send_json(message)
            refused = answer(ws, opening["version"])
            assert refused["type"] == "error" and refused["code"] == "storage-unavailable"
            assert store.actions(other["table"]) == []
            ws.send_json(message)  # the socket stayed open, and storage is back
            accepted = answer(ws, opening["version"])
            assert accepted["type"] == "view", accepted
        assert len(store.actions(other["table"])) == 1


def test_a_bot_only_table_finishes_despite_storage_errors(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    left = failing_appends(monkeypatch, 3)
    with TestClient(create_app(database_url, resume_seconds=0.05)) as client:
        store = hub_of(client).store
        table = new_table(client, "snow-time", ["random"] * 3, seed=2)
        # nobody connects: only storage is polled
        row = wait_until(lambda: store.table(table["table"]),
                         lambda row: row is not None and bool(row.finished))
        assert row is not None and left == [0]
        assert row.moves == len(store.actions(table["table"]))
        final = view(client, table, None)
        assert final["over"] and final["version"] == row.moves


# -- the lobby and memory ------------------------------------------------------------------


def test_the_lobby_pages_open_tables_newest_first_without_building_games(
        database_url: str) -> None:
    url = database_url
    with TestClient(create_app(url, seeded_human_tables=True, lobby_page=3)) as client:
        tables: list[dict[str, Any]] = []
        for i in range(7):
            if i == 3:  # a bot-only game, soon over
                done = new_table(client, "snow-time", ["random"] * 3, seed=2)
            else:
                tables.append(two_seat_table(client))
        wait_until(lambda: view(client, done, None), lambda v: v["over"])
        made = [t["table"] for t in tables]
        play(client, tables[0])
        pages = lobby_pages(client)
        assert [len(page) for page in pages] == [3, 3]
        listed = [t for page in pages for t in page]
        assert [t["table"] for t in listed] == made[::-1]
        assert done["table"] not in {t["table"] for t in listed}
        assert [(t["version"], t["to_move"]) for t in listed] == [(0, [0])] * 5 + [(1, [0])]
        too_many = client.get("/api/tables", params={"limit": 4})
        assert too_many.status_code == 422, too_many.text
        assert too_many.json()["error"]["code"] == "invalid-request"
        two = client.get("/api/tables", params={"limit": 2}).json()
        assert [t["table"] for t in two["tables"]] == made[::-1][:2]
        assert two["next"] == made[-2]
    with TestClient(create_app(url, seeded_human_tables=True, lobby_page=3,
                               resume_seconds=0.05)) as again:
        hub = hub_of(again)
        assert [t for page in lobby_pages(again) for t in page] == listed
        assert hub.tables == {}, "the lobby built games nobody opened"


def lobby_pages(client: TestClient) -> list[list[dict[str, Any]]]:
    """Every page of the lobby, following ``next``."""
    pages: list[list[dict[str, Any]]] = []
    after: str | None = None
    while len(pages) < 20:
        response = client.get("/api/tables", params={} if after is None else {"after": after})
        assert response.status_code == 200, response.text
        body = response.json()
        pages.append(body["tables"])
        after = body["next"]
        if after is None:
            return pages
    raise AssertionError("the lobby's pages never end")


def test_idle_tables_leave_memory_and_come_back_but_watched_ones_stay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sweeps: list[list[str]] = []
    unload_idle = Hub.unload_idle

    def recorded(self: Hub) -> list[str]:
        gone = unload_idle(self)
        sweeps.append(gone)
        return gone

    monkeypatch.setattr(Hub, "unload_idle", recorded)
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True, idle_seconds=0.01,
                               resume_seconds=0.02)) as client:
        hub = hub_of(client)
        idle, watched = two_seat_table(client), two_seat_table(client)
        play(client, idle)
        before = view(client, idle, 0)
        old = hub.table(idle["table"])
        with client.websocket_connect(socket_url(watched, None)) as ws:
            assert ws.receive_json()["type"] == "view"  # watching from here on
            kept = hub.tables[watched["table"]]
            wait_until(lambda: idle["table"] in hub.tables, lambda loaded: not loaded)
            start = len(sweeps)
            wait_until(lambda: len(sweeps), lambda n: n >= start + 3)
            assert watched["table"] not in {t for gone in sweeps[start:] for t in gone}
            assert hub.tables.get(watched["table"]) is kept, "a watched table was unloaded"
            after = view(client, idle, 0)
            assert after == before and after["version"] == before["version"]
            assert hub.table(idle["table"]) is not old  # rebuilt from storage
            moved = act(client, idle, 0, after["legal"][0]["action"], after["version"])
            assert moved.status_code == 200, moved.text
        # the watcher left: now that table is idle too
        wait_until(lambda: watched["table"] in hub.tables, lambda loaded: not loaded)


def test_the_housekeeping_outlives_a_storage_outage(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The hub's keeper meets a database that is down: it says so and tries again at its
    next round, instead of ending (no bot would be resumed again until a restart)."""
    hub: Hub = create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                          resume_seconds=0.01).state.hub
    rounds = [0]

    async def resume() -> None:
        rounds[0] += 1
        if rounds[0] <= 2:
            raise OperationalError("SELECT", {}, Exception("connection refused"))

    monkeypatch.setattr(hub, "resume", resume)

    async def keep_a_while() -> None:
        keeper = asyncio.get_running_loop().create_task(hub.keep())
        while rounds[0] < 4:
            await asyncio.sleep(0.01)
        keeper.cancel()

    with caplog.at_level(logging.WARNING, logger="wintergames.server.hub"):
        run_coroutine(asyncio.wait_for(keep_a_while(), timeout=30))
    assert rounds[0] >= 4  # it went on after the two failed rounds
    warned = [r.getMessage() for r in caplog.records if "storage unavailable" in r.getMessage()]
    assert len(warned) == 2, warned


def test_resuming_a_tables_bots_sends_its_watchers_no_repeated_view(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The resumer only starts the drive: its watchers already have the current view, and
    a repeat of it was once read by a client as the answer to its next action."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}", seeded_human_tables=True,
                               resume_seconds=3600)) as client:
        hub = hub_of(client)
        drives: list[str] = []

        async def held(live: LiveTable) -> None:  # the bots wait: the table stays theirs
            drives.append(live.id)
            hub.driving.discard(live.id)

        monkeypatch.setattr(hub, "drive_bots", held)
        table = new_table(client, "winter-queen", ["random", "human"], first_player="1")
        assert table["table"] in drives  # created with a bot to move (the keeper's own
        # first round may drive it too, when it runs late)
        heard: list[str] = []

        class Listener:
            viewer = hub.table(table["table"]).viewer(None)

            def send(self, text: str) -> None:
                heard.append(text)

        hub.watch(table["table"], Listener())  # type: ignore[arg-type]
        before = len(drives)
        run_coroutine(hub.resume())
        assert drives[before:] == [table["table"]] and heard == []
