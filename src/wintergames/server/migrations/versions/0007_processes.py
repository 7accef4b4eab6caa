"""Several server processes on one database: who drives a table's bots, and the limits
every process counts together.

New tables only, none of them a game's record: a lease says which process thinks for a
table's bots until when (``server/leases.py``); rate entries are the moving windows of
the per-client rates, and holds each process's open connections per client and per
table (``server/shared_limits.py``). Every existing row is kept as it is.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"),
                  primary_key=True),
        sa.Column("holder", sa.String(120), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rate_entries",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"),
                  primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(300), nullable=False),
        sa.Column("at", sa.Float, nullable=False),  # seconds since the epoch
    )
    op.create_index("rate_entries_key_at", "rate_entries", ["key", "at"])
    op.create_table(
        "holds",
        sa.Column("process", sa.String(120), primary_key=True),
        sa.Column("scope", sa.String(40), primary_key=True),
        sa.Column("key", sa.String(300), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("holds")
    op.drop_index("rate_entries_key_at", "rate_entries")
    op.drop_table("rate_entries")
    op.drop_table("bot_leases")
