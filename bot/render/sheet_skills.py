"""The full CoC 6 sheet's skill table in Japanese: every skill of the rulebook at the
character's value (its sheet's, else the base), by category, and アイデア・幸運・知識."""
from __future__ import annotations

from rules.coc6.character import Character
from rules.coc6.skill_list import ROLLS, SKILL_TABLE


def skills_table_text(character: Character) -> str:
    """``アイデア 65 / 幸運 55 / 知識 75`` (SAN is on the sheet's first lines) then one line per category
    (``探索技能: 応急手当 30、鍵開け 1、…``); a specialty skill shows the ones on the sheet,
    else its bare name (``運転（） 20``)."""
    lines = [" / ".join(f"{name} {character.skill(name)}" for name in ROLLS)]
    for category, rows in SKILL_TABLE:
        cells = []
        for name, _base in rows:
            if name.endswith("（）"):
                stem = name[:-2]
                taken = [k for k in character.skills if k.startswith(stem + "（")]
                cells.extend(f"{k} {character.skill(k)}" for k in taken)
                if not taken:
                    cells.append(f"{name} {character.skill(stem)}")
            else:
                cells.append(f"{name} {character.skill(name)}")
        lines.append(f"{category}: " + "、".join(cells))
    return "\n".join(lines)
