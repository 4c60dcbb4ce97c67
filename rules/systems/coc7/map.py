"""The map of a 7th-edition battle, on the same board as every CoC battle
(rules.systems.coc6.grid: squares of 1 m, ``/kp place``, ``/kp object``): ``/move to:`` on
one's turn along the shortest free path, up to the unit's MOV in squares a turn (7-MOVE-01);
a held or pinned unit cannot move (7-MAN-07/08); a holder who moves lets go."""
from __future__ import annotations

from rules.battle.commands import Move, Place, PlaceObject
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.grid import COVER, distance, normalize, object_at, outside, path_length
from rules.systems.coc6.movement import place, place_object
from rules.systems.coc7.acting import require_no_pending, require_turn
from rules.systems.coc7.maneuver import release
from rules.systems.coc7.state import HELD, PINNED, Coc7State, Coc7Unit


def move(d: Decision[Coc7State], cmd: Move) -> None:
    """``/move to:C4`` on the unit's turn (see the module docstring). Raises InvalidInput:
    off the map, blocked, no free path, not placed; RuleViolation 7-MOVE-01 (beyond MOV this
    turn), 7-MAN-07 (held or pinned)."""
    state = d.state
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, Coc7Unit) and unit.sheet is not None
    require_turn(state, unit)
    require_no_pending(state)
    if unit.square is None:
        raise InvalidInput(f"{unit.id}はマップに置かれていません。KPが /kp place name:{unit.id} to:マス で配置します。")
    dest = normalize(cmd.to)
    off = outside(state, dest)
    if off is not None:
        raise InvalidInput(off)
    blocked = object_at(state, dest)
    if blocked is not None:
        raise InvalidInput(f"{dest}には{blocked[0]}（{blocked[1].get('kind', COVER)}）があって入れません。")
    if distance(unit.square, dest) == 0:
        raise InvalidInput(f"{unit.id}はすでに{dest}にいます。")
    steps = path_length(state, unit.square, dest, unit.id)
    if steps is None:
        raise InvalidInput(f"{unit.square}から{dest}へは壁や遮蔽物、ほかのユニットにふさがれて行けません。")
    if HELD in unit.conditions or PINNED in unit.conditions:
        forbid("7-MAN-07", f"{unit.id}は{unit.marks.get('held_by', '相手')}に組み付かれていて動けません（振りほどくにはマヌーバー）。")
    left = unit.sheet.move - unit.moved
    if steps > left:
        forbid("7-MOVE-01", f"{unit.id}がこの手番に動けるのはMOV{unit.sheet.move}マスまでです（{dest}までは{steps}マス、残り{left}）。")
    if unit.marks.get("holding"):
        release(d, unit.id, unit.marks["holding"], f"{unit.id}が移動して手を離した")
    d.emit(ce.UnitMoved(unit=unit.id, start=unit.square, square=dest, squares=steps))


HANDLERS = {Move: move, Place: lambda d, cmd: place(None, d, cmd), PlaceObject: lambda d, cmd: place_object(None, d, cmd)}
"""``{command class: handler(decision, command)}`` for the map commands."""
