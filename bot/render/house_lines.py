"""Japanese log lines for the house-rule attack events: AP spent on techniques, moves and
knockbacks, wounds and their treatment, bows and strings, technique marks, and the rush's
round-end extra attack."""
from __future__ import annotations

from rules.battle.events import Event
from rules.systems.coc6 import events as ce

from bot.render.line_table import LineTable


def house_line(e: Event) -> str | None:
    """The line for one of the house-rule events, or None for any other event (or one
    that needs no line)."""
    return HOUSE(e)


def _moved(e: ce.UnitMoved, _) -> str:
    if e.cause == "KPが配置":
        return f"{e.unit}を{e.square or 'マップの外'}に配置しました。"
    if e.start == e.square:
        return f"{e.unit}は{e.cause}"
    cost = f"（{e.ap}ポイント）" if e.ap else ""
    all_out = "【全力移動】" if e.all_out else ""
    note = f"（{e.cause}）" if e.cause else ""
    return f"{e.unit}は{e.start or '―'} → {e.square or 'マップの外'}へ移動{all_out}{cost}{note}"


LINES = {
    ce.ApSpent: lambda e, _: f"{e.unit}：{e.reason}（{e.ap}ポイント）",
    ce.UnitMoved: _moved,
    ce.WoundTaken: lambda e, _: e.note or f"{e.unit}の{e.part}が負傷した。",
    ce.WoundsTreated: lambda e, _: f"{e.by}の手当てで{e.unit}の負傷（{'・'.join(e.parts)}）が回復した。",
    (ce.WeaponReadied, ce.UnitMarked): lambda e, _: e.note or None,
    ce.ExtraAttackQueued: lambda e, _:
        f"{e.unit}はラウンドの終わりに{e.target}へもう1度攻撃できる（ラッシュ、H-MA-RUSH-05）。",
    ce.ExtraAttackStarted: lambda e, _:
        f"ラウンド{e.round}の終わり：{e.unit}のラッシュの追加攻撃（対象 {e.target}、{e.weapon}、0ポイント）。/attack で攻撃、しないなら /end。",
    ce.KnockoutAimed: lambda e, _: (f"{e.attacker}のノックアウト狙いの攻撃：ダメージ{e.damage}は適用しません。"
                                            f"KPがノックアウトの効果を裁定してください（/kp set で状態を変更）。"),
    ce.WoundBled: lambda e, _: f"{e.unit}の{e.part}の傷から出血（1D3、手当てするまで毎ターン）",
    ce.PendingHandedOver: lambda e, _: f"{e.unit}の対応を待っています（{'／'.join(e.options)}）。",
}
"""The house-rule events' lines by class (a :class:`~bot.render.line_table.LineTable` group)."""
HOUSE = LineTable(LINES)
