"""A decided command's request id is kept once, on its step: a unique index on the request
id of ``step`` events (issue 12: an event and its reply stored once). The idempotency row
of such a command is no longer written; other commands keep theirs in ``requests``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""
from alembic import op
import sqlalchemy as sa

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

STEP_WITH_REQUEST = "kind = 'step' AND request_id IS NOT NULL"


def upgrade() -> None:
    """Keep the request id on the first step that has it (a safeguard: a request is one step)
    and index the request ids of steps, unique."""
    op.execute("UPDATE events SET request_id = NULL WHERE kind = 'step' AND request_id IS NOT NULL"
               " AND id NOT IN (SELECT MIN(id) FROM events WHERE kind = 'step' AND request_id IS NOT NULL"
               " GROUP BY request_id)")
    op.create_index("uq_events_step_request", "events", ["request_id"], unique=True,
                    sqlite_where=sa.text(STEP_WITH_REQUEST), postgresql_where=sa.text(STEP_WITH_REQUEST))


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("uq_events_step_request", table_name="events")
