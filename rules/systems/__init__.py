"""The game systems a channel can play, by id (COMMANDS.md ``/battle new system:``)."""
from __future__ import annotations

import unicodedata

from rules.battle.protocol import GameSystem
from rules.systems import charge_rank, coc6_budo, coc7
from rules.systems.coc6 import book, house

SYSTEMS: dict[str, GameSystem] = {
    house.SYSTEM.name: house.SYSTEM,
    book.SYSTEM.name: book.SYSTEM,
    coc6_budo.SYSTEM.name: coc6_budo.SYSTEM,
    charge_rank.SYSTEM.name: charge_rank.SYSTEM,
    coc7.SYSTEM.name: coc7.SYSTEM,
}
DEFAULT_SYSTEM = "coc6-house"

ALIASES = {"house": "coc6-house", "ハウスルール": "coc6-house", "book": "coc6", "基本ルール": "coc6",
           "coc6-book": "coc6",
           "budo": "coc6-budo", "武道ルール": "coc6-budo",
           "7": "coc7", "7版": "coc7", "新クトゥルフ": "coc7", "新クトゥルフ神話trpg": "coc7"}


def get_system(name: str) -> GameSystem:
    """The system called ``name`` or an alias, in any case and width (``COC6``, ``ｃｏｃ６``);
    raises KeyError."""
    key = unicodedata.normalize("NFKC", name).strip().casefold()
    return SYSTEMS[ALIASES.get(key, key)]
