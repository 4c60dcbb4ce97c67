"""A SAN check typed in chat (issue 10 via issue 9's chat): 「SANチェック 1/1D6」 is
``/check skill:SAN loss:1/1D6`` on the speaker's own sheet, in any channel."""
from __future__ import annotations


async def test_a_san_check_typed_in_chat_applies_its_loss(console_table):
    table = await console_table([80, 4])  # 80 > SAN 55: failed, loses 1D6 = 4
    await table.say("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15")
    said = await table.say("alice: SANチェック 1/1D6")
    assert len(said) == 1 and not said[0]["ephemeral"]
    assert "(1D100<=55) ＞ 80 ＞ 失敗" in said[0]["text"]
    assert "55 → 51" in said[0]["text"]
    again = await table.say("alice: 【SANチェック】1/1D6は怖い")
    assert again == []
