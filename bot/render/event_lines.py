"""Japanese log lines of battle events: the round-start window's and every CoC battle's,
asked after the charge-rank system's, coc6-budo's (in that system) and the 7th edition's
(bot.render.line_table; bot.render.battle.event_line is :func:`event_line`)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.protocol import BattleView
from rules.systems.coc6 import events as ce
from rules.systems.coc6.late_join import JoinedMidRound
from rules.systems.coc6.waiting import AttackWaiting, WaitingAttackReleased
from rules.systems.coc6.window import DeclarationAnswered, DeclarationsClosed, DeclarationsOpened

from bot.render import budo_lines, charge_rank, coc7_lines, house_lines, resource_lines
from bot.render.budo_lines import budo_line
from bot.render.line_table import LineTable, joined


def hidden(view: BattleView | None, unit: str) -> bool:
    """Whether ``unit`` is a hidden NPC in ``view`` (False without a view)."""
    return bool(view) and any(r.name == unit and r.hidden for r in view.rows)


def window_line(e: ev.Event) -> str | None:
    """The line of a round-start declaration window event (rules/systems/coc6/window.py)."""
    return WINDOW(e)


def _closed(e: DeclarationsClosed, _) -> str:
    how = "時間切れで" if e.timeout else "KPが"
    silent = f"（未回答の{'、'.join(e.silent)}は宣言なし）" if e.silent else ""
    return f"{how}ラウンド開始時の宣言を締め切りました{silent}。"


WINDOW_LINES = {
    DeclarationsOpened: lambda e, _: (f"ラウンド{e.round}開始時の宣言を受け付けます: {'、'.join(e.units)}"
                                      "（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）"),
    DeclarationAnswered: lambda e, _: f"{e.unit}はこのラウンド宣言しません。",
    AttackWaiting: lambda e, _: (f"⏳ {e.attacker}の{e.target}への攻撃は、{e.target}のラウンド開始時の宣言を待っています"
                                 f"（{e.target}が答えるか、KPが「宣言を締め切る」と、すぐに攻撃します）。"),
    WaitingAttackReleased: lambda e, _: (f"{e.attacker}の{e.target}への待機中の攻撃: {e.reason}" if e.reason
                                         else f"⏳→⚔ {e.attacker}の{e.target}への待っていた攻撃を行います。"),
    DeclarationsClosed: _closed,
}
"""The round-start window's lines by class (a line_table group)."""
WINDOW = LineTable(WINDOW_LINES)


def event_line(e: ev.Event, view: BattleView | None = None) -> str | None:
    """One line of the public log for an event, or None for events shown otherwise."""
    return LINES(e, view)


def _in_budo(e: ev.Event, view: BattleView | None) -> str | None:
    return budo_line(e) if view is not None and view.system == "coc6-budo" else None


def _joined_mid_round(e: JoinedMidRound, view: BattleView | None) -> str:
    dex = "" if hidden(view, e.unit) else f"（DEX {e.dex}）"
    if not e.acts:
        return f"{e.unit}の行動順{dex}はこのラウンドもう過ぎています。次のラウンドから行動します。"
    where = f"{e.after}の次" if e.after else "最初"
    return f"{e.unit}はこのラウンド、{where}{dex}に行動します。"


def _round_started(e: ev.RoundStarted, view: BattleView | None) -> str:
    order = " → ".join(e.order) or "（行動できる者なし）"
    tied = "".join(f"\n（同値: {'・'.join(g)}。参加順で並べています）" for g in e.tied
                   if not any(hidden(view, u) for u in g))  # a tie would tell a hidden NPC's DEX
    return f"━━ ラウンド{e.round} ━━ 行動順: {order}{tied}"  # the declarations: their own message (window.py)


def _declared(e: ce.Declared, _) -> str:
    target = f"（相手: {e.target}）" if e.target else ""
    amount = f"（{e.amount}）" if e.amount is not None else ""
    return f"{e.unit}は「{e.action}」を宣言しました{target}{amount}。"


def _attack_declared(e: ce.AttackDeclared, _) -> str:
    how = "".join(f"【{x}】" for x in (e.special, f"{e.aim}狙い" if e.aim else None) if x)
    odds = "1撃目は自動失敗、H-MA-FEINT-04" if e.special == "フェイント" else f"{e.skill}%"
    return f"⚔ {e.attacker} → {e.target}：{how}{e.weapon}で攻撃（{odds}）"


def _check_rolled(e: ce.CheckRolled, view: BattleView | None) -> str:
    if hidden(view, e.unit) and e.purpose.startswith("ショック"):
        return f"{e.unit} {e.purpose}：判定済み"
    return f"{e.unit} {e.purpose}：{e.text}{e.note}"


def _damage_rolled(e: ce.DamageRolled, _) -> str:
    label = f"ダメージ（{e.weapon}）" if e.weapon else "ダメージ"
    return f"{label}【貫通：武器のダイス2回】：{e.text}" if e.impale else f"{label}：{e.text}"


def _hp_changed(e: ce.HpChanged, view: BattleView | None) -> str:
    if e.after > e.before:  # 〈応急手当〉/〈医学〉 (rules.systems.coc6.treatment.heal)
        if hidden(view, e.unit):
            return f"→ {e.unit}のHPが回復した。"
        cut = f"、{e.cause}" if e.cause else ""
        return f"→ {e.unit}のHPが{e.after - e.before}回復（{e.before}→{e.after}{cut}）"
    if hidden(view, e.unit):
        return f"{e.unit}は{e.before - e.after}ダメージを受けた。"
    return f"{e.unit} HP {e.before} → {e.after}"


def _condition_changed(e: ce.ConditionChanged, _) -> str:
    cause = f"（{e.cause}）" if e.cause else ""
    if not e.added:
        return f"{e.unit}の{e.condition}状態が解けた{cause}。"
    verb = "した" if e.condition in ("死亡", "気絶", "転倒", "逃亡") else "状態になった"
    return f"{e.unit}は{e.condition}{verb}{cause}。"


def _object_placed(e: ce.ObjectPlaced, _) -> str:
    where = f"（{e.square}）" if e.square else ""
    siz = f" SIZ {e.siz}" if e.siz is not None else ""
    return f"{e.object_kind}「{e.name}」{siz}を置きました{where}。"


COMMON_LINES = joined({
    ev.BattleOpened: lambda e, _: None,
    ev.UnitJoined: lambda e, _: f"{e.unit}（{'NPC' if e.owner is None else 'PC'}）が戦闘に参加しました。",
    JoinedMidRound: _joined_mid_round,
    ev.UnitRemoved: lambda e, _: f"{e.unit}を戦闘から外しました。",
    ev.RoundStarted: _round_started,
    ev.TurnEnded: lambda e, _: f"{e.unit}の手番が終わりました（{e.cause}）。" if e.cause else f"{e.unit}の手番が終わりました。",
    ev.SideOutOfAction: lambda e, _: (f"{'PC' if e.side == 'PC' else 'NPC'}側が全員行動不能になりました。"
                                      "KPは [戦闘終了] か /battle end で戦闘を終えられます。"),
    ev.BattleEnded: lambda e, _: "戦闘を終了しました。おつかれさまでした。",
    ce.Declared: _declared,
}, WINDOW_LINES, {
    ce.AttackDeclared: _attack_declared,
}, house_lines.LINES, resource_lines.LINES, {  # the map, techniques and wounds (issue 5); rounds, jams and MP
    ce.CheckRolled: _check_rolled,
    ce.ReactionChosen: lambda e, _: f"{e.unit}の対応：{e.action}" + (f"（{e.weapon}）" if e.weapon else ""),
    ce.DamageRolled: _damage_rolled,
    ce.HpChanged: _hp_changed,
    ce.WeaponChanged: lambda e, _: f"{e.unit}の{e.note}" if e.note else None,
    ce.ConditionChanged: _condition_changed,
    ce.ReductionRolled: lambda e, _: f"防御の軽減：{e.text}＋装甲{e.armor}",
    ce.PendingClosed: lambda e, _: f"→ {e.outcome}" if e.outcome else None,
    ce.FocusSucceeded: lambda e, _: f"{e.unit}の「{e.action}に集中」が成功：以降の{e.action}は−20%",
    ce.ExtraUseGranted: lambda e, _: f"{e.unit}はこのラウンドもう1度{e.action}できます。",
    ce.ObjectPlaced: _object_placed,
    ce.AttackResolved: lambda e, _: f"→ {e.outcome}" if e.outcome else None,
})
"""Every CoC battle's lines by class, the round-start window's, the house rules' and the
resources' among them (one line_table group)."""
LINES = LineTable(charge_rank.LINES, {cls: _in_budo for cls in budo_lines.LINES}, coc7_lines.LINES, COMMON_LINES)
"""An event's line: the charge-rank system's first, then coc6-budo's (in that system),
the 7th edition's, and every CoC battle's."""
