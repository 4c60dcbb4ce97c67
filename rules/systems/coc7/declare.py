"""``/declare`` in a 7th-edition battle: what a unit does with its weapons outside an attack.

* 銃を構える (ready a firearm: from the next round it acts at DEX+50, 7-ORDER-02) and
  銃をしまう — on its own turn, or before the battle starts;
* 身を投げ出す (dive for cover, 7-FIRE-05/06) — at any time: a 〈回避〉 roll; on a success
  firearms aimed at it get a penalty die for the rest of the round; either way it gives up
  its next attack;
* 装填 (reload, 7-FIRE-08) and 武器を拾う (pick up a dropped weapon, 7-MAN-10) — on its own
  turn, each taking the turn's attack.
"""
from __future__ import annotations

import unicodedata

from rules.battle.commands import Declare
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.coc7.weapons import UNARMED
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc7.acting import require_no_pending, require_turn
from rules.systems.coc6.conditions import remove
from rules.systems.coc7.events import ArmChanged, InHand
from rules.systems.coc7.maneuver import DISARM
from rules.systems.coc7.rolls import roll_check
from rules.systems.coc7.state import Coc7State, Coc7Unit

READY, HOLSTER, DIVE, RELOAD, PICK_UP = "銃を構える", "銃をしまう", "身を投げ出す", "装填", "武器を拾う"
ACTIONS = (READY, HOLSTER, DIVE, RELOAD, PICK_UP)
SPELLINGS = {"構える": READY, "銃を抜く": READY, "抜く": READY, "しまう": HOLSTER, "伏せる": DIVE,
             "遮蔽に飛び込む": DIVE, "飛び込む": DIVE, "リロード": RELOAD, "再装填": RELOAD, "拾う": PICK_UP}
"""Other spellings of the actions."""


def declare(d: Decision[Coc7State], cmd: Declare, dice: Dice) -> None:
    """Decide ``/declare action:`` (see the module docstring). Raises InvalidInput for an
    unknown action or one out of its time; RuleViolation 7-ATK-01 when the turn's attack is
    spent (reload, pick up), 7-FIRE-05 when it dived already this round."""
    state = d.state
    action = unicodedata.normalize("NFKC", cmd.action or "").strip()
    action = SPELLINGS.get(action, action)
    if action not in ACTIONS:
        raise InvalidInput(f"「{cmd.action}」は7版の戦闘で宣言できる行動ではありません。宣言できるのは: {'、'.join(ACTIONS)}")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, Coc7Unit) and unit.sheet is not None
    if unit.out_of_action:
        raise InvalidInput(f"{unit.id}は行動不能です。")
    if action == DIVE:
        _dive(d, unit, dice)
        return
    if action in (READY, HOLSTER) and state.phase == "setup":
        _hold(d, unit, action)
        return
    require_turn(state, unit)
    require_no_pending(state)
    if action in (READY, HOLSTER):
        _hold(d, unit, action)
        return
    if unit.actions >= max(1, unit.sheet.attacks):
        forbid("7-ATK-01", f"{unit.id}はこの手番にもう攻撃（行動）しました。{action}は次の手番に行えます。")
    if action == RELOAD:
        _reload(d, unit)
    else:
        _pick_up(d, unit)


def _hold(d: Decision[Coc7State], unit: Coc7Unit, action: str) -> None:
    assert unit.sheet is not None
    if action == HOLSTER:
        d.emit(InHand(unit=unit.id, weapon=UNARMED.name, note=f"{unit.id}は武器をしまった"))
        return
    guns = [w for w in unit.sheet.all_weapons if w.is_firearm and not unit.arms[w.name].dropped]
    if not guns:
        raise InvalidInput(f"{unit.id}は銃を持っていません。")
    gun = next((w for w in guns if w.name == unit.in_hand), guns[0])
    d.emit(InHand(unit=unit.id, weapon=gun.name,
                  note=f"{unit.id}は{gun.name}を構えた（次のラウンドからDEX+50で行動、7-ORDER-02）"))


def _dive(d: Decision[Coc7State], unit: Coc7Unit, dice: Dice) -> None:
    """7-FIRE-05/06: the dodge roll and the attack given up (this round's turn when it has
    not attacked yet this round, else the next round's)."""
    state = d.state
    require_no_pending(state)
    if state.phase != "active":
        raise InvalidInput("身を投げ出すのは戦闘が始まってからです。")
    if unit.marks.get("dived") == state.round:
        forbid("7-FIRE-05", f"{unit.id}はこのラウンドすでに身を投げ出しています。")
    assert unit.sheet is not None
    check = roll_check(d, unit.id, "身を投げ出す（回避）", unit.sheet.skill("回避"), dice, skill="回避")
    spent = unit.id in state.acted or (state.turn == unit.id and unit.attacks > 0)
    forfeit = state.round + 1 if spent else state.round
    when = "次のラウンドの" if spent else "このラウンドの"
    d.emit(ce.UnitMarked(unit=unit.id, key="forfeit", value=forfeit,
                         note=f"{unit.id}は{when}攻撃を行えない（7-FIRE-06）"))
    if check.succeeded:
        d.emit(ce.UnitMarked(unit=unit.id, key="dived", value=state.round,
                             note=f"{unit.id}は遮蔽に飛び込んだ：このラウンド{unit.id}への射撃はペナルティ・ダイス1（7-FIRE-05）"))


def _reload(d: Decision[Coc7State], unit: Coc7Unit) -> None:
    weapon = unit.held_weapon if unit.held_weapon and unit.held_weapon.capacity else None
    weapon = weapon or next((w for w in unit.sheet.all_weapons if w.capacity), None)
    if weapon is None:
        raise InvalidInput(f"{unit.id}には装填する銃がありません。")
    arm = unit.arms[weapon.name]
    if arm.ammo == weapon.capacity:
        raise InvalidInput(f"{weapon.name}は弾が満タンです（{arm.ammo}発）。")
    d.emit(ArmChanged(unit=unit.id, weapon=weapon.name, ammo=weapon.capacity, jammed=arm.jammed,
                      note=f"{unit.id}は{weapon.name}に装填した（{arm.ammo}→{weapon.capacity}発、この手番の行動、7-FIRE-08）"))
    d.emit(ce.UnitMarked(unit=unit.id, key="acted", value=True))


def _pick_up(d: Decision[Coc7State], unit: Coc7Unit) -> None:
    dropped = [name for name, arm in unit.arms.items() if arm.dropped]
    if not dropped:
        raise InvalidInput(f"{unit.id}は武器を落としていません。")
    name = dropped[0]
    arm = unit.arms[name]
    d.emit(ArmChanged(unit=unit.id, weapon=name, ammo=arm.ammo, jammed=arm.jammed, dropped=False,
                      note=f"{unit.id}は{name}を拾った（この手番の行動、7-MAN-10）"))
    d.emit(InHand(unit=unit.id, weapon=name))
    if not any(arm.dropped for other, arm in unit.arms.items() if other != name):
        remove(d, unit.id, DISARM, f"{name}を拾った")
    d.emit(ce.UnitMarked(unit=unit.id, key="acted", value=True))
