"""Reloading a gun 「リロード」 / ``/declare action:装填`` (H-ATK-03, X-AMMO-03), through the
console table as a player types it: it fills the magazine the shots emptied, for 1 AP."""
from __future__ import annotations

import pytest

from tests.console.test_chat_weapons import REVOLVER, _table


@pytest.mark.rule("H-ATK-03", "X-AMMO-01", "X-AMMO-03")
async def test_reload_by_chat_and_by_declare_costs_one_ap_each(console_table):
    table = await _table(console_table, REVOLVER, faces=[90, 90])
    await table.say("alice: /attack target:ゾンビ weapon:.38リボルバー")
    await table.say("alice: /attack target:ゾンビ weapon:.38リボルバー")  # two firings: 4 rounds left
    said = "\n".join(m["text"] for m in await table.say("alice: リロード"))
    assert "アリス：.38リボルバーに装填（H-ATK-03）（1ポイント）" in said
    assert "アリスは.38リボルバーをリロードした（残弾 4→6/6）。" in said
    assert (await table.status())["アリス"]["ap"] == 0
    said = "\n".join(m["text"] for m in await table.say("alice: /declare action:装填"))
    assert said == "アリスの銃は弾が込められています（残弾 .38リボルバー 6/6）。リロードの必要はありません。"


@pytest.mark.rule("H-ATK-03")
async def test_reload_without_a_gun_is_refused_by_its_reason(console_table):
    table = await _table(console_table)
    said = await table.say("alice: /declare action:装填")
    assert "アリスは装填できる銃を持っていません。" in said[0]["text"]
    assert (await table.status())["アリス"]["ap"] == 3
