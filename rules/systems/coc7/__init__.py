"""新クトゥルフ神話TRPG（7版）の戦闘, ``coc7`` (issue 30; its rules as clauses 7-* in
docs/coc7.md). Its base mechanics — success levels, bonus and penalty dice as BCDice rolls
them, investigators, weapons — are :mod:`rules.coc7`; the CoC battle vocabulary it shares
with the 6th-edition systems (events, the map, the KP's order/setting/handover) is used from
:mod:`rules.systems.coc6` without a 7th branch there. ``SYSTEM`` is the
:class:`rules.battle.protocol.GameSystem` object registered in ``rules.systems``."""
from rules.systems.coc7.system import SYSTEM, Coc7System

__all__ = ["SYSTEM", "Coc7System"]
