"""Replays of finished games, kept once computed (one row per table and viewer, added
once, never changed), so a restart or another server process serves them without
replaying the game again.

Revision ID: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("body", sa.LargeBinary, nullable=False),
        sa.Column("index", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
