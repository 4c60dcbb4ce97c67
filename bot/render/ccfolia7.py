"""A 7th-edition investigator as ココフォリア clipboard JSON, the way いあきゃら writes a 7th
piece: HP/MP/SAN/幸運 as status, the characteristics, DB, ビルド, MOV and every skill as
parameters, and a chat palette of ``CC<={目星} 【目星】`` lines (bonus dice and difficulty
are typed at the table: ``CC1<={目星}``, ``CC<={目星}h``).
:func:`bot.sheets.importers7.parse_investigator` reads it back to the same sheet."""
from __future__ import annotations

import json

from rules.coc7.character import CHARACTERISTICS, Investigator

ROLLS = ("アイデア", "幸運", "知識")


def palette7(inv: Investigator) -> list[str]:
    """The chat palette: the SAN roll, アイデア/幸運/知識, every skill, the db roll and the
    characteristic rolls, each referring to the piece's value (``CC<={目星} 【目星】``)."""
    lines = ["CC<={SAN} 【正気度ロール】"]
    lines += [f"CC<={{{name}}} 【{name}】" for name in ROLLS]
    lines += [f"CC<={{{name}}} 【{name}】" for name, _ in inv.skill_rows()]
    if inv.damage_bonus:
        lines.append(f"1D3{inv.damage_bonus} 【ダメージ判定（近接戦闘（格闘））】")
    lines += [f"CC<={{{key}}} 【{key}】" for key in CHARACTERISTICS]
    return lines


def ccfolia_piece7(inv: Investigator) -> dict:
    """The ココフォリア piece of ``inv`` (``{"kind": "character", "data": …}``)."""
    status = [{"label": "HP", "value": inv.hp, "max": inv.hp_max},
              {"label": "MP", "value": inv.mp, "max": inv.mp_max},
              {"label": "SAN", "value": inv.san, "max": inv.san_max},
              {"label": "幸運", "value": inv.luck, "max": 99}]
    params = [{"label": key, "value": str(inv.stat(key))} for key in CHARACTERISTICS]
    params += [{"label": "DB", "value": inv.damage_bonus or "0"},
               {"label": "ビルド", "value": str(inv.build)}, {"label": "MOV", "value": str(inv.move)}]
    if inv.age is not None:
        params.append({"label": "年齢", "value": str(inv.age)})
    params += [{"label": name, "value": str(inv.skill(name))} for name in ("アイデア", "知識")]
    params += [{"label": name, "value": str(value)} for name, value in inv.skill_rows()]
    return {"kind": "character",
            "data": {"name": inv.name, "initiative": inv.stat("DEX"), "status": status,
                     "params": params, "commands": "\n".join(palette7(inv))}}


def ccfolia_json7(inv: Investigator) -> str:
    """:func:`ccfolia_piece7` as compact UTF-8 JSON text."""
    return json.dumps(ccfolia_piece7(inv), ensure_ascii=False, separators=(",", ":"))
