"""Issue 29 tried as a new user would (「one whole fight in each of the four systems, and a
two-session campaign with growth」): the scripts of tests/console/trials played by the real
console process with fixed dice, and what a table must see in each."""
from __future__ import annotations

from pathlib import Path

import pytest

TRIALS = Path(__file__).parent / "trials"


def trial(play, name: str, rolls: str) -> tuple[list[dict], str]:
    """The messages of the trial ``name`` played with ``rolls``, and their public text."""
    played = play((TRIALS / name).read_text(encoding="utf-8"), rolls)
    return played, "\n".join(m["text"] for m in played if not m["ephemeral"])


@pytest.mark.rule("X-MP-01", "X-MP-02", "X-JAM-01", "X-GROW-01", "X-COMB-01")
def test_a_whole_house_rules_fight(play):
    played, said = trial(play, "house.txt", "20,8,30,99,10,80,2,3,2")
    assert "✨ アリスは呪文「萎縮」を唱えた（対象: 信者）。消費MP 6。効果はKPが裁定します。" in said
    assert "アリス .38リボルバー 単発 1発目：(1D100<=55) 故障ナンバー[100] ＞ 20 ＞ 成功" in said
    assert "信者は死亡した（耐久力0以下（X-HP-02））。" in said
    assert "シートに反映: アリス MP 13→7" in said
    assert "成長の印: アリス〈.38リボルバー〉、ボブ〈武道（空手）〉〈こぶし〉（/char growth で成長ロール）" in said
    starts = [m for m in played if not m["ephemeral"] and "━━ ラウンド1 ━━" in m["text"]]
    assert len(starts) == 1 and starts[0]["buttons"][-1] == "ターン終了"  # the round start's one message


@pytest.mark.rule("X-AMMO-01", "P-PARRY-03")
def test_a_whole_book_rules_fight(play):
    _played, said = trial(play, "book.txt", "40,2,2,1,1,30,3,2,20,10,20,2,1,60,40,5,1")
    assert "アリスのショットガンは弾切れ（残弾0/2）。次に撃つ前に「リロード」を。" in said
    assert "ボブ 受け流し（バット）：(1D100<=60) ＞ 20 ＞ 成功" in said
    assert "ゾンビは死亡した（耐久力0以下（X-HP-02））。" in said
    assert "シートに反映: ボブ バット 耐久20→17" in said
    assert "成長の印: アリス〈ショットガン〉、ボブ〈バット〉" in said


@pytest.mark.rule("X-GROW-01", "B-COUNTER-03")
def test_a_whole_budo_fight(play):
    _played, said = trial(play, "budo.txt", "30,3,2,2,40,20,3,80,25,3,3,2")
    assert "アキラ カウンター1回目：回避：(1D100<=30) ＞ 3 ＞ 決定的成功/スペシャル" in said
    assert "信者は死亡した" in said
    assert "成長の印: アキラ〈武道（空手）〉〈こぶし〉〈回避〉（/char growth で成長ロール）" in said


@pytest.mark.rule("C-OTHER-01", "C-ESC-02", "X-MP-01")
def test_a_whole_charge_rank_fight(play):
    _played, said = trial(play, "charge_rank.txt", "3,4,2,3,4,5,3,4,5,4,4,4,4,3,3,3,3")
    assert "桐生 MP 10 → 6（呪文「気弾強化」）" in said
    assert "→ 妨害の合計16が達成値12以上：逃亡失敗（C-ESC-02）" in said
    assert "【ゲンヤ】刺客の逃亡" not in said  # stopped already: nobody else is asked
    assert "シートに反映: 桐生 MP 10→6" in said


@pytest.mark.rule("X-GROW-01", "X-MP-01", "H-GEN-02")
def test_a_two_session_campaign_with_growth(play):
    played, said = trial(play, "campaign.txt", "10,20,30,9,95,5,30,40")
    ends = [m["text"] for m in played if m["text"].startswith("📕 セッション終了")]
    assert len(ends) == 2
    assert "・アリス → /char growth name:アリス\n・ボブ → /char growth name:ボブ" in ends[0]
    assert "・アリス → /char growth name:アリス" in ends[1] and "ボブ" not in ends[1]  # ボブ was not there
    assert "【アリスの成長ロール】（2技能中0技能が成長）" in said
    assert "▶アリス　HP 12/12 AP 3 DEX 14 MP 8/13" in said  # the MP the first battle left
