"""Storage under test: a SQLite file, and a real PostgreSQL server.

The PostgreSQL URL comes from ``WG_TEST_POSTGRES_URL`` (``make test`` and ``.ci/run``
set it with ``scripts/start-postgres``); each test gets a database of its own, created
and dropped around it, so tests in parallel workers never meet.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from wintergames.server.store import normalized_url

POSTGRES_ENV = "WG_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'wg.db'}"
        return
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        pytest.fail(f"the storage tests need a PostgreSQL server: set {POSTGRES_ENV} "
                    "(scripts/start-postgres starts Debian's and prints the URL)")
    name = f"wg_test_{secrets.token_hex(6)}"
    admin = create_engine(normalized_url(admin_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()
