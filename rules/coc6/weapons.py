"""Weapons of CoC 6: parry classes (P-CLASS, H-DEF-PARRY-04..12), the built-in weapon table
(X-WPN-01) and the unarmed attacks every character has (COMMANDS.md)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from enum import Enum


class ParryClass(Enum):
    """The class of a weapon for parrying and damage processing, by its Japanese name."""

    FIST = "こぶし"
    KICK = "キック"
    GRAPPLE = "組み付き"
    HEAD_BUTT = "頭突き"
    SWORD = "刀剣"
    MACE = "メイス"
    CLUB = "棍棒"
    KNIFE = "ナイフ"
    SPEAR = "槍"
    SHIELD = "盾"
    BOW = "弓"
    SLING = "スリング"
    THROWN = "投擲"
    HANDGUN = "拳銃"
    SMG = "サブマシンガン"
    ASSAULT_RIFLE = "アサルトライフル"
    RIFLE = "ライフル"
    SHOTGUN = "ショットガン"
    MACHINE_GUN = "マシンガン"

    @property
    def is_firearm(self) -> bool:
        """A gun (拳銃, サブマシンガン, アサルトライフル, ライフル, ショットガン, マシンガン)."""
        return self in FIREARMS

    @property
    def is_unarmed(self) -> bool:
        """格闘系 (H-DEF-BLOCK-01): fist, kick, head butt, grapple."""
        return self in UNARMED

    @property
    def is_ranged(self) -> bool:
        """A missile weapon: a firearm, bow, sling or thrown weapon."""
        return self in FIREARMS or self in (ParryClass.BOW, ParryClass.SLING, ParryClass.THROWN)

    @classmethod
    def parse(cls, text: str) -> "ParryClass":
        """The class named ``text`` (Japanese, or an alias such as パンチ, 剣, 銃); raises KeyError."""
        key = text.strip()
        for member in cls:
            if member.value == key:
                return member
        return _ALIASES[key]


FIREARMS = frozenset({ParryClass.HANDGUN, ParryClass.SMG, ParryClass.ASSAULT_RIFLE,
                      ParryClass.RIFLE, ParryClass.SHOTGUN, ParryClass.MACHINE_GUN})
UNARMED = frozenset({ParryClass.FIST, ParryClass.KICK, ParryClass.HEAD_BUTT, ParryClass.GRAPPLE})

_ALIASES = {
    "パンチ": ParryClass.FIST, "素手": ParryClass.FIST, "蹴り": ParryClass.KICK,
    "剣": ParryClass.SWORD, "刀": ParryClass.SWORD, "棒": ParryClass.CLUB,
    "短剣": ParryClass.KNIFE, "銃": ParryClass.HANDGUN, "ハンドガン": ParryClass.HANDGUN,
    "SMG": ParryClass.SMG, "散弾銃": ParryClass.SHOTGUN, "小銃": ParryClass.RIFLE,
}


@dataclass(frozen=True)
class Weapon:
    """A weapon as a character carries it.

    Attributes:
        name: the weapon's name (unique per character), e.g. ``"バット"``.
        skill: the skill it is rolled with; a skill name (``"こぶし"``) looked up on the
            character, or the weapon's own name when ``skill_value`` is given.
        skill_value: the weapon's own skill % (``/char weapon … skill:60``), or None.
        damage: the damage dice expression without db, e.g. ``"1D8"`` or ``"1D6+2"``.
        hp: the weapon's hit points (耐久力), or None where it has none (fists).
        parry_class: its class for parrying and damage processing.
        add_db: how much db it adds: ``"full"`` (melee), ``"half"`` (thrown), ``"none"``
            (firearms, bows: X-DB-01, H-KYU-01).
        rof: fire modes of a firearm (``("単発",)`` or ``("単発", "セミオート", "フルオート")``).
        range_m: range in metres (1 square = 1 m), or None for melee reach.
        natural: a creature's natural attack (counts as a melee weapon, H-DEF-PARRY-13).
    """

    name: str
    skill: str
    damage: str
    parry_class: ParryClass = ParryClass.CLUB
    skill_value: int | None = None
    hp: int | None = None
    add_db: str = "full"
    rof: tuple[str, ...] = ()
    range_m: int | None = None
    natural: bool = False

    @property
    def is_firearm(self) -> bool:
        """Whether the weapon's class is a firearm."""
        return self.parry_class.is_firearm

    def to_dict(self) -> dict:
        """A JSON-friendly dict (the inverse of :meth:`from_dict`)."""
        return {"name": self.name, "skill": self.skill, "damage": self.damage,
                "class": self.parry_class.value, "skill_value": self.skill_value, "hp": self.hp,
                "add_db": self.add_db, "rof": list(self.rof), "range_m": self.range_m,
                "natural": self.natural}

    @classmethod
    def from_dict(cls, data: dict) -> "Weapon":
        """The weapon of :meth:`to_dict`'s dict."""
        return cls(name=data["name"], skill=data["skill"], damage=data["damage"],
                   parry_class=ParryClass(data["class"]), skill_value=data.get("skill_value"),
                   hp=data.get("hp"), add_db=data.get("add_db", "full"),
                   rof=tuple(data.get("rof") or ()), range_m=data.get("range_m"),
                   natural=bool(data.get("natural", False)))


UNARMED_WEAPONS: tuple[Weapon, ...] = (
    Weapon("こぶし", "こぶし", "1D3", ParryClass.FIST),
    Weapon("キック", "キック", "1D6", ParryClass.KICK),
    Weapon("組み付き", "組み付き", "0", ParryClass.GRAPPLE),
    Weapon("頭突き", "頭突き", "1D4", ParryClass.HEAD_BUTT),
)
"""The unarmed attacks every character has without being given them (COMMANDS.md)."""


@dataclass(frozen=True)
class KnownWeapon:
    """A row of the built-in weapon table: damage, class, HP (X-WPN-01), firearm data."""

    damage: str
    parry_class: ParryClass
    hp: int | None = None
    skill: str | None = None
    rof: tuple[str, ...] = ()
    range_m: int | None = None
    aliases: tuple[str, ...] = field(default=())


BUILTIN_WEAPONS: dict[str, KnownWeapon] = {
    "騎兵用サーベル": KnownWeapon("1D8+1", ParryClass.SWORD, 20, "サーベル"),
    "サーベル": KnownWeapon("1D8+1", ParryClass.SWORD, 20, "サーベル"),
    "大きい棍棒": KnownWeapon("1D8", ParryClass.CLUB, 20, "大きい棍棒"),
    "バット": KnownWeapon("1D8", ParryClass.CLUB, 20, "大きい棍棒"),
    "野球バット": KnownWeapon("1D8", ParryClass.CLUB, 20, "大きい棍棒"),
    "火かき棒": KnownWeapon("1D8", ParryClass.CLUB, 20, "大きい棍棒"),
    "小さい棍棒": KnownWeapon("1D6", ParryClass.CLUB, 15, "小さい棍棒"),
    "警棒": KnownWeapon("1D6", ParryClass.CLUB, 15, "小さい棍棒"),
    "レイピア": KnownWeapon("1D6+1", ParryClass.SWORD, 15, "レイピア"),
    "ファイティングナイフ": KnownWeapon("1D4+2", ParryClass.KNIFE, 15, "ナイフ"),
    "手斧": KnownWeapon("1D6+1", ParryClass.CLUB, 12, "手斧"),
    "肉切り包丁": KnownWeapon("1D6", ParryClass.KNIFE, 12, "肉切り包丁"),
    "小型ナイフ": KnownWeapon("1D4", ParryClass.KNIFE, 9, "ナイフ"),
    "ナイフ": KnownWeapon("1D4", ParryClass.KNIFE, 9, "ナイフ"),
    "ブラックジャック": KnownWeapon("1D8", ParryClass.CLUB, 4, "ブラックジャック"),
    "日本刀": KnownWeapon("1D10", ParryClass.SWORD, 20, "日本刀"),
    ".38リボルバー": KnownWeapon("1D10", ParryClass.HANDGUN, 10, "拳銃", ("単発",), 15),
    "拳銃": KnownWeapon("1D10", ParryClass.HANDGUN, 10, "拳銃", ("単発",), 15),
    "12ゲージショットガン": KnownWeapon("4D6", ParryClass.SHOTGUN, 10, "ショットガン", ("単発",), 10),
    "ショットガン": KnownWeapon("4D6", ParryClass.SHOTGUN, 10, "ショットガン", ("単発",), 10),
    "ライフル": KnownWeapon("2D6+4", ParryClass.RIFLE, 12, "ライフル", ("単発",), 110),
    "サブマシンガン": KnownWeapon("1D10", ParryClass.SMG, 8, "サブマシンガン",
                              ("単発", "セミオート", "フルオート"), 20),
    "アサルトライフル": KnownWeapon("2D6", ParryClass.ASSAULT_RIFLE, 12, "ライフル",
                               ("単発", "セミオート", "フルオート"), 90),
    "弓": KnownWeapon("1D6", ParryClass.BOW, 8, None, (), 60),
}
"""Known weapons filled in when a sheet gives no data (X-WPN-01 for the melee HP values)."""


_BY_LENGTH = sorted(BUILTIN_WEAPONS, key=len, reverse=True)
"""The table's names, longest first (:func:`like_known`)."""


def make_weapon(name: str, *, skill_value: int | None = None, skill: str | None = None,
                damage: str | None = None, hp: int | None = None,
                parry_class: ParryClass | None = None, rof: tuple[str, ...] | None = None,
                range_m: int | None = None) -> Weapon:
    """Build a weapon, filling unknown fields from :data:`BUILTIN_WEAPONS` (X-WPN-01).

    A name that is not in the table but contains one of its names (``大型ナイフ``,
    ``ナイフ（右）``: :func:`like_known`) takes that row's values. A weapon given without
    such a name or a class is a melee weapon (club class, damage ``1D3`` if none is given).
    Firearms and bows add no db (X-DB-01); thrown weapons half.
    """
    unarmed = next((w for w in UNARMED_WEAPONS if w.name == name), None)
    known = BUILTIN_WEAPONS.get(name) or (None if unarmed else BUILTIN_WEAPONS.get(like_known(name) or ""))
    base = unarmed or (Weapon(name, known.skill or name, known.damage, known.parry_class,
                              hp=known.hp, rof=known.rof, range_m=known.range_m)
                       if known else Weapon(name, name, "1D3", ParryClass.CLUB))
    cls = parry_class or base.parry_class
    weapon = replace(base, parry_class=cls)
    if damage:
        weapon = replace(weapon, damage=damage)
    if hp is not None:
        weapon = replace(weapon, hp=hp)
    if skill_value is not None:
        weapon = replace(weapon, skill_value=skill_value, skill=skill or name)
    elif skill:
        weapon = replace(weapon, skill=skill)
    if rof is not None:
        weapon = replace(weapon, rof=rof)
    elif cls.is_firearm and not weapon.rof:
        weapon = replace(weapon, rof=("単発",))
    if range_m is not None:
        weapon = replace(weapon, range_m=range_m)
    add_db = "none" if cls.is_firearm or cls is ParryClass.BOW else (
        "half" if cls in (ParryClass.THROWN, ParryClass.SLING) else "full")
    return replace(weapon, add_db=add_db)


def skill_kind(weapon: Weapon) -> str:
    """The skill ``weapon`` is used with, as a kind of weapon (H-DUAL-07 base, H-DUAL-08
    attribute): its named skill; for a weapon entered with a bare value (``/char weapon …
    skill:60``), whose skill is only its own name, the skill of the built-in weapon its name
    contains (``ナイフ（右）`` → ``ナイフ``), else its parry class (``ナイフ``, ``刀剣`` …).
    A skill is a skill, not the weapon's name."""
    if weapon.skill_value is None or weapon.skill != weapon.name:
        return weapon.skill
    known = like_known(weapon.name)
    if known and BUILTIN_WEAPONS[known].skill:
        return str(BUILTIN_WEAPONS[known].skill)
    return weapon.parry_class.value


def like_known(name: str) -> str | None:
    """The longest name of :data:`BUILTIN_WEAPONS` that ``name`` contains (``大型ナイフ`` →
    ``ナイフ``, ``拳銃（改造）`` → ``拳銃``), or None: a weapon the table does not list by
    that name, taken as of that kind."""
    return next((known for known in _BY_LENGTH if known in name), None)


FIREARM_WORD = "銃"
"""What a player calls any firearm (銃で撃つ); the chat's 撃つ means it (rules.chat.words)."""


@functools.lru_cache(maxsize=1024)  # every status view asks it of every weapon; a Weapon is frozen
def weapon_kinds(weapon: Weapon) -> tuple[str, ...]:
    """The words a player may name ``weapon`` by besides its name: its skill (〈拳銃〉 for a
    .38リボルバー, see :func:`skill_kind`) unless that is an unarmed attack's name (こぶし
    means the fist), and :data:`FIREARM_WORD` for a firearm."""
    kinds = [skill_kind(weapon)]
    if weapon.is_firearm:
        kinds.append(FIREARM_WORD)
    unarmed = {w.name for w in UNARMED_WEAPONS}
    return tuple(k for k in dict.fromkeys(kinds) if k and k != weapon.name and k not in unarmed)
