"""``python -m bot``: see :mod:`bot.cli`."""
import sys

from bot.boot import collector_paused

with collector_paused():
    from bot.cli import main

sys.exit(main())
