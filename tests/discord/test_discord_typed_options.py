"""Typed options through Discord (issue 11): ``/kp handover user:`` is a Member, ``/kp role
role:`` a Role, ``/char import file:`` an Attachment read as the sheet's text, numbers are
ranged integers; the guild arrives in GUILD_CREATE first, so a KP role works as on Discord."""
from __future__ import annotations

import discord

import discord_gateway as gateway
from bot.sheets import attachments
from bot.commands.spec import BY_PATH

KEEPER_ONLY = "この操作はKPだけが行えます（権限: KP）。"


async def test_handover_to_a_member_makes_them_the_keeper(make_bot):
    harness = await make_bot()
    await harness.slash("kp", "battle new")
    handed = await harness.slash("kp", "kp handover", user=gateway.user_option("bob"))
    assert [(c.ephemeral, c.content) for c in handed] == [
        (False, f"👑 KPが<@{gateway.USERS['bob']}>に交代しました（<@{gateway.USERS['kp']}>）")]
    refused = await harness.slash("kp", "battle end")
    assert (refused[0].ephemeral, refused[0].content) == (True, KEEPER_ONLY)
    ended = await harness.slash("bob", "battle end")
    assert (ended[0].ephemeral, "戦闘を終了しました" in ended[0].content) == (False, True)


async def test_handover_to_the_bot_is_refused_and_the_keeper_stays(make_bot):
    harness = await make_bot()
    await harness.slash("kp", "battle new")
    refused = await harness.slash("kp", "kp handover", user=gateway.user_option("bot"))
    assert [(c.ephemeral, c.content) for c in refused] == [(True, "user: にはボットではなく参加者を指定してください。")]
    ended = await harness.slash("kp", "battle end")
    assert "戦闘を終了しました" in ended[0].content


async def test_a_kp_role_from_the_guild_makes_its_members_keepers(make_bot):
    harness = await make_bot(roles={"bob": ("キーパー",), "alice": ("PL",)})
    await harness.slash("kp", "battle new")
    added = await harness.slash("kp", "kp role", role=gateway.role_option("キーパー"))
    role = f"<@&{gateway.ROLES['キーパー']}>"
    assert [(c.ephemeral, c.content) for c in added] == [
        (False, f"ロール「{role}」をKPとして扱います。（KPロール: {role}）")]
    assert added[0].message["allowed_mentions"] == {"parse": []}
    refused = await harness.slash("alice", "battle end", roles=("PL",))
    assert (refused[0].ephemeral, refused[0].content) == (True, KEEPER_ONLY)
    ended = await harness.slash("bob", "battle end", roles=("キーパー",))
    assert (ended[0].ephemeral, "戦闘を終了しました" in ended[0].content) == (False, True)


async def test_a_sheet_file_is_imported_from_its_attachment(make_bot, fake, shared):
    harness = await make_bot()
    raw = (shared / "data" / "characters" / "ccfolia_02_coc6_investigator.json").read_bytes()
    attachment = fake.attach("hanako.json", raw)
    calls = await harness.slash("alice", "char import", file=gateway.attachment_option(attachment))
    answer, = calls
    assert answer.ephemeral and "「見本 花子」を取り込みました" in answer.content and "HP 14" in answer.content
    listed = await harness.slash("alice", "char list")
    assert "見本 花子" in listed[0].content


async def test_a_file_over_the_limit_is_refused_unread(make_bot, fake):
    harness = await make_bot()
    attachment = fake.attach("huge.json", b"{}", size=attachments.MAX_IMPORT_BYTES + 1)
    fake.cdn.clear()  # it would not be downloaded anyway
    calls = await harness.slash("alice", "char import", file=gateway.attachment_option(attachment))
    assert [(c.ephemeral, c.content) for c in calls] == [
        (True, "ファイル「huge.json」は大きすぎます（1,000,001 バイト、上限 1,000,000 バイト）。"
               "キャラクターシートのJSONかテキストを添付してください。")]
    listed = await harness.slash("alice", "char list")
    assert listed[0].content == "あなたのキャラクターはまだ登録されていません。/char new で作れます。"


async def test_a_file_that_is_not_text_is_refused(make_bot, fake):
    harness = await make_bot()
    attachment = fake.attach("sheet.png", b"\x89PNG\r\n\x1a\n\xff\xfe\xfa")
    calls = await harness.slash("alice", "char import", file=gateway.attachment_option(attachment))
    assert [(c.ephemeral, c.content) for c in calls] == [
        (True, "ファイル「sheet.png」はテキストとして読めません（UTF-8 か Shift_JIS のJSON・テキストにしてください）。")]


async def test_numbers_are_registered_as_ranged_integers(make_bot):
    harness = await make_bot()
    tree = harness.bot.tree
    kp = next(c for c in tree.get_commands() if c.name == "kp")
    undo = next(c for c in kp.commands if c.name == "undo").to_dict(tree)
    assert [(o["name"], o["type"], o["min_value"], o["max_value"]) for o in undo["options"]] == [("steps", 4, 1, 100)]
    handover = next(c for c in kp.commands if c.name == "handover").to_dict(tree)
    assert [(o["name"], o["type"]) for o in handover["options"]] == [("user", 6)]
    assert [o.type for o in BY_PATH["kp role"].options] == ["role"]


async def test_the_cogs_together_register_exactly_the_spec(make_bot):
    harness = await make_bot()
    cogs = {name: sorted(c.name for c in cog.get_app_commands()) for name, cog in harness.bot.cogs.items()}
    assert cogs == {"Dice": ["roll"], "Characters": ["char"], "Keeper": ["kp"],
                    "Battle": ["attack", "battle", "check", "declare", "end", "escape", "help", "move", "react", "spell",
                               "wait"],
                    "Sessions": ["session"], "Sanity": ["san", "table"], "ChatDice": [], "Reminders": [],
                    "Places": [], "Reopening": []}
    registered = sorted(c.name for c in harness.bot.tree.get_commands(type=discord.AppCommandType.chat_input))
    assert registered == sorted({cmd.split()[0] for cmd in BY_PATH})
    menus = [c.name for c in harness.bot.tree.get_commands(type=discord.AppCommandType.message)]
    assert menus == ["Edit spoken line", "Delete spoken line"]  # issue 31: the owner's hold on a spoken line
