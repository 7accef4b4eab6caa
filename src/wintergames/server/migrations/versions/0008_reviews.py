"""Game reviews of finished games, kept once computed (one row per table and seat, added
once, never changed), so a restart or another server process serves them without
searching the game again.

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("budget", sa.JSON, nullable=False),  # the search it was made with
        sa.Column("body", sa.LargeBinary, nullable=False),  # its JSON, gzip-compressed
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
