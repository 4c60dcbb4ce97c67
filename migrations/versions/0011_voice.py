"""Speaking as one's character (issue 31): the portraits of the sheets and the images the bot
keeps for them, the proxy prefixes, who speaks as whom in which channel, and the posts made
as characters (for their owners' edits and the session log).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-10
"""
from alembic import op
import sqlalchemy as sa

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``portrait_images``, ``portraits``, ``voice_prefixes``, ``voice_modes`` and
    ``voiced_posts`` (read by the original message too)."""
    op.create_table(
        "portrait_images",
        sa.Column("sha", sa.String(64), primary_key=True),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "portraits",
        sa.Column("scope", sa.String(64), primary_key=True),
        sa.Column("character", sa.String(100), primary_key=True),
        sa.Column("face", sa.String(32), primary_key=True),
        sa.Column("image", sa.String(64)),
        sa.Column("url", sa.Text),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "voice_prefixes",
        sa.Column("scope", sa.String(64), primary_key=True),
        sa.Column("character", sa.String(100), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("prefix", sa.String(32), nullable=False),
    )
    op.create_table(
        "voice_modes",
        sa.Column("channel", sa.String(64), primary_key=True),
        sa.Column("user", sa.String(64), primary_key=True),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("npc", sa.Boolean, nullable=False),
    )
    op.create_table(
        "voiced_posts",
        sa.Column("message_id", sa.String(64), primary_key=True),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("said", sa.String(64), nullable=False),
        sa.Column("user", sa.String(64), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("speech", sa.Text, nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("deleted", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_voiced_posts_said", "voiced_posts", ["said"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_voiced_posts_said", table_name="voiced_posts")
    for table in ("voiced_posts", "voice_modes", "voice_prefixes", "portraits", "portrait_images"):
        op.drop_table(table)
