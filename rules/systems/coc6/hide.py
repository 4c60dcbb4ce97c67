"""〈隠れる〉 (hide behind a cover object): a SIZ resistance roll of the object against the
hider, whose critical and fumble work the other way round (H-DEF-HIDE-01..08). Seed 000 only."""
from __future__ import annotations


from rules.battle.decision import Decision
from rules.coc6.check import SuccessLevel
from rules.dice import Dice, evaluate
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.concentrate import focus_of
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming, ask, attack_blow, attack_damage, finish, land
from rules.systems.coc6.limits import common_refusal, roll_defense, use
from rules.systems.coc6.state import CocState, CocUnit

HIDE = "隠れる"
HIDDEN = "隠れている"
"""The condition of a unit staying hidden: its attacks and attacks on it are halved (H-DEF-HIDE-05)."""
STUN = "スタン"
SKILLED = 60
"""H-DEF-HIDE-02: with 〈隠れる〉 at 60%+ the hider rolls with SIZ − 5."""


def hidden_divisor(attacker: CocUnit, target: CocUnit) -> int:
    """H-DEF-HIDE-05: 2 when the attacker or its target stays hidden (its chance is halved,
    rounded down, X-ROUND-01), else 1."""
    return 2 if HIDDEN in attacker.conditions or HIDDEN in target.conditions else 1


def cover_objects(state: CocState) -> dict[str, dict]:
    """The objects a unit can hide behind: cover 「遮蔽物」 with a SIZ (H-DEF-HIDE-02)."""
    return {name: o for name, o in state.objects.items()
            if o.get("kind", "遮蔽物") == "遮蔽物" and o.get("siz") is not None}


def chosen_object(state: CocState, name: str | None) -> tuple[str, dict] | None:
    """The cover object called ``name``; without a name, the only one on the field."""
    objects = cover_objects(state)
    if name:
        return (name, objects[name]) if name in objects else None
    return next(iter(objects.items())) if len(objects) == 1 else None


def hider_siz(unit: CocUnit) -> int:
    """The SIZ the hider rolls with: SIZ, or SIZ − 5 with 〈隠れる〉 at 60%+ (H-DEF-HIDE-02)."""
    assert unit.character is not None
    siz = unit.character.stat("SIZ")
    return siz - 5 if unit.character.skill(HIDE) >= SKILLED else siz


def refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming,
            name: str | None = None) -> RuleViolation | None:
    """Why ``unit`` may not hide from ``inc`` (behind ``name``), or None.

    Not in the book rule set; not for a protector (H-DEF-COVER-09); a cover object with a
    SIZ must exist and be named when there are several (H-DEF-HIDE-02); once a round (H-DEF-01).
    """
    if rules.rule_set != "H":
        return InvalidInput(f"{rules.title}には〈隠れる〉による防御行動はありません。")
    if inc.context.get("covering"):
        return RuleViolation("H-DEF-COVER-09", "かばっている攻撃に対して隠れることはできません（かばう意味がなくなります）")
    if chosen_object(state, name) is None:
        objects = "、".join(cover_objects(state)) or "（なし）"
        what = f"「{name}」という遮蔽物はありません" if name else "隠れる遮蔽物を object: で指定してください"
        return RuleViolation("H-DEF-HIDE-02", f"{what}（遮蔽物: {objects}。KPが /kp object で置きます）")
    return common_refusal(rules, unit, HIDE, inc)


def hide(rules: CocRules, d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice,
         name: str | None = None) -> None:
    """Roll the SIZ resistance, active = the object's SIZ, passive = the hider's (X-RES-01).

    Success: the object takes all the damage (H-DEF-HIDE-03). Failure: the hider takes ½,
    rounded up (H-DEF-HIDE-04). Critical: the hider takes all of it and is stunned until its
    own action next round is over (H-DEF-HIDE-07). Fumble: no damage, then 〈隠れる〉: on a
    success a counterattack with ½ damage is offered (H-DEF-HIDE-08). Except after a
    critical the hider stays hidden (H-DEF-HIDE-05).
    """
    found = chosen_object(d.state, name)
    assert found is not None and unit.character is not None
    obj_name, obj = found
    use(d, unit, HIDE, inc)
    command = "RESB" if d.state.settings.get("dice", "CCB") == "CCB" else "RES"
    result = evaluate(f"{command}({obj['siz']}-{hider_siz(unit)})", dice)
    assert result is not None and result.level is not None
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"隠れる（{obj_name}とのSIZ抵抗）",
                          target=50 + 5 * (obj["siz"] - hider_siz(unit)), roll=result.total or 0,
                          level=result.level.value, text=result.text, attack=inc.number))
    level = result.level
    if level is SuccessLevel.CRITICAL:
        dealt = land(d, inc, unit.id, attack_blow(d, inc, dice), dice)
        d.emit(ce.ConditionChanged(unit=unit.id, condition=STUN, cause="隠れるの決定的成功。次のラウンドの自分の手番が終わるまで"))
        finish(d, inc, f"隠れる決定的成功（逆転）：{unit.id}がダメージをすべて受け、スタンした。{dealt.phrase()}")
        return
    if level is SuccessLevel.FUMBLE:
        _fumble(d, unit, inc, dice)
    elif result.success:
        if focus_of(unit) == HIDE:
            d.emit(ce.FocusSucceeded(unit=unit.id, action=HIDE))
        damage = attack_damage(d, inc, dice)
        finish(d, inc, f"{obj_name}が{damage}ダメージをすべて受けた")
    else:
        dealt = land(d, inc, unit.id, attack_blow(d, inc, dice).halved(), dice)
        finish(d, inc, f"隠れきれず、半分を受けた：{dealt.phrase()}")
    _stay_hidden(d, unit, obj_name)


def _stay_hidden(d: Decision[CocState], unit: CocUnit, obj_name: str) -> None:
    if HIDDEN not in unit.conditions:
        d.emit(ce.ConditionChanged(unit=unit.id, condition=HIDDEN,
                                   cause=f"{obj_name}の陰。攻撃する・されるときの成功率は1/2"))


def _fumble(d: Decision[CocState], unit: CocUnit, inc: Incoming, dice: Dice) -> None:
    assert unit.character is not None
    check = roll_defense(d, unit, "", HIDE, unit.character.skill(HIDE), inc, dice)
    if check.succeeded:
        ask(d, inc, unit.id, ["反撃", "なし"], outcome="隠れるファンブル（逆転）：ダメージを打ち消した。反撃できます（ダメージ1/2）",
            followup="counter", counter_half=True)
    else:
        finish(d, inc, "隠れるファンブル（逆転）：ダメージを打ち消した")
