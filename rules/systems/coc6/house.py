"""``coc6-house``: the group's house combat rules for CoC 6 (seed 000, H- clauses)."""
from __future__ import annotations

from rules.systems.coc6.chat_words import HOUSE
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.system import Coc6System

RULES = CocRules(
    name="coc6-house",
    title="CoC6 ハウスルール（戦闘ルール）",
    rule_set="H",
    uses_ap=True,
    clauses={
        "attack_limit": "H-AP-04", "attack_limit_firearm": "H-FIRE-01",
        "dodge_once": "H-DEF-01", "dodge_firearm": "H-DEF-DODGE-02",
        "parry_once": "H-DEF-01", "parry_declare": "H-DEF-PARRY-01", "parry_other": "H-DEF-PARRY-02",
        "parry_hold": "H-DEF-PARRY-15", "parry_wear": "H-DEF-PARRY-16",
        "cannot_fire": "H-DEF-PARRY-19", "parried_club": "H-DEF-PARRY-07",
        "parried_gun": "H-DEF-PARRY-09", "parried_bow": "H-DEF-PARRY-10",
    },
    sources="記載のないことは KPの指示 → クトゥルフ2015 → クトゥルフ2010 → クトゥルフ神話TRPG の順に従います"
            "（H-GEN-01〜03）。追加のルールブックは supplements で許可したものだけを使います（H-GEN-04）。",
    defaults={"dice": "CCB", "special": True, "shock": True, "impale": "ONCE", "separate_attack_counts": False, "parry_free_at": 11, "supplements": "",
              # issue 4: H-DEF-DODGE-02 「通常では」, H-DEF-BLOCK-04 (literal 1D2), H-DEF-PARRY-08
              # (shield vs missiles, % or 0 = not automated), H-DEF-PARRY-21 (fumble: no damage)
              "dodge_firearms": False, "block_melee_critical": "1D2", "shield_missile_chance": 0,
              "parry_fumble_damage": False,
              # issue 5: 「柔道=立ち技系, 空手=組み技系」 (budo.py) and 「ショゴス=不定形/浮遊」 (traits.py)
              "budo_styles": "", "traits": "",
              "malfunction": False},  # X-JAM-01: guns jam by their 故障ナンバー (published rules, off)
)

SYSTEM = Coc6System(RULES, HOUSE)
