"""``/check skill: [target:] [modifier:]`` in a battle: any skill or characteristic roll of
the unit, and 〈応急手当〉/〈医学〉 on a wounded unit, which on a success undoes the called-shot
and joint-shot losses and stops a throat's bleeding (H-CALL-ARM-03, H-CALL-LEG-04,
H-KYU-PREC-15, H-KYU-PREC-19) and restores 1D3 HP, once per injury, never above the maximum
(the catalog is silent on HP: H-GEN-02 → the published CoC 6th rule)."""
from __future__ import annotations

from rules.battle.commands import SkillCheck
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.coc6.character import canonical_skill
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import OUT_OF_ACTION_WORDS, require_no_pending, require_turn
from rules.systems.coc6.checks import bands
from rules.systems.coc6.conditions import require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.grid import MELEE_REACH, apart
from rules.systems.coc6.state import TREATED, CocState, CocUnit
from rules.systems.coc6.wounds import TREATABLE, treat

TREATMENT = ("応急手当", "医学")
"""The skills whose success undoes a wound (H-CALL-ARM-03 …)."""

HEAL = "1D3"
"""Published CoC 6th (H-GEN-02): a successful 〈応急手当〉 or 〈医学〉 restores 1D3 HP."""


def injury_refusal(patient: CocUnit, skill: str) -> None:
    """Refuse to treat ``patient`` with ``skill``: dead (X-HP-02), unhurt (full HP and no
    treatable wound), or this injury already healed by ``skill`` (H-GEN-02, allowable)."""
    if "死亡" in patient.conditions:
        raise InvalidInput(f"{patient.id}は死亡しています。手当てはできません。")
    if patient.hp >= patient.hp_max and not any(w["part"] in TREATABLE for w in patient.wounds):
        raise InvalidInput(f"{patient.id}は負傷していません（HP {patient.hp}/{patient.hp_max}）。")
    if skill in patient.marks.get(TREATED, ()):
        forbid("H-GEN-02", f"{patient.id}の今の負傷は〈{skill}〉で手当て済みです"
                           "（1つの負傷に1回。新たに負傷すれば、また手当てできます）。")


def heal(d: Decision[CocState], patient: CocUnit, skill: str, dice: Dice) -> int:
    """A successful ``skill`` on ``patient``: roll 1D3 through ``dice`` and restore that
    much HP, not above the maximum, and mark the injury as treated by ``skill``. Returns the
    HP restored (0..3); the HpChanged cause shows the 1D3 rolled (issue 29) and tells a roll
    cut short by the maximum."""
    rolled = dice.roll(3)
    gain = max(0, min(rolled, patient.hp_max - patient.hp))
    d.emit(ce.UnitMarked(unit=patient.id, key=TREATED, value=[*patient.marks.get(TREATED, ()), skill]))
    if gain:
        cause = f"{HEAL}＝{rolled}" + ("" if gain == rolled else "、最大HPまで")
        d.emit(ce.HpChanged(unit=patient.id, before=patient.hp, after=patient.hp + gain, cause=cause))
    return gain


def treatment_patient(state: CocState, cmd: SkillCheck, unit: CocUnit) -> CocUnit:
    """The unit ``unit`` treats with 〈応急手当〉/〈医学〉 (``target:``, else itself), after the
    checks treatment needs: its own turn, nothing pending, able to act, the patient within
    reach when both stand on the map (X-REACH-01)."""
    require_turn(state, unit)
    require_no_pending(state)
    require_active(unit)
    patient = find_unit(state, cmd.target) if cmd.target else unit
    assert isinstance(patient, CocUnit)
    gap = apart(state, unit, patient)
    if gap is not None and gap > MELEE_REACH:
        forbid("X-REACH-01", f"{patient.id}は手の届く距離にいません（{gap}マス）。")
    return patient


def check(rules: CocRules, d: Decision[CocState], cmd: SkillCheck, dice: Dice) -> None:
    """Roll ``skill`` (+ ``modifier``) for the acting unit.

    〈応急手当〉/〈医学〉 is an action on the unit's own turn (1 AP under the house rules) on
    ``target`` (default itself), within reach on a map (X-REACH-01); on a success it
    restores 1D3 HP (:func:`heal`) and every treatable wound of the target is undone at
    once. Other skills roll at any time, free.

    Raises RuleViolation H-AP-01 (no AP left for the treatment), X-REACH-01 (out of reach),
    H-GEN-02 (this injury already treated with the skill); InvalidInput (dead or unhurt).
    """
    state = d.state
    if state.phase != "active":
        raise InvalidInput("戦闘中の判定は /battle start のあとに行います（戦闘外は /roll を使ってください）。")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CocUnit) and unit.character is not None
    if unit.out_of_action:  # 死亡・気絶・ノックアウト: no rolls of its own (X-HP-02, X-KO-01)
        why = next((OUT_OF_ACTION_WORDS[c] for c in OUT_OF_ACTION_WORDS if c in unit.conditions), "行動不能の")
        raise InvalidInput(f"{unit.id}は{why}ため判定できません。KPは /kp set で状態を変えられます。")
    skill = canonical_skill(cmd.skill or "")
    if not skill:
        raise InvalidInput("判定する技能を skill: で指定してください（例: 応急手当、CON×5）。")
    if not unit.character.knows(skill):
        raise InvalidInput(f"〈{skill}〉は{unit.id}のシートにない技能です。技能名を確かめるか、/char set で追加してください"
                           "（能力値なら CON×5 のように）。")
    value = max(0, unit.character.skill(skill) + cmd.modifier)
    patient = None
    if skill in TREATMENT:
        patient = treatment_patient(state, cmd, unit)
        injury_refusal(patient, skill)
        if rules.uses_ap:
            if unit.ap < 1:
                forbid("H-AP-01", f"{unit.id}の行動ポイントが残っていません（手当てに1ポイント）。")
            d.emit(ce.ApSpent(unit=unit.id, ap=1, reason=f"{skill}"))
    result = roll_check(value, dice, bands(state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=skill + (f"（{patient.id}）" if patient else ""),
                          target=value, roll=result.roll, level=result.level.value, text=result.text()))
    if patient is not None and result.succeeded:
        heal(d, d.state.coc_unit(patient.id), skill, dice)
        treat(d, d.state.coc_unit(patient.id), unit.id)
