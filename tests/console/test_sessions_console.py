"""Sessions through the console (issue 19): ``/session start`` … ``/session end`` keep every
roll, check, SAN check and battle step of the channel with its character; the end posts each
character's statistics, ``/session log`` the whole session as text and HTML, the KP's secret
rolls only in the KP's copy."""
from __future__ import annotations

import html
import re

from tests.console.session_evening import EVENING, FACES, SHEETS


async def evening(console_table, tmp_path, later=()):
    """A table after the evening above, the session still open (``later``: faces for after)."""
    table = await console_table([*FACES, *later], files_dir=tmp_path / "exports")
    for line in SHEETS:
        await table.say(line)
    started = await table.say("kp: /session start")
    assert started[0]["text"].startswith("📖 セッションを開始しました（") and "KP: kp）" in started[0]["text"]
    for line, _faces in EVENING:
        said = await table.say(line)
        assert not any(m["ephemeral"] and "権限" in m["text"] for m in said), said
    assert len(table.dice.used) == len(FACES)
    return table


async def test_the_end_posts_each_characters_statistics(console_table, tmp_path):
    table = await evening(console_table, tmp_path, later=[40])
    summary = await table.say("kp: /session end")
    assert [m["ephemeral"] for m in summary] == [False]
    lines = summary[0]["text"].splitlines()
    assert re.fullmatch(r"📕 セッション終了（\d\d/\d\d \d\d:\d\d〜\d\d:\d\d JST、\d+分）。KP: kp", lines[0])
    assert lines[1:] == [
        # CCB 3, 目星 45, SAN 80, attack 30, its damage, 回避 70: faces 3+45+80+30+70 = 228 / 5
        "【アリス】ロール 6回／成功 3（決定的成功 1）／致命的失敗 0／平均出目 45.6／SAN 55→51（−4）／HP 13→8（−5）",
        # 99, 50 and 2D6; the secret 心理学 is not counted: (99 + 50) / 2
        "【ボブ】ロール 3回／成功 0（決定的成功 0）／致命的失敗 1／平均出目 74.5",
        # 回避 90, attack 20 and its damage
        "【ゾンビ】ロール 3回／成功 1（決定的成功 0）／致命的失敗 0／平均出目 55.0／HP 15→10（−5）",
        "（シークレットダイスと非公開NPCのロールは集計に含めていません）",
        # marks of this channel (a palette roll, a check, the battle's こぶし; the secret rolls' too),
        # for the PCs at the session only (issue 29: not the KP's ゾンビ):
        "🌱 成長ロールができます（KPは /char growth all:true で全員分をまとめて振れます）:",
        "・アリス → /char growth name:アリス", "・ボブ → /char growth name:ボブ",
        "📜 セッション全体のログは /session log で出せます。",
    ]
    again = await table.say("kp: /session end")
    assert again[0]["ephemeral"] and "進行中のセッションはありません" in again[0]["text"]
    later = await table.say("alice: CCB<=60 【目星】")  # after the end: rolled, not kept
    assert later[0]["text"] == "alice　【目星】\n(1D100<=60) ＞ 40 ＞ 成功"
    logged = await table.say("alice: /session log")
    assert logged[0]["text"].startswith("📜 セッションログ プレイヤー用（シークレットは伏せています）: 19件\n")


async def test_the_players_copy_of_the_log_has_no_secret_roll(console_table, tmp_path):
    table = await evening(console_table, tmp_path)
    await table.say("kp: /session end")
    player = await table.say("alice: /session log")
    assert [(m["to"], m["ephemeral"]) for m in player] == [("alice", True), ("alice", True)]
    assert player[0]["text"].startswith("📜 セッションログ プレイヤー用（シークレットは伏せています）: 19件")
    text = (tmp_path / "exports" / "session-1.txt").read_text(encoding="utf-8")
    page = (tmp_path / "exports" / "session-1.html").read_text(encoding="utf-8")
    for copy in (text, html.unescape(page)):
        assert "心理学" not in copy and "(1D100<=70) ＞ 12" not in copy      # bob's secret roll
        assert "(1D100<=50) ＞ 31" not in copy and "SCCB" not in copy         # the KP's
        assert "(1D100<=60) ＞ 3 ＞ 決定的成功/スペシャル" in copy
        assert "アリス HP 13 → 8" in copy and "SAN 55 → 51" in copy
    body = text.splitlines()
    assert body[2:8] == [  # the statistics the end posted, first
        "【集計】",
        "【アリス】ロール 6回／成功 3（決定的成功 1）／致命的失敗 0／平均出目 45.6／SAN 55→51（−4）／HP 13→8（−5）",
        "【ボブ】ロール 3回／成功 0（決定的成功 0）／致命的失敗 1／平均出目 74.5",
        "【ゾンビ】ロール 3回／成功 1（決定的成功 0）／致命的失敗 0／平均出目 55.0／HP 15→10（−5）",
        "（シークレットダイスと非公開NPCのロールは集計に含めていません）", "-" * 40]
    assert re.fullmatch(r"\[\d\d:\d\d\] ボブ", body[body.index("    🔒シークレットダイスを振りました") - 1])
    assert [re.sub(r"^\[\d\d:\d\d\] ", "", line) for line in body if line.startswith("[")] == [
        "アリス: CCB<=60 【目星】", "アリス", "アリス", "ボブ: CCB<=50 【聞き耳】", "ボブ: 1D100", "ボブ: 2D6",
        "ボブ", "kp",
        "[戦闘1] kp: /battle new", "[戦闘1] アリス: /battle join character:アリス",
        "[戦闘1] kp: /battle add name:ゾンビ character:ゾンビ", "[戦闘1] kp: /battle start",  # the KP's, not ゾンビ's words
        "[戦闘1] kp: /kp close", "[戦闘1] アリス: /attack target:ゾンビ weapon:こぶし",
        "[戦闘1] kp: [回避]", "[戦闘1] アリス: /end", "[戦闘1] kp: /attack target:アリス weapon:こぶし as:ゾンビ",
        "[戦闘1] アリス: [回避]", "[戦闘1] kp: /battle end confirm:true"]
    assert 'class="player secret"' not in page and "シークレット（KPのみ）" not in page


async def test_the_kps_copy_has_the_secret_rolls_marked(console_table, tmp_path):
    table = await evening(console_table, tmp_path)
    keeper = await table.say("kp: /session log")
    assert keeper[0]["text"].startswith("📜 セッションログ KP用（シークレットを含む）: 19件（進行中）")
    text = (tmp_path / "exports" / "session-1-kp.txt").read_text(encoding="utf-8")
    page = (tmp_path / "exports" / "session-1-kp.html").read_text(encoding="utf-8")
    assert "ボブ［シークレット］: SCCB<=70 【心理学】\n    (1D100<=70) ＞ 12 ＞ スペシャル" in text
    assert "kp［シークレット］: SCCB<=50 【聞き耳】\n    (1D100<=50) ＞ 31 ＞ 成功" in text
    assert page.count('class="player secret"') == 2 and page.count("シークレット（KPのみ）") == 2
    colours: dict[str, set[str]] = {}
    for colour, name in re.findall(r'style="--c:(#[0-9a-f]{6})">.*?<span class="name">([^<]*)</span>', page):
        colours.setdefault(name, set()).add(colour)
    assert sorted(colours) == ["kp", "アリス", "ボブ"]  # a colour per speaker, the same all along
    assert all(len(c) == 1 for c in colours.values()) and len(set.union(*colours.values())) == 3


async def test_only_the_kp_ends_and_one_session_at_a_time(console_table, tmp_path):
    table = await console_table([], files_dir=tmp_path / "exports")
    first = await table.say("alice: /session log")
    assert first[0]["ephemeral"] and "まだセッションの記録がありません" in first[0]["text"]
    await table.say("kp: /session start")
    twice = await table.say("kp: /session start")
    assert twice[0]["ephemeral"] and "すでにセッションが進行中です" in twice[0]["text"]
    refused = await table.say("alice: /session end")
    assert refused[0]["ephemeral"] and "（権限: KP）" in refused[0]["text"]
    other = await table.say("alice: /session start")
    assert other[0]["ephemeral"] and "（権限: KP）" in other[0]["text"]
    ended = await table.say("kp: /session end")
    assert ended[0]["text"].splitlines()[1] == "（このセッションに公開されたロールはありません）"


async def test_an_earlier_session_is_logged_by_its_number(console_table, tmp_path):
    table = await console_table([40, 90], files_dir=tmp_path / "exports")
    await table.say("alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15")
    for faces_line in ("alice: CCB<=50 【目星】", "alice: CCB<=50 【聞き耳】"):
        await table.say("kp: /session start")
        await table.say(faces_line)
        await table.say("kp: /session end")
    first = await table.say("bob: /session log number:1")
    assert first[0]["text"].startswith("📜 セッションログ プレイヤー用（シークレットは伏せています）: 1件")
    text = (tmp_path / "exports" / "session-1.txt").read_text(encoding="utf-8")
    assert "アリス: CCB<=50 【目星】\n    (1D100<=50) ＞ 40 ＞ 成功" in text and "聞き耳" not in text
    latest = await table.say("bob: /session log")
    assert latest[0]["text"].split("\n")[-1].endswith("session-2.txt）")
    assert "(1D100<=50) ＞ 90 ＞ 失敗" in (tmp_path / "exports" / "session-2.txt").read_text(encoding="utf-8")
    missing = await table.say("bob: /session log number:3")
    assert missing[0]["ephemeral"] and missing[0]["text"].startswith("このチャンネルに3回目のセッションはありません。")


async def test_a_published_secret_roll_reaches_the_players_copy(console_table, tmp_path):
    table = await console_table([12], files_dir=tmp_path / "exports")
    await table.say("kp: /session start")
    await table.say("bob: SCCB<=70 【心理学】")
    shown = await table.say("bob: [結果を公開]")
    assert shown[0]["text"] == "🔓 bobがシークレットダイスの結果を公開しました。\nbob　【心理学】\n(1D100<=70) ＞ 12 ＞ スペシャル"
    await table.say("bob: /session log")
    text = (tmp_path / "exports" / "session-1.txt").read_text(encoding="utf-8")
    assert "    🔒シークレットダイスを振りました" in text
    assert "    🔓 bobがシークレットダイスの結果を公開しました。\n    bob　【心理学】\n    (1D100<=70) ＞ 12 ＞ スペシャル" in text
    assert text.splitlines()[3] == "（公開されたロールはありません）"  # a secret roll is not counted, shown or not


async def test_a_7th_channels_session_counts_its_rolls_and_keeps_its_checks(console_table, tmp_path):
    table = await console_table([4, 2, 1, 3, 8], files_dir=tmp_path / "exports")
    for line in ("kp: /battle new system:coc6", "kp: /kp setting key:版 value:7", "kp: /battle end",
                 "alice: /char new name:エミリー STR:60 CON:55 POW:65 DEX:70 APP:50 SIZ:65 INT:75 EDU:80 luck:55",
                 "alice: /char set name:エミリー key:目星 value:70", "kp: /session start"):
        await table.say(line)
    rolled = await table.say("alice: CC<=70 【目星】")
    assert rolled[0]["text"].endswith("＞ 42 ＞ 42 ＞ レギュラー成功")
    checked = await table.say("alice: /check skill:目星 bonus:1")
    assert checked[0]["text"].endswith("＞ 18 ＞ ハード成功")
    summary = await table.say("kp: /session end")
    # the palette roll and the /check both count (issue 30: a 7th check was left out), in 7th words
    assert summary[0]["text"].splitlines()[1] == "【エミリー】ロール 2回／成功 2（クリティカル 0）／ファンブル 0／平均出目 30.0"
    await table.say("kp: /session log")
    text = (tmp_path / "exports" / "session-1-kp.txt").read_text(encoding="utf-8")
    assert "エミリー\n    🎲 エミリー 目星（70%）：(1D100<=70) ボーナス・ペナルティダイス[1] ＞ 18, 38 ＞ 18 ＞ ハード成功" in text
