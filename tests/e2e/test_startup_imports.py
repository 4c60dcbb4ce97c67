"""What a starting bot process imports before it serves: the service and the store, not the
libraries of rare commands (Alembic for a database behind the head, aiohttp for a sheet
fetched by URL, Pillow for a map image), each of which would add tenths of a second to every
start; and the imports run with the garbage collector paused, which is on again after, with
the serving thresholds (bot/boot.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, sys
from bot.boot import collector_paused
with collector_paused():
    paused = not gc.isenabled()
    import bot.service, bot.battle.reminders
print(sorted({m.split('.')[0] for m in sys.modules} & {'alembic', 'aiohttp', 'PIL', 'discord'}),
      paused, gc.isenabled(), gc.get_freeze_count() > 50_000, gc.get_threshold())
"""


def test_the_service_imports_neither_alembic_nor_aiohttp_nor_pillow_with_the_collector_paused():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[] True True True (5000, 10, 400)"
