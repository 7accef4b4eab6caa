"""The store on SQLite and on PostgreSQL: migrations, append-only log, hashed secrets."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, select, text
from sqlalchemy.exc import IntegrityError

from wintergames.server.models import ActionRow, GameTable, Seat
from wintergames.server.store import Store, hash_secret, normalized_url


def a_table(store: Store, table_id: str = "t1") -> None:
    store.add_table(GameTable(
        id=table_id, game="winter-queen", num_players=2, options={"first_player": "random"},
        seed=2**40, spectator_hash=hash_secret("watch"),
        seats=[Seat(index=0, kind="human", settings={}, secret_hash=hash_secret("s0")),
               Seat(index=1, kind="random", settings={}, secret_hash=None)],
    ))


def test_migrations_build_the_schema_and_run_again_harmlessly(empty_database_url: str) -> None:
    empty = create_engine(normalized_url(empty_database_url))
    assert inspect(empty).get_table_names() == []
    empty.dispose()
    store = Store(empty_database_url)
    a_table(store)
    again = Store(empty_database_url)  # a restart runs the migrations once more
    tables = set(inspect(again.engine).get_table_names())
    assert {"game_tables", "seats", "actions", "alembic_version"} <= tables
    row = again.table("t1")
    assert row is not None and row.seed == 2**40 and row.options == {"first_player": "random"}
    assert [s.kind for s in row.seats] == ["human", "random"]


def test_the_other_tests_database_is_a_copy_of_the_migrated_schema_with_no_rows(
        database_url: str) -> None:
    engine = create_engine(normalized_url(database_url))
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM game_tables")).scalar() == 0
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    finally:
        engine.dispose()
    store = Store(database_url)  # a server starting on it finds nothing to upgrade
    a_table(store)
    assert store.table("t1") is not None


def test_actions_come_back_in_order_and_a_second_writer_of_a_step_fails(
        database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    store.append("t1", 0, 0, {"kind": "pass"})
    store.append("t1", 1, 1, {"kind": "take", "province": None})
    with pytest.raises(IntegrityError):
        store.append("t1", 1, 0, {"kind": "pass"})
    assert store.actions("t1") == [(0, {"kind": "pass"}),
                                   (1, {"kind": "take", "province": None})]


def test_an_action_needs_its_table(database_url: str) -> None:
    store = Store(database_url)
    with pytest.raises(IntegrityError):
        store.append("nowhere", 0, 0, {"kind": "pass"})


def test_no_secret_is_stored_in_plain_text(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    with store.session() as session:
        hashes = [s.secret_hash for s in session.scalars(select(Seat))]
        actions = list(session.scalars(select(ActionRow)))
    assert hash_secret("s0") in hashes and "s0" not in hashes and actions == []
