"""Japanese log lines for what a CoC unit spends besides HP: a gun's rounds and jams
(rules/systems/coc6/ammo.py: X-AMMO-01..03, X-JAM-01/02) and magic points
(rules/systems/coc6/spells.py: X-MP-01/02)."""
from __future__ import annotations

from rules.battle.events import Event
from rules.battle import magic
from rules.systems.coc6 import ammo

from bot.render.line_table import LineTable


def resource_line(e: Event) -> str | None:
    """The line of a rounds, jam, spell or MP event; None for any other event, and for a
    firing that leaves rounds in the gun (the status board shows what is left)."""
    return RESOURCES(e)


def _spell(e: magic.SpellCast, _) -> str:
    on = f"（対象: {e.target}）" if e.target else ""
    return f"✨ {e.unit}は呪文「{e.spell}」を唱えた{on}。消費MP {e.mp}。効果はKPが裁定します。"


def _mp(e: magic.MpChanged, _) -> str:
    cause = f"（{e.cause}）" if e.cause else ""
    return f"{e.unit} MP {e.before} → {e.after}{cause}"


def _rounds(e: ammo.RoundsChanged, _) -> str | None:
    if e.cause == ammo.RELOAD_CAUSE:
        return f"{e.unit}は{e.weapon}をリロードした（残弾 {e.before}→{e.rounds}/{e.full}）。"
    if e.cause:
        return f"{e.unit}の{e.weapon}の残弾を{e.rounds}にした（{e.cause}）。"
    if e.rounds == 0:
        return f"{e.unit}の{e.weapon}は弾切れ（残弾0/{e.full}）。次に撃つ前に「{ammo.RELOAD_WORD}」を。"
    return None


def _jammed(e: ammo.GunJammed, _) -> str:
    if e.jammed:
        return (f"💥 {e.unit}の{e.weapon}が故障した（出目{e.roll} ≧ 故障ナンバー{e.number}、X-JAM-01）。"
                f"修理するまで撃てません。")
    return f"{e.unit}の{e.weapon}の故障が直った（KPの裁定、X-JAM-02）。"


LINES = {magic.SpellCast: _spell, magic.MpChanged: _mp, ammo.RoundsChanged: _rounds, ammo.GunJammed: _jammed}
"""The rounds, jam, spell and MP events' lines by class (a line_table group)."""
RESOURCES = LineTable(LINES)
