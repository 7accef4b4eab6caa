"""Limits by client, not by address (issue 40): more addresses of one machine or one IPv6
/64 earn no more tables or sockets, and one seat writing from several addresses uses up
only its own share of its table's chat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from wintergames.core.errors import InvalidOptionError
from wintergames.server.app import create_app
from wintergames.server.quotas import client_key
from wintergames.server.settings import ServerSettings

from .test_abuse import error_of, socket_url

ADDRESS = "x-test-address"  # the header this test's clients name their address in
TABLE = {"game": "snow-time", "seats": [{}, {}, {}]}


class FromAddress:
    """The app as reached from the address each request names in ``ADDRESS`` (the test
    client's requests all come from one)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        address = dict(scope.get("headers", [])).get(ADDRESS.encode())
        if address is not None:
            scope = {**scope, "client": (address.decode(), 50000)}
        await self.app(scope, receive, send)


def app_client(tmp_path: Path, **settings: Any) -> TestClient:
    app = create_app(f"sqlite:///{tmp_path / 'wg.db'}", seeded_human_tables=True, **settings)
    return TestClient(FromAddress(app))


def create(client: TestClient, address: str) -> Any:
    return client.post("/api/tables", json=TABLE, headers={ADDRESS: address})


@pytest.mark.parametrize(("host", "key"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"),
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("fe80::1%eth0", "fe80::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"),
    ("127.0.0.1", "127.0.0.1"),
    ("127.1.2.3", "127.1.2.3"),
    ("::ffff:127.0.0.2", "127.0.0.2"),
    ("testclient", "testclient"),
    ("unknown", "unknown"),
])
def test_a_client_is_an_ipv4_address_or_an_ipv6_64(host: str, key: str) -> None:
    assert client_key(host) == key


def test_more_addresses_of_one_ipv6_64_make_no_more_tables(tmp_path: Path) -> None:
    with app_client(tmp_path, tables_per_minute=20) as c:
        made = [create(c, f"2001:db8::{1 + n % 2}").status_code for n in range(20)]
        assert made == [201] * 20
        refused = error_of(create(c, "2001:db8::2"), 429)
        assert refused["code"] == "too-many-tables" and "20 tables a minute" in refused["message"]
        assert create(c, "2001:db8:0:1::1").status_code == 201  # another /64, another client
        assert len(c.get("/api/tables").json()["tables"]) == 21


def test_an_ipv4_mapped_address_is_its_ipv4_client(tmp_path: Path) -> None:
    with app_client(tmp_path, tables_per_minute=2) as c:
        assert create(c, "192.0.2.1").status_code == 201
        assert create(c, "::ffff:192.0.2.1").status_code == 201
        assert error_of(create(c, "192.0.2.1"), 429)["code"] == "too-many-tables"


def test_websockets_are_counted_per_ipv6_64(tmp_path: Path) -> None:
    with app_client(tmp_path, max_connections_per_client=1) as c:
        table = c.post("/api/tables", json=TABLE).json()
        with c.websocket_connect(socket_url(table, 0),
                                 headers={ADDRESS: "2001:db8::1"}) as first:
            assert first.receive_json()["type"] == "view"
            with c.websocket_connect(socket_url(table, 1),
                                     headers={ADDRESS: "2001:db8::2"}) as second:
                assert second.receive_json()["code"] == "too-many-connections"
            with c.websocket_connect(socket_url(table, 1),
                                     headers={ADDRESS: "2001:db8:0:1::1"}) as other:
                assert other.receive_json()["type"] == "view"


def say(client: TestClient, table: dict[str, Any], seat: int, text: str,
        address: str) -> Any:
    return client.post(f"/api/tables/{table['table']}/chat",
                       json={"secret": table["seats"][seat]["secret"], "text": text},
                       headers={ADDRESS: address})


def test_one_seat_from_many_addresses_uses_only_its_own_share_of_the_chat(
        tmp_path: Path) -> None:
    with app_client(tmp_path, chat_per_minute=3, seat_chat_per_minute=6,
                    table_chat_per_minute=10) as c:
        table = c.post("/api/tables", json=TABLE).json()
        addresses = ["192.0.2.1", "192.0.2.2", "192.0.2.3"]
        sent = [say(c, table, 0, f"line {n}", addresses[n % 3]).status_code
                for n in range(6)]
        assert sent == [201] * 6  # each address is under its own rate
        refused = say(c, table, 0, "one more", "192.0.2.4")
        assert "a seat may send 6 chat messages a minute" in error_of(refused, 429)["message"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        # the table has lines left, and the other seats have their share of them
        assert say(c, table, 1, "my turn to talk", "198.51.100.1").status_code == 201
        assert say(c, table, 2, "and mine", "198.51.100.2").status_code == 201
        texts = [m["text"] for m in c.get(f"/api/tables/{table['table']}/chat").json()[
            "messages"]]
        assert texts == [f"line {n}" for n in range(6)] + ["my turn to talk", "and mine"]


def test_a_seat_share_is_below_the_table_rate() -> None:
    assert ServerSettings().seat_chat_per_minute < ServerSettings().table_chat_per_minute
    with pytest.raises(InvalidOptionError, match=r"seat_chat_per_minute is below "
                                                 r"table_chat_per_minute \(60\).*; not 60"):
        ServerSettings(seat_chat_per_minute=60, table_chat_per_minute=60)
    with pytest.raises(InvalidOptionError, match="seat_chat_per_minute"):
        ServerSettings(seat_chat_per_minute=0)
