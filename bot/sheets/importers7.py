"""Reading a 7th-edition investigator from a ココフォリア piece (いあきゃら's 7th output, or
ours from ``/char export``): status HP/MP/SAN/幸運, characteristic parameters, and the chat
palette's ``CC<=75 【目星】`` / ``CC<={目星} 【目星】`` lines (``{…}`` read from the piece: the
skill is the one in braces, whatever the line calls itself, ``CC(1)<={目星} 【目星（ボーナス1）】``)."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from rules.coc7.character import CHARACTERISTICS, Investigator
from rules.coc7.skills import CHARACTERISTIC_SKILLS, LUCK_NAMES, SAN_NAMES, canonical
from rules.errors import InvalidInput

_CC7 = re.compile(r"^\s*S?CC(?!B)[-+(\d)]*\s*<=\s*(?:\{(?P<ref>[^{}]+)\}|(?P<num>\d+))\s*[RHECrhec]?\s*【(?P<name>[^】]+)】")
_CCB = re.compile(r"^\s*S?CCB", re.I)
_VARIANT = re.compile(r"\s*[（(](?:ボーナス|ペナルティ|ハード|イクストリーム|エクストリーム|レギュラー|難易度)[^（()）]*[）)]$")
"""A palette line's way of rolling after its skill's name (``【目星（ボーナス1）】``): not part of the skill."""
_ROLLS = {"アイデア", "アイディア", "知識", "幸運", "正気度ロール", "SANチェック", "正気度"}


def _fold(label) -> str:
    return unicodedata.normalize("NFKC", str(label or "")).strip()


def _int(value) -> int | None:
    text = _fold(value)
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def looks_7th(data: dict) -> bool:
    """Whether a ココフォリア piece is a 7th-edition sheet: its palette rolls ``CC<=`` and no
    ``CCB``, or it carries ビルド/MOV, or (no palette) its characteristics are percentages."""
    lines = str(data.get("commands") or "").splitlines()
    if any(_CCB.match(line) for line in lines):
        return False
    if any(_CC7.match(line) for line in lines):
        return True
    labels = {_fold(p.get("label")).upper() for p in data.get("params") or [] if isinstance(p, dict)}
    if labels & {"ビルド", "MOV"}:
        return True
    values = [_int(p.get("value")) for p in data.get("params") or []
              if isinstance(p, dict) and _fold(p.get("label")).upper() in CHARACTERISTICS]
    return bool(values) and max(v or 0 for v in values) > 30


def parse_investigator(data: dict) -> tuple[Investigator, bool]:
    """``(investigator, hidden)`` of a 7th ココフォリア piece; raises InvalidInput (Japanese)
    when it lacks a name or the characteristics (DEX, CON, SIZ)."""
    name = re.sub(r"\s*[（(][^（()）]*[）)]\s*$", "", str(data.get("name") or "")).strip()[:40]
    values: dict[str, int] = {}
    for entry in [*(data.get("params") or []), *(data.get("status") or [])]:
        if isinstance(entry, dict) and _int(entry.get("value")) is not None:
            values.setdefault(_fold(entry.get("label")), _int(entry.get("value")))
    stats = {k: values[k] for k in CHARACTERISTICS if k in values}
    if not name:
        raise InvalidInput("キャラクター名がありません。")
    missing = [k for k in ("DEX", "CON", "SIZ") if k not in stats]
    if missing:
        raise InvalidInput(f"{name}: 7版の能力値がありません（{'、'.join(missing)}）。")
    maxima = {_fold(s.get("label")).upper(): _int(s.get("max")) for s in data.get("status") or []
              if isinstance(s, dict)}
    luck = next((values[k] for k in ("幸運", "LUCK", "Luck", "ラック") if k in values), None)
    base = Investigator(name, {k: stats.get(k, 0) for k in CHARACTERISTICS},
                        luck=luck if luck is not None else 50, age=values.get("年齢"))
    skills: dict[str, int] = {}
    for line in str(data.get("commands") or "").splitlines():
        m = _CC7.match(unicodedata.normalize("NFKC", line))
        if m is None:
            continue
        ref = _fold(m["ref"]) if m["ref"] else None  # CC(1)<={目星} 【目星（ボーナス1）】: the skill is 目星
        label = ref or _VARIANT.sub("", _fold(m["name"])).strip()
        value = values.get(ref) if ref else int(m["num"])
        key = canonical(label)
        if value is None or label in _ROLLS or key.upper() in CHARACTERISTICS \
                or key in CHARACTERISTIC_SKILLS or key in LUCK_NAMES or key in SAN_NAMES:
            continue
        if value != base.skill(key):
            skills[key] = value
    hp, mp = maxima.get("HP"), maxima.get("MP")
    inv = Investigator(name, base.stats, skills, base.luck, base.age)
    san = values.get("SAN")
    inv = Investigator(
        name, base.stats, skills, base.luck, base.age,
        hp_max_override=hp if hp is not None and hp != inv.hp_max else None,
        mp_max_override=mp if mp is not None and mp != inv.mp_max else None,
        san_now=san if san is not None and san != inv.san else None)
    hp_now, mp_now = values.get("HP"), values.get("MP")  # the status values: current HP and MP
    return replace(inv, hp_now=hp_now if hp_now is not None and hp_now < inv.hp_max else None,
                   mp_now=mp_now if mp_now is not None and mp_now < inv.mp_max else None), \
        bool(data.get("secret") or data.get("hideStatus"))
