"""``/char growth`` of a 7th-edition investigator (rules.coc7.growth): each ticked skill is
rolled, grown by 1D10 on a roll above it or above 95, and one reaching 90 gains 2D6 SAN."""
from __future__ import annotations

import dataclasses

from rules.coc7.character import Investigator
from rules.coc7.growth import growth_roll
from rules.dice import Dice


async def grow_investigator(store, dice: Dice, scope: str, owner: str, inv: Investigator) -> str:
    """Roll every tick of ``inv`` (in the order ticked), write the grown skills, the SAN
    gained and the cleared ticks in one write; the table 「【エミリーの成長ロール】（7版）…」."""
    results = [growth_roll(skill, inv.skill(skill), dice) for skill in inv.growth]
    skills = dict(inv.skills)
    for result in results:
        if result.grew:
            skills[result.skill] = result.after
    san_gain = sum(r.san_gain for r in results)
    san = min(inv.san + san_gain, 99 - skills.get("クトゥルフ神話", 0)) if san_gain else inv.san_now
    updated = dataclasses.replace(inv, skills=skills, growth=(), san_now=san)
    await store.put_character(scope, owner, inv.name, updated.to_dict())
    grown = sum(1 for r in results if r.grew)
    lines = [f"【{inv.name}の成長ロール】（7版、{len(results)}技能中{grown}技能が成長）", *(r.text() for r in results)]
    if san_gain:
        lines.append(f"SAN {inv.san} → {updated.san}")
    return "\n".join(lines)
