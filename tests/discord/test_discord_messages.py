"""Replies as Discord message arguments: mentions, pings, buttons, embed, attachment."""
from __future__ import annotations

import discord

from bot.transports.discord.delivery import split
from bot.transports.discord.messages import combatants_embed, send_kwargs
from bot.render.reply import Button, Reply

ALICE, BOB = "1400000000000000011", "1400000000000000012"


def test_mentions_are_written_first_and_are_the_only_pings():
    kwargs = send_kwargs(Reply(text="アリスの手番です。", mentions=(ALICE, "console-name", BOB)))
    assert kwargs["content"] == f"<@{ALICE}> <@{BOB}> アリスの手番です。"
    assert kwargs["allowed_mentions"].to_dict() == {"parse": [], "users": [int(ALICE), int(BOB)]}
    assert sorted(kwargs) == ["allowed_mentions", "content"]


def test_a_reply_without_mentions_pings_nobody_even_if_its_text_looks_like_one():
    kwargs = send_kwargs(Reply(text="@everyone <@1400000000000000012> 了解"))
    assert kwargs["content"] == "@everyone <@1400000000000000012> 了解"
    assert kwargs["allowed_mentions"].to_dict() == {"parse": []}


def test_a_long_text_with_a_mention_stays_within_2000_characters():
    kwargs = send_kwargs(Reply(text="あ" * 2000, mentions=(ALICE,)))
    assert len(kwargs["content"]) == 2000
    assert kwargs["content"].startswith(f"<@{ALICE}> あ")
    assert kwargs["content"].endswith("…（長いため省略しました）")  # nothing says where the rest is: it is nowhere


def test_buttons_become_a_persistent_view_of_our_custom_ids_only():
    reply = Reply(text="対応を選んでください。", buttons=(
        Button("回避", "cb:3:a1:dodge", "success"), Button("なし", "cb:3:a1:none"),
        Button("外部", "https://example.com", "primary")))
    view = send_kwargs(reply)["view"]
    assert view.timeout is None
    assert [(b.item.label, b.custom_id, b.item.style) for b in view.children] == [
        ("回避", "cb:3:a1:dodge", discord.ButtonStyle.success),
        ("なし", "cb:3:a1:none", discord.ButtonStyle.secondary)]


def test_status_data_becomes_an_embed_with_hidden_units_masked():
    data = {"round": 2, "turn": "アリス", "phase": "active", "combatants": [
        {"name": "アリス", "hp": 9, "hp_max": 13, "ap": 2, "dex": 14, "conditions": ["転倒"], "weapons": []},
        {"name": "ゾンビ", "hp": None, "hp_max": None, "ap": 3, "dex": None, "conditions": [],
         "weapons": [], "state": "軽傷"}]}
    embed = combatants_embed(data)
    assert embed.title == "ラウンド2　手番: アリス"
    assert [(f.name, f.value) for f in embed.fields] == [
        ("▶ アリス", "HP 9/13　AP 2　DEX 14\n転倒"), ("ゾンビ", "軽傷")]
    assert combatants_embed(None) is None
    assert combatants_embed({"round": 1}) is None


def test_a_file_becomes_a_utf8_attachment():
    kwargs = send_kwargs(Reply(text="戦闘ログです。", file={"name": "battle-1.txt", "content": "ラウンド1\n"}))
    attachment = kwargs["file"]
    assert attachment.filename == "battle-1.txt"
    assert attachment.fp.read() == "ラウンド1\n".encode("utf-8")


def test_edits_go_first_private_replies_for_others_by_dm_and_the_invokers_stay_here():
    public = Reply(text="Aliceがシークレットダイスを振りました。")
    own = Reply(text="🔒 結果", ephemeral=True, to=ALICE)
    keeper = Reply(text="🔒 Aliceのシークレットダイス", ephemeral=True, to=BOB)
    unaddressed = Reply(text="読めません", ephemeral=True)
    stale = Reply(text="（古くなりました）", edit="board:1")
    assert split([stale, public, own, keeper, unaddressed], ALICE) == (
        [stale], [public, own, unaddressed], [keeper])


def test_a_binary_attachment_is_sent_as_its_bytes():
    import base64

    from bot.transports.discord.messages import file_bytes
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(16))
    assert file_bytes({"name": "map.png", "content_b64": base64.b64encode(png).decode()}) == png
    assert file_bytes({"name": "log.txt", "content": "戦闘ログ"}) == "戦闘ログ".encode("utf-8")


def test_a_clipped_text_keeps_its_note_when_mentions_make_it_shorter():
    from bot.render.reply import IN_LOG, clip
    kwargs = send_kwargs(Reply(text=clip("あ" * 3000, note=IN_LOG), mentions=(ALICE,)))
    assert len(kwargs["content"]) == 2000
    assert kwargs["content"].startswith(f"<@{ALICE}> あ") and kwargs["content"].endswith(IN_LOG)
    assert kwargs["content"].count("…") == 1
