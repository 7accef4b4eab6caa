"""Tables and people over the API: seat names, the creator closing a table, idle tables
closed by the server. Every refusal names its rule and changes nothing stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from wintergames.server.app import create_app
from wintergames.server.models import ActionRow, GameTable, Seat
from wintergames.server.people import NAME_MAX
from wintergames.server.store import Store

from .test_api import act, new_table, view, wait_until
from .test_recovery import hub_of, play, socket_url

# Names a person could type that the server must refuse, with the rule each breaks.
BAD_NAMES = [
    ("x" * (NAME_MAX + 1), f"is {NAME_MAX + 1} characters long; a name has at most {NAME_MAX}"),
    ("Ada\nLovelace", "holds U+000A; a name is one line of visible text"),
    ("Ada\u202eecalevol", "holds U+202E"),  # a bidi override would reorder the list around it
    ("tab\there", "holds U+0009"),
    # nothing to see: a joiner, a lone accent, a Hangul filler, the blank Braille cell
    ("\u200d", "shows nothing; a name needs a letter, digit, punctuation mark or symbol"),
    ("\u0301\u200c", "shows nothing"),
    ("\u3164", "shows nothing"),
    ("\u2800\u00a0\u2800", "shows nothing"),
]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                               seeded_human_tables=True)) as c:
        yield c


def store_of(client: TestClient) -> Store:
    return hub_of(client).store


def named_table(client: TestClient, names: list[str | None], kinds: list[str] | None = None,
                game: str = "winter-queen", **options: Any) -> dict[str, Any]:
    kinds = kinds or ["human"] * len(names)
    seats = [{"kind": k} if n is None else {"kind": k, "name": n}
             for k, n in zip(kinds, names, strict=True)]
    response = client.post("/api/tables", json={"game": game, "seats": seats, "seed": 3,
                                                "options": options})
    assert response.status_code == 201, response.text
    return dict(response.json())


def rename(client: TestClient, table: dict[str, Any], secret: str | None, name: Any) -> Any:
    return client.post(f"/api/tables/{table['table']}/name",
                       json={"secret": secret, "name": name})


def close(client: TestClient, table: dict[str, Any], secret: str) -> Any:
    return client.post(f"/api/tables/{table['table']}/close", json={"secret": secret})


def stored_rows(store: Store) -> tuple[int, int, list[tuple[str, int, str | None]]]:
    """Everything a refusal must leave as it was: tables, actions, and every seat's name."""
    with store.session() as session:
        tables = len(session.scalars(select(GameTable.id)).all())
        actions = len(session.scalars(select(ActionRow.id)).all())
        seats = [(s.table_id, s.index, s.nickname) for s in session.scalars(
            select(Seat).order_by(Seat.table_id, Seat.index))]
    return tables, actions, seats


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    return str(error["message"])


# -- names ------------------------------------------------------------------------------


def test_names_typed_at_creation_are_trimmed_stored_and_in_every_view(
        client: TestClient) -> None:
    table = named_table(client, ["  Ada  ", None, "Grace Hopper"],
                        kinds=["human", "random", "human"], first_player="1")
    assert [s["nickname"] for s in table["seats"]] == ["Ada", None, "Grace Hopper"]
    for seat in (0, 2, None):
        seats = view(client, table, seat)["seats"]
        assert [(s["name"], s["nickname"], s["kind"]) for s in seats] == [
            ("Player 1", "Ada", "human"), ("Player 2", None, "random"),
            ("Player 3", "Grace Hopper", "human")]
    listed = client.get("/api/tables").json()["tables"]
    assert listed[0]["nicknames"] == ["Ada", None, "Grace Hopper"]
    assert stored_rows(store_of(client))[2] == [(table["table"], 0, "Ada"),
                                                (table["table"], 1, None),
                                                (table["table"], 2, "Grace Hopper")]


@pytest.mark.parametrize(("name", "rule"), BAD_NAMES)
def test_a_bad_name_is_refused_at_creation_and_nothing_is_stored(
        client: TestClient, name: str, rule: str) -> None:
    before = stored_rows(store_of(client))
    response = client.post("/api/tables", json={
        "game": "winter-queen", "seats": [{"name": "Ada"}, {"name": name}]})
    assert f"Player 2's name {rule}" in error_of(response, 400, "bad-name")
    assert stored_rows(store_of(client)) == before


def test_a_name_of_any_script_or_emoji_with_joiners_is_taken(client: TestClient) -> None:
    names: list[str | None] = ["\U0001f469\u200d\U0001f469\u200d\U0001f467", "\u674e", "\u2026"]
    table = named_table(client, names, game="snow-time")
    assert [seat["nickname"] for seat in table["seats"]] == names


def test_only_a_persons_seat_takes_a_name(client: TestClient) -> None:
    before = stored_rows(store_of(client))
    response = client.post("/api/tables", json={
        "game": "winter-queen", "seats": [{}, {"kind": "random", "name": "Robo"}]})
    message = error_of(response, 400, "bad-name")
    assert "Player 2 is a random bot" in message and "only a person's seat" in message
    wrong_type = client.post("/api/tables", json={"game": "winter-queen",
                                                  "seats": [{"name": 7}, {}]})
    assert "name" in error_of(wrong_type, 422, "invalid-request")
    assert stored_rows(store_of(client)) == before


def test_a_person_names_their_own_seat_and_every_watcher_sees_it(client: TestClient) -> None:
    table = named_table(client, [None, "Bob"], first_player="1")
    secret = table["seats"][0]["secret"]
    with client.websocket_connect(socket_url(table, None)) as watcher:
        assert watcher.receive_json()["seats"][0]["nickname"] is None
        response = rename(client, table, secret, "  Ada ")
        assert response.status_code == 200, response.text
        assert response.json()["seat"] == 0 and response.json()["seats"][0]["nickname"] == "Ada"
        told = watcher.receive_json()
        assert told["type"] == "view" and [s["nickname"] for s in told["seats"]] == ["Ada", "Bob"]
    assert view(client, table, 1)["seats"][0]["nickname"] == "Ada"
    # the name is the seat's, not the table's: Bob's stays, and clearing is allowed
    assert rename(client, table, table["seats"][1]["secret"], "").status_code == 200
    assert [s["nickname"] for s in view(client, table, None)["seats"]] == ["Ada", None]
    # kept in storage: a restarted server shows it
    url = str(store_of(client).engine.url)
    with TestClient(create_app(url, seeded_human_tables=True)) as again:
        assert [s["nickname"] for s in view(again, table, 0)["seats"]] == ["Ada", None]


@pytest.mark.parametrize(("name", "rule"), BAD_NAMES)
def test_a_bad_rename_is_refused_and_changes_nothing(client: TestClient, name: str,
                                                     rule: str) -> None:
    table = named_table(client, ["Ada", None])
    before, shown = stored_rows(store_of(client)), view(client, table, None)
    message = error_of(rename(client, table, table["seats"][1]["secret"], name), 400,
                       "bad-name")
    assert f"Player 2's name {rule}" in message
    assert stored_rows(store_of(client)) == before and view(client, table, None) == shown


def test_only_a_seats_own_secret_renames_it(client: TestClient) -> None:
    table = named_table(client, ["Ada", "Bob"])
    before = stored_rows(store_of(client))
    assert "no seat to name" in error_of(
        rename(client, table, table["spectator_secret"], "Eve"), 403, "spectator")
    assert "opens no seat" in error_of(rename(client, table, "guess", "Eve"), 403, "bad-secret")
    assert "opens no seat" in error_of(
        rename(client, table, table["creator_secret"], "Eve"), 403, "bad-secret")
    missing = client.post("/api/tables/nosuchtable/name", json={"secret": "x", "name": "Eve"})
    error_of(missing, 404, "no-table")
    assert "name" in error_of(client.post(f"/api/tables/{table['table']}/name",
                                          json={"secret": table["seats"][0]["secret"]}),
                              422, "invalid-request")
    assert stored_rows(store_of(client)) == before


def test_names_stay_as_they_were_once_the_game_is_over(client: TestClient) -> None:
    table = named_table(client, ["Ada", None, None], kinds=["human", "random", "random"],
                        game="snow-time")
    secret = table["seats"][0]["secret"]
    while not (mine := view(client, table, 0))["over"]:
        if 0 in mine["to_move"]:
            assert act(client, table, 0, mine["legal"][0]["action"],
                       mine["version"]).status_code == 200
        else:
            wait_until(lambda: view(client, table, 0),
                       lambda v: v["over"] or 0 in v["to_move"])
    before = stored_rows(store_of(client))
    message = error_of(rename(client, table, secret, "Eve"), 409, "game-over")
    assert "keep the names they ended with" in message
    assert stored_rows(store_of(client)) == before


# -- closing ------------------------------------------------------------------------------


def test_the_creator_closes_a_table_which_stays_readable_and_refuses_moves(
        client: TestClient) -> None:
    table = named_table(client, ["Ada", "Bob"], first_player="1")
    play(client, table)
    store = store_of(client)
    before = stored_rows(store)
    # no other secret closes it, and a refusal changes nothing
    for secret in (table["seats"][0]["secret"], table["spectator_secret"], "guess"):
        assert "only the creator secret" in error_of(close(client, table, secret), 403,
                                                     "bad-secret")
    assert stored_rows(store) == before and view(client, table, None)["closed"] is None
    with client.websocket_connect(socket_url(table, 0)) as seat:
        opening = seat.receive_json()
        closed = close(client, table, table["creator_secret"])
        assert closed.status_code == 200, closed.text
        assert closed.json()["closed"]["by"] == "creator"
        told = seat.receive_json()
        assert told["closed"]["by"] == "creator" and told["legal"] == []
        seat.send_json({"type": "action", "version": opening["version"],
                        "action": opening["legal"][0]["action"]})
        refused = seat.receive_json()
        assert refused["type"] == "error" and refused["code"] == "closed"
    mine = view(client, table, 0)
    assert mine["closed"]["by"] == "creator" and mine["legal"] == [] and not mine["over"]
    message = error_of(act(client, table, 0, {"kind": "pass"}, mine["version"]), 409, "closed")
    assert "closed by its creator" in message and "stays open to read" in message
    assert "closed by its creator" in error_of(
        rename(client, table, table["seats"][0]["secret"], "Eve"), 409, "closed")
    assert "closed" in error_of(close(client, table, table["creator_secret"]), 409, "closed")
    assert stored_rows(store) == before  # the log, the seats and their names: all kept
    assert table["table"] not in {t["table"] for t in client.get("/api/tables").json()["tables"]}
    ended = client.get("/api/recent-games").json()["games"]
    assert [(g["table"], g["closed_by"], g["scores"]) for g in ended] == [
        (table["table"], "creator", None)]
    url = str(store.engine.url)
    with TestClient(create_app(url, seeded_human_tables=True)) as again:
        assert view(again, table, 0)["closed"] == mine["closed"]  # stored, not remembered


def test_a_finished_table_is_not_closed(client: TestClient) -> None:
    table = new_table(client, "snow-time", ["random"] * 3, seed=2)
    wait_until(lambda: view(client, table, None), lambda v: v["over"])
    before = stored_rows(store_of(client))
    message = error_of(close(client, table, table["creator_secret"]), 409, "game-over")
    assert "nothing to close" in message
    assert stored_rows(store_of(client)) == before
    assert client.get("/api/recent-games").json()["games"][0]["closed_by"] is None


def test_a_table_closed_by_another_server_process_refuses_the_next_move(
        database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True)) as a, \
            TestClient(create_app(database_url, seeded_human_tables=True)) as b:
        table = named_table(a, ["Ada", "Bob"], first_player="1")
        seen = view(a, table, 0)  # A holds the table in memory
        assert close(b, table, table["creator_secret"]).status_code == 200
        late = act(a, table, 0, seen["legal"][0]["action"], seen["version"])
        assert "closed by its creator" in error_of(late, 409, "closed")
        assert hub_of(a).store.actions(table["table"]) == []
        assert view(a, table, 0)["closed"]["by"] == "creator"


def backdate(store: Store, table_id: str, hours: float) -> None:
    with store.writing() as session:
        session.execute(update(GameTable).where(GameTable.id == table_id)
                        .values(touched_at=datetime.now(UTC) - timedelta(hours=hours)))


def test_tables_nobody_touched_for_the_set_time_are_closed(database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True,
                               close_after_seconds=3600)) as client:
        store, hub = store_of(client), hub_of(client)
        idle, played, fresh = (named_table(client, ["Ada", "Bob"], first_player="1")
                               for _ in range(3))
        done = new_table(client, "snow-time", ["random"] * 3, seed=2)
        wait_until(lambda: view(client, done, None), lambda v: v["over"])
        for table in (idle, played, done):
            backdate(store, table["table"], hours=2)
        play(client, played)  # a move touches its table again
        view(client, idle, None)  # reading does not
        with client.websocket_connect(socket_url(idle, 0)) as seat:
            seat.receive_json()
            closed = client.portal.call(hub.close_idle)  # type: ignore[union-attr]
            assert closed == [idle["table"]]
            assert seat.receive_json()["closed"]["by"] == "idle"
        message = error_of(act(client, idle, 0, {"kind": "pass"}, 0), 409, "closed")
        assert "after nobody played at it for a while" in message
        for table in (played, fresh, done):
            assert view(client, table, None)["closed"] is None
        assert client.portal.call(hub.close_idle) == []  # type: ignore[union-attr]


def test_a_move_stored_after_a_table_was_picked_as_idle_keeps_it_open(
        database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True)) as client:
        store = store_of(client)
        table = named_table(client, ["Ada", "Bob"], first_player="1")
        backdate(store, table["table"], hours=2)
        since = datetime.now(UTC) - timedelta(hours=1)
        assert store.idle_tables(since) == [table["table"]]
        play(client, table)  # lands between the sweep's look and its close
        assert store.close(table["table"], "idle", since) is None
        assert view(client, table, None)["closed"] is None and store.idle_tables(since) == []


def test_the_server_closes_idle_tables_by_itself(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'wg.db'}"
    with TestClient(create_app(url, seeded_human_tables=True, close_after_seconds=0.2,
                               resume_seconds=0.02)) as client:
        table = named_table(client, ["Ada", "Bob"])
        closed = wait_until(lambda: view(client, table, None)["closed"], bool)
        assert closed["by"] == "idle"
        assert client.get("/api/recent-games").json()["games"][0]["table"] == table["table"]


def test_two_seats_cannot_share_a_name_in_any_case(client: TestClient) -> None:
    """Issue 39 item 9: two seats could both be "Alice". The second is refused, at
    creation and on renaming, naming the seat that has it; nothing is stored."""
    before = stored_rows(store_of(client))
    response = client.post("/api/tables", json={
        "game": "winter-queen", "seats": [{"name": "Alice"}, {"name": " alice "}]})
    assert error_of(response, 409, "name-taken") == (
        "Player 1 is already called Alice; Player 2 needs another name")
    assert stored_rows(store_of(client)) == before
    table = named_table(client, ["Alice", None])
    before, shown = stored_rows(store_of(client)), view(client, table, None)
    refused = rename(client, table, table["seats"][1]["secret"], "ALICE")
    assert "Player 1 is already called Alice" in error_of(refused, 409, "name-taken")
    assert stored_rows(store_of(client)) == before and view(client, table, None) == shown
    # a seat may keep or retype its own name, and the other may take a free one
    assert rename(client, table, table["seats"][0]["secret"], "alice").status_code == 200
    assert rename(client, table, table["seats"][1]["secret"], "Bea").status_code == 200
    assert [s["nickname"] for s in view(client, table, None)["seats"]] == ["alice", "Bea"]


def test_every_view_and_the_catalogue_say_how_long_a_name_may_be(client: TestClient) -> None:
    """The name boxes stop at the server's limit (their maxlength): views and the lobby's
    catalogue carry it."""
    from wintergames.server.live import NAME_MAX

    table = named_table(client, ["Ada", None])
    assert view(client, table, 0)["name_max"] == NAME_MAX == 32
    assert client.get("/api/games").json()["name_max"] == NAME_MAX
