"""Fighting maneuvers of the 7th edition (7-MAN-01..10): ``special:マヌーバー`` (chat
「マヌーバーで組み付く」) rolls 〈近接戦闘（格闘）〉 with one penalty die for each point of build
the maneuvering unit is smaller than its target (three or more smaller: impossible; being
bigger gives nothing); it is answered and compared as any melee attack, and when it wins its
effect is a condition later turns see: 組み付き (held: cannot move), 押さえ込み (pinned:
cannot move, may only try to break free), 転倒 (knocked down until it stands up at its next
turn), 武装解除 (the weapon in hand is dropped until picked up)."""
from __future__ import annotations

import unicodedata

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc7.weapons import UNARMED
from rules.errors import forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.conditions import add, remove
from rules.systems.coc7.events import ArmChanged, InHand
from rules.systems.coc7.rolls import Modifier
from rules.systems.coc7.specials import MANEUVER
from rules.systems.coc7.state import HELD, HOLDING, PINNED, PRONE, Coc7State, Coc7Unit

DISARM = "武装解除"
EFFECTS = (HELD, PINNED, PRONE, DISARM)
"""The effects a maneuver may aim at (``aim:``, or named as the weapon: ``weapon:転倒``)."""
EFFECT_WORDS = {"組み付き": HELD, "組み付く": HELD, "組みつき": HELD, "組み付け": HELD, "掴む": HELD,
                "押さえ込み": PINNED, "押さえ込む": PINNED, "押さえつける": PINNED, "拘束": PINNED,
                "転倒": PRONE, "転ばせる": PRONE, "押し倒す": PRONE, "投げ": PRONE, "投げる": PRONE,
                "武装解除": DISARM, "武器を奪う": DISARM, "武器落とし": DISARM, "武器を落とす": DISARM}
"""How an effect is written (``aim:``/``weapon:``) → the effect."""
IMPOSSIBLE_AT = 3
"""7-MAN-03: a maneuver on a target three or more build larger is impossible."""


def _word(text: str | None) -> str:
    return unicodedata.normalize("NFKC", text or "").strip()


def effect_of(cmd: Attack, specials: list[str]) -> str | None:
    """The maneuver ``cmd`` makes, or None for an ordinary attack: ``special:マヌーバー`` with
    ``aim:``, ``weapon:`` or the special itself naming the effect (``special:マヌーバー（転倒）``;
    組み付き when none does), or a weapon that names one (``weapon:転倒``)."""
    named = (EFFECT_WORDS.get(_word(cmd.aim)) or EFFECT_WORDS.get(_word(cmd.weapon))
             or next((EFFECT_WORDS[w] for w in specials if w in EFFECT_WORDS), None))
    if MANEUVER in specials:
        return named or HELD
    return EFFECT_WORDS.get(_word(cmd.weapon))


def build_penalty(actor: Coc7Unit, target: Coc7Unit) -> Modifier | None:
    """7-MAN-02..04: one penalty die per point of build ``actor`` is smaller than
    ``target`` (None when not smaller: being bigger gives no bonus). Three or more smaller
    is refused (RuleViolation 7-MAN-03, liftable with ``/kp allow``: then it is rolled with
    the penalty dice the cap allows)."""
    gap = target.build - actor.build
    if gap <= 0:
        return None
    if gap >= IMPOSSIBLE_AT:
        forbid("7-MAN-03", f"{target.id}（ビルド{target.build}）は{actor.id}（ビルド{actor.build}）より"
                           f"{gap}大きく、マヌーバーはできません（ビルド差3以上）。")
    return Modifier(-gap, f"ビルド差{gap}")


def release(d: Decision[Coc7State], holder: str, held: str, cause: str) -> None:
    """End ``holder``'s hold on ``held`` (組み付き中 / 組み付き or 押さえ込み), saying ``cause``."""
    if held in d.state.units:
        for condition in (HELD, PINNED):
            remove(d, held, condition, cause)
        if d.state.unit7(held).marks.get("held_by") == holder:
            d.emit(ce.UnitMarked(unit=held, key="held_by", value=None))
    if holder in d.state.units:
        remove(d, holder, HOLDING, cause)
        if d.state.unit7(holder).marks.get("holding") == held:
            d.emit(ce.UnitMarked(unit=holder, key="holding", value=None))


def succeed(d: Decision[Coc7State], attacker: str, defender: str, effect: str) -> str:
    """The effect of a winning maneuver (7-MAN-06..10); returns the outcome's words. A held
    unit's maneuver against its holder breaks it free instead (7-MAN-07)."""
    actor, target = d.state.unit7(attacker), d.state.unit7(defender)
    if actor.marks.get("held_by") == defender:
        release(d, defender, attacker, "振りほどいた（7-MAN-07）")
        return f"{attacker}は{defender}を振りほどいた"
    if effect in (HELD, PINNED):
        old = target.marks.get("held_by")
        if old and old != attacker:
            release(d, old, defender, f"{attacker}に奪われた")
        if actor.marks.get("holding") and actor.marks["holding"] != defender:
            release(d, attacker, actor.marks["holding"], f"{attacker}が手を離した")
        other = PINNED if effect == HELD else HELD
        remove(d, defender, other, f"{effect}に変わった")
        add(d, defender, effect, f"{attacker}のマヌーバー（7-MAN-06）")
        add(d, attacker, HOLDING, f"{defender}を{effect}")
        d.emit(ce.UnitMarked(unit=defender, key="held_by", value=attacker))
        d.emit(ce.UnitMarked(unit=attacker, key="holding", value=defender))
        return f"{attacker}のマヌーバーが成功：{defender}は{effect}状態"
    if effect == PRONE:
        add(d, defender, PRONE, f"{attacker}のマヌーバー（7-MAN-09）")
        return f"{attacker}のマヌーバーが成功：{defender}は転倒した"
    weapon = target.held_weapon
    if weapon is None or weapon.name == UNARMED.name:
        return f"{attacker}のマヌーバーは成功したが、{defender}は武器を持っていない"
    arm = target.arms.get(weapon.name)
    d.emit(ArmChanged(unit=defender, weapon=weapon.name, ammo=arm.ammo if arm else None,
                      jammed=bool(arm and arm.jammed), dropped=True,
                      note=f"{defender}は{weapon.name}を落とした（武装解除、7-MAN-10）"))
    d.emit(InHand(unit=defender, weapon=UNARMED.name))
    add(d, defender, DISARM, f"{attacker}のマヌーバー（7-MAN-10）")
    return f"{attacker}のマヌーバーが成功：{defender}は{weapon.name}を落とした"


def loosen(d: Decision[Coc7State]) -> None:
    """A hold ends when its holder or the held unit is out of action or gone (7-MAN-07)."""
    for unit in list(d.state.units.values()):
        assert isinstance(unit, Coc7Unit)
        held_by = unit.marks.get("held_by")
        if not held_by:
            continue
        if held_by not in d.state.units or d.state.units[held_by].out_of_action:
            release(d, held_by, unit.id, f"{held_by}が行動不能になった")
        elif unit.out_of_action:
            release(d, held_by, unit.id, f"{unit.id}が行動不能になった")
