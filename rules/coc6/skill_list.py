"""The skills of the CoC 6th edition Japanese rulebook (クトゥルフ神話TRPG, 探索者の技能表) with
their base values (X-SKILL-01), by category, and the derived rolls アイデア (INT×5), 幸運
(POW×5) and 知識 (EDU×5).

A ``None`` base is computed from a characteristic: 回避 DEX×2, 母国語 EDU×5. A name with
``（）`` is a skill with a specialty (運転（自動車）, 芸術（絵画）…): every specialty starts at
the same base.
"""
from __future__ import annotations

SKILL_TABLE: tuple[tuple[str, tuple[tuple[str, int | None], ...]], ...] = (
    ("戦闘技能", (
        ("回避", None), ("キック", 25), ("組み付き", 25), ("こぶし", 50), ("頭突き", 10),
        ("投擲", 25), ("マーシャルアーツ", 1), ("拳銃", 20), ("サブマシンガン", 15),
        ("ショットガン", 30), ("マシンガン", 15), ("ライフル", 25),
    )),
    ("探索技能", (
        ("応急手当", 30), ("鍵開け", 1), ("隠す", 15), ("隠れる", 10), ("聞き耳", 25),
        ("忍び歩き", 10), ("写真術", 10), ("精神分析", 1), ("追跡", 10), ("登攀", 40),
        ("図書館", 25), ("目星", 25),
    )),
    ("行動技能", (
        ("運転（）", 20), ("機械修理", 20), ("重機械操作", 1), ("乗馬", 5), ("水泳", 25),
        ("製作（）", 5), ("操縦（）", 1), ("跳躍", 25), ("電気修理", 10), ("ナビゲート", 10),
        ("変装", 1),
    )),
    ("交渉技能", (
        ("言いくるめ", 5), ("信用", 15), ("説得", 15), ("値切り", 5), ("母国語", None),
        ("ほかの言語（）", 1),
    )),
    ("知識技能", (
        ("医学", 5), ("オカルト", 5), ("化学", 1), ("クトゥルフ神話", 0), ("芸術（）", 5),
        ("経理", 10), ("考古学", 1), ("コンピューター", 1), ("心理学", 5), ("人類学", 1),
        ("生物学", 1), ("地質学", 1), ("電子工学", 1), ("天文学", 1), ("博物学", 10),
        ("物理学", 1), ("法律", 5), ("薬学", 1), ("歴史", 20),
    )),
)
"""Every skill of the rulebook's sheet, ``(category, ((name, base %), …))``, in sheet order."""

SPECIALTIES: dict[str, int] = {name[:-2]: base for _c, rows in SKILL_TABLE for name, base in rows
                               if name.endswith("（）") and base is not None}
"""Skills taken with a specialty, by stem: ``運転`` 20, ``製作`` 5, ``操縦`` 1, ``芸術`` 5,
``ほかの言語`` 1."""

RULEBOOK_BASES: dict[str, int] = {name: base for _c, rows in SKILL_TABLE for name, base in rows
                                  if base is not None and not name.endswith("（）")}
"""The fixed base values of the rulebook's skills (%)."""

DERIVED: dict[str, tuple[str, int]] = {
    "回避": ("DEX", 2), "母国語": ("EDU", 5), "アイデア": ("INT", 5), "幸運": ("POW", 5), "知識": ("EDU", 5),
}
"""Rolls computed from a characteristic: ``name → (characteristic, multiplier)``."""

ROLLS = ("アイデア", "幸運", "知識")
"""The characteristic rolls every sheet lists beside its skills (INT×5, POW×5, EDU×5)."""


def specialty_base(name: str) -> int | None:
    """The base of a specialty skill ``運転（自動車）`` / ``運転`` (its stem's), or None."""
    stem = name.split("（", 1)[0].split("(", 1)[0].strip()
    return SPECIALTIES.get(stem)
