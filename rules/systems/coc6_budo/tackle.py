"""The special action 「タックル」 (tackle, B-TACKLE-01..08).

``/attack special:タックル``: declared before the attack (B-TACKLE-01); the combination roll
〈武道：組み技系〉＋〈組み付き〉 (both must succeed), defended normally (B-TACKLE-02 default).
A tackle that lands deals 1d6+db (B-TACKLE-02); then the tackler chooses 吹き飛ばし,
押し倒し or なし (B-TACKLE-03):

- 吹き飛ばし: √(damage + own SIZ − target's SIZ) m, rounded down, a negative radicand 0 m
  (B-TACKLE-04). On a map the target moves that many squares away from the tackler and a
  wall or object in the way stops it; without a map the KP gives the metres short with
  ``object:<m>``. Each metre short deals 1d4 (B-TACKLE-05).
- 押し倒し: STR against STR (X-RES-01); on success both fall 転倒 and grapple (B-TACKLE-06),
  and a floor the KP calls hard (KP setting ``hard_floor``, default off: the reply asks the
  KP) adds 1d4 (B-TACKLE-07).

Last, 2 × the whole tackle's damage against the target's CON: won = ノックアウト (B-TACKLE-08).
"""
from __future__ import annotations

import math

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.systems.coc6 import conditions as cond
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import check_limit, check_reach, open_reaction, roll_strike
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.damage import Blow, Dealt, hp_lost, roll_damage, take_damage
from rules.systems.coc6.grid import direction, object_at, outside, step
from rules.systems.coc6.hit import Incoming, LANDERS
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.resist import resist
from rules.systems.coc6_budo.skills import GRAPPLING, require_style
from rules.systems.coc6_budo.strikes import budo_strike

TACKLE = "タックル"
STRIKE = "タックル（武道）"
"""The strike's label: distinct from the house rules' タックル, whose ward-off it does not have."""
CHOICE = "タックル選択"
KNOCK, PUSH, NONE = "吹き飛ばし", "押し倒し", "なし"
DAMAGE = "1D6"
"""B-TACKLE-02: 1d6+db."""


def tackle(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
           dice: Dice) -> None:
    """The tackle roll. Raises RuleViolation B-TACKLE-01 (no 〈武道：組み技系〉), B-SPEC-01."""
    state = d.state
    budo = require_style(cmd, actor, state.settings, GRAPPLING, "B-TACKLE-01", TACKLE)
    assert actor.character is not None
    body = Weapon(TACKLE, "組み付き", DAMAGE, ParryClass.GRAPPLE)
    check_limit(rules, state, actor, body, 1)
    check_reach(state, actor, target, body)
    skill = max(0, actor.character.skill("組み付き") + cmd.modifier)
    plan = budo_strike(rules, state, actor, target, body, skill, double=False, special=STRIKE,
                       purpose="タックル（組み付き）", context={"lander": "b_tackle"})
    plan.budo = budo
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if level is None or not budo_ok:
        d.emit(ce.AttackResolved(attack=number, outcome="タックルは決まらなかった（〈武道〉と〈組み付き〉の両方の成功が必要）"))
        return
    open_reaction(rules, d, plan, number, level, True, dice)


def _landed(d: Decision[CocState], inc: Incoming, unit: str, blow: Blow, dice: Dice) -> Dealt:
    """The tackle's 1d6+db lands (less armour); the tackler is asked 吹き飛ばし/押し倒し/なし.
    Returns what the target lost."""
    amount = blow.amount
    dealt = take_damage(d, unit, blow, dice, cause=f"{inc.attacker}のタックル")
    prompt = (f"{inc.attacker}のタックルが決まった（{dealt.phrase()}）。吹き飛ばし・押し倒し・なしから選んでください"
              "（地図がなければ、壁までに足りなかったmを object: で）。")
    d.emit(ce.ReactionRequested(attack=inc.number, unit=inc.attacker, attacker=inc.attacker,
                                options=[KNOCK, PUSH, NONE],
                                context={"special": CHOICE, "target": unit, "damage": amount,
                                         "dealt": [dealt.lost, dealt.how],
                                         "weapon": inc.weapon.to_dict(), "parry_weapons": [], "prompt": prompt}))
    return dealt


LANDERS["b_tackle"] = _landed


def distance(damage: int, own_siz: int, target_siz: int) -> int:
    """B-TACKLE-04: ⌊√(damage + own SIZ − target SIZ)⌋ m; 0 for a negative radicand."""
    return math.isqrt(max(0, damage + own_siz - target_siz))


def choose(rules: CocRules, d: Decision[CocState], actor: CocUnit, pending: Pending, action: str,
           short: str | None, dice: Dice) -> None:
    """The tackler's choice, then the knockout roll (B-TACKLE-03..08)."""
    if action not in pending.options:
        raise InvalidInput(f"選べるのは {'／'.join(pending.options)} です。")
    number = pending.id
    target = d.state.coc_unit(pending.context["target"])
    assert actor.character is not None and target.character is not None
    total = int(pending.context["damage"])
    d.emit(ce.ReactionChosen(attack=number, unit=actor.id, action=action))
    mark = len(d.events)
    note = ""
    if action == KNOCK:
        extra, note = _knock(d, number, actor, target, total, short, dice)
        total += extra
    elif action == PUSH:
        extra, note = _push(d, number, actor, target, dice)
        total += extra
    target = d.state.coc_unit(target.id)
    if not target.out_of_action and resist(d, actor.id, 2 * total, target.character.stat("CON"),
                                           "ノックアウト（タックルのダメージ合計×2対CON）", dice, number):
        cond.add(d, target.id, cond.KNOCKOUT, "タックル（B-TACKLE-08）")
    first = int(pending.context.get("dealt", [0, ""])[0])
    more = hp_lost(d.events[mark:], target.id)  # what the wall or the floor took (the hit was told already)
    extra = Dealt(target.id, more, "壁・床への激突").phrase() if more else "追加のダメージなし"
    d.emit(ce.AttackResolved(attack=number, outcome=f"タックル：{note}{extra}、タックルの合計{first + more}ダメージ"))


def _knock(d: Decision[CocState], number: int, actor: CocUnit, target: CocUnit, damage: int,
           short: str | None, dice: Dice) -> tuple[int, str]:
    """Knock ``target`` away; returns ``(wall damage, a Japanese note on the distance)``."""
    metres = distance(damage, actor.character.stat("SIZ"), target.character.stat("SIZ"))
    missing, edge = 0, False
    if actor.square and target.square:
        delta, here, moved, edge = direction(actor.square, target.square), target.square, 0, False
        for _ in range(metres):
            ahead = step(here, delta)
            if ahead is None or outside(d.state, ahead) is not None:  # the map's edge: no wall to hit
                edge = True
                break
            if object_at(d.state, ahead) is not None:
                break
            here, moved = ahead, moved + 1
        missing = 0 if edge else metres - moved
        if moved:
            d.emit(ce.UnitMoved(unit=target.id, start=target.square, square=here,
                                cause=f"タックルで{moved}m吹き飛ばされた（B-TACKLE-04）"))
    elif short:
        if not str(short).strip().isdigit():
            raise InvalidInput("地図がないときは、壁までに足りなかった距離を object: にm単位の数で書きます（例: object:1）。")
        missing = min(metres, int(str(short).strip()))
    note = (f"吹き飛ばし{metres}m（√({damage}+{actor.character.stat('SIZ')}−{target.character.stat('SIZ')})）"
            + (f"、壁までに{missing}m足りない" if missing else "") + ("、マップの端で止まった" if edge else "") + "、")
    if not missing:
        return 0, note
    extra = roll_damage(d, number, target.id, f"{missing}D4", dice)
    take_damage(d, target.id, extra, dice, cause=f"壁に激突（{missing}m分、B-TACKLE-05）")
    return extra, note


FLOOR_CALL = "床の硬さはKPの判断（硬い床なら +1d4：/kp setting key:硬い床 value:true、B-TACKLE-07）、"
"""What a push-down says when the KP has not called the floor hard."""


def _push(d: Decision[CocState], number: int, actor: CocUnit, target: CocUnit, dice: Dice) -> tuple[int, str]:
    """Push ``target`` down (B-TACKLE-06); returns ``(floor damage, a note)``: 1d4 only on a
    floor the KP called hard (setting ``hard_floor``, B-TACKLE-07), else a word to the KP."""
    if not resist(d, actor.id, actor.character.stat("STR"), target.character.stat("STR"),
                  "押し倒し（STR対STR）", dice, number):
        return 0, "押し倒しは失敗、"
    for unit in (actor.id, target.id):
        cond.add(d, unit, cond.PRONE, "押し倒し（B-TACKLE-06）")
    cond.add(d, actor.id, cond.GRAPPLED, f"{target.id}を押し倒して組み付いた")
    cond.add(d, target.id, cond.GRAPPLED, f"{actor.id}に押し倒された")
    d.emit(ce.UnitMarked(unit=actor.id, key="holding", value=target.id))
    if not d.state.settings.get("hard_floor", False):
        return 0, f"押し倒した。{FLOOR_CALL}"
    extra = roll_damage(d, number, target.id, "1D4", dice)
    take_damage(d, target.id, extra, dice, cause="硬い床に押し倒された（B-TACKLE-07）")
    return extra, "硬い床に押し倒した、"
