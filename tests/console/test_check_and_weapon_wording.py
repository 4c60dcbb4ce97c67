"""Trial finding 16: a check on another player's character is refused as a check (not as
joining a battle), and deleting a weapon mid-battle says it leaves from the next battle."""
from __future__ import annotations

from tests.console.messages import text

ALICE = "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15"


async def test_a_check_on_someone_elses_character_is_refused_as_a_check(console_table):
    table = await console_table([42])
    await table.say(ALICE)
    assert text(await table.say("bob: /check skill:目星 character:アリス")) == (
        "「アリス」は他のユーザーのキャラクターです。判定できるのは自分のキャラクターだけです。")
    assert table.dice.remaining == 1


async def test_deleting_a_weapon_mid_battle_says_it_leaves_from_the_next_battle(console_table):
    table = await console_table()
    await table.say(ALICE)
    await table.say("alice: /char weapon name:アリス weapon:ナイフ")
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    assert text(await table.say("alice: /char weapon name:アリス weapon:ナイフ delete:true")) == (
        "アリスから武器「ナイフ」を外しました。残りの武器: なし（素手の攻撃だけ）\n"
        "（進行中の戦闘のアリスには反映されません。次の戦闘から外れます。この戦闘ではまだ使えます）")
    assert text(await table.say("alice: /char weapon name:アリス weapon:拳銃")).endswith(
        "（進行中の戦闘のアリスには反映されません。次の戦闘から使えます）")
