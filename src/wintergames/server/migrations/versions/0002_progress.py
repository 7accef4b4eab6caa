"""Each table's progress beside its row, so the lobby and the bot resumer read the
database instead of rebuilding every game.

NULL means "not summarised yet": rows of an older server, filled in on start by replaying
them once (a row that does not replay stays NULL and is never listed).

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("moves", sa.Integer, nullable=True))
        batch.add_column(sa.Column("finished", sa.Boolean, nullable=True))
        batch.add_column(sa.Column("to_move", sa.JSON, nullable=True))
        batch.add_column(sa.Column("bot_to_move", sa.Boolean, nullable=True))
    op.create_index("ix_game_tables_lobby", "game_tables", ["finished", "created_at", "id"])
    op.create_index("ix_game_tables_bot_to_move", "game_tables", ["bot_to_move"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_bot_to_move", "game_tables")
    op.drop_index("ix_game_tables_lobby", "game_tables")
    with op.batch_alter_table("game_tables") as batch:
        for column in ("bot_to_move", "to_move", "finished", "moves"):
            batch.drop_column(column)
