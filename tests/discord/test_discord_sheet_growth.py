"""The sheet commands of issue 19 through genuine Discord payloads: a check's growth mark,
``/char growth`` (public, one table), ``mark:`` as a typed boolean, ``/char weapon
delete:true``, and /char new for a charge-rank sheet without STR…EDU."""
from __future__ import annotations


async def test_a_checks_mark_and_the_growth_roll_through_discord(make_bot):
    harness = await make_bot([20, 84, 7])  # 目星 20 ≤ 25; growth 84 > 25, 1D10 = 7
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13,
                        int=13, edu=15)
    checked = await harness.slash("alice", "check", skill="目星")
    assert [(c.ephemeral, c.content) for c in checked] == [
        (False, "🎲 アリス 目星（25%）：(1D100<=25) ＞ 20 ＞ 成功\n📈 アリス〈目星〉に成長の印")]
    kept = await harness.slash("alice", "char growth", name="アリス", skill="目星", mark=True)
    assert (kept[0].ephemeral, kept[0].content) == (True, "成長の印を付けられるのはKPだけです（成功した判定で自動的に付きます）。")
    grown = await harness.slash("alice", "char growth", name="アリス")
    assert [(c.ephemeral, c.content) for c in grown] == [
        (False, "【アリスの成長ロール】（1技能中1技能が成長）\n目星 25→32（1D100=84 > 25, 1D10=7）")]


async def test_a_weapon_is_deleted_and_a_charge_rank_sheet_made_through_discord(make_bot):
    harness = await make_bot()
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13,
                        int=13, edu=15)
    await harness.slash("alice", "char weapon", name="アリス", weapon="弓")
    removed = await harness.slash("alice", "char weapon", name="アリス", weapon="弓", delete=True)
    assert (removed[0].ephemeral, removed[0].content) == (True, "アリスから武器「弓」を外しました。残りの武器: なし（素手の攻撃だけ）")
    made = await harness.slash("bob", "char new", name="桐生", system="charge-rank", reflex=6, stamina=30)
    assert (made[0].ephemeral, made[0].content) == (
        True, "キャラクター「桐生」を登録しました。\n（チャージランク制）リフレクス 6 / スタミナ 30/30")
    missing = await harness.slash("bob", "char new", name="雪")
    assert missing[0].content == "STR: を指定してください（例: STR:12）。"
