"""A hit waiting for its defender's answer, and how its damage lands (H-DEF-06, H-DEF-07).

Every defensive action (回避, 防御, 受け流し, 隠れる, かばう) ends in the same few steps: roll
the attack's damage (or take the amount already rolled when a かばう split it), add what a
fumble adds, halve it for a half-damage counterattack, take it less armour, and close the
question. They live here so that each action module only says what is its own.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.weapons import Weapon
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.armor import armor_counts
from rules.systems.coc6.damage import Blow, Dealt, damage_expression, hp_lost, roll_damage, take_damage
from rules.systems.coc6.effects import apply_effects
from rules.systems.coc6.impale import WORD as IMPALE_WORD
from rules.systems.coc6.state import CocState, CocUnit


@dataclass(frozen=True)
class Incoming:
    """The attack a pending question is about.

    Attributes:
        number: the attack number; attacker: the attacking unit's id;
        weapon: the attacking weapon; defender: the unit asked;
        context: the pending context (``damage``: an amount already rolled, HP;
        ``half``: a half-damage counterattack, H-DEF-HIDE-08 / H-DEF-COVER-12;
        ``extra``: dice added to the damage such as ``"+1D4"``, H-DEF-DODGE-04;
        ``factor``: the divisor of every check after a failed かばう, H-DEF-COVER-11;
        ``covering``: the protector's follow-up, not counted, H-DEF-COVER-08;
        ``cover_failed``: the half each takes after a failed かばう, H-DEF-COVER-10;
        ``impale``: ``ONCE``/``TWICE`` when the hit impales, X-IMPALE-01; a
        firearm's ``damage`` is rolled before any answer, so ``damage`` alone says nothing).
    """

    number: int
    attacker: str
    weapon: Weapon
    defender: str
    context: dict

    @classmethod
    def of(cls, pending: Pending) -> "Incoming":
        """The attack behind a pending question (its context carries attacker and weapon)."""
        return cls(number=pending.id, attacker=pending.context["attacker"],
                   weapon=Weapon.from_dict(pending.context["weapon"]), defender=pending.unit,
                   context=dict(pending.context))

    @property
    def factor(self) -> int:
        """The divisor of every check for this answer (1, or 2 after a failed かばう)."""
        return int(self.context.get("factor", 1))

    @property
    def counted(self) -> bool:
        """Whether the answer counts toward the once-per-round limits (H-DEF-01, H-DEF-COVER-08)."""
        return not self.context.get("covering")


def expression(state: CocState, inc: Incoming, extra: str = "") -> str:
    """The attack's damage dice with the attacker's db, the context's ``extra`` and ``extra``."""
    unit = state.units.get(inc.attacker)
    db = unit.character.damage_bonus if isinstance(unit, CocUnit) and unit.character else ""
    return damage_expression(inc.weapon, db, inc.context.get("extra", "") + extra,
                             impale=str(inc.context.get("impale", "")))


def attack_blow(d: Decision[CocState], inc: Incoming, dice: Dice, extra: str = "") -> Blow:
    """The damage of the hit on ``inc.defender`` with its arithmetic: the amount already
    rolled when the context has one, else rolled now (with ``extra``, e.g. the 回避 fumble's
    ``"+1D2"``); halved rounding up for a half-damage counterattack (X-ROUND-01). A hidden
    attacker's dice are not shown (they would give away its db)."""
    if "damage" in inc.context:
        return Blow.of(int(inc.context["damage"]))
    expr = expression(d.state, inc, extra)
    impale = bool(inc.context.get("impale"))
    total = roll_damage(d, inc.number, inc.defender, expr, dice, impale=impale)
    attacker = d.state.units.get(inc.attacker)
    shown = not (attacker is not None and attacker.hidden) and expr != str(total)
    blow = Blow(total, f"{expr} ＞ {total}") if shown else Blow.of(total)
    if impale:  # X-IMPALE-01: said even for a hidden attacker (the dice stay hidden)
        blow = Blow(blow.amount, f"{IMPALE_WORD} {blow.base}", blow.open)
    return blow.halved() if inc.context.get("half") else blow


def attack_damage(d: Decision[CocState], inc: Incoming, dice: Dice, extra: str = "") -> int:
    """The damage of the hit on ``inc.defender`` (HP, ≥ 0), as :func:`attack_blow`."""
    return attack_blow(d, inc, dice, extra).amount


LANDERS: dict[str, Callable[..., None]] = {}
"""Damage processing that replaces armour + effects for an attack whose context names it
(``lander``): ``lander(d, inc, unit, amount, dice)``. Filled by a rule set's own package
(coc6-budo registers its called shots and tackle, B-CALL-*, B-TACKLE-03); empty for
coc6-house and coc6."""


def land(d: Decision[CocState], inc: Incoming, unit: str, amount: int | Blow, dice: Dice,
         pierced: bool = False, critical: bool = False) -> Dealt:
    """``unit`` takes ``amount`` (HP, or a :class:`Blow` with its arithmetic) from this
    attack, less its armour (H-DEF-06) unless the armour is penetrated (``pierced`` or an
    armour-piercing attack) and the defender rolled no ``critical`` (H-DEF-07).

    Returns what the unit lost in all (what lands with the blow included) and how: the one
    source of every summary's number, so a summary never differs from the HP change."""
    blow = amount if isinstance(amount, Blow) else Blow.of(amount)
    mark = len(d.events)
    pierced = pierced or bool(inc.context.get("armor_piercing"))
    lander = LANDERS.get(str(inc.context.get("lander", "")))
    if lander is not None:  # a rule set's own damage processing (coc6-budo called shots …)
        dealt = lander(d, inc, unit, blow, dice) or Dealt(unit, 0, blow.text)
    elif inc.context.get("knockout_only"):  # X-KOATK-01: rolled and shown, the KP rules it
        d.emit(ce.KnockoutAimed(unit=unit, attacker=inc.attacker, damage=blow.amount))
        dealt = Dealt(unit, 0, f"{blow.text}、ノックアウト狙いのため適用せず")
    else:
        dealt = take_damage(d, unit, blow, dice, cause=f"{inc.attacker}の{inc.weapon.name}",
                            armor=armor_counts(pierced, critical))
        if pierced and not critical and unit in d.state.units:
            character = d.state.coc_unit(unit).character
            if character is not None and character.armor:
                dealt = Dealt(unit, dealt.lost, f"{dealt.how}（装甲貫通）")
    if inc.context.get("effects") and lander is None:  # what lands with the blow: throws, wounds … (effects.py)
        apply_effects(d, inc.attacker, unit, inc.context, dice)
    lost = hp_lost(d.events[mark:], unit)
    if lost != dealt.lost:
        dealt = Dealt(unit, lost, f"{dealt.how}、激突などで{lost - dealt.lost:+d}")
    return dealt


def finish(d: Decision[CocState], inc: Incoming, outcome: str) -> None:
    """Close ``inc.defender``'s question; the attack is resolved when no other unit still
    has a question about it (a かばう splits one attack into two answers)."""
    others = [p for p in d.state.pending if p.id == inc.number and p.unit != inc.defender]
    if others:
        d.emit(ce.PendingClosed(attack=inc.number, unit=inc.defender, outcome=outcome))
    else:
        d.emit(ce.AttackResolved(attack=inc.number, outcome=outcome))


def land_each(d: Decision[CocState], inc: Incoming, dice: Dice) -> str:
    """Every bullet of a volley (context ``bullets``, HP each) lands on its own, armour
    against each (H-DEF-06), until the target is down; returns the summary
    (``鎧に2発命中、計5ダメージ（3 − 装甲1 ＝ 2、4 − 装甲1 ＝ 3）``)."""
    bullets = inc.context.get("bullets") or [inc.context.get("damage", 0)]
    rest = replace(inc, context={k: v for k, v in inc.context.items() if k != "effects"})
    dealt = []
    for k, amount in enumerate(bullets):
        if d.state.coc_unit(inc.defender).hp <= 0:
            break
        dealt.append(land(d, inc if k == 0 else rest, inc.defender, int(amount), dice))
    guns = inc.context.get("bullet_weapons") or []  # 2丁拳銃: which gun each bullet came from
    if len(bullets) == 1:
        by = f"（{guns[0]}が命中）" if guns else ""
        return (dealt[0].phrase() if dealt else f"{inc.defender}に0ダメージ") + by
    lost = sum(x.lost for x in dealt)
    how = "、".join(f"{guns[k]} {x.how}" if k < len(guns) else x.how for k, x in enumerate(dealt))
    stopped = f"、{len(dealt) + 1}発目以降は倒れた後で当たらない" if len(dealt) < len(bullets) else ""
    return f"{inc.defender}に{len(bullets)}発命中、計{lost}ダメージ（{how}{stopped}）"


def hit(d: Decision[CocState], inc: Incoming, dice: Dice, extra: str = "",
        pierced: bool = False, note: str = "") -> int:
    """The defender takes the hit in full (less armour, H-DEF-06) and the question closes;
    a volley's bullets land one by one (:func:`land_each`). Returns the damage before armour."""
    if len(inc.context.get("bullets") or ()) > 1 and not extra and not pierced:
        finish(d, inc, f"{note}{land_each(d, inc, dice)}")
        return int(inc.context.get("damage", 0))
    blow = attack_blow(d, inc, dice, extra)
    dealt = land(d, inc, inc.defender, blow, dice, pierced=pierced)
    half = "（反撃のためダメージ1/2）" if inc.context.get("half") else ""
    summary = inc.context.get("outcome") or dealt.phrase()  # a shot with no damage roll has its own
    finish(d, inc, f"{note}{summary}{half}")
    return blow.amount


def ask(d: Decision[CocState], inc: Incoming, unit: str, options: list[str], outcome: str = "",
        **context) -> None:
    """Close ``inc.defender``'s question (with ``outcome``) and ask ``unit`` a follow-up about
    the same attack, with ``options`` and ``context`` added to the attack's context."""
    if any(p.id == inc.number and p.unit == inc.defender for p in d.state.pending):
        d.emit(ce.PendingClosed(attack=inc.number, unit=inc.defender, outcome=outcome))
    merged = {k: v for k, v in inc.context.items() if k != "followup"}
    merged.update(context)
    d.emit(ce.ReactionRequested(attack=inc.number, unit=unit, attacker=inc.attacker,
                                options=list(options), context=merged))
