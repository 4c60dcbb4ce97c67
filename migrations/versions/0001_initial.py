"""Initial schema: battles, events, requests, characters, deadlines, channel settings.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "battles",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("channel", sa.String(64), nullable=False),
        sa.Column("guild", sa.String(64)),
        sa.Column("system", sa.String(32), nullable=False),
        sa.Column("keeper", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    )
    op.create_index("uq_battles_active_channel", "battles", ["channel"], unique=True,
                    sqlite_where=sa.text("status = 'active'"),
                    postgresql_where=sa.text("status = 'active'"))
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("request_id", sa.String(64)),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("battle_id", "seq", name="uq_events_battle_seq"),
    )
    op.create_table(
        "requests",
        sa.Column("request_id", sa.String(64), primary_key=True),
        sa.Column("replies", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "characters",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("scope", "name", name="uq_characters_scope_name"),
    )
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("due_at", sa.DateTime, nullable=False),
        sa.Column("fired_at", sa.DateTime),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.UniqueConstraint("battle_id", "key", "kind", name="uq_deadlines_key"),
    )
    op.create_table(
        "channel_settings",
        sa.Column("channel", sa.String(64), primary_key=True),
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("channel_settings", "deadlines", "characters", "requests", "events"):
        op.drop_table(table)
    op.drop_index("uq_battles_active_channel", table_name="battles")
    op.drop_table("battles")
