"""Slash commands through discord.py's parsing and CommandTree, as the user sees them."""
from __future__ import annotations

import logging

import pytest

import discord_gateway as gateway
from bot.transports.discord import errors

ALICE, KP = gateway.USERS["alice"], gateway.USERS["kp"]
CALLBACK = "/interactions/{}/{}/callback"


def _callback(data: dict) -> str:
    return CALLBACK.format(data["id"], data["token"])


def _original(data: dict) -> str:
    return f"/webhooks/{gateway.APP_ID}/{data['token']}/messages/@original"


async def test_roll_answers_publicly_with_the_bcdice_text(make_bot):
    harness = await make_bot([3])
    data = gateway.slash("alice", "roll", command="CCB<=50 こぶし")
    ack, answer = await harness.dispatch_all("INTERACTION_CREATE", data)
    assert [(c.method, c.path) for c in (ack, answer)] == [("POST", _callback(data)), ("PATCH", _original(data))]
    assert ack.payload == {"type": 5}  # deferred publicly at once, before the roll
    assert answer.content == "Alice　こぶし\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル"
    assert answer.ephemeral is False
    assert answer.message["allowed_mentions"] == {"parse": []}
    assert answer.custom_ids == []


async def test_a_round_start_pings_each_user_once_and_the_turn_prompt_carries_the_end_turn_button(make_bot):
    harness = await make_bot()
    calls = await harness.first_round()
    # one public message (issue 29): the round's line, アリス's declaration buttons and the KP's close, アリス's
    # turn with its button, the board; each user pinged once; the hidden ゾンビ's declaration: the KP's alone
    [message] = [c for c in calls if not c.ephemeral]
    assert message.content.startswith(f"<@{ALICE}> <@{KP}> ━━ ラウンド1 ━━ 行動順: アリス → ゾンビ\n"
                                      "ラウンド1開始時の宣言を受け付けます: アリス（未回答のPCへの攻撃は、その回答かKPの締め切りを待ちます）\n")
    assert message.message["allowed_mentions"]["users"] == [int(ALICE), int(KP)]
    assert ("ラウンド1: アリスの手番です。（行動ポイント 3）\n"
            "/attack で攻撃・/move で移動・/check で技能、終わったら [ターン終了] か /end。\n"
            "チャットで「ゾンビをこぶしで攻撃」「C4へ移動」「ターン終了」のように宣言できます。") in message.content
    assert "最初の行動の前に" not in message.content  # no old hint (issue 29)
    assert (message.labels[-1], message.custom_ids[-1]) == ("ターン終了", "cb:1:t1-アリス:end")
    assert message.message.get("embeds")  # the board's numbers, as the status board shows them


@pytest.mark.rule("H-DEF-PARRY-01")
async def test_a_refused_declaration_is_ephemeral_and_names_the_clause(make_bot):
    harness = await make_bot([30, 2, 3])
    await harness.first_round()
    await harness.slash("alice", "attack", target="ゾンビ")
    await harness.slash("kp", "react", action="なし", as_="ゾンビ")
    calls = await harness.slash("alice", "declare", action="受け流し", target="ゾンビ")
    assert len(calls) == 1
    assert calls[0].ephemeral is True
    assert calls[0].content == ("受け流しの宣言はラウンドのはじめ（宣言の受付中）に行います。"  # what is true (issue 29)
                                "アリスはこのラウンドすでに攻撃したので、もう宣言できません（H-DEF-PARRY-01）\n"
                                "KPの裁定で認める場合は、KPが /kp allow を使えます。")


async def test_a_secret_roll_shows_the_channel_only_a_notice(make_bot, fake):
    harness = await make_bot([30])
    await harness.slash("kp", "battle new")
    data = gateway.slash("alice", "roll", command="SCCB<=50")
    calls = await harness.dispatch("INTERACTION_CREATE", data)
    public, own, lookup, dm_open, dm = calls
    assert (public.path, public.ephemeral, public.content) == (_original(data), False, "Aliceがシークレットダイスを振りました。")
    assert (own.ephemeral, own.content) == (True, "🔒 Alice\n(1D100<=50) ＞ 30 ＞ 成功")
    assert (lookup.method, lookup.path) == ("GET", f"/users/{KP}")
    assert (dm_open.method, dm_open.path, dm_open.payload) == ("POST", "/users/@me/channels", {"recipient_id": int(KP)})
    assert (dm.path, dm.content) == (f"/channels/{fake.dm_channel}/messages", "🔒 Aliceのシークレットダイス\n(1D100<=50) ＞ 30 ＞ 成功")
    assert "1D100" not in public.content and "30" not in public.content


async def test_an_unknown_command_gets_the_out_of_sync_message(make_bot):
    harness = await make_bot()
    calls = await harness.slash("alice", "fireball", target="ゾンビ")
    assert [(c.ephemeral, c.content) for c in calls] == [(True, errors.OUT_OF_SYNC)]


async def test_an_unexpected_error_is_logged_and_answered_politely(make_bot, caplog):
    harness = await make_bot([])
    data = gateway.slash("alice", "roll", command="CCB<=50")
    with caplog.at_level(logging.ERROR, logger="bot.transports.discord.errors"):
        calls = await harness.dispatch("INTERACTION_CREATE", data)
    assert [(c.ephemeral, c.content) for c in calls] == [(True, errors.UNEXPECTED)]
    assert [r.getMessage() for r in caplog.records] == [
        f"error in 'roll' by user {ALICE} in channel {gateway.CHANNEL_ID} (guild {gateway.GUILD_ID}, "
        f"interaction {data['id']})"]


async def test_a_public_command_answered_privately_replaces_its_public_deferral(make_bot):
    harness = await make_bot()
    data = gateway.slash("bob", "battle status")
    calls = await harness.dispatch_all("INTERACTION_CREATE", data)
    webhook = f"/webhooks/{gateway.APP_ID}/{data['token']}"
    assert [(c.method, c.path) for c in calls] == [
        ("POST", _callback(data)), ("DELETE", _original(data)), ("POST", webhook)]
    assert calls[0].payload == {"type": 5}
    assert (calls[2].ephemeral, calls[2].content) == (
        True, "このチャンネルには進行中の戦闘がありません。/battle new で開いてください。")


async def test_a_private_command_is_deferred_privately_and_its_answer_replaces_the_deferral(make_bot):
    harness = await make_bot()
    data = gateway.slash("bob", "char list")
    calls = await harness.dispatch_all("INTERACTION_CREATE", data)
    assert [(c.method, c.path) for c in calls] == [("POST", _callback(data)), ("PATCH", _original(data))]
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}
    assert (calls[1].ephemeral, calls[1].content) == (True, "あなたのキャラクターはまだ登録されていません。/char new で作れます。")


async def test_status_shows_an_embed_with_hidden_numbers_only_in_the_kps_copy(make_bot):
    harness = await make_bot()
    await harness.first_round(hidden=True)
    calls = [c for c in await harness.slash("kp", "battle status") if c.message.get("embeds")]
    boards = [(c.ephemeral, [(f["name"], f["value"]) for f in c.message["embeds"][0]["fields"]]) for c in calls]
    assert boards == [
        (False, [("▶ アリス", "HP 13/13　AP 3　DEX 14"), ("ゾンビ", "無傷")]),
        (True, [("▶ アリス", "HP 13/13　AP 3　DEX 14"), ("ゾンビ", "HP 15/15　AP 0　DEX 8")]),
    ]


async def test_a_new_status_board_marks_the_previous_one_as_out_of_date(make_bot):
    harness = await make_bot()
    await harness.first_round(hidden=False)  # the round start's message holds a board, not a board message
    [board] = await harness.slash("alice", "battle status")  # nothing older to mark
    assert board.payload["content"].startswith("【CoC6 ハウスルール（戦闘ルール）】ラウンド1")
    calls = await harness.slash("alice", "battle status")
    new_board, edit = calls
    assert (edit.method, edit.path) == ("PATCH", f"/channels/{gateway.CHANNEL_ID}/messages/{board.response['id']}")
    assert edit.payload == {
        "content": "（この状況表は古くなりました。最新の状況は新しい表か /battle status で確認してください）",
        "embeds": [], "allowed_mentions": {"parse": []}, "tts": False}
    assert (new_board.ephemeral, new_board.content) == (False, board.content)
    again = await harness.slash("alice", "battle status")
    assert again[1].path == f"/channels/{gateway.CHANNEL_ID}/messages/{new_board.response['id']}"


async def test_bad_input_is_answered_privately_and_changes_nothing(make_bot):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    await harness.slash("kp", "battle status")  # a board message to mark out of date from now on
    before = [c.content for c in await harness.slash("kp", "battle status") if c.method in ("POST", "PATCH")]
    for who, path, values, text in (
            ("alice", "attack", {"target": "ミ＝ゴ"}, "「ミ＝ゴ」という参加者はこの戦闘にいません。参加者: アリス、ゾンビ"),
            ("bob", "end", {}, "この戦闘にあなたのユニットがいません。/battle join で参加してください（権限: 参加者のみ）。"),
            ("alice", "react", {"action": "回避"}, "アリスが対応すべき攻撃はいまありません。"),
            ("alice", "char set", {"name": "アリス", "key": "STR", "value": "とても強い"},
             "STR には整数を指定してください（「とても強い」は数値ではありません）。")):
        calls = await harness.slash(who, path, **values)
        assert [(c.ephemeral, c.content) for c in calls] == [(True, text)]
    after = [c.content for c in await harness.slash("kp", "battle status") if c.method in ("POST", "PATCH")]
    assert after == before


async def test_roll_works_in_a_dm_with_the_bot(make_bot):
    harness = await make_bot([45])
    data = gateway.slash_in_dm("alice", "roll", command="1D100<=50")
    calls = await harness.dispatch("INTERACTION_CREATE", data)
    assert [(c.path, c.ephemeral, c.content) for c in calls] == [
        (_original(data), False, "Alice\n(1D100<=50) ＞ 45 ＞ 成功")]


async def test_the_battle_log_arrives_as_private_attachments(make_bot):
    harness = await make_bot()
    await harness.first_round()
    calls = await harness.slash("kp", "battle log")
    assert [(c.ephemeral, [a["filename"] for a in c.message["attachments"]]) for c in calls] == [
        (True, ["battle-1-kp.txt"]), (True, ["battle-1-kp.html"])]  # the KP's copy (with secrets)


async def test_roll_system_coc7_rolls_one_command_by_cthulhu7th(make_bot):
    harness = await make_bot([9, 5, 2])
    data = gateway.slash("alice", "roll", command="CC(1)<=53 目星", system="coc7")
    _ack, answer = await harness.dispatch_all("INTERACTION_CREATE", data)
    assert answer.content == ("Alice　目星\n"
                              "(1D100<=53) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ レギュラー成功")
