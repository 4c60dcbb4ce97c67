"""The round-start declaration window's events and how they fold (the decisions and prompts
are in declarations.py): who is still awaited (``CocState.declaring``), who may still declare
(``CocState.may_declare``), and the timing guard every round-start declaration shares
(受け流し H-DEF-PARRY-01 / P-PARRY-02, 「○○に集中」 H-DEF-03, 行動遅延 H-DELAY-01)."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle import events as ev
from rules.battle.events import Event, event
from rules.errors import forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.state import CocState, CocUnit


@event("coc.declarations_opened")
@dataclass(frozen=True)
class DeclarationsOpened(Event):
    """Round ``round`` calls ``units`` (ids, in turn order) for their declarations."""

    round: int
    units: list


@event("coc.declaration_answered")
@dataclass(frozen=True)
class DeclarationAnswered(Event):
    """``unit`` declares nothing (more) this round: 「宣言しない」."""

    unit: str


@event("coc.declarations_closed")
@dataclass(frozen=True)
class DeclarationsClosed(Event):
    """The KP (``by``) or the timeout closed this round's declarations; ``silent`` lists the
    units that had not answered (they declared nothing)."""

    by: str
    silent: list
    timeout: bool = False


# --- the timing guard ----------------------------------------------------------------------

def require_window(state: CocState, unit: CocUnit, clause: str, what: str) -> None:
    """Raise RuleViolation ``clause`` (liftable with ``/kp allow``) unless ``unit`` may still
    declare this round: it was called, has not acted, answered 宣言しない or been asked to
    react, and the window is not closed. The refusal says which of these is true (issue 29)."""
    if unit.id in state.may_declare:
        return
    left = state.window_left.get(unit.id)
    if left:
        why = f"{unit.id}は{left}ので、もう宣言できません"
    elif unit.marks.get("no_declare"):
        why = f"{unit.id}は「以後宣言しない」を選んでいます（/declare action:宣言再開 で次のラウンドから戻せます）"
    elif "スタン" in unit.conditions:
        why = f"{unit.id}はスタンしているので、このラウンドは宣言できません"
    else:
        why = f"{unit.id}はこのラウンドの宣言の受付に入っていません（ラウンドの途中から参加したときは次のラウンドから）"
    forbid(clause, f"{what}はラウンドのはじめ（宣言の受付中）に行います。{why}")


# --- folding ------------------------------------------------------------------------------

def _leave(state: CocState, unit: str, why: str) -> None:
    """``unit`` can no longer declare this round (it answered, acted or was asked): ``why``,
    the first reason, is kept for the refusals."""
    if unit in state.may_declare:
        state.window_left.setdefault(unit, why)
    if unit in state.declaring:
        state.declaring.remove(unit)
    if unit in state.may_declare:
        state.may_declare.remove(unit)


def _opened(state: CocState, e: DeclarationsOpened) -> None:
    state.declaring = [u for u in e.units if u in state.units]
    state.may_declare = list(state.declaring)
    state.window_left = {}


def _closed(state: CocState, e: DeclarationsClosed) -> None:
    why = "宣言の受付が時間切れで締め切られた" if e.timeout else "宣言の受付がKPに締め切られた"
    for unit in state.may_declare:
        state.window_left.setdefault(unit, why)
    state.declaring.clear()
    state.may_declare.clear()


def _declared(state: CocState, e: ce.Declared) -> None:
    if e.unit in state.declaring:  # it answered; it may still add a declaration
        state.declaring.remove(e.unit)


ACTED_WORDS = {ce.AttackDeclared: "攻撃した", ce.ApSpent: "行動ポイントを使った", ce.UnitMoved: "移動した",
               ev.TurnEnded: "手番を終えた", ce.ReactionRequested: "攻撃への対応を求められた",
               ev.UnitRemoved: "戦闘から外れた"}
"""What a unit did that closed its window, as a refusal says it (「…すでに攻撃したので」)."""


def _acted(state: CocState, e: Event) -> None:
    """Acting (or being asked to react) counts as having declared nothing more."""
    unit = getattr(e, "attacker", None) if isinstance(e, ce.AttackDeclared) else getattr(e, "unit", None)
    if isinstance(e, ce.UnitMoved) and not e.ap:
        return
    if unit:
        _leave(state, unit, "このラウンドすでに" + ACTED_WORDS.get(type(e), "行動した"))


WINDOW_HANDLERS = {
    DeclarationsOpened: _opened,
    DeclarationAnswered: lambda s, e: _leave(s, e.unit, "このラウンドは「宣言しない」と答えた"),
    DeclarationsClosed: _closed,
}
"""Events of the window itself, merged into evolve's table."""

CLOSING_EVENTS = (ce.AttackDeclared, ce.ApSpent, ce.UnitMoved, ev.TurnEnded, ce.ReactionRequested,
                  ev.UnitRemoved)
"""Events after whose own effect the unit's window closes (:func:`after`); a unit removed
from the battle is no longer awaited either."""


def after(state: CocState, event: Event) -> None:
    """The window's part of folding ``event`` (called by evolve after the event's own
    handler): a declaration answers, acting or being asked closes the unit's window."""
    if isinstance(event, ce.Declared):
        _declared(state, event)
    elif isinstance(event, CLOSING_EVENTS):
        _acted(state, event)
