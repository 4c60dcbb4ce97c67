"""Events of CoC 6 combat (both rule sets). Rolls carry their faces and BCDice text."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.battle.events import ConditionChanged, Event, event  # noqa: F401  (ConditionChanged: the generic event)


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
    note: str = ""
    """How a modified target was made (``（目標値 10 −20（集中、H-DEF-04） ＝ 0 …）``), or ''."""
    skills: dict = field(default_factory=dict)
    """The skills the roll was made with and each one's level (``{"武道（空手）": "失敗",
    "こぶし": "成功"}`` for a combination, X-COMB-01; ``{"回避": "決定的成功/スペシャル"}``
    for a counter's roll), when the purpose does not name them alone; {} otherwise. A
    success marks each skill for growth (X-GROW-01)."""


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
    """Damage dice for an attack on ``unit``: ``expr`` → ``total`` (BCDice ``text``);
    ``attacker`` is whose attack it was ('' for damage without one, e.g. a fall); ``impale``:
    the weapon's dice rolled twice for a special (貫通, X-IMPALE-01); ``weapon``: the gun that
    hit when one attack fires two (2丁拳銃, H-FIRE-UNAIM-02), else ''."""

    attack: int
    unit: str
    expr: str
    total: int
    text: str
    rolls: list = field(default_factory=list)
    attacker: str = ""
    impale: bool = False
    weapon: str = ""


@event("coc.reduction_rolled")
@dataclass(frozen=True)
class ReductionRolled(Event):
    """A successful 「防御」 reduces the damage on ``unit`` by ``expr`` → ``total`` plus its
    ``armor`` points (H-DEF-BLOCK-01/02/04; BCDice ``text``)."""

    attack: int
    unit: str
    expr: str
    total: int
    text: str
    armor: int = 0


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


@event("coc.reaction_used")
@dataclass(frozen=True)
class ReactionUsed(Event):
    """A defensive action counted against the once-per-round limit (H-DEF-01, P-PARRY-01)."""

    unit: str
    action: str
    weapon: str | None = None
    uses: int = 1


@event("coc.pending_closed")
@dataclass(frozen=True)
class PendingClosed(Event):
    """``unit``'s question about ``attack`` is answered while the attack goes on (a follow-up
    question or another unit's answer is still open, H-DEF-COVER-07/11, H-DEF-DODGE-03)."""

    attack: int
    unit: str
    outcome: str = ""


@event("coc.focus_succeeded")
@dataclass(frozen=True)
class FocusSucceeded(Event):
    """A concentrated defensive action succeeded: the following rolls get −20% (H-DEF-04)."""

    unit: str
    action: str


@event("coc.extra_use_granted")
@dataclass(frozen=True)
class ExtraUseGranted(Event):
    """``unit`` may use ``action`` once more this round (継続回避, H-DEF-DODGE-05)."""

    unit: str
    action: str


@event("coc.object_placed")
@dataclass(frozen=True)
class ObjectPlaced(Event):
    """An object on the field: ``object_kind`` 遮蔽物 (cover, with ``siz``, H-DEF-HIDE-02) or 壁;
    ``square`` None = no square (play without a map)."""

    name: str
    object_kind: str = "遮蔽物"
    siz: int | None = None
    square: str | None = None


@event("coc.attack_resolved")
@dataclass(frozen=True)
class AttackResolved(Event):
    """The attack is over; ``outcome`` summarises it in Japanese."""

    attack: int
    outcome: str = ""


# --- the map, techniques and wounds of the house rules (issue 5) ------------------------

@event("coc.ap_spent")
@dataclass(frozen=True)
class ApSpent(Event):
    """``unit`` spent ``ap`` action points on ``reason`` (矢をつがえる, 精密射撃の宣言 …)."""

    unit: str
    ap: int
    reason: str = ""


@event("coc.unit_moved")
@dataclass(frozen=True)
class UnitMoved(Event):
    """``unit`` went from ``start`` to ``square`` (None = off the map) spending ``ap``;
    ``squares`` counted for the turn (H-AP-02/03); ``cause`` names a knockback or placing."""

    unit: str
    start: str | None
    square: str | None
    ap: int = 0
    squares: int = 0
    all_out: bool = False
    cause: str = ""


@event("coc.wound_taken")
@dataclass(frozen=True)
class WoundTaken(Event):
    """A called or joint shot's lasting loss on ``unit``: ``stats``/``skills`` are the deltas
    (``{"DEX": -1}``) applied to its sheet until treated; ``part`` 腕, 足, 羽, 肩, 膝, 喉."""

    unit: str
    part: str
    stats: dict = field(default_factory=dict)
    skills: dict = field(default_factory=dict)
    note: str = ""


@event("coc.wounds_treated")
@dataclass(frozen=True)
class WoundsTreated(Event):
    """A successful 〈応急手当〉/〈医学〉 by ``by`` undid ``parts`` of ``unit``'s wounds."""

    unit: str
    parts: list
    by: str = ""


@event("coc.weapon_readied")
@dataclass(frozen=True)
class WeaponReadied(Event):
    """A weapon's readiness: ``nocked`` (arrow on the string), ``string`` (durability),
    ``dropped`` (``cause``: the clause that dropped it, H-CALL-ARM-04, B-CALL-ARM-02,
    B-CALL-WPN-02); None leaves a field as it is."""

    unit: str
    weapon: str
    nocked: bool | None = None
    string: int | None = None
    dropped: bool | None = None
    note: str = ""
    cause: str = ""


@event("coc.unit_marked")
@dataclass(frozen=True)
class UnitMarked(Event):
    """A technique state of ``unit`` (see ``CocUnit.marks``) set to ``value`` (None clears it)."""

    unit: str
    key: str
    value: object = None
    note: str = ""


@event("coc.extra_attack_queued")
@dataclass(frozen=True)
class ExtraAttackQueued(Event):
    """``unit`` may attack ``target`` once more at the end of the round (H-MA-RUSH-05)."""

    unit: str
    target: str
    weapon: str


@event("coc.extra_attack_started")
@dataclass(frozen=True)
class ExtraAttackStarted(Event):
    """The round-end extra attack of ``unit`` on ``target`` begins (0 AP, H-MA-RUSH-05)."""

    unit: str
    target: str
    weapon: str
    round: int


@event("coc.pending_handed_over")
@dataclass(frozen=True)
class PendingHandedOver(Event):
    """The question about ``attack`` passes to ``unit`` (the tackler's 組み付き/吹き飛ばし
    choice, H-MA-TACKLE-06); the previous question about it is closed."""

    attack: int
    unit: str
    options: list
    context: dict = field(default_factory=dict)


@event("coc.wound_bled")
@dataclass(frozen=True)
class WoundBled(Event):
    """``unit``'s untreated ``part`` wound bleeds at the start of its turn (喉: 1D3,
    H-KYU-PREC-17); the damage follows as DamageRolled / HpChanged."""

    unit: str
    part: str


@event("coc.knockout_aimed")
@dataclass(frozen=True)
class KnockoutAimed(Event):
    """An attack aimed only at the knockout effect hit ``unit``: its rolled ``damage`` (HP)
    is shown, not applied; the KP applies the published knockout effect (X-KOATK-01)."""

    unit: str
    attacker: str
    damage: int
