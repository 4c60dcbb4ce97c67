"""Hit points and wounds of the 7th edition (7-HP-01..07): HP never goes below 0; one blow
of at least half the maximum HP is a major wound (重傷), after which the victim rolls CON or
falls unconscious (気絶); one blow of more than the maximum HP kills; at 0 HP a unit with a
major wound is dying (瀕死, and unconscious) and rolls CON at the end of every round until
it dies or is stabilised, one without a major wound is unconscious."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc7.check import Check7
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.conditions import add, remove
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc7.rolls import roll_check
from rules.systems.coc7.state import DEAD, DYING, MAJOR_WOUND, UNCONSCIOUS, Coc7State, Coc7Unit


def is_major(amount: int, hp_max: int) -> bool:
    """7-HP-02: a blow of at least half the maximum HP (``2 × amount ≥ max``; 6 of 12 is one,
    5 of 11 is not)."""
    return amount > 0 and 2 * amount >= hp_max


def con_roll(d: Decision[Coc7State], unit: Coc7Unit, why: str, dice: Dice) -> Check7:
    """A CON roll of ``unit`` (regular difficulty, no bonus dice) for ``why`` (気絶するか …)."""
    con = unit.sheet.stat("CON") if unit.sheet else 0
    return roll_check(d, unit.id, f"CON（{why}）", con, dice)


def take(d: Decision[Coc7State], unit_id: str, amount: int, dice: Dice, cause: str = "") -> int:
    """``unit_id`` takes one blow of ``amount`` HP (7-HP-01..06). Returns the HP lost.

    HP falls to no less than 0 (7-HP-01). A blow of more than the maximum HP kills (7-HP-04;
    exactly the maximum is a major wound).
    A major wound (7-HP-02) adds 重傷; with HP left the unit rolls CON and falls 気絶 on a
    failure (7-HP-03). At 0 HP: 瀕死 and 気絶 with a major wound (this blow's or an earlier
    one, 7-HP-06), else 気絶 (7-HP-05)."""
    unit = d.state.unit7(unit_id)
    if amount <= 0 or DEAD in unit.conditions:
        return 0
    before = unit.hp
    after = max(0, before - amount)
    d.emit(ce.HpChanged(unit=unit_id, before=before, after=after, cause=cause))
    if amount > unit.hp_max:
        add(d, unit.id, DEAD, f"一撃で最大HP{unit.hp_max}を超えるダメージ（7-HP-04）")
    elif is_major(amount, unit.hp_max) or (after == 0 and MAJOR_WOUND in unit.conditions):
        if is_major(amount, unit.hp_max):
            add(d, unit.id, MAJOR_WOUND, f"一撃で最大HP{unit.hp_max}の半分以上（7-HP-02）")
        if after == 0:
            add(d, unit.id, DYING, "重傷でHP0（7-HP-06）")
            add(d, unit.id, UNCONSCIOUS, "瀕死（7-HP-06）")
        elif UNCONSCIOUS not in unit.conditions:
            check = con_roll(d, unit, "重傷：気絶しないか", dice)
            if not check.succeeded:
                add(d, unit.id, UNCONSCIOUS, "重傷のCONロールに失敗（7-HP-03）")
    elif after == 0:
        add(d, unit.id, UNCONSCIOUS, "HP0（重傷なし、7-HP-05）")
    announce_defeat(d)
    return before - after


def dying_checks(d: Decision[Coc7State], dice: Dice) -> None:
    """7-HP-06: at the end of a round every dying unit rolls CON; a failure kills it."""
    for unit in list(d.state.units.values()):
        assert isinstance(unit, Coc7Unit)
        if DYING not in unit.conditions or DEAD in unit.conditions:
            continue
        check = con_roll(d, unit, "瀕死：ラウンドの終わり", dice)
        if not check.succeeded:
            remove(d, unit.id, DYING, "死亡した")
            add(d, unit.id, DEAD, "瀕死のCONロールに失敗（7-HP-06）")
    announce_defeat(d)
