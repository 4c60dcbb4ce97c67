"""``coc6-budo``'s rule set: the CoC 6 engine with seed 002's 武道 house rules (B- clauses).

Seed 002 adds to a CoC house rule that is not in the seeds; where the seed is silent the
engine plays the published rules (the book parry classes and damage, P- clauses) and the
catalog's B defaults. What differs from ``coc6`` is listed in :data:`RULES`.
"""
from __future__ import annotations

from rules.systems.coc6.config import CocRules

PARRY_STEP = 20
"""B-PARRY-02 default: −20% per earlier parry (or, for a dodge, per earlier dodge) this round."""

SPECIAL_MINIMUM = 60
"""B-SPEC-01: special actions need the 武道 skill at 60 or more."""

RULES = CocRules(
    name="coc6-budo",
    title="CoC6 武道ルール",
    rule_set="B",
    uses_ap=False,
    repeat_defense=True,
    clauses={
        "parry_once": "B-PARRY-02", "dodge_once": "B-PARRY-02",
        "parry_declare": "P-PARRY-05", "parry_other": "P-PARRY-02",
        "parry_hold": "P-DMG-03", "parry_wear": "P-DMG-04", "cannot_fire": "P-DMG-06",
        "parried_club": "P-CLASS-04", "parried_gun": "P-CLASS-06", "parried_bow": "P-CLASS-07",
    },
    defaults={
        "dice": "CCB", "shock": True, "impale": "ONCE", "separate_attack_counts": False, "parry_free_at": 1,
        # B-PARRY-02: % per earlier parry/dodge this round; CF-17: the published 〈武道〉 ×2
        "parry_step": PARRY_STEP, "budo_double": True,
        # B-TACKLE-07 「床が硬い」 (the KP's call, not automatic: off until the KP says hard), B-CALL-VITAL-01 (the attacker
        # shares the target's vital spot: human vs human), B-CALL-ARM-04 / B-CALL-LEG-04 lists
        "hard_floor": False, "same_vital": True,
        "malfunction": False,  # X-JAM-01: guns jam by their 故障ナンバー (published rules, off)
        "arm_skills": "こぶし,組み付き,投擲,拳銃,ライフル,ショットガン,サブマシンガン,マシンガン,刀剣,ナイフ",
        "leg_skills": "キック,回避,跳躍,忍び歩き,水泳",
        "budo_styles": "",
    },
)
