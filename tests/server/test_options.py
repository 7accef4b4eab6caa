"""Every option value the lobby offers, at every player count: a table or a clear refusal.

The values come from ``GET /api/games`` (what the web lobby shows), not from a list kept
here, so an option added to a game is covered without touching this test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wintergames import available_games
from wintergames.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # a test server: tables with people take the test's seeds, and one client (this
    # test) creates more tables a minute than a public server allows
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}", seeded_human_tables=True,
                               tables_per_minute=100_000)) as c:
        yield c


def offered(game: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every (player count, options) the lobby lets a person pick, one option at a time."""
    for n in range(game["min_players"], game["max_players"] + 1):
        yield n, {}
        for option in game["options"]:
            for value in option["choices"] or [option["default"]]:
                yield n, {option["name"]: value}


# One game at a time: the five share the workers instead of one test holding one for long.
@pytest.mark.parametrize("game_id", [spec.id for spec in available_games()])
def test_every_offered_option_value_makes_a_table_or_is_refused_by_its_rule(
        client: TestClient, game_id: str) -> None:
    catalogue = client.get("/api/games").json()
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    refused: set[tuple[str, int, str]] = set()
    created: list[str] = []
    (game,) = [g for g in catalogue["games"] if g["id"] == game_id]
    for n, options in offered(game):
        body = {"game": game["id"], "seats": [{"kind": "human"}] * n, "options": options,
                "seed": 5}
        response = client.post("/api/tables", json=body)
        # the lobby offers at this player count exactly what the server accepts
        assert (response.status_code == 201) == offers(game, n, options)
        if response.status_code == 201:
            table = response.json()
            created.append(table["table"])
            seen = client.get(f"/api/tables/{table['table']}/view",
                              params={"secret": table["spectator_secret"]})
            assert seen.status_code == 200, seen.text
            continue
        assert 400 <= response.status_code < 500, (game["id"], n, options, response.text)
        message = response.json()["error"]["message"]
        ((name, value),) = options.items()  # the defaults alone are always accepted
        assert name in message and repr(value) in message and f"{n} players" in message
        assert store.table_ids() == created  # nothing stored
        refused.add((game["id"], n, value))
    # The lobby lists every table made and no other, newest first: this test is the
    # server's only client and its tables have no bots (read once, page by page: a
    # listing after every table was most of this test's time).
    assert listed_tables(client) == created[::-1]
    expected = {("winter-queen", 2, "3"), ("winter-queen", 2, "4"), ("winter-queen", 3, "4")}
    expected |= winterborne_refusals(catalogue) | ice_refusals(catalogue)
    assert refused == {r for r in expected if r[0] == game_id}


def listed_tables(client: TestClient) -> list[str]:
    """Every open table the lobby lists, following its pages."""
    tables: list[str] = []
    after: str | None = None
    while True:
        page = client.get("/api/tables", params={} if after is None else {"after": after})
        assert page.status_code == 200, page.text
        tables += [t["table"] for t in page.json()["tables"]]
        after = page.json()["next"]
        if after is None:
            return tables


# The season board's chart (typed in here, not read from the game): banner sets by players.
WINTERBORNE_BANNER_SETS = {1: 2, 2: 2, 3: 3, 4: 4}


def winterborne_refusals(catalogue: dict[str, Any]) -> set[tuple[str, int, str]]:
    """What Winterborne's rules refuse of the values its lobby offers: a set of banners of
    the wrong size for the player count, a seat beyond the players, a difficulty other
    than the default outside the solo game."""
    (game,) = [g for g in catalogue["games"] if g["id"] == "winterborne"]
    out: set[tuple[str, int, str]] = set()
    for n in range(1, 5):
        for option in game["options"]:
            for value in option["choices"] or []:
                if option["name"] == "banners" and "+" in value:
                    bad = len(value.split("+")) != WINTERBORNE_BANNER_SETS[n]
                elif option["name"] == "first_player":
                    bad = value != "random" and int(value) > n
                elif option["name"] == "difficulty":
                    bad = n > 1 and value != "medium"
                else:
                    bad = False
                if bad:
                    out.add(("winterborne", n, value))
    return out


def ice_refusals(catalogue: dict[str, Any]) -> set[tuple[str, int, str]]:
    """What ICE's rules refuse of the values its lobby offers: a Guild board for a seat
    beyond the players, a first player beyond them, the Fluent Move variant (True) with
    other than 3 players."""
    (game,) = [g for g in catalogue["games"] if g["id"] == "ice"]
    out: set[tuple[str, int, str]] = set()
    for n in range(2, 6):
        for option in game["options"]:
            for value in option["choices"] or []:
                if option["name"].startswith("guild_"):
                    bad = value != "random" and int(option["name"][6:]) > n
                elif option["name"] == "first_player":
                    bad = value != "random" and int(value) > n
                elif option["name"] == "fluent":
                    bad = value is True and n != 3
                else:
                    bad = False
                if bad:
                    out.add(("ice", n, value))
    return out


def offers(game: dict[str, Any], n: int, options: dict[str, Any]) -> bool:
    """Whether the lobby offers ``options`` (the defaults, or one option's value) to ``n``
    players: the catalogue's ``choices_by_players``, which the test above holds against
    what the server accepts."""
    for option in game["options"]:
        if option["name"] in options and option["choices"] is not None:
            return options[option["name"]] in option["choices_by_players"][str(n)]
    return True


def test_the_lobby_is_told_which_values_each_player_count_allows(client: TestClient) -> None:
    """The lobby is told, per player count, which values it may offer (the same check
    answers it and a new table: test_every_offered_option_value... creates each)."""
    catalogue = client.get("/api/games").json()
    for game in catalogue["games"]:
        for option in game["options"]:
            by_players = option["choices_by_players"]
            if option["choices"] is None:
                assert by_players is None
                continue
            counts = range(game["min_players"], game["max_players"] + 1)
            assert sorted(by_players) == sorted(str(n) for n in counts)
            for n in counts:
                assert set(by_players[str(n)]) <= set(option["choices"])
    wq = next(g for g in catalogue["games"] if g["id"] == "winter-queen")
    assert wq["options"][0]["choices_by_players"]["2"] == ["1", "2", "random"]


def test_a_refused_option_names_the_rule(client: TestClient) -> None:
    response = client.post("/api/tables", json={
        "game": "winter-queen", "seats": [{}, {}], "options": {"first_player": "4"}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad-option"
    assert "setup step 8" in error["message"]
    assert "allowed with 2 players: '1', '2', 'random'" in error["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_a_table_whose_game_cannot_be_built_is_refused_and_never_stored(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Options the shared check passes may still fail in setup: the server builds the game
    before it stores the table, so such a table is a 400 and leaves no row behind."""
    import wintergames.server.live as live
    from wintergames.core.errors import InvalidOptionError
    from wintergames.core.state import State

    def refusing_setup(game: str, num_players: int, seed: int | None,
                       options: dict[str, Any]) -> State:
        raise InvalidOptionError("setup step 2 cannot be done (planted by this test)")

    monkeypatch.setattr(live, "make", refusing_setup)
    response = client.post("/api/tables", json={"game": "snow-time", "seats": [{}, {}, {}]})
    assert response.status_code == 400
    assert response.json()["error"]["message"] == (
        "setup step 2 cannot be done (planted by this test)")
    monkeypatch.undo()
    assert client.get("/api/tables").json()["tables"] == []
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    assert store.table_ids() == []
