"""One client cannot stall or exhaust the server: limits, strict input, bounded sends.

Each test plays the hostile client of issue 15 and checks the refusal is clear JSON, that
it changed nothing, and that the connection (where there is one) still works after it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from wintergames.server.app import create_app
from wintergames.server.hub import Hub
from wintergames.server.live import Viewer
from wintergames.server.watchers import TOO_SLOW, Watcher

from .test_api import act, new_table, run_coroutine, view, wait_until


def app_client(tmp_path: Path, **settings: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}", **settings))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, seeded_human_tables=True) as c:
        yield c


def error_of(response: Any, status: int) -> dict[str, str]:
    assert response.status_code == status, response.text
    error: dict[str, str] = response.json()["error"]
    assert len(error["message"]) <= 400
    return error


def socket_url(table: dict[str, Any], seat: int | None) -> str:
    secret = table["spectator_secret"] if seat is None else table["seats"][seat]["secret"]
    return f"/ws/tables/{table['table']}?secret={secret}"


# -- limits -----------------------------------------------------------------------------

def test_a_body_over_the_limit_is_413_and_errors_quote_only_an_excerpt(
        client: TestClient) -> None:
    huge = json.dumps({"game": "winter-queen", "seats": [{}, {}], "options": {},
                       "pad": "x" * 100_000})
    error = error_of(client.post("/api/tables", content=huge,
                                 headers={"Content-Type": "application/json"}), 413)
    assert error["code"] == "too-large" and "x" * 50 not in error["message"]
    big_value = {"game": "winter-queen", "seats": [{}, {}],
                 "options": {"first_player": "7" * 20_000}}
    error = error_of(client.post("/api/tables", json=big_value), 400)
    assert "first_player" in error["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_table_creation_is_rate_limited_per_client(tmp_path: Path) -> None:
    with app_client(tmp_path, tables_per_minute=2) as c:
        body = {"game": "snow-time", "seats": [{}, {}, {}]}
        assert [c.post("/api/tables", json=body).status_code for _ in range(2)] == [201, 201]
        refused = c.post("/api/tables", json=body)
        error = error_of(refused, 429)
        assert error["code"] == "too-many-tables" and "2 tables a minute" in error["message"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert len(c.get("/api/tables").json()["tables"]) == 2  # nothing stored


def test_connections_per_client_and_watchers_per_table_are_limited(tmp_path: Path) -> None:
    with app_client(tmp_path, max_connections_per_client=2) as c:
        table = new_table(c, "snow-time", ["human"] * 3, seed=None)
        with c.websocket_connect(socket_url(table, 0)) as a, \
                c.websocket_connect(socket_url(table, 1)) as b:
            assert a.receive_json()["type"] == b.receive_json()["type"] == "view"
            with c.websocket_connect(socket_url(table, 2)) as third:
                assert third.receive_json()["code"] == "too-many-connections"
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
        with c.websocket_connect(socket_url(table, 2)) as again:  # a place came free
            assert again.receive_json()["type"] == "view"
    with app_client(tmp_path, max_watchers_per_table=1) as c:
        table = new_table(c, "snow-time", ["human"] * 3, seed=None)
        with c.websocket_connect(socket_url(table, None)) as first:
            first.receive_json()
            with c.websocket_connect(socket_url(table, None)) as second:
                assert second.receive_json()["code"] == "too-many-watchers"


def test_websockets_from_another_site_are_refused(client: TestClient) -> None:
    table = new_table(client, "snow-time", ["human"] * 3)
    with pytest.raises(WebSocketDisconnect) as refused, \
            client.websocket_connect(socket_url(table, 0),
                                     headers={"origin": "https://evil.example"}) as ws:
        ws.receive_json()
    assert refused.value.code == 4403
    with client.websocket_connect(socket_url(table, 0),
                                  headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"


# -- seeds ------------------------------------------------------------------------------

def test_a_table_with_a_person_draws_its_own_seed_and_shows_it_at_the_end(
        tmp_path: Path) -> None:
    with app_client(tmp_path) as c:
        refused = c.post("/api/tables", json={"game": "snow-time", "seed": 5,
                                              "seats": [{}, {"kind": "random"}, {}]})
        assert error_of(refused, 400)["code"] == "seed-not-allowed"
        table = new_table(c, "snow-time", ["human", "random", "human"], seed=None)
        assert view(c, table, 0)["seed"] is None  # hidden while it could predict draws
        bots_only = new_table(c, "snow-time", ["random"] * 3, seed=5)
        over = wait_until(lambda: view(c, bots_only, None), lambda v: v["over"])
        assert over["seed"] == 5


# -- bad numbers and frames -------------------------------------------------------------

@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}',
                                  '{"a": 1e999}', '{"a": ' + "9" * 5000 + "}",
                                  "[" * 100_000 + "]" * 100_000, '{"a": "\\ud800"'])
def test_hostile_json_bodies_are_a_clear_400(client: TestClient, text: str) -> None:
    table = new_table(client, "snow-time", ["human"] * 3)
    response = client.post(f"/api/tables/{table['table']}/actions", content=text,
                           headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 413, 422), response.text
    assert response.json()["error"]["code"] in ("malformed", "too-large", "invalid-request")


@pytest.mark.parametrize("settings", [{"seed": 5}, {"samples": 10**9}, {"samples": True},
                                      {"samples": 2.5}, {"proposals": -1}])
def test_bot_settings_out_of_range_are_refused(client: TestClient,
                                               settings: dict[str, Any]) -> None:
    body = {"game": "snow-time", "seats": [{}, {"kind": "greedy", "settings": settings}, {}]}
    error = error_of(client.post("/api/tables", json=body), 400)
    assert error["code"] == "bad-option" and next(iter(settings)) in error["message"]


def test_hostile_websocket_messages_get_an_error_and_the_socket_stays_open(
        client: TestClient) -> None:
    table = new_table(client, "icecool-wizards", ["human", "human"])
    me = next(seat for seat in range(2) if seat in view(client, table, None)["to_move"])
    with client.websocket_connect(socket_url(table, me)) as ws:
        first = ws.receive_json()
        hostile = ['{"type": "action", "version": ' + "9" * 5000 + "}",
                   "[" * 100_000 + "]" * 100_000,
                   '{"type": "action", "version": 0, "action": {"kind": "flick", '
                   '"angle": NaN, "power": 1, "spin": 0}}',
                   '{"type": "action", "version": true, "action": {}}',
                   "x" * 200_000]
        for text in hostile:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error", reply
            assert reply["code"] in ("malformed", "too-large") and len(reply["message"]) < 400
        ws.send_bytes(b'{"type": "action"}')
        assert "text frames" in ws.receive_json()["message"]
        flick = {"kind": "flick", "angle": 1e308, "power": 0.5, "spin": 0}
        ws.send_json({"type": "action", "version": first["version"], "action": flick})
        assert ws.receive_json()["code"] == "malformed"
        legal = first["legal"][0]["action"]
        ws.send_json({"type": "action", "version": first["version"], "action": legal})
        assert ws.receive_json()["version"] > first["version"]  # still playing


# -- one strict reading of whole numbers, over HTTP and the WebSocket --------------------

NOT_NUMBERS = [True, "1", 1.0]  # each would be read as 1 by Python or pydantic
WHOLE = "a whole number from 0, unquoted, of at most 40 digits; not "


def at_version_one(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table where seat 1 is to move again at version 1 (the number true, "1" and 1.0
    would pass for), and its view."""
    table = new_table(client, "winter-queen", ["human", "human"], first_player="1")
    first = view(client, table, 0)
    assert act(client, table, 0, first["legal"][0]["action"], 0).status_code == 200
    again = view(client, table, 0)
    assert again["version"] == 1 and again["legal"]
    return table, again


@pytest.mark.parametrize("version", NOT_NUMBERS)
def test_an_action_version_that_is_not_a_whole_number_is_malformed_over_http(
        client: TestClient, version: Any) -> None:
    table, before = at_version_one(client)
    body = {"secret": table["seats"][0]["secret"], "version": version,
            "action": before["legal"][0]["action"]}
    url = f"/api/tables/{table['table']}/actions"
    error = error_of(client.post(url, json=body), 400)
    assert error == {"code": "malformed",
                     "message": f"version: {WHOLE}{json.dumps(version)}"}
    assert view(client, table, 0) == before  # nothing was played
    for log_from in [*NOT_NUMBERS, -1]:
        refused = client.post(url, json={**body, "version": 1, "log_from": log_from})
        assert error_of(refused, 400)["message"].startswith(f"log_from: {WHOLE}")
    assert view(client, table, 0) == before
    assert client.post(url, json={**body, "version": 1}).status_code == 200


@pytest.mark.parametrize("version", NOT_NUMBERS)
def test_an_action_version_that_is_not_a_whole_number_is_malformed_on_the_websocket(
        client: TestClient, version: Any) -> None:
    table, before = at_version_one(client)
    with client.websocket_connect(socket_url(table, 0)) as ws:
        assert ws.receive_json() == {**before, "type": "view"}
        action = before["legal"][0]["action"]
        ws.send_json({"type": "action", "version": version, "action": action})
        assert ws.receive_json() == {"type": "error", "code": "malformed",
                                     "message": f"version: {WHOLE}{json.dumps(version)}"}
        assert view(client, table, 0) == before  # nothing was played
        ws.send_json({"type": "action", "version": 1, "action": action})
        assert ws.receive_json()["version"] > 1


@pytest.mark.parametrize("seed", [True, "5", 5.0, -5])
def test_a_seed_that_is_not_a_whole_number_is_malformed(client: TestClient,
                                                        seed: Any) -> None:
    body = {"game": "snow-time", "seed": seed, "seats": [{"kind": "random"}] * 3}
    error = error_of(client.post("/api/tables", json=body), 400)
    assert error == {"code": "malformed", "message": f"seed: {WHOLE}{json.dumps(seed)}"}
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("text", ["1.0", "+1", "1_0", " 1", "true", "-1", "1e1", "9" * 41])
def test_a_query_number_is_digits_alone(client: TestClient, text: str) -> None:
    table = new_table(client, "snow-time", ["random"] * 3, seed=2)
    wait_until(lambda: view(client, table, None), lambda v: v["over"])
    where = f"/api/tables/{table['table']}"
    for path, name in ((f"{where}/view", "log_from"), ("/api/tables", "limit"),
                       ("/api/recent-games", "limit"), (f"{where}/chat", "limit"),
                       (f"{where}/replay", "step")):
        error = error_of(client.get(path, params={name: text}), 400)
        assert error["code"] == "malformed", (path, error)
        assert error["message"].startswith(
            f"{name}: a whole number from 0: at most 40 of the digits 0-9, nothing else")
        assert client.get(path, params={name: "1"}).status_code == 200, path


# -- watchers never hold the table ------------------------------------------------------

class SilentSocket:
    """A client that never reads: every send waits forever, closing too."""

    def __init__(self) -> None:
        self.sends = 0
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed_with = code
        await asyncio.Event().wait()


def test_a_watcher_that_never_reads_is_dropped_and_never_holds_the_table(
        tmp_path: Path) -> None:
    with app_client(tmp_path, send_queue=3) as c:
        table = new_table(c, "snow-time", ["human"] * 3, seed=None)
        hub: Hub = c.app.state.hub  # type: ignore[attr-defined]
        live = hub.table(table["table"])
        silent = SilentSocket()

        async def scenario() -> None:
            watcher = Watcher(silent, Viewer(None), 3)  # type: ignore[arg-type]
            hub.watch(live.id, watcher)
            pump = asyncio.ensure_future(watcher.pump())
            await asyncio.sleep(0)
            for _ in range(10):  # each broadcast returns at once, sent or not
                hub.broadcast(live)
            assert watcher.dropped
            await asyncio.wait_for(pump, 5)  # the close is bounded, not awaited forever
            hub.unwatch(live.id, watcher)

        run_coroutine(scenario())
        assert silent.sends == 1 and silent.closed_with == TOO_SLOW
        assert not hub.watchers.get(live.id)


# -- bots: bounded, and timed from when they start ---------------------------------------

def test_a_search_that_would_overrun_stops_at_the_deadline(tmp_path: Path) -> None:
    with app_client(tmp_path, bot_budget=0.2, bot_grace=30.0) as c:
        body = {"game": "snow-time", "seed": 1, "options": {},
                "seats": [{"kind": "ismcts", "settings": {"iterations": 100_000}},
                          {"kind": "random"}, {"kind": "random"}]}
        created = c.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        live = c.app.state.hub.tables[created.json()["table"]]  # type: ignore[attr-defined]
        # the bot comes back from its worker process with its last search's count
        searched = wait_until(lambda: live.bots[0].last_iterations, lambda n: n > 0)
        # It answered (no fallback: the grace is long) having stopped itself early.
        assert 0 < searched < 100_000


def test_server_settings_are_checked_once_for_the_cli_and_create_app(tmp_path: Path) -> None:
    from wintergames.core.errors import InvalidOptionError
    from wintergames.server.settings import ServerSettings

    settings = ServerSettings().with_text(["bot_budget=2.5", "seeded_human_tables=true",
                                           "allowed_origins=https://a.org, https://b.org"])
    assert settings.bot_budget == 2.5 and settings.seeded_human_tables
    assert settings.allowed_origins == ("https://a.org", "https://b.org")
    for bad in (["bot_budget=nan"], ["bot_budget=-1"], ["send_queue=1.5"], ["speed=3"],
                ["bot_budget"], ["seeded_human_tables=maybe"]):
        with pytest.raises(InvalidOptionError):
            ServerSettings().with_text(bad)
    with pytest.raises(InvalidOptionError, match="no server setting speed"):
        create_app(f"sqlite:///{tmp_path / 'wg.db'}", speed=3)
    for wrong in ({"allowed_origins": "https://a.org"}, {"seeded_human_tables": 1}):
        with pytest.raises(InvalidOptionError):
            ServerSettings(**wrong)


def test_a_random_bot_never_waits_behind_a_searching_one(tmp_path: Path) -> None:
    from . import jobs

    hang = {"kind": "ismcts", "settings": {"iterations": jobs.HANG}}
    with app_client(tmp_path, bot_workers=1, bot_budget=600.0) as c:
        c.app.state.hub.thinker = jobs.think_or_hang  # type: ignore[attr-defined]
        searching = c.post("/api/tables", json={"game": "snow-time", "seed": 1,
                                                "seats": [hang] * 3}).json()
        quick = new_table(c, "snow-time", ["random"] * 3, seed=2)
        # the only thinking place is taken, yet the random table plays to its end
        assert wait_until(lambda: view(c, quick, None), lambda v: v["over"])["over"]
        assert view(c, searching, None)["version"] == 0
