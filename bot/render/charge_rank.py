"""Japanese log lines for the charge-rank system's events (seed 004). ``bot.render.battle``
asks :func:`event_line` first; it answers None for events that are not this system's."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.protocol import BattleView
from rules.systems.charge_rank import events as ce
from rules.systems.charge_rank.checks import faces_text
from rules.systems.charge_rank.state import ACTED, WAITING

from bot.render.line_table import LineTable

KINDS = {"counter": "カウンター", "intercept": "インターセプト"}


def _hidden(view: BattleView | None, unit: str) -> bool:
    return bool(view) and any(r.name == unit and r.hidden for r in view.rows)


def _hidden_source(view: BattleView | None, source: str) -> bool:
    """Whether a damage ``source`` (「刺客3の攻撃」) is a hidden unit's."""
    return bool(view) and any(r.hidden and source.startswith(r.name + "の") for r in view.rows)


def check_line(e: ce.PoolRolled, hidden: bool = False) -> str:
    """``桐生 攻撃（牽制） PR2 ＞ [2・3] ＞ 達成値5（チャージ 6→4）``; an automatic failure
    shows the sum and the 1s/6s against the safety rank (C-CHECK-06). A ``hidden`` unit's
    dice, power rank and charge rank are the KP's (issue 22): the table reads the outcome,
    ``刺客3 攻撃 ＞ 🔒 ＞ 達成値11``."""
    what = e.purpose + (f"（{e.tier}）" if e.tier else "") + ("〔加減〕" if e.pulled else "")
    target = f" 目標{e.target_number}" if e.target_number is not None else ""
    if hidden:
        return f"🎲 {e.unit} {what}{target} ＞ 🔒 ＞ {'自動失敗' if e.auto_fail else f'達成値{e.achievement}'}"
    if e.auto_fail:
        diff = e.faces.count(1) - e.faces.count(6)
        result = (f"合計{sum(e.faces)} ＞ 自動失敗（1の数−6の数={diff} ≥ セーフティランク{e.safety}）")
    else:
        result = f"達成値{e.achievement}"
    charge = "" if hidden else f"（チャージ {e.charge_before}→{e.charge_after}）"
    return f"🎲 {e.unit} {what} PR{e.power}{target} ＞ {faces_text(e.faces)} ＞ {result}{charge}"


def _strike_line(e: ce.StrikeQueued, hidden: bool = False) -> str:
    s = e.strike
    if s["kind"] == "escape":
        return f"🏃 {s['attacker']}が逃亡を試みる（達成値{s['achievement']}）"
    if s["kind"] in KINDS:
        power = "" if hidden else f"PR{s['power']}・"
        return f"↺ {s['attacker']}の{KINDS[s['kind']]}攻撃 → {s['target']}（{power}達成値{s['achievement']}）"
    technique = f"・{s['technique']}" if s.get("technique") else ""
    return f"⚔ {s['attacker']} → {s['target']}：攻撃（達成値{s['achievement']}{technique}）"


def event_line(e: ev.Event, view: BattleView | None = None) -> str | None:
    """One public log line for a charge-rank event, or None (not ours, or shown otherwise)."""
    return CHARGE_RANK(e, view)


def _ours(view: BattleView | None) -> bool:
    return view is not None and view.system == "charge-rank"


def _round(e: ev.RoundStarted, view: BattleView | None) -> str | None:
    if not _ours(view):
        return None
    order = " → ".join(e.order) or "（行動できる者なし）"
    tied = "".join(f"\n（リフレクス同値: {'・'.join(g)}。席順で処理します）" for g in e.tied)
    return f"━━ ラウンド{e.round} ━━ イニシアチブ（リフレクスの高い順）: {order}{tied}"


def _open_phase(e: ce.OpenPhase, view: BattleView | None) -> str:
    charges = "、".join(f"{u} {b}→{a}" for u, b, a in e.charges if not _hidden(view, u))
    return f"オープンフェイズ：チャージランク {charges}" if charges else "オープンフェイズ：チャージランクが増えました。"


def _status(e: ce.StatusChanged, _) -> str | None:
    if e.status == WAITING:
        return f"{e.unit}は待機しました（行動済みにはならず、割り込みができます）。"
    if e.status == ACTED and "チャージランクが0" in e.cause:
        return f"{e.unit}は{e.cause}。"
    return None


def _strike_updated(e: ce.StrikeUpdated, view: BattleView | None) -> str | None:
    cover = e.changes.get("cover")
    if not cover:
        return None
    power = "" if _hidden(view, cover["unit"]) else f"（PR{cover['power']}）"
    return f"🛡 {cover['unit']}がカバーリングで攻撃を引き受けた{power}"


def _answered(e: ce.Answered, view: BattleView | None) -> str | None:
    power = f"（PR{e.power}）" if e.power and not _hidden(view, e.unit) else ""
    return None if e.action == "なし" else f"{e.unit}の対応：{e.action}{power}"


def _damage(e: ce.DamageDealt, view: BattleView | None) -> str:
    if _hidden(view, e.unit):  # its guard and stamina are the KP's (issue 22)
        return f"💥 {e.unit}に{e.amount}ダメージ"
    if _hidden_source(view, e.source):  # the formula would tell the hidden attacker's attack and PR
        return f"💥 {e.unit}に{e.amount}ダメージ スタミナ {e.before} → {e.after}"
    floor = (f"（減ったのは{e.before - e.after}：スタミナは0未満にならない、C-DMG-04）"
             if e.before - e.after != e.amount else "")
    return f"💥 {e.unit}に{e.amount}ダメージ（{e.formula}） スタミナ {e.before} → {e.after}{floor}"


def _treated(e: ce.InjuryTreated, _) -> str:
    if e.success:
        return f"✚ {e.by}の治療：{e.unit}の{e.degree}は治りが1段階早まる（C-INJ-REC-02）。"
    return f"✚ {e.by}の治療：{e.unit}の{e.degree}の治療は失敗した（自動失敗）。"


def _stamina_max(e: ce.StaminaMaxLowered, view: BattleView | None) -> str:
    if _hidden(view, e.unit):
        return f"{e.unit}は負傷の影響を受けた（C-INJ-05）。"
    return (f"{e.unit}の最大スタミナ {e.before} → {e.after}（負傷: {'・'.join(e.injuries)}、"
            f"戦闘後の効果 C-INJ-05）")


def _rested(e: ce.Rested, view: BattleView | None) -> str:
    if _hidden(view, e.unit):
        return f"{e.unit}は休息した。"
    return f"🛌 {e.unit}は休息した：スタミナ {e.before} → {e.after}（最大値まで、C-INJ-05）"


LINES = {
    ev.TurnStarted: lambda e, view: f"▶ {e.unit}のメインフェイズ" if _ours(view) else None,
    ev.RoundStarted: _round,
    ce.OpenPhase: _open_phase,
    ce.StatusChanged: _status,
    ce.PoolRolled: lambda e, view: check_line(e, _hidden(view, e.unit)),
    ce.StrikeQueued: lambda e, view: _strike_line(e, _hidden(view, e.strike["attacker"])),
    ce.StrikeUpdated: _strike_updated,
    ce.StrikeEnded: lambda e, _: f"→ {e.outcome}" if e.outcome and not e.outcome.endswith("ダメージ") else None,
    ce.Answered: _answered,
    ce.DamageDealt: _damage,
    ce.InjuryRecorded: lambda e, _:
        f"{e.unit}は{e.degree}を負った（一度に{e.damage}ダメージ）。効果は戦闘後から（C-INJ-04）。",
    ce.InjuryTreated: _treated,
    ce.StaminaMaxLowered: _stamina_max,
    ce.Rested: _rested,
    ce.TravelProgressed: lambda e, _:
        f"{e.unit}は移動した（{e.after}/{e.distance}）" + ("。目標の区域に到達！" if e.after >= e.distance else ""),
}
"""The charge-rank lines by class (a line_table group; its turn and round lines only in
that system's battles)."""
CHARGE_RANK = LineTable(LINES)
