"""Sessions over the service (issue 19), on SQLite and PostgreSQL: an open session survives a
restart, its records are the table's (``"user"`` a reserved word of PostgreSQL), hidden NPCs
stay out of the public statistics, a taken-back battle step counts no more, growth marks
on a sheet are offered as ``/char growth`` lines, a retried ``/session start`` is answered
once."""
from __future__ import annotations

from service_table import ALICE, KP, text
from bot.service import Request


async def roll(table, who: str, line: str, *faces: int):
    table.dice.feed(*faces)
    return await table.service.handle(Request(channel=table.channel, user=who, name=who, command="chat",
                                              options={"text": line}))


async def summary_lines(table) -> list[str]:
    replies = await table.say(KP, "session end")
    assert not any(r.ephemeral for r in replies), text(replies)
    return text(replies).splitlines()[1:]


async def test_an_open_session_keeps_recording_after_a_restart(table):
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "session start")
    await roll(table, ALICE, "CCB<=50 【目星】", 40)
    await table.restart()
    await roll(table, ALICE, "CCB<=50 【聞き耳】", 96)
    await table.say(ALICE, "check", 10, 4, skill="SAN", loss="1/1D6")  # 成功: SAN 55 → 54
    assert (await summary_lines(table))[0] == (
        "【アリス】ロール 3回／成功 2（決定的成功 0）／致命的失敗 1／平均出目 48.7／SAN 55→54（−1）")


async def test_a_hidden_npcs_rolls_stay_out_of_the_statistics(table):
    await table.say(KP, "session start")
    await table.fight(hidden=True)
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})  # ゾンビ HP 15 → 10
    lines = await summary_lines(table)
    assert lines[:2] == ["【アリス】ロール 2回／成功 1（決定的成功 0）／致命的失敗 0／平均出目 45.0",
                         "（シークレットダイスと非公開NPCのロールは集計に含めていません）"]
    assert "ゾンビ" not in "\n".join(lines)


async def test_a_step_the_kp_took_back_counts_no_more(table):
    await table.say(KP, "session start")
    await table.fight()
    await table.say(ALICE, "attack", 45, target="ゾンビ", weapon="こぶし")
    await table.say(KP, "react", 80, 2, 3, action="回避", **{"as": "ゾンビ"})
    await table.say(KP, "kp undo")  # ゾンビ's dodge and the damage are taken back
    lines = await summary_lines(table)
    assert lines[0] == "【アリス】ロール 1回／成功 1（決定的成功 0）／致命的失敗 0／平均出目 45.0"
    assert lines[1].startswith("🌱 成長ロール")  # no ゾンビ: its dodge was taken back
    keeper = await table.say(KP, "session log")
    assert "［取り消し済み］" in keeper[0].file["content"]


async def test_growth_marks_on_a_sheet_are_offered(table):
    await table.say(ALICE, "char new", name="アリス", str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "session start")
    await roll(table, ALICE, "CCB<=50 【目星】", 40)
    sheet = await table.store.get_character("console", "アリス")
    await table.store.put_character("console", ALICE, "アリス", {**sheet.data, "growth": {"目星": "成功", "聞き耳": "成功"}})
    lines = await summary_lines(table)
    assert lines[-3:-1] == ["🌱 成長ロールができます:", "・アリス（目星、聞き耳）→ /char growth name:アリス"]


async def test_a_retried_session_start_is_answered_once(table):
    req = Request(channel=table.channel, user=KP, name=KP, command="session start", request_id="9001")
    first = await table.service.handle(req)
    await table.restart()
    again = await table.service.handle(req)
    assert [r.text for r in again] == [r.text for r in first] and first[0].text.startswith("📖 セッションを開始しました")
    assert not first[0].ephemeral
