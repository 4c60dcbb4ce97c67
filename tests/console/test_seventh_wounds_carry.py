"""A 7th battle's wounds and guns on the sheet at its end (trial 9 G6, G15): 重傷 and 瀕死
outlast the fight on the sheet until the KP ends them, and a gun that never jammed is not
said to have recovered from a jam, at the end nor at the reopening."""
from __future__ import annotations

import pytest

from bot.sheets.carry7 import changes7
from rules.coc7.character import Investigator
from rules.coc7.weapons import known
from tests.console.messages import text


SETUP = [
    "kp: /kp setting key:版 value:7",
    "alice: /char new name:アリス STR:50 CON:60 POW:50 DEX:70 APP:50 SIZ:50 INT:60 EDU:60 luck:50",
    "kp: /char new name:信者 STR:50 CON:50 POW:50 DEX:50 APP:50 SIZ:50 INT:50 EDU:50 luck:50",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:信者 character:信者",
    "kp: /battle start",
    "kp: /kp set target:アリス field:状態 value:+重傷",
    "kp: /kp set target:アリス field:HP value:0",
]


@pytest.mark.rule("7-HP-02", "7-HP-06", "7-HP-07", "7-AID-02")
async def test_a_dying_investigator_is_still_dying_on_the_sheet_after_the_battle(console_table):
    table = await console_table([])
    for line in SETUP:
        await table.say(line)
    ended = text(await table.say("kp: /battle end confirm:true"))
    assert "シートに反映: アリス HP 11→0、負傷 なし→重傷・瀕死" in ended
    shown = text(await table.say("alice: /char show name:アリス"))
    assert "負傷: 重傷・瀕死（戦闘の結果。KPが :アリス:状態-瀕死 で終えます）" in shown
    data = (await table.store.get_character("console", "アリス")).data
    assert (data["hp_now"], data["wounds"]) == (0, ["重傷", "瀕死"])
    reopened = text(await table.say("kp: /battle reopen"))
    assert "シートへの反映を取り消しました: アリス HP 0→11、負傷 重傷・瀕死→なし" in reopened
    await table.say("kp: /battle end confirm:true")
    refused = text(await table.say("alice: :状態-瀕死"))
    assert refused == "アリスの瀕死を終えるのはKPです（「:アリス:状態-瀕死」）。"
    stable = text(await table.say("kp: :アリス:状態-瀕死"))  # 応急手当 succeeded: stable (7-AID-02)
    assert stable == "🩹 アリスの瀕死を終えました（kp）。"
    assert (await table.store.get_character("console", "アリス")).data["wounds"] == ["重傷"]


@pytest.mark.rule("7-HP-07")
def test_a_gun_that_never_jammed_is_not_said_to_recover_at_the_end_nor_at_the_reopening():
    gun = known(".38リボルバー")
    fresh = Investigator("エミリー", {"STR": 50, "CON": 50, "SIZ": 50, "DEX": 50, "POW": 50}, weapons=(gun,))
    fired = Investigator("エミリー", fresh.stats, weapons=(gun,),
                         weapon_state={gun.name: {"ammo": 3, "jammed": False}})
    assert changes7(fresh, fired) == [".38リボルバー 残弾6→3"]
    assert changes7(fired, fresh) == [".38リボルバー 残弾3→6"]
    jammed = Investigator("エミリー", fresh.stats, weapons=(gun,),
                          weapon_state={gun.name: {"ammo": 3, "jammed": True}})
    assert changes7(fired, jammed) == [".38リボルバー 故障"]
    assert changes7(jammed, fired) == [".38リボルバー 故障から回復"]


@pytest.mark.rule("7-PUSH-03")
async def test_a_push_in_a_battle_is_refused_as_a_combat_roll(console_table):
    table = await console_table([])
    for line in SETUP[:7]:
        await table.say(line)
    refused = await table.say("alice: プッシュします！")
    assert [m["text"] for m in refused] == [
        "戦闘の中の判定（攻撃・回避・応戦、戦闘中の技能の判定）はプッシュできません（7-PUSH-03）"]
    await table.say("kp: /battle end confirm:true")
    after = await table.say("alice: プッシュします！")  # no battle: the usual answer
    assert [m["text"] for m in after][0].startswith("プッシュ判定がありません")
