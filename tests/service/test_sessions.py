"""Sessions over the service (issue 19), on SQLite and PostgreSQL: an open session survives a
restart, its records are the table's (``"user"`` a reserved word of PostgreSQL), hidden NPCs
stay out of the public statistics, a taken-back battle step counts no more, the characters
marked for growth are offered ``/char growth``, a retried ``/session start`` is answered
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
    assert lines[1:] == ["📜 セッション全体のログは /session log で出せます。"]  # no ゾンビ: its dodge was taken back
    keeper = await table.say(KP, "session log")
    assert "［取り消し済み］" in keeper[0].file["content"]


async def test_the_characters_marked_here_are_offered_growth_rolls_without_their_skills(table):
    for name, owner in (("アリス", ALICE), ("ボブ", "bob")):
        await table.say(owner, "char new", name=name, str=12, con=13, pow=11, dex=14, app=10, siz=13, int=13, edu=15)
    await table.say(KP, "session start")
    await roll(table, ALICE, "CCB<=50 【目星】", 40)   # a success marks 目星
    await roll(table, "bob", "SCCB<=50 【心理学】", 12)  # a secret one too: the summary names no skill
    await roll(table, "bob", "CCB<=50 【聞き耳】", 70)
    lines = await summary_lines(table)
    assert lines[-4:-1] == ["🌱 成長ロールができます（KPは /char growth all:true で全員分をまとめて振れます）:",
                            "・アリス → /char growth name:アリス", "・ボブ → /char growth name:ボブ"]
    assert "心理学" not in "\n".join(lines)


async def test_a_retried_session_start_is_answered_once(table):
    req = Request(channel=table.channel, user=KP, name=KP, command="session start", request_id="9001")
    first = await table.service.handle(req)
    await table.restart()
    again = await table.service.handle(req)
    assert [r.text for r in again] == [r.text for r in first] and first[0].text.startswith("📖 セッションを開始しました")
    assert not first[0].ephemeral
