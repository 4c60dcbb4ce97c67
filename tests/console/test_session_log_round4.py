"""The session log as issue 29 asks (its section 「The session log」): the channel's settings
that every battle opens with are written once, not per battle; the KP's commands and buttons
are the KP's lines, an NPC speaks only when the KP spoke as it in chat; and the growth offer
at the end names only the PCs that were at this session."""
from __future__ import annotations

import pytest

SHEETS = ["alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
          "bob: /char new name:ボブ STR:10 CON:10 POW:12 DEX:10 APP:10 SIZ:10 INT:12 EDU:12",
          "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1"]
BATTLE = ["kp: /battle new", "alice: /battle join character:アリス", "kp: /battle add name:ゾンビ character:ゾンビ hidden:true",
          "kp: /battle start", "kp: /kp close"]


async def _log(table, tmp_path, who="kp") -> str:
    await table.say(f"{who}: /session log")
    return (tmp_path / "exports" / ("session-1-kp.txt" if who == "kp" else "session-1.txt")).read_text(encoding="utf-8")


@pytest.mark.rule("H-GEN-01")
async def test_the_settings_line_is_written_once_not_per_battle(console_table, tmp_path):
    table = await console_table([], files_dir=tmp_path / "exports")
    for line in [*SHEETS, "kp: /session start", "kp: /kp setting key:シークレット value:off",
                 *BATTLE, "kp: /battle end confirm:true", *BATTLE, "kp: /battle end confirm:true"]:
        await table.say(line)
    text = await _log(table, tmp_path)
    assert text.count("⚙ 設定「シークレット」を オフ にしました") == 1
    assert "[戦闘1] kp［KP裁定］: /battle new\n    ⚙ 設定「シークレット」を オフ にしました（kp）" in text
    assert "[戦闘2] kp: /battle new\n" in text  # the same setting again: no line, no KP ruling
    await table.say("kp: /kp setting key:シークレット value:on")
    for line in [*BATTLE, "kp: /battle end confirm:true"]:
        await table.say(line)
    text = await _log(table, tmp_path)
    assert "[戦闘3] kp［KP裁定］: /battle new\n    ⚙ 設定「シークレット」を オン にしました（kp）" in text  # a change is written
    assert text.count("⚙ 設定「シークレット」を") == 2


@pytest.mark.rule("H-GEN-01")
async def test_kp_lines_are_the_kps_and_an_npc_speaks_only_when_the_kp_spoke_as_it(console_table, tmp_path):
    table = await console_table([30, 90, 2, 3, 20, 80, 3, 2], files_dir=tmp_path / "exports")
    for line in [*SHEETS, "kp: /session start", *BATTLE[:2], "kp: /battle add name:ゾンビ character:ゾンビ",
                 *BATTLE[3:], "alice: /attack target:ゾンビ weapon:こぶし"]:
        await table.say(line)
    await table.say("kp: [回避]")
    await table.say("alice: /end")
    await table.say("kp: ゾンビ：アリスをこぶしで攻撃")
    await table.say("alice: [回避]")
    lines = [line.split("] ", 2)[-1] for line in (await _log(table, tmp_path)).splitlines() if line.startswith("[")]
    assert "kp: /battle add name:ゾンビ character:ゾンビ" in lines and "kp: [回避]" in lines
    assert "ゾンビ: 「ゾンビ：アリスをこぶしで攻撃」" in lines  # the KP spoke as ゾンビ
    assert not any(line.startswith("ゾンビ: /") or line == "ゾンビ: [回避]" for line in lines)


@pytest.mark.rule("H-GEN-02")
async def test_the_growth_offer_names_only_the_pcs_at_this_session(console_table, tmp_path):
    table = await console_table([10, 10], files_dir=tmp_path / "exports")
    for line in SHEETS:
        await table.say(line)
    await table.say("bob: CCB<=50 【聞き耳】")  # ボブ's mark, made before this session
    await table.say("kp: /session start")
    await table.say("alice: CCB<=50 【目星】")
    ended = (await table.say("kp: /session end"))[0]["text"].splitlines()
    assert [line for line in ended if line.startswith("・")] == ["・アリス → /char growth name:アリス"]
