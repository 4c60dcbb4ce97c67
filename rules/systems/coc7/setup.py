"""Setting up and keeping a 7th-edition battle's turns: open, join (7th investigators with
their sheets, 7-JOIN-01), start, remove, end a turn, end the battle."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.commands import EndBattle, EndTurn, Join, Open, Remove, Start
from rules.battle.decision import Decision
from rules.battle.joining import check_join
from rules.battle.permissions import acting_unit, find_unit, require_keeper
from rules.coc7.character import EDITION, Investigator
from rules.errors import InvalidInput
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc7.acting import require_no_pending, require_turn
from rules.systems.coc7.maneuver import release
from rules.systems.coc7.state import Coc7State
from rules.systems.coc7.turns import advance, start_round

NAME = "coc7"
TITLE = "新クトゥルフ神話TRPG（7版）"
DEFAULTS: dict = {}
"""The KP settings of this system (none of its own: its rules follow the rulebook)."""


def open_battle(d: Decision[Coc7State], cmd: Open) -> None:
    """``/battle new system:coc7``: the issuer becomes the keeper."""
    if d.state.version:
        raise InvalidInput("この戦闘はすでに開かれています。")
    d.emit(ev.BattleOpened(system=NAME, keeper=cmd.issuer, settings=dict(DEFAULTS)))


def join(d: Decision[Coc7State], cmd: Join) -> None:
    """7-JOIN-01: a 7th-edition investigator (a player's, or with ``npc`` the KP's) joins
    with its sheet; a 6th-edition sheet is refused by name, and so is a sheet already dead
    or dying after an earlier battle (HP 0 on the sheet)."""
    check_join(d.state, cmd, EDITION)
    sheet = Investigator.from_dict(cmd.sheet or {})  # validates before anything is recorded
    if sheet.hp <= 0:
        raise InvalidInput(f"{cmd.name}はシートのHPが0/{sheet.hp_max}のため参加できません（7-HP-05）。"
                           "回復したらシートのHPを直してから参加してください。")
    d.emit(ev.UnitJoined(unit=cmd.name, owner=None if cmd.npc else cmd.issuer, hidden=cmd.hidden, sheet=cmd.sheet))


def start(d: Decision[Coc7State], cmd: Start) -> None:
    """``/battle start`` (KP): round 1 in the 7th edition's order (7-ORDER-01..04)."""
    require_keeper(d.state, cmd, "戦闘の開始")
    if d.state.phase != "setup":
        raise InvalidInput("戦闘はすでに始まっています。")
    if not d.state.units:
        raise InvalidInput("参加者がいません。/battle join や /battle add で参加させてください。")
    start_round(d, 1)


def remove(d: Decision[Coc7State], cmd: Remove) -> None:
    """``/battle remove`` (KP): the unit leaves (letting go of, or freed from, a hold)."""
    require_keeper(d.state, cmd, "参加者の除外")
    unit = find_unit(d.state, cmd.name)
    for key, other_is_holder in (("holding", False), ("held_by", True)):
        other = getattr(unit, "marks", {}).get(key)
        if other:
            release(d, other if other_is_holder else unit.id, unit.id if other_is_holder else other, "戦闘から外れた")
    d.emit(ev.UnitRemoved(unit=unit.id, by=cmd.issuer))
    announce_defeat(d)
    advance(d)


def end_turn(d: Decision[Coc7State], cmd: EndTurn) -> None:
    """``/end``: the acting unit's turn ends and the next begins."""
    unit = acting_unit(d.state, cmd, prefer=d.state.turn)
    require_turn(d.state, unit)
    require_no_pending(d.state)
    d.emit(ev.TurnEnded(unit=unit.id))
    advance(d)


def end_battle(d: Decision[Coc7State], cmd: EndBattle) -> None:
    """``/battle end`` (KP only)."""
    require_keeper(d.state, cmd, "戦闘の終了")
    if d.state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    d.emit(ev.BattleEnded(by=cmd.issuer))
