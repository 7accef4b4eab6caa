"""Several server processes on one PostgreSQL database (issue 42): every watcher hears of
every change whatever process stored it, one process drives a table's bots at a time,
and a process that missed notices catches up from storage.

Each "process" here is an app of its own (its own hub, store, process name and listening
connection) in this test's interpreter, which is what sets processes apart for the
server; tests/server/test_serve_workers.py runs real ones.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.testclient import WebSocketTestSession

from wintergames.server.app import create_app
from wintergames.server.bus import Notice
from wintergames.server.hub import Hub
from wintergames.server.leases import Leases
from wintergames.server.models import BotLease

from .test_api import act, new_table, run_coroutine, view, wait_until
from .test_recovery import hub_of, socket_url

HEARD_WITHIN = 20.0  # seconds: only stops a test that would hang; a notice takes ms


@contextlib.contextmanager
def server(url: str, **settings: Any) -> Iterator[TestClient]:
    """A client of one more server process on ``url``, once it hears the others."""
    with TestClient(create_app(url, seeded_human_tables=True, **settings)) as client:
        hub = hub_of(client)
        wait_until(lambda: hub.following.bus is not None
                   and hub.following.bus.listening.is_set(), bool)
        yield client


def receive(ws: WebSocketTestSession, wanted: Callable[[dict[str, Any]], bool]
            ) -> dict[str, Any]:
    """The first message ``wanted`` takes, within ``HEARD_WITHIN`` seconds."""
    deadline = time.monotonic() + HEARD_WITHIN
    reader = ThreadPoolExecutor(max_workers=1)
    try:
        while True:
            left = deadline - time.monotonic()
            assert left > 0, "the watcher never heard of it"
            message: dict[str, Any] = reader.submit(ws.receive_json).result(timeout=left)
            if wanted(message):
                return message
    finally:
        reader.shutdown(wait=False)  # a read still waiting ends with the socket


def a_view_with_log(lines: int) -> Callable[[dict[str, Any]], bool]:
    """A view whose log has more than ``lines`` lines (a seat's own version only moves
    when its decision does)."""
    return lambda m: m["type"] == "view" and len(m["log"]) > lines


def test_a_watcher_of_one_process_sees_what_another_process_stored(postgres_url: str) -> None:
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "human"], first_player="1")
        with b.websocket_connect(socket_url(table, 1)) as watcher:
            first = receive(watcher, lambda m: m["type"] == "view")
            assert first["to_move"] == [0]
            mine = view(a, table, 0)
            played = act(a, table, 0, mine["legal"][0]["action"], mine["version"])
            assert played.status_code == 200, played.text
            seen = receive(watcher, a_view_with_log(len(first["log"])))
            # B's watcher sees what A's own answer showed, in its own seat's view
            assert seen["log"] == view(a, table, 1)["log"]
            assert seen["observation"] == view(a, table, 1)["observation"]
            assert seen == view(b, table, 1) | {"type": "view"}


def test_chat_names_and_closing_reach_the_other_processes_watchers(postgres_url: str) -> None:
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "human"], first_player="1")
        secret = table["seats"][0]["secret"]
        with b.websocket_connect(socket_url(table, 1)) as watcher:
            receive(watcher, lambda m: m["type"] == "view")
            said = a.post(f"/api/tables/{table['table']}/chat",
                          json={"secret": secret, "text": "good luck"})
            assert said.status_code == 201, said.text
            heard = receive(watcher, lambda m: m["type"] == "chat")
            assert heard["message"] == said.json()["message"]
            named = a.post(f"/api/tables/{table['table']}/name",
                           json={"secret": secret, "name": "Ada"})
            assert named.status_code == 200, named.text
            renamed = receive(watcher, lambda m: m["type"] == "view"
                              and m["seats"][0]["nickname"] == "Ada")
            assert renamed["closed"] is None
            closed = a.post(f"/api/tables/{table['table']}/close",
                            json={"secret": table["creator_secret"]})
            assert closed.status_code == 200, closed.text
            shut = receive(watcher, lambda m: m["type"] == "view" and m["closed"] is not None)
            assert shut["closed"]["by"] == "creator" and shut["legal"] == []


def test_a_seat_claimed_through_one_process_opens_in_another(postgres_url: str) -> None:
    """A rematch seat's secret stored by A is known to B's copy of the new table."""
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "random"], first_player="1")
        finish = _finish(a, table)
        assert finish["over"]
        started = b.post(f"/api/tables/{table['table']}/rematch",
                         json={"secret": table["seats"][0]["secret"]})
        assert started.status_code == 200, started.text
        rematch = started.json()
        # A loads the new table before its seat is claimed again through B ...
        assert a.get(f"/api/tables/{rematch['table']}/view").status_code == 200
        # ... a second claim (idempotent) must not be needed for A to know the secret
        seen = a.get(f"/api/tables/{rematch['table']}/view",
                     params={"secret": rematch["secret"]})
        assert seen.status_code == 200 and seen.json()["seat"] == 0


def _finish(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Play seat 0's first legal action until the game is over (the bot plays seat 1)."""
    while True:
        mine = wait_until(lambda: view(client, table, 0),
                          lambda v: 0 in v["to_move"] or v["over"])
        if mine["over"]:
            return mine
        act(client, table, 0, mine["legal"][0]["action"], mine["version"])


def turn_of(client: TestClient, table: dict[str, Any], version: int) -> dict[str, Any]:
    """Seat 0's view through ``client`` once it is to move at ``version`` or later (or
    the game is over)."""
    return wait_until(lambda: view(client, table, 0),
                      lambda v: (0 in v["to_move"] and v["version"] >= version) or v["over"])


def test_one_process_drives_a_tables_bots_whatever_process_the_person_uses(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person alternates between two processes; both watch the table. Every bot move
    is computed once, by one process, and nothing is refused as a conflict."""
    moves: list[str] = []
    original = Hub._bot_move

    async def counted(self: Hub, live: Any, seat: int) -> None:
        await original(self, live, seat)
        moves.append(self.store.process)  # once computed (and stored, or dropped)

    monkeypatch.setattr(Hub, "_bot_move", counted)
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "random", "random"], first_player="1")
        with a.websocket_connect(socket_url(table, None)), \
                b.websocket_connect(socket_url(table, None)):
            version = 0
            for turn in range(12):
                # the person's requests go to either process, as through a load balancer
                # (each acts on the view its last answer gave); a Winter Queen turn is two
                # actions, so the bots follow A's and B's actions in turn
                client = (a, b, b, a)[turn % 4]
                mine = turn_of(client, table, version)
                if mine["over"]:
                    break
                played = act(client, table, 0, mine["legal"][0]["action"], mine["version"])
                assert played.status_code == 200, played.text
                version = played.json()["version"]
            turn_of(a, table, version)  # the bots answered the person's last action
    bot_actions = [seat for seat, _ in hub_of(a).store.actions(table["table"]) if seat != 0]
    assert len(moves) == len(bot_actions), "a bot move was computed twice"
    # the lease stays with the process that took it while the table is in its memory:
    # the person's moves through the other process reached it as notices
    assert len(set(moves)) == 1, "the bots' driver changed while both processes lived"


def test_a_dead_processs_tables_are_taken_over_once_its_lease_expires(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(Hub, "changed", Hub.broadcast)  # this process never drives its bots
        with server(postgres_url) as maker:
            table = new_table(maker, "winter-queen", ["random", "random"], first_player="1")
            store = hub_of(maker).store
    dead = Leases(store, 3.0)
    dead.holder = "gone:1:0"  # a process that died holding the lease
    assert dead.take(table["table"])
    expires = datetime.now(UTC) + timedelta(seconds=3.0)
    with server(postgres_url, bot_lease_seconds=1.0) as heir:
        heir_store = hub_of(heir).store
        assert wait_until(lambda: heir_store.actions(table["table"]), bool)
        moved_at = datetime.now(UTC)
        assert moved_at >= expires - timedelta(seconds=0.2), "taken before the lease expired"
        # the lease, the resumer's quarter of it, a move; slack for a loaded machine
        assert moved_at <= expires + timedelta(seconds=10.0), "not taken over in time"
        with heir_store.session() as session:
            lease = session.get(BotLease, table["table"])
        assert lease is None or lease.holder == heir_store.process


def test_a_listener_that_lost_its_connection_catches_up(postgres_url: str) -> None:
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "human"], first_player="1")
        bus = hub_of(b).following.bus
        assert bus is not None
        with b.websocket_connect(socket_url(table, None)) as watcher:
            receive(watcher, lambda m: m["type"] == "view")
            with hub_of(a).store.engine.begin() as connection:
                # B's listening connection dies; A stores a move and a message meanwhile
                connection.execute(text("SELECT pg_terminate_backend(:pid)"),
                                   {"pid": bus.backend_pid})
            mine = view(a, table, 0)
            played = act(a, table, 0, mine["legal"][0]["action"], mine["version"])
            assert played.status_code == 200, played.text
            said = a.post(f"/api/tables/{table['table']}/chat",
                          json={"secret": table["seats"][0]["secret"], "text": "still here?"})
            assert said.status_code == 201, said.text
            seen = receive(watcher, lambda m: m["type"] == "view" and m["version"] > 0)
            assert seen["version"] == 1
            message = said.json()["message"]
            # Heard live, or missed and then resent with the history. A history the
            # reconnect sent before the message was stored does not hold it yet: the
            # message then comes after it, live or in a later history.
            receive(watcher, lambda m: (m["type"] == "chat"
                                        and m["message"]["text"] == message["text"])
                    or (m["type"] == "chat-history" and message in m["messages"]))
            assert bus.connections >= 2, "the listener reconnected"


def test_a_copy_nobody_watches_is_forgotten_when_another_process_moves(
        postgres_url: str) -> None:
    with server(postgres_url) as a, server(postgres_url) as b:
        table = new_table(a, "winter-queen", ["human", "human"], first_player="1")
        assert view(b, table, 0)["version"] == 0
        assert table["table"] in hub_of(b).tables
        mine = view(a, table, 0)
        assert act(a, table, 0, mine["legal"][0]["action"], 0).status_code == 200
        wait_until(lambda: table["table"] in hub_of(b).tables, lambda held: not held)
        assert view(b, table, 0)["version"] == 1  # read again from storage


def test_a_notice_payload_names_the_table_change_and_process() -> None:
    assert Notice.parse("t1 chat 12 host:1:ab") == Notice("t1", "chat", 12, "host:1:ab")
    assert Notice.parse("t1 chat twelve host:1:ab") is None
    assert Notice.parse("t1 chat 12") is None


def test_a_server_that_stops_gives_its_leases_to_the_others_at_once(
        postgres_url: str) -> None:
    """A rolling restart: the bots of a table that A drove move again as soon as A
    stops, through B, not a lease's time (60 s here) later."""
    with server(postgres_url, bot_lease_seconds=60.0) as b:
        with server(postgres_url, bot_lease_seconds=60.0) as a:
            table = new_table(a, "winter-queen", ["human", "random"], first_player="1")
            version = 0
            while table["table"] not in hub_of(a).following.leased_until:
                version = play_turn(a, table, version)  # until A has driven the bot
            version = turn_of(a, table, version)["version"]
        # A stopped; its lease would last a minute. The person plays on through B until
        # the bot is to move, and the bot answers at once.
        while True:
            version = play_turn(b, table, version)
            if 1 in view(b, table, None)["to_move"]:
                break
        started = time.monotonic()
        turn_of(b, table, version)
        assert time.monotonic() - started < 30, "the bot waited for A's lease to expire"
        assert table["table"] in hub_of(b).following.leased_until


def play_turn(client: TestClient, table: dict[str, Any], version: int) -> int:
    """Seat 0's first legal action once it is to move; the version its answer gives."""
    mine = turn_of(client, table, version)
    played = act(client, table, 0, mine["legal"][0]["action"], mine["version"])
    assert played.status_code == 200, played.text
    return int(played.json()["version"])


def test_a_server_that_stops_takes_no_lease_again(postgres_url: str) -> None:
    """A table still driven while the server stops must not take back the lease it just
    gave away (the process would exit holding it, and its bots wait the lease out)."""
    with server(postgres_url) as a:
        following = hub_of(a).following
        table = new_table(a, "winter-queen", ["human", "random"], first_player="1")
        assert run_coroutine(following.take(table["table"]))
        run_coroutine(following.give_back())
        assert not run_coroutine(following.take(table["table"]))
        with hub_of(a).store.session() as session:
            assert session.get(BotLease, table["table"]) is None


def test_a_row_read_before_a_claim_keeps_the_secret_claimed_here(postgres_url: str) -> None:
    """Seat secrets are only ever given: a row read a moment before this process claimed
    one (another process's notice came meanwhile) must not take it away again."""
    with server(postgres_url) as a:
        table = new_table(a, "winter-queen", ["human", "human"], first_player="1")
        live = hub_of(a).tables[table["table"]]
        row = hub_of(a).store.table(table["table"])
        assert row is not None
        live.secrets["claimed-here"] = 1  # as Rematches.join adds a claimed seat's secret
        live.refresh(row)
        assert live.secrets["claimed-here"] == 1
        assert view(a, table, 0)["seat"] == 0  # the stored secrets still open their seats
