"""Who counts as KP on Discord: the battle's creator, and members with Manage Channels
(the interaction's member permissions) — issue 6."""
import discord_gateway as gateway

MANAGE_CHANNELS = 1 << 4


def _slash(who: str, path: str, manage: bool = False, **values) -> dict:
    data = gateway.slash(who, path, **values)
    if manage:
        data["member"]["permissions"] = str(int(data["member"]["permissions"]) | MANAGE_CHANNELS)
    return data


async def test_manage_channels_makes_a_member_a_keeper(make_bot):
    harness = await make_bot()
    await harness.slash("kp", "battle new")
    refused = await harness.dispatch("INTERACTION_CREATE", _slash("bob", "battle end"))
    assert refused[0].ephemeral and "KP" in refused[0].content
    ended = await harness.dispatch("INTERACTION_CREATE", _slash("bob", "battle end", manage=True))
    assert not ended[0].ephemeral and "戦闘を終了しました" in ended[0].content
