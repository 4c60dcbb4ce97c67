"""The keeper's rulings as commands and events (H-GEN-01: the KP's word beats every rule).

Commands here are decided by each game system (``/kp set``, ``/kp skip``, ``/kp order``,
``/kp setting``, ``/kp handover``); undo, redo, override and allow work on steps and are
orchestrated by the service (rules.battle.steps). Every ruling is recorded as an event so
the battle log shows who overrode what.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.commands import Command
from rules.battle.events import Event, event
from rules.battle.state import BattleState


# --- commands ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SetValue(Command):
    """``/kp set target: field: value:``: HP, AP, an ability, a skill, a weapon's HP
    (``武器名.耐久力``) or a condition (``状態`` with ``+転倒`` / ``-転倒``)."""

    target: str = ""
    field: str = ""
    value: str = ""


@dataclass(frozen=True)
class Rest(Command):
    """``/kp rest [name:]``: the KP lets ``name`` (every unit when empty) rest: its stamina
    back to its maximum, which its injuries may have lowered (charge rank, C-INJ-05)."""

    name: str = ""


@dataclass(frozen=True)
class SkipTurn(Command):
    """``/kp skip``: end the current turn now (also the auto-skip of an idle turn)."""


@dataclass(frozen=True)
class Reorder(Command):
    """``/kp order name: position:``: put ``name`` at ``position`` (1-based) of this round."""

    name: str = ""
    position: int = 1


@dataclass(frozen=True)
class ChangeSetting(Command):
    """``/kp setting key: value:``: ``value`` already parsed by the service (bool/int/str)."""

    key: str = ""
    value: object = None


@dataclass(frozen=True)
class Handover(Command):
    """``/kp handover user:``: ``user`` (a user id) becomes the battle's keeper."""

    user: str = ""


@dataclass(frozen=True)
class CloseDeclarations(Command):
    """``/kp close`` or 「宣言を締め切る」: the KP (or the service's timeout, ``timeout=True``)
    closes this round's start-of-round declarations; whoever has not answered has declared
    nothing (rules/systems/coc6/declarations.py)."""

    timeout: bool = False


@dataclass(frozen=True)
class Override(Command):
    """``/kp override result:``: recorded as the command of an override step (the service
    re-decides the reverted commands; systems never receive it)."""

    result: str = ""


# --- events -----------------------------------------------------------------------------

@event("keeper.ruling")
@dataclass(frozen=True)
class KeeperRuling(Event):
    """A KP ruling for the log: ``action`` (上書き, 許可, スキップ, 設定 …), ``detail`` in
    Japanese, and the ``clause`` lifted or overruled (H-GEN-01)."""

    by: str
    action: str
    detail: str = ""
    clause: str = ""


@event("keeper.changed")
@dataclass(frozen=True)
class KeeperChanged(Event):
    """The battle's keeper became ``keeper`` (``/kp handover`` by ``by``)."""

    keeper: str
    by: str


@event("keeper.order_changed")
@dataclass(frozen=True)
class OrderChanged(Event):
    """This round's turn order became ``order`` (unit ids); ties keep it later (X-ORDER-01)."""

    order: list
    by: str


@event("keeper.setting_changed")
@dataclass(frozen=True)
class SettingChanged(Event):
    """The battle's setting ``key`` became ``value`` (``/kp setting``)."""

    key: str
    value: object
    by: str = ""


# --- folding the shared events ------------------------------------------------------------

def apply_keeper_changed(state: BattleState, e: KeeperChanged) -> None:
    """The battle's keeper becomes ``e.keeper``."""
    state.keeper = e.keeper


def apply_setting_changed(state: BattleState, e: SettingChanged) -> None:
    """The battle's setting ``e.key`` becomes ``e.value``."""
    state.settings[e.key] = e.value


def apply_order_changed(state: BattleState, e: OrderChanged) -> None:
    """Set this round's order; the tie order (``join_seq``) of the units listed follows it,
    so units tied on DEX keep the KP's order in later rounds (X-ORDER-01)."""
    state.order = [u for u in e.order if u in state.units]
    listed = [state.units[u] for u in state.order]
    for unit, seq in zip(listed, sorted(u.join_seq for u in listed)):
        unit.join_seq = seq


KEEPER_HANDLERS = {
    KeeperChanged: apply_keeper_changed,
    SettingChanged: apply_setting_changed,
    OrderChanged: apply_order_changed,
}
"""``{event class: apply(state, event)}`` for a system's evolve table."""
