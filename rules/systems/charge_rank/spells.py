"""A spell in the charge-rank system (X-MP-01 with C-OTHER-01/02): casting is an "other"
active action, taken with the GM's (KP's) permission (``/kp allow``, C-OTHER-01); its check
spends the power rank chosen like any check (C-OTHER-02), and the spell spends the MP its
caster names. A unit's MP is its sheet's 〔MP〕 (a number of its own on a charge-rank sheet,
``/char set key:MP``); a unit whose sheet has none has no MP to spend."""
from __future__ import annotations

from rules.battle.commands import Cast
from rules.battle.decision import Decision
from rules.battle.magic import MpChanged, SpellCast, shortfall, spell_name
from rules.dice import Dice
from rules.errors import InvalidInput, refuse
from rules.systems.charge_rank.active import actor, take_action
from rules.systems.charge_rank.checks import BASE_SAFETY
from rules.systems.charge_rank.phases import finish_action
from rules.systems.charge_rank.spend import check, choose_power
from rules.systems.charge_rank.state import CrState


def cast(d: Decision[CrState], cmd: Cast, dice: Dice) -> None:
    """``/spell name: mp: [power:] [target:]`` in the unit's main phase.

    Raises InvalidInput (no name, a negative cost), RuleViolation C-OTHER-01 (until the KP
    allows it), X-MP-01 (not enough MP; the KP may allow it, the MP stops at 0), C-CHECK-03
    (a power rank above the charge rank), or the active-action refusals (active.actor)."""
    unit = actor(d, cmd)
    spell = spell_name(cmd.spell)
    if not spell:
        raise InvalidInput("name: に呪文の名前を指定してください（例: /spell name:萎縮 mp:8 power:2）。")
    if cmd.mp < 0:
        raise InvalidInput("mp: には消費するMP（0以上）を指定してください。")
    target = cmd.target.strip() if cmd.target else ""
    if target and target not in d.state.units:
        raise InvalidInput(f"「{target}」はこの戦闘にいません。")
    refuse(cmd, "C-OTHER-01", f"呪文「{spell}」はGMの許可があれば能動行動として行えます")
    if unit.mp < cmd.mp:
        refuse(cmd, "X-MP-01", shortfall(unit.id, unit.mp, spell, cmd.mp))
    power = choose_power(cmd, unit, cmd.power)
    take_action(d, unit, f"呪文「{spell}」")
    check(d, dice, d.state.unit(unit.id), f"呪文「{spell}」", power, BASE_SAFETY)
    d.emit(SpellCast(unit=unit.id, spell=spell, mp=cmd.mp, target=target))
    before = d.state.unit(unit.id).mp
    if cmd.mp:
        d.emit(MpChanged(unit=unit.id, before=before, after=max(0, before - cmd.mp), cause=f"呪文「{spell}」"))
    finish_action(d)
