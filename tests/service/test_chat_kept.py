"""What a chat line leaves pending outlives a restart (issue 26): the rest of a line for
several units (made when each unit's turn comes), the NPC a KP line of narration put before
a PC (the target that PC's next palette roll asks about first) and a player's secret palette
roll (not rolled again until the battle moves on) are kept with the battle, so that a new
Service over the same database (SQLite and PostgreSQL) goes on exactly as the old one would
have. A message delivered twice queues nothing the second time (issue 28)."""
from __future__ import annotations

from service_table import ALICE, BOB, KP, chat, message, text

ZOMBIE_2_AT_ALICE = "⚔ ゾンビ2 → アリス：こぶしで攻撃（30%）\nゾンビ2 攻撃（こぶし）：(1D100<=30) ＞ 25 ＞ 成功"
SECRET_AGAIN = ("【目星】はシークレットダイスで振ったばかりです（(1D100<=50) ＞ 50 ＞ 成功）。最初のロールがそのまま結果で、"
                "振り直しはしません。見せるなら、そのメッセージの [結果を公開] を押してください。")


async def zombie_1s_turn(table) -> None:
    """Round 1 of ``table.two_zombies()`` up to ゾンビ1の手番."""
    await table.two_zombies()
    for who, unit in ((ALICE, "アリス"), (BOB, "ボブ")):
        assert text(await chat(table, who, "ターン終了")).startswith(f"{unit}の手番が終わりました。")


async def test_the_second_units_declaration_is_made_on_its_turn_after_a_restart(table):
    # ゾンビ1's こぶし 20 hits; アリス dodges 90 (fails), 1D3+1D4 = 3+2; ゾンビ2's こぶし 25 hits
    await zombie_1s_turn(table)
    both = await chat(table, KP, "ゾンビ1と2はアリスを攻撃", 20)
    assert text(both).startswith("⚔ ゾンビ1 → アリス：こぶしで攻撃（30%）\nゾンビ1 攻撃（こぶし）：(1D100<=30) ＞ 20 ＞ 成功")
    assert both[-1].text == "続けて ゾンビ2（アリスを攻撃） を、それぞれの手番が来たら行います。"
    await table.restart()
    assert "アリス HP 13 → 8" in text(await chat(table, ALICE, "回避", 90, 3, 2))
    await table.restart()
    turn = await chat(table, KP, "ゾンビ1：ターン終了", 25)
    assert turn[0].text == "ゾンビ1の手番が終わりました。"
    assert turn[2].text == ZOMBIE_2_AT_ALICE  # its turn came: the kept attack, in the KP's name
    assert turn[3].text.startswith("ゾンビ2のこぶしがアリスに命中しました。対応を選んでください。")
    assert len(turn) == 4 and table.dice.faces == []


async def test_a_repeated_shot_is_kept_across_a_restart_and_made_once(table):
    # x2: アリス's first shot 30 hits, ゾンビ1 takes it (なし), 1D10 = 5; after a restart the second
    # shot 40 hits once that is answered, ゾンビ1 takes it, 1D10 = 6 (shock: CON×5 50 passes);
    # nothing is left to make
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(ALICE, "char weapon", name="アリス", weapon=".38リボルバー", skill="80")
    await table.two_zombies()  # アリス's sheet again: its weapon stays
    first = await chat(table, ALICE, "x2 CCB<=80 【拳銃】 ゾンビ1", 30)
    assert text(first).startswith("⚔ アリス → ゾンビ1：.38リボルバーで攻撃（80%）\n"
                                  "アリス 攻撃（.38リボルバー）：(1D100<=80) ＞ 30 ＞ 成功")
    assert first[-1].text == "続けてアリスの攻撃をあと1回、いまの攻撃への対応が済んだら行います。"
    await table.restart()
    second = text(await chat(table, KP, "なし", 5, 40))
    assert "ゾンビ1 HP 15 → 10" in second
    assert ("⚔ アリス → ゾンビ1：.38リボルバーで攻撃（80%）\n"
            "アリス 攻撃（.38リボルバー）：(1D100<=80) ＞ 40 ＞ 成功") in second
    await table.restart()
    third = text(await chat(table, KP, "なし", 6, 50))
    assert "ゾンビ1 HP 10 → 4" in third and "⚔" not in third and "続き" not in third
    assert table.dice.faces == []


async def test_a_several_line_delivered_again_after_its_queue_was_made_queues_nothing(table):
    # ゾンビ1's こぶし 20 hits, アリス dodges 90 (fails), 3+2; ゾンビ2's kept attack 25 hits, アリス
    # takes it, 1D3+1D4 = 1+1; the line comes again after a restart: nothing is made or kept
    await zombie_1s_turn(table)
    line = message(table, KP, "ゾンビ1と2はアリスを攻撃")
    table.dice.feed(20)
    assert (await table.service.handle(line))[-1].text == "続けて ゾンビ2（アリスを攻撃） を、それぞれの手番が来たら行います。"
    await chat(table, ALICE, "回避", 90, 3, 2)
    assert ZOMBIE_2_AT_ALICE in text(await chat(table, KP, "ゾンビ1：ターン終了", 25))
    assert "アリス HP 8 → 6" in text(await chat(table, ALICE, "なし", 1, 1))
    await table.restart()
    assert await table.service.handle(line) == []  # a gateway replay: taken already
    assert text(await chat(table, KP, "ゾンビ2：ターン終了")).startswith("ゾンビ2の手番が終わりました。\n━━ ラウンド2 ━━")
    await chat(table, ALICE, "ターン終了")
    for who, said, unit, turn in ((BOB, "ターン終了", "ボブ", "ゾンビ1"), (KP, "ゾンビ1：ターン終了", "ゾンビ1", "ゾンビ2")):
        ended = await chat(table, who, said)  # each zombie's turn comes: nothing was kept for it
        assert [r.text.splitlines()[0] for r in ended] == [f"{unit}の手番が終わりました。", f"ラウンド2: {turn}の手番です。"]
    assert (await table.state()).units["アリス"].hp == 6 and table.dice.faces == []


async def test_the_npc_a_kp_line_put_before_a_pc_comes_first_after_a_restart(table):
    await table.two_zombies()
    assert await chat(table, KP, "ゾンビ2がアリスさんににじり寄る") == []  # narration: silent, kept
    await table.restart()
    assert await chat(table, BOB, "がんばれー") == []
    asked = await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    assert asked[1].text == ("出目 42 を振りました（この出目で判定します。振り直しはしません）。どちらを攻撃しますか？"
                             "（1番目のゾンビ2はKPの描写の相手）\n1. ゾンビ2: ゾンビ2をこぶしで攻撃\n"
                             "2. ゾンビ1: ゾンビ1をこぶしで攻撃\n（ボタンのほか、名前をチャットに書いても選べます。番号は名前の数字と紛れるので、名前で）")
    assert [b.label for b in asked[1].buttons] == ["ゾンビ2", "ゾンビ1"]


async def test_a_secret_palette_roll_stands_after_a_restart_until_the_battle_moves_on(table):
    await table.two_zombies()
    first = await chat(table, BOB, "SCCB<=50 【目星】", 50)
    assert [r.text.splitlines()[1] for r in first if r.to == BOB and r.text.startswith("🔒")] == [
        "(1D100<=50) ＞ 50 ＞ 成功"]
    await table.restart()
    for again in ("CCB<=50 【目星】", "SCCB<=50 【目星】"):  # no face fed: a new die would run out
        assert [(r.to, r.text) for r in await chat(table, BOB, again)] == [(BOB, SECRET_AGAIN)]
    asked = await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    assert asked[0].text.startswith("アリス　CCB<=70 【こぶし】")  # a die shown: the battle has not moved
    assert [(r.to, r.text) for r in await chat(table, BOB, "CCB<=50 【目星】")] == [(BOB, SECRET_AGAIN)]
    assert "＞ 42 ＞ 成功" in text(await chat(table, ALICE, "1"))  # the battle moves on
    await table.restart()
    rolled = await chat(table, BOB, "CCB<=50 【目星】", 7)
    assert rolled[0].text == ("bob　【目星】\n(1D100<=50) ＞ 7 ＞ スペシャル\n（ゾンビ1の対応を待っているところなので、"
                              "ボブの判定ではなく普通のダイスとして振りました。戦闘には反映していません）")
    assert table.dice.faces == []
