"""Seat names, the creator's secret, and when a table was last touched and ended.

Every existing row is kept. Old seats have no name (shown as "Player N"); old tables have
no creator secret (only the idle rule can close them). ``touched_at`` starts at each
table's last action (or its creation), so a long-idle old table is closed by the first
sweep, as a new one would be.

Finished tables get their scores, winners and end time from a replay: their progress is
reset to "not summarised" here (only the derived columns; the log is untouched), and
the server summarises them again on start, exactly as it does rows of older servers.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("nickname", sa.String(64), nullable=True))
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("touched_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("closed_by", sa.String(16), nullable=True))
        batch.add_column(sa.Column("scores", sa.JSON, nullable=True))
        batch.add_column(sa.Column("winners", sa.JSON, nullable=True))
    tables = sa.table("game_tables", sa.column("id", sa.String), sa.column("moves", sa.Integer),
                      sa.column("finished", sa.Boolean),
                      sa.column("created_at", sa.DateTime(timezone=True)),
                      sa.column("touched_at", sa.DateTime(timezone=True)))
    actions = sa.table("actions", sa.column("table_id", sa.String),
                       sa.column("created_at", sa.DateTime(timezone=True)))
    last_action = (sa.select(sa.func.max(actions.c.created_at))
                   .where(actions.c.table_id == tables.c.id).scalar_subquery())
    op.execute(tables.update().values(
        touched_at=sa.func.coalesce(last_action, tables.c.created_at)))
    op.execute(tables.update().where(tables.c.finished.is_(True)).values(moves=None))
    op.create_index("ix_game_tables_ended", "game_tables", ["ended_at", "id"])
    op.create_index("ix_game_tables_idle", "game_tables", ["finished", "touched_at"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_idle", "game_tables")
    op.drop_index("ix_game_tables_ended", "game_tables")
    with op.batch_alter_table("game_tables") as batch:
        for column in ("winners", "scores", "closed_by", "ended_at", "touched_at",
                       "creator_hash"):
            batch.drop_column(column)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("nickname")
