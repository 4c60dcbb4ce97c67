"""Battle set-up and turn-keeping commands of CoC 6: open, join/add, start, remove, end turn,
end battle, and round-start declarations."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.commands import Declare, EndBattle, EndTurn, Join, Open, Remove, Start
from rules.battle.decision import Decision
from rules.battle.joining import check_join
from rules.battle.keeper import KeeperRuling
from rules.battle.permissions import acting_unit, find_unit, require_keeper
from rules.coc6.character import Character
from rules.errors import InvalidInput, refuse
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import late_join
from rules.systems.coc6.attack import require_no_pending, require_turn
from rules.systems.coc6.concentrate import SUFFIX as FOCUS_SUFFIX
from rules.systems.coc6.concentrate import declare_focus
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.damage import announce_defeat
from rules.systems.coc6.declarations import LIFT_WORDS, NONE, NONE_LABEL, STANDING_WORDS, answer_none, answer_standing, lift
from rules.systems.coc6.window import require_window
from rules.systems.coc6.parrying import free_parry_text, needs_parry_declaration
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.house_declarations import HOUSE_DECLARATIONS, RELOAD, declare_house
from rules.systems.coc6.reload import reload
from rules.systems.coc6.turns import advance, start_round


def open_battle(rules: CocRules, d: Decision[CocState], cmd: Open) -> None:
    """``/battle new``: the issuer becomes the keeper; the rule set's defaults become the
    settings."""
    if d.state.version:
        raise InvalidInput("この戦闘はすでに開かれています。")
    d.emit(ev.BattleOpened(system=rules.name, keeper=cmd.issuer, settings=dict(rules.defaults)))


def join(rules: CocRules, d: Decision[CocState], cmd: Join) -> None:
    """A player's unit (owner = issuer) or, with ``npc``, a KP-run NPC (KP only)."""
    state = d.state
    check_join(state, cmd)
    sheet = Character.from_dict(cmd.sheet)  # validates the sheet before anything is recorded
    if sheet.is_charge_rank:
        raise InvalidInput(f"{cmd.name}はチャージランク制のシートなので、CoCの戦闘には参加できません"
                           "（能力値がありません）。/battle new system:charge-rank の戦闘で使えます。")
    if sheet.hp <= 2 and sheet.hp < sheet.hp_max:  # hurt so on the sheet (an earlier battle, issue 19); a 2-HP rat may join
        state_word = "死亡" if sheet.hp <= 0 else "気絶"
        raise InvalidInput(f"{cmd.name}はシートのHPが{sheet.hp}/{sheet.hp_max}で{state_word}しているため参加できません（X-HP-02）。"
                           f"回復したら /char set name:{sheet.name} key:HP value:… でシートのHPを直してから参加してください。")
    owner = None if cmd.npc else cmd.issuer
    d.emit(ev.UnitJoined(unit=cmd.name, owner=owner, hidden=cmd.hidden, sheet=cmd.sheet))
    late_join.place(d, cmd.name)  # mid-round: this round if its DEX place is still ahead


def start(rules: CocRules, d: Decision[CocState], cmd: Start) -> None:
    """``/battle start`` (KP only): round 1 in DEX order (X-ORDER-01)."""
    require_keeper(d.state, cmd, "戦闘の開始")
    if d.state.phase != "setup":
        raise InvalidInput("戦闘はすでに始まっています。")
    if not d.state.units:
        raise InvalidInput("参加者がいません。/battle join や /battle add で参加させてください。")
    supplements = str(d.state.settings.get("supplements") or "").strip()
    if supplements:  # H-GEN-04/05: the extra books the KP allows, announced before the fight
        d.emit(KeeperRuling(by=cmd.issuer, action="使用ルール", clause="H-GEN-05",
                            detail=f"この戦闘で使う追加のルールブック・サプリメント: {supplements}"))
    start_round(d, 1)


def remove(rules: CocRules, d: Decision[CocState], cmd: Remove) -> None:
    """``/battle remove`` (KP only): the unit leaves; its turn passes on (by identity, not index).
"""
    require_keeper(d.state, cmd, "参加者の除外")
    unit = find_unit(d.state, cmd.name)
    d.emit(ev.UnitRemoved(unit=unit.id, by=cmd.issuer))
    announce_defeat(d)
    advance(d)


def end_turn(rules: CocRules, d: Decision[CocState], cmd: EndTurn) -> None:
    """``/end``: the acting unit's turn ends (unspent AP are discarded, H-AP-06) and the next
    begins."""
    unit = acting_unit(d.state, cmd, prefer=d.state.turn)
    require_turn(d.state, unit)
    require_no_pending(d.state)
    d.emit(ev.TurnEnded(unit=unit.id))
    advance(d)


def end_battle(rules: CocRules, d: Decision[CocState], cmd: EndBattle) -> None:
    """``/battle end`` (KP only)."""
    require_keeper(d.state, cmd, "戦闘の終了")
    if d.state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    d.emit(ev.BattleEnded(by=cmd.issuer))


def declare(rules: CocRules, d: Decision[CocState], cmd: Declare) -> None:
    """Round-start declarations; 受け流し names its opponent (H-DEF-PARRY-01, P-PARRY-02);
    ``なし`` (「宣言しない」) answers the round's call with nothing (declarations.py).

    Raises RuleViolation (the declaration's clause, liftable with ``/kp allow``) once the
    unit's declaration window has closed, InvalidInput for an unknown action."""
    state = d.state
    if state.phase != "active":
        raise InvalidInput("宣言は戦闘中のラウンドのはじめに行います。")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CocUnit)
    action = (cmd.action or "").strip()
    if action.endswith(FOCUS_SUFFIX):  # 「○○に集中」 (H-DEF-03)
        declare_focus(rules, d, unit, action)
        return
    if action in (RELOAD, "リロード"):  # every rule set's (X-AMMO-03); target: may name the gun
        reload(rules, d, unit, cmd.target)
        return
    if action in HOUSE_DECLARATIONS and rules.rule_set == "H":  # 行動遅延, 弦の張り替え … (issue 5)
        declare_house(rules, d, cmd, unit)
        return
    if action in (NONE, NONE_LABEL):  # 「宣言しない」: the unit's answer to the round's call
        answer_none(d, unit)
        return
    if action in STANDING_WORDS:  # 「以後宣言しない」 for the rest of the battle (issue 22)
        answer_standing(d, unit)
        return
    if action in LIFT_WORDS:
        lift(d, unit)
        return
    if action != "受け流し":
        raise InvalidInput(f"「{action}」はこのシステムで宣言できる行動ではありません。宣言できるのは: 受け流し")
    if not needs_parry_declaration(rules, state, unit):  # say what is true: no declaration is needed (issue 29)
        raise InvalidInput(free_parry_text(rules, unit))
    require_window(state, unit, rules.clause("parry_declare"), "受け流しの宣言")
    if not cmd.target:
        raise InvalidInput("受け流す相手を target: で指定してください。")
    target = find_unit(state, cmd.target)
    if target.id == unit.id:
        raise InvalidInput("自分自身を受け流しの相手にはできません。")
    if unit.declared(action):
        refuse(cmd, rules.clause("parry_other"),
               f"{unit.id}はこのラウンドすでに受け流しを宣言しています（相手は1人だけです）")
    d.emit(ce.Declared(unit=unit.id, action=action, target=target.id))
