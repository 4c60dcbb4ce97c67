"""``/check skill: [target:] [bonus:] [difficulty:]`` in a 7th-edition battle: any skill or
characteristic of the unit with its 7th values and success levels, and the treatments
(7-AID-01..04): 〈応急手当〉 restores 1 HP, 〈医学〉 1D3, each once per injury and never above
the maximum; only 〈応急手当〉 stabilises a dying unit (瀕死 ends; it stays unconscious), and a
unit unconscious at 0 HP without a major wound wakes when healed. A treatment is the unit's
action on its own turn (it takes the turn's attack)."""
from __future__ import annotations

import unicodedata

from rules.battle.commands import SkillCheck
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit
from rules.coc7.check import Difficulty
from rules.coc7.skills import canonical
from rules.dice import Dice
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import OUT_OF_ACTION_WORDS
from rules.systems.coc6.conditions import remove
from rules.systems.coc6.grid import MELEE_REACH, apart
from rules.systems.coc7.acting import require_no_pending, require_turn
from rules.systems.coc7.rolls import Modifier, roll_check
from rules.systems.coc7.state import DEAD, DYING, MAJOR_WOUND, UNCONSCIOUS, Coc7State, Coc7Unit

FIRST_AID, MEDICINE = "応急手当", "医学"
HEALS = {FIRST_AID: "1", MEDICINE: "1D3"}
"""7-AID-01/02: what a successful treatment restores."""
TREATED = "treated"
"""The unit mark listing the skills that healed its current injury (emptied by new damage)."""
DIFFICULTIES = {"R": Difficulty.REGULAR, "H": Difficulty.HARD, "E": Difficulty.EXTREME,
                "レギュラー": Difficulty.REGULAR, "ハード": Difficulty.HARD, "イクストリーム": Difficulty.EXTREME}


def check(d: Decision[Coc7State], cmd: SkillCheck, dice: Dice) -> None:
    """Roll the acting unit's ``skill`` (see the module docstring).

    Raises InvalidInput (before the start, out of action, an unknown skill, a % modifier,
    a dead or unhurt patient); RuleViolation 7-AID-03 (this injury already treated with the
    skill), 7-AID-02 (medicine on a dying unit), 7-ATK-01 (the turn's action spent),
    7-MELEE-09 (patient out of reach)."""
    state = d.state
    if state.phase != "active":
        raise InvalidInput("戦闘中の判定は /battle start のあとに行います（戦闘外は /check をシートで振ります）。")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, Coc7Unit) and unit.sheet is not None
    if unit.out_of_action:
        why = next((OUT_OF_ACTION_WORDS[c] for c in OUT_OF_ACTION_WORDS if c in unit.conditions), "行動不能の")
        raise InvalidInput(f"{unit.id}は{why}ため判定できません。KPは /kp set で状態を変えられます。")
    if cmd.modifier:
        raise InvalidInput("7版の判定の補正は bonus:（ボーナス・ペナルティダイス）か difficulty:（難易度）で付けます。")
    skill = canonical(cmd.skill or "")
    if not skill:
        raise InvalidInput("判定する技能を skill: で指定してください（例: 応急手当、CON）。")
    if not unit.sheet.knows(skill):
        raise InvalidInput(f"〈{skill}〉は{unit.id}のシートにない技能です。技能名を確かめるか、/char set で追加してください。")
    difficulty = _difficulty(cmd.difficulty)
    patient = _patient(d, cmd, unit, skill) if skill in HEALS else None
    modifiers = [Modifier(cmd.bonus, "宣言した補正")] if cmd.bonus else []
    purpose = skill + (f"（{patient.id}）" if patient else "")
    result = roll_check(d, unit.id, purpose, unit.sheet.skill(skill), dice, modifiers,
                        skill=skill if skill not in ("CON", "STR", "DEX", "POW", "APP", "SIZ", "INT", "EDU") else "",
                        difficulty=difficulty)
    if patient is not None:
        d.emit(ce.UnitMarked(unit=unit.id, key="acted", value=True))
        if result.succeeded:
            heal(d, d.state.unit7(patient.id), skill, dice)


def _difficulty(text: str | None) -> Difficulty | None:
    if not text:
        return None
    key = unicodedata.normalize("NFKC", text).strip().upper()
    found = DIFFICULTIES.get(key) or DIFFICULTIES.get(text.strip())
    if found is None:
        raise InvalidInput("difficulty: は r（レギュラー）、h（ハード）、e（イクストリーム）です。")
    return found


def _patient(d: Decision[Coc7State], cmd: SkillCheck, unit: Coc7Unit, skill: str) -> Coc7Unit:
    """The unit treated (``target:``, else itself) after the checks a treatment needs."""
    state = d.state
    require_turn(state, unit)
    require_no_pending(state)
    assert unit.sheet is not None
    if unit.actions >= max(1, unit.sheet.attacks):
        forbid("7-ATK-01", f"{unit.id}はこの手番にもう行動しました。手当ては次の手番に行えます。")
    patient = find_unit(state, cmd.target) if cmd.target else unit
    assert isinstance(patient, Coc7Unit)
    gap = apart(state, unit, patient)
    if gap is not None and gap > MELEE_REACH:
        forbid("7-MELEE-09", f"{patient.id}は手の届く距離にいません（{gap}マス）。")
    if DEAD in patient.conditions:
        raise InvalidInput(f"{patient.id}は死亡しています。手当てはできません。")
    if patient.hp >= patient.hp_max and DYING not in patient.conditions:
        raise InvalidInput(f"{patient.id}は負傷していません（HP {patient.hp}/{patient.hp_max}）。")
    if skill == MEDICINE and DYING in patient.conditions:
        forbid("7-AID-02", f"{patient.id}は瀕死です。まず〈応急手当〉で容体を安定させてから〈医学〉を使います。")
    if skill in patient.marks.get(TREATED, ()):
        forbid("7-AID-03", f"{patient.id}の今の負傷は〈{skill}〉で手当て済みです（1つの負傷に1回。新たに負傷すれば、また手当てできます）。")
    return patient


def heal(d: Decision[Coc7State], patient: Coc7Unit, skill: str, dice: Dice) -> int:
    """A successful ``skill`` on ``patient`` (7-AID-01/02/04): HP restored (1, or 1D3 rolled
    now), never above the maximum; a dying unit is stabilised (by first aid: medicine is
    refused on it, :func:`_patient`); a unit unconscious at 0 HP without a major wound wakes.
    Returns the HP restored."""
    rolled = 1 if HEALS[skill] == "1" else dice.roll(3)
    before = patient.hp
    after = min(patient.hp_max, before + rolled)
    d.emit(ce.UnitMarked(unit=patient.id, key=TREATED, value=[*patient.marks.get(TREATED, ()), skill]))
    if after != before:
        cut = "" if after - before == rolled else f"{HEALS[skill]}＝{rolled}、最大HPまで"
        d.emit(ce.HpChanged(unit=patient.id, before=before, after=after, cause=cut or f"〈{skill}〉"))
    unit = d.state.unit7(patient.id)
    if DYING in unit.conditions:
        remove(d, unit.id, DYING, f"〈{skill}〉で容体が安定した（7-AID-02）")
    elif UNCONSCIOUS in unit.conditions and MAJOR_WOUND not in unit.conditions and before == 0 < after:
        remove(d, unit.id, UNCONSCIOUS, f"HPが回復して意識を取り戻した（7-AID-04）")
    return after - before
