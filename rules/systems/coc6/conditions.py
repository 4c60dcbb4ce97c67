"""Conditions a unit can be in and what they forbid: 転倒 (X-PRONE-01), スタン (X-STUN-01),
ノックアウト (X-KO-01), 組み付き中 (X-GRAPPLE-01), 隠れている, 気絶 and 死亡 (X-HP-02);
plus the characteristic rolls (CON×5, DEX×5) that put a unit into one of them."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.battle.state import OUT_OF_ACTION
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc6.state import CocState, CocUnit

PRONE, STUN, KNOCKOUT, GRAPPLED, HIDDEN, UNCONSCIOUS, DEAD = (
    "転倒", "スタン", "ノックアウト", "組み付き中", "隠れている", "気絶", "死亡")
ALL = (PRONE, STUN, KNOCKOUT, GRAPPLED, HIDDEN, UNCONSCIOUS, DEAD)


def add(d: Decision[CocState], unit_id: str, condition: str, cause: str = "") -> None:
    """Emit ConditionChanged unless ``unit_id`` already has ``condition``."""
    if condition not in d.state.units[unit_id].conditions:
        d.emit(ce.ConditionChanged(unit=unit_id, condition=condition, added=True, cause=cause))
        if condition in OUT_OF_ACTION:
            announce_defeat(d)


def remove(d: Decision[CocState], unit_id: str, condition: str, cause: str = "") -> None:
    """Emit ConditionChanged(added=False) if ``unit_id`` has ``condition``."""
    if condition in d.state.units[unit_id].conditions:
        d.emit(ce.ConditionChanged(unit=unit_id, condition=condition, added=False, cause=cause))


def stun_one_turn(d: Decision[CocState], unit_id: str, cause: str) -> None:
    """X-STUN-01 「1ターン」: stunned through the unit's next own turn (H-MA-RUSH-04,
    H-KYU-PREC-17); turns.py lets that turn pass and lifts the stun."""
    add(d, unit_id, STUN, cause)
    d.emit(ce.UnitMarked(unit=unit_id, key="stun_one_turn", value=True))


def require_active(unit: CocUnit) -> None:
    """Refuse an active action (attack, move, check) by a unit that may not take one.

    Raises RuleViolation: X-STUN-01 while stunned; H-KYU-STRING-02 while restringing a bow.
    """
    if STUN in unit.conditions:
        forbid("X-STUN-01", f"{unit.id}はスタンしていて、この手番は行動できません。")
    if "restring" in unit.marks:
        forbid("H-KYU-STRING-02",
                            f"{unit.id}は弦の張り替え中です。終わるまでは防御的な行動しかできません。")


def characteristic_roll(d: Decision[CocState], unit_id: str, stat: str, purpose: str,
                        dice: Dice, attack: int | None = None) -> bool:
    """Roll ``stat``×5 for ``unit_id`` (e.g. CON×5 against a knockout) and emit the check;
    returns whether it succeeded."""
    unit = d.state.coc_unit(unit_id)
    target = unit.character.stat(stat) * 5 if unit.character else 0
    check = roll_check(target, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit_id, purpose=f"{purpose}（{stat}×5）", target=target,
                          roll=check.roll, level=check.level.value, text=check.text(), attack=attack))
    return check.succeeded
