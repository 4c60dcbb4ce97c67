"""What the KP says about a creature's body, read from the battle settings: the setting
``traits`` lists ``名前=特徴/特徴, 名前=特徴`` with 不定形 (amorphous: no called shots,
H-CALL-02; +15% to 精密射撃, H-KYU-PREC-05), 浮遊 (floating: no knee shot, H-KYU-PREC-11)
and 投げられない (not a biped or small quadruped, H-MA-SALTO-02), and 高所<m> (standing <m>
metres up: a thrown unit falls, H-MA-SALTO-10). Humans on the ground have none."""
from __future__ import annotations

import re
import unicodedata

AMORPHOUS, FLOATING, UNTHROWABLE, HIGH = "不定形", "浮遊", "投げられない", "高所"


def parse_pairs(text: str) -> dict[str, list[str]]:
    """``"ショゴス=不定形/浮遊, 犬=投げられない"`` → ``{"ショゴス": ["不定形", "浮遊"], …}``."""
    pairs: dict[str, list[str]] = {}
    for item in re.split(r"[,、;；]", unicodedata.normalize("NFKC", text or "")):
        name, sep, values = item.partition("=")
        if sep and name.strip():
            pairs[name.strip()] = [v.strip() for v in re.split(r"[/・ ]", values) if v.strip()]
    return pairs


def traits_of(settings: dict, unit: str) -> list[str]:
    """The KP-set traits of ``unit`` (``[]`` for an ordinary human)."""
    return parse_pairs(str(settings.get("traits", ""))).get(unit, [])


def has(settings: dict, unit: str, trait: str) -> bool:
    """Whether the KP marked ``unit`` with ``trait``."""
    return trait in traits_of(settings, unit)


def height(settings: dict, unit: str) -> int:
    """The metres ``unit`` stands above the ground (trait ``高所6`` → 6), 0 when not set."""
    for trait in traits_of(settings, unit):
        match = re.fullmatch(rf"{HIGH}(\d+)(?:m|ｍ|メートル)?", trait)
        if match:
            return int(match.group(1))
    return 0
