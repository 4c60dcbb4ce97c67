"""Importing character sheets: ココフォリア clipboard JSON (``kind: character``) and
キャラクター保管所 CoC 6 JSON (every value a string, as the site sends it)."""
from __future__ import annotations

import json
import re
from dataclasses import replace
import unicodedata

from bot.sheets.importers7 import looks_7th, parse_investigator
from rules.coc6.character import CHARACTERISTICS, Character, canonical_skill
from rules.coc6.weapons import make_weapon
from rules.coc7.character import Investigator
from rules.errors import InvalidInput

MAX_JSON = 200_000
"""Largest JSON text accepted (characters)."""

# キャラクター保管所: the fixed skill rows of each table, in the site's order.
HOKANJO_TABLES = {
    "TBA": ("回避", "キック", "組み付き", "こぶし", "頭突き", "投擲", "マーシャルアーツ", "拳銃",
            "サブマシンガン", "ショットガン", "マシンガン", "ライフル"),
    "TFA": ("応急手当", "鍵開け", "隠す", "隠れる", "聞き耳", "忍び歩き", "写真術", "精神分析", "追跡",
            "登攀", "図書館", "目星"),
    "TAA": ("運転", "機械修理", "重機械操作", "乗馬", "水泳", "製作", "操縦", "跳躍", "電気修理",
            "ナビゲート", "変装"),
    "TCA": ("言いくるめ", "信用", "説得", "値切り", "母国語"),
    "TKA": ("医学", "オカルト", "化学", "クトゥルフ神話", "芸術", "経理", "考古学", "コンピューター",
            "心理学", "人類学", "生物学", "地質学", "電子工学", "天文学", "博物学", "物理学", "法律",
            "薬学", "歴史"),
}
_CCB_LINE = re.compile(r"^\s*(?:S?CCB?|1d100)\s*<=\s*(\d+)\s*【(.+?)】", re.I)
_DAMAGE_LINE = re.compile(r"^\s*([0-9dD+\-]+)\s*【(?:ダメージ判定?[（(](?P<a>.+?)[）)]|(?P<b>.+?)ダメージ)】")
_PAREN = re.compile(r"[（(].*?[）)]")


def _int(value, default: int | None = None) -> int | None:
    text = unicodedata.normalize("NFKC", str(value if value is not None else "")).strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return default


_FENCE = re.compile(r"\A```[A-Za-z]*\s*\n?(?P<body>.*?)\n?```\Z", re.S)


def clipboard_text(text: str) -> str:
    """The JSON inside pasted text: surrounding blanks, a byte-order mark and a Markdown
    code fence (```json … ```, as Discord users often paste) removed."""
    text = text.strip().lstrip("\ufeff").strip()
    match = _FENCE.match(text)
    return match["body"].strip() if match else text


def parse_sheet(text: str) -> tuple[Character | Investigator, bool]:
    """Read a pasted sheet: the ココフォリア clipboard text (いあきゃら, キャラクター保管所's
    ココフォリア output; a 7th-edition piece gives an ``Investigator``, see
    bot.sheets.importers7) or キャラクター保管所 JSON; returns ``(character, hidden)`` where
    ``hidden`` says the sheet asked to hide its numbers (ココフォリア ``secret``/``hideStatus``).

    Raises InvalidInput (Japanese) for text that is not JSON, an unknown format, or a sheet
    without the characteristics a fight needs (DEX, and CON + SIZ or an HP value).
    """
    text = clipboard_text(text)
    if len(text) > MAX_JSON:
        raise InvalidInput("JSONが大きすぎます（20万文字まで）。")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"JSONとして読めませんでした（{exc.lineno}行目 {exc.colno}文字目）。") from None
    if isinstance(raw, dict) and raw.get("kind") == "character" and isinstance(raw.get("data"), dict):
        if looks_7th(raw["data"]):  # a 7th-edition piece (いあきゃら 7th, our 7th export)
            return parse_investigator(raw["data"])
        return _ccfolia(raw["data"])
    if isinstance(raw, dict) and ("NP1" in raw or "NA1" in raw):
        return _hokanjo(raw), False
    raise InvalidInput("ココフォリアのコマ（kind: character）かキャラクター保管所のJSONを貼り付けてください。")


def _finish(name: str, stats: dict[str, int], skills: dict[str, int], hp: int | None,
            db: str | None, weapons: list) -> Character:
    if not name:
        raise InvalidInput("キャラクター名がありません。")
    missing = [k for k in ("DEX",) if k not in stats] + ([] if hp or {"CON", "SIZ"} <= stats.keys() else ["CON/SIZ（またはHP）"])
    if missing:
        raise InvalidInput(f"{name}: 戦闘に必要な能力値がありません（{'、'.join(missing)}）。"
                           "/char new で作るか、JSONに能力値を入れてください。")
    full = {k: stats.get(k, 0) for k in CHARACTERISTICS}
    table = Character(name, full)
    db = _db(db)
    character = Character(name=name[:40], stats=full, skills=skills,
                          db_override=db if db is not None and db != table.damage_bonus else None,
                          hp_max_override=hp if hp and hp != table.hp_max else None)
    for weapon in weapons:
        character = character.with_weapon(weapon)
    return character


def _db(text: str | None) -> str | None:
    """A sheet's db as an expression (``+1D4``), ``""`` for none (0, なし, -), None when absent."""
    if text is None:
        return None
    folded = unicodedata.normalize("NFKC", text).upper().replace(" ", "")
    return "" if folded in ("", "0", "+0", "-", "なし", "NONE") else folded


def _ccfolia(data: dict) -> tuple[Character, bool]:
    name = re.sub(r"\s*[（(][^（()）]*[）)]\s*$", "", str(data.get("name") or "")).strip()
    stats, db = {}, None
    for param in data.get("params") or []:
        label = unicodedata.normalize("NFKC", str(param.get("label", ""))).strip().upper()
        if label in CHARACTERISTICS and _int(param.get("value")) is not None:
            stats[label] = _int(param.get("value"))
        elif label == "DB":
            db = str(param.get("value") or "").strip().upper() or None
    hp = next((_int(s.get("max"), _int(s.get("value"))) for s in data.get("status") or []
               if str(s.get("label", "")).upper() == "HP"), None)
    skills, damages = {}, {}
    for line in str(data.get("commands") or "").splitlines():
        match = _CCB_LINE.match(line)
        if match and "{" not in line:
            skills[canonical_skill(_PAREN.sub("", match.group(2)))] = int(match.group(1))
            continue
        match = _DAMAGE_LINE.match(line)
        if match:
            damages[(match["a"] or match["b"]).strip()] = match.group(1).upper()
    weapons = []
    for weapon_name, expr in damages.items():
        skill_key = canonical_skill(_PAREN.sub("", weapon_name))
        if skill_key in ("こぶし", "キック", "頭突き", "組み付き"):
            continue
        bonus = _db(db) or ""
        base = expr[:-len(bonus)] if bonus[:1] in ("+", "-") and expr.endswith(bonus) and expr != bonus else expr
        known = make_weapon(weapon_name)
        weapons.append(make_weapon(weapon_name, damage=base, skill_value=skills.get(skill_key))
                       if skill_key in skills else make_weapon(weapon_name, damage=base or known.damage))
    hidden = bool(data.get("secret") or data.get("hideStatus"))
    return _with_status(_finish(name, stats, skills, hp, db, weapons), data.get("status") or []), hidden


def _with_status(character: Character, status: list) -> Character:
    """``character`` with the current values of a ココフォリア piece's status bars: HP, MP and
    SAN ``value`` (kept where below the maximum), MP and SAN ``max`` where they differ from
    POW and 99 − 〈クトゥルフ神話〉."""
    bars = {unicodedata.normalize("NFKC", str(s.get("label", ""))).strip().upper(): s for s in status if isinstance(s, dict)}
    changes: dict = {}
    mp_max, san_max = _int((bars.get("MP") or {}).get("max")), _int((bars.get("SAN") or {}).get("max"))
    if mp_max is not None and mp_max != character.mp_max:
        changes["mp_max_override"] = mp_max
    if san_max is not None and san_max != character.san_max:
        changes["san_max_override"] = san_max
    character = replace(character, **changes)
    for label, field, maximum in (("HP", "hp_now", character.hp_max), ("MP", "mp_now", character.mp_max)):
        value = _int((bars.get(label) or {}).get("value"))
        if value is not None and value < maximum:
            changes[field] = value
    san = _int((bars.get("SAN") or {}).get("value"))
    if san is not None and san != character.san:
        changes["san_now"] = min(san, character.san_max)
    return replace(character, **changes)


def _hokanjo(raw: dict) -> Character:
    name = str(raw.get("pc_name") or raw.get("data_title") or "").strip()
    stats = {}
    for i, key in enumerate(CHARACTERISTICS, start=1):
        value = _int(raw.get(f"NP{i}"), _int(raw.get(f"NA{i}")))
        if value is not None:
            stats[key] = value
    skills: dict[str, int] = {}
    for table, names in HOKANJO_TABLES.items():
        totals = raw.get(f"{table}P") or []
        extra = list(raw.get(f"{table}Name") or [])
        for skill, total in zip(list(names) + extra, totals):
            value = _int(total)
            if value is not None and skill:
                skills[canonical_skill(skill)] = value
    hp = _int(raw.get("NP9"), _int(raw.get("NA9")))
    db = str(raw.get("dmg_bonus") or "").strip().upper() or None
    weapons = []
    names = raw.get("arms_name") or []
    for i, weapon_name in enumerate(names):
        weapon_name = str(weapon_name).strip()
        key = canonical_skill(_PAREN.sub("", weapon_name))
        if not weapon_name or key in ("こぶし", "キック", "頭突き", "組み付き"):
            continue
        damage = re.sub(r"\+?db$", "", str((raw.get("arms_damage") or [""] * len(names))[i]), flags=re.I).upper()
        weapons.append(make_weapon(weapon_name, damage=damage or None,
                                   skill_value=_int((raw.get("arms_hit") or [None] * len(names))[i]),
                                   hp=_int((raw.get("arms_vitality") or [None] * len(names))[i])))
    return _finish(name, stats, skills, hp, db, weapons)
