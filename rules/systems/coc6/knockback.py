"""Knockback 「吹き飛ばし」 along the line of the blow, into obstacles and walls (H-KB-01,
H-MA-TACKLE-08)."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.damage import roll_damage, take_damage
from rules.systems.coc6.grid import WALL, Square, object_at, outside, step
from rules.systems.coc6.state import CocState

KNOCKBACK_SQUARES = 3
"""H-MA-TACKLE-08: the target is knocked back 3 squares."""

IMPACT = {"遮蔽物": "1D3", WALL: "1D4"}
"""H-KB-01: extra damage for hitting an obstacle (+1D3) or a wall (+1D4)."""


def knock_back(d: Decision[CocState], attack: int, unit_id: str, delta: Square, dice: Dice,
               squares: int = KNOCKBACK_SQUARES) -> None:
    """Move ``unit_id`` up to ``squares`` squares along ``delta``; an obstacle or wall in
    the way stops it in the square before and deals +1D3 / +1D4 (H-KB-01); the map's edge
    (:func:`grid.outside`) stops it with no damage.

    Without a square (play without a map) or a direction nothing moves: the KP rules it.
    """
    unit = d.state.coc_unit(unit_id)
    if unit.square is None or delta == (0, 0):
        return
    here, moved = unit.square, 0
    struck, edge = None, False
    for _ in range(squares):
        ahead = step(here, delta)
        if ahead is None or outside(d.state, ahead) is not None:  # the map ends: it stops there
            edge = True
            break
        found = object_at(d.state, ahead)
        if found is not None:
            struck = found
            break
        here, moved = ahead, moved + 1
    crash = "、マップの端で止まった" if edge and moved < squares else ""
    if struck is not None:
        crash = f"、{struck[0]}（{struck[1].get('kind', '遮蔽物')}）に激突"
    if moved or struck is not None:
        d.emit(ce.UnitMoved(unit=unit_id, start=unit.square, square=here,
                            cause=f"{moved}マス吹き飛ばされた{crash}"))
    if struck is not None:
        name, obj = struck
        kind = obj.get("kind", "遮蔽物")
        expr = IMPACT.get(kind, IMPACT["遮蔽物"])
        amount = roll_damage(d, attack, unit_id, expr, dice)
        take_damage(d, unit_id, amount, dice, cause=f"{name}（{kind}）に激突（H-KB-01）")
