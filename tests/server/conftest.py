"""Storage under test: a SQLite file, and a real PostgreSQL server.

The PostgreSQL URL comes from ``WG_TEST_POSTGRES_URL`` (``make test`` and ``.ci/run``
set it with ``scripts/start-postgres``); each test gets a database of its own, created
and dropped around it, so tests in parallel workers never meet.

``database_url`` is a database the server's migrations have already made (a copy of a
template each worker migrates once: Alembic on every test was most of these tests' time);
``empty_database_url`` is a database with nothing in it, for the tests of the
migrations themselves.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from wintergames.server.store import Store, normalized_url

POSTGRES_ENV = "WG_TEST_POSTGRES_URL"


def _admin_url() -> str:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f"the storage tests need a PostgreSQL server: set {POSTGRES_ENV} "
                    "(scripts/start-postgres starts Debian's and prints the URL)")
    return url


def _url_of(admin_url: str, name: str) -> str:
    return make_url(admin_url).set(database=name).render_as_string(hide_password=False)


def _migrate(url: str) -> None:
    Store(url).engine.dispose()  # the Store upgrades the schema as it starts


class Databases:
    """Throwaway PostgreSQL databases, each made (empty, or as a copy of a migrated
    template) and dropped by name."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.admin: Engine = create_engine(normalized_url(admin_url),
                                           isolation_level="AUTOCOMMIT")
        self.template: str | None = None

    def create(self, *, migrated: bool) -> str:
        if migrated and self.template is None:
            self.template = self.create(migrated=False)
            _migrate(_url_of(self.admin_url, self.template))
        name = f"wg_test_{secrets.token_hex(6)}"
        copy = f' TEMPLATE "{self.template}"' if migrated else ""
        with self.admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"{copy}'))
        return name

    def drop(self, name: str) -> None:
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))

    def close(self) -> None:
        if self.template is not None:
            self.drop(self.template)
        self.admin.dispose()


@pytest.fixture(scope="session")
def postgres_databases() -> Iterator[Databases]:
    databases = Databases(_admin_url())
    yield databases
    databases.close()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "wg.db"
    _migrate(f"sqlite:///{path}")
    return path


def _database(request: pytest.FixtureRequest, tmp_path: Path, *,
              migrated: bool) -> Iterator[str]:
    if request.param == "sqlite":
        path = tmp_path / "wg.db"
        if migrated:
            shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        yield f"sqlite:///{path}"
        return
    databases: Databases = request.getfixturevalue("postgres_databases")
    name = databases.create(migrated=migrated)
    try:
        yield _url_of(databases.admin_url, name)
    finally:
        databases.drop(name)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of each kind with the server's schema made, and nothing stored."""
    yield from _database(request, tmp_path, migrated=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of each kind with nothing in it, not even the schema."""
    yield from _database(request, tmp_path, migrated=False)



@pytest.fixture
def postgres_url(postgres_databases: Databases) -> Iterator[str]:
    """A PostgreSQL database with the server's schema, for this test only: for the tests
    of several server processes, which share one (SQLite is one process by design)."""
    name = postgres_databases.create(migrated=True)
    try:
        yield _url_of(postgres_databases.admin_url, name)
    finally:
        postgres_databases.drop(name)  # WITH (FORCE): a server still connected does not stop it
