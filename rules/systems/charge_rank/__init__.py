"""The charge-rank game system of seed 004 (CATALOG.md section C), ``charge-rank``.

Not CoC: d6 pools sized by a spent power rank, five phases per round driven by reflex,
interrupts by third parties, stamina instead of hit points. ``SYSTEM`` is the
:class:`rules.battle.protocol.GameSystem` object registered in ``rules.systems``.
"""
from rules.systems.charge_rank.system import SYSTEM, ChargeRankSystem

__all__ = ["SYSTEM", "ChargeRankSystem"]
