"""Log lines of ``coc6-budo`` events that read differently from the house rules' (seed 002):
a called shot's effect running out after its 1d6 / 1d4 rounds (B-CALL-VITAL-03,
B-CALL-WPN-03) and the rush's round-end
attack, which always hits (B-RUSH-02, not the house rules' H-MA-RUSH-05)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.systems.coc6 import events as ce
from rules.systems.coc6_budo.called_shot import ELAPSED, VITAL

from bot.render.line_table import LineTable

ENDED = {VITAL: "急所への一撃による技能の半減が終わった", "武器": "また物を持てるようになり、STRも元に戻った"}


def budo_line(e: ev.Event) -> str | None:
    """The line for ``e`` in a coc6-budo battle, or None to use the common one."""
    return BUDO(e)


def _elapsed(e: ce.WoundsTreated, _) -> str | None:
    if e.by == ELAPSED:
        return "、".join(f"{e.unit}は{ENDED.get(part, part + 'の影響が消えた')}" for part in e.parts) + "。"
    return None


LINES = {
    ce.WoundsTreated: _elapsed,
    ce.ExtraAttackQueued: lambda e, _:
        f"{e.unit}はラウンドの終わりに{e.target}へもう1度攻撃する（ラッシュ：必ず命中、B-RUSH-02）。",
    ce.ExtraAttackStarted: lambda e, _: (f"ラウンド{e.round}の終わり：{e.unit}のラッシュの追加攻撃（対象 {e.target}、{e.weapon}、"
                                         f"命中ロールなしで必ず命中、B-RUSH-02）。/attack で攻撃、しないなら /end。"),
}
"""The coc6-budo lines by class (a line_table group; bot.render.battle asks it in that system only)."""
BUDO = LineTable(LINES)
