"""Weapons of a 7th-edition investigator (新クトゥルフ神話TRPG): what each is rolled with, its
damage and how much damage bonus it adds, whether it impales (貫通), and a firearm's base
range, shots per round (攻撃回数), magazine (装弾数) and malfunction number (故障ナンバー).

The built-in table holds the common weapons a Japanese table names (こぶし, ナイフ, バット,
.38リボルバー, ライフル, ショットガン …) with the rulebook's usual values; ``/char weapon``
fills a new weapon from it and takes any value given instead. Every investigator has
こぶし (unarmed, 〈近接戦闘（格闘）〉) without being given it. Pure data.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

FIGHTING = "近接戦闘（格闘）"
"""The skill of unarmed attacks and of every maneuver (7-MAN-01)."""
DB_MODES = ("full", "half", "none")
"""How much of the damage bonus a weapon adds: all (melee), half (thrown, bows), none (guns)."""


@dataclass(frozen=True)
class Weapon7:
    """A 7th-edition weapon as an investigator carries it.

    Attributes:
        name: unique per investigator (``".38リボルバー"``).
        skill: the 7th skill it is rolled with (``射撃（拳銃）``, ``近接戦闘（格闘）``).
        damage: damage dice without the damage bonus (``"1D10"``, ``"2D6+4"``).
        add_db: ``"full"`` (melee), ``"half"`` (thrown, bows) or ``"none"`` (firearms).
        impale: 貫通: an extreme success adds one more roll of the dice (7-DMG-03).
        range_m: base range in metres (1 square = 1 m), None for a melee weapon.
        shots: attacks a round with it (攻撃回数: 3 for a handgun's ``1(3)``).
        capacity: rounds in a full magazine (装弾数), None when it uses no ammunition.
        malfunction: 故障ナンバー: an attack roll at or above it jams the gun (7-FIRE-07);
            None = never.
        value: the weapon's own skill % (``/char weapon … skill:60``), else None (the
            investigator's skill value is used).
    """

    name: str
    skill: str
    damage: str
    add_db: str = "full"
    impale: bool = False
    range_m: int | None = None
    shots: int = 1
    capacity: int | None = None
    malfunction: int | None = None
    value: int | None = None

    @property
    def is_firearm(self) -> bool:
        """Whether it is shot with a 〈射撃〉 skill: no dodge, no fighting back (7-FIRE-01)."""
        return self.skill.startswith("射撃")

    @property
    def is_thrown(self) -> bool:
        """Whether it is thrown (〈投擲〉): dodged but never fought back (7-MELEE-08)."""
        return self.skill.startswith("投擲")

    @property
    def is_melee(self) -> bool:
        """Whether it is a close-combat weapon (fights back, 7-MELEE-04)."""
        return not (self.is_firearm or self.is_thrown)

    def to_dict(self) -> dict:
        """A JSON-friendly dict without the defaults (inverse of :meth:`from_dict`)."""
        data = {"name": self.name, "skill": self.skill, "damage": self.damage}
        extra = {"add_db": self.add_db if self.add_db != "full" else None, "impale": self.impale or None,
                 "range_m": self.range_m, "shots": self.shots if self.shots != 1 else None,
                 "capacity": self.capacity, "malfunction": self.malfunction, "value": self.value}
        return {**data, **{k: v for k, v in extra.items() if v is not None}}

    @classmethod
    def from_dict(cls, data: dict) -> "Weapon7":
        """The weapon of :meth:`to_dict`'s dict; raises KeyError/ValueError if malformed."""
        def number(key):
            return int(data[key]) if data.get(key) is not None else None
        return cls(name=str(data["name"]), skill=str(data["skill"]), damage=str(data["damage"]),
                   add_db=str(data.get("add_db") or "full"), impale=bool(data.get("impale", False)),
                   range_m=number("range_m"), shots=int(data.get("shots") or 1), capacity=number("capacity"),
                   malfunction=number("malfunction"), value=number("value"))


UNARMED = Weapon7("こぶし", FIGHTING, "1D3")
"""The unarmed attack every investigator has (〈近接戦闘（格闘）〉 1D3＋DB)."""

_HANDGUN = "射撃（拳銃）"
_LONG = "射撃（ライフル／ショットガン）"

TABLE: dict[str, Weapon7] = {w.name: w for w in (
    UNARMED,
    Weapon7("ナイフ", FIGHTING, "1D4", impale=True),
    Weapon7("大型ナイフ", FIGHTING, "1D8", impale=True),
    Weapon7("バット", FIGHTING, "1D8"),
    Weapon7("警棒", FIGHTING, "1D6"),
    Weapon7("手斧", "近接戦闘（斧）", "1D6+1", impale=True),
    Weapon7("日本刀", "近接戦闘（剣）", "1D10", impale=True),
    Weapon7("槍", "近接戦闘（槍）", "1D8+1", impale=True),
    Weapon7(".22オートマチック", _HANDGUN, "1D6", "none", True, 10, 3, 6, 100),
    Weapon7(".38リボルバー", _HANDGUN, "1D10", "none", True, 15, 3, 6, 100),
    Weapon7(".45オートマチック", _HANDGUN, "1D10+2", "none", True, 15, 3, 7, 100),
    Weapon7("9mmオートマチック", _HANDGUN, "1D10", "none", True, 15, 3, 8, 99),
    Weapon7("ライフル", _LONG, "2D6+4", "none", True, 110, 1, 5, 100),
    Weapon7("ショットガン", _LONG, "4D6", "none", False, 10, 2, 2, 100),
    Weapon7("弓", "射撃（弓）", "1D6", "half", True, 30, 1, 1, 97),
    Weapon7("石", "投擲", "1D4", "half", False, 10),
)}
"""The built-in weapons by name."""

ALIASES = {"素手": "こぶし", "拳": "こぶし", "パンチ": "こぶし", "小型ナイフ": "ナイフ", "野球のバット": "バット",
           "棍棒": "バット", "斧": "手斧", "刀": "日本刀", "剣": "日本刀", "拳銃": ".38リボルバー",
           "リボルバー": ".38リボルバー", "38リボルバー": ".38リボルバー", "オートマチック": ".45オートマチック",
           "45オートマチック": ".45オートマチック", "ライフル銃": "ライフル", "散弾銃": "ショットガン"}
"""Other names players give the built-in weapons."""


def known(name: str) -> Weapon7 | None:
    """The built-in weapon called ``name`` (or an alias, any width), or None."""
    key = unicodedata.normalize("NFKC", name or "").strip()
    for candidate in (key, ALIASES.get(key, "")):
        for table_name, weapon in TABLE.items():
            if unicodedata.normalize("NFKC", table_name) == candidate:
                return weapon
    return None


def make_weapon7(name: str, *, skill: str | None = None, value: int | None = None, damage: str | None = None,
                 range_m: int | None = None, impale: bool | None = None, shots: int | None = None,
                 capacity: int | None = None, malfunction: int | None = None) -> Weapon7:
    """A weapon called ``name``: the built-in row of that name (or alias) with the values
    given instead; an unknown name is a melee weapon of 〈近接戦闘（格闘）〉 (1D6) unless its
    skill or range says otherwise. A 〈射撃〉 weapon adds no damage bonus, a 〈投擲〉 one half."""
    base = known(name) or Weapon7(name.strip(), skill or FIGHTING, "1D6")
    changed = replace(base, name=name.strip())
    if skill:
        changed = replace(changed, skill=skill)
    fields = {"value": value, "damage": damage, "range_m": range_m, "impale": impale, "shots": shots,
              "capacity": capacity, "malfunction": malfunction}
    changed = replace(changed, **{k: v for k, v in fields.items() if v is not None})
    if changed.is_firearm and changed.add_db == "full" and not changed.skill.endswith("（弓）"):
        changed = replace(changed, add_db="none")
    elif (changed.is_thrown or changed.skill.endswith("（弓）")) and changed.add_db == "full":
        changed = replace(changed, add_db="half")
    return changed
