"""A channel's battles by id: an index on ``battles (channel, id)`` (issue 27). The latest
battle of a channel (``Store.latest_battle``: a palette roll's speaker, ``/battle reopen``,
who keeps a channel without an active battle) was found by reading every battle of every
channel; the index finds it directly.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06
"""
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Index the battles by channel and id."""
    op.create_index("ix_battles_channel", "battles", ["channel", "id"])


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("ix_battles_channel", table_name="battles")
