"""Deadlines: fired ones are removed instead of marked, and the next one is found by an
index on ``(due_at, id)`` (it was a scan of every row ever scheduled).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Delete the fired deadlines and those of battles no longer active, drop ``fired_at``,
    index ``(due_at, id)``."""
    op.execute("DELETE FROM deadlines WHERE fired_at IS NOT NULL")
    op.execute("DELETE FROM deadlines WHERE battle_id IN (SELECT id FROM battles WHERE status <> 'active')")
    with op.batch_alter_table("deadlines") as batch:
        batch.drop_column("fired_at")
    op.create_index("ix_deadlines_due", "deadlines", ["due_at", "id"])


def downgrade() -> None:
    """Put ``fired_at`` back (every remaining deadline unfired) and drop the index."""
    op.drop_index("ix_deadlines_due", table_name="deadlines")
    with op.batch_alter_table("deadlines") as batch:
        batch.add_column(sa.Column("fired_at", sa.DateTime))
