"""〈武道〉 styles and what they add to an attack (H-MA-01..03, H-MA-GRAP-01/02,
H-MA-STRIKE-01/02, H-MA-WPN-01..05, X-COMB-01, X-DBL-01).

A sheet names its 武道 by the art (``武道（柔道）``, ``武道(空手)``) or by the style
(``武道：組み技系``); :func:`style_of` maps both to one of four styles, and the KP may
re-map an art with the battle setting ``budo_styles`` (``柔道=立ち技系, 空手=組み技系``;
styles ``組み技系`` | ``立ち技系`` | ``指定武器`` | ``弓道``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules.coc6.character import BASE_SKILLS, Character
from rules.coc6.weapons import ParryClass, Weapon
from rules.systems.coc6.traits import parse_pairs

GRAPPLING, STRIKING, WEAPON, KYUDO = "組み技系", "立ち技系", "指定武器", "弓道"
STYLES = (GRAPPLING, STRIKING, WEAPON, KYUDO)

ARTS: dict[str, str] = {
    "柔道": GRAPPLING, "合気道": GRAPPLING, "柔術": GRAPPLING, "レスリング": GRAPPLING,
    "サンボ": GRAPPLING, "組み技": GRAPPLING, "組技系": GRAPPLING,
    "空手": STRIKING, "ボクシング": STRIKING, "ムエタイ": STRIKING, "テコンドー": STRIKING,
    "キックボクシング": STRIKING, "立ち技": STRIKING, "立技系": STRIKING,
    "剣道": WEAPON, "居合": WEAPON, "居合道": WEAPON, "槍術": WEAPON, "薙刀": WEAPON,
    "なぎなた": WEAPON, "杖術": WEAPON,
    "弓道": KYUDO, "弓術": KYUDO,
    GRAPPLING: GRAPPLING, STRIKING: STRIKING, WEAPON: WEAPON, KYUDO: KYUDO,
}
"""The common arts and the style each belongs to (issue 5's list, plus a few neighbours)."""

DESIGNATED: dict[str, tuple[ParryClass, ...]] = {
    "剣道": (ParryClass.SWORD,), "居合": (ParryClass.SWORD,), "居合道": (ParryClass.SWORD,),
    "槍術": (ParryClass.SPEAR,), "薙刀": (ParryClass.SPEAR,), "なぎなた": (ParryClass.SPEAR,),
    "杖術": (ParryClass.CLUB,),
}
"""The weapon classes a designated-weapon art handles (H-MA-WPN-01)."""

STYLE_WEAPONS: dict[str, frozenset[ParryClass]] = {
    GRAPPLING: frozenset({ParryClass.GRAPPLE, ParryClass.HEAD_BUTT}),
    STRIKING: frozenset({ParryClass.FIST, ParryClass.KICK, ParryClass.HEAD_BUTT}),
    KYUDO: frozenset({ParryClass.BOW}),
}
"""The attacks whose damage a style doubles (H-MA-GRAP-01, H-MA-STRIKE-01)."""

BUDO_BASE = BASE_SKILLS["武道"]
"""A 〈武道〉's base value 「初期値」 (1%), used where a clause says 「能力値」 (H-MA-SALTO-07)."""

MARTIAL_ARTS = "マーシャルアーツ"


def art_of(skill: str) -> str:
    """The art inside a 武道 skill name: ``武道（柔道）`` → ``柔道``; '' for plain ``武道``."""
    match = re.fullmatch(r"武道[（(]([^）)]*)[）)]", skill)
    if not match:
        return ""
    art = match.group(1)
    return art.split("：")[0].split(":")[0].strip()


def style_of(skill: str, settings: dict | None = None) -> str | None:
    """The style of the 武道 ``skill`` (canonical name), or None if unknown.

    The KP setting ``budo_styles`` wins; then :data:`ARTS`; a skill naming a weapon class
    (``武道（刀剣）``, ``武道（指定武器：槍）``) is a designated-weapon style.
    """
    art = art_of(skill)
    if not art:
        return None
    chosen = parse_pairs(str((settings or {}).get("budo_styles", ""))).get(art, [])
    if chosen and chosen[0] in STYLES:
        return chosen[0]
    if art in ARTS:
        return ARTS[art]
    try:
        ParryClass.parse(art)
        return WEAPON
    except KeyError:
        return None


def designated_classes(skill: str) -> tuple[ParryClass, ...]:
    """The weapon classes a designated-weapon 武道 covers (``武道（剣道）`` → 刀剣)."""
    inner = re.fullmatch(r"武道[（(]([^）)]*)[）)]", skill)
    parts = re.split(r"[：:]", inner.group(1)) if inner else []
    art = parts[0].strip() if parts else ""
    if art in DESIGNATED:
        return DESIGNATED[art]
    classes = []
    for part in parts:
        try:
            classes.append(ParryClass.parse(part.strip()))
        except KeyError:
            continue
    return tuple(classes)


@dataclass(frozen=True)
class Budo:
    """A 武道 (or 〈マーシャルアーツ〉) skill of a unit: ``skill`` its canonical name,
    ``value`` in %, ``style`` one of :data:`STYLES`."""

    skill: str
    value: int
    style: str


def budo_of(character: Character, settings: dict | None = None) -> list[Budo]:
    """Every 武道 on the sheet with a known style, and 〈マーシャルアーツ〉 above its base as a
    striking style (H-MA-STRIKE-01), best value first."""
    found = []
    for skill, value in character.budo_skills().items():
        style = style_of(skill, settings)
        if style is not None:
            found.append(Budo(skill, value, style))
    ma = character.skill(MARTIAL_ARTS)
    if ma > BASE_SKILLS[MARTIAL_ARTS]:
        found.append(Budo(MARTIAL_ARTS, ma, STRIKING))
    return sorted(found, key=lambda b: -b.value)


def best(character: Character, style: str, settings: dict | None = None) -> Budo | None:
    """The unit's best 武道 of ``style`` (〈マーシャルアーツ〉 counts as 立ち技系), or None."""
    return next((b for b in budo_of(character, settings) if b.style == style), None)


def has_budo(character: Character) -> bool:
    """H-MA-RUSH-06 default: any 武道 above its base value."""
    return any(v > BUDO_BASE for v in character.budo_skills().values())


def for_weapon(character: Character, weapon: Weapon, settings: dict | None = None) -> Budo | None:
    """The 武道 that combines with an attack by ``weapon`` (X-COMB-01), or None.

    組み技系: 〈組み付き〉〈頭突き〉; 立ち技系 / 〈マーシャルアーツ〉: 〈こぶし〉〈キック〉〈頭突き〉;
    指定武器: its designated weapon class; 弓道 never combines with the 〈弓〉 roll (its
    techniques roll it separately, H-KYU-PREC-06).
    """
    for budo in budo_of(character, settings):
        if budo.style in (GRAPPLING, STRIKING) and weapon.parry_class in STYLE_WEAPONS[budo.style] \
                and not weapon.natural:
            return budo
        if budo.style == WEAPON and weapon.parry_class in designated_classes(budo.skill):
            return budo
    return None


_TERM = re.compile(r"([+-]?)(\d*)D(\d+)|([+-]?)(\d+)", re.I)


def multiply_damage(expr: str, times: int = 2) -> str:
    """X-DBL-01: roll the dice ``times`` times and multiply the fixed part.

    ``"1D3"`` → ``"2D3"``, ``"1D4+2"`` → ``"2D4+4"``, ``"1D6", 4`` → ``"4D6"``. The db is
    added afterwards, once (damage_expression). Raises ValueError on an expression that is
    not a plain sum of dice and numbers.
    """
    compact = expr.replace(" ", "").upper()
    out, pos = [], 0
    for match in _TERM.finditer(compact):
        if match.start() != pos:
            raise ValueError(f"倍にできないダメージ式です: {expr}")
        pos = match.end()
        if match.group(3):
            sign, count, sides = match.group(1), int(match.group(2) or 1), match.group(3)
            out.append(f"{sign or ('+' if out else '')}{count * times}D{sides}")
        else:
            sign, number = match.group(4), int(match.group(5))
            out.append(f"{sign or ('+' if out else '')}{number * times}")
    if pos != len(compact) or not out:
        raise ValueError(f"倍にできないダメージ式です: {expr}")
    return "".join(out)
