"""The state of a CoC 6 battle: units with HP, AP, weapons and per-round usage."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.battle.state import BattleState, Unit
from rules.coc6.character import Character


@dataclass
class WeaponState:
    """A carried weapon's condition. ``hp`` None = the weapon has no HP (fists)."""

    hp: int | None
    broken: bool = False
    cannot_fire: bool = False
    parried_round: int = 0
    nocked: bool = False
    """An arrow is nocked / the weapon is prepared (H-ATK-03, H-KYU-02)."""
    string: int | None = None
    """A bow's string durability 「弦の耐久値」 (3 when new, H-KYU-GOU-07); None = no string."""
    dropped: bool = False
    """Dropped after a special arm hit (H-CALL-ARM-04) or an arm or weapon shot (B-CALL-ARM-02,
    B-CALL-WPN-02)."""
    dropped_by: str = ""
    """The clause that dropped it ('' when not dropped, or dropped before this was kept)."""
    rounds: int | None = None
    """A firearm's rounds left (X-AMMO-01); None = full (its 装弾数), or no firearm."""
    jammed: bool = False
    """A gun jammed by its 故障ナンバー (X-JAM-01) until the KP repairs it (X-JAM-02)."""


TREATED = "treated"
"""The unit mark listing the skills that already healed its current injury (treatment.py);
emptied by the next HP loss (evolve.py): each heals one injury once (published CoC 6th, H-GEN-02)."""


@dataclass
class CocUnit(Unit):
    """A CoC unit.

    Attributes:
        character: its sheet; ``hp``/``hp_max``: hit points (signed, X-HP-02);
        ap: action points left this turn (H-AP-01); attacks: attacks made this turn (H-AP-04);
        used: defensive actions used this round, ``{"回避": 1}`` (H-DEF-01);
        extra: extra uses granted this round, ``{"回避": 1}`` (H-DEF-DODGE-05);
        declarations: this round's declarations ``[{"action", "target", "amount"}]``;
        weapons: weapon states by name.
    """

    character: Character | None = None
    hp: int = 0
    hp_max: int = 0
    mp: int = 0
    """Magic points now (X-MP-01): the sheet's current MP at joining, spent by spells."""
    mp_max: int = 0
    """Its maximum MP (POW, or the sheet's)."""
    ap: int = 0
    attacks: int = 0
    firings: int = 0
    """Of ``attacks``, the firings of a gun this turn (H-AP-04, H-FIRE-01)."""
    used: dict[str, int] = field(default_factory=dict)
    extra: dict[str, int] = field(default_factory=dict)
    declarations: list[dict] = field(default_factory=list)
    weapons: dict[str, WeaponState] = field(default_factory=dict)
    focus_successes: int = 0
    """Successes of the concentrated defensive action this round (−20% each, H-DEF-04)."""
    stun_round: int = 0
    """The round in which スタン was gained; it ends after the unit's turn in a later round
    (H-DEF-HIDE-07, X-STUN-01)."""
    square: str | None = None
    """Its square on the map (``"C4"``, H-UNIT-01), or None (play without a map)."""
    ap_start: int = 0
    """The AP its current turn began with (H-KYU-PREC-03: 「手番のはじめ」)."""
    moved: int = 0
    """Squares moved this turn (H-AP-02); 3 in one go is the all-out move (H-AP-03)."""
    all_out: bool = False
    """It made the all-out move this turn: no other active action (H-AP-03)."""
    wounds: list[dict] = field(default_factory=list)
    """Called-shot and joint-shot losses ``{"part", "stats": {"DEX": -1}, "skills": {…}}``
    until treated (H-CALL-ARM-02, H-CALL-LEG-02, H-KYU-PREC-11/17)."""
    marks: dict = field(default_factory=dict)
    """Technique states: ``gou`` (剛の型 stored, H-KYU-GOU-05), ``restring`` (AP put into a
    new string, H-KYU-STRING-01), ``ap_debt`` (H-KYU-STRING-02), ``yabusame`` (流鏑馬 this
    turn, H-KYU-YABU-03), ``free_move`` (a move that comes with the shot), ``stun_one_turn``
    (X-STUN-01 「1ターン」), ``holding`` (the unit it grapples, X-GRAPPLE-01), ``treated``
    (the skills that healed its current injury, :data:`TREATED`)."""

    @property
    def dex(self) -> int:
        """DEX from the sheet (the turn order's value, H-UNIT-02)."""
        return self.character.stat("DEX") if self.character else 0

    def declared(self, action: str, target: str | None = None) -> bool:
        """Whether ``action`` was declared this round (against ``target`` when given)."""
        for declared in self.declarations:
            if declared["action"] == action and (target is None or declared.get("target") == target):
                return True
        return False

    def uses_left(self, action: str, limit: int = 1) -> int:
        """How many more times ``action`` may be used this round: ``limit`` plus extra uses
        granted, minus uses made (H-DEF-01)."""
        return limit + self.extra.get(action, 0) - self.used.get(action, 0)


@dataclass
class CocState(BattleState):
    """A CoC battle. ``next_attack``: the number the next attack gets."""

    next_attack: int = 1
    declaring: list[str] = field(default_factory=list)
    """Units whose round-start declaration is still awaited (declarations.py)."""
    may_declare: list[str] = field(default_factory=list)
    """Units that may still declare this round: called, not acted, asked or closed."""
    window_left: dict[str, str] = field(default_factory=dict)
    """Why each unit called this round can no longer declare, as the refusal says it after
    「<unit>は」 (「このラウンドすでに攻撃した」, 「宣言の受付がKPに締め切られた」): a refusal says
    what is true (issue 29)."""
    attackers: dict[int, str] = field(default_factory=dict)
    """Who made each attack, by attack number (damage lines of hidden NPCs stay private)."""
    objects: dict[str, dict] = field(default_factory=dict)
    """Objects on the field by name: ``{"kind", "siz", "square"}`` (H-DEF-HIDE-02)."""
    round_end: list[dict] = field(default_factory=list)
    """Extra attacks due at the end of the round ``{"unit", "target", "weapon"}`` (H-MA-RUSH-05)."""
    bonus: dict | None = None
    """The round-end extra attack being taken now, or None."""
    waiting: list[dict] = field(default_factory=list)
    """Attacks waiting for their target's round-start answer ``{"attacker", "target",
    "command"}`` (waiting.py)."""

    def coc_unit(self, unit_id: str) -> CocUnit:
        """The CoC unit ``unit_id`` (KeyError if absent)."""
        unit = self.units[unit_id]
        assert isinstance(unit, CocUnit)
        return unit
