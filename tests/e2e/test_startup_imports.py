"""What a bot process imports before it serves: the service and the store, not the libraries
of rare commands (Alembic for a database behind the head, aiohttp for a sheet fetched by URL,
Pillow for a map image), each of which would add tenths of a second to every start."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_service_imports_neither_alembic_nor_aiohttp_nor_pillow():
    probe = ("import sys; import bot.service, bot.reminders; "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'alembic', 'aiohttp', 'PIL', 'discord'}))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
