"""Sheets that cannot be (issue 29; our clauses X-SHEET-01/02, the published CoC 6th rules
that H-GEN-02 falls back to; docs/table.md): what a 6th-edition sheet refuses.

- X-SHEET-01: a 6th skill is 0–99 %. A value above 99 is refused, on ``/char set``,
  ``/char weapon skill:`` and ``/char import`` alike, unless the KP of the channel allows
  it with the setting 技能99超え (``skill_over_99``: a Mythos creature's 〈組み付き〉 110%).
- X-SHEET-02: 幸運, アイデア and 知識 are not skills but characteristic rolls (POW×5, INT×5,
  EDU×5): ``/char set`` refuses them as skills, naming the characteristic to change; an
  import leaves the palette's 【幸運】【アイデア】【知識】 lines out of the skills, and says so
  when their number was not the characteristic's.
"""
from __future__ import annotations

from dataclasses import replace

from rules.coc6.character import Character, canonical_skill
from rules.errors import InvalidInput

SETTING = "skill_over_99"
"""The KP setting (bool, off by default) that lets a 6th sheet hold a skill above 99 %."""
SETTING_NAME = "技能99超え"
SKILL_MAX = 99
"""The highest 6th skill value (%) without the KP's setting (X-SHEET-01)."""
ROLLS = {"幸運": "POW", "アイデア": "INT", "知識": "EDU"}
"""The characteristic rolls a sheet may try to give as skills, and their characteristic (×5)."""


def roll_refusal(character: Character, key: str) -> str | None:
    """Why ``key`` cannot be set as a skill of ``character`` (X-SHEET-02), or None."""
    name = canonical_skill(key)
    stat = ROLLS.get(name)
    if stat is None:
        return None
    return (f"{name}は技能ではありません（X-SHEET-02）。6版の{name}は{stat}×5で決まります"
            f"（{character.name}は{stat} {character.stat(stat)}×5＝{character.stat(stat) * 5}）。"
            f"変えるなら /char set name:{character.name} key:{stat} value:… で{stat}を設定してください。")


def over_refusal(names_values: list[tuple[str, int]]) -> str:
    """The refusal of skills above 99 % (X-SHEET-01): ``[(name, %)]``."""
    listed = "、".join(f"〈{n}〉{v}%" for n, v in names_values)
    return (f"{listed}：6版の技能は{SKILL_MAX}%までです（X-SHEET-01）。KPが /kp setting key:{SETTING_NAME} value:オン に"
            "すると、99%を超える技能も設定できます（神話生物のNPCなど）。")


def check_skill(character: Character, key: str, value: int, allow_over: bool) -> None:
    """Raise InvalidInput when ``key`` at ``value`` % is no skill of a 6th sheet (X-SHEET-02)
    or above 99 % without the KP's leave (X-SHEET-01)."""
    refusal = roll_refusal(character, key)
    if refusal:
        raise InvalidInput(refusal)
    if value > SKILL_MAX and not allow_over:
        raise InvalidInput(over_refusal([(canonical_skill(key), value)]))


def imported(character: Character, allow_over: bool) -> tuple[Character, str]:
    """``character`` as an import keeps it: 幸運, アイデア, 知識 out of its skills, with a note
    for any whose number was not its characteristic's ×5 (X-SHEET-02). Raises InvalidInput
    naming every skill (and weapon skill) above 99 % without the KP's leave (X-SHEET-01)."""
    dropped = {k: v for k, v in character.skills.items() if k in ROLLS}
    kept = replace(character, skills={k: v for k, v in character.skills.items() if k not in ROLLS})
    high = [(k, v) for k, v in kept.skills.items() if v > SKILL_MAX]
    high += [(w.name, w.skill_value) for w in kept.weapons if w.skill_value is not None and w.skill_value > SKILL_MAX]
    if high and not allow_over:
        raise InvalidInput(over_refusal(high) + "取り込みはしていません。")
    odd = [f"【{k}】{v}（{ROLLS[k]}×5＝{kept.stat(ROLLS[k]) * 5}）" for k, v in dropped.items()
           if v != kept.stat(ROLLS[k]) * 5]
    note = (f"\n（{'、'.join(odd)}は技能ではなく能力値から決まるので、取り込みませんでした。X-SHEET-02）" if odd else "")
    return kept, note
