"""The permission table walked through the service: every command of the command surface
for the KP, the player who owns a unit, and anyone else (bot.commands.permissions)."""
from __future__ import annotations

import pytest

from bot.commands import permissions
from bot.commands.spec import COMMANDS
from service_table import ALICE, KP
from rules.dice import DiceExhausted

EVE = "eve"
PATHS = [c.path for c in COMMANDS]


def test_every_command_has_an_entry():
    assert [p for p in PATHS if p not in permissions.TABLE] == []


async def outcome(table, user: str, path: str, **options) -> str:
    """``"refused"`` when the permission table refused, else ``"passed"``."""
    try:
        replies = await table.say(user, path, **options)
    except DiceExhausted:
        return "passed"
    return "refused" if any("（権限:" in r.text for r in replies if r.ephemeral) else "passed"


EXPECTED = {
    permissions.ANYONE: {"kp": "passed", "owner": "passed", "other": "passed"},
    permissions.PLAYER: {"kp": "passed", "owner": "passed", "other": "refused"},
    permissions.KEEPER: {"kp": "passed", "owner": "refused", "other": "refused"},
}


@pytest.mark.parametrize("path", PATHS)
async def test_the_table_decides_each_command_for_kp_owner_and_other(table, path):
    await table.fight()
    seen = {who: await outcome(table, user, path) for who, user in
            (("other", EVE), ("owner", ALICE), ("kp", KP))}
    expected = dict(EXPECTED[permissions.access(path)])
    if path == "check":  # someone with no unit here rolls on their own sheet (bot.sheets.checks)
        expected["other"] = "passed"
    assert seen == expected


async def test_only_the_kp_acts_for_another_unit_with_as(table):
    await table.fight()
    assert await outcome(table, ALICE, "end", **{"as": "ボブ"}) == "refused"
    assert (await table.state()).turn == "アリス"
    assert await outcome(table, KP, "end", **{"as": "アリス"}) == "passed"
    assert (await table.state()).turn == "ボブ"


async def test_players_end_only_their_own_turn(table):
    await table.fight()
    replies = await table.say("bob", "end")
    assert replies[0].ephemeral and "アリスの手番" in replies[0].text
    assert (await table.state()).turn == "アリス"


@pytest.mark.parametrize("how", ["admin", "role", "handover"])
async def test_who_is_kp_besides_the_creator(table, how):
    await table.fight()
    if how == "role":
        refused = await table.say(EVE, "kp role", role="GM")
        assert "（権限:" in refused[0].text
        await table.say(KP, "kp role", role="GM")
    if how == "handover":
        await table.say(KP, "kp handover", user=EVE)
        assert (await table.state()).keeper == EVE
        assert "（権限:" in (await table.say(KP, "kp skip"))[0].text
    kwargs = {"admin": how == "admin", "roles": ("GM",) if how == "role" else ()}
    replies = await table.say(EVE, "kp skip", **kwargs)
    assert "（権限:" not in replies[0].text
    assert (await table.state()).turn == "ボブ"


@pytest.mark.parametrize("path", ["battle start", "battle add", "battle end", "kp skip", "kp undo",
                                  "kp allow", "kp set", "attack", "end", "declare"])
async def test_with_no_battle_kp_and_player_commands_say_there_is_no_battle(table, path):
    for user, admin in ((KP, False), (KP, True), (ALICE, False)):
        replies = await table.say(user, path, admin=admin)
        assert [(r.ephemeral, r.text) for r in replies] == [(True, permissions.NO_BATTLE)]


async def test_with_no_battle_the_channel_wide_kp_commands_still_ask_for_a_kp(table):
    replies = await table.say(ALICE, "kp setting")
    assert [r.text for r in replies] == [permissions.KEEPER_ONLY]
    replies = await table.say(KP, "kp setting", admin=True)
    assert "【KP設定】" in replies[0].text
