"""The table chat over the API and the WebSocket, on SQLite and PostgreSQL: seats write,
everyone watching reads at once, a reload (or a restart) shows the history, and every
refusal names its rule and stores nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, select, update
from starlette.testclient import WebSocketTestSession

from wintergames.server.app import create_app
from wintergames.server.chat import HISTORY, TEXT_MAX
from wintergames.server.models import ChatMessage, GameTable
from wintergames.server.store import MIGRATIONS, Store, normalized_url

from .test_people import close, error_of, named_table, rename, store_of
from .test_recovery import socket_url

SCRIPT = "<script>document.title='owned'</script><b>&amp;"


def app_client(database_url: str, **settings: Any) -> TestClient:
    return TestClient(create_app(database_url, seeded_human_tables=True, **settings))


def say(client: TestClient, table: dict[str, Any], secret: str | None, text: Any) -> Any:
    return client.post(f"/api/tables/{table['table']}/chat", json={"secret": secret,
                                                                    "text": text})


def seat_secret(table: dict[str, Any], seat: int) -> str:
    return str(table["seats"][seat]["secret"])


def history(client: TestClient, table: dict[str, Any], **params: Any) -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{table['table']}/chat", params=params)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["max_length"] == TEXT_MAX
    return list(body["messages"])


def stored(store: Store) -> list[tuple[str, int, str | None, str]]:
    with store.session() as session:
        return [(m.table_id, m.seat, m.nickname, m.text) for m in session.scalars(
            select(ChatMessage).order_by(ChatMessage.id))]


def next_of(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (views of other changes are passed over)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message


def connected(ws: WebSocketTestSession) -> dict[str, Any]:
    first: dict[str, Any] = ws.receive_json()
    assert first["type"] == "view"
    return first


# -- writing and reading ----------------------------------------------------------------

def test_a_seat_writes_on_its_socket_and_every_watcher_reads_it_at_once(
        database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        with client.websocket_connect(socket_url(table, 0)) as ada, \
                client.websocket_connect(socket_url(table, 1)) as bob, \
                client.websocket_connect(socket_url(table, None)) as watcher:
            for ws in (ada, bob, watcher):
                connected(ws)
            ada.send_json({"type": "chat", "text": "  good luck, Bob!  "})
            heard = [next_of(ws, "chat")["message"] for ws in (ada, bob, watcher)]
        assert heard[0] == heard[1] == heard[2]
        message = heard[0]
        # signed by the seat and its name; trimmed; stored before anyone was told
        assert (message["seat"], message["name"], message["nickname"], message["text"]) == (
            0, "Player 1", "Ada", "good luck, Bob!")
        assert datetime.fromisoformat(message["at"]) <= datetime.now(UTC)
        assert stored(store_of(client)) == [(table["table"], 0, "Ada", "good luck, Bob!")]
        assert history(client, table) == [message]


def test_a_seat_writes_over_http_and_a_reload_shows_the_history(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", None], first_player="1")
        first = say(client, table, seat_secret(table, 0), "hi")
        second = say(client, table, seat_secret(table, 1), "hello Ada")
        assert first.status_code == second.status_code == 201, second.text
        assert second.json()["message"]["nickname"] is None  # shown "Player 2"
        # a page asks for the history each time its socket opens
        with client.websocket_connect(socket_url(table, None)) as watcher:
            connected(watcher)
            watcher.send_json({"type": "chat-history"})
            on_socket = next_of(watcher, "chat-history")
        assert on_socket["max_length"] == TEXT_MAX
        assert [m["text"] for m in on_socket["messages"]] == ["hi", "hello Ada"]
    with app_client(database_url) as restarted:  # the chat is stored with the table
        assert history(restarted, table) == on_socket["messages"]
        assert history(restarted, table, secret=seat_secret(table, 1)) == on_socket["messages"]


def test_the_history_is_the_last_hundred_oldest_first(database_url: str) -> None:
    with app_client(database_url, chat_per_minute=1000, table_chat_per_minute=1000,
                    seat_chat_per_minute=999) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        for n in range(HISTORY + 5):
            assert say(client, table, seat_secret(table, n % 2), f"message {n}"
                       ).status_code == 201
        texts = [m["text"] for m in history(client, table)]
        assert texts == [f"message {n}" for n in range(5, HISTORY + 5)]
        assert [m["text"] for m in history(client, table, limit=3)] == [
            f"message {n}" for n in range(HISTORY + 2, HISTORY + 5)]
        error_of(client.get(f"/api/tables/{table['table']}/chat",
                            params={"limit": HISTORY + 1}), 422, "invalid-request")
        assert len(stored(store_of(client))) == HISTORY + 5  # older ones are kept, not shown


def test_a_message_keeps_the_name_its_seat_had_when_it_was_written(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        say(client, table, seat_secret(table, 0), "before")
        assert rename(client, table, seat_secret(table, 0), "Ada L.").status_code == 200
        say(client, table, seat_secret(table, 0), "after")
        assert [(m["nickname"], m["text"]) for m in history(client, table)] == [
            ("Ada", "before"), ("Ada L.", "after")]


def test_markup_is_kept_as_the_text_it_is(database_url: str) -> None:
    """The server neither runs nor mangles markup: it stores and sends the characters
    typed, as JSON; the page shows them as text (tests/browser/test_chat.py)."""
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        response = say(client, table, seat_secret(table, 0), SCRIPT)
        assert response.status_code == 201
        assert response.headers["content-type"] == "application/json"
        assert response.json()["message"]["text"] == SCRIPT
        assert history(client, table)[0]["text"] == SCRIPT


def test_a_message_touches_the_table_so_people_talking_keep_it_open(
        database_url: str) -> None:
    with app_client(database_url) as client:
        store = store_of(client)
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        with store.writing() as session:
            session.execute(update(GameTable).where(GameTable.id == table["table"]).values(
                touched_at=datetime.now(UTC) - timedelta(hours=2)))
        since = datetime.now(UTC) - timedelta(hours=1)
        assert store.idle_tables(since) == [table["table"]]
        say(client, table, seat_secret(table, 1), "still here")
        assert store.idle_tables(since) == []


# -- refusals: each names its rule and stores nothing -----------------------------------

BAD_TEXTS = [
    ("", f"a chat message is empty; write 1 to {TEXT_MAX} characters"),
    ("  \t \n ", f"a chat message is empty; write 1 to {TEXT_MAX} characters"),
    ("x" * (TEXT_MAX + 1), f"a chat message is {TEXT_MAX + 1} characters long; a message "
                           f"has at most {TEXT_MAX}"),
    ("two\nlines", "a chat message holds U+000A; a message is one line of visible text"),
    ("abc\u202edef", "a chat message holds U+202E"),  # would reorder the text after it
    ("\u200d\u3164", "a chat message shows nothing"),  # a joiner and a blank letter
]


@pytest.mark.parametrize(("text", "rule"), BAD_TEXTS)
def test_an_empty_long_or_multiline_message_is_refused_naming_the_rule(
        database_url: str, text: str, rule: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        assert rule in error_of(say(client, table, seat_secret(table, 0), text), 400,
                                "bad-chat")
        with client.websocket_connect(socket_url(table, 0)) as ada:
            connected(ada)
            ada.send_json({"type": "chat", "text": text})
            refused = next_of(ada, "error")
        assert (refused["code"], refused["about"]) == ("bad-chat", "chat")
        assert rule in refused["message"]
        assert stored(store_of(client)) == [] and history(client, table) == []


def test_the_longest_message_is_taken_whole(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        longest = "é" * TEXT_MAX  # characters, not bytes (two bytes each in UTF-8)
        assert say(client, table, seat_secret(table, 0), longest).status_code == 201
        assert history(client, table)[0]["text"] == longest


def test_spectators_read_the_chat_but_cannot_write(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        message = error_of(say(client, table, table["spectator_secret"], "hi all"), 403,
                           "spectator")
        assert message == ("spectators read the chat; only the people at the table's seats "
                           "write in it")
        with client.websocket_connect(socket_url(table, None)) as watcher:
            connected(watcher)
            watcher.send_json({"type": "chat", "text": "hi all"})
            refused = next_of(watcher, "error")
        assert (refused["code"], refused["about"]) == ("spectator", "chat")
        assert stored(store_of(client)) == []


def test_bad_json_and_bad_fields_are_refused_and_change_nothing(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        url = f"/api/tables/{table['table']}/chat"
        broken = client.post(url, content=b'{"secret": "x", "text": "hi"',
                             headers={"Content-Type": "application/json"})
        assert "not JSON" in error_of(broken, 400, "malformed")
        assert "text" in error_of(say(client, table, seat_secret(table, 0), 5), 422,
                                  "invalid-request")
        extra = client.post(url, json={"secret": seat_secret(table, 0), "text": "hi",
                                       "seat": 1})
        assert "seat" in error_of(extra, 422, "invalid-request")
        error_of(say(client, table, "not-a-secret", "hi"), 403, "bad-secret")
        error_of(client.post("/api/tables/nosuchtable/chat",
                             json={"secret": "x", "text": "hi"}), 404, "no-table")
        error_of(client.get(f"{url}?secret=wrong"), 403, "bad-secret")
        with client.websocket_connect(socket_url(table, 0)) as ada:
            connected(ada)
            ada.send_text('{"type": "chat", "text": ')
            assert ada.receive_json()["code"] == "malformed"
            ada.send_json({"type": "chat", "text": ["hi"]})
            refused = next_of(ada, "error")
            assert refused["message"] == (f"a chat message's 'text' is a string of 1 to "
                                          f"{TEXT_MAX} characters, not list")
            ada.send_json({"type": "chat"})
            assert next_of(ada, "error")["message"].endswith("not NoneType")
        assert stored(store_of(client)) == []


def test_a_client_and_a_table_are_held_to_their_rates(database_url: str) -> None:
    with app_client(database_url, chat_per_minute=4, table_chat_per_minute=3,
                    seat_chat_per_minute=2) as client:
        first = named_table(client, ["Ada", "Bob"], first_player="1")
        second = named_table(client, ["Cy", "Di"], first_player="1")
        for seat, text in ((0, "one"), (0, "two"), (1, "three")):
            assert say(client, first, seat_secret(first, seat), text).status_code == 201
        busy = say(client, first, seat_secret(first, 1), "four")
        assert "a table takes 3 chat messages a minute; try again in" in error_of(
            busy, 429, "too-many-messages")
        assert 1 <= int(busy.headers["Retry-After"]) <= 60
        # the refused message counted for nobody: this client has one more to send
        assert say(client, second, seat_secret(second, 0), "elsewhere").status_code == 201
        over = say(client, second, seat_secret(second, 1), "again")
        assert "a client may send 4 chat messages a minute" in error_of(
            over, 429, "too-many-messages")
        assert [text for *_, text in stored(store_of(client))] == [
            "one", "two", "three", "elsewhere"]


def test_a_closed_table_keeps_its_chat_to_read_and_takes_no_more(database_url: str) -> None:
    with app_client(database_url) as client:
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        say(client, table, seat_secret(table, 0), "bye")
        assert close(client, table, table["creator_secret"]).status_code == 200
        message = error_of(say(client, table, seat_secret(table, 1), "wait"), 409, "closed")
        assert "closed by its creator" in message
        assert [m["text"] for m in history(client, table)] == ["bye"]
        assert len(stored(store_of(client))) == 1


def test_a_table_closed_by_another_server_refuses_the_message_and_says_so(
        database_url: str) -> None:
    with app_client(database_url) as a, app_client(database_url) as b:
        table = named_table(a, ["Ada", "Bob"], first_player="1")
        assert say(a, table, seat_secret(table, 0), "hi").status_code == 201  # a has it
        assert close(b, table, table["creator_secret"]).status_code == 200
        assert "closed by its creator" in error_of(
            say(a, table, seat_secret(table, 1), "still there?"), 409, "closed")
        assert [text for *_, text in stored(store_of(a))] == ["hi"]


# -- the schema -------------------------------------------------------------------------

def test_the_chat_table_is_added_to_a_database_of_the_previous_server(
        empty_database_url: str) -> None:
    database_url = empty_database_url
    engine = create_engine(normalized_url(database_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0003")
    assert "chat_messages" not in inspect(engine).get_table_names()
    engine.dispose()
    with app_client(database_url) as client:  # upgrades on start
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        assert say(client, table, seat_secret(table, 0), "new here").status_code == 201
    engine = create_engine(normalized_url(database_url))
    indexes = {ix["name"]: ix["column_names"]
               for ix in inspect(engine).get_indexes("chat_messages")}
    engine.dispose()
    assert indexes["ix_chat_messages_table"] == ["table_id", "id"]
