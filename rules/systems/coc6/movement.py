"""Moving on the map: ``/move to:`` at 1 AP per square (H-AP-02, diagonals included), the
all-out move of 3 squares in one go (H-AP-03), moving before or after the attack
(H-AP-05); and the KP's ``/kp place`` and ``/kp object`` (cover with SIZ, walls)."""
from __future__ import annotations

from rules.battle.commands import Move, Place, PlaceObject
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit, find_unit, require_keeper
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.hide import HIDDEN
from rules.systems.coc6.attack import require_no_pending, require_turn
from rules.systems.coc6.conditions import require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.grid import (COVER, OBJECT_KINDS, WALL, distance, normalize, object_at, outside,
                                     parse_squares, path_length)
from rules.systems.coc6.state import CocState, CocUnit

ALL_OUT = 3
"""H-AP-03: moving 3 squares in one go is the all-out move."""

OFF_MAP = ("", "なし", "-", "外", "マップ外")


def move(rules: CocRules, d: Decision[CocState], cmd: Move) -> None:
    """``/move to:C4`` on the unit's turn: the shortest free path in squares, around walls,
    cover and other units (X-REACH-01, :func:`grid.path_length`) = AP spent (H-AP-02); 3 in one go is the all-out move and ends other actions (H-AP-03). A 流鏑馬
    shot's free square costs nothing (H-KYU-YABU-03).

    A square off the map (:func:`grid.outside`) is refused first, as input no KP may allow;
    an over-long move the KP allows (H-AP-02) spends the AP left, so AP never go below 0.

    Raises InvalidInput: off the map, blocked, no free path, not placed. RuleViolation:
    H-AP-02 (AP short, naming the path's length), H-AP-03 (moving after the all-out move or an all-out move after an attack),
    X-STUN-01 / H-KYU-STRING-02 (may not act).
    """
    state = d.state
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CocUnit)
    require_turn(state, unit)
    require_no_pending(state)
    require_active(unit)
    if not (cmd.to or "").strip():
        raise InvalidInput("移動先のマスを to: で指定してください（例: /move to:C4）。")
    if unit.square is None:
        raise InvalidInput(f"{unit.id}はマップに置かれていません。KPが /kp place name:{unit.id} to:マス で配置します。")
    dest = normalize(cmd.to)
    off = outside(state, dest)
    if off is not None:  # before any rule: not a refusal the KP can allow (no clause)
        raise InvalidInput(off)
    blocked = object_at(state, dest)
    if blocked is not None:
        raise InvalidInput(f"{dest}には{blocked[0]}（{blocked[1].get('kind', COVER)}）があって入れません。")
    straight = distance(unit.square, dest)
    if straight == 0:
        raise InvalidInput(f"{unit.id}はすでに{dest}にいます。")
    steps = path_length(state, unit.square, dest, unit.id)  # around walls (X-REACH-01)
    if steps is None:
        raise InvalidInput(f"{unit.square}から{dest}へは壁や遮蔽物、ほかのユニットにふさがれて行けません（X-REACH-01）。")
    around = f"壁やほかのユニットを避けて{steps}マス（直線なら{straight}マス）" if steps > straight else f"{steps}マス"
    if unit.all_out:
        forbid("H-AP-03", f"{unit.id}はこのターン全力移動したので、これ以上は動けません。")
    free = 1 if unit.marks.get("free_move") and steps == 1 else 0
    cost = (steps - free) if rules.uses_ap else 0
    if rules.uses_ap and cost > unit.ap:
        forbid("H-AP-02", f"移動は1マス1ポイントです（{dest}までは{around}で{cost}ポイント、残り{unit.ap}）。")
        cost = max(unit.ap, 0)  # the KP allowed it: the AP left are spent, never below 0
    all_out = rules.uses_ap and steps >= ALL_OUT
    if all_out and unit.attacks:
        forbid("H-AP-03", "全力移動（一度に3マス）をしたターンはほかの行動ができません（すでに攻撃しています）。")
    if free:
        d.emit(ce.UnitMarked(unit=unit.id, key="free_move", value=None))
    d.emit(ce.UnitMoved(unit=unit.id, start=unit.square, square=dest, ap=cost, squares=steps,
                        all_out=all_out, cause="流鏑馬（H-KYU-YABU-03）" if free else ""))
    if HIDDEN in unit.conditions:  # H-DEF-HIDE-05 default: hiding ends when the hider moves away
        d.emit(ce.ConditionChanged(unit=unit.id, condition=HIDDEN, added=False, cause="物陰から移動した"))


def place(rules: CocRules, d: Decision[CocState], cmd: Place) -> None:
    """``/kp place name: to:``: put a unit on a square, or off the map (``to:なし``); any unit
    with a ``square`` (the 7th edition's too: rules.systems.coc7.map)."""
    require_keeper(d.state, cmd, "ユニットの配置")
    unit = find_unit(d.state, cmd.name)
    square = None if (cmd.to or "").strip() in OFF_MAP else normalize(cmd.to)
    if square is not None:
        blocked = object_at(d.state, square)
        if blocked is not None and blocked[1].get("kind") == WALL:
            raise InvalidInput(f"{square}は壁（{blocked[0]}）です。")
    d.emit(ce.UnitMoved(unit=unit.id, start=getattr(unit, "square", None), square=square, cause="KPが配置"))


def place_object(rules: CocRules, d: Decision[CocState], cmd: PlaceObject) -> None:
    """``/kp object name: [siz:] [at:] [kind:]``: cover (遮蔽物, with SIZ, for 隠れる and the
    −20% obstacle, H-FIRE-02) or a wall (壁, H-KB-01) on a square, on each square of a run
    ``A1-A5`` (named ``名前1``, ``名前2`` …), or with no square (play without a map)."""
    require_keeper(d.state, cmd, "物体の配置")
    name = (cmd.name or "").strip()
    if not name:
        raise InvalidInput("物体の名前を name: で指定してください。")
    kind = (cmd.kind or COVER).strip()
    if kind not in OBJECT_KINDS:
        raise InvalidInput(f"種類は {'か'.join(OBJECT_KINDS)} です。")
    if cmd.siz is not None and cmd.siz < 1:
        raise InvalidInput("siz: には1以上を指定してください。")
    squares = parse_squares(cmd.at) if cmd.at else [None]
    for i, square in enumerate(squares, start=1):
        label = name if len(squares) == 1 else f"{name}{i}"
        d.emit(ce.ObjectPlaced(name=label, object_kind=kind, siz=cmd.siz, square=square))


HANDLERS = {Move: move, Place: place, PlaceObject: place_object}
"""``{command class: handler(rules, decision, command)}`` for the map commands."""
