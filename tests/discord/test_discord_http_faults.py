"""When Discord says no (issue 11): the fake Discord answers 400, 403, 404/10062, 429 with
retry-after and 5xx through discord.py's own HTTP client; for each, the user gets a sensible
result or the log a line, and no state is lost or applied twice."""
from __future__ import annotations

import logging

import discord_gateway as gateway
from bot.transports.discord import errors

CALLBACK = r"POST /interactions/\d+/[\w-]+/callback"
ORIGINAL = r"PATCH /webhooks/\d+/[\w-]+/messages/@original"
FOLLOWUP = r"POST /webhooks/\d+/[\w-]+$"
CHANNEL_MESSAGES = f"/channels/{gateway.CHANNEL_ID}/messages"
TURN_END = "cb:1:t1-アリス:end"
NO_BATTLE = "このチャンネルには進行中の戦闘がありません。/battle new で開いてください。"


async def _status(harness) -> list[str]:
    return [c.content for c in await harness.slash("kp", "battle status") if c.content]


async def test_an_expired_interaction_is_logged_and_not_run(make_bot, fake, caplog):
    harness = await make_bot()
    fake.fail(CALLBACK, 404, 10062)
    data = gateway.slash("kp", "battle new")
    with caplog.at_level(logging.WARNING, logger="bot.transports.discord.acknowledge"):
        calls = await harness.dispatch_all("INTERACTION_CREATE", data)
    assert [(c.status, c.path) for c in calls] == [(404, f"/interactions/{data['id']}/{data['token']}/callback")]
    assert [r.getMessage() for r in caplog.records] == [
        f"'battle' by user {gateway.USERS['kp']} in channel {gateway.CHANNEL_ID} (guild {gateway.GUILD_ID}, "
        f"interaction {data['id']}) expired before it could be acknowledged (Discord 10062); not run"]
    assert await _status(harness) == [NO_BATTLE]


async def test_a_click_after_its_token_expired_changes_nothing_and_the_button_still_works(make_bot, fake):
    harness = await make_bot()
    start = await harness.first_round()
    prompt = next(c for c in start if TURN_END in c.custom_ids)
    message = gateway.message(prompt.content, prompt.message["components"], message_id=prompt.response["id"])
    fake.fail(CALLBACK, 404, 10062)
    assert await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", TURN_END, message)) == []
    clicked = await harness.dispatch("INTERACTION_CREATE", gateway.click("alice", TURN_END, message))
    assert [c.content for c in clicked if c.content][0] == "アリスの手番が終わりました。"


async def test_a_rate_limited_acknowledgement_is_retried_and_the_command_applied_once(make_bot, fake):
    harness = await make_bot()
    fake.fail(CALLBACK, 429, retry_after=0.05)
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.slash("kp", "battle new"))
    assert [(c.method, c.status) for c in calls] == [("POST", 429), ("POST", 200), ("PATCH", 200)]
    assert calls[2].content.startswith("戦闘を開きました")
    again = await harness.slash("kp", "battle new")
    assert again[0].ephemeral and "すでに" in again[0].content


async def test_a_rate_limited_followup_is_sent_once_after_retry_after(make_bot, fake):
    harness = await make_bot()
    reference = await harness.first_round()
    await harness.slash("kp", "battle end", confirm=True)
    fake.fail(FOLLOWUP, 429, retry_after=0.05)
    faulty = [c for c in await harness.first_round() if c.status == 200]
    assert [c.content for c in faulty] == [c.content for c in reference]


async def test_a_bad_request_on_the_answer_is_logged_the_user_told_and_the_battle_kept(make_bot, fake, caplog):
    harness = await make_bot()
    fake.fail(ORIGINAL, 400, 50035)
    with caplog.at_level(logging.ERROR, logger="bot.transports.discord.errors"):
        calls = await harness.slash("kp", "battle new")
    refused, told = calls
    assert (refused.status, refused.content.startswith("戦闘を開きました")) == (400, True)
    assert (told.method, told.ephemeral, told.content) == ("POST", True, errors.UNEXPECTED)
    assert caplog.records[0].getMessage().startswith("error in 'battle' by user")
    assert "400 Bad Request (error code: 50035)" in str(caplog.records[0].exc_info[1])
    assert (await _status(harness))[0].startswith("【CoC6 ハウスルール")


async def test_missing_permissions_in_a_channel_are_logged_for_chat_dice(make_bot, fake, caplog):
    harness = await make_bot([3])
    fake.fail(f"POST {CHANNEL_MESSAGES}$", 403, 50013)
    with caplog.at_level(logging.WARNING, logger="bot.transports.discord.delivery"):
        calls = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=50"))
    assert [(c.status, c.content) for c in calls] == [(403, "Alice\n(1D100<=50) ＞ 3 ＞ 決定的成功/スペシャル")]
    assert [r.getMessage() for r in caplog.records] == [
        f"could not post in channel {gateway.CHANNEL_ID} (Discord 403 50013): Missing Permissions"]


async def test_a_board_that_cannot_be_edited_is_logged_and_the_new_board_still_sent(make_bot, fake, caplog):
    harness = await make_bot()
    await harness.first_round(hidden=False)
    await harness.slash("alice", "battle status")  # the board message the next one marks out of date
    fake.fail(rf"PATCH {CHANNEL_MESSAGES}/\d+", 403, 50013)
    with caplog.at_level(logging.INFO, logger="bot.transports.discord.delivery"):
        calls = await harness.slash("alice", "battle status")
    board, refused = calls
    assert board.content.startswith("【CoC6 ハウスルール") and refused.status == 403
    assert "could not edit message" in caplog.records[0].getMessage()


async def test_a_server_error_on_a_followup_is_retried_and_sent_once(make_bot, fake):
    harness = await make_bot()
    reference = await harness.first_round()
    await harness.slash("kp", "battle end", confirm=True)
    fake.fail(FOLLOWUP, 502)
    calls = await harness.first_round()
    assert [c.status for c in calls].count(502) == 1
    assert [c.content for c in calls if c.status == 200] == [c.content for c in reference]
