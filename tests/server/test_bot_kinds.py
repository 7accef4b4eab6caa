"""Bot kinds per game: the catalogue lists, for each game, only the kinds that can play it,
and a table (or the command line's --players) with another kind is refused in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wintergames import bots, get_spec
from wintergames.core.errors import InvalidOptionError
from wintergames.server.app import create_app

GAMES = ["ice", "icecool-wizards", "snow-time", "winter-queen", "winterborne"]


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}")) as c:
        yield c


def test_the_catalogue_lists_per_game_the_kinds_that_play_it(client: TestClient) -> None:
    data = client.get("/api/games").json()
    per_game = {g["id"]: g["bots"] for g in data["games"]}
    assert sorted(per_game) == GAMES
    assert per_game["icecool-wizards"] == ["flick", "greedy", "ismcts", "random"]
    for game in GAMES:
        if game != "icecool-wizards":
            assert per_game[game] == ["greedy", "ismcts", "random"], game
    # each kind says which games it plays, agreeing with the per-game lists
    for bot in data["bot_settings"]:
        assert bot["games"] == [g for g in GAMES if bot["kind"] in per_game[g]]


def test_every_bot_and_setting_is_described_in_a_sentence(client: TestClient) -> None:
    for bot in client.get("/api/games").json()["bot_settings"]:
        assert set(bot["setting_about"]) == set(bot["settings"])
        for text in [bot["about"], *bot["setting_about"].values()]:
            # a sentence: a capital, several words, a full stop
            assert text[:1].isupper() and text.endswith(".") and len(text.split()) >= 6, text


@pytest.mark.parametrize("game", [g for g in GAMES if g != "icecool-wizards"])
def test_a_table_with_a_bot_that_cannot_play_the_game_is_refused(client: TestClient,
                                                                 game: str) -> None:
    title = get_spec(game).title
    players = get_spec(game).min_players
    seats = [{"kind": "flick"}] + [{"kind": "random"}] * max(0, players - 1)
    if len(seats) == 1 and get_spec(game).max_players > 1:
        seats.append({"kind": "random"})
    before = client.get("/api/tables").json()["tables"]
    response = client.post("/api/tables", json={"game": game, "seats": seats})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad-option"
    assert error["message"] == (
        f"bot 'flick' cannot play {title}: it plans flicks, and only a game whose moves "
        f"include flicks has them (it plays ICECOOL Wizards); bots for {title}: "
        "greedy, ismcts, random")
    assert client.get("/api/tables").json()["tables"] == before  # nothing was stored


def test_the_flick_planner_takes_a_seat_at_icecool_wizards(client: TestClient) -> None:
    response = client.post("/api/tables", json={
        "game": "icecool-wizards", "seed": 2,
        "seats": [{"kind": "flick", "settings": {"proposals": 4}}, {"kind": "random"}]})
    assert response.status_code == 201, response.text
    assert [s["kind"] for s in response.json()["seats"]] == ["flick", "random"]


def test_the_command_line_runs_the_same_check() -> None:
    from wintergames.cli.seats import parse_seats

    with pytest.raises(InvalidOptionError) as refused:
        parse_seats("human,flick", 1, get_spec("snow-time"))
    with pytest.raises(InvalidOptionError) as shared:
        bots.check_seat("flick", {}, get_spec("snow-time"))
    assert str(refused.value) == str(shared.value)
    assert "bot 'flick' cannot play Snow Time" in str(refused.value)
    seats = parse_seats("human,flick:proposals=3", 1, get_spec("icecool-wizards"))
    assert seats[1].bot is not None and seats[1].settings == {"proposals": 3}


def test_play_refuses_a_bot_that_cannot_play_the_game() -> None:
    from typer.testing import CliRunner

    from wintergames.cli.main import app

    result = CliRunner().invoke(app, ["play", "winter-queen", "--players", "human,flick"])
    assert result.exit_code == 2
    assert "bot 'flick' cannot play Winter Queen" in " ".join(result.output.split())
