"""Nothing accepted is ever lost: a restarted server continues every game."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

import wintergames as wg
from wintergames.core.testing import snapshot
from wintergames.server.app import create_app

from .test_api import act, new_table, view


def play_some(client: TestClient, table: dict[str, Any], steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        v = view(client, table, None)
        if v["over"]:
            return
        seat = v["to_move"][0]
        mine = view(client, table, seat)
        choice = rng.choice(mine["legal"])["action"]
        assert act(client, table, seat, choice, mine["version"]).status_code == 200


def test_a_restarted_server_continues_where_it_was(database_url: str) -> None:
    url = database_url
    rng = random.Random(4)
    with TestClient(create_app(url, seeded_human_tables=True)) as first:
        table = new_table(first, "snow-time", ["human"] * 3, seed=11)
        play_some(first, table, 25, rng)
        before = view(first, table, 1)
    # a new process would see only the file
    with TestClient(create_app(url, seeded_human_tables=True)) as second:
        assert view(second, table, 1) == before
        play_some(second, table, 10_000, rng)
        final = view(second, table, None)
        hub = second.app.state.hub  # type: ignore[attr-defined]
        live = hub.table(table["table"])
    assert final["over"]
    again = wg.replay(live.state.record())  # an uninterrupted replay of the same log
    assert snapshot(again) == snapshot(live.state)


def test_the_log_only_grows(database_url: str) -> None:
    url = database_url
    with TestClient(create_app(url, seeded_human_tables=True)) as client:
        table = new_table(client, "winter-queen", ["human", "human"])
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        seen: list[tuple[int, dict[str, Any]]] = []
        rng = random.Random(1)
        for _ in range(6):
            play_some(client, table, 1, rng)
            log = store.actions(table["table"])
            assert log[: len(seen)] == seen and len(log) == len(seen) + 1
            seen = log
        v = view(client, table, 0)
        refused = act(client, table, 1, {"kind": "pass"}, 0)
        assert refused.status_code == 409 and store.actions(table["table"]) == seen
        assert view(client, table, 0) == v
