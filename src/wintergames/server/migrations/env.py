"""Alembic environment: the server runs ``upgrade head`` on the engine it was given."""

from __future__ import annotations

from alembic import context

from wintergames.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
