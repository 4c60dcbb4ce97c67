"""A CoC 6 character: characteristics, derived values (X-HP-01, X-DB-01), skills with their
base values (X-SKILL-01), weapons and armour."""
from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field, replace

from rules.coc6.damage_bonus import damage_bonus
from rules.coc6.skill_list import DERIVED, ROLLS as DERIVED_ROLLS, RULEBOOK_BASES, specialty_base
from rules.coc6.weapons import UNARMED_WEAPONS, Weapon

CHARACTERISTICS = ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")
CHARACTERISTIC_RANGE = (1, 999)
"""The values a sheet's characteristic may take: at least 1 (3D6, 2D6+6 …; at 0 the HP, db
and ×5 rolls made from it are nonsense), and up to 999 for the KP's monsters (the
rulebook's ダール has STR 197 and SIZ 237; X-DB-01's table goes on above 72)."""

BASE_SKILLS: dict[str, int] = {
    "こぶし": 50, "キック": 25, "組み付き": 25, "頭突き": 10, "マーシャルアーツ": 1,
    "投擲": 25, "拳銃": 20, "ショットガン": 30, "ライフル": 25, "サブマシンガン": 15,
    "マシンガン": 15, "隠れる": 10, "応急手当": 30, "医学": 5, "武器・双撃": 0, "武道": 1,
    "ナイフ": 25, "大きい棍棒": 25, "小さい棍棒": 25, "手斧": 20, "サーベル": 15, "レイピア": 15,
    "日本刀": 15, "肉切り包丁": 15, "ブラックジャック": 40,
    "木斧": 20, "鞭": 5, "チェーンソー": 20, "フェンシング・フォイル": 20,
    **RULEBOOK_BASES,
}
"""X-SKILL-01 base values (%): every skill of the rulebook (rules.coc6.skill_list); 〈回避〉
(DEX×2), 〈母国語〉 (EDU×5), アイデア, 幸運 and 知識 are computed; 〈武道〉 (any style) 1% as in
クトゥルフ2010; the melee weapon skills of the built-in weapons (X-WPN-01) at the published
CoC 6 base values."""

SAN_NAMES = ("SAN", "正気度", "SANチェック", "san")
"""Names a SAN roll goes by (its target is the current SAN)."""

SKILL_ALIASES = {
    "パンチ": "こぶし", "こぶし（パンチ）": "こぶし", "こぶし(パンチ)": "こぶし",
    "キック（蹴り）": "キック", "組みつき": "組み付き", "組付き": "組み付き",
    "組み付き（グラップル）": "組み付き", "回避（ドッジ）": "回避", "ドッジ": "回避",
    "MA": "マーシャルアーツ", "図書館利用": "図書館", "アイディア": "アイデア",
    "知識ロール": "知識", "幸運ロール": "幸運", "クトゥルフ神話技能": "クトゥルフ神話",
}


_BUDO_SPELLING = re.compile(r"武道\s*[（(:：]\s*([^）)]*?)\s*[）)]?")
"""A 〈武道〉 skill however it is written: 武道（柔道）, 武道(柔道), 武道：柔道, 武道:柔道."""

CHARACTERISTIC_ROLL = re.compile(r"(STR|CON|POW|DEX|APP|SIZ|INT|EDU)\s*[×x*]\s*(\d+)", re.I)
"""A characteristic roll named as a skill: ``CON×5``, ``dex*2`` (group 1 the characteristic,
group 2 the multiplier)."""


def canonical_skill(name: str) -> str:
    """The skill name used internally for ``name`` (aliases and 武道 spellings folded).

    ``武道（柔道）``, ``武道(柔道)``, ``武道：柔道`` and ``武道:柔道`` all become ``武道（柔道）``.
    """
    text = name.strip()
    match = _BUDO_SPELLING.fullmatch(text) if text.startswith("武道") else None
    if match:
        return f"武道（{match.group(1)}）"
    return SKILL_ALIASES.get(text, text)


_SAN = "SAN"
"""The :func:`_skill_rule` source of a SAN roll (no characteristic is so named): the current SAN."""


@functools.lru_cache(maxsize=1024)
def _skill_rule(name: str) -> tuple[str, str | None, int]:
    """How :meth:`Character.skill` finds ``name`` when the sheet does not list it, worked out
    once per name: ``(key, characteristic, n)`` with ``key`` the canonical name; the value is
    the characteristic × n (回避 DEX×2, 母国語 EDU×5, アイデア INT×5, 幸運 POW×5, 知識 EDU×5,
    ``CON×5``), the current SAN (characteristic :data:`_SAN`), or n itself (characteristic
    None: a specialty's or rulebook base value, 武道 1%, 0 for an unknown skill; X-SKILL-01)."""
    key = canonical_skill(name)
    if key in DERIVED:
        stat, times = DERIVED[key]
        return key, stat, times
    if key in SAN_NAMES:
        return key, _SAN, 0
    if (base := specialty_base(key)) is not None and key not in BASE_SKILLS:
        return key, None, base
    match = CHARACTERISTIC_ROLL.fullmatch(key)
    if match:
        return key, match.group(1), int(match.group(2))
    if key.startswith("武道"):
        return key, None, BASE_SKILLS["武道"]
    return key, None, BASE_SKILLS.get(key, 0)


@dataclass(frozen=True)
class Character:
    """A character sheet.

    Attributes:
        name: the character's name.
        stats: characteristics ``{"STR": 12, …}`` (the eight of :data:`CHARACTERISTICS`).
        skills: skill values (%) set on the sheet, by canonical name; others use the base.
        weapons: weapons given to it (the unarmed attacks are always added, see ``all_weapons``).
        armor: armour points (装甲) that reduce each hit.
        hp_max_override: a sheet's HP where it differs from the formula, or None.
        db_override: a sheet's db expression where it differs from the table, or None.
        san_now: the current SAN after losses (正気度), or None for the starting POW×5.
        san_window: the window of SAN losses counted for 不定の狂気 (bot.sheets.san_flow:
            ``{"kind": "hour" | "session" | "day", its key, "san": SAN at its start, "lost":
            SAN lost since}``), or None.
        san_sources: SAN lost to each named source so far (SAN-CAP-01), ``{"深きもの": 5}``.
        hp_now / mp_now: the current HP / MP (after a battle, ``/char set key:HP``), or None
            when at the maximum.
        mp_max_override / san_max_override: a sheet's maximum MP / SAN where it differs from
            POW / 99 − 〈クトゥルフ神話〉, or None.
        weapon_state: the condition a battle left a weapon in, by weapon name:
            ``{"hp": current weapon HP or None, "broken": bool, "jammed": bool}``.
        growth: the skills marked for the growth roll (成長ロール), by canonical name, in the
            order marked: ``{"目星": "成功"}`` (``"決定的成功"`` for a critical).
        growth_channel: the channel of the latest mark (the KP's ``/char growth all:``).
        system: ``"coc6"``, or ``"charge-rank"`` for a sheet of the charge-rank system
            (no characteristics; its numbers in ``numbers``).
        numbers: a charge-rank sheet's numbers ``{"リフレクス": 6, "スタミナ": 25, …}``.
        stamina_now: a charge-rank sheet's current stamina, or None when full.
        stamina_max_override: a charge-rank sheet's maximum stamina as its injuries leave it
            after a battle (C-INJ-05: below 〔スタミナ〕 until they heal), or None.
        injuries: a charge-rank sheet's recorded injuries (C-INJ-03), e.g. ``("軽傷",)``.
    """

    name: str
    stats: dict[str, int]
    skills: dict[str, int] = field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    armor: int = 0
    hp_max_override: int | None = None
    db_override: str | None = None
    san_now: int | None = None
    san_window: dict | None = None
    san_sources: dict[str, int] = field(default_factory=dict)
    hp_now: int | None = None
    mp_now: int | None = None
    mp_max_override: int | None = None
    san_max_override: int | None = None
    weapon_state: dict[str, dict] = field(default_factory=dict)
    growth: dict[str, str] = field(default_factory=dict)
    growth_channel: str | None = None
    system: str = "coc6"
    numbers: dict[str, int] = field(default_factory=dict)
    stamina_now: int | None = None
    injuries: tuple[str, ...] = ()
    stamina_max_override: int | None = None

    @property
    def hp_max(self) -> int:
        """X-HP-01: ⌈(CON + SIZ) / 2⌉, unless the sheet overrides it."""
        if self.hp_max_override is not None:
            return self.hp_max_override
        return math.ceil((self.stats.get("CON", 0) + self.stats.get("SIZ", 0)) / 2)

    @property
    def hp(self) -> int:
        """The current HP: ``hp_now`` (never above the maximum), else the maximum."""
        return self.hp_max if self.hp_now is None else min(self.hp_now, self.hp_max)

    @property
    def mp_max(self) -> int:
        """Magic points = POW, unless the sheet overrides it; a charge-rank sheet's 〔MP〕
        (0 when it has none, X-MP-01)."""
        if self.is_charge_rank:
            return self.numbers.get("MP", 0)
        return self.mp_max_override if self.mp_max_override is not None else self.stats.get("POW", 0)

    @property
    def mp(self) -> int:
        """The current MP: ``mp_now`` (never above the maximum), else the maximum."""
        return self.mp_max if self.mp_now is None else min(self.mp_now, self.mp_max)

    @property
    def san_max(self) -> int:
        """The maximum SAN (最大正気度): 99 − 〈クトゥルフ神話〉, unless the sheet overrides it."""
        if self.san_max_override is not None:
            return self.san_max_override
        return 99 - self.skills.get("クトゥルフ神話", 0)

    @property
    def stamina_max(self) -> int:
        """A charge-rank sheet's maximum stamina: 〔スタミナ〕 (0 when not set), or less while
        its injuries lower it (``stamina_max_override``, C-INJ-05)."""
        base = self.numbers.get("スタミナ", 0)
        return base if self.stamina_max_override is None else min(base, self.stamina_max_override)

    @property
    def stamina(self) -> int:
        """A charge-rank sheet's current stamina: ``stamina_now``, else 〔スタミナ〕."""
        return self.stamina_max if self.stamina_now is None else min(self.stamina_now, self.stamina_max)

    @property
    def is_charge_rank(self) -> bool:
        """Whether this is a charge-rank sheet (numbers, no characteristics)."""
        return self.system == "charge-rank"

    @property
    def san(self) -> int:
        """The current SAN: after the losses recorded (``san_now``), else POW × 5 (a SAN never
        set or changed follows POW); never above :attr:`san_max` (99 − 〈クトゥルフ神話〉)."""
        return min(self.san_now if self.san_now is not None else self.stats.get("POW", 0) * 5, self.san_max)

    @property
    def damage_bonus(self) -> str:
        """X-DB-01: the db expression (``""``, ``"+1D4"``, ``"-1D4"`` …)."""
        if self.db_override is not None:
            return self.db_override
        return damage_bonus(self.stats.get("STR", 0), self.stats.get("SIZ", 0))

    def stat(self, key: str) -> int:
        """The characteristic ``key`` (``"DEX"``, case-insensitive); 0 when the sheet lacks it."""
        return self.stats.get(key.upper(), 0)

    def skill(self, name: str) -> int:
        """The skill value (%) of ``name``: the sheet's, else its base value (X-SKILL-01).

        〈回避〉 defaults to DEX×2; an unknown skill is 0 (武道 has no base value); a
        characteristic roll name such as ``CON×5`` is computed.
        """
        key, stat, value = _skill_rule(name)
        if key in self.skills:
            return self.skills[key]
        if stat is None:
            return value
        if stat == _SAN:
            return self.san
        return self.stat(stat) * value

    def knows(self, name: str) -> bool:
        """Whether ``name`` is a skill this character can roll: on the sheet, a base skill
        (X-SKILL-01), 〈回避〉, 〈武道〉, or a characteristic roll such as ``CON×5``."""
        key = canonical_skill(name)
        return (key in self.skills or key in BASE_SKILLS or key in DERIVED or key in SAN_NAMES
                or specialty_base(key) is not None or key.startswith("武道")
                or CHARACTERISTIC_ROLL.fullmatch(key) is not None)

    def budo_skills(self) -> dict[str, int]:
        """Every 〈武道〉 skill on the sheet, ``{"武道（柔道）": 70}``."""
        return {k: v for k, v in self.skills.items() if k.startswith("武道")}

    @property
    def all_weapons(self) -> tuple[Weapon, ...]:
        """The sheet's weapons followed by the unarmed attacks it does not override."""
        own = {w.name for w in self.weapons}
        return self.weapons + tuple(w for w in UNARMED_WEAPONS if w.name not in own)

    def weapon(self, name: str) -> Weapon | None:
        """The weapon called ``name`` (own weapons first, then the unarmed ones), or None."""
        key = canonical_skill(name)
        for weapon in self.all_weapons:
            if weapon.name in (name, key):
                return weapon
        return None

    def weapon_skill(self, weapon: Weapon) -> int:
        """The % the weapon is rolled with (P-PARRY-03): its own value; else the sheet's skill of
        the weapon's own name (〈和弓〉 written on the sheet); else its skill when the sheet has
        it (〈弓〉 for a 和弓); else its skill's base value (X-SKILL-01)."""
        if weapon.skill_value is not None:
            return weapon.skill_value
        for name in (weapon.name, weapon.skill):
            if canonical_skill(name) in self.skills:
                return self.skills[canonical_skill(name)]
        return self.skill(weapon.skill)

    def skill_key(self, weapon: Weapon) -> str:
        """The name under which ``weapon``'s % is kept, the one :meth:`weapon_skill` reads: the
        weapon's own ``skill`` when it carries a value (``/char weapon バット skill:60``), else
        the sheet's skill of the weapon's own name (〈和弓〉), else the weapon's skill."""
        if weapon.skill_value is not None:
            return weapon.skill
        if canonical_skill(weapon.name) in self.skills:
            return canonical_skill(weapon.name)
        return canonical_skill(weapon.skill)

    def skill_values(self) -> dict[str, int]:
        """Every skill this character can roll, ``{name: %}`` (above 0), however it is stored
        (issue 29): the sheet's skills, the base values of the rulebook's skills (X-SKILL-01),
        〈回避〉 (DEX×2) and 〈母国語〉 (EDU×5), every 〈武道〉, and each weapon's value under
        :meth:`skill_key` (a weapon's own ``skill:N`` included). The characteristic rolls
        (アイデア, 幸運, 知識, CON×5 …) and SAN are not skills."""
        names = (*BASE_SKILLS, "回避", "母国語", *self.skills)
        values = {canonical_skill(name): self.skill(name) for name in names if name not in DERIVED_ROLLS}
        for weapon in self.all_weapons:
            values[self.skill_key(weapon)] = self.weapon_skill(weapon)
        return {name: value for name, value in values.items() if value > 0}

    def with_skill(self, name: str, value: int) -> "Character":
        """A copy with skill ``name`` (spelling folded, see canonical_skill) set to ``value`` %."""
        return replace(self, skills={**self.skills, canonical_skill(name): value})

    def with_weapon(self, weapon: Weapon) -> "Character":
        """A copy carrying ``weapon`` (replacing one of the same name)."""
        kept = tuple(w for w in self.weapons if w.name != weapon.name)
        return replace(self, weapons=kept + (weapon,))

    def without_weapon(self, name: str) -> "Character":
        """A copy without the weapon called ``name`` (and the condition kept for it)."""
        return replace(self, weapons=tuple(w for w in self.weapons if w.name != name),
                       weapon_state={k: v for k, v in self.weapon_state.items() if k != name})

    def to_dict(self) -> dict:
        """A JSON-friendly dict (the inverse of :meth:`from_dict`); the fields added for
        the sheet's current values, growth marks and charge-rank numbers only when set."""
        optional = {"san": self.san_now, "hp_now": self.hp_now, "mp_now": self.mp_now,
                    "mp_max": self.mp_max_override, "san_max": self.san_max_override,
                    "growth_channel": self.growth_channel, "stamina_now": self.stamina_now,
                    "stamina_max": self.stamina_max_override}
        collections = {"san_window": dict(self.san_window or {}), "san_sources": dict(self.san_sources),
                       "numbers": dict(self.numbers),
                       "weapon_state": {k: dict(v) for k, v in self.weapon_state.items()},
                       "growth": dict(self.growth), "injuries": list(self.injuries)}
        return {"name": self.name, "stats": dict(self.stats), "skills": dict(self.skills),
                "weapons": [w.to_dict() for w in self.weapons], "armor": self.armor,
                "hp_max": self.hp_max_override, "db": self.db_override,
                **({"system": self.system} if self.system != "coc6" else {}),
                **{k: v for k, v in optional.items() if v is not None},
                **{k: v for k, v in collections.items() if v}}

    @classmethod
    def from_dict(cls, data: dict) -> "Character":
        """The character of :meth:`to_dict`'s dict; raises KeyError/ValueError for a malformed
        one."""
        return cls(name=data["name"], stats={k: int(v) for k, v in data["stats"].items()},
                   skills={k: int(v) for k, v in (data.get("skills") or {}).items()},
                   weapons=tuple(Weapon.from_dict(w) for w in data.get("weapons") or ()),
                   armor=int(data.get("armor") or 0), hp_max_override=data.get("hp_max"),
                   db_override=data.get("db"),
                   san_now=_int_or_none(data.get("san")),
                   san_window=dict(data["san_window"]) if data.get("san_window") else None,
                   san_sources={k: int(v) for k, v in (data.get("san_sources") or {}).items()},
                   hp_now=_int_or_none(data.get("hp_now")), mp_now=_int_or_none(data.get("mp_now")),
                   mp_max_override=_int_or_none(data.get("mp_max")),
                   san_max_override=_int_or_none(data.get("san_max")),
                   weapon_state={k: dict(v) for k, v in (data.get("weapon_state") or {}).items()},
                   growth={k: str(v) for k, v in (data.get("growth") or {}).items()},
                   growth_channel=data.get("growth_channel"), system=data.get("system") or "coc6",
                   numbers={k: int(v) for k, v in (data.get("numbers") or {}).items()},
                   stamina_now=_int_or_none(data.get("stamina_now")),
                   stamina_max_override=_int_or_none(data.get("stamina_max")),
                   injuries=tuple(str(i) for i in data.get("injuries") or ()))


def _int_or_none(value) -> int | None:
    """``int(value)``, or None for None."""
    return None if value is None else int(value)


UNCONSCIOUS_AT = 2
"""X-HP-02: at HP 2 or less a character is unconscious 「気絶」."""
DEAD_AT = 0
"""X-HP-02: at HP 0 or less it is dead 「死亡」."""


def hp_condition(hp: int) -> tuple[str, int] | None:
    """X-HP-02 read from an HP: ``("死亡", 0)`` at 0 or less, ``("気絶", 2)`` at 2 or less
    (the condition and the limit it passed), else None — what a battle's damage brings."""
    if hp <= DEAD_AT:
        return "死亡", DEAD_AT
    if hp <= UNCONSCIOUS_AT:
        return "気絶", UNCONSCIOUS_AT
    return None
