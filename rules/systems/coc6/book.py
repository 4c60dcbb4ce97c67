"""``coc6``: the standard CoC 6 parry rule (seed 001, P- clauses) on the published rules."""
from __future__ import annotations

from rules.systems.coc6.chat_words import BOOK
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.system import Coc6System

RULES = CocRules(
    name="coc6",
    title="CoC6 基本ルール（受け流し）",
    rule_set="P",
    uses_ap=False,
    clauses={
        "parry_once": "P-PARRY-01", "parry_declare": "P-PARRY-05", "parry_other": "P-PARRY-02",
        "parry_hold": "P-DMG-03", "parry_wear": "P-DMG-04", "cannot_fire": "P-DMG-06",
        "parried_club": "P-CLASS-04", "parried_gun": "P-CLASS-06", "parried_bow": "P-CLASS-07",
    },
    defaults={"dice": "CCB", "special": True, "shock": True, "impale": "ONCE", "separate_attack_counts": False, "parry_free_at": 1,
              # issue 4: P-CLASS-05 (shield vs missiles, % or 0 = not automated), P-NOTE-04
              # (Cthulhu Invictus: a shield parries twice), P-NOTE-01 (parry as a substitute)
              "shield_missile_chance": 0, "invictus_shields": False, "substitute_parry": False,
              "malfunction": False},  # X-JAM-01: guns jam by their 故障ナンバー (published rules, off)
)

SYSTEM = Coc6System(RULES, BOOK)
