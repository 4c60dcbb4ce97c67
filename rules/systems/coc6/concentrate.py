"""「○○に集中」: concentrating on one defensive action for a round (H-DEF-03..05).

Declared with ``/declare action:回避に集中`` (防御／受け流し／隠れる／かばう likewise) at the
start of the round. The unit then takes no other action, active or passive, but may take
the chosen one up to 3 times; each success makes its following rolls −20%; with
〈武道〉 or 〈マーシャルアーツ〉 at 60%+ the 3 uses may be spent at once for +30%.
"""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.errors import InvalidInput, RuleViolation, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.window import require_window
from rules.systems.coc6.state import CocState, CocUnit

SUFFIX = "に集中"
ACTIONS = ("回避", "防御", "受け流し", "隠れる", "かばう")
FOCUS_USES = 3
"""H-DEF-03: the chosen action may be taken up to 3 times in the round."""
STEP = -20
"""H-DEF-04: −20% on the following rolls per success (cumulative)."""
ALL_AT_ONCE = 30
"""H-DEF-05: +30% when the 3 uses are spent at once."""
ALL_AT_ONCE_SKILL = 60
"""H-DEF-05: 〈武道〉 or 〈マーシャルアーツ〉 at 60% or more."""
ALL_LABEL = "（+30%）"
"""Suffix of the option that spends the 3 uses at once, e.g. ``回避（+30%）``."""


def focus_of(unit: CocUnit) -> str | None:
    """The defensive action ``unit`` concentrates on this round (``"回避"`` …), or None."""
    for declaration in unit.declarations:
        action = declaration["action"]
        if action.endswith(SUFFIX):
            return action[: -len(SUFFIX)]
    return None


def is_focus_declaration(action: str) -> bool:
    """Whether ``action`` (a /declare action) is one of the five 「○○に集中」."""
    return action.endswith(SUFFIX) and action[: -len(SUFFIX)] in ACTIONS


def declare_focus(rules: CocRules, d: Decision[CocState], unit: CocUnit, action: str) -> None:
    """Record ``unit``'s 「○○に集中」 for this round.

    Raises InvalidInput under the book rule (seed 001 has no such declaration) or for an
    unknown action; RuleViolation H-DEF-03 after the round's first action or when the
    unit already concentrates this round.
    """
    if rules.rule_set != "H":
        raise InvalidInput(f"{rules.title}には「{action}」の宣言はありません。")
    if not is_focus_declaration(action):
        names = "／".join(a + SUFFIX for a in ACTIONS)
        raise InvalidInput(f"「{action}」は宣言できません。集中できるのは: {names}")
    require_window(d.state, unit, "H-DEF-03", "「○○に集中」の宣言")
    current = focus_of(unit)
    if current is not None:
        forbid("H-DEF-03", f"{unit.id}はこのラウンドすでに「{current}{SUFFIX}」を宣言しています")
    d.emit(ce.Declared(unit=unit.id, action=action))


def focus_refusal(unit: CocUnit, action: str) -> RuleViolation | None:
    """H-DEF-03: while concentrating, no defensive action but the chosen one."""
    focus = focus_of(unit)
    if focus is not None and focus != action:
        return RuleViolation("H-DEF-03", f"{unit.id}は「{focus}{SUFFIX}」を宣言しているので、{action}はできません")
    return None


def use_limit(unit: CocUnit, action: str) -> int:
    """Uses of ``action`` per round: 3 when concentrating on it (H-DEF-03), else 1 (H-DEF-01)."""
    return FOCUS_USES if focus_of(unit) == action else 1


def focus_modifier(unit: CocUnit, action: str, all_at_once: bool = False) -> int:
    """The % added to ``action``'s roll: −20 per earlier success while concentrating on it
    (H-DEF-04), +30 when spending the 3 uses at once (H-DEF-05); 0 otherwise."""
    if focus_of(unit) != action:
        return 0
    return STEP * unit.focus_successes + (ALL_AT_ONCE if all_at_once else 0)


def all_at_once_refusal(unit: CocUnit, action: str) -> RuleViolation | None:
    """H-DEF-05: the +30% needs the focus on ``action``, none of the 3 uses spent, and
    〈武道〉 or 〈マーシャルアーツ〉 at 60%+."""
    assert unit.character is not None
    if focus_of(unit) != action:
        return RuleViolation("H-DEF-05", f"+30%は「{action}{SUFFIX}」を宣言したときだけ使えます")
    if unit.used.get(action, 0):
        return RuleViolation("H-DEF-05", "+30%は集中した3回をまだ1回も使っていないときだけ使えます")
    best = max([unit.character.skill("マーシャルアーツ"), *unit.character.budo_skills().values()])
    if best < ALL_AT_ONCE_SKILL:
        return RuleViolation("H-DEF-05", f"+30%には〈武道〉か〈マーシャルアーツ〉が{ALL_AT_ONCE_SKILL}%以上必要です（{unit.id}は{best}%）")
    return None


def active_refusal(unit: CocUnit) -> RuleViolation | None:
    """H-DEF-03: a unit concentrating on a defensive action takes no active action (attack,
    move, check) this round; None when it may act."""
    focus = focus_of(unit)
    if focus is None:
        return None
    # the seed's 「選択した防御行動以外」: 防御 alone is the CON×5 block (H-DEF-BLOCK), not every defensive action
    return RuleViolation("H-DEF-03", f"{unit.id}は「{focus}{SUFFIX}」を宣言しているので、このラウンドは選んだ防御行動"
                                     f"（{focus}）しか取れません（攻撃・移動・判定もできません）")
