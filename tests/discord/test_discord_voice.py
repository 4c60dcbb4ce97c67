"""Lines spoken as characters on Discord (issue 31): re-posted through the channel's one
webhook under the character's name and portrait, the player's message removed; the rolls in
them, the declarations they make, and Discord's refusals."""
from __future__ import annotations

import asyncio
import base64
import hashlib
import io
import re
import socket
import time
import urllib.request

from PIL import Image

import discord_gateway as gateway
from test_chat_declarations import two_zombies

ALICE, BOB, KP = gateway.USERS["alice"], gateway.USERS["bob"], gateway.USERS["kp"]
CHANNEL = gateway.CHANNEL_ID
EXECUTE = re.compile(r"/webhooks/\d+/token-\d+")
DAY = 86400


def executes(calls) -> list:
    """The webhook posts among ``calls`` (``POST /webhooks/<id>/<token>``)."""
    return [c for c in calls if c.method == "POST" and EXECUTE.fullmatch(c.path)]


async def alice_speaks(harness, **sheet) -> None:
    """アリス (目星 70) made, and her lines spoken as her in the test channel."""
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("alice", "char set", name="アリス", key="目星", value="70")
    await harness.slash("alice", "char voice", name="アリス")


async def test_a_line_is_posted_as_the_character_through_one_webhook_and_the_original_removed(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    said = gateway.message_create("alice", "こんにちは、アリスです")
    calls = await harness.dispatch("MESSAGE_CREATE", said)
    assert [(c.method, c.path) for c in calls] == [
        ("GET", f"/channels/{CHANNEL}/webhooks"), ("POST", f"/channels/{CHANNEL}/webhooks"),
        ("POST", calls[2].path), ("DELETE", f"/channels/{CHANNEL}/messages/{said['id']}")]
    post = calls[2]
    assert (post.payload["content"], post.payload["username"], post.params) == ("こんにちは、アリスです", "アリス", {"wait": "1", "with_components": "0"})
    again = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "もう一度"))
    assert [(c.method, c.path) for c in again] == [("POST", post.path), ("DELETE", again[1].path)]


async def test_the_name_shows_the_player_when_the_kp_sets_it(make_bot):
    harness = await make_bot()
    await alice_speaks(harness)
    await harness.slash("kp", "battle new")  # the channel's KP
    await harness.slash("kp", "kp setting", key="発言者名", value="PC（PL）")
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "やあ"))
    assert executes(calls)[0].payload["username"] == "アリス（Alice）"


async def test_rolls_in_speech_are_rolled_with_the_sheets_values_and_shown_in_the_post(make_bot):
    harness = await make_bot([23, 40])
    await alice_speaks(harness)
    first = executes(await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<={目星} 【目星】 何かないかな")))
    assert first[0].payload["content"] == ("CCB<=70 【目星】 何かないかな\n🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功\n"
                                          "📈 アリス〈目星〉に成長の印")
    middle = executes(await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "じゃあ 1d100<={SAN} で振るね")))
    assert middle[0].payload["content"] == "じゃあ 1d100<=55 で振るね\n🎲 (1D100<=55) ＞ 40 ＞ 成功"


async def test_a_secret_roll_in_speech_goes_to_the_kp_alone_and_the_post_says_only_that_one_was_made(make_bot, fake):
    harness = await make_bot([55])
    await harness.slash("kp", "session start")
    await alice_speaks(harness)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "SCCB<=70 【聞き耳】 なにか聞こえる？"))
    post, = executes(calls)
    assert post.payload["content"] == "なにか聞こえる？\n🔒 シークレットダイスを振りました。"
    dms = [c.content for c in calls if c.path == f"/channels/{fake.dm_channel}/messages"]
    assert dms == ["🔒 アリス　【聞き耳】\n(1D100<=70) ＞ 55 ＞ 成功", "🔒 アリスのシークレットダイス\n(1D100<=70) ＞ 55 ＞ 成功",
                   "📈 アリス〈聞き耳〉に成長の印"]
    assert all("55" not in c.content for c in calls if c.path == f"/channels/{CHANNEL}/messages")


def picture(colour: tuple[int, int, int], size: tuple[int, int] = (300, 600)) -> bytes:
    """A PNG of one ``colour`` (a tall 立ち絵 by default)."""
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


async def upload(harness, fake, colour, face: str | None = None, lifetime: float = DAY) -> list:
    """alice uploads a picture of ``colour`` as アリス's portrait (variant ``face``); its URL
    is signed and expires after ``lifetime`` seconds, as Discord's attachment URLs do."""
    attachment = fake.attach("alice.png", picture(colour), content_type="image/png", lifetime=lifetime)
    options = {"face": face} if face else {}
    return await harness.slash("alice", "char portrait", file=gateway.attachment_option(attachment), **options)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_an_uploaded_portrait_still_shows_a_month_later_from_the_bots_own_address(make_bot, fake):
    port = free_port()
    harness = await make_bot(portrait_url="https://bot.example.jp", portrait_port=port, portrait_host="127.0.0.1")
    await alice_speaks(harness)
    told = await upload(harness, fake, (200, 30, 180))
    assert "ボットが保存しました" in told[0].content
    fake.wall = lambda: time.time() + 31 * DAY  # past the attachment URL's lifetime: Discord's CDN says 404
    assert fake.expired(next(iter(fake.cdn)))
    post, = executes(await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "ひと月ぶりね")))
    address = post.payload["avatar_url"]
    sha = re.fullmatch(r"https://bot\.example\.jp/portraits/([0-9a-f]{64})\.png", address).group(1)
    served = await asyncio.to_thread(lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/portraits/{sha}.png").read())
    assert hashlib.sha256(served).hexdigest() == sha
    shown = Image.open(io.BytesIO(served)).convert("RGB")
    assert shown.size == (256, 256) and shown.getpixel((128, 128)) == (200, 30, 180)
    assert fake.webhooks.avatars == []  # the webhook wears nothing: the address does it


async def test_without_a_public_address_the_webhook_wears_the_kept_picture_and_changes_only_with_the_speaker(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    await upload(harness, fake, (200, 30, 180))
    await upload(harness, fake, (30, 200, 60), face="笑顔")
    fake.wall = lambda: time.time() + 31 * DAY
    lines = ["こんにちは", "まだ私", "うれしい！ @笑顔", "@笑顔 は表情名だけじゃない"]
    posts = []
    for line in lines:
        posts += executes(await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", line)))
    assert [p.payload["content"] for p in posts] == ["こんにちは", "まだ私", "うれしい！", "@笑顔 は表情名だけじゃない"]
    assert all("avatar_url" not in p.payload for p in posts)
    worn = [Image.open(io.BytesIO(base64.b64decode(avatar.split(",", 1)[1]))).convert("RGB").getpixel((5, 5))
            for _hook, avatar in fake.webhooks.avatars]
    assert worn == [(200, 30, 180), (30, 200, 60), (200, 30, 180)]  # changed only when the face changed


async def test_a_portrait_url_is_used_as_given_and_a_discord_attachment_url_is_refused(make_bot):
    harness = await make_bot()
    await alice_speaks(harness)
    refused = await harness.slash("alice", "char portrait",
                                  url="https://cdn.discordapp.com/attachments/1/2/a.png?ex=1&is=1&hm=1")
    assert "期限が切れ" in refused[0].content and "file: に添付" in refused[0].content
    await harness.slash("alice", "char portrait", url="https://example.jp/alice.png")
    post, = executes(await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "どう？")))
    assert post.payload["avatar_url"] == "https://example.jp/alice.png"


async def test_in_a_battle_spoken_declarations_act_as_in_plain_chat_and_the_bot_answers_under_the_post(make_bot, fake):
    harness = await make_bot([20, 10])
    await two_zombies(harness)
    await harness.slash("alice", "char voice", name="アリス")
    await harness.slash("kp", "kp voice", npc="ゾンビ1")
    ended = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "ターン終了"))
    post, = executes(ended)
    answer = [c for c in ended if c.path == f"/channels/{CHANNEL}/messages" and c.method == "POST"][0]
    assert (post.payload["content"], post.payload["username"]) == ("ターン終了", "アリス")
    assert answer.content.startswith("アリスの手番が終わりました。")
    assert answer.payload["message_reference"]["message_id"] == int(post.response["id"])  # under the post
    attacked = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("kp", "アリスを攻撃！ @怒り"))
    assert [(p.payload["username"], p.payload["content"]) for p in executes(attacked)] == [("ゾンビ1", "アリスを攻撃！ @怒り")]
    assert f"<@{ALICE}> ゾンビ1のこぶしがアリスに命中しました。" in attacked[-1].content
    dodged = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=28 【回避】 よけて！"))
    post, = executes(dodged)
    assert post.payload["content"] == "CCB<=28 【回避】 よけて！"  # the declaration rolled it: no second roll in the post
    assert [c.content for c in dodged if c.path == f"/channels/{CHANNEL}/messages" and c.method == "POST"] == [
        "アリスの対応：回避\nアリス 回避：(1D100<=28) ＞ 10 ＞ 成功\n→ アリスは攻撃を回避した"]


async def test_a_line_in_a_thread_goes_through_the_parents_webhook(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    thread_id = gateway.snowflake()
    await harness.dispatch("THREAD_CREATE", {**gateway.thread(thread_id), "newly_created": True})
    await harness.dispatch("INTERACTION_CREATE", gateway.in_thread(
        gateway.slash("alice", "char voice", name="アリス"), gateway.thread(thread_id)))
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.in_thread(gateway.message_create("alice", "スレッドで"),
                                                                       gateway.thread(thread_id)))
    post, = executes(calls)
    assert post.params == {"wait": "1", "thread_id": thread_id, "with_components": "0"}
    assert [h["channel_id"] for h in fake.webhooks.hooks.values()] == [CHANNEL]  # the parent's, the only one
    assert ("DELETE", f"/channels/{thread_id}/messages/{calls[-1].path.rsplit('/', 1)[1]}") == (calls[-1].method, calls[-1].path)


async def test_a_webhook_deleted_by_an_admin_is_made_again_once(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "一言目"))
    old, = fake.webhooks.hooks
    fake.webhooks.drop(old)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "二言目"))
    assert [(c.method, c.status) for c in calls][:4] == [("POST", 404), ("GET", 200), ("POST", 200), ("POST", 200)]
    assert calls[0].response["code"] == 10015 and executes(calls)[-1].payload["content"] == "二言目"
    assert list(fake.webhooks.hooks) != [old] and len(fake.webhooks.hooks) == 1


async def test_a_channel_full_of_webhooks_gets_a_clear_message_to_the_kp_and_the_line_stays(make_bot, fake):
    harness = await make_bot([23])
    await harness.slash("kp", "session start")
    await alice_speaks(harness)
    fake.webhooks.foreign[CHANNEL] = 15
    said = gateway.message_create("alice", "CCB<=70 【目星】 何かある？")
    calls = await harness.dispatch("MESSAGE_CREATE", said)
    assert calls[1].status == 400 and calls[1].response["code"] == 30007
    assert not any(c.method == "DELETE" for c in calls) and executes(calls) == []
    reply, = [c for c in calls if c.path == f"/channels/{CHANNEL}/messages"]  # the notice and the result, merged
    notice, result = reply.content.split("\n【アリス】\n")
    assert notice.startswith(f"<@{KP}> ⚠ KPへ: このチャンネルのウェブフックが上限（15個）に達しているため")
    assert reply.payload["allowed_mentions"]["users"] == [int(KP)]
    assert result == "🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功\n📈 アリス〈目星〉に成長の印"
    assert reply.payload["message_reference"]["message_id"] == int(said["id"])  # under the player's own line
    again = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "まだだめ？"))
    assert [c.content for c in again if c.path == f"/channels/{CHANNEL}/messages"] == []  # told once; nothing to add


async def test_without_manage_webhooks_the_bot_says_which_once_and_replies_under_the_line(make_bot, fake):
    harness = await make_bot([23, 30])
    await alice_speaks(harness)
    await harness.take("manage_webhooks")
    first = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=70 【目星】"))
    assert not any("/webhooks" in c.path for c in first)
    reply, = first
    assert "「ウェブフックの管理」権限がありません" in reply.content and "\n【アリス】\n🎲" in reply.content
    second = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=70 【目星】"))
    assert [c.content for c in second] == ["【アリス】\n🎲　【目星】 (1D100<=70) ＞ 30 ＞ 成功"]  # told once; marked once


async def test_a_refused_removal_of_the_line_takes_the_post_back_and_says_manage_messages(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    fake.deny("manage_messages")  # the role still says it may: Discord refuses (a channel overwrite)
    said = gateway.message_create("alice", "消せない？")
    calls = await harness.dispatch("MESSAGE_CREATE", said)
    post, = executes(calls)
    removal = next(c for c in calls if c.method == "DELETE" and c.path.startswith("/channels/"))
    assert (removal.status, removal.response["code"]) == (403, 50013)
    taken_back = next(c for c in calls if c.method == "DELETE" and c.path.startswith("/webhooks/"))
    assert taken_back.path.endswith(f"/messages/{post.response['id']}")
    assert "「メッセージの管理」権限がありません" in calls[-1].content


async def test_a_429_with_retry_after_is_waited_out_and_the_line_posted(make_bot, fake):
    harness = await make_bot()
    await alice_speaks(harness)
    await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "はじめ"))
    fake.fail(r"POST /webhooks/\d+/token", 429, retry_after=0.05)
    calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "待ってから"))
    assert [(c.status, c.payload["content"]) for c in executes(calls)] == [(429, "待ってから"), (200, "待ってから")]
    assert calls[0].response["retry_after"] == 0.05
