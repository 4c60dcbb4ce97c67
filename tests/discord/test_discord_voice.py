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


async def speak(harness, who: str, text: str, **extra) -> tuple[dict, list]:
    """``who`` writes ``text`` (with the message fields ``extra``): the MESSAGE_CREATE and its calls."""
    data = {**gateway.message_create(who, text), **extra}
    return data, await harness.dispatch("MESSAGE_CREATE", data)


async def test_mentions_ping_only_whom_the_players_own_message_pinged(make_bot):
    harness = await make_bot()
    await alice_speaks(harness)
    _, calls = await speak(harness, "alice", f"<@{BOB}> 見て！ @everyone", mentions=[gateway.user("bob")],
                           mention_everyone=False)
    post, = executes(calls)
    assert post.payload["allowed_mentions"] == {"parse": [], "users": [int(BOB)], "roles": []}  # no @everyone


async def test_the_bot_ignores_webhook_posts_its_own_and_other_bots(make_bot, fake):
    harness = await make_bot([23])
    await alice_speaks(harness)
    _, calls = await speak(harness, "alice", "CCB<=70 【目星】")
    own = executes(calls)[0].response
    assert own["webhook_id"] and await harness.dispatch("MESSAGE_CREATE", {**own, "guild_id": gateway.GUILD_ID}) == []
    assert await harness.dispatch("MESSAGE_CREATE", gateway.webhook_message("CCB<=70 【目星】")) == []


async def test_a_reply_to_a_post_is_rebuilt_as_a_quote(make_bot):
    harness = await make_bot()
    await alice_speaks(harness)
    await harness.slash("bob", "char new", name="ボブ", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("bob", "char voice", name="ボブ")
    _, calls = await speak(harness, "alice", "地下室の鍵はどこ？ 探してみないと分からないわね、とりあえず書斎から見ていきましょうか")
    asked = executes(calls)[0].response
    reply = gateway.reply_create("bob", "書斎なら任せて", {**asked, "guild_id": gateway.GUILD_ID})
    post, = executes(await harness.dispatch("MESSAGE_CREATE", reply))
    link = f"https://discord.com/channels/{gateway.GUILD_ID}/{CHANNEL}/{asked['id']}"
    assert post.payload["content"] == (f"> **アリス**: 地下室の鍵はどこ？ 探してみないと分からないわね、とりあえず書斎から見ていきましょうか"
                                       f" （{link}）\n書斎なら任せて")


async def test_a_prefix_speaks_as_the_character_once_and_asides_stay_the_players(make_bot):
    harness = await make_bot()
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    told = await harness.slash("alice", "char voice", prefix="ア:")
    assert told[0].content == "🎭 「ア:」で始めた行はアリスとして投稿します（その行だけ。例: ア: こんにちは）。"
    _, once = await speak(harness, "alice", "ア：全角のコロンでも")
    assert [p.payload["content"] for p in executes(once)] == ["全角のコロンでも"]
    assert (await speak(harness, "alice", "プレフィックスなし"))[1] == []
    await harness.slash("alice", "char voice", name="アリス")
    for aside in ("(ちょっと離席します)", "（了解です）", "// メモ"):
        assert (await speak(harness, "alice", aside))[1] == [], aside


async def test_the_kp_speaks_as_an_npc_with_its_sheets_portrait_or_by_name_alone(make_bot, fake):
    harness = await make_bot()
    await harness.slash("kp", "char new", name="黒衣の男", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await harness.slash("kp", "char portrait", name="黒衣の男", url="https://example.jp/man.png")
    await harness.slash("kp", "kp voice", npc="黒衣の男")
    _, calls = await speak(harness, "kp", "……ようこそ")
    assert [(p.payload["username"], p.payload.get("avatar_url")) for p in executes(calls)] == [
        ("黒衣の男", "https://example.jp/man.png")]
    await harness.slash("kp", "kp voice", npc="店主")
    _, calls = await speak(harness, "kp", "いらっしゃい")
    assert [(p.payload["username"], p.payload.get("avatar_url")) for p in executes(calls)] == [("店主", None)]
    await harness.slash("alice", "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    refused = await harness.slash("kp", "kp voice", npc="アリス")
    assert refused[0].content == "「アリス」は他のユーザーのキャラクターです。KPが話せるのは自分のNPCか、シートのない名前です。"


async def test_a_spoken_san_check_acts_and_the_bot_answers_under_the_post(make_bot):
    harness = await make_bot([12, 3])
    await alice_speaks(harness)
    _, calls = await speak(harness, "alice", "SANチェック 1/1D6")
    post, = executes(calls)
    answer = next(c for c in calls if c.path == f"/channels/{CHANNEL}/messages")
    assert post.payload["content"] == "SANチェック 1/1D6"
    assert answer.content.startswith("🎲 アリス SANチェック（1/1D6）：(1D100<=55) ＞ 12 ＞ 成功\n成功：1 の減少 → SAN 55 → 54")
    assert answer.payload["message_reference"]["message_id"] == int(post.response["id"])


async def test_the_owner_edits_a_post_through_the_menu_and_its_roll_stays(make_bot, fake):
    harness = await make_bot([23])
    await harness.slash("kp", "session start")
    await alice_speaks(harness)
    _, calls = await speak(harness, "alice", "CCB<=70 【目星】 何かないかな")
    post = executes(calls)[0].response
    target = {**post, "guild_id": gateway.GUILD_ID}
    refused = await harness.dispatch("INTERACTION_CREATE", gateway.message_menu("bob", "Edit spoken line", target))
    assert [(c.ephemeral, c.content) for c in refused] == [
        (True, "編集・削除できるのは、自分がキャラクターとして投稿した発言だけです。")]
    opened = await harness.dispatch("INTERACTION_CREATE", gateway.message_menu("alice", "Edit spoken line", target))
    form = opened[0].payload["data"]
    assert opened[0].payload["type"] == 9 and form["title"] == "発言を編集"
    field = form["components"][0]["component"] if form["components"][0]["type"] == 18 else form["components"][0]["components"][0]
    assert field["value"] == "CCB<=70 【目星】 何かないかな"
    done = await harness.dispatch("INTERACTION_CREATE", gateway.modal_submit("alice", form["custom_id"],
                                                                              {field["custom_id"]: "鍵はないかな"}))
    edit = next(c for c in done if c.method == "PATCH" and c.path.endswith(f"/messages/{post['id']}") and "token-" in c.path)
    assert edit.payload["content"] == "鍵はないかな\n🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功\n📈 アリス〈目星〉に成長の印"
    assert done[-1].content == "発言を編集しました。" and done[-1].ephemeral
    log = await harness.slash("kp", "session log")
    text = next(c.files for c in log if any(name.endswith(".txt") for name in c.files))
    assert "アリス: 鍵はないかな" in next(iter(text.values())).decode()


async def test_the_owner_deletes_a_post_through_the_menu_and_it_leaves_the_log(make_bot, fake):
    harness = await make_bot()
    await harness.slash("kp", "session start")
    await alice_speaks(harness)
    _, calls = await speak(harness, "alice", "いまの無し")
    await speak(harness, "alice", "こっちが本当")
    post = {**executes(calls)[0].response, "guild_id": gateway.GUILD_ID}
    done = await harness.dispatch("INTERACTION_CREATE", gateway.message_menu("alice", "Delete spoken line", post))
    removed = [c for c in done if c.method == "DELETE" and c.path.startswith("/webhooks/") and "token-" in c.path]
    assert [c.path.rsplit("/", 1)[1] for c in removed] == [post["id"]] and done[-1].content == "発言を削除しました。"
    log = await harness.slash("kp", "session log")
    text = next(iter(next(c.files for c in log if any(n.endswith(".txt") for n in c.files)).values())).decode()
    assert "こっちが本当" in text and "いまの無し" not in text


class VirtualClock:
    """Seconds that pass only when the test says so: ``sleep`` waits until the test has
    moved the clock past its end (:meth:`advance`)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeping: dict[asyncio.Task, tuple[float, asyncio.Future]] = {}

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        wake = asyncio.get_running_loop().create_future()
        self.sleeping[asyncio.current_task()] = (self.now + seconds, wake)
        await wake

    def advance(self, to: float) -> None:
        """Move to ``to``, waking every sleeper whose time has come."""
        self.now = max(self.now, to)
        for task, (until, wake) in list(self.sleeping.items()):
            if until <= self.now:
                del self.sleeping[task]
                wake.set_result(None)


async def settle(poster, clock: VirtualClock) -> None:
    """Let the posting queues run until each is done or asleep on the virtual clock."""
    for _ in range(5000):
        workers = [t for t in poster._workers.values() if not t.done()]
        if all(t in clock.sleeping for t in workers):
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the posting queue did not settle")


async def test_four_players_and_a_kp_at_sixty_lines_a_minute_get_no_429_and_every_line_in_order(make_bot, fake):
    harness = await make_bot()
    players = ("alice", "bob", "carol", "dave")
    for who in players:
        await harness.slash(who, "char new", name=f"{who}の探索者", str=12, con=13, pow=11, dex=14, app=10, siz=13,
                            int=13, edu=15)
        await harness.slash(who, "char voice", name=f"{who}の探索者")
    await harness.slash("kp", "kp voice", npc="語り手")
    clock = VirtualClock()
    fake.clock = clock
    poster = harness.bot.voice_poster
    poster.pace.clock, poster.pace.sleep = clock, clock.sleep
    speakers = [*players, "kp"]

    def seen() -> int:
        return sum(len(q) for q in poster._queues.values()) + len(executes(fake.calls))
    for n in range(60):  # one line a second: 60 a minute, five speakers in turn
        clock.advance(1000.0 + n)
        await settle(poster, clock)
        before = seen()
        harness.bot._connection.parsers["MESSAGE_CREATE"](gateway.message_create(speakers[n % 5], f"{n:02d}番目の発言"))
        for _ in range(5000):  # it reaches its channel's queue (or is posted) before the next line is typed
            await asyncio.sleep(0.001)
            if seen() > before:
                break
    while len(executes(fake.calls)) < 60 and clock.now < 1300.0:
        clock.advance(clock.now + 0.5)
        await settle(poster, clock)
    await harness.dispatch_all("MESSAGE_CREATE", gateway.webhook_message("（静かになった）"))  # the last tasks end
    posts = executes(fake.calls)
    assert [c.status for c in posts] == [200] * 60  # no 429
    assert [p.payload["content"] for p in posts] == [f"{n:02d}番目の発言" for n in range(60)]
    assert [p.payload["username"] for p in posts[:5]] == ["aliceの探索者", "bobの探索者", "carolの探索者", "daveの探索者",
                                                          "語り手"]
    deleted = [c for c in fake.calls if c.method == "DELETE" and c.path.startswith(f"/channels/{CHANNEL}/messages/")]
    assert len(deleted) == 60
    times = [c.at for c in posts]
    assert all(later - earlier >= 2.0 for earlier, later in zip(times, times[5:]))  # 5 per 2 s per webhook
    assert all(later - earlier >= 60.0 for earlier, later in zip(times, times[30:]))  # 30 per minute per channel
    assert all(1000.0 + n <= t <= 1001.0 + n for n, t in enumerate(times[:30]))  # the first half-minute goes out as typed
    assert times[-1] - 1000.0 < 92  # the rest waits its turn: the backlog of a 60-line minute clears half a minute later


async def test_a_line_with_a_file_stays_the_players_and_its_roll_is_answered_under_it(make_bot, fake):
    harness = await make_bot([23])
    await alice_speaks(harness)
    picture_file = {"id": gateway.snowflake(), "filename": "map.png", "size": 10, "url": "https://cdn.discordapp.com/x.png",
                    "proxy_url": "https://cdn.discordapp.com/x.png", "content_type": "image/png"}
    _, calls = await speak(harness, "alice", "この地図を見て CCB<=70 【目星】", attachments=[picture_file])
    assert executes(calls) == [] and not any(c.method == "DELETE" for c in calls)
    assert [c.content for c in calls] == ["【アリス】\n🎲　【目星】 (1D100<=70) ＞ 23 ＞ 成功\n📈 アリス〈目星〉に成長の印"]
