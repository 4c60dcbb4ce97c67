"""Japanese text for character sheets."""
from __future__ import annotations

from rules.coc6.character import CHARACTERISTICS, Character


def sheet_text(character: Character, full: bool = False) -> str:
    """A character's numbers: characteristics, HP/MP/SAN/db, 回避; with ``full`` also its
    skills and weapons."""
    stats = " ".join(f"{k}{character.stat(k)}" for k in CHARACTERISTICS)
    lines = [stats,
             f"HP {character.hp_max} / MP {character.mp_max} / SAN {character.san} / "
             f"db {character.damage_bonus or 'なし'} / 回避 {character.skill('回避')}%"
             + (f" / 装甲 {character.armor}" if character.armor else "")]
    if full:
        if character.skills:
            lines.append("技能: " + "、".join(f"{k} {v}%" for k, v in character.skills.items()))
        weapons = []
        for w in character.all_weapons:
            hp = f" 耐久{w.hp}" if w.hp is not None else ""
            weapons.append(f"{w.name}（{character.weapon_skill(w)}% {w.damage}{hp}）")
        lines.append("武器: " + "、".join(weapons))
    return "\n".join(lines)
