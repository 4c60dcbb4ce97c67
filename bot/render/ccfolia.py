"""A character as ココフォリア clipboard JSON (``{"kind": "character", "data": …}``): the text
that pasted onto a ココフォリア board makes a piece, with a chat palette of the sheet's CCB
lines. :func:`bot.importers.parse_sheet` reads it back to the same sheet."""
from __future__ import annotations

import json

from rules.coc6.character import BASE_SKILLS, CHARACTERISTICS, Character

DERIVED = (("アイデア", "INT"), ("幸運", "POW"), ("知識", "EDU"))
"""The ×5 rolls a palette lists first, with the characteristic each is worked out from."""


def palette(character: Character) -> list[str]:
    """The chat palette: the SAN roll, アイデア / 幸運 / 知識, 回避, every skill on the sheet,
    every other skill with a base value above 0 (at that base), each weapon's damage (with the
    db it adds) and the characteristic ×5 rolls — ``CCB<=75 【目星】`` lines."""
    lines = ["CCB<={SAN} 【正気度ロール】"]
    for name, key in DERIVED:
        lines.append(f"CCB<={character.skills.get(name, character.stat(key) * 5)} 【{name}】")
    listed = {name for name, _key in DERIVED}
    names = ["回避", *character.skills, *(k for k, v in BASE_SKILLS.items() if v > 0)]
    for name in dict.fromkeys(names):
        if name not in listed:
            lines.append(f"CCB<={character.skill(name)} 【{name}】")
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
    the eight characteristics and DB as parameters, and :func:`palette` as its commands."""
    status = [{"label": "HP", "value": character.hp_max, "max": character.hp_max},
              {"label": "MP", "value": character.mp_max, "max": character.mp_max},
              {"label": "SAN", "value": character.san, "max": 99}]
    params = [{"label": key, "value": str(character.stat(key))} for key in CHARACTERISTICS]
    params.append({"label": "DB", "value": character.damage_bonus or "0"})
    return {"kind": "character",
            "data": {"name": character.name, "initiative": character.stat("DEX"), "status": status,
                     "params": params, "commands": "\n".join(palette(character))}}


def ccfolia_json(character: Character) -> str:
    """:func:`ccfolia_piece` as compact UTF-8 JSON text (what goes on the clipboard)."""
    return json.dumps(ccfolia_piece(character), ensure_ascii=False, separators=(",", ":"))
