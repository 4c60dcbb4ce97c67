"""Magic points in a CoC 6 battle: spells that spend them, and the KP's ruling on them (our
clauses X-MP-01/02, the published CoC 6th rules that H-GEN-02 falls back to; docs/table.md).

- X-MP-01: a unit has MP (magic points) = POW, or the sheet's current MP; a spell costs the
  MP its description gives, which the caster names (``/spell name: mp:``). A spell costing
  more MP than the unit has is refused (the KP may ``/kp allow`` it: the MP then stops at 0).
  The MP left is written to the PC's sheet at the battle's end, as HP is.
- X-MP-02: casting is an action of the caster's own turn: 1 AP under the house rules
  (H-AP-01, as any active action); under the book and 武道 rules, which count no AP, it is
  the turn's action (no attack after it, turn_action.py). Its effect is the KP's ruling
  (the bot records the MP, not the spell's effect).
"""
from __future__ import annotations

from rules.battle.commands import Cast
from rules.battle.decision import Decision
from rules.battle.magic import MpChanged, SpellCast, shortfall, spell_name
from rules.battle.permissions import acting_unit, find_unit
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6 import turn_action
from rules.systems.coc6.attack import require_no_pending, require_turn
from rules.systems.coc6.conditions import require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit

def _mp_changed(state: CocState, e: MpChanged) -> None:
    state.coc_unit(e.unit).mp = e.after


SPELL_HANDLERS = {MpChanged: _mp_changed}
"""``{event class: apply(state, event)}`` for the CoC evolve table."""


def cast(rules: CocRules, d: Decision[CocState], cmd: Cast) -> None:
    """``/spell name: mp: [target:]`` on the caster's turn (X-MP-01/02).

    Raises InvalidInput (no name, a negative cost, an unknown target, not the caster's turn,
    a question open), RuleViolation X-MP-02 (no AP left; the turn's action taken already)
    or X-MP-01 (not enough MP)."""
    state = d.state
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CocUnit)
    spell = spell_name(cmd.spell)
    if not spell:
        raise InvalidInput("name: に呪文の名前を指定してください（例: /spell name:萎縮 mp:8）。")
    if cmd.mp < 0:
        raise InvalidInput("mp: には消費するMP（0以上）を指定してください。")
    target = find_unit(state, cmd.target).id if cmd.target else ""
    require_turn(state, unit)
    require_no_pending(state)
    require_active(unit)
    if rules.uses_ap:
        if unit.ap < 1:
            forbid("X-MP-02", f"{unit.id}の行動ポイントが残っていません（呪文に1ポイント）。")
        d.emit(ce.ApSpent(unit=unit.id, ap=1, reason=f"呪文「{spell}」（X-MP-02）"))
    else:
        turn_action.refuse_after_attack(False, unit, "呪文", "X-MP-02")
        d.emit(ce.UnitMarked(unit=unit.id, key=turn_action.MARK, value=turn_action.mark("呪文を唱えた", "X-MP-02")))
    before = d.state.coc_unit(unit.id).mp
    if before < cmd.mp:
        forbid("X-MP-01", shortfall(unit.id, before, spell, cmd.mp))
    d.emit(SpellCast(unit=unit.id, spell=spell, mp=cmd.mp, target=target))
    if cmd.mp:
        d.emit(MpChanged(unit=unit.id, before=before, after=max(0, before - cmd.mp), cause=f"呪文「{spell}」"))
