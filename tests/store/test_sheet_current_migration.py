"""Revision 0007 (issue 19): a sheet saved before it gets its current HP, MP and SAN equal
to the maximum (SAN: the loss already recorded stays), and ``sheet_carries`` exists."""
from __future__ import annotations

import json
from datetime import datetime

from alembic import command
from sqlalchemy import create_engine, text

from bot.config import sqlite_url
from bot.store import Store
from bot.store.migrate import alembic_config
from rules.coc6.character import Character

OLD_ALICE = {"name": "アリス", "stats": {"STR": 10, "CON": 12, "POW": 11, "DEX": 12, "APP": 10, "SIZ": 14,
                                        "INT": 13, "EDU": 10}, "skills": {"目星": 60}, "weapons": [], "armor": 0,
             "hp_max": None, "db": None}
OLD_BOB = {**OLD_ALICE, "name": "ボブ", "hp_max": 20, "san": 47}


async def test_old_sheets_get_current_values_equal_to_their_maximum(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0006")
        for sheet in (OLD_ALICE, OLD_BOB):
            conn.execute(text("INSERT INTO characters (scope, name, owner, data, updated_at)"
                              " VALUES ('g', :name, 'alice', :data, :now)"),
                         {"name": sheet["name"], "data": json.dumps(sheet), "now": datetime(2026, 12, 1)})
    engine.dispose()
    store = Store(sqlite_url(tmp_path / "old.db"))
    try:
        await store.migrate()
        alice = (await store.get_character("g", "アリス")).data
        bob = (await store.get_character("g", "ボブ")).data
        assert (alice["hp_now"], alice["mp_now"], alice["san"]) == (13, 11, 55)  # ⌈(12+14)/2⌉, POW, POW×5
        assert (bob["hp_now"], bob["mp_now"], bob["san"]) == (20, 11, 47)  # the sheet's own HP; its SAN loss kept
        sheet = Character.from_dict(alice)
        assert (sheet.hp, sheet.hp_max, sheet.mp, sheet.san, sheet.san_max, sheet.skill("目星")) == (13, 13, 11, 55, 99, 60)
        assert await store.sheet_carries(1) == []
    finally:
        await store.close()
