"""The view carries the score breakdown at the end of a game, and nothing before it
(issue 18: the end screen's table)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wintergames.core.registry import get_spec
from wintergames.server.app import create_app

from .test_api import act, new_table, view, wait_until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                               seeded_human_tables=True)) as c:
        yield c


@pytest.mark.parametrize(("game", "seats"), [("snow-time", 3), ("winter-queen", 2),
                                             ("winterborne", 1), ("ice", 2)])
def test_a_finished_game_shows_each_seats_score_by_category(client: TestClient, game: str,
                                                            seats: int) -> None:
    table = new_table(client, game, ["random"] * seats, seed=7)
    over = wait_until(lambda: view(client, table, None), lambda v: v["over"])
    spec = get_spec(game)
    assert (over["score_unit"], over["score_unit_one"]) == (spec.score_unit, spec.score_unit_one)
    b = over["breakdown"]
    assert b["categories"] and len(set(b["categories"])) == len(b["categories"])
    assert len(b["rows"]) == seats
    assert [sum(row) for row in b["rows"]] == over["scores"]
    assert all(len(row) == len(b["categories"]) for row in b["rows"])


def test_no_breakdown_before_the_end_where_scores_are_hidden(client: TestClient) -> None:
    """Winter Queen's VP lie face down until the end: a seat sees its own total only, and
    a breakdown of everyone's would tell the rest."""
    table = new_table(client, "winter-queen", ["human", "human"], seed=7)
    for seat in (0, 1, None):
        shown = view(client, table, seat)
        assert not shown["over"] and shown["breakdown"] is None
        assert (shown["score_unit"], shown["score_unit_one"]) == ("VP", "VP")
    # playing on to the end, the breakdown appears with the scores, for every viewer
    while True:
        now = view(client, table, 0)
        if now["over"]:
            break
        seat = now["to_move"][0]
        mine = view(client, table, seat)
        response = act(client, table, seat, mine["legal"][0]["action"], mine["version"])
        assert response.status_code == 200, response.text
    for seat in (0, 1, None):
        final = view(client, table, seat)
        assert [sum(r) for r in final["breakdown"]["rows"]] == final["scores"]
