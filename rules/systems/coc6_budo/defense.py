"""The escalating penalty of repeated defences and the answers seed 002 adds to a hit
(B-PARRY-02, B-COUNTER-01/02, B-SPEC-01).

Several parries and dodges are allowed per round (``CocRules.repeat_defense``); each one
after the first is rolled at −``parry_step``% (default 20) per earlier one this round.
Budo parries and combat-skill parries share one count (``used["受け流し"]``), dodges keep
their own (``used["回避"]``). A counter's two rolls count once (B-COUNTER-02).
"""
from __future__ import annotations

from rules.battle.state import Pending
from rules.coc6.weapons import Weapon
from rules.errors import RuleViolation
from rules.systems.coc6 import dodge
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.hit import Incoming
from rules.systems.coc6.limits import common_refusal
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.rules import PARRY_STEP, SPECIAL_MINIMUM
from rules.systems.coc6_budo.skills import parry_budo

DODGE, PARRY, NONE = "回避", "受け流し", "なし"
BUDO = "武道"
"""``/react action:武道``: a budo parry 〈武道受け流し〉 (B-PARRY-01)."""
COUNTER = "カウンター"
"""``/react action:カウンター``: a budo parry with a counter declared (B-COUNTER-01)."""
DODGE_COUNTER = "回避カウンター"
"""``/react action:回避カウンター``: a dodge with a counter declared (B-COUNTER-01)."""
COUNTS_AS = {BUDO: PARRY, COUNTER: PARRY, DODGE_COUNTER: DODGE, PARRY: PARRY, DODGE: DODGE}
"""Which shared count each answer uses (B-PARRY-02)."""


def step(state: CocState) -> int:
    """The penalty step in % (KP setting ``parry_step``, default 20, B-PARRY-02)."""
    return int(state.settings.get("parry_step", PARRY_STEP))


def penalty(state: CocState, unit: CocUnit, action: str) -> int:
    """The % taken off ``unit``'s next ``action`` (回避, 受け流し, 武道 …): one step per
    earlier parry (budo and combat skill together) or earlier dodge this round."""
    return step(state) * unit.used.get(COUNTS_AS.get(action, action), 0)


def budo_parry_refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming) -> RuleViolation | None:
    """Why ``unit`` may not budo-parry ``inc``: no 〈武道〉 (B-PARRY-01); a ranged attack or
    firearm, which only melee weapons and unarmed melee are (B-PARRY-03); stun (X-STUN-01)."""
    if parry_budo(unit, state.settings) is None:
        return RuleViolation("B-PARRY-01", f"{unit.id}は〈武道〉を持っていないので武道受け流しはできません")
    if inc.weapon.is_firearm or inc.weapon.parry_class.is_ranged or inc.weapon.range_m:
        return RuleViolation("B-PARRY-03", f"武道受け流しで受け流せるのは近接武器と近接格闘の攻撃だけです（{inc.weapon.name}）")
    return common_refusal(rules, unit, PARRY, inc)


def counter_refusal(rules: CocRules, state: CocState, unit: CocUnit, inc: Incoming,
                    action: str) -> RuleViolation | None:
    """Why ``unit`` may not answer ``inc`` with カウンター / 回避カウンター: the budo parry's or
    the dodge's own refusal, no 〈武道〉 (B-COUNTER-01), 武道 below 60% (B-SPEC-01)."""
    budo = parry_budo(unit, state.settings)
    if budo is None:
        return RuleViolation("B-COUNTER-01", f"カウンターは〈武道〉を持つキャラクターが宣言できます（{unit.id}は持っていません）")
    if budo.value < SPECIAL_MINIMUM:
        return RuleViolation("B-SPEC-01", f"カウンターなどの特殊行動は武道スキル{SPECIAL_MINIMUM}以上で宣言できます（{unit.id}は{budo.value}%）")
    if action == COUNTER:
        return budo_parry_refusal(rules, state, unit, inc)
    return dodge.refusal(rules, state, unit, inc)


def budo_answers(rules: CocRules, state: CocState, unit: CocUnit, weapon: Weapon,
                 attacker: str, context: dict | None = None) -> tuple[str, ...]:
    """The answers seed 002 adds to a hit by ``weapon`` that ``unit`` may give now, in
    button order: 武道, カウンター, 回避カウンター."""
    inc = Incoming(0, attacker, weapon, unit.id, dict(context or {}))
    found = []
    if budo_parry_refusal(rules, state, unit, inc) is None:
        found.append(BUDO)
    for action in (COUNTER, DODGE_COUNTER):
        if counter_refusal(rules, state, unit, inc, action) is None:
            found.append(action)
    return tuple(found)


def set_penalty(state: CocState, pending: Pending, unit: CocUnit, action: str) -> None:
    """Write the penalty of ``action`` into the (scratch) question ``pending`` so that the
    shared dodge and parry roll at it (limits.defense_target's context ``penalty``)."""
    pending.context["penalty"] = penalty(state, unit, action)
    pending.context["penalty_reason"] = "このラウンドの連続した防御、B-PARRY-02"
