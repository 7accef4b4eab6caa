"""Rematches: which table is the rematch of which (at most one per finished table).

A new table only: every existing row is kept as it is. The old table's id is the primary
key, so two rematch requests at once store one. A rematch's person seats start without a
secret (``seats.secret_hash`` is already nullable) until each claims its own.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rematches",
        sa.Column("old_table_id", sa.String(32), sa.ForeignKey("game_tables.id"),
                  primary_key=True),
        sa.Column("new_table_id", sa.String(32), sa.ForeignKey("game_tables.id"),
                  nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rematches")
