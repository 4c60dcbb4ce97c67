"""Battle events: the append-only truth of a battle (ARCHITECTURE.md, decide/evolve).

Every event is a frozen dataclass of JSON-friendly fields, registered under a stable
``kind`` string so that it can be stored and read back (:func:`to_record`,
:func:`from_record`). Events carry every die rolled, so folding them never rolls.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar

from rules.battle.frozen import quick_init

_REGISTRY: dict[str, type] = {}

RENAMED_KINDS = {"coc.condition_changed": "condition_changed", "cr_condition": "condition_changed"}
"""Kinds stored by earlier versions, read as the event that replaced them."""


class UnknownEvent(Exception):
    """A stored event kind that no event class is registered for."""


def event(kind: str):
    """Class decorator: register a frozen dataclass as the event ``kind`` (with the fast
    ``__init__`` of :func:`rules.battle.frozen.quick_init`; raises TypeError for a class
    that needs more, see there)."""

    def register(cls):
        if any(f.name == "kind" for f in fields(cls)):
            raise TypeError(f"{cls.__name__}: an event field may not be called 'kind'")
        if kind in _REGISTRY:
            raise ValueError(f"event kind {kind!r} registered twice")
        cls.kind = kind
        _REGISTRY[kind] = cls
        return quick_init(cls)

    return register


@dataclass(frozen=True)
class Event:
    """Base of all events. ``kind`` is set by :func:`event`."""

    kind: ClassVar[str] = ""


def to_record(ev: Event) -> tuple[str, dict[str, Any]]:
    """``(kind, payload)`` for storing ``ev``; the payload is JSON-serialisable."""
    return ev.kind, asdict(ev)


def from_record(kind: str, payload: dict[str, Any]) -> Event:
    """Rebuild an event from :func:`to_record`'s output; raises UnknownEvent."""
    cls = _REGISTRY.get(RENAMED_KINDS.get(kind, kind))
    if cls is None:
        raise UnknownEvent(kind)
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in payload.items() if k in names})


# --- events every system shares -------------------------------------------------------

@event("battle_opened")
@dataclass(frozen=True)
class BattleOpened(Event):
    """A battle was opened in a channel by ``keeper`` (user id) under ``system``."""

    system: str
    keeper: str
    settings: dict = field(default_factory=dict)


@event("unit_joined")
@dataclass(frozen=True)
class UnitJoined(Event):
    """A unit entered the battle. ``owner`` is the player's user id, None for an NPC.
    ``sheet`` is the system's character data (CoC: ``Character.to_dict()``)."""

    unit: str
    owner: str | None
    hidden: bool
    sheet: dict


@event("unit_removed")
@dataclass(frozen=True)
class UnitRemoved(Event):
    """A unit left the battle (KP's ``/battle remove``)."""

    unit: str
    by: str


@event("round_started")
@dataclass(frozen=True)
class RoundStarted(Event):
    """Round ``round`` began with the turn order ``order`` (unit ids); ``tied`` lists
    groups of units tied on DEX (X-ORDER-01)."""

    round: int
    order: list
    tied: list = field(default_factory=list)


@event("turn_started")
@dataclass(frozen=True)
class TurnStarted(Event):
    """``unit``'s turn began with ``ap`` action points (H-AP-01)."""

    unit: str
    round: int
    ap: int


@event("turn_ended")
@dataclass(frozen=True)
class TurnEnded(Event):
    """``unit``'s turn ended (unspent AP are discarded, H-AP-06); ``cause``: why, when it
    did not end by the unit's own ``/end`` (put out of action during it)."""

    unit: str
    cause: str = ""


@event("condition_changed")
@dataclass(frozen=True)
class ConditionChanged(Event):
    """``condition`` (a Japanese term: 転倒, スタン, 気絶, 死亡, 逃亡 …) was added to
    (``added``) or removed from ``unit``; ``cause`` says why in Japanese."""

    unit: str
    condition: str
    added: bool = True
    cause: str = ""


@event("side_out_of_action")
@dataclass(frozen=True)
class SideOutOfAction(Event):
    """Every unit of one side (``"PC"`` or ``"NPC"``) is out of action."""

    side: str


@event("battle_ended")
@dataclass(frozen=True)
class BattleEnded(Event):
    """The KP ended the battle."""

    by: str
