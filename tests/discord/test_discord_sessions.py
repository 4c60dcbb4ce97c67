"""``/session`` on Discord (issue 19), through discord.py's parsing and CommandTree: start and
end answer publicly, a chat roll between them is kept, ``/session log`` arrives as private
attachments (the players' copy without the KP's secret roll)."""
from __future__ import annotations

import discord_gateway as gateway


async def test_a_session_on_discord_from_start_to_log(make_bot):
    harness = await make_bot([40, 12])
    started = await harness.slash("kp", "session start")
    assert [(c.ephemeral, c.content.split("（")[0]) for c in started] == [(False, "📖 セッションを開始しました")]
    rolled = await harness.dispatch("MESSAGE_CREATE", gateway.message_create("alice", "CCB<=50 【目星】"))
    assert rolled[0].content == "Alice　【目星】\n(1D100<=50) ＞ 40 ＞ 成功"
    await harness.slash("kp", "roll", command="SCCB<=60 【聞き耳】")
    ended = await harness.slash("kp", "session end")
    assert [c.ephemeral for c in ended] == [False]
    assert ended[0].content.splitlines()[1] == "【Alice】ロール 1回／成功 1（決定的成功 0）／致命的失敗 0／平均出目 40.0"
    logged = await harness.slash("alice", "session log")
    assert [(c.ephemeral, [a["filename"] for a in c.message["attachments"]]) for c in logged] == [
        (True, ["session-1.txt"]), (True, ["session-1.html"])]
    assert logged[0].content.startswith("📜 セッションログ プレイヤー用（シークレットは伏せています）: 2件")
