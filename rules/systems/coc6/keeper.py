"""The KP's rulings in a CoC 6 battle: ``/kp set``, ``/kp skip``, ``/kp order``,
``/kp setting`` and ``/kp handover`` (H-GEN-01), plus the events only they cause."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.battle.events import Event, event
from rules.battle.keeper import (ChangeSetting, Handover, KeeperChanged, KeeperRuling,
                                 OrderChanged, Reorder, Rest, SetValue, SettingChanged, SkipTurn)
from rules.battle.permissions import find_unit, require_keeper
from rules.coc6.character import CHARACTERISTICS, canonical_skill
from rules.errors import InvalidInput
from rules.coc6.weapons import magazine
from rules.systems.coc6 import events as ce
from rules.systems.coc6.ammo import GunJammed, RoundsChanged, rounds_left
from rules.battle.magic import MpChanged
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.turns import advance

CONDITIONS = ("転倒", "スタン", "気絶", "ノックアウト", "死亡", "組み付き", "組み付き中", "隠れている", "操られている")
"""Conditions the KP may set or clear (X-HP-02, X-STUN-01, X-KO-01, X-PRONE-01, X-GRAPPLE-01);
操られている: a PC under an NPC's or the KP's control (H-GEN-01, the KP's ruling), which chat
offers as a target to the other PCs and lets the KP move (rules.chat.context, issue 26)."""


@event("coc.ap_set")
@dataclass(frozen=True)
class ApSet(Event):
    """The KP set ``unit``'s action points left this turn to ``ap`` (H-AP-01)."""

    unit: str
    ap: int


@event("coc.sheet_changed")
@dataclass(frozen=True)
class SheetChanged(Event):
    """The KP set ``unit``'s characteristic or skill ``key`` (canonical name) to ``value``."""

    unit: str
    key: str
    value: int


def apply_ap_set(state: CocState, e: ApSet) -> None:
    """The unit's AP left this turn become ``e.ap``."""
    state.coc_unit(e.unit).ap = e.ap


def apply_sheet_changed(state: CocState, e: SheetChanged) -> None:
    """The unit's characteristic or skill ``e.key`` becomes ``e.value`` (its HP maximum and
    current HP are left to ``/kp set HP``)."""
    unit = state.coc_unit(e.unit)
    if unit.character is None:
        return
    if e.key in CHARACTERISTICS:
        unit.character = replace(unit.character, stats={**unit.character.stats, e.key: e.value})
    else:
        unit.character = unit.character.with_skill(e.key, e.value)


COC_KEEPER_HANDLERS = {ApSet: apply_ap_set, SheetChanged: apply_sheet_changed}
"""``{event class: apply(state, event)}`` for the CoC evolve table."""


RANGES = {"HP": (-99, 999), "MP": (0, 999), "AP": (0, 99), "能力値": (0, 99), "技能": (0, 999), "耐久力": (0, 999)}
"""``{kind: (lowest, highest)}`` a ``/kp set`` value may take (HP may go below 0, X-HP-02)."""
FIELDS = ("HP", "MP", "AP", *CHARACTERISTICS, "状態", "武器名.耐久力", "銃名.残弾", "銃名.故障")
"""The fields ``/kp set`` knows besides the skills of the rulebook and the unit's sheet."""


def _number(text: str, what: str, kind: str | None = None) -> int:
    """``text`` as an integer within ``RANGES[kind or what]``; raises InvalidInput saying
    that it is not a whole number, or the range it must be in."""
    folded = unicodedata.normalize("NFKC", text).strip().replace("−", "-")
    if not re.fullmatch(r"[+-]?\d+", folded):
        raise InvalidInput(f"{what}には整数を指定してください（「{text[:20]}」）。")
    low, high = RANGES[kind or what]
    digits = folded.lstrip("+-")
    value = int(folded) if len(digits) <= 12 else (low - 1 if folded.startswith("-") else high + 1)
    if not low <= value <= high:
        raise InvalidInput(f"{what}は{low}から{high}の範囲で指定してください（「{text[:20]}」は範囲外です）。")
    return value


def unknown_field(unit: CocUnit, key: str) -> InvalidInput:
    """The refusal of a ``/kp set`` field that is neither one of :data:`FIELDS` nor a skill,
    naming the fields known (and the unit's own skills)."""
    assert unit.character is not None
    own = list(unit.character.skills)
    skills = "、".join(own[:12]) + ("など" if len(own) > 12 else "")
    return InvalidInput(f"「{key}」は /kp set で変えられる項目ではありません。変えられる項目: {'、'.join(FIELDS)}、"
                        f"技能名（ルールブックの技能" + (f"と{unit.id}のシートの {skills}" if own else "") + "）")


def set_value(rules: CocRules, d: Decision[CocState], cmd: SetValue) -> None:
    """``/kp set``: one value of one unit, recorded as a KP ruling (H-GEN-01).

    Fields: HP (at 2 or less 気絶, at 0 or less 死亡, X-HP-02), AP, an ability (STR … EDU), a skill the unit knows (Character.knows),
    ``武器名.耐久力`` and ``状態`` (value ``+転倒`` adds, ``-転倒`` clears). Raises InvalidInput
    for any other field (naming the known ones, :func:`unknown_field`) and for a value that
    is not a whole number or lies outside :data:`RANGES`.
    """
    require_keeper(d.state, cmd, "値の変更")
    unit = find_unit(d.state, cmd.target)
    assert isinstance(unit, CocUnit) and unit.character is not None
    key = unicodedata.normalize("NFKC", cmd.field).strip()
    upper = key.upper()
    label = f"{unit.id}の{key}を{cmd.value}に"
    if upper in ("HP", "耐久力"):
        after = _number(cmd.value, "HP")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        if after != unit.hp:
            d.emit(ce.HpChanged(unit=unit.id, before=unit.hp, after=after, cause="KPの設定"))
            _hp_state(d, unit.id, after)
    elif upper == "MP":
        mp = _number(cmd.value, "MP")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        if mp != unit.mp:
            d.emit(MpChanged(unit=unit.id, before=unit.mp, after=mp, cause="KPの設定"))
    elif upper == "AP":
        ap = _number(cmd.value, "AP")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        d.emit(ApSet(unit=unit.id, ap=ap))
    elif upper in CHARACTERISTICS:
        value = _number(cmd.value, upper, "能力値")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        d.emit(SheetChanged(unit=unit.id, key=upper, value=value))
    elif key in ("状態", "condition"):
        _set_condition(d, cmd, unit)
    elif "." in key:
        _set_weapon(d, cmd, unit, *key.rsplit(".", 1))
    elif unit.character.knows(key):
        value = _number(cmd.value, key, "技能")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=label))
        d.emit(SheetChanged(unit=unit.id, key=canonical_skill(key), value=value))
    else:
        raise unknown_field(unit, key)
    announce_defeat(d)


def _hp_state(d: Decision[CocState], unit_id: str, hp: int) -> None:
    """X-HP-02 for an HP the KP set: at HP 0 or less 死亡, at 2 or less 気絶, as damage does;
    the KP lifts it with ``/kp set 状態 -気絶`` when the story says otherwise."""
    unit = d.state.coc_unit(unit_id)
    condition = "死亡" if hp <= 0 else ("気絶" if hp <= 2 else None)
    if condition is not None and condition not in unit.conditions:
        limit = 0 if condition == "死亡" else 2
        d.emit(ce.ConditionChanged(unit=unit_id, condition=condition, added=True,
                                   cause=f"耐久力{limit}以下（X-HP-02、KPの設定）"))


def condition_ruling(d: Decision, cmd: SetValue, unit, conditions: tuple[str, ...]) -> tuple[str, bool]:
    """``/kp set field:状態 value:+転倒`` read against ``conditions`` (the ones the system's
    KP may set): the ruling recorded, ``(condition, added)`` returned for the system to
    apply. Raises InvalidInput for an unknown condition or one the unit already has (or lacks)."""
    value = unicodedata.normalize("NFKC", cmd.value).strip()
    added = not value.startswith("-")
    condition = value.lstrip("+-").strip()
    if condition not in conditions:
        example = conditions[0]
        raise InvalidInput(f"状態には {'、'.join(conditions)} のどれかを +{example} / -{example} の形で指定してください。")
    if added == (condition in unit.conditions):
        raise InvalidInput(f"{unit.id}はすでにその状態{'です' if added else 'ではありません'}。")
    verb = "付与" if added else "解除"
    d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{condition}を{verb}"))
    return condition, added


def _set_condition(d: Decision[CocState], cmd: SetValue, unit: CocUnit) -> None:
    condition, added = condition_ruling(d, cmd, unit, CONDITIONS)
    d.emit(ce.ConditionChanged(unit=unit.id, condition=condition, added=added, cause="KPの設定"))


def _set_weapon(d: Decision[CocState], cmd: SetValue, unit: CocUnit, name: str, part: str) -> None:
    assert unit.character is not None
    weapon = unit.character.weapon(name.strip())
    if weapon is None or weapon.name not in unit.weapons:
        raise InvalidInput(f"{unit.id}は「{name}」を持っていません。")
    part = part.strip().upper()
    if part in GUN_PARTS:
        _set_gun(d, cmd, unit, weapon, GUN_PARTS[part])
        return
    if part not in ("耐久力", "HP", "耐久"):
        raise InvalidInput("武器は「武器名.耐久力」「銃名.残弾」「銃名.故障」の形で変えられます。")
    hp = _number(cmd.value, "耐久力")
    ws = unit.weapons[weapon.name]
    d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{weapon.name}の耐久力を{hp}に"))
    d.emit(ce.WeaponChanged(unit=unit.id, weapon=weapon.name, hp=hp, broken=hp <= 0,
                            cannot_fire=ws.cannot_fire and hp > 0, note=""))


GUN_PARTS = {"残弾": "rounds", "弾数": "rounds", "弾": "rounds", "故障": "jam"}
"""``/kp set field:<銃>.<part>``: its rounds left (X-AMMO-01) or its jam (X-JAM-02)."""


def _set_gun(d: Decision[CocState], cmd: SetValue, unit: CocUnit, weapon, part: str) -> None:
    """``<銃>.残弾 value:N`` (0 … its 装弾数) or ``<銃>.故障 value:0`` (repaired) / ``1`` (jammed)."""
    full = magazine(weapon)
    if full is None:
        raise InvalidInput(f"{weapon.name}は銃ではありません（残弾・故障は銃の項目です）。")
    value = unicodedata.normalize("NFKC", cmd.value).strip()
    if part == "jam":
        jammed = {"0": False, "なし": False, "修理": False, "OFF": False, "1": True, "あり": True, "ON": True}.get(value.upper())
        if jammed is None:
            raise InvalidInput("故障は value:0（修理した）か value:1（故障している）で指定してください。")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定",
                            detail=f"{unit.id}の{weapon.name}を{'故障' if jammed else '修理'}に"))
        d.emit(GunJammed(unit=unit.id, weapon=weapon.name, jammed=jammed))
        return
    rounds = _number(value, "残弾", "耐久力")
    if rounds > full:
        raise InvalidInput(f"{weapon.name}の装弾数は{full}です（残弾は0から{full}まで）。")
    before = rounds_left(unit, weapon) or 0
    d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{weapon.name}の残弾を{rounds}に"))
    d.emit(RoundsChanged(unit=unit.id, weapon=weapon.name, rounds=rounds, before=before, full=full, cause="KPの設定"))


def skip_turn(rules: CocRules, d: Decision[CocState], cmd: SkipTurn, then=advance) -> None:
    """``/kp skip``: the turn ends now; an unanswered attack of that turn is closed first;
    ``then(d)`` starts the next turn (this system's :func:`turns.advance`, or another CoC
    system's: rules.systems.coc7)."""
    require_keeper(d.state, cmd, "手番のスキップ")
    state = d.state
    if state.phase != "active" or state.turn is None:
        raise InvalidInput("いまは誰の手番でもありません。")
    unit = state.turn
    d.emit(KeeperRuling(by=cmd.issuer, action="スキップ", detail=f"{unit}の手番を飛ばした"))
    for pending in list(state.pending):
        d.emit(ce.AttackResolved(attack=pending.id, outcome="KPの裁定で打ち切り"))
    d.emit(ev.TurnEnded(unit=unit))
    then(d)


def reorder(rules: CocRules, d: Decision[CocState], cmd: Reorder) -> None:
    """``/kp order``: move a unit in this round's order (or put a unit added this round in
    it); units tied on DEX keep the new order in later rounds (X-ORDER-01)."""
    require_keeper(d.state, cmd, "行動順の変更")
    state = d.state
    if state.phase != "active":
        raise InvalidInput("行動順は戦闘の開始後に変えられます。")
    unit = find_unit(state, cmd.name)
    if unit.out_of_action:
        raise InvalidInput(f"{unit.id}は行動不能なので行動順に入れられません。")
    order = [u for u in state.order if u != unit.id]
    if not 1 <= cmd.position <= len(order) + 1:
        raise InvalidInput(f"位置は 1 から {len(order) + 1} の間で指定してください。")
    order.insert(cmd.position - 1, unit.id)
    d.emit(KeeperRuling(by=cmd.issuer, action="行動順", detail=f"{unit.id}を{cmd.position}番目に"))
    d.emit(OrderChanged(order=order, by=cmd.issuer))


def change_setting(rules: CocRules, d: Decision[CocState], cmd: ChangeSetting) -> None:
    """``/kp setting key: value:`` for this battle (the service validates key and value)."""
    require_keeper(d.state, cmd, "設定の変更")
    d.emit(SettingChanged(key=cmd.key, value=cmd.value, by=cmd.issuer))


def handover(rules: CocRules, d: Decision[CocState], cmd: Handover) -> None:
    """``/kp handover user:``: the battle's keeper becomes ``user``."""
    require_keeper(d.state, cmd, "KPの交代")
    if not cmd.user:
        raise InvalidInput("新しいKPを user: で指定してください。")
    if cmd.user == d.state.keeper:
        raise InvalidInput("そのユーザーはすでにこの戦闘のKPです。")
    d.emit(KeeperChanged(keeper=cmd.user, by=cmd.issuer))


def rest(rules: CocRules, d: Decision[CocState], cmd: Rest) -> None:
    """``/kp rest``: CoC has no stamina to rest (the charge-rank system's); raises InvalidInput
    saying what the KP may do instead."""
    raise InvalidInput("休息（スタミナを最大値に戻す）はチャージランク制の操作です。CoCではHPを "
                       "/kp set target:名前 field:HP value:数 で直せます。")


HANDLERS = {SetValue: set_value, SkipTurn: skip_turn, Reorder: reorder,
            ChangeSetting: change_setting, Handover: handover, Rest: rest}
"""``{command class: handler(rules, decision, command)}`` for the CoC system."""
