"""A character as ココフォリア clipboard JSON (``{"kind": "character", "data": …}``): the text
that pasted onto a ココフォリア board makes a piece, with a chat palette of the sheet's CCB
lines. :func:`bot.sheets.importers.parse_sheet` reads it back to the same sheet."""
from __future__ import annotations

import json

from rules.coc6.character import BASE_SKILLS, CHARACTERISTICS, Character
from rules.coc6.skill_list import ROLLS, SKILL_TABLE

def skill_names(character: Character) -> list[str]:
    """The skills a palette lists, in the rulebook sheet's order (rules.coc6.skill_list):
    every skill of the table (a specialty skill as the ones the sheet has, else left out),
    then the sheet's other skills (weapon skills, 武道 …) and the built-in weapons' skills."""
    names: list[str] = []
    for _category, rows in SKILL_TABLE:
        for name, _base in rows:
            if name.endswith("（）"):
                stem = name[:-2]
                names.extend(k for k in character.skills if k.startswith(stem + "（"))
            else:
                names.append(name)
    names += [*character.skills, *(k for k, v in BASE_SKILLS.items() if v > 0)]
    return [n for n in dict.fromkeys(names) if n not in ROLLS]


def palette(character: Character) -> list[str]:
    """The chat palette: the SAN roll, アイデア / 幸運 / 知識, every skill of
    :func:`skill_names` at the character's value, the attack roll of each weapon whose
    skill is none of them (a 弓 given its own value: ``CCB<=75 【弓】``), each weapon's
    damage (with the db it adds) and the characteristic ×5 rolls — ``CCB<=75 【目星】``
    lines. In a battle, a clicked line is the declaration (issue 21: 【キック】 the attack,
    【応急手当】 the treatment, 【回避】 the answer)."""
    lines = ["CCB<={SAN} 【正気度ロール】"]
    lines += [f"CCB<={character.skill(name)} 【{name}】" for name in ROLLS]
    listed = skill_names(character)
    lines += [f"CCB<={character.skill(name)} 【{name}】" for name in listed]
    lines += [f"CCB<={character.weapon_skill(w)} 【{w.name}】" for w in character.weapons
              if w.name not in listed and w.skill not in listed]
    db = character.damage_bonus
    for weapon in character.all_weapons:
        if weapon.damage in ("", "0"):
            continue
        bonus = db if db and weapon.add_db == "full" else ""
        lines.append(f"{weapon.damage}{bonus} 【ダメージ判定（{weapon.name}）】")
    lines += [f"CCB<={{{key}}}*5 【{key} × 5】" for key in CHARACTERISTICS]
    return lines


def ccfolia_piece(character: Character) -> dict:
    """The ココフォリア piece of ``character``: name, initiative (DEX), HP/MP/SAN status,
    the eight characteristics and DB as parameters, and :func:`palette` as its commands. The
    status bars are the sheet's current values over their maximum (HP 6/13, SAN 54/99). A
    charge-rank sheet: its stamina bar and its numbers as parameters, no palette."""
    if character.is_charge_rank:
        return {"kind": "character",
                "data": {"name": character.name, "initiative": character.numbers.get("リフレクス", 0),
                         "status": [{"label": "スタミナ", "value": character.stamina, "max": character.stamina_max}],
                         "params": [{"label": k, "value": str(v)} for k, v in character.numbers.items()
                                    if k != "スタミナ"], "commands": ""}}
    status = [{"label": "HP", "value": character.hp, "max": character.hp_max},
              {"label": "MP", "value": character.mp, "max": character.mp_max},
              {"label": "SAN", "value": character.san, "max": character.san_max}]
    params = [{"label": key, "value": str(character.stat(key))} for key in CHARACTERISTICS]
    params.append({"label": "DB", "value": character.damage_bonus or "0"})
    return {"kind": "character",
            "data": {"name": character.name, "initiative": character.stat("DEX"), "status": status,
                     "params": params, "commands": "\n".join(palette(character))}}


def ccfolia_json(character: Character) -> str:
    """:func:`ccfolia_piece` as compact UTF-8 JSON text (what goes on the clipboard)."""
    return json.dumps(ccfolia_piece(character), ensure_ascii=False, separators=(",", ":"))
