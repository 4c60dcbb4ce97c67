"""Battle set-up commands of the charge-rank system: open, join/add, start, remove, end."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.commands import EndBattle, Join, Open, Remove, Start
from rules.battle.decision import Decision
from rules.battle.joining import check_join
from rules.battle.permissions import find_unit, require_keeper
from rules.errors import InvalidInput
from rules.systems.charge_rank import options
from rules.systems.charge_rank.mainphase import proceed
from rules.systems.charge_rank.phases import advance, announce_defeat, start_round
from rules.systems.charge_rank.sheet import numbers
from rules.systems.charge_rank.state import CrState
from rules.systems.charge_rank.treatment import lower_stamina

NAME = "charge-rank"


def open_battle(d: Decision[CrState], cmd: Open) -> None:
    """``/battle new system:charge-rank``: the issuer is the GM (KP); settings at defaults."""
    if d.state.version:
        raise InvalidInput("この戦闘はすでに開かれています。")
    d.emit(ev.BattleOpened(system=NAME, keeper=cmd.issuer, settings=dict(options.DEFAULTS)))


def join(d: Decision[CrState], cmd: Join) -> None:
    """A player's unit or (``npc``) a KP-run one; the sheet's numbers are checked at the start
    (:func:`start`), or now when the battle is already running."""
    state = d.state
    check_join(state, cmd)
    missing = numbers(cmd.sheet).missing
    if missing and state.phase == "active":
        raise InvalidInput(f"{cmd.name}のチャージランク制の数値が足りません（{'・'.join(missing)}）。"
                           "/char set name:名前 key:リフレクス value:4 のように設定してから参加してください。")
    d.emit(ev.UnitJoined(unit=cmd.name, owner=None if cmd.npc else cmd.issuer, hidden=cmd.hidden,
                         sheet=cmd.sheet))


def start(d: Decision[CrState], cmd: Start) -> None:
    """``/battle start``: round 1 (C-PHASE-01, charge 0 → open phase, C-PHASE-04). Refused,
    naming each unit and number, while a unit lacks リフレクス or スタミナ."""
    require_keeper(d.state, cmd, "戦闘の開始")
    if d.state.phase != "setup":
        raise InvalidInput("戦闘はすでに始まっています。")
    if not d.state.units:
        raise InvalidInput("参加者がいません。/battle join や /battle add で参加させてください。")
    lacking = [f"{u.id}（{'・'.join(u.missing)}）" for u in d.state.cr_units() if u.missing]
    if lacking:
        raise InvalidInput("チャージランク制の数値が足りません: " + "、".join(lacking)
                           + "。KPが /kp set target:名前 field:リフレクス value:4 のように設定できます"
                           "（次の戦闘からは /char set name:名前 key:リフレクス value:4 でキャラクターに保存）。"
                           "キャパシティ・ガード・攻撃力は省略するとリフレクス・0・1になります。")
    start_round(d, 1)
    advance(d)


def remove(d: Decision[CrState], cmd: Remove, dice) -> None:
    """``/battle remove name:`` (KP): the unit leaves; questions and strikes about it lapse."""
    require_keeper(d.state, cmd, "参加者の除外")
    unit = find_unit(d.state, cmd.name)
    d.emit(ev.UnitRemoved(unit=unit.id, by=cmd.issuer))
    announce_defeat(d)
    if d.state.phase == "active":
        proceed(d, dice)


def end_battle(d: Decision[CrState], cmd: EndBattle) -> None:
    """``/battle end``: only the KP ends a battle."""
    require_keeper(d.state, cmd, "戦闘の終了")
    if d.state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    lower_stamina(d)  # C-INJ-05: the injuries take effect now
    d.emit(ev.BattleEnded(by=cmd.issuer))
