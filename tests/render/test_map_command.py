"""``/battle map`` through the service over a real SQLite file: KP placements and objects go
in as events, and the reply carries the text grid and the PNG attachment."""
from __future__ import annotations

import base64
import io

from PIL import Image

from bot.config import sqlite_url
from bot.service import Request, Service
from bot.store import Store
from rules.dice import ScriptedDice

STATS = ("str", "con", "pow", "dex", "app", "siz", "int", "edu")
SETUP = [
    ("alice", "char new", {"name": "アリス", **dict(zip(STATS, ("12", "13", "11", "14", "10", "13", "13", "15")))}),
    ("kp", "char new", {"name": "ゾンビ", **dict(zip(STATS, ("16", "16", "1", "8", "1", "14", "1", "1")))}),
    ("kp", "battle new", {}),
    ("alice", "battle join", {"character": "アリス"}),
    ("kp", "battle add", {"name": "ゾンビ", "character": "ゾンビ"}),
    ("kp", "battle start", {}),
    ("kp", "kp place", {"name": "アリス", "to": "B2"}),
    ("kp", "kp place", {"name": "ゾンビ", "to": "ｄ４"}),
    ("kp", "kp object", {"name": "壁", "kind": "壁", "at": "A5-D5"}),
    ("kp", "kp object", {"name": "木箱", "siz": "12", "at": "C3"}),
]


async def test_battle_map_reply_has_grid_and_png(tmp_path):
    store = Store(sqlite_url(tmp_path / "bot.db"))
    await store.migrate()
    try:
        service = Service(store, ScriptedDice([]))
        for user, command, options in SETUP:
            await service.handle(Request(channel="main", user=user, command=command, options=options, name=user))
        moved = await service.handle(Request(channel="main", user="alice", command="move", options={"to": "C2"}))
        assert "アリスはB2 → C2へ移動（1ポイント）" in moved[0].text
        [reply] = await service.handle(Request(channel="main", user="alice", command="battle map", options={}))
        assert "　３・・□・・・" in reply.text and "　４・・・ゾ・・" in reply.text
        assert "　５■■■■・・" in reply.text
        image = Image.open(io.BytesIO(base64.b64decode(reply.file["content_b64"])))
        assert image.format == "PNG" and image.size[0] >= 320
    finally:
        await store.close()
