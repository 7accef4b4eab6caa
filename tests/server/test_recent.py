"""Finished games stay reachable: the lobby's recent games, and databases of older servers
upgraded in place (every row kept, old tables without names or creators still load)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Integer,
    String,
    column,
    create_engine,
    select,
    table,
    update,
)

import wintergames as wg
from wintergames.server.app import create_app
from wintergames.server.models import ActionRow, GameTable, Seat
from wintergames.server.store import MIGRATIONS, hash_secret, normalized_url, utc

from .test_api import new_table, view, wait_until
from .test_bad_rows import plant
from .test_people import close, named_table, rename
from .test_recovery import hub_of, play


def finished(client: TestClient, seed: int) -> dict[str, Any]:
    """A bot-only Snow Time table, played to its end before this returns."""
    table = new_table(client, "snow-time", ["random", "greedy", "random"], seed=seed)
    wait_until(lambda: view(client, table, None), lambda v: v["over"])
    return table


def test_recent_games_list_finished_and_closed_tables_newest_first(database_url: str) -> None:
    with TestClient(create_app(database_url, seeded_human_tables=True, lobby_page=2)) as client:
        started = datetime.now(UTC)
        games = [finished(client, seed) for seed in (2, 3, 4)]
        closed = named_table(client, ["Ada <b>", None], kinds=["human", "random"],
                             first_player="1")
        play(client, closed)
        assert close(client, closed, closed["creator_secret"]).status_code == 200
        still_open = named_table(client, ["Bob", "Eve"])
        first = client.get("/api/recent-games").json()
        assert len(first["games"]) == 2 and first["next"] == games[2]["table"]
        second = client.get("/api/recent-games", params={"after": first["next"]}).json()
        assert second["next"] is None
        listed = first["games"] + second["games"]
        assert [g["table"] for g in listed] == [closed["table"]] + [
            t["table"] for t in reversed(games)]
        assert still_open["table"] not in {g["table"] for g in listed}
        ends = [datetime.fromisoformat(g["ended_at"]) for g in listed]
        assert ends == sorted(ends, reverse=True) and started <= ends[-1] <= datetime.now(UTC)
        for game, made in zip(listed[1:], reversed(games), strict=True):
            final = view(client, made, None)
            assert (game["scores"], game["winners"]) == (final["scores"], final["winners"])
            assert game["moves"] == final["version"] and game["closed_by"] is None
            assert [s["kind"] for s in game["seats"]] == ["random", "greedy", "random"]
            assert game["title"] == "Snow Time" and game["watch"] == f"/table/{made['table']}"
            # the watch link is the spectator's page, and its view needs no secret
            assert client.get(game["watch"]).status_code == 200
            watched = client.get(f"/api/tables/{made['table']}/view")
            assert watched.status_code == 200 and watched.json()["seat"] is None
        gone = listed[0]
        assert (gone["closed_by"], gone["scores"], gone["winners"], gone["moves"]) == (
            "creator", None, [], 1)
        assert [(s["name"], s["nickname"], s["kind"]) for s in gone["seats"]] == [
            ("Player 1", "Ada <b>", "human"), ("Player 2", None, "random")]
        # bounded: no page over lobby_page, and a row of an unknown game is stepped around
        too_many = client.get("/api/recent-games", params={"limit": 3})
        assert too_many.status_code == 422 and too_many.json()["error"]["code"] == (
            "invalid-request")
        store = hub_of(client).store
        plant(store, "nosuchgame", "chess", 2, {})
        with store.writing() as session:
            session.execute(update(GameTable).where(GameTable.id == "nosuchgame")
                            .values(ended_at=datetime.now(UTC), finished=True, moves=0))
        newest = client.get("/api/recent-games").json()
        assert newest["games"][0]["table"] == closed["table"]
        assert client.get("/api/recent-games", params={"after": "nosuchtable"}).json() == {
            "games": [], "next": None}


# -- an older server's database ---------------------------------------------------------

OLD_TABLES = table("game_tables", column("id", String), column("game", String),
                   column("num_players", Integer), column("options", JSON),
                   column("seed", BigInteger), column("spectator_hash", String),
                   column("created_at", DateTime(timezone=True)), column("moves", Integer),
                   column("finished", Boolean), column("to_move", JSON),
                   column("bot_to_move", Boolean))
OLD_SEATS = table("seats", column("table_id", String), column("index", Integer),
                  column("kind", String), column("settings", JSON),
                  column("secret_hash", String))
OLD_ACTIONS = table("actions", column("table_id", String), column("seq", Integer),
                    column("player", Integer), column("action", JSON),
                    column("created_at", DateTime(timezone=True)))


def random_game(game: str, players: int, seed: int, moves: int | None = None) -> Any:
    """A game played by seeded random choices, to its end or for ``moves`` actions."""
    state, rng = wg.make(game, players, seed=seed), random.Random(seed)
    while not state.is_over and (moves is None or len(state.history) < moves):
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def old_table(connection: Any, table_id: str, state: Any, kinds: list[str], made: datetime,
              summarised: bool = True) -> datetime:
    """Store ``state`` as a revision-0002 server did (made at ``made``, then one action a
    minute); returns when its last action was stored."""
    connection.execute(OLD_TABLES.insert().values(
        id=table_id, game=state.game_id, num_players=state.num_players, options=dict(state.options),
        seed=state.seed, spectator_hash=hash_secret("watch"), created_at=made,
        moves=len(state.history) if summarised else None,
        finished=state.is_over if summarised else None,
        to_move=list(state.to_move) if summarised else None,
        bot_to_move=False if summarised else None))
    connection.execute(OLD_SEATS.insert(), [
        {"table_id": table_id, "index": i, "kind": kind, "settings": {},
         "secret_hash": hash_secret(f"{table_id}-{i}") if kind == "human" else None}
        for i, kind in enumerate(kinds)])
    last = made
    for seq, (seat, action) in enumerate(state.history):
        last = made + timedelta(minutes=seq + 1)
        connection.execute(OLD_ACTIONS.insert().values(
            table_id=table_id, seq=seq, player=seat, action=action.to_json(), created_at=last))
    return last


def test_a_database_of_the_previous_server_is_upgraded_and_every_row_kept(
        empty_database_url: str) -> None:
    database_url = empty_database_url
    engine = create_engine(normalized_url(database_url))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    done = random_game("snow-time", 3, seed=5)
    going = random_game("winter-queen", 2, seed=6, moves=3)
    fresh = random_game("winter-queen", 2, seed=7, moves=0)
    made = datetime.now(UTC) - timedelta(days=1)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")  # the schema the previous server made
        ended = old_table(connection, "olddone", done, ["random"] * 3, made)
        touched = old_table(connection, "oldgoing", going, ["human", "human"], made)
        old_table(connection, "oldfresh", fresh, ["human", "random"], made, summarised=False)
        # untouched for longer than a server keeps a table open (a week by default)
        old_table(connection, "oldidle", going, ["human", "human"], made - timedelta(days=30))
    engine.dispose()
    with TestClient(create_app(database_url, seeded_human_tables=True)) as client:
        store = hub_of(client).store
        recent = wait_until(lambda: client.get("/api/recent-games").json()["games"],
                            lambda games: len(games) == 2)
        # the idle one closed by the first sweep, now; the finished one at its last action
        assert [(g["table"], g["closed_by"]) for g in recent] == [("oldidle", "idle"),
                                                                  ("olddone", None)]
        assert recent[1]["scores"] == done.scores() and recent[1]["winners"] == done.winners()
        assert datetime.fromisoformat(recent[1]["ended_at"]) == ended
        # touched a day ago: quiet tables, listed when asked for
        listed = wait_until(lambda: client.get("/api/tables", params={"quiet": "true"})
                            .json()["tables"], lambda tables: len(tables) == 2)
        assert {t["table"]: t["nicknames"] for t in listed} == {"oldgoing": [None, None],
                                                                "oldfresh": [None, None]}
        with store.session() as session:
            rows = {row.id: row for row in session.scalars(select(GameTable))}
            seats = session.scalars(select(Seat)).all()
            logged = len(session.scalars(select(ActionRow.id)).all())
        assert set(rows) == {"olddone", "oldgoing", "oldfresh", "oldidle"}
        assert logged == len(done.history) + 2 * len(going.history) and len(seats) == 9
        assert all(seat.nickname is None for seat in seats)
        assert all(row.creator_hash is None for row in rows.values())
        assert [row.closed_by for row in rows.values() if row.closed_by] == ["idle"]
        going_touched, fresh_touched = rows["oldgoing"].touched_at, rows["oldfresh"].touched_at
        assert going_touched is not None and utc(going_touched) == touched  # its last action
        assert fresh_touched is not None and utc(fresh_touched) == made  # made, never played
        # an old table loads, plays, takes a name; it has no creator, so no secret closes it
        seat0 = {"table": "oldgoing", "seats": [{"secret": "oldgoing-0"},
                                                {"secret": "oldgoing-1"}],
                 "spectator_secret": "watch"}
        assert view(client, seat0, None)["version"] == 3 and view(client, seat0, 0)["seat"] == 0
        assert rename(client, seat0, "oldgoing-0", "Ada").status_code == 200
        assert view(client, seat0, None)["seats"][0]["nickname"] == "Ada"
        refused = close(client, seat0, "oldgoing-0")
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad-secret"


def test_the_lobby_lists_the_tables_in_play_and_keeps_quiet_ones_behind_a_filter(
        database_url: str) -> None:
    """Issue 39 item 8: "Open tables" listed every abandoned table (12 after an hour of
    trying things, most with 0 moves). By default it lists those touched (a move, a name)
    within ``lobby_quiet_seconds``, a table just made included; the rest, counted, come
    with ``quiet=true``."""
    with TestClient(create_app(database_url, seeded_human_tables=True)) as client:
        fresh = new_table(client, "winter-queen", ["human", "human"])
        played = named_table(client, ["Ada", None], kinds=["human", "random"],
                             first_player="1")
        play(client, played)
        left = new_table(client, "snow-time", ["human", "human", "human"])
        engine = create_engine(normalized_url(database_url))
        with engine.begin() as connection:  # made and left alone an hour ago
            connection.execute(update(GameTable).where(GameTable.id == left["table"])
                               .values(touched_at=datetime.now(UTC) - timedelta(hours=1)))
        engine.dispose()
        lobby = client.get("/api/tables").json()
        ids = {t["table"] for t in lobby["tables"]}
        assert {fresh["table"], played["table"]} <= ids and left["table"] not in ids
        assert lobby["quiet_tables"] >= 1 and lobby["quiet_after_seconds"] == 1800
        every = client.get("/api/tables", params={"quiet": "true"}).json()
        assert {fresh["table"], played["table"], left["table"]} <= {
            t["table"] for t in every["tables"]}
        assert client.get("/api/tables", params={"quiet": "maybe"}).status_code in (400, 422)
