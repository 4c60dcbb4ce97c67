"""Weapons of CoC 6: parry classes (P-CLASS, H-DEF-PARRY-04..12), the built-in weapon table
(X-WPN-01) and the unarmed attacks every character has (COMMANDS.md)."""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.coc6.weapon_class import FIREARMS, UNARMED, ParryClass
from rules.coc6.weapon_table import NAMES, TABLE, KnownWeapon, matching, resolve


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
        impale: 貫通可: a special success rolls its damage dice twice (X-IMPALE-01).
        ammo: a firearm's 装弾数, the rounds it holds (X-AMMO-01), or None for others.
        malfunction: a firearm's 故障ナンバー (X-JAM-01), or None for others.
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
    impale: bool = False
    ammo: int | None = None
    malfunction: int | None = None

    @property
    def is_firearm(self) -> bool:
        """Whether the weapon's class is a firearm."""
        return self.parry_class.is_firearm

    def to_dict(self) -> dict:
        """A JSON-friendly dict (the inverse of :meth:`from_dict`)."""
        return {"name": self.name, "skill": self.skill, "damage": self.damage,
                "class": self.parry_class.value, "skill_value": self.skill_value, "hp": self.hp,
                "add_db": self.add_db, "rof": list(self.rof), "range_m": self.range_m,
                "natural": self.natural, **({"impale": True} if self.impale else {}),
                **({"ammo": self.ammo} if self.ammo is not None else {}),
                **({"malfunction": self.malfunction} if self.malfunction is not None else {})}

    @classmethod
    def from_dict(cls, data: dict) -> "Weapon":
        """The weapon of :meth:`to_dict`'s dict."""
        return cls(name=data["name"], skill=data["skill"], damage=data["damage"],
                   parry_class=ParryClass(data["class"]), skill_value=data.get("skill_value"),
                   hp=data.get("hp"), add_db=data.get("add_db", "full"),
                   rof=tuple(data.get("rof") or ()), range_m=data.get("range_m"),
                   natural=bool(data.get("natural", False)), impale=bool(data.get("impale", False)),
                   ammo=_count(data.get("ammo")), malfunction=_count(data.get("malfunction")))


def _count(value) -> int | None:
    """A stored 装弾数 or 故障ナンバー: an int, or None when absent."""
    return None if value is None else int(value)


UNARMED_WEAPONS: tuple[Weapon, ...] = (
    Weapon("こぶし", "こぶし", "1D3", ParryClass.FIST),
    Weapon("キック", "キック", "1D6", ParryClass.KICK),
    Weapon("組み付き", "組み付き", "0", ParryClass.GRAPPLE),
    Weapon("頭突き", "頭突き", "1D4", ParryClass.HEAD_BUTT),
)
"""The unarmed attacks every character has without being given them (COMMANDS.md)."""


BUILTIN_WEAPONS: dict[str, KnownWeapon] = {word: TABLE[resolve(word) or word] for word in NAMES}
"""Every name and alias of the weapon table (:mod:`rules.coc6.weapon_table`) → its row (an
alias of several rows, 斧, → the first: :func:`make_weapon` settles it by the sheet's skill)."""


def make_weapon(name: str, *, skill_value: int | None = None, skill: str | None = None,
                damage: str | None = None, hp: int | None = None,
                parry_class: ParryClass | None = None, rof: tuple[str, ...] | None = None,
                range_m: int | None = None, impale: bool | None = None,
                skills: Mapping[str, int] | None = None, ammo: int | None = None,
                malfunction: int | None = None) -> Weapon:
    """Build a weapon, filling unknown fields from the weapon table (X-WPN-01, X-IMPALE-01).

    A name that is not in the table but contains one of its names or aliases (``大型ナイフ``,
    ``ナイフ（右）``, ``和弓``: :func:`like_known`) takes that row's values, 貫通可 included;
    an alias of several rows (``斧``) takes the one whose skill the sheet's ``skills`` hold.
    A weapon given without such a name or a class is a melee weapon (club class, damage
    ``1D3`` if none is given). Firearms and bows add no db (X-DB-01); thrown weapons half,
    grenades and fire none. ``impale`` overrides the row's 貫通可. A firearm holds the
    row's 装弾数 and has its 故障ナンバー (X-AMMO-01, X-JAM-01), or those of its class
    (:data:`CLASS_AMMO`, 故障ナンバー 100) when no row matches; ``ammo`` and ``malfunction``
    override them.
    """
    unarmed = next((w for w in UNARMED_WEAPONS if w.name == name), None)
    row = None if unarmed else matching(name, skills)
    known = TABLE[row] if row else None
    base = unarmed or (Weapon(name, known.skill or row or name, known.damage, known.parry_class,
                              hp=known.hp, rof=known.rof, range_m=known.range_m, impale=known.impale,
                              ammo=known.ammo, malfunction=known.malfunction)
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
    if impale is not None:
        weapon = replace(weapon, impale=impale)
    weapon = _loaded(weapon, ammo, malfunction)
    add_db = "none" if cls.is_firearm or cls is ParryClass.BOW else (
        "half" if cls in (ParryClass.THROWN, ParryClass.SLING) else "full")
    if known and known.add_db and cls is known.parry_class:
        add_db = known.add_db
    return replace(weapon, add_db=add_db)


CLASS_AMMO = {ParryClass.HANDGUN: 6, ParryClass.RIFLE: 5, ParryClass.SHOTGUN: 2, ParryClass.SMG: 20,
              ParryClass.ASSAULT_RIFLE: 30, ParryClass.MACHINE_GUN: 100}
"""装弾数 of a firearm no row of the weapon table matches, by class: the common rows' (a
revolver 6, a bolt-action rifle 5, a double-barrelled shotgun 2 …; X-AMMO-01)."""
MALFUNCTION_DEFAULT = 100
"""故障ナンバー of a firearm no row matches: 100 (the table's 「00」: only a roll of 100 jams)."""


def _loaded(weapon: Weapon, ammo: int | None, malfunction: int | None) -> Weapon:
    """``weapon`` with its 装弾数 and 故障ナンバー: those given, else its row's, else its
    class's (a firearm); a weapon that is no firearm keeps only what is given."""
    if weapon.is_firearm:
        ammo = ammo if ammo is not None else weapon.ammo or CLASS_AMMO.get(weapon.parry_class)
        malfunction = malfunction if malfunction is not None else weapon.malfunction or MALFUNCTION_DEFAULT
    return replace(weapon, ammo=ammo, malfunction=malfunction)


def magazine(weapon: Weapon) -> int | None:
    """The rounds a full ``weapon`` holds (X-AMMO-01): its 装弾数, else (a sheet saved before
    weapons kept one) its row's or its class's; None for a weapon that is no firearm."""
    return _gun_number(weapon, "ammo", CLASS_AMMO.get(weapon.parry_class))


def malfunction_number(weapon: Weapon) -> int | None:
    """``weapon``'s 故障ナンバー (X-JAM-01): its own, else its row's, else 100 for a firearm;
    None for a weapon that is no firearm."""
    return _gun_number(weapon, "malfunction", MALFUNCTION_DEFAULT)


def _gun_number(weapon: Weapon, field: str, default: int | None) -> int | None:
    """A firearm's ``field`` (``ammo`` or ``malfunction``): its own, else the weapon-table row
    of its name and class, else ``default``; None for a weapon that is no firearm."""
    if not weapon.is_firearm:
        return None
    own = getattr(weapon, field)
    if own is not None:
        return own
    row = matching(weapon.name)
    known = getattr(TABLE[row], field) if row and TABLE[row].parry_class is weapon.parry_class else None
    return known or default


def skill_kind(weapon: Weapon) -> str:
    """The skill ``weapon`` is used with, as a kind of weapon (H-DUAL-07 base, H-DUAL-08
    attribute): its named skill; for a weapon entered with a bare value (``/char weapon …
    skill:60``), whose skill is only its own name, the skill of the built-in weapon its name
    contains (``ナイフ（右）`` → ``ナイフ``), else its parry class (``ナイフ``, ``刀剣`` …).
    A skill is a skill, not the weapon's name."""
    if weapon.skill_value is None or weapon.skill != weapon.name:
        return weapon.skill
    known = like_known(weapon.name)
    if known and TABLE[known].skill:
        return str(TABLE[known].skill)
    return weapon.parry_class.value


def like_known(name: str) -> str | None:
    """The row of the weapon table ``name`` is taken as (its own, or the longest name or alias
    it contains: ``大型ナイフ`` → ファイティングナイフ, ``拳銃（改造）`` → .38口径リボルバー), or
    None: a weapon the table does not list, taken as of that kind."""
    return matching(name)


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
