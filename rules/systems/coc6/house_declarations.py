"""``/declare`` actions of the house rules besides 受け流し and ○○に集中: 行動遅延
(H-DELAY-01), 矢をつがえる (preparing a shot, H-ATK-03, H-KYU-02), 弦の張り替え
(H-KYU-STRING-01) and 剛の型破棄 (discarding a stored power draw, H-KYU-GOU-05)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.commands import Declare
from rules.battle.decision import Decision
from rules.coc6.weapons import ParryClass
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import first_of_class, require_no_pending, require_turn
from rules.systems.coc6.conditions import require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.window import require_window
from rules.systems.coc6.turns import RESTRING_AP, advance, begin_turn, next_actor

DELAY, NOCK, RELOAD, RESTRING, DISCARD = "行動遅延", "矢をつがえる", "装填", "弦の張り替え", "剛の型破棄"
HOUSE_DECLARATIONS = (DELAY, NOCK, RESTRING, DISCARD)
"""The house rules' own declarations (装填, 「リロード」, is every rule set's: reload.py)."""


def declare_house(rules: CocRules, d: Decision[CocState], cmd: Declare, unit: CocUnit) -> None:
    """Dispatch one of :data:`HOUSE_DECLARATIONS` for ``unit``."""
    action = (cmd.action or "").strip()
    if action == DELAY:
        delay(d, cmd, unit)
        return
    require_turn(d.state, unit)
    require_no_pending(d.state)
    if action == DISCARD:
        if not unit.marks.get("gou"):
            raise InvalidInput(f"{unit.id}には使っていない剛の型の効果がありません。")
        d.emit(ce.UnitMarked(unit=unit.id, key="gou", value=None, note="剛の型の効果を破棄した（H-KYU-GOU-05）"))
        return
    require_active(unit)
    bow = first_of_class(unit, ParryClass.BOW)
    if bow is None:
        raise InvalidInput(f"{unit.id}は弓を持っていません。")
    if action == RESTRING:
        restring(d, unit, bow)
        return
    if unit.weapons.get(bow) and unit.weapons[bow].nocked:
        raise InvalidInput(f"{bow}にはすでに矢をつがえています。")
    if unit.ap < 1:
        forbid("H-KYU-02", f"{unit.id}の行動ポイントが残っていません（矢をつがえるのに1ポイント）。")
    d.emit(ce.ApSpent(unit=unit.id, ap=1, reason="矢をつがえる（H-KYU-02）"))
    d.emit(ce.WeaponReadied(unit=unit.id, weapon=bow, nocked=True))


def delay(d: Decision[CocState], cmd: Declare, unit: CocUnit) -> None:
    """``/declare action:行動遅延 amount:N``: at the start of the round, lower this round's
    order DEX by N (H-DELAY-01); a unit whose turn it was waits for its new place.

    Raises RuleViolation H-DELAY-01 once the unit's declaration window closed (window.py)
    or a second time.
    """
    require_window(d.state, unit, "H-DELAY-01", "行動遅延の宣言")
    if unit.declared(DELAY):
        forbid("H-DELAY-01", f"{unit.id}はこのラウンドすでに行動遅延を宣言しています。")
    if not cmd.amount or cmd.amount < 1:
        raise InvalidInput("行動遅延で下げるDEXを amount: に1以上で指定してください。")
    d.emit(ce.Declared(unit=unit.id, action=DELAY, amount=int(cmd.amount)))
    first = next_actor(d.state)
    if d.state.turn == unit.id and first is not None and first != unit.id:
        begin_turn(d, first)


def restring(d: Decision[CocState], unit: CocUnit, bow: str) -> None:
    """``/declare action:弦の張り替え``: 6 AP that cannot be interrupted (H-KYU-STRING-01);
    this turn's AP go in now and the turn ends; later turns continue by themselves."""
    if "restring" in unit.marks:
        raise InvalidInput(f"{unit.id}はすでに弦を張り替えています。")
    used = min(unit.ap, RESTRING_AP)
    d.emit(ce.UnitMarked(unit=unit.id, key="restring_bow", value=bow))
    d.emit(ce.ApSpent(unit=unit.id, ap=used, reason="弦の張り替え（H-KYU-STRING-01）"))
    d.emit(ce.UnitMarked(unit=unit.id, key="restring", value=used,
                         note=f"弦の張り替え {used}/{RESTRING_AP}ポイント（防御的な行動のみ可能）"))
    d.emit(ev.TurnEnded(unit=unit.id))
    advance(d)
