"""Japanese log lines for the house-rule attack events: AP spent on techniques, moves and
knockbacks, wounds and their treatment, bows and strings, technique marks, and the rush's
round-end extra attack."""
from __future__ import annotations

from rules.battle.events import Event
from rules.systems.coc6 import events as ce


def house_line(e: Event) -> str | None:
    """The line for one of the house-rule events, or None for any other event (or one
    that needs no line)."""
    if isinstance(e, ce.ApSpent):
        return f"{e.unit}：{e.reason}（{e.ap}ポイント）"
    if isinstance(e, ce.UnitMoved):
        if e.cause == "KPが配置":
            return f"{e.unit}を{e.square or 'マップの外'}に配置しました。"
        if e.start == e.square:
            return f"{e.unit}は{e.cause}"
        cost = f"（{e.ap}ポイント）" if e.ap else ""
        all_out = "【全力移動】" if e.all_out else ""
        note = f"（{e.cause}）" if e.cause else ""
        return f"{e.unit}は{e.start or '―'} → {e.square or 'マップの外'}へ移動{all_out}{cost}{note}"
    if isinstance(e, ce.WoundTaken):
        return e.note or f"{e.unit}の{e.part}が負傷した。"
    if isinstance(e, ce.WoundsTreated):
        return f"{e.by}の手当てで{e.unit}の負傷（{'・'.join(e.parts)}）が回復した。"
    if isinstance(e, (ce.WeaponReadied, ce.UnitMarked)):
        return e.note or None
    if isinstance(e, ce.ExtraAttackQueued):
        return f"{e.unit}はラウンドの終わりに{e.target}へもう1度攻撃できる（ラッシュ、H-MA-RUSH-05）。"
    if isinstance(e, ce.ExtraAttackStarted):
        return f"ラウンド{e.round}の終わり：{e.unit}のラッシュの追加攻撃（対象 {e.target}、{e.weapon}、0ポイント）。/attack で攻撃、しないなら /end。"
    if isinstance(e, ce.KnockoutAimed):
        return (f"{e.attacker}のノックアウト狙いの攻撃：ダメージ{e.damage}は適用しません。"
                f"KPがノックアウトの効果を裁定してください（/kp set で状態を変更）。")
    if isinstance(e, ce.WoundBled):
        return f"{e.unit}の{e.part}の傷から出血（1D3、手当てするまで毎ターン）"
    if isinstance(e, ce.PendingHandedOver):
        return f"{e.unit}の対応を待っています（{'／'.join(e.options)}）。"
    return None
