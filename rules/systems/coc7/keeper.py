"""The KP's rulings in a 7th-edition battle (H-GEN-01: the KP's word beats every rule):
``/kp set`` (HP, a characteristic, a skill, 攻撃回数, a condition, a gun's 弾数 or 故障),
``/kp skip``; ``/kp order``, ``/kp setting`` and ``/kp handover`` are the CoC ones
(rules.systems.coc6.keeper: they touch nothing of the edition)."""
from __future__ import annotations

import re
import unicodedata

from rules.battle.decision import Decision
from rules.battle.keeper import ChangeSetting, Handover, KeeperRuling, Reorder, SetValue, SkipTurn
from rules.battle.permissions import find_unit, require_keeper
from rules.coc7.character import CHARACTERISTICS
from rules.coc7.skills import canonical
from rules.errors import InvalidInput
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import keeper as coc_keeper
from rules.systems.coc6.conditions import add
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc7.events import ArmChanged, SheetSet
from rules.systems.coc7.maneuver import DISARM, release
from rules.systems.coc7.state import (DEAD, DYING, HELD, HOLDING, MAJOR_WOUND, PINNED, PRONE, UNCONSCIOUS,
                                      Coc7State, Coc7Unit)
from rules.systems.coc7.turns import advance

CONDITIONS = (MAJOR_WOUND, DYING, UNCONSCIOUS, DEAD, PRONE, HELD, PINNED, HOLDING, DISARM)
"""Conditions the KP may set or clear."""
ATTACKS = ("攻撃回数", "ATTACKS")


def _number(text: str, what: str, low: int, high: int) -> int:
    folded = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d{1,6}", folded):
        raise InvalidInput(f"{what}には整数を指定してください（「{text[:20]}」）。")
    value = int(folded)
    if not low <= value <= high:
        raise InvalidInput(f"{what}は{low}から{high}の範囲で指定してください（「{text[:20]}」は範囲外です）。")
    return value


def set_value(d: Decision[Coc7State], cmd: SetValue) -> None:
    """``/kp set``: one value of one unit, recorded as a KP ruling. HP (0..max; at 0 the unit
    falls 気絶, or 瀕死 with a major wound, as damage does: 7-HP-05/06), a characteristic, a
    skill the sheet knows, 攻撃回数, ``状態`` (``+重傷`` / ``-瀕死``), ``武器名.弾数`` and
    ``武器名.故障`` (1 jammed, 0 mended). Raises InvalidInput for any other field or value."""
    require_keeper(d.state, cmd, "値の変更")
    unit = find_unit(d.state, cmd.target)
    assert isinstance(unit, Coc7Unit) and unit.sheet is not None
    key = unicodedata.normalize("NFKC", cmd.field).strip()
    upper = key.upper()
    label = f"{unit.id}の{key}を{cmd.value}に"
    if upper in ("HP", "耐久力"):
        after = _number(cmd.value, "HP", 0, unit.hp_max)
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        if after != unit.hp:
            d.emit(ce.HpChanged(unit=unit.id, before=unit.hp, after=after, cause="KPの設定"))
        if after == 0 and MAJOR_WOUND in unit.conditions:
            add(d, unit.id, DYING, "重傷でHP0（7-HP-06、KPの設定）")
        if after == 0:
            add(d, unit.id, UNCONSCIOUS, "HP0（KPの設定）")
    elif key in ("状態", "condition"):
        _set_condition(d, cmd, unit)
    elif "." in key:
        _set_weapon(d, cmd, unit, *key.rsplit(".", 1))  # .38リボルバー.弾数
    elif upper in CHARACTERISTICS or upper in ATTACKS or unit.sheet.knows(key):
        name = upper if upper in CHARACTERISTICS else "攻撃回数" if upper in ATTACKS else canonical(key)
        value = _number(cmd.value, name, 1 if name == "攻撃回数" else 0, 9 if name == "攻撃回数" else 999)
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        d.emit(SheetSet(unit=unit.id, key=name, value=value))
    else:
        raise InvalidInput(f"「{key}」は /kp set で変えられる項目ではありません。変えられる項目: HP、能力値（STR〜EDU）、"
                           "技能名、攻撃回数、状態、武器名.弾数、武器名.故障")
    announce_defeat(d)


def _set_condition(d: Decision[Coc7State], cmd: SetValue, unit: Coc7Unit) -> None:
    condition, added = coc_keeper.condition_ruling(d, cmd, unit, CONDITIONS)
    if not added and condition in (HELD, PINNED) and unit.marks.get("held_by"):
        release(d, unit.marks["held_by"], unit.id, "KPの設定")
    elif not added and condition == HOLDING and unit.marks.get("holding"):
        release(d, unit.id, unit.marks["holding"], "KPの設定")
    else:
        d.emit(ce.ConditionChanged(unit=unit.id, condition=condition, added=added, cause="KPの設定"))


def _set_weapon(d: Decision[Coc7State], cmd: SetValue, unit: Coc7Unit, name: str, part: str) -> None:
    weapon = unit.weapon(name.strip())
    if weapon is None or weapon.name not in unit.arms:
        raise InvalidInput(f"{unit.id}は「{name}」を持っていません。")
    arm = unit.arms[weapon.name]
    part = part.strip()
    if part in ("弾数", "弾", "装弾数", "残弾"):
        if weapon.capacity is None:
            raise InvalidInput(f"{weapon.name}には弾数がありません。")
        ammo, jammed = _number(cmd.value, "弾数", 0, weapon.capacity), arm.jammed
    elif part in ("故障", "ジャム"):
        ammo, jammed = arm.ammo, _number(cmd.value, "故障（1で故障、0で修理）", 0, 1) == 1
    else:
        raise InvalidInput("武器は「武器名.弾数」か「武器名.故障」の形で指定してください。")
    d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{weapon.name}の{part}を{cmd.value}に"))
    d.emit(ArmChanged(unit=unit.id, weapon=weapon.name, ammo=ammo, jammed=jammed, dropped=arm.dropped))


HANDLERS = {
    SetValue: set_value, SkipTurn: lambda d, cmd: coc_keeper.skip_turn(None, d, cmd, then=advance),
    Reorder: lambda d, cmd: coc_keeper.reorder(None, d, cmd),
    ChangeSetting: lambda d, cmd: coc_keeper.change_setting(None, d, cmd),
    Handover: lambda d, cmd: coc_keeper.handover(None, d, cmd),
}
"""``{command class: handler(decision, command)}`` for the KP's commands."""
