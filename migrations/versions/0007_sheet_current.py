"""A sheet keeps its current HP, MP and SAN beside the maximum (issue 19): every saved sheet
gets ``hp_now`` = its maximum HP, ``mp_now`` = its maximum MP and ``san`` = its SAN
(POW × 5 where no loss was recorded), so an old sheet reads exactly as before. And
``sheet_carries``: what the end of a battle wrote onto each sheet, so that
``/battle reopen`` can take it back.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""
import json
import math

from alembic import op
import sqlalchemy as sa

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

characters = sa.table("characters", sa.column("id", sa.Integer), sa.column("data", sa.JSON))


def _current(data: dict) -> dict:
    """``data`` with its current values set to the maximum where absent (the formulas of
    rules.coc6.character at this revision: HP ⌈(CON+SIZ)/2⌉, MP POW, SAN POW×5)."""
    stats = data.get("stats") or {}
    hp_max = data.get("hp_max")
    if hp_max is None:
        hp_max = math.ceil((int(stats.get("CON", 0)) + int(stats.get("SIZ", 0))) / 2)
    return {**data, "hp_now": data.get("hp_now", hp_max), "mp_now": data.get("mp_now", int(stats.get("POW", 0))),
            "san": data["san"] if data.get("san") is not None else int(stats.get("POW", 0)) * 5}


def upgrade() -> None:
    """Write the current values onto every sheet; create ``sheet_carries``."""
    conn = op.get_bind()
    for row in conn.execute(sa.select(characters.c.id, characters.c.data)).all():
        data = row.data if isinstance(row.data, dict) else json.loads(row.data)
        conn.execute(characters.update().where(characters.c.id == row.id).values(data=_current(data)))
    op.create_table(
        "sheet_carries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("battle_id", sa.Integer, sa.ForeignKey("battles.id", ondelete="CASCADE"), nullable=False),
        sa.Column("scope", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("old_values", sa.JSON, nullable=False),
        sa.Column("new_values", sa.JSON, nullable=False),
    )
    op.create_index("ix_sheet_carries_battle", "sheet_carries", ["battle_id"])


def downgrade() -> None:
    """Drop ``sheet_carries`` (the sheets keep their current values; older code ignores them)."""
    op.drop_index("ix_sheet_carries_battle", table_name="sheet_carries")
    op.drop_table("sheet_carries")
