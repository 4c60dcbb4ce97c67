"""The state of a 7th-edition battle: units with their investigator sheet, HP, weapons in
hand and their ammunition, and what this round has counted (responses for 多勢に無勢)."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.battle.state import BattleState, Unit
from rules.coc7.character import Investigator
from rules.coc7.weapons import Weapon7

MAJOR_WOUND, DYING, UNCONSCIOUS, DEAD = "重傷", "瀕死", "気絶", "死亡"
"""The wound conditions (7-HP-02..06)."""
HELD, PINNED, HOLDING, PRONE = "組み付き", "押さえ込み", "組み付き中", "転倒"
"""The conditions maneuvers leave (7-MAN-06..09): held, pinned, holding another, knocked down."""


@dataclass
class Arm:
    """A weapon's condition in this battle: ``ammo`` rounds left (None: it uses none),
    ``jammed`` (a malfunction, 7-FIRE-07), ``dropped`` (disarmed, 7-MAN-10)."""

    ammo: int | None = None
    jammed: bool = False
    dropped: bool = False


@dataclass
class Coc7Unit(Unit):
    """A unit of a 7th-edition battle.

    Attributes:
        sheet: its investigator (monsters and NPCs are sheets too); ``hp``/``hp_max``: HP,
            never below 0 (7-HP-01);
        arms: the condition of each weapon by name; ``in_hand``: the weapon it holds (its
            last attack's, or the sheet's first): a firearm in hand when a round begins is
            readied (7-ORDER-02);
        attacks: attacks made in its current turn (7-ATK-01);
        responses: dodges and fights back this round (7-OUTN-01);
        square: its map square or None; ``moved``: squares moved this turn (7-MOVE-01);
        marks: ``holding`` (the unit it holds), ``held_by`` (who holds it), ``dived`` (the
            round it dived for cover, 7-FIRE-05), ``forfeit`` (the round from which its next
            attack is lost, 7-FIRE-06), ``treated`` (skills that healed its current injury,
            7-AID-03), ``acted`` (an action took the turn's attack: reload, pick up, treat).
    """

    sheet: Investigator | None = None
    hp: int = 0
    hp_max: int = 0
    arms: dict[str, Arm] = field(default_factory=dict)
    in_hand: str = ""
    attacks: int = 0
    responses: int = 0
    square: str | None = None
    moved: int = 0
    marks: dict = field(default_factory=dict)

    @property
    def dex(self) -> int:
        """DEX from the sheet (the order's value, 7-ORDER-01)."""
        return self.sheet.stat("DEX") if self.sheet else 0

    @property
    def build(self) -> int:
        """The build (ビルド) from STR + SIZ (7-MAN-02)."""
        return self.sheet.build if self.sheet else 0

    def weapon(self, name: str | None) -> Weapon7 | None:
        """The sheet's weapon ``name`` (or None)."""
        return self.sheet.weapon(name) if self.sheet and name else None

    @property
    def actions(self) -> int:
        """Attacks (and actions taking an attack's place: reload, pick up) this turn (7-ATK-01)."""
        return self.attacks + (1 if self.marks.get("acted") else 0)

    @property
    def held_weapon(self) -> Weapon7 | None:
        """The weapon in hand (its sheet's first weapon until it attacks with another)."""
        return self.weapon(self.in_hand)


@dataclass
class Coc7State(BattleState):
    """A 7th-edition battle: ``next_attack`` numbers attacks, ``attackers`` says whose each
    is, ``objects`` are the map's cover and walls (``{"kind", "siz", "square"}``)."""

    next_attack: int = 1
    attackers: dict[int, str] = field(default_factory=dict)
    objects: dict[str, dict] = field(default_factory=dict)

    def unit7(self, unit_id: str) -> Coc7Unit:
        """The unit ``unit_id`` (KeyError if absent)."""
        unit = self.units[unit_id]
        assert isinstance(unit, Coc7Unit)
        return unit
