"""The 7th-edition skill list with base values (新クトゥルフ神話TRPG ルールブック p.59–60,
the investigator sheet's order and names), and the skill-name spellings sheets use."""
from __future__ import annotations

import re
import unicodedata

#: ``(skill, base %)`` in the sheet's order; 回避 (DEX/2) and 母国語 (EDU) are computed.
SKILL_TABLE: tuple[tuple[str, int], ...] = (
    ("威圧", 15), ("言いくるめ", 5), ("医学", 1), ("運転（自動車）", 20), ("応急手当", 30),
    ("オカルト", 5), ("隠密", 20), ("回避", 0), ("鍵開け", 1), ("鑑定", 5), ("機械修理", 10),
    ("聞き耳", 20), ("近接戦闘（格闘）", 25), ("クトゥルフ神話", 0), ("経理", 5),
    ("芸術／製作", 5), ("考古学", 1), ("コンピューター", 5), ("科学", 1), ("サバイバル", 10),
    ("自然", 10), ("射撃（拳銃）", 20), ("射撃（ライフル／ショットガン）", 25), ("重機械操作", 1),
    ("乗馬", 5), ("信用", 0), ("心理学", 10), ("人類学", 1), ("水泳", 20), ("精神分析", 1),
    ("説得", 10), ("操縦", 1), ("跳躍", 20), ("追跡", 10), ("手さばき", 10), ("電気修理", 10),
    ("電子工学", 1), ("投擲", 20), ("登攀", 20), ("図書館", 20), ("ナビゲート", 10),
    ("変装", 5), ("法律", 5), ("ほかの言語", 1), ("母国語", 0), ("魅惑", 15), ("目星", 25),
    ("歴史", 5),
)
#: Specialities whose base differs from the general row (近接戦闘, 射撃).
SPECIALTY_BASES: dict[str, int] = {
    "近接戦闘（斧）": 15, "近接戦闘（剣）": 20, "近接戦闘（鎖）": 10, "近接戦闘（絞殺ひも）": 15,
    "近接戦闘（槍）": 20, "近接戦闘（フレイル）": 10, "近接戦闘（鞭）": 5,
    "射撃（サブマシンガン）": 15, "射撃（マシンガン）": 10, "射撃（弓）": 15, "射撃（重火器）": 10,
    "射撃（火炎放射器）": 10,
}
BASES: dict[str, int] = {**dict(SKILL_TABLE), **SPECIALTY_BASES}

#: Characteristic rolls named as skills: アイデア is INT, 知識 is EDU (幸運 is Luck).
CHARACTERISTIC_SKILLS = {"アイデア": "INT", "アイディア": "INT", "知識": "EDU"}
LUCK_NAMES = ("幸運", "LUCK", "ラック")
SAN_NAMES = ("SAN", "正気度", "正気度ロール", "SANチェック", "SAN値")

_ALIASES = {
    "こぶし": "近接戦闘（格闘）", "格闘": "近接戦闘（格闘）", "拳銃": "射撃（拳銃）",
    "ライフル": "射撃（ライフル／ショットガン）", "ショットガン": "射撃（ライフル／ショットガン）",
    "ライフル/ショットガン": "射撃（ライフル／ショットガン）", "運転": "運転（自動車）",
    "芸術/製作": "芸術／製作", "図書館利用": "図書館", "クトゥルフ神話技能": "クトゥルフ神話",
    "コンピュータ": "コンピューター", "他の言語": "ほかの言語",
}
_SPACES = re.compile(r"\s+")


def canonical(name: str) -> str:
    """The internal name of a 7th skill: NFKC-folded brackets back to the sheet's full-width
    ``（）`` and ``／`` (``射撃(拳銃)`` → ``射撃（拳銃）``), aliases (``こぶし`` → ``近接戦闘（格闘）``)."""
    text = _SPACES.sub("", unicodedata.normalize("NFKC", name))
    text = _ALIASES.get(text, text)
    text = text.replace("(", "（").replace(")", "）").replace("/", "／")
    return _ALIASES.get(text, text)


def base_value(name: str) -> int | None:
    """The base % of skill ``name`` (canonical), or None when it is not on the sheet's list;
    an unlisted speciality of 近接戦闘/射撃/芸術／製作/科学/ほかの言語/操縦 takes that row's."""
    if name in BASES:
        return BASES[name]
    stem = name.split("（", 1)[0]
    if stem != name:
        for general in ("芸術／製作", "科学", "ほかの言語", "操縦", "運転", "サバイバル"):
            if general.startswith(stem):
                return BASES.get(general, BASES.get(f"{general}（自動車）"))
        if stem == "近接戦闘":
            return 0
        if stem == "射撃":
            return 0
    return None
