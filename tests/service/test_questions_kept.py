"""Questions outlive restarts and crosstalk (issue 26): every kind of question the chat side
leaves pending is kept with the battle, so that a restart (a new Service over the same
database, SQLite and PostgreSQL) loses none of them and the answer typed afterwards acts with
the same die; the asker's answer counts whatever other people said in between; a question
of an older battle version is refused with a clear word. And a chat message is taken once
(issue 28): a second delivery (a gateway replay, another process) posts nothing and rolls
nothing."""
from __future__ import annotations

import pytest

from bot.service import Service
from bot.store import Store
from service_table import ALICE, BOB, KP, FeedDice, chat, message, text

FIST_AT_ZOMBIE_2 = "アリス 攻撃（こぶし）：(1D100<=70) ＞ 42 ＞ 成功"


@pytest.fixture
async def other(table):
    """A second process over the table's database, with its own dice."""
    service = Service(Store(table.url), FeedDice(), clock=table.clock)
    yield service
    await service.store.close()


async def test_a_palette_question_answered_by_number_after_a_restart_takes_its_die(table):
    await table.two_zombies()
    asked = await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    assert asked[0].text == "アリス　CCB<=70 【こぶし】\n(1D100) ＞ 42（選ぶと、この出目で判定します）"
    assert [b.label for b in asked[1].buttons] == ["ゾンビ1", "ゾンビ2"]
    await table.restart()
    assert await chat(table, BOB, "がんばれー") == []  # someone else's talk between
    said = text(await chat(table, ALICE, "2"))
    assert said.startswith(f"⚔ アリス → ゾンビ2：こぶしで攻撃（70%）\n{FIST_AT_ZOMBIE_2}\n")
    assert table.dice.faces == []  # the shown 42, nothing rolled again


async def test_a_clarification_answered_by_name_after_a_restart(table):
    await table.two_zombies()
    asked = await chat(table, ALICE, "ゾンビをこぶしで攻撃")
    assert asked[0].ephemeral and asked[0].text.startswith("どちらを攻撃しますか？\n1. ゾンビ1: ゾンビ1をこぶしで攻撃")
    await table.restart()
    assert await chat(table, KP, "ゾンビ怖いね") == []
    said = text(await chat(table, ALICE, "ゾンビ1で！", 30))
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 30 ＞ 成功" in said and "ゾンビ1" in said


async def test_the_shown_die_is_the_units_next_action_after_a_restart(table):
    await table.two_zombies()
    await chat(table, ALICE, "CCB<=70 【こぶし】", 97)
    await table.restart()
    said = text(await chat(table, ALICE, "ゾンビ1をこぶしで攻撃"))
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 97 ＞ 致命的失敗" in said
    assert table.dice.faces == []


async def test_a_second_palette_roll_before_the_battle_moves_shows_the_same_die(table):
    await table.two_zombies()
    await chat(table, ALICE, "CCB<=70 【こぶし】", 88)
    await table.restart()
    again = await chat(table, ALICE, "CCB<=70 【こぶし】")  # no face fed: a new die would run out
    assert again[0].text == "アリス　CCB<=70 【こぶし】\n(1D100) ＞ 88（さきほど振った出目です。選ぶと、この出目で判定します）"
    assert again[1].text.startswith("アリスの出目は 88 です（さきほど振った出目で判定します。振り直しはしません）。")
    said = text(await chat(table, ALICE, "1"))
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 88 ＞ 失敗" in said


async def test_the_answer_counts_after_other_peoples_rolls_and_refusals_between(table):
    # アリス's palette question shows 42; ボブ rolls 〈目星〉 and the KP's line for ゾンビ1 is refused
    # (not its turn) in between; after a restart アリス's 「2」 still takes 42
    await table.two_zombies()
    await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    assert text(await chat(table, BOB, "CCB<=50 【目星】", 50)).startswith("bob　【目星】\n(1D100<=50) ＞ 50 ＞ 成功")
    kp_line = await chat(table, KP, "ゾンビ1：アリスを攻撃")
    assert [r.to for r in kp_line] == [KP] and "アリスの手番" in kp_line[0].text
    await table.restart()
    said = text(await chat(table, ALICE, "2"))
    assert FIST_AT_ZOMBIE_2 in said and table.dice.faces == []


async def test_one_more_blow_after_a_restart_repeats_the_last_attack(table):
    await table.two_zombies()
    await chat(table, ALICE, "ゾンビ2をこぶしで攻撃", 90)
    for who, line in ((ALICE, "ターン終了"), (BOB, "ターン終了"), (KP, "ゾンビ1：ターン終了"), (KP, "ゾンビ2：ターン終了")):
        assert not (await chat(table, who, line))[0].ephemeral, line
    await table.restart()
    said = text(await chat(table, ALICE, "もう一発", 95))
    assert "⚔ アリス → ゾンビ2：こぶしで攻撃（70%）\nアリス 攻撃（こぶし）：(1D100<=70) ＞ 95 ＞ 失敗" in said


async def test_a_question_of_an_older_battle_version_is_refused_once(table):
    await table.two_zombies()
    await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    await table.say(KP, "kp set", target="ボブ", field="HP", value="9")  # the battle moves on
    await table.restart()
    stale = await chat(table, ALICE, "2")
    assert [(r.to, r.text) for r in stale] == [
        (ALICE, "その質問は古くなっています（出目 42 を振ったあとで戦闘が進みました）。あらためて宣言してください。")]
    assert await chat(table, ALICE, "2") == []  # said once: later 「2」 is talk
    assert (await table.state()).units["ゾンビ2"].hp == 15


async def test_a_question_answered_by_its_button_is_not_told_stale_later(table):
    await table.two_zombies()
    asked = await chat(table, ALICE, "CCB<=70 【こぶし】", 42)
    await table.press(ALICE, "ゾンビ2", asked)
    assert await chat(table, ALICE, "2") == []


async def test_a_message_delivered_twice_is_answered_once(table):
    await table.two_zombies()
    table.dice.feed(42)
    roll = message(table, ALICE, "CCB<=70 【こぶし】")
    assert len(await table.service.handle(roll)) == 2
    assert await table.service.handle(roll) == []  # a replay in the same process: no second die
    answer = message(table, ALICE, "2")
    assert FIST_AT_ZOMBIE_2 in text(await table.service.handle(answer))
    await table.restart()
    assert await table.service.handle(roll) == [] and await table.service.handle(answer) == []
    assert (await table.state()).units["ゾンビ2"].hp == 15 and table.dice.faces == []


async def test_a_turn_end_and_a_refusal_delivered_twice_are_told_once(table):
    await table.two_zombies()
    refused = message(table, BOB, "ゾンビ1をこぶしで攻撃")
    first = await table.service.handle(refused)
    assert [r.to for r in first] == [BOB] and "アリスの手番" in first[0].text
    assert await table.service.handle(refused) == []
    ended = message(table, ALICE, "ターン終了")
    assert text(await table.service.handle(ended)).startswith("アリスの手番が終わりました。")
    assert await table.service.handle(ended) == []
    assert (await table.state()).turn == "ボブ"


async def test_a_message_seen_by_two_processes_acts_once(table, other):
    await table.two_zombies()
    table.dice.feed(42)
    other.battles.dice.feed(80)
    roll = message(table, ALICE, "CCB<=70 【こぶし】")
    assert "＞ 42" in (await table.service.handle(roll))[0].text
    assert await other.handle(roll) == []  # the other process rolled its 80, showed nothing
    ended = message(table, ALICE, "ターン終了")
    assert await other.handle(ended) != []
    assert await table.service.handle(ended) == []  # this process's battle was behind: it read the line anew
    assert (await table.state()).turn == "ボブ"
    said = text(await other.handle(message(table, BOB, "ターン終了")))
    assert said.startswith("ボブの手番が終わりました。")


@pytest.mark.rule("H-GEN-01")
async def test_the_kps_told_once_flag_outlives_a_restart(table):
    await table.two_zombies()
    assert await table.service.places.hold(table.channel) == KP  # the first refused post: the KP is told
    assert await table.service.places.hold(table.channel) is None
    await table.restart()
    assert await table.service.places.hold(table.channel) is None  # told already, before the restart
    await table.service.places.posting_works(table.channel)
    await table.restart()
    assert await table.service.places.hold(table.channel) == KP  # posting worked since: told again


async def test_a_process_that_lost_a_message_to_another_reads_the_die_it_showed(table, other):
    # both processes get every message; the other one had read the battle before the question
    await table.two_zombies()
    assert await chat(table, BOB, "はじめよう", service=other) == []
    table.dice.feed(42)
    other.battles.dice.feed(80)
    roll = message(table, ALICE, "CCB<=70 【こぶし】")
    assert "＞ 42" in (await table.service.handle(roll))[0].text
    assert await other.handle(roll) == []  # taken: its 80 is shown to no one
    said = text(await other.handle(message(table, ALICE, "ゾンビ1をこぶしで攻撃")))  # reaches the other first
    assert "アリス 攻撃（こぶし）：(1D100<=70) ＞ 42 ＞ 成功" in said
