"""The 7th rolls that follow a roll (issue 30): ``kept_checks``, an investigator's latest
skill roll in a channel, kept for a push (プッシュ) or Luck spent on it (幸運の消費).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-12
"""
from alembic import op
import sqlalchemy as sa

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create kept_checks and its index."""
    op.create_table(
        "kept_checks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("user", sa.String(64), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_kept_checks_channel_user", "kept_checks", ["channel", "user"])


def downgrade() -> None:
    """Drop it."""
    op.drop_index("ix_kept_checks_channel_user", table_name="kept_checks")
    op.drop_table("kept_checks")
