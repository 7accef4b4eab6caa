"""After a game: every step of its replay at once, its record, and rematches."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from typer.testing import CliRunner

import wintergames as wg
from wintergames.cli.main import app as cli
from wintergames.server.app import create_app
from wintergames.server.models import ActionRow, GameTable, Rematch, Replay, Seat
from wintergames.server.store import Store

from .test_api import act, new_table, view, wait_until
from .test_recovery import hub_of


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                               seeded_human_tables=True)) as c:
        yield c


def store_of(client: TestClient) -> Store:
    return client.app.state.hub.store  # type: ignore[attr-defined]


def bots_finish(client: TestClient, game: str, kinds: list[str], seed: int,
                **options: Any) -> dict[str, Any]:
    table = new_table(client, game, kinds, seed=seed, **options)
    wait_until(lambda: view(client, table, None), lambda v: v["over"])
    return table


def people_finish(client: TestClient, table: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Play every person's seat with random legal moves over HTTP until the game ends."""
    rng = random.Random(seed)
    while True:
        now = wait_until(lambda: view(client, table, None),
                         lambda v: v["over"] or any(table["seats"][p]["secret"]
                                                    for p in v["to_move"]))
        if now["over"]:
            return now
        seat = next(p for p in now["to_move"] if table["seats"][p]["secret"])
        mine = view(client, table, seat)
        if not mine["legal"]:
            continue  # its hidden choice is in; the others are still choosing
        response = act(client, table, seat, rng.choice(mine["legal"])["action"],
                       mine["version"])
        assert response.status_code in (200, 409), response.text


def all_steps(client: TestClient, table_id: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/replay/all")
    assert response.status_code == 200, response.text
    return dict(response.json())


# -- replay: every step at once ----------------------------------------------------------


def test_every_step_comes_at_once_as_the_step_by_step_replay_shows_it(
        client: TestClient) -> None:
    table = new_table(client, "snow-time", ["random"] * 3, seed=2)
    early = client.get(f"/api/tables/{table['table']}/replay/all")
    assert early.status_code == 409 and early.json()["error"]["code"] == "not-over"
    final = wait_until(lambda: view(client, table, None), lambda v: v["over"])
    data = all_steps(client, table["table"])
    assert data["steps"] == final["version"] == len(data["frames"]) - 1
    assert (data["scores"], data["winners"], data["seed"]) == (
        final["scores"], final["winners"], final["seed"])
    assert data["log"] == final["log"]  # the spectator's log, nothing a seat alone saw
    # the end screen's breakdown, the same numbers, each seat's row adding up to its score
    assert data["breakdown"] == final["breakdown"]
    assert [sum(row) for row in data["breakdown"]["rows"]] == data["scores"]
    for step in sorted({0, 1, 2, data["steps"] // 2, data["steps"] - 1, data["steps"]}):
        one = client.get(f"/api/tables/{table['table']}/replay", params={"step": step}).json()
        frame = data["frames"][step]
        assert frame["step"] == step and frame["observation"] == one["observation"]
        assert data["log"][:frame["log"]] == one["log"]
    actors = [f["actor"] for f in data["frames"][1:]]
    assert actors == [p for p, _ in wg.replay(client.get(
        f"/api/tables/{table['table']}/record").json()).history]


def test_frames_hold_only_what_a_spectator_sees(client: TestClient) -> None:
    """A hand a seat keeps hidden (Winterborne's) appears in no frame: each frame is the
    spectator's observation of that step, exactly."""
    table = bots_finish(client, "winterborne", ["random", "random"], seed=4)
    data = all_steps(client, table["table"])
    record = client.get(f"/api/tables/{table['table']}/record").json()
    for step in (0, data["steps"] // 3, data["steps"]):
        state = wg.replay(record, upto=step)
        assert data["frames"][step]["observation"] == json.loads(
            json.dumps(state.observation(None)))
        assert data["frames"][step]["observation"] != json.loads(
            json.dumps(state.observation(0)))  # a seat sees more than the frame shows


def test_a_seats_replay_is_the_game_as_that_seat_saw_it(client: TestClient) -> None:
    """Issue 39 item 2: after the game a seat's replay offers its own view (its hand as it
    was, the log lines shown to it alone); the other seat's hand stays hidden, a wrong
    secret opens nothing, and spectators keep the public view."""
    table = new_table(client, "winterborne", ["human", "random"], seed=4)
    people_finish(client, table, seed=4)
    record = client.get(f"/api/tables/{table['table']}/record").json()
    secret = table["seats"][0]["secret"]
    mine = client.get(f"/api/tables/{table['table']}/replay/all", params={"secret": secret})
    assert mine.status_code == 200 and mine.headers["cache-control"].startswith("private")
    data = mine.json()
    assert data["seat"] == 0 and all_steps(client, table["table"])["seat"] is None
    for step in (0, data["steps"] // 2, data["steps"]):
        state = wg.replay(record, upto=step)
        seen = data["frames"][step]["observation"]
        assert seen == json.loads(json.dumps(state.observation(0)))
        assert "hand" in seen["seats"][0] and "hand" not in seen["seats"][1]
    private = [e.view() for e in wg.replay(record).log if e.visible(0) and not e.visible(None)]
    assert len(data["log"]) == len(all_steps(client, table["table"])["log"]) + len(private)
    wrong = client.get(f"/api/tables/{table['table']}/replay/all", params={"secret": "nope"})
    assert wrong.status_code == 403


def test_a_finished_game_is_replayed_once_however_often_it_is_stepped(
        client: TestClient) -> None:
    shelf = client.app.state.replays  # type: ignore[attr-defined]
    start = shelf.computed
    table = bots_finish(client, "winter-queen", ["random", "random"], seed=5)
    # made as the game ended, before anyone asked: its first viewer waits for nothing
    before = wait_until(lambda: shelf.computed, lambda made: made == start + 1)
    plain = client.get(f"/api/tables/{table['table']}/replay/all",
                       headers={"Accept-Encoding": "identity"})
    zipped = client.get(f"/api/tables/{table['table']}/replay/all")
    assert plain.headers.get("content-encoding") is None
    assert zipped.headers["content-encoding"] == "gzip"
    assert plain.json() == zipped.json()
    for _ in range(3):
        all_steps(client, table["table"])
    assert shelf.computed == before


def test_replays_are_kept_in_storage_and_in_memory_while_they_fit(
        client: TestClient) -> None:
    replays = client.app.state.replays  # type: ignore[attr-defined]
    replays.memory_bytes = 1  # only the one used last stays in memory
    hub_of(client).after_game.clear()  # only what is asked for is made here
    tables = [bots_finish(client, "winter-queen", ["random", "random"], seed=s)["table"]
              for s in (13, 14, 15)]
    before = replays.computed
    first = [all_steps(client, table_id) for table_id in tables]
    assert replays.computed == before + 3
    # out of memory, each is read back from storage, not made again
    assert [all_steps(client, table_id) for table_id in reversed(tables)] == first[::-1]
    assert replays.computed == before + 3
    with store_of(client).session() as session:
        kept = session.scalars(select(Replay.table_id).where(Replay.seat == -1)).all()
    assert sorted(kept) == sorted(tables)


def test_a_replay_is_made_once_across_a_restart(database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True)) as first:
        table = bots_finish(first, "snow-time", ["random"] * 3, seed=6)["table"]
        replays = first.app.state.replays  # type: ignore[attr-defined]
        wait_until(lambda: replays.computed, lambda made: made == 1)  # as the game ended
        seen = all_steps(first, table)
    with TestClient(create_app(database_url, seeded_human_tables=True)) as second:
        assert all_steps(second, table) == seen
        step = second.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
        assert step["observation"] == seen["frames"][3]["observation"]
        assert second.app.state.replays.computed == 0  # type: ignore[attr-defined]


def test_replay_reads_are_limited_per_client(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}", seeded_human_tables=True,
                               replay_reads_per_minute=3)) as c:
        table = bots_finish(c, "winter-queen", ["random", "random"], seed=5)["table"]
        for _ in range(2):
            all_steps(c, table)
        assert c.get(f"/api/tables/{table}/replay", params={"step": 1}).status_code == 200
        refused = c.get(f"/api/tables/{table}/replay/all")
        assert refused.status_code == 429 and refused.headers["retry-after"]
        assert refused.json()["error"]["code"] == "too-many-reads"


def test_an_unknown_table_has_no_replay_page_data(client: TestClient) -> None:
    assert client.get("/api/tables/nope/replay/all").status_code == 404
    page = client.get("/replay/whatever")  # the page itself says so once it asks
    assert page.status_code == 200 and "replay.js" in page.text


# -- the record ---------------------------------------------------------------------------


def test_the_record_downloads_as_a_file_that_the_terminal_replays(
        client: TestClient, tmp_path: Path) -> None:
    table = new_table(client, "winter-queen", ["human", "greedy"], seed=6, first_player="1")
    client.post(f"/api/tables/{table['table']}/name",
                json={"secret": table["seats"][0]["secret"], "name": "Ada"})
    early = client.get(f"/api/tables/{table['table']}/record")
    assert early.status_code == 409  # the seed of a game in progress stays unknown
    final = people_finish(client, table)
    response = client.get(f"/api/tables/{table['table']}/record")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == (
        f'attachment; filename="winter-queen-{table["table"]}.json"')
    record = response.json()
    assert record["seats"] == [{"kind": "human", "name": "Ada"},
                               {"kind": "greedy", "name": None}]
    rebuilt = wg.replay(record)
    assert (rebuilt.scores(), rebuilt.winners()) == (final["scores"], final["winners"])
    path = tmp_path / "game.json"
    path.write_bytes(response.content)
    result = CliRunner().invoke(cli, ["replay", str(path), "--no-pause"],
                                env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())  # rich wraps long lines
    names = ["Ada", "greedy"]
    scores = ", ".join(f"Player {p + 1} ({names[p]}) {v}" for p, v in enumerate(final["scores"]))
    assert f"Final scores (VP): {scores}" in shown, shown[-400:]


# -- rematch ----------------------------------------------------------------------------


def rematch(client: TestClient, table_id: str, secret: str | None) -> Any:
    return client.post(f"/api/tables/{table_id}/rematch", json={"secret": secret})


def count(store: Store, model: Any) -> int:
    with store.session() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_a_rematch_keeps_seats_and_options_and_each_person_claims_their_seat(
        client: TestClient) -> None:
    body = {"game": "winter-queen", "seed": 8, "options": {"first_player": "2"},
            "seats": [{"kind": "human", "name": "Ada"},
                      {"kind": "greedy", "settings": {"samples": 1}},
                      {"kind": "human", "name": "Bea"}]}
    old = client.post("/api/tables", json=body).json()
    before = client.post(f"/api/tables/{old['table']}/rematch",
                         json={"secret": old["seats"][0]["secret"]})
    assert before.status_code == 409 and before.json()["error"]["code"] == "not-over"
    store = store_of(client)
    assert count(store, Rematch) == 0 and count(store, GameTable) == 1
    people_finish(client, old)

    ada = rematch(client, old["table"], old["seats"][0]["secret"]).json()
    assert ada["created"] and ada["seat"] == 0 and ada["table"] != old["table"]
    assert ada["invite"] == f"/table/{ada['table']}?secret={ada['secret']}"
    new = {"table": ada["table"], "seats": [{"secret": ada["secret"]}, {"secret": None},
                                            {"secret": None}]}
    seen = view(client, new, 0)
    assert seen["seat"] == 0 and seen["game"] == "winter-queen" and not seen["over"]
    assert [(s["kind"], s["nickname"]) for s in seen["seats"]] == [
        ("human", "Ada"), ("greedy", None), ("human", "Bea")]
    with store.session() as session:
        rows = {t.id: t for t in session.scalars(select(GameTable))}
        settings = list(session.scalars(select(Seat.settings).where(
            Seat.table_id == ada["table"]).order_by(Seat.index)))
    assert rows[ada["table"]].options == rows[old["table"]].options == {"first_player": "2"}
    assert rows[ada["table"]].seed != rows[old["table"]].seed
    assert settings == [{}, {"samples": 1}, {}]

    # Bea's old secret does not open the new table; her claim gives her own seat
    bea_old = old["seats"][2]["secret"]
    assert client.get(f"/api/tables/{ada['table']}/view",
                      params={"secret": bea_old}).status_code == 403
    bea = rematch(client, old["table"], bea_old).json()
    assert bea["table"] == ada["table"] and not bea["created"] and bea["seat"] == 2
    assert bea["secret"] != ada["secret"] and bea["creator_secret"] is None
    assert client.get(f"/api/tables/{ada['table']}/view",
                      params={"secret": bea["secret"]}).json()["seat"] == 2
    # asking again (another browser) gives the same table and the same secret: one each
    again = rematch(client, old["table"], bea_old).json()
    assert (again["table"], again["secret"]) == (bea["table"], bea["secret"])
    assert count(store, Rematch) == 1 and count(store, GameTable) == 2
    # the new secrets open nothing at the old table, and the starter may close the new one
    assert client.get(f"/api/tables/{old['table']}/view",
                      params={"secret": ada["secret"]}).status_code == 403
    assert ada["creator_secret"] and again["creator_secret"] is None
    assert client.post(f"/api/tables/{ada['table']}/close",
                       json={"secret": ada["creator_secret"]}).status_code == 200
    # only hashes are stored: no issued secret is anywhere in the database
    dump = "\n".join(store.engine.raw_connection().driver_connection.iterdump())  # type: ignore[union-attr]
    for secret in (ada["secret"], bea["secret"], ada["creator_secret"]):
        assert secret not in dump


def test_spectators_get_the_rematchs_link_once_a_person_started_it(client: TestClient) -> None:
    old = new_table(client, "winter-queen", ["human", "random"], seed=9, first_player="1")
    people_finish(client, old)
    store = store_of(client)
    link = client.get(f"/api/tables/{old['table']}/rematch").json()
    assert link == {"table": None, "spectator": None}
    refused = rematch(client, old["table"], old["spectator_secret"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "no-rematch-yet"
    assert rematch(client, old["table"], None).status_code == 409
    assert count(store, GameTable) == 1  # nothing was made
    started = rematch(client, old["table"], old["seats"][0]["secret"]).json()
    watcher = rematch(client, old["table"], None).json()
    assert watcher["table"] == started["table"] and watcher["seat"] is None
    assert watcher["secret"] is None and watcher["spectator"] == f"/table/{started['table']}"
    assert client.get(f"/api/tables/{old['table']}/rematch").json()["table"] == started["table"]
    bad = rematch(client, old["table"], "not-a-secret")
    assert bad.status_code == 403


def test_a_table_of_bots_is_rematched_by_anyone_and_plays_on_its_own(
        client: TestClient) -> None:
    old = bots_finish(client, "snow-time", ["random", "greedy"], seed=10)
    first = rematch(client, old["table"], None).json()
    assert first["created"] and first["creator_secret"] is None
    final = wait_until(lambda: client.get(f"/api/tables/{first['table']}/view").json(),
                       lambda v: v["over"])
    assert [s["kind"] for s in final["seats"]] == ["random", "greedy"]
    assert rematch(client, old["table"], None).json()["table"] == first["table"]


def test_rematch_requests_at_once_make_one_table(client: TestClient) -> None:
    old = bots_finish(client, "winter-queen", ["random", "random"], seed=11)
    store = store_of(client)
    tables = count(store, GameTable)
    answers: list[str] = []

    def ask() -> None:
        answers.append(rematch(client, old["table"], None).json()["table"])

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 6 and len(set(answers)) == 1
    assert count(store, GameTable) == tables + 1 and count(store, Rematch) == 1


def test_the_rematch_table_is_stored_and_survives_a_restart(database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True)) as client:
        old = new_table(client, "winter-queen", ["human", "random"], seed=12,
                        first_player="1")
        people_finish(client, old)
        ada = rematch(client, old["table"], old["seats"][0]["secret"]).json()
        actions = count(store_of(client), ActionRow)
    with TestClient(create_app(database_url)) as client:  # a new server on the same rows
        again = rematch(client, old["table"], old["seats"][0]["secret"]).json()
        assert (again["table"], again["secret"]) == (ada["table"], ada["secret"])
        seen = client.get(f"/api/tables/{ada['table']}/view", params={"secret": ada["secret"]})
        assert seen.json()["seat"] == 0
        assert count(store_of(client), ActionRow) >= actions  # nothing was taken away
