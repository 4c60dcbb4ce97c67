"""Japanese log lines for the 7th-edition battle's own events (rules.systems.coc7.events);
its CoC events (attacks, rolls, damage, HP, conditions) are read as every CoC battle's."""
from __future__ import annotations

from rules.battle.events import Event
from rules.battle.protocol import BattleView
from rules.systems.coc7 import events as e7

from bot.render.line_table import LineTable


def coc7_line(e: Event, view: BattleView | None = None) -> str | None:
    """The line of a 7th-edition event, or None for any other event (or one with no line);
    a hidden NPC's readied gun is named without its numbers (its DEX is the KP's secret)."""
    return COC7(e, view)


def _readied(e: e7.FirearmsReadied, view: BattleView | None) -> str:
    hidden = {r.name for r in view.rows if r.hidden} if view else set()
    guns = "、".join(f"{unit}（DEX+50）" if unit in hidden else f"{unit}（{weapon}、DEX {dex}+50）"
                     for unit, weapon, dex in e.units)
    return f"銃を構えている: {guns}"


LINES = {e7.FirearmsReadied: _readied, e7.ArmChanged: lambda e, _: e.note or None,
         e7.InHand: lambda e, _: e.note or None}
"""The 7th-edition events' lines by class (a line_table group)."""
COC7 = LineTable(LINES)
