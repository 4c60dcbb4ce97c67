"""The SAN flow as tables play it (issue 32): ``custom_tables`` (a server's own tables in
BCDice's text), ``san_pending`` (a palette SAN roll waiting for its loss), ``sheet_states``
(madness and the KP's conditions on a sheet, with their timers) and ``game_clocks`` (a
channel's game minutes and rounds).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-10
"""
from alembic import op
import sqlalchemy as sa

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables and their indexes."""
    op.create_table(
        "custom_tables",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("scope", "name", name="uq_custom_tables_scope_name"),
    )
    op.create_table(
        "san_pending",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("user", sa.String(64), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("resolved_at", sa.DateTime),
    )
    op.create_index("ix_san_pending_channel_user", "san_pending", ["channel", "user"])
    op.create_table(
        "sheet_states",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("character", sa.String(100), nullable=False),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("name", sa.String(50), nullable=False),
        sa.Column("unit", sa.String(16)),
        sa.Column("ends_at", sa.Integer),
        sa.Column("left", sa.Integer),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("started_at", sa.DateTime, nullable=False),
        sa.Column("ended_at", sa.DateTime),
    )
    op.create_index("ix_sheet_states_character", "sheet_states", ["scope", "character"])
    op.create_index("ix_sheet_states_channel", "sheet_states", ["channel"])
    op.create_table(
        "game_clocks",
        sa.Column("channel", sa.String(64), primary_key=True),
        sa.Column("minutes", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("game_clocks")
    op.drop_index("ix_sheet_states_channel", table_name="sheet_states")
    op.drop_index("ix_sheet_states_character", table_name="sheet_states")
    op.drop_table("sheet_states")
    op.drop_index("ix_san_pending_channel_user", table_name="san_pending")
    op.drop_table("san_pending")
    op.drop_table("custom_tables")
