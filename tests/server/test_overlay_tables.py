"""A what-if table over the API: the catalogue lists what an overlay may change, a table
takes one through its options (checked as ``make`` checks it), every view says it, and
a bad key is refused with nothing stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import wintergames as wg
from wintergames.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                               seeded_human_tables=True)) as c:
        yield c


def test_the_catalogue_lists_each_games_overlay_keys(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    for spec in wg.available_games():
        assert spec.overlay is not None
        listed = {entry["key"]: entry for entry in games[spec.id]["overlay"]}
        assert set(listed) == set(spec.overlay.params)
        for key, param in spec.overlay.params.items():
            assert listed[key]["bounds"] == param.bounds
            assert listed[key]["description"] == param.description


def test_a_table_takes_an_overlay_and_every_view_says_it(client: TestClient) -> None:
    body = {"game": "winter-queen", "seats": [{"kind": "human"}, {"kind": "random"},
                                              {"kind": "random"}],
            "options": {"overlay": {"stand_emptied": {"vp": "3"}}}, "seed": 4}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = made.json()
    for secret in (table["seats"][0]["secret"], table["spectator_secret"]):
        view = client.get(f"/api/tables/{table['table']}/view", params={"secret": secret})
        assert view.json()["overlay"] == {"stand_emptied.vp": 3}
    plain = client.post("/api/tables", json={**body, "options": {}}).json()
    view = client.get(f"/api/tables/{plain['table']}/view",
                      params={"secret": plain["spectator_secret"]})
    assert view.json()["overlay"] is None


@pytest.mark.parametrize(("overlay", "words"), [
    ({"stand_emptied.pv": 1}, "no key 'stand_emptied.pv' (did you mean 'stand_emptied.vp'?)"),
    ({"stand_emptied.vp": 11}, "'stand_emptied.vp' cannot be 11; allowed: 0 to 10"),
    ("stand_emptied.vp=2", "a table of keys and values"),
])
def test_a_bad_overlay_is_refused_naming_the_key_and_nothing_is_stored(
        client: TestClient, overlay: object, words: str) -> None:
    body = {"game": "winter-queen", "seats": [{"kind": "human"}] * 3,
            "options": {"overlay": overlay}}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert words in refused.json()["error"]["message"]
    assert client.app.state.hub.store.table_ids() == []  # type: ignore[attr-defined]
