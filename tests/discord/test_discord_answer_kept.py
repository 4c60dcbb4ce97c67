"""An error after the answer never takes the answer back (issue 28, "Lost"): the public
answer is not deleted, the private one not overwritten; the error comes in a new private
message that says the result stands (``errors.AFTER_ANSWER``), not to try again."""
from __future__ import annotations

import discord_gateway as gateway
from bot.transports.discord import errors

FOLLOWUP = r"POST /webhooks/\d+/[\w-]+$"
ORIGINAL = "/messages/@original"


def _touches_original_after(calls, first) -> list:
    """The calls after ``first`` that edit or delete the original response."""
    return [(c.method, c.path) for c in calls[calls.index(first) + 1:] if c.path.endswith(ORIGINAL)]


async def test_a_failure_after_a_public_answer_keeps_it_and_reports_in_a_new_message(make_bot, fake):
    harness = await make_bot()
    fake.deny("embed_links")  # /battle new then adds the permission advice in a followup
    fake.fail(FOLLOWUP, 400, 50035)
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.slash("kp", "battle new"))
    answer = next(c for c in calls if c.content.startswith("戦闘を開きました"))
    assert (answer.method, answer.path.endswith(ORIGINAL), answer.ephemeral) == ("PATCH", True, False)
    assert _touches_original_after(calls, answer) == []
    refused, told = [c for c in calls if c.method == "POST" and not c.path.endswith("/callback")]
    assert (refused.status, refused.content.startswith("⚠ このチャンネルでボットの権限が足りません")) == (400, True)
    assert (told.status, told.ephemeral, told.content) == (200, True, errors.AFTER_ANSWER)


async def test_a_failure_after_a_private_answer_does_not_overwrite_it(make_bot, fake):
    harness = await make_bot([30])
    await harness.first_round()
    fake.fail(FOLLOWUP, 400, 50035)  # the second file (HTML) of /battle log
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.slash("kp", "battle log"))
    answer = next(c for c in calls if c.path.endswith(ORIGINAL))
    assert answer.content.startswith("📜 戦闘ログ") and answer.ephemeral and answer.files
    assert _touches_original_after(calls, answer) == []
    assert [(c.status, c.ephemeral, c.content) for c in calls if c.method == "POST" and not c.path.endswith("/callback")] \
        == [(400, True, "📜 戦闘ログ（HTML）"), (200, True, errors.AFTER_ANSWER)]


async def test_an_error_before_any_answer_still_replaces_the_deferral(make_bot, fake):
    harness = await make_bot()
    fake.fail(rf"PATCH /webhooks/\d+/[\w-]+{ORIGINAL}", 400, 50035)
    calls = await harness.dispatch_all("INTERACTION_CREATE", gateway.slash("kp", "battle new"))
    assert [(c.method, c.status, c.content) for c in calls if not c.is_ack][-2:] == [
        ("DELETE", 204, ""), ("POST", 200, errors.UNEXPECTED)]
