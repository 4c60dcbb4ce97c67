"""``python -m bot``: see :mod:`bot.cli`."""
import sys

from bot.cli import main

sys.exit(main())
