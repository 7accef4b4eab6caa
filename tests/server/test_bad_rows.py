"""One unreadable table in the database never takes down the lobby or another table.

Rows are planted straight into the database (as an older server, a bug or a hand edit
could have left them); nothing is deleted, the server only steps around them.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from wintergames.server.app import create_app
from wintergames.server.models import ActionRow, GameTable, Seat
from wintergames.server.store import Store, hash_secret

from .test_api import act, new_table, view, wait_until

SPECTATOR = "spectator-secret"


def plant(store: Store, table_id: str, game: str, num_players: int, options: dict[str, Any],
          actions: tuple[dict[str, Any], ...] = (), seats: tuple[int, ...] | None = None
          ) -> None:
    with store.session() as session:
        session.add(GameTable(
            id=table_id, game=game, num_players=num_players, options=options, seed=1,
            spectator_hash=hash_secret(SPECTATOR),
            seats=[Seat(index=i, kind="human", settings={}, secret_hash=None)
                   for i in (range(num_players) if seats is None else seats)]))
    for seq, action in enumerate(actions):
        store.append(table_id, seq, 0, action)


def plant_bad_rows(store: Store) -> list[str]:
    """Tables that cannot be rebuilt, each for a different reason; their ids."""
    # The 500 of issue 14: a seat number beyond the player count, stored by the old server.
    plant(store, "badoptions", "winter-queen", 2, {"first_player": "4"})
    plant(store, "nosuchgame", "chess", 2, {})
    plant(store, "badlog", "snow-time", 3, {}, ({"kind": "no-such-action"},))
    plant(store, "twoseats", "snow-time", 3, {}, seats=(0, 1))  # a seat row went missing
    plant(store, "farseat", "winter-queen", 2, {}, seats=(0, 5))
    bad = ["badoptions", "nosuchgame", "badlog", "twoseats", "farseat"]
    if store.engine.dialect.name == "sqlite":  # PostgreSQL refuses text that is not JSON
        plant(store, "notjson", "winter-queen", 2, {})
        with store.engine.begin() as connection:
            connection.execute(text("UPDATE game_tables SET options = '{nope' "
                                    "WHERE id = 'notjson'"))
        bad.append("notjson")
    return bad


def test_the_lobby_and_other_tables_step_around_unreadable_rows(
        database_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True)) as client:
        store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
        before = new_table(client, "winter-queen", ["human", "human"])
        bad = plant_bad_rows(store)
        after = new_table(client, "snow-time", ["human"] * 3)
        # The lobby reads each table's progress from its row; rows that were never
        # built have none, so they are not listed (and their bad columns are not read).
        listed = client.get("/api/tables")
        assert listed.status_code == 200, listed.text
        assert [t["table"] for t in listed.json()["tables"]] == [after["table"],
                                                                before["table"]]
        with caplog.at_level(logging.ERROR, logger="wintergames.server"):
            for table_id in bad:
                response = client.get(f"/api/tables/{table_id}/view",
                                      params={"secret": SPECTATOR})
                assert response.status_code == 500
                error = response.json()["error"]
                assert error["code"] == "unreadable-table" and table_id in error["message"]
        logged = " ".join(r.getMessage() for r in caplog.records)
        assert all(table_id in logged for table_id in bad)
        reason = client.get("/api/tables/badoptions/view").json()["error"]["message"]
        assert "first_player" in reason and "setup step 8" in reason
        # the good tables still play
        seat = view(client, before, None)["to_move"][0]
        mine = view(client, before, seat)
        assert act(client, before, seat, mine["legal"][0]["action"],
                   mine["version"]).status_code == 200
    # the rows are all still there
    with TestClient(create_app(database_url, seeded_human_tables=True)) as restarted:
        # the restart tries to summarise the unsummarised rows: the bad ones stay out
        hub = restarted.app.state.hub  # type: ignore[attr-defined]
        wait_until(lambda: set(hub.unreadable), lambda seen: seen >= set(bad))
        listed = restarted.get("/api/tables").json()["tables"]
        assert [t["table"] for t in listed] == [after["table"], before["table"]]
        assert view(restarted, before, None)["version"] == 1
        assert restarted.get("/api/tables/badlog/view").status_code == 500
        assert new_table(restarted, "winter-queen", ["human", "human"])["table"]
        with store.session() as session:
            stored = {row.id for row in session.query(GameTable.id)}
            logs = session.query(ActionRow).count()
        assert set(bad) <= stored and logs == 2
