"""The rush's round-end attack cites its own rule set's clause (issue 10)."""
from __future__ import annotations

import pytest

from bot.render.budo_lines import budo_line
from bot.render.house_lines import house_line
from rules.systems.coc6 import events as ce


@pytest.mark.rule("B-RUSH-02")
def test_coc6_budo_rush_lines_cite_b_rush_02():
    queued = ce.ExtraAttackQueued(unit="アキラ", target="信者", weapon="こぶし")
    started = ce.ExtraAttackStarted(unit="アキラ", target="信者", weapon="こぶし", round=1)
    assert budo_line(queued) == "アキラはラウンドの終わりに信者へもう1度攻撃する（ラッシュ：必ず命中、B-RUSH-02）。"
    assert budo_line(started) == ("ラウンド1の終わり：アキラのラッシュの追加攻撃（対象 信者、こぶし、"
                                  "命中ロールなしで必ず命中、B-RUSH-02）。/attack で攻撃、しないなら /end。")
    assert "H-MA-RUSH-05" in house_line(queued)  # the house rules keep their own clause
