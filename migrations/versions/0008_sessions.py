"""Sessions (issue 19): ``/session start`` … ``/session end`` bound one evening's play in a
channel (``sessions``, at most one open per channel), and ``session_records`` keeps every roll,
check, SAN loss and battle step made in it, with the character that made it, in order.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03
"""
from alembic import op
import sqlalchemy as sa

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

OPEN = "ended_at IS NULL"


def upgrade() -> None:
    """Create ``sessions`` (partial unique index: one open session per channel) and
    ``session_records`` (read by session, in id order)."""
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("keeper", sa.String(64), nullable=False),
        sa.Column("keeper_name", sa.String(100), nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("ended_at", sa.DateTime),
    )
    op.create_index("uq_sessions_open_channel", "sessions", ["channel"], unique=True,
                    sqlite_where=sa.text(OPEN), postgresql_where=sa.text(OPEN))
    op.create_table(
        "session_records",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("user", sa.String(64), nullable=False),
        sa.Column("speaker", sa.String(100), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("secret", sa.Boolean, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_session_records_session", "session_records", ["session_id", "id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_session_records_session", table_name="session_records")
    op.drop_table("session_records")
    op.drop_index("uq_sessions_open_channel", table_name="sessions")
    op.drop_table("sessions")
