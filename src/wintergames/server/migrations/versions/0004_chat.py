"""The table chat: one row per message, only ever added.

A message keeps the name its seat had when it was written (a later rename does not
rewrite what was said). Messages are read newest first by table, hence the index on
(table_id, id).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("nickname", sa.String(64), nullable=True),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_table", "chat_messages", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_messages_table", "chat_messages")
    op.drop_table("chat_messages")
