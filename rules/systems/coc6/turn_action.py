"""The one action of a turn under the CoC rule sets that count no AP (the book rules, 001;
the 武道 rules, 002): a reload (X-AMMO-03) or a spell (X-MP-02) is the unit's action of its
turn, as an attack is: it cannot attack after it, nor do it after attacking. The house rules
(000) count AP instead (H-AP-01), so they never ask."""
from __future__ import annotations

from rules.errors import forbid
from rules.systems.coc6.state import CocUnit

MARK = "turn_action"
"""The unit mark ``{"done": 「リロードした」/「呪文を唱えた」, "clause": …}`` of this turn's
action, cleared when its next turn begins (evolve_house.start_turn)."""


def mark(done: str, clause: str) -> dict:
    """The :data:`MARK` value of an action ``done`` (「リロードした」) under ``clause``."""
    return {"done": done, "clause": clause}


def taken(unit: CocUnit) -> dict | None:
    """The action ``unit`` took as its turn's (``{"done", "clause"}``), or None."""
    mark = unit.marks.get(MARK)
    return mark if isinstance(mark, dict) else None


def refuse_attack_after(uses_ap: bool, unit: CocUnit) -> None:
    """Refuse an attack by ``unit`` after its turn's action (the KP may allow it, H-GEN-01)."""
    done = taken(unit)
    if not uses_ap and done is not None:
        forbid(done["clause"], f"{unit.id}はこの手番に{done['done']}ので、攻撃は次の手番です。")


def refuse_after_attack(uses_ap: bool, unit: CocUnit, word: str, clause: str) -> None:
    """Refuse ``word`` (リロード, 呪文) as the turn's action when ``unit`` attacked this turn or
    already took its action."""
    if uses_ap:
        return
    earlier = taken(unit)
    if unit.attacks > 0 or earlier is not None:
        done = "攻撃した" if unit.attacks > 0 else earlier["done"]  # type: ignore[index]
        forbid(clause, f"{unit.id}はこの手番にもう{done}ので、{word}は次の手番です。")
