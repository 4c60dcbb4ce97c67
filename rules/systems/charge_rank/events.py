"""Events of the charge-rank system (besides the generic ones of ``rules.battle.events``:
BattleOpened, UnitJoined, UnitRemoved, RoundStarted, TurnStarted, TurnEnded,
SideOutOfAction, BattleEnded). Every die rolled is in a :class:`PoolRolled`."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.events import ConditionChanged, Event, event  # noqa: F401  (ConditionChanged: the generic event)


@event("cr_open_phase")
@dataclass(frozen=True)
class OpenPhase(Event):
    """C-PHASE-02/03: round ``round``'s open phase; ``charges`` is ``[[unit, before, after], …]``."""

    round: int
    charges: list


@event("cr_status")
@dataclass(frozen=True)
class StatusChanged(Event):
    """``unit`` became ``status`` (未行動, 行動済み, 待機); ``cause`` in Japanese."""

    unit: str
    status: str
    cause: str = ""


@event("cr_check")
@dataclass(frozen=True)
class PoolRolled(Event):
    """A check (C-CHECK-01..06): ``unit`` spent ``power`` (charge ``charge_before`` →
    ``charge_after``), rolled ``faces`` at safety rank ``safety``; ``achievement`` is 0 on
    an automatic failure. ``purpose``: 攻撃, 防御, 回避, カウンター, インターセプト,
    カバーリング, 逃亡, 妨害, 移動, or the other action's name. ``target_number``: what it
    must reach, when known. ``critical``: the critical rank (C-CHECK-08, no effect)."""

    unit: str
    purpose: str
    power: int
    faces: list
    achievement: int
    auto_fail: bool
    safety: int
    charge_before: int
    charge_after: int
    critical: int = 0
    target_number: int | None = None
    tier: str = ""
    pulled: bool = False


@event("cr_strike_queued")
@dataclass(frozen=True)
class StrikeQueued(Event):
    """A strike joined the main phase's queue (at the ``front``, or at the end); ``strike``
    is the dict of :mod:`rules.systems.charge_rank.strike`."""

    strike: dict
    front: bool = True


@event("cr_strike_updated")
@dataclass(frozen=True)
class StrikeUpdated(Event):
    """Strike ``strike`` changed: ``changes`` are merged into its dict."""

    strike: int
    changes: dict


@event("cr_strike_ended")
@dataclass(frozen=True)
class StrikeEnded(Event):
    """Strike ``strike`` is resolved; ``outcome`` says how, in Japanese."""

    strike: int
    outcome: str = ""


@event("cr_question")
@dataclass(frozen=True)
class QuestionAsked(Event):
    """``unit`` is asked question ``question`` about strike ``strike``: ``ask`` is
    ``"interrupt"`` (C-INT-01), ``"passive"`` (C-PASS-01) or ``"obstruct"`` (C-ESC-02);
    ``options`` the answer labels; ``text`` the Japanese question."""

    question: int
    ask: str
    unit: str
    options: list
    strike: int
    text: str = ""


@event("cr_answered")
@dataclass(frozen=True)
class Answered(Event):
    """``unit`` answered question ``question`` with ``action`` (なし for none)."""

    question: int
    unit: str
    action: str
    power: int | None = None


@event("cr_question_withdrawn")
@dataclass(frozen=True)
class QuestionWithdrawn(Event):
    """Question ``question`` no longer applies: a KP-allowed interrupt ended its strike or
    took the blow from the unit asked (react.py)."""

    question: int
    reason: str = ""


@event("cr_damage")
@dataclass(frozen=True)
class DamageDealt(Event):
    """C-DMG-01..03: ``unit`` took ``amount``; stamina ``before`` → ``after``;
    ``formula`` shows the arithmetic (``3 × 2 − 3 = 3``)."""

    unit: str
    amount: int
    before: int
    after: int
    formula: str = ""
    source: str = ""


@event("cr_injury")
@dataclass(frozen=True)
class InjuryRecorded(Event):
    """C-INJ-03: one attack's ``damage`` checked the ``degree`` box of ``unit``."""

    unit: str
    degree: str
    damage: int


@event("cr_injury_treated")
@dataclass(frozen=True)
class InjuryTreated(Event):
    """C-INJ-REC-02/03: ``by`` treated ``unit``'s ``degree`` at power rank ``power``;
    ``success``: it heals one stage faster (not an automatic failure)."""

    unit: str
    degree: str
    by: str
    power: int
    success: bool


@event("cr_stamina_max")
@dataclass(frozen=True)
class StaminaMaxLowered(Event):
    """C-INJ-05, at the battle's end: ``unit``'s maximum stamina is ``before`` → ``after``
    for its ``injuries`` (the KP's ``injury_stamina_loss``); stamina is at most the new maximum."""

    unit: str
    before: int
    after: int
    injuries: list


@event("cr_rested")
@dataclass(frozen=True)
class Rested(Event):
    """The KP let ``unit`` rest (``/kp rest``): stamina ``before`` → ``after``, its maximum
    (C-INJ-05: 「休めば〔スタミナ〕は全快」, no higher than its injuries leave it)."""

    unit: str
    before: int
    after: int


@event("cr_travel")
@dataclass(frozen=True)
class TravelProgressed(Event):
    """C-OPT-OOA-04: ``unit`` moved ``before`` → ``after`` power ranks of ``distance``."""

    unit: str
    before: int
    after: int
    distance: int
