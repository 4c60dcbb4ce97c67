"""〈武道：弓道〉: the bow shot with nocking (H-KYU-01/02, H-ATK-03), 精密射撃 and its finer
shots (H-KYU-PREC-01..19), 剛の型 and the bowstring (H-KYU-GOU-01..08), restringing
(H-KYU-STRING-01..03) and 流鏑馬 (H-KYU-YABU-01..04)."""
from __future__ import annotations

from dataclasses import replace

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import (Strike, check_limit, check_reach, check_weapon_usable,
                                       choose_weapon, first_of_class, strike)
from rules.systems.coc6.budo import KYUDO, best, multiply_damage
from rules.systems.coc6.called_shot import FINER, aim_context, called_shot, canonical_aim
from rules.systems.coc6.checks import bands
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.traits import AMORPHOUS, FLOATING, has
from rules.systems.coc6.wounds import JOINT_LIMIT, JOINTS, count

MINIMUM = 60
"""H-MA-03 / H-KYU-PREC-01 / H-KYU-GOU-01 / H-KYU-YABU-01: 〈武道：弓道〉 at 60%+."""

STRING_NEW = 3
"""H-KYU-GOU-07: a bowstring's durability."""

AMORPHOUS_BONUS = 15
"""H-KYU-PREC-05: +15% to 〈弓〉 against an amorphous creature."""


def string_left(unit: CocUnit, bow: Weapon) -> int:
    """The bow's string durability (3 while never used, H-KYU-GOU-07)."""
    ws = unit.weapons.get(bow.name)
    return STRING_NEW if ws is None or ws.string is None else ws.string


def the_bow(actor: CocUnit, name: str | None) -> Weapon:
    """The named bow or the actor's first bow; InvalidInput when it is not a bow."""
    bow = choose_weapon(actor, name, first_of_class(actor, ParryClass.BOW))
    if bow.parry_class is not ParryClass.BOW:
        raise InvalidInput(f"{bow.name}は弓ではありません。弓を weapon: で指定してください。")
    return bow


def require_kyudo(actor: CocUnit, settings: dict, clause: str, name: str) -> int:
    """The actor's 〈武道：弓道〉 % if at least 60%, else RuleViolation(``clause``)."""
    assert actor.character is not None
    budo = best(actor.character, KYUDO, settings)
    if budo is None:  # nothing to roll with: not even the KP can allow it
        raise RuleViolation(clause, f"{name}は〈武道：弓道〉が{MINIMUM}%以上で使えます（{actor.id}は持っていません）。",
                            allowable=False)
    if budo.value < MINIMUM:
        forbid(clause, f"{name}は〈武道：弓道〉が{MINIMUM}%以上で使えます（{actor.id}は{budo.value}%）。")
    return budo.value


def shot_cost(actor: CocUnit, bow: Weapon) -> int:
    """AP a shot needs now: 1 to nock unless an arrow is on the string, 1 to shoot (H-KYU-02)."""
    ws = actor.weapons.get(bow.name)
    return 1 if ws is not None and ws.nocked else 2


def require_string(actor: CocUnit, bow: Weapon) -> None:
    """H-KYU-GOU-08: a bow with string durability 0 cannot shoot until restrung."""
    if string_left(actor, bow) <= 0:
        forbid("H-KYU-GOU-08", f"{bow.name}の弦が切れています。/declare action:弦の張り替え で張り替えてください。")


def roll_kyudo(d: Decision[CocState], actor: CocUnit, value: int, name: str, dice: Dice) -> bool:
    """Roll 〈武道：弓道〉 for ``name`` (a technique) and emit the check."""
    check = roll_check(value, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=actor.id, purpose=f"{name}（〈武道（弓道）〉）", target=value,
                          roll=check.roll, level=check.level.value, text=check.text()))
    return check.succeeded


def loose(rules: CocRules, d: Decision[CocState], actor: CocUnit, target: CocUnit, bow: Weapon,
          skill: int, dice: Dice, *, special: str | None = None, aim: str | None = None,
          context: dict | None = None) -> None:
    """Nock if needed (1 AP) and shoot (1 AP): one 〈弓〉 roll at ``skill`` %, no db (H-KYU-01)."""
    if shot_cost(actor, bow) == 2:
        d.emit(ce.ApSpent(unit=actor.id, ap=1, reason="矢をつがえる（H-KYU-02）"))
    else:
        d.emit(ce.WeaponReadied(unit=actor.id, weapon=bow.name, nocked=False))
    context = dict(context or {})
    if actor.marks.get("yabusame"):
        context["note"] = "流鏑馬"
        d.emit(ce.UnitMarked(unit=actor.id, key="free_move", value=1,
                             note="流鏑馬: 射撃と同時に1マス移動できる（H-KYU-YABU-03）"))
    strike(rules, d, Strike(actor, target, replace(bow, add_db="none"), max(0, skill),
                            special=special, aim=aim, context=context), dice)


def shoot(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
          bow: Weapon, dice: Dice) -> None:
    """An ordinary bow shot (2 AP with nocking), with an optional called shot (H-CALL-01);
    a stored 剛の型 doubles its range and damage and wears the string by 1 (H-KYU-GOU-04/07)."""
    state = d.state
    aim = called_shot(state, target, cmd.aim)
    check_weapon_usable(rules, state, actor, bow)
    require_string(actor, bow)
    check_limit(rules, state, actor, bow, shot_cost(actor, bow), "H-KYU-02")
    gou = bool(actor.marks.get("gou"))
    check_reach(state, actor, target, bow, 2 if gou else 1)
    assert actor.character is not None
    skill = actor.character.weapon_skill(bow) + cmd.modifier + aim.modifier
    if actor.marks.get("yabusame"):
        skill += max(0, -cmd.modifier)  # H-KYU-YABU-04: terrain minus modifiers cancelled
    if gou:
        bow = replace(bow, damage=multiply_damage(bow.damage, 2))
        d.emit(ce.UnitMarked(unit=actor.id, key="gou", value=None, note="剛の型の効果を使った（射程・ダメージ2倍）"))
        left = string_left(actor, bow) - 1
        d.emit(ce.WeaponReadied(unit=actor.id, weapon=bow.name, string=left,
                                note=f"{bow.name}の弦の耐久値 {left + 1}→{left}（H-KYU-GOU-07）"))
    loose(rules, d, actor, target, bow, skill, dice, special="剛の型" if gou else None,
          aim=canonical_aim(cmd.aim), context=aim_context(aim))


def precise(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
            dice: Dice) -> None:
    """``/attack special:精密射撃 aim:…``: declared at the start of the turn for 1 AP
    (H-KYU-PREC-03/04); 〈武道：弓道〉 then the finer shot (眼球 −70, 心臓 −70 ×4, 肩/膝 −40,
    喉 −70; H-KYU-PREC-06..19). Against an amorphous target: +15% and no 弓道 roll
    (H-KYU-PREC-05). A failed 弓道 roll loses the declared AP; the archer may shoot normally.

    Raises RuleViolation: H-KYU-PREC-01 (弓道 < 60), H-KYU-PREC-03 (not at turn start),
    H-KYU-PREC-06 (no finer shot named), H-KYU-PREC-11 (knee of a floating target),
    H-KYU-PREC-12 (that joint already hit twice), H-KYU-PREC-04 (AP short).
    """
    state = d.state
    value = require_kyudo(actor, state.settings, "H-KYU-PREC-01", "精密射撃")
    bow = the_bow(actor, cmd.weapon)
    if actor.ap != actor.ap_start or actor.attacks or actor.moved:
        forbid("H-KYU-PREC-03", "精密射撃は自分の手番のはじめ（まだ何もしていないとき）にだけ宣言できます。")
    amorphous = has(state.settings, target.id, AMORPHOUS)
    aim = canonical_aim(cmd.aim)
    if not amorphous and aim not in FINER:
        raise RuleViolation("H-KYU-PREC-06", f"精密射撃では aim: に {'、'.join(FINER)} のどれかを指定してください。")
    if aim == "膝" and has(state.settings, target.id, FLOATING):
        raise RuleViolation("H-KYU-PREC-11", f"{target.id}は浮遊しているので、膝を射抜いてもDEXは奪えません。")
    if aim in JOINTS and count(target, aim) >= JOINT_LIMIT:
        raise RuleViolation("H-KYU-PREC-12", f"{target.id}の{aim}は両方ともすでに射抜かれています（最大4か所）。")
    check_weapon_usable(rules, state, actor, bow)
    require_string(actor, bow)
    check_limit(rules, state, actor, bow, 1 + shot_cost(actor, bow), "H-KYU-PREC-04")
    check_reach(state, actor, target, bow)
    d.emit(ce.ApSpent(unit=actor.id, ap=1, reason="精密射撃の宣言（H-KYU-PREC-04）"))
    assert actor.character is not None
    skill = actor.character.weapon_skill(bow) + cmd.modifier
    if amorphous:
        loose(rules, d, actor, target, bow, skill + AMORPHOUS_BONUS, dice, special="精密射撃")
        return
    if not roll_kyudo(d, actor, value, "精密射撃", dice):
        return
    context: dict = {}
    if aim in JOINTS:
        context = {"damage": 0, "effects": [{"kind": "wound", "part": aim}],
                   "outcome": f"{target.id}の{aim}を射抜いた（ダメージロールなし）"}
    elif aim == "喉":
        context = {"damage": 0, "effects": [{"kind": "throat"}],
                   "outcome": f"{target.id}の喉を射抜いた（このラウンドのダメージなし）"}
    elif aim == "眼球":
        context = {"effects": [{"kind": "eye"}]}
    elif aim == "心臓":
        bow = replace(bow, damage=f"({bow.damage})*4")
    assert aim is not None
    loose(rules, d, actor, target, bow, skill + FINER[aim], dice, special="精密射撃", aim=aim, context=context)


def power_draw(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
               dice: Dice) -> None:
    """``/attack special:剛の型``: declare for 1 AP (H-KYU-GOU-03), roll 〈武道：弓道〉; on a
    success the next single 〈弓〉 shot has ×2 range and ×2 damage (H-KYU-GOU-04). With AP
    left it shoots at once; otherwise the effect stays until used (H-KYU-GOU-05).

    Raises RuleViolation: H-KYU-GOU-01 (弓道 < 60), H-KYU-GOU-06 (an effect already stored),
    H-KYU-GOU-08 (string broken), H-KYU-GOU-03 (no AP to declare).
    """
    state = d.state
    value = require_kyudo(actor, state.settings, "H-KYU-GOU-01", "剛の型")
    bow = the_bow(actor, cmd.weapon)
    if actor.marks.get("gou"):
        forbid("H-KYU-GOU-06", "剛の型の効果はためておけません（いまの効果を使ってから宣言し直してください）。")
    require_string(actor, bow)
    if rules.uses_ap and actor.ap < 1:
        forbid("H-KYU-GOU-03", f"{actor.id}の行動ポイントが残っていません（剛の型の宣言に1ポイント）。")
    d.emit(ce.ApSpent(unit=actor.id, ap=1, reason="剛の型の宣言（H-KYU-GOU-03）"))
    if not roll_kyudo(d, actor, value, "剛の型", dice):
        return
    d.emit(ce.UnitMarked(unit=actor.id, key="gou", value=True,
                         note="次の1射は射程・ダメージ2倍（H-KYU-GOU-04）"))
    actor = d.state.coc_unit(actor.id)
    if actor.attacks == 0 and actor.ap >= shot_cost(actor, bow):
        shoot(rules, d, replace(cmd, special=None), actor, target, bow, dice)


def yabusame(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
             dice: Dice) -> None:
    """``/attack special:流鏑馬``: roll 〈武道：弓道〉 (no declaration AP); on success this
    turn a shot comes with a free 1-square move and terrain minus modifiers are cancelled
    (H-KYU-YABU-03/04), and the shot is made at once.

    Raises RuleViolation H-KYU-YABU-01 (弓道 < 60).
    """
    value = require_kyudo(actor, d.state.settings, "H-KYU-YABU-01", "流鏑馬")
    bow = the_bow(actor, cmd.weapon)
    require_string(actor, bow)
    check_limit(rules, d.state, actor, bow, shot_cost(actor, bow), "H-KYU-02")
    if not roll_kyudo(d, actor, value, "流鏑馬", dice):
        return
    d.emit(ce.UnitMarked(unit=actor.id, key="yabusame", value=True, note="流鏑馬（このターン）"))
    actor = d.state.coc_unit(actor.id)
    shoot(rules, d, replace(cmd, special=None), actor, target, bow, dice)
