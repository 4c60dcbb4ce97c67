"""The keeper's table: KP roles per server, the last refused command per channel (for
``/kp allow``) and the messages a transport may edit later (the status board).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create keeper_roles, refusals and messages."""
    op.create_table(
        "keeper_roles",
        sa.Column("guild", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(100), primary_key=True),
    )
    op.create_table(
        "refusals",
        sa.Column("channel", sa.String(64), primary_key=True),
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user", sa.String(64), nullable=False),
        sa.Column("command", sa.JSON, nullable=False),
        sa.Column("clause", sa.String(32), nullable=False),
        sa.Column("label", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "messages",
        sa.Column("channel", sa.String(64), primary_key=True),
        sa.Column("tag", sa.String(64), primary_key=True),
        sa.Column("message_id", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    """Drop the tables of this revision."""
    for table in ("messages", "refusals", "keeper_roles"):
        op.drop_table(table)
