"""Japanese log lines for what a CoC unit spends besides HP: a gun's rounds and jams
(rules/systems/coc6/ammo.py: X-AMMO-01..03, X-JAM-01/02) and magic points
(rules/systems/coc6/spells.py: X-MP-01/02)."""
from __future__ import annotations

from rules.battle.events import Event
from rules.battle import magic
from rules.systems.coc6 import ammo


def resource_line(e: Event) -> str | None:
    """The line of a rounds, jam, spell or MP event; None for any other event, and for a
    firing that leaves rounds in the gun (the status board shows what is left)."""
    if isinstance(e, magic.SpellCast):
        on = f"（対象: {e.target}）" if e.target else ""
        return f"✨ {e.unit}は呪文「{e.spell}」を唱えた{on}。消費MP {e.mp}。効果はKPが裁定します。"
    if isinstance(e, magic.MpChanged):
        cause = f"（{e.cause}）" if e.cause else ""
        return f"{e.unit} MP {e.before} → {e.after}{cause}"
    if isinstance(e, ammo.RoundsChanged):
        if e.cause == ammo.RELOAD_CAUSE:
            return f"{e.unit}は{e.weapon}をリロードした（残弾 {e.before}→{e.rounds}/{e.full}）。"
        if e.cause:
            return f"{e.unit}の{e.weapon}の残弾を{e.rounds}にした（{e.cause}）。"
        if e.rounds == 0:
            return f"{e.unit}の{e.weapon}は弾切れ（残弾0/{e.full}）。次に撃つ前に「{ammo.RELOAD_WORD}」を。"
        return None
    if isinstance(e, ammo.GunJammed):
        if e.jammed:
            return (f"💥 {e.unit}の{e.weapon}が故障した（出目{e.roll} ≧ 故障ナンバー{e.number}、X-JAM-01）。"
                    f"修理するまで撃てません。")
        return f"{e.unit}の{e.weapon}の故障が直った（KPの裁定、X-JAM-02）。"
    return None
