"""A round start that stays quiet (issue 22, issue 29), one transcript per system, three PCs
against three NPCs: the messages a round start posts are counted, and an attack typed before
its target answered runs when the KP closes the window (H-DEF-PARRY-01, P-PARRY-05). Before
issue 22 a coc6 round start posted 10 messages here (one declaration prompt per unit and
the KP's), after it 4 (the round line, the declarations, the turn, the board); since issue 29
one, and every charge-rank attack asked 4 units to interrupt (C-INT-01)."""
from __future__ import annotations

import pytest

PCS = (("alice", "アリス", 12), ("bob", "ボブ", 11), ("carol", "キャロル", 10))
NPCS = (("ゾンビ1", 16), ("ゾンビ2", 9), ("ゾンビ3", 8))


def coc_setup(system: str) -> list[str]:
    lines = [f"{who}: /char new name:{name} STR:10 CON:10 POW:10 DEX:{dex} APP:10 SIZ:10 INT:10 EDU:10"
             for who, name, dex in PCS]
    for name, dex in NPCS:
        lines += [f"kp: /char new name:{name} STR:10 CON:10 POW:1 DEX:{dex} APP:1 SIZ:10 INT:1 EDU:1",
                  f"kp: /char set name:{name} key:こぶし value:60"]
    lines.append(f"kp: /battle new system:{system}")
    if system != "coc6-house":  # book and budo rules call only those who must declare a parry (P-PARRY-05)
        lines.append("kp: /kp setting key:parry_free_at value:50")
    lines += [f"{who}: /battle join character:{name}" for who, name, _ in PCS]
    lines += [f"kp: /battle add name:{name} character:{name}" for name, _ in NPCS]
    return lines


@pytest.mark.rule("H-DEF-PARRY-01", "P-PARRY-02", "P-PARRY-05")
@pytest.mark.parametrize("system", ["coc6-house", "coc6", "coc6-budo"])
async def test_a_round_start_posts_one_message_and_an_early_attack_runs_at_the_close(console_table, system):
    table = await console_table([30])  # ゾンビ1's こぶし 60: 30 hits
    for line in coc_setup(system):
        await table.say(line)
    started = await table.say("kp: /battle start")
    assert len(started) == 1  # the round line, the declarations, ゾンビ1's turn and the board: one message
    lines = started[0]["text"].split("\n")
    assert lines[0] == "━━ ラウンド1 ━━ 行動順: ゾンビ1 → アリス → ボブ → キャロル → ゾンビ2 → ゾンビ3"
    assert lines[2].startswith("ラウンド1開始時の宣言: ゾンビ1、アリス、ボブ、キャロル、ゾンビ2、ゾンビ3は宣言しますか？")
    assert any(line.startswith("ラウンド1: ゾンビ1の手番です。") for line in lines)
    assert lines[-7].startswith("【CoC6") and lines[-7].endswith("】ラウンド1　手番: ゾンビ1")  # the board comes last
    assert [line[1:].split("　")[0] for line in lines[-6:]] == ["ゾンビ1", "アリス", "ボブ", "キャロル", "ゾンビ2", "ゾンビ3"]
    assert started[0]["mentions"] == ["kp", "alice", "bob", "carol"]  # each once
    assert started[0]["buttons"] == [f"{u}：{b}" for u in ("ゾンビ1", "アリス", "ボブ", "キャロル", "ゾンビ2", "ゾンビ3")
                                     for b in ("宣言…", "宣言しない")] + ["宣言を締め切る", "ターン終了"]
    assert started[0]["data"]["round"] == 1  # the board's numbers, as /battle status gives them

    waited = await table.say("kp: /attack as:ゾンビ1 target:アリス weapon:こぶし")  # before アリス answered
    assert [m["text"] for m in waited] == [
        "⏳ ゾンビ1のアリスへの攻撃は、アリスのラウンド開始時の宣言を待っています"
        "（アリスが答えるか、KPが「宣言を締め切る」と、すぐに攻撃します）。"]
    assert table.dice.remaining == 1  # nothing rolled yet
    status = (await table.say("kp: /battle status"))[0]["text"].split("\n")
    assert status[1].startswith("▶ゾンビ1　HP 10/10") and status[1].endswith("〔アリスへの攻撃が宣言待ち〕")
    await table.say("carol: /declare action:回避に集中" if system == "coc6-house" else "carol: [キャロル：宣言…]")
    await table.say("carol: /declare action:以後宣言しない")
    status = (await table.say("kp: /battle status"))[0]["text"].split("\n")
    focus = "回避に集中・" if system == "coc6-house" else ""
    assert status[4] == f"・キャロル　HP 10/10 DEX 10 〔{focus}以後宣言しない〕"
    assert len(await table.say("bob: [ボブ：宣言しない]")) == 1  # another's answer does not release it

    closed = await table.say("kp: [宣言を締め切る]")
    lines = closed[0]["text"].split("\n")
    assert lines[0] == "KPがラウンド開始時の宣言を締め切りました（未回答のゾンビ1、アリス、ゾンビ2、ゾンビ3は宣言なし）。"
    assert lines[1:4] == ["⏳→⚔ ゾンビ1のアリスへの待っていた攻撃を行います。", "⚔ ゾンビ1 → アリス：こぶしで攻撃（60%）",
                          "ゾンビ1 攻撃（こぶし）：(1D100<=60) ＞ 30 ＞ 成功"]
    assert closed[1]["text"].startswith("ゾンビ1のこぶしがアリスに命中しました。") and closed[1]["mentions"] == ["alice"]
    assert "受け流し" not in closed[1]["buttons"]  # アリス never declared a parry (H-DEF-PARRY-01 / P-PARRY-02)
    assert table.dice.remaining == 0


CR_PCS = (("alice", "桐生", 6), ("bob", "ゲンヤ", 5), ("carol", "ミサキ", 2))
CR_NPCS = (("刺客1", 4), ("刺客2", 3), ("刺客3", 1))


def cr_setup() -> list[str]:
    lines = []
    for who, name, reflex in CR_PCS:
        lines += [f"{who}: /char new name:{name} STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10",
                  f"{who}: /char set name:{name} key:リフレクス value:{reflex}",
                  f"{who}: /char set name:{name} key:攻撃力 value:3", f"{who}: /char set name:{name} key:スタミナ value:30"]
    for name, reflex in CR_NPCS:
        lines += [f"kp: /char new name:{name} STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:10 INT:10 EDU:10",
                  f"kp: /char set name:{name} key:リフレクス value:{reflex}",
                  f"kp: /char set name:{name} key:ガード value:3", f"kp: /char set name:{name} key:スタミナ value:20"]
    lines.append("kp: /battle new system:charge-rank")
    lines += [f"{who}: /battle join character:{name}" for who, name, _ in CR_PCS]
    lines += [f"kp: /battle add name:{name} character:{name}" + (" hidden:true" if name == "刺客3" else "")
              for name, _ in CR_NPCS]
    return lines


@pytest.mark.rule("C-PHASE-01", "C-INT-01", "C-INT-03", "C-ICPT-01", "C-COVER-01")
async def test_a_charge_rank_round_start_and_its_interrupts_ask_only_the_targets_side(console_table):
    table = await console_table([2, 3])  # 桐生 PR 2: achievement 5 (C-EX-03)
    for line in cr_setup():
        await table.say(line)
    started = await table.say("kp: /battle start")
    # one message: the round line with the open phase, 桐生's turn, the board; and the KP's copy
    # with the hidden 刺客3's charge, which only the KP may see
    assert len(started) == 2
    assert [m["ephemeral"] for m in started] == [False, True]
    assert "刺客3" not in started[0]["text"].split("\n")[1] and "刺客3 0→1" in started[1]["text"]
    assert "ラウンド1: 桐生のメインフェイズです" in started[0]["text"] and started[0]["buttons"] == ["ターン終了"]

    attacked = await table.say("alice: /attack target:刺客1 power:2")
    assert attacked[0]["text"] == "🎲 桐生 攻撃（牽制） PR2 ＞ [2・3] ＞ 達成値5（チャージ 6→4）\n⚔ 桐生 → 刺客1：攻撃（達成値5）"
    asked = [m for m in attacked if m["buttons"]]
    assert [(m["text"].split("\n")[0], m["buttons"], m["mentions"]) for m in asked] == [
        ("【刺客2】刺客1への桐生の攻撃（達成値5）に割り込みますか？", ["インターセプト", "カバーリング", "なし"], ["kp"])]
    hidden = await table.say("kp: [なし]")  # 刺客2 declines; the hidden 刺客3 is asked privately, by name
    assert [(m["ephemeral"], m["text"].split("\n")[0]) for m in hidden] == [
        (True, "【刺客3】刺客1への桐生の攻撃（達成値5）に割り込みますか？"), (False, "刺客3の対応を待っています（KPが選びます）。")]
    passive = await table.say("kp: [なし]")  # nobody of 桐生's side (ゲンヤ, ミサキ) was asked
    assert passive[0]["text"].startswith("桐生の攻撃（達成値5）が刺客1に向かっています。")


@pytest.mark.rule("X-ORDER-01")
async def test_the_reply_to_a_mid_round_add_says_when_it_acts(console_table):
    table = await console_table()
    for line in coc_setup("coc6-house"):
        await table.say(line)
    await table.say("kp: /battle start")
    await table.say("kp: [宣言を締め切る]")
    await table.say("kp: /char new name:グール STR:10 CON:10 POW:1 DEX:11 APP:1 SIZ:10 INT:1 EDU:1")
    added = await table.say("kp: /battle add name:グール character:グール")  # ゾンビ1 (DEX 16) is acting
    assert added[0]["text"] == "グール（NPC）が戦闘に参加しました。\nグールはこのラウンド、ボブの次（DEX 11）に行動します。"
    await table.say("kp: /char new name:グール2 STR:10 CON:10 POW:1 DEX:17 APP:1 SIZ:10 INT:1 EDU:1")
    late = await table.say("kp: /battle add name:グール2 character:グール2")
    assert late[0]["text"] == ("グール2（NPC）が戦闘に参加しました。\n"
                               "グール2の行動順（DEX 17）はこのラウンドもう過ぎています。次のラウンドから行動します。")


@pytest.mark.rule("C-DMG-01", "C-INT-01")
async def test_a_hidden_npcs_guard_and_formula_reach_the_kp_only(console_table):
    table = await console_table([2, 3])  # 桐生 PR 2 at the hidden 刺客3: achievement 5
    for line in cr_setup():
        await table.say(line)
    await table.say("kp: /battle start")
    await table.say("alice: /attack target:刺客3 power:2")
    await table.say("kp: [なし]")  # 刺客1 (刺客2 is asked next)
    asked = await table.say("kp: [なし]")
    assert [(m["ephemeral"], m["text"].split("\n")[0]) for m in asked] == [
        (True, "桐生の攻撃（達成値5）が刺客3に向かっています。受動行動を選んでください。"),
        (False, "刺客3の対応を待っています（KPが選びます）。")]
    hit = await table.say("kp: [なし]")
    public = "\n".join(m["text"] for m in hit if not m["ephemeral"])
    secret = "\n".join(m["text"] for m in hit if m["ephemeral"] and m["to"] == "kp")
    assert "💥 刺客3に3ダメージ" in public and "3 × 2 − 3" not in public and "スタミナ" not in public
    assert "💥 刺客3に3ダメージ（3 × 2 − 3 = 3） スタミナ 20 → 17" in secret
