"""Chat questions kept with the battle (issue 26): ``chat_questions`` holds what the chat
side has pending in a battle — a question asked in chat, the die a palette roll showed, a
unit's last attack (「もう一発」) and the KP's "told once" flag — so that a restart loses none
of them.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""
from alembic import op
import sqlalchemy as sa

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``chat_questions`` (primary key: battle, kind, key; rows go with their battle)."""
    op.create_table(
        "chat_questions",
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """Drop it."""
    op.drop_table("chat_questions")
