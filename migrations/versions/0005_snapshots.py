"""Battle snapshots (a restart folds only the events after the latest one) and the index
that lets old idempotency keys expire (issue 12).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``battle_snapshots`` and the index ``ix_requests_created_at``."""
    op.create_table(
        "battle_snapshots",
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
    )
    op.create_index("ix_requests_created_at", "requests", ["created_at"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_requests_created_at", table_name="requests")
    op.drop_table("battle_snapshots")
