"""``/attack``: which attack a declaration is. ``special:`` picks a house-rule special
(one per attack, H-MA-02); otherwise a firearm fires (firearms.py), a bow shoots (kyudo.py)
or the ordinary attack is made (ordinary.py). A unit taking its round-end rush attack makes
that one (rush.py)."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from rules.battle.commands import Attack
from rules.battle.permissions import acting_unit
from rules.battle.decision import Decision
from rules.coc6.weapons import ParryClass
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import dual, feint, firearms, kyudo, rush, salto, tackle
from rules.systems.coc6.attack import begin, choose_weapon
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.ordinary import ordinary
from rules.systems.coc6.budo import GRAPPLING, STRIKING, WEAPON, budo_of
from rules.systems.coc6.state import CocState, CocUnit

SPECIALS = {
    "サルト": salto.salto, "タックル": tackle.tackle, "ラッシュ": rush.rush, "フェイント": feint.feint,
    "精密射撃": kyudo.precise, "剛の型": kyudo.power_draw, "流鏑馬": kyudo.yabusame,
    "連続攻撃": dual.dual, "同時攻撃": dual.dual, "2丁拳銃": firearms.two_guns,
}
"""The specials of seed 000 by their Japanese names."""

ALIASES = {"金剛の射": "剛の型", "二丁拳銃": "2丁拳銃", "投げ": "サルト", "やぶさめ": "流鏑馬"}


def canonical_specials(text: str | None) -> list[str]:
    """The specials named in ``special:`` (``"サルト"`` → ``["サルト"]``; two names → two)."""
    if not text:
        return []
    key = unicodedata.normalize("NFKC", text)
    names = [n.strip() for n in re.split(r"[,、・+/]", key) if n.strip()]
    return [ALIASES.get(n, n) for n in names]


STYLE_OF_SPECIAL = {"サルト": GRAPPLING, "タックル": GRAPPLING, "ラッシュ": STRIKING, "フェイント": STRIKING}
"""The style each martial special needs (H-MA-03)."""


def require_not_weapon_budo_only(actor: CocUnit, special: str, settings: dict) -> None:
    """H-MA-WPN-05: a designated-weapon 〈武道〉 has no special techniques, so a unit whose
    only 武道 is one cannot declare a martial special with it."""
    style = STYLE_OF_SPECIAL.get(special)
    if style is None or actor.character is None:
        return
    styles = {b.style for b in budo_of(actor.character, settings)}
    if style not in styles and WEAPON in styles:
        raise RuleViolation("H-MA-WPN-05", f"〈武道（指定武器）〉には特殊攻撃がありません（{special}には〈武道：{style}〉が必要）。")


def attack(rules: CocRules, d: Decision[CocState], cmd: Attack, dice: Dice) -> None:
    """``/attack``: dispatch to the special, firing, shot or ordinary attack.

    Raises RuleViolation H-MA-02 for two specials at once; InvalidInput for an unknown
    special, or any special outside the house rules.
    """
    state = d.state
    names = canonical_specials(cmd.special)
    if names == [rush.RUSH] and state.pending and rules.rule_set == "H":  # 「ラッシュ！」 right after the hit
        unit = acting_unit(state, cmd, prefer=state.turn)
        pending = rush.pending_rush(state, unit.id)
        if pending is not None:
            rush.declare_on_hit(rules, d, state.coc_unit(unit.id), pending)
            return
    actor, target = begin(rules, d, cmd)
    if state.bonus and state.bonus.get("unit") == actor.id:
        rush.extra_attack(rules, d, cmd, actor, dice)
        return
    if len(names) > 1:
        raise RuleViolation("H-MA-02", "特殊攻撃は1回の攻撃に1つだけです。")
    if names and rules.rule_set != "H":
        raise InvalidInput(f"{rules.title}には特殊攻撃（{names[0]}）はありません。")
    if names:
        handler = SPECIALS.get(names[0])
        if handler is None:
            raise InvalidInput(f"特殊攻撃「{names[0]}」は知りません。選べるのは: {'、'.join(SPECIALS)}")
        require_not_weapon_budo_only(actor, names[0], state.settings)
        handler(rules, d, replace(cmd, special=names[0]), actor, target, dice)
        return
    gun = next((w.name for w in actor.character.weapons if w.is_firearm), None) if cmd.mode else None
    weapon = choose_weapon(actor, cmd.weapon, default=gun)  # a firing mode with no weapon: the first gun
    if rules.rule_set == "H" and weapon.is_firearm:
        firearms.fire(rules, d, cmd, actor, target, weapon, dice)
    elif rules.rule_set == "H" and weapon.parry_class is ParryClass.BOW:
        kyudo.shoot(rules, d, cmd, actor, target, weapon, dice)
    else:
        ordinary(rules, d, cmd, actor, target, weapon, dice)
