"""Rounds and turns of a 7th-edition battle (7-ORDER-01..04): DEX order, a firearm readied
when the round begins at DEX+50, ties to the higher combat skill, then the joining order
(shown as tied; the KP reorders). What a turn's start does by itself (standing up from
転倒, 7-MAN-09) and what a round's end does (the dying units' CON rolls, 7-HP-06)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc7.events import FirearmsReadied
from rules.systems.coc7.state import PRONE, Coc7State, Coc7Unit
from rules.systems.coc7.wounds import dying_checks

READIED_BONUS = 50
"""7-ORDER-02: a firearm readied at the start of the round acts at DEX + 50."""


def readied(unit: Coc7Unit) -> bool:
    """Whether ``unit`` holds a usable firearm (7-ORDER-02): in hand, not jammed or dropped."""
    weapon = unit.held_weapon
    arm = unit.arms.get(weapon.name) if weapon else None
    return bool(weapon and weapon.is_firearm and arm is not None and not arm.jammed and not arm.dropped)


def combat_skill(unit: Coc7Unit) -> int:
    """The combat skill that breaks a DEX tie (7-ORDER-03): the skill of the weapon in hand."""
    weapon = unit.held_weapon
    return unit.sheet.weapon_skill(weapon) if weapon and unit.sheet else 0


def order_value(unit: Coc7Unit, with_gun: bool) -> int:
    """The DEX the order uses: DEX, + 50 when ``with_gun`` (7-ORDER-02)."""
    return unit.dex + (READIED_BONUS if with_gun else 0)


def turn_order(state: Coc7State) -> tuple[list[str], list[list[str]], list[list]]:
    """``(order, tied, readied)`` for a new round: the units able to act, by DEX (+50 with a
    readied firearm), then the higher combat skill, then the joining order; ``tied``: groups
    still equal after the combat skill (7-ORDER-04); ``readied``: ``[[unit, weapon, DEX]]``."""
    able = [u for u in state.units.values() if isinstance(u, Coc7Unit) and not u.out_of_action]
    guns = {u.id for u in able if readied(u)}
    able.sort(key=lambda u: (-order_value(u, u.id in guns), -combat_skill(u), u.join_seq))
    groups: dict[tuple[int, int], list[str]] = {}
    for u in able:
        groups.setdefault((order_value(u, u.id in guns), combat_skill(u)), []).append(u.id)
    shown = [[u.id, u.in_hand, u.dex] for u in able if u.id in guns]
    return [u.id for u in able], [g for g in groups.values() if len(g) > 1], shown


def next_actor(state: Coc7State) -> str | None:
    """The first unit of this round's order that has not acted and can act, or None."""
    for unit_id in state.order:
        unit = state.units.get(unit_id)
        if unit is not None and unit_id not in state.acted and not unit.out_of_action:
            return unit_id
    return None


def start_round(d: Decision[Coc7State], number: int, dice: Dice | None = None) -> None:
    """Begin round ``number`` (its readied firearms said first) and its first turn."""
    order, tied, guns = turn_order(d.state)
    if guns:
        d.emit(FirearmsReadied(round=number, units=guns))
    d.emit(ev.RoundStarted(round=number, order=order, tied=tied))
    _next_turn(d, dice)


def advance(d: Decision[Coc7State], dice: Dice | None = None) -> None:
    """After a turn ended: the next unit's turn, or the round's end (dying units roll CON,
    7-HP-06) and the next round."""
    if d.state.phase != "active" or d.state.turn is not None:
        return
    _next_turn(d, dice)


def _next_turn(d: Decision[Coc7State], dice: Dice | None) -> None:
    dice = dice or d.dice
    following = next_actor(d.state)
    if following is not None:
        _begin_turn(d, d.state.unit7(following))
        return
    if dice is None:
        raise RuntimeError("a round's end that rolls needs dice")
    dying_checks(d, dice)
    if any(not u.out_of_action for u in d.state.units.values()):
        start_round(d, d.state.round + 1, dice)


def _begin_turn(d: Decision[Coc7State], unit: Coc7Unit) -> None:
    """Start ``unit``'s turn; a unit knocked down stands up first (7-MAN-09)."""
    d.emit(ev.TurnStarted(unit=unit.id, round=d.state.round, ap=0))
    if PRONE in unit.conditions:
        d.emit(ce.ConditionChanged(unit=unit.id, condition=PRONE, added=False,
                                   cause="自分の手番のはじめに立ち上がった（7-MAN-09）"))


def end_fallen_turn(d: Decision[Coc7State], dice: Dice | None = None) -> None:
    """A unit put out of action (死亡, 気絶) during its own turn loses the rest of it once no
    question is open; the next turn begins."""
    state = d.state
    if state.phase != "active" or not state.turn or state.pending:
        return
    unit = state.units.get(state.turn)
    if unit is None or not unit.out_of_action:
        return
    why = next((c for c in ("死亡", "気絶") if c in unit.conditions), "行動不能")
    d.emit(ev.TurnEnded(unit=unit.id, cause=f"{why}したため、残りの手番は失われる"))
    advance(d, dice)
