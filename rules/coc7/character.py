"""A 7th-edition investigator (新クトゥルフ神話TRPG): characteristics in percent and the
values derived from them (rulebook p.32–35).

* HP ⌊(CON + SIZ) / 10⌋; MP ⌊POW / 5⌋; starting SAN = POW, at most 99 − 〈クトゥルフ神話〉.
* Luck: 3D6 × 5, rolled at creation (given here).
* Damage bonus and build from STR + SIZ (:func:`damage_bonus_and_build`).
* Move rate (:func:`move_rate`): 7, 8 or 9 from STR, DEX, SIZ; −1 per decade from the 40s.
* Every skill has a half (ハード) and a fifth (イクストリーム) value, rounded down.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace

from rules.coc7.skills import (BASES, CHARACTERISTIC_SKILLS, LUCK_NAMES, SAN_NAMES, SKILL_TABLE,
                               base_value, canonical)
from rules.coc7.weapons import UNARMED, Weapon7

CHARACTERISTICS = ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")
EDITION = "coc7"
"""The ``edition`` a stored 7th sheet carries (a 6th sheet has none)."""


def damage_bonus_and_build(strength: int, size: int) -> tuple[str, int]:
    """The db expression and build of STR + SIZ (rulebook p.33): 2–64 −2/−2, 65–84 −1/−1,
    85–124 none/0, 125–164 +1D4/1, 165–204 +1D6/2, 205–284 +2D6/3, 285–364 +3D6/4, then +1D6
    and +1 build per further 80. Returns ``("-2", -2)`` … ``("", 0)`` … ``("+2D6", 3)``."""
    total = strength + size
    if total <= 64:
        return "-2", -2
    if total <= 84:
        return "-1", -1
    if total <= 124:
        return "", 0
    if total <= 164:
        return "+1D4", 1
    if total <= 204:
        return "+1D6", 2
    dice = 2 + max(0, (total - 205) // 80)
    return f"+{dice}D6", dice + 1


def move_rate(strength: int, dexterity: int, size: int, age: int | None = None) -> int:
    """MOV (rulebook p.34): 7 when STR and DEX are both below SIZ, 9 when both are above it,
    else 8; −1 in the 40s, −2 in the 50s … (−1 per decade from 40), never below 1."""
    if strength < size and dexterity < size:
        rate = 7
    elif strength > size and dexterity > size:
        rate = 9
    else:
        rate = 8
    if age is not None and age >= 40:
        rate -= (age - 30) // 10
    return max(rate, 1)


def half(value: int) -> int:
    """The ハード value: ⌊value / 2⌋."""
    return value // 2


def fifth(value: int) -> int:
    """The イクストリーム value: ⌊value / 5⌋."""
    return value // 5


@dataclass(frozen=True)
class Investigator:
    """A 7th-edition investigator sheet.

    Attributes:
        name: the name; stats: the eight characteristics in % (``{"STR": 50, …}``);
        skills: skill values (%) set on the sheet, by canonical name (others use the base);
        luck: Luck (幸運) now; age: years, or None (no move-rate reduction);
        hp_max_override / mp_max_override: a sheet's value where it differs from the formula;
        san_now: current SAN, or None for the starting POW;
        hp_now / mp_now: current HP / MP (a status line ``:HP-3``, a 7th battle's end), or None
            at the maximum;
        san_window: the window of SAN losses for 不定の狂気 (as on a 6th sheet), or None;
        san_sources: SAN lost to each named source (SAN-CAP-01);
        growth: skills marked for growth (a success this session), in order;
        weapons: the weapons given with ``/char weapon`` (こぶし comes without), in order;
        attacks: attacks a round (攻撃回数: a monster's extra attacks, 7-OUTN-02);
        weapon_state: a gun's state after a battle ``{name: {"ammo": n, "jammed": bool}}``;
        wounds: the wound states a battle left on the investigator (重傷 7-HP-02, 瀕死 7-HP-06),
            kept until the KP ends them (``:ハル:状態-瀕死``), in the battle's order.
    """

    name: str
    stats: dict[str, int]
    skills: dict[str, int] = field(default_factory=dict)
    luck: int = 50
    age: int | None = None
    hp_max_override: int | None = None
    mp_max_override: int | None = None
    san_now: int | None = None
    san_window: dict | None = None
    growth: tuple[str, ...] = ()
    hp_now: int | None = None
    mp_now: int | None = None
    san_sources: dict[str, int] = field(default_factory=dict)
    weapons: tuple[Weapon7, ...] = ()
    attacks: int = 1
    weapon_state: dict = field(default_factory=dict)
    wounds: tuple[str, ...] = ()

    edition = EDITION

    def stat(self, key: str) -> int:
        """The characteristic ``key`` (case-insensitive), 0 when missing."""
        return self.stats.get(key.upper(), 0)

    @property
    def hp_max(self) -> int:
        """⌊(CON + SIZ) / 10⌋ unless the sheet overrides it."""
        if self.hp_max_override is not None:
            return self.hp_max_override
        return (self.stat("CON") + self.stat("SIZ")) // 10

    @property
    def hp(self) -> int:
        """Current HP: after the last battle (:attr:`hp_now`, within 0..max), else the maximum."""
        return self.hp_max if self.hp_now is None else max(0, min(self.hp_now, self.hp_max))

    @property
    def all_weapons(self) -> tuple[Weapon7, ...]:
        """The weapons given, then こぶし unless one of them is called so."""
        own = tuple(self.weapons)
        return own if any(w.name == UNARMED.name for w in own) else own + (UNARMED,)

    def weapon(self, name: str) -> Weapon7 | None:
        """The weapon called ``name`` (NFKC, case-folded) among :attr:`all_weapons`, or None."""
        key = unicodedata.normalize("NFKC", name or "").strip().casefold()
        return next((w for w in self.all_weapons
                     if unicodedata.normalize("NFKC", w.name).casefold() == key), None)

    def weapon_skill(self, weapon: Weapon7) -> int:
        """The % ``weapon`` is rolled at: its own value, else the investigator's skill."""
        return weapon.value if weapon.value is not None else self.skill(weapon.skill)

    def with_weapon(self, weapon: Weapon7) -> "Investigator":
        """A copy carrying ``weapon`` (replacing one of the same name, kept in its place)."""
        own = list(self.weapons)
        for i, w in enumerate(own):
            if w.name == weapon.name:
                own[i] = weapon
                return replace(self, weapons=tuple(own))
        return replace(self, weapons=tuple(own) + (weapon,))

    def without_weapon(self, name: str) -> "Investigator":
        """A copy without the weapon called ``name`` (and its state after a battle)."""
        return replace(self, weapons=tuple(w for w in self.weapons if w.name != name),
                       weapon_state={k: v for k, v in self.weapon_state.items() if k != name})

    @property
    def mp_max(self) -> int:
        """⌊POW / 5⌋ unless the sheet overrides it."""
        return self.mp_max_override if self.mp_max_override is not None else self.stat("POW") // 5

    @property
    def mp(self) -> int:
        """Current MP: ``mp_now`` (never above the maximum), else the maximum."""
        return self.mp_max if self.mp_now is None else min(self.mp_now, self.mp_max)

    @property
    def san_max(self) -> int:
        """99 − 〈クトゥルフ神話〉."""
        return 99 - self.skills.get("クトゥルフ神話", 0)

    @property
    def san(self) -> int:
        """Current SAN: after the losses recorded, else POW (capped at :attr:`san_max`)."""
        return min(self.san_now if self.san_now is not None else self.stat("POW"), self.san_max)

    @property
    def damage_bonus(self) -> str:
        """The db expression from STR + SIZ (``""`` for none)."""
        return damage_bonus_and_build(self.stat("STR"), self.stat("SIZ"))[0]

    @property
    def build(self) -> int:
        """The build (ビルド) from STR + SIZ."""
        return damage_bonus_and_build(self.stat("STR"), self.stat("SIZ"))[1]

    @property
    def move(self) -> int:
        """The move rate (MOV)."""
        return move_rate(self.stat("STR"), self.stat("DEX"), self.stat("SIZ"), self.age)

    def skill(self, name: str) -> int:
        """The value (%) of skill ``name``: the sheet's, else its base (回避 DEX/2, 母国語 EDU);
        アイデア, 知識, 幸運, SAN and the characteristics by name; 0 for an unknown skill."""
        key = canonical(name)
        if key in self.skills:
            return self.skills[key]
        upper = key.upper()
        if upper in CHARACTERISTICS:
            return self.stat(upper)
        if key in CHARACTERISTIC_SKILLS:
            return self.stat(CHARACTERISTIC_SKILLS[key])
        if upper in LUCK_NAMES or key in LUCK_NAMES:
            return self.luck
        if upper in SAN_NAMES or key in SAN_NAMES:
            return self.san
        if key == "回避":
            return half(self.stat("DEX"))
        if key == "母国語":
            return self.stat("EDU")
        return base_value(key) or 0

    def knows(self, name: str) -> bool:
        """Whether ``name`` is a skill or roll this sheet can make."""
        return canonical(name) in self.skills or is_roll_name(name)

    def skill_rows(self) -> list[tuple[str, int]]:
        """``(skill, value)`` of every skill of the sheet's list, then the sheet's others."""
        names = [name for name, _ in SKILL_TABLE]
        names += [k for k in self.skills if k not in names]
        return [(name, self.skill(name)) for name in names]

    def with_skill(self, name: str, value: int) -> "Investigator":
        """A copy with skill ``name`` set to ``value`` %."""
        return replace(self, skills={**self.skills, canonical(name): value})

    def to_dict(self) -> dict:
        """A JSON-friendly dict, marked ``"edition": "coc7"`` (inverse of :meth:`from_dict`)."""
        data = {"edition": EDITION, "name": self.name, "stats": dict(self.stats),
                "skills": dict(self.skills), "luck": self.luck}
        optional = {"age": self.age, "hp_max": self.hp_max_override, "mp_max": self.mp_max_override,
                    "san": self.san_now, "san_window": dict(self.san_window) if self.san_window else None,
                    "growth": list(self.growth) or None, "hp_now": self.hp_now, "mp_now": self.mp_now,
                    "san_sources": dict(self.san_sources) or None,
                    "weapons": [w.to_dict() for w in self.weapons] or None,
                    "attacks": self.attacks if self.attacks != 1 else None,
                    "weapon_state": {k: dict(v) for k, v in self.weapon_state.items()} or None,
                    "wounds": list(self.wounds) or None}
        return {**data, **{k: v for k, v in optional.items() if v is not None}}

    @classmethod
    def from_dict(cls, data: dict) -> "Investigator":
        """The investigator of :meth:`to_dict`'s dict; raises KeyError/ValueError if malformed."""
        def number(key):
            return int(data[key]) if data.get(key) is not None else None
        return cls(name=data["name"], stats={k: int(v) for k, v in data["stats"].items()},
                   skills={k: int(v) for k, v in (data.get("skills") or {}).items()},
                   luck=int(data.get("luck", 50)), age=number("age"),
                   hp_max_override=number("hp_max"), mp_max_override=number("mp_max"),
                   san_now=number("san"), san_window=dict(data["san_window"]) if data.get("san_window") else None,
                   growth=tuple(data.get("growth") or ()), hp_now=number("hp_now"), mp_now=number("mp_now"),
                   san_sources={k: int(v) for k, v in (data.get("san_sources") or {}).items()},
                   weapons=tuple(Weapon7.from_dict(w) for w in data.get("weapons") or ()),
                   attacks=int(data.get("attacks") or 1),
                   weapon_state={k: dict(v) for k, v in (data.get("weapon_state") or {}).items()},
                   wounds=tuple(data.get("wounds") or ()))


def is_roll_name(name: str) -> bool:
    """Whether ``name`` is a roll every investigator can make: a skill of the sheet's list
    (or a speciality of one), a characteristic, アイデア/知識, 幸運 or SAN."""
    key = canonical(name)
    return (key in BASES or key.upper() in CHARACTERISTICS or key in CHARACTERISTIC_SKILLS
            or key in LUCK_NAMES or key.upper() in LUCK_NAMES or key in SAN_NAMES or key.upper() in SAN_NAMES
            or base_value(key) is not None)


def is_investigator(data: dict) -> bool:
    """Whether a stored sheet dict is a 7th-edition investigator."""
    return isinstance(data, dict) and data.get("edition") == EDITION
