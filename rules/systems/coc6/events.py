"""Events of CoC 6 combat (both rule sets). Rolls carry their faces and BCDice text."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.battle.events import Event, event


@event("coc.declared")
@dataclass(frozen=True)
class Declared(Event):
    """A round-start declaration (受け流し, 行動遅延, ○○に集中)."""

    unit: str
    action: str
    target: str | None = None
    amount: int | None = None


@event("coc.attack_declared")
@dataclass(frozen=True)
class AttackDeclared(Event):
    """``attacker`` attacks ``target`` with ``weapon`` at ``skill`` % spending ``ap``."""

    attack: int
    attacker: str
    target: str
    weapon: str
    skill: int
    ap: int = 1
    counts: bool = True
    special: str | None = None
    aim: str | None = None


@event("coc.check_rolled")
@dataclass(frozen=True)
class CheckRolled(Event):
    """A 1D100 check: ``purpose`` is 攻撃, 回避, 受け流し, 組み付き, ショック (CON×5) …"""

    unit: str
    purpose: str
    target: int
    roll: int
    level: str
    text: str
    attack: int | None = None


@event("coc.reaction_requested")
@dataclass(frozen=True)
class ReactionRequested(Event):
    """The attack hit: ``unit`` must choose among ``options``."""

    attack: int
    unit: str
    attacker: str
    options: list
    context: dict = field(default_factory=dict)


@event("coc.reaction_chosen")
@dataclass(frozen=True)
class ReactionChosen(Event):
    """The defender chose ``action`` (with ``weapon`` for a parry)."""

    attack: int
    unit: str
    action: str
    weapon: str | None = None


@event("coc.damage_rolled")
@dataclass(frozen=True)
class DamageRolled(Event):
    """Damage dice for an attack on ``unit``: ``expr`` → ``total`` (BCDice ``text``)."""

    attack: int
    unit: str
    expr: str
    total: int
    text: str
    rolls: list = field(default_factory=list)


@event("coc.hp_changed")
@dataclass(frozen=True)
class HpChanged(Event):
    """``unit``'s HP went from ``before`` to ``after`` (signed, X-HP-02)."""

    unit: str
    before: int
    after: int
    cause: str = ""


@event("coc.weapon_changed")
@dataclass(frozen=True)
class WeaponChanged(Event):
    """A weapon's HP or condition changed (parry damage, P-DMG / H-DEF-PARRY-15..21)."""

    unit: str
    weapon: str
    hp: int | None
    broken: bool
    cannot_fire: bool
    note: str = ""


@event("coc.condition_changed")
@dataclass(frozen=True)
class ConditionChanged(Event):
    """``condition`` was added to (``added``) or removed from ``unit``."""

    unit: str
    condition: str
    added: bool = True
    cause: str = ""


@event("coc.reaction_used")
@dataclass(frozen=True)
class ReactionUsed(Event):
    """A defensive action counted against the once-per-round limit (H-DEF-01, P-PARRY-01)."""

    unit: str
    action: str
    weapon: str | None = None


@event("coc.attack_resolved")
@dataclass(frozen=True)
class AttackResolved(Event):
    """The attack is over; ``outcome`` summarises it in Japanese."""

    attack: int
    outcome: str = ""
