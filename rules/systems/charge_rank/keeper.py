"""The KP's rulings in a charge-rank battle (``rules.battle.keeper``): ``/kp setting``,
``/kp set``, ``/kp skip``, ``/kp order`` and ``/kp handover``. Each is recorded as events so
the battle log shows who overruled what."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.battle.decision import Decision
from rules.battle.events import Event, event
from rules.battle.keeper import (ChangeSetting, Handover, KeeperChanged, KeeperRuling, Reorder, Rest,
                                 SetValue, SettingChanged, SkipTurn)
from rules.battle.permissions import find_unit, require_keeper
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.systems.charge_rank import options
from rules.systems.charge_rank.damage import FAINTED
from rules.systems.charge_rank.events import Answered, ConditionChanged, Rested, StatusChanged, StrikeUpdated
from rules.systems.charge_rank.mainphase import proceed
from rules.systems.charge_rank.phases import announce_defeat, finish_action
from rules.systems.charge_rank.state import ACTED, ESCAPED, CrState, CrUnit

NUMBERS = {"チャージ": "charge", "チャージランク": "charge", "スタミナ": "stamina", "リフレクス": "reflex",
           "キャパシティ": "capacity", "ガード": "guard", "攻撃力": "attack"}
"""``/kp set field:`` names of a unit's numbers → CrUnit attributes."""

CONDITIONS = (FAINTED, "死亡", ESCAPED)
"""Conditions the KP may add (``+気絶``) or clear (``-気絶``)."""


@event("cr_number_set")
@dataclass(frozen=True)
class NumberSet(Event):
    """The KP set ``unit``'s number ``key`` (a CrUnit attribute of :data:`NUMBERS`) to ``value``."""

    unit: str
    key: str
    value: int


def apply_number_set(state: CrState, e: NumberSet) -> None:
    """Fold :class:`NumberSet`."""
    if e.unit in state.units:
        unit = state.unit(e.unit)
        setattr(unit, e.key, e.value)
        if any(NUMBERS.get(label) == e.key for label in unit.missing):
            unit.missing = tuple(label for label in unit.missing if NUMBERS.get(label) != e.key)
            if e.key == "stamina":
                unit.stamina_max = e.value
            if e.key == "reflex" and not unit.capacity:
                unit.capacity = e.value  # the capacity defaults to the reflex (sheet.py)


def change_setting(d: Decision[CrState], cmd: ChangeSetting, dice: Dice) -> None:
    """``/kp setting key: value:``: this system's options (:data:`options.DEFAULTS`, also by
    their Japanese names) are parsed from text; other keys (the bot's own, validated by the
    service) are stored as given."""
    require_keeper(d.state, cmd, "設定の変更")
    key = options.LABELS.get(str(cmd.key).strip(), str(cmd.key).strip())
    value = cmd.value
    if key in options.DEFAULTS:
        try:
            value = options.parse_value(key, value)
        except (ValueError, TypeError):
            raise InvalidInput(f"設定「{cmd.key}」の値「{cmd.value}」は読めません。") from None
    d.emit(SettingChanged(key=key, value=value, by=cmd.issuer))


def set_value(d: Decision[CrState], cmd: SetValue, dice: Dice) -> None:
    """``/kp set target: field: value:``: チャージ, スタミナ, リフレクス, キャパシティ, ガード,
    攻撃力 (an integer ≥ 0), or 状態 with ``+気絶`` / ``-気絶`` (also 死亡, 逃亡)."""
    require_keeper(d.state, cmd, "値の変更")
    unit = find_unit(d.state, cmd.target)
    assert isinstance(unit, CrUnit)
    field = unicodedata.normalize("NFKC", cmd.field).strip()
    text = unicodedata.normalize("NFKC", cmd.value).strip()
    if field in NUMBERS:
        if not re.fullmatch(r"\d+", text):
            raise InvalidInput(f"{field}には0以上の整数を指定してください。")
        if len(text) > 4:
            raise InvalidInput(f"{field}は0から9999の範囲で指定してください（「{text[:20]}」は範囲外です）。")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{field}を{text}に"))
        d.emit(NumberSet(unit=unit.id, key=NUMBERS[field], value=int(text)))
        if NUMBERS[field] == "stamina" and int(text) <= 0 and FAINTED not in unit.conditions:
            d.emit(ConditionChanged(unit=unit.id, condition=FAINTED, cause="スタミナ0で戦闘不能、C-DMG-04"))
    elif field in ("状態", "condition"):
        added, condition = not text.startswith("-"), text.lstrip("+-").strip()
        if condition not in CONDITIONS:
            raise InvalidInput(f"状態には {'、'.join(CONDITIONS)} のどれかを +気絶 / -気絶 の形で指定してください。")
        if added == (condition in unit.conditions):
            raise InvalidInput(f"{unit.id}はすでにその状態{'です' if added else 'ではありません'}。")
        d.emit(KeeperRuling(by=cmd.issuer, action="設定", detail=f"{unit.id}の{condition}を{'付与' if added else '解除'}"))
        d.emit(ConditionChanged(unit=unit.id, condition=condition, added=added, cause="KPの設定"))
    else:
        raise InvalidInput(f"変えられる項目: {'、'.join(NUMBERS)}、状態")
    announce_defeat(d)
    if d.state.phase == "active":
        proceed(d, dice)


def rest(d: Decision[CrState], cmd: Rest, dice: Dice) -> None:
    """``/kp rest [name:]`` (KP): the unit rests (every unit when no name): its stamina back
    to its maximum, no higher than its injuries leave it (C-INJ-05). Raises InvalidInput when
    nobody needs the rest, or for a dead unit."""
    require_keeper(d.state, cmd, "休息")
    units = [find_unit(d.state, cmd.name)] if cmd.name else list(d.state.cr_units())
    rested = []
    for unit in units:
        assert isinstance(unit, CrUnit)
        if "死亡" in unit.conditions:
            if cmd.name:
                raise InvalidInput(f"{unit.id}は死亡しています。休息では戻りません（C-INJ-REC-04）。")
            continue
        if unit.stamina < unit.stamina_max or unit.unrested:
            rested.append(unit)
    if not rested:
        who = units[0].id if cmd.name else "全員"
        raise InvalidInput(f"{who}のスタミナはすでに最大です（休息の必要はありません）。")
    d.emit(KeeperRuling(by=cmd.issuer, action="休息", detail="、".join(u.id for u in rested)))
    for unit in rested:
        d.emit(Rested(unit=unit.id, before=unit.stamina, after=unit.stamina_max))


def skip(d: Decision[CrState], cmd: SkipTurn, dice: Dice) -> None:
    """``/kp skip`` (and the auto-skip of an idle prompt): an open question is answered なし;
    otherwise the main phase's unit does nothing and is acted."""
    require_keeper(d.state, cmd, "手番のスキップ")
    state = d.state
    if state.pending:
        question = state.pending[0]
        d.emit(KeeperRuling(by=cmd.issuer, action="スキップ", detail=f"{question.unit}の対応を「なし」に"))
        d.emit(Answered(question=question.id, unit=question.unit, action="なし"))
        if question.kind == "passive":
            d.emit(StrikeUpdated(strike=question.context["strike"], changes={"stage": "damage"}))
        proceed(d, dice)
        return
    if state.phase != "active" or state.turn is None:
        raise InvalidInput("いまは誰の手番でもありません。")
    d.emit(KeeperRuling(by=cmd.issuer, action="スキップ", detail=f"{state.turn}の手番を飛ばした"))
    d.emit(StatusChanged(unit=state.turn, status=ACTED, cause="KPの裁定でスキップ"))
    finish_action(d)


def reorder(d: Decision[CrState], cmd: Reorder, dice: Dice) -> None:
    """``/kp order name: position:``: initiative follows reflex (C-PHASE-05), so the KP's order
    is the seating that breaks reflex ties (C-PHASE-06): ``name`` moves to ``position``."""
    require_keeper(d.state, cmd, "行動順の変更")
    state = d.state
    unit = find_unit(state, cmd.name)
    seating = [u.id for u in sorted(state.cr_units(), key=lambda u: state.seat(u.id)) if u.id != unit.id]
    if not 1 <= cmd.position <= len(seating) + 1:
        raise InvalidInput(f"位置は 1 から {len(seating) + 1} の間で指定してください。")
    seating.insert(cmd.position - 1, unit.id)
    d.emit(KeeperRuling(by=cmd.issuer, action="行動順",
                        detail=f"{unit.id}を席順の{cmd.position}番目に（リフレクスが同じときの順番）"))
    d.emit(SettingChanged(key="seating", value=seating, by=cmd.issuer))


def handover(d: Decision[CrState], cmd: Handover, dice: Dice) -> None:
    """``/kp handover user:``: the battle's keeper becomes ``user``."""
    require_keeper(d.state, cmd, "KPの交代")
    if not cmd.user:
        raise InvalidInput("新しいKPを user: で指定してください。")
    if cmd.user == d.state.keeper:
        raise InvalidInput("そのユーザーはすでにこの戦闘のKPです。")
    d.emit(KeeperChanged(keeper=cmd.user, by=cmd.issuer))


HANDLERS = {ChangeSetting: change_setting, SetValue: set_value, SkipTurn: skip, Reorder: reorder,
            Handover: handover, Rest: rest}
"""``{keeper command class: handler(decision, command, dice)}``."""
