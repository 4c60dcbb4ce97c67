"""The console takes the values Discord types, written as text (issue 11): a sheet file by
its path for ``/char import file:``, the new KP by name for ``/kp handover user:``, and
numbers within the spec's ranges."""
from __future__ import annotations


async def test_a_sheet_is_imported_from_a_file_path(console_table, shared):
    table = await console_table()
    path = shared / "data" / "characters" / "ccfolia_02_coc6_investigator.json"
    reply = await table.say(f"alice: /char import file:{path}")
    assert reply[0]["ephemeral"] and "「見本 花子」を取り込みました" in reply[0]["text"] and "HP 14" in reply[0]["text"]


async def test_handover_by_name_and_an_out_of_range_number(console_table):
    table = await console_table()
    await table.say("kp: /battle new")
    handed = await table.say("kp: /kp handover user:@bob")
    assert handed[0]["text"] == "👑 KPがbobに交代しました（kp）"
    refused = await table.say("bob: /kp undo steps:0")
    assert (refused[0]["ephemeral"], refused[0]["text"]) == (True, "steps の値が小さすぎます（1〜100 の整数）。")
