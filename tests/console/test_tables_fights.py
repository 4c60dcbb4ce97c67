"""Two whole fights typed the way two different tables type (issue 26), through the console.

Table A (CoC6 house rules) rolls physical dice and types what they show; its KP narrates every
NPC in chat (「ではビクトマウスAのターン。オリビアさんに噛みつきます。回避お願いします」, 「Aターン
エンド」, 「ビクトマウスAとBは有栖を攻撃」) and lets the reported dice stand (申告ダイス). Table B
(CoC6, the book rules) clicks palette rolls and types in kana, with honorifics and prose; its
KP lets the context's target stand (文脈の対象). Every line below is one a player or the KP
types; each makes what the rules say, asks back where it must, and talk stays silent."""
from __future__ import annotations

import pytest

TABLE_A = """\
alice: /char new name:有栖 STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
alice: /char weapon name:有栖 weapon:杖 skill:50 damage:1D6 hp:15 class:棍棒
bob: /char new name:オリビア STR:11 CON:11 POW:13 DEX:13 APP:12 SIZ:10 INT:13 EDU:13
bob: /char weapon name:オリビア weapon:.38リボルバー skill:80
kp: /char new name:ネズミA STR:8 CON:14 POW:5 DEX:15 APP:1 SIZ:6 INT:3 EDU:1
kp: /char weapon name:ネズミA weapon:かみつき skill:45 damage:1D4 hp:0 class:こぶし
kp: /char new name:ネズミB STR:8 CON:14 POW:5 DEX:9 APP:1 SIZ:6 INT:3 EDU:1
kp: /char weapon name:ネズミB weapon:かみつき skill:45 damage:1D4 hp:0 class:こぶし
kp: /battle new system:coc6-house
alice: /battle join character:有栖
bob: /battle join character:オリビア
kp: /battle add name:ビクトマウスA character:ネズミA
kp: /battle add name:ビクトマウスB character:ネズミB
kp: /kp place name:有栖 to:C4
kp: /kp place name:オリビア to:B4
kp: /kp place name:ビクトマウスA to:B5
kp: /kp place name:ビクトマウスB to:C5
kp: /kp setting key:申告ダイス value:オン
kp: /battle start
"""


def texts(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


async def _play(table, lines: list[str]) -> list[list[dict]]:
    """The messages of each line, in order (a line typed twice has two entries)."""
    return [await table.say(line) for line in lines]


FIGHT_A = [
    "kp: 締め切り",
    "kp: ではビクトマウスAのターン。オリビアさんに噛みつきます。回避お願いします",  # 1: the NPC's attack
    "bob: （回避）1D100<=26 → 20 成功！",  # 2: a physical die, reported: it stands
    "kp: Aターンエンド",
    "alice: Bさんを杖でなぐります",  # 4: honorific, kana verb, the unit by its letter
    "kp: 回避、不可、、",  # 5: a refusal: nothing
    "kp: なし",
    "alice: …以上……なんですね…",  # 7: talk around 以上: nothing
    "alice: 以上です",
    "bob: （拳銃）1D100<=80 → 30 成功 B",  # 9: a report naming its target after the result
    "kp: なし",
    "bob: ターンエンドで",
    "kp: Bはお嬢様狙います",  # 12: whom お嬢様 means is asked, the last attacker first
    "kp: 1",
    "bob: ＞ 97 ＞ 失敗",  # 14: a pasted result with no skill: asked which answer it is
    "bob: はい",
    "kp: ビクトマウスB終了",
    "kp: 締め切り",
    "kp: ビクトマウスAとBは有栖を攻撃",  # 18: one line for both NPCs, each on its turn
    "alice: かいひ54",
    "kp: Aターンエンド",
    "alice: パスします",
    "bob: しない。全力。",  # 22: a refusal with more said: nothing
    "bob: 以上",  # 23: ビクトマウスB's turn comes: its attack is made
    "alice: ぼうぎょ！",
    "kp: ビクトマウスB終了",
]


@pytest.mark.rule("H-GEN-01", "H-DEF-01", "X-HP-03")
async def test_table_a_physical_dice_and_a_kp_narrating_every_npc(console_table, tmp_path):
    # bite 30 hits; 有栖's staff 50 hits, 1D6+1D4 = 4+2, shock 35; the pistol's reported 30 hits, 1D10 = 1;
    # B's bite 20 hits, オリビア's reported 97 fumbles her block, 1D4-1D4 = 3-1; round 2: A's bite 40,
    # 有栖 dodges 60 (fails), 3-1; B's bite 45, 有栖 blocks 30, 2-1 − 1D5 3
    table = await console_table([30, 50, 4, 2, 35, 1, 20, 3, 1, 40, 60, 3, 1, 45, 30, 2, 1, 3], files_dir=tmp_path)
    for line in TABLE_A.splitlines():
        await table.say(line)
    said = await _play(table, FIGHT_A)
    assert texts(said[1]).startswith("⚔ ビクトマウスA → オリビア：かみつきで攻撃（45%）\n"
                                     "ビクトマウスA 攻撃（かみつき）：(1D100<=45) ＞ 30 ＞ 成功")
    assert [m["text"] for m in said[2]] == [
        "オリビアの対応：回避\nオリビア 回避：(1D100<=26) ＞ 20 ＞ 成功\n→ オリビアは攻撃を回避した",
        "（申告された出目 20 で判定しました。戦闘ログに申告と記録しています）"]
    assert said[3][0]["text"] == "ビクトマウスAの手番が終わりました。"
    assert texts(said[4]).startswith("⚔ 有栖 → ビクトマウスB：杖で攻撃（50%）")
    assert said[5] == [] and said[7] == [] and said[22] == []
    assert "ビクトマウスB HP 10 → 4" in texts(said[6])
    assert texts(said[9]).startswith("⚔ オリビア → ビクトマウスB：.38リボルバーで攻撃（80%）\n"
                                     "オリビア .38リボルバー 単発 1発目：(1D100<=80) ＞ 30 ＞ 成功")
    assert said[9][-1]["text"] == "（申告された出目 30 で判定しました。戦闘ログに申告と記録しています）"
    asked = said[12]
    assert [(m["to"], m["ephemeral"]) for m in asked] == [("kp", True)]
    assert asked[0]["text"].startswith("「お嬢様」という参加者はこの戦闘にいません（参加者: 有栖、オリビア、ビクトマウスA、"
                                       "ビクトマウスB）。どちらを攻撃しますか？（1番目のオリビアは直前に攻撃してきた相手）\n"
                                       "1. オリビア: オリビアを攻撃\n2. 有栖: 有栖を攻撃")
    assert texts(said[13]).startswith("⚔ ビクトマウスB → オリビア：かみつきで攻撃（45%）")
    assert said[14][0]["text"].startswith("出目 97 は何の判定ですか？\n1. 防御: 防御")
    assert "オリビア 防御（CON×5）：(1D100<=55) ＞ 97 ＞ 致命的失敗" in texts(said[15])
    assert said[15][-1]["text"] == "（申告された出目 97 で判定しました。戦闘ログに申告と記録しています）"
    assert texts(said[18]).startswith("⚔ ビクトマウスA → 有栖：かみつきで攻撃（45%）")
    assert said[18][-1]["text"] == "続けて ビクトマウスB（有栖を攻撃） を、それぞれの手番が来たら行います。"
    assert "有栖 回避：(1D100<=28) ＞ 60 ＞ 失敗" in texts(said[19]) and "入力された目標値 54 ではなく" in texts(said[19])
    assert texts(said[23]).split("\n")[0] == "オリビアの手番が終わりました。"
    assert "⚔ ビクトマウスB → 有栖：かみつきで攻撃（45%）" in texts(said[23])  # its turn came: the kept attack
    assert "防御成功：有栖に0ダメージ" in texts(said[24])
    status = await table.status()
    assert [(n, status[n]["hp"]) for n in ("有栖", "オリビア", "ビクトマウスA", "ビクトマウスB")] == [
        ("有栖", 11), ("オリビア", 9), ("ビクトマウスA", 10), ("ビクトマウスB", 3)]
    assert table.dice.remaining == 0
    await table.say("kp: /battle log")
    plain = (tmp_path / "battle-1-kp.txt").read_text(encoding="utf-8")
    assert "bob: 「（回避）1D100<=26 → 20 成功！［申告の出目 20］」" in plain  # the log marks a reported die
    assert "［申告の出目 30］" in plain and "［申告の出目 97］" in plain


TABLE_B = """\
alice: /char new name:少女 STR:9 CON:11 POW:14 DEX:14 APP:15 SIZ:9 INT:14 EDU:12
alice: /char weapon name:少女 weapon:杖 skill:50 damage:1D6 hp:15 class:棍棒
alice: /char set name:少女 key:応急手当 value:60
carol: /char new name:翔馬 STR:13 CON:12 POW:10 DEX:12 APP:11 SIZ:13 INT:12 EDU:13
carol: /char weapon name:翔馬 weapon:ナイフ skill:45 damage:1D4 hp:15 class:ナイフ
kp: /char new name:触手 STR:14 CON:14 POW:5 DEX:10 APP:1 SIZ:10 INT:2 EDU:1
kp: /char weapon name:触手 weapon:触手 skill:40 damage:1D4 hp:0 class:こぶし
kp: /battle new system:coc6
alice: /battle join character:少女
carol: /battle join character:翔馬
kp: /battle add name:触手A character:触手
kp: /battle add name:触手B character:触手
kp: /kp place name:少女 to:C4
kp: /kp place name:翔馬 to:D4
kp: /kp place name:触手A to:C5
kp: /kp place name:触手B to:D5
kp: /kp setting key:文脈の対象 value:オン
kp: /kp set name:翔馬 field:HP value:8
kp: /battle start
"""

FIGHT_B = [
    "alice: 「いくよ！」触手Ａに杖",  # 0: speech, then a full-width letter
    "kp: なし",
    "alice: 以上です",
    "carol: 触手さんにナイフで斬りかかる",  # 3: 触手 is A or B: asked
    "carol: 2",
    "kp: なし",
    "carol: ターン終了",
    "kp: 触手Aは翔馬くんに巻き付く",  # 7: the KP narrates: a grapple
    "carol: うわっ、巻き付かれたら終わりだ",
    "kp: 触手A終了",
    "kp: 触手Bは少女を攻撃",
    "alice: 回避ふりますー",
    "kp: 触手Bターンエンド",
    "alice: 「大丈夫か女ァ！」 応急手当て",  # 13: the hurt ally at hand, never the speaker
    "alice: 以上",
    "carol: CCB<=45 【ナイフ】",  # 15: the context's target stands: 翔馬's own last one
    "kp: なし",
    "carol: 以上で",
]


@pytest.mark.rule("H-GEN-01", "X-REACH-01")
async def test_table_b_palette_rolls_kana_and_the_contexts_target(console_table):
    table = await console_table([20, 3, 30, 2, 2, 40, 30, 10, 25, 2, 35, 1, 1])
    for line in TABLE_B.splitlines():
        await table.say(line)
    said = await _play(table, FIGHT_B)
    assert texts(said[0]).startswith("⚔ 少女 → 触手A：杖で攻撃（50%）\n少女 攻撃（杖）：(1D100<=50) ＞ 20 ＞ 成功")
    assert [(m["to"], m["text"]) for m in said[3]] == [("carol", (
        "どちらを攻撃しますか？\n1. 触手A: 触手Aをナイフで攻撃\n2. 触手B: 触手Bをナイフで攻撃\n"
        "（ボタンのほか、番号か名前をチャットに書いても選べます）"))]
    assert texts(said[4]).startswith("⚔ 翔馬 → 触手B：ナイフで攻撃（45%）")
    assert texts(said[7]).startswith("⚔ 触手A → 翔馬：組み付きで攻撃（25%）")  # 巻き付く: a grapple
    assert said[8] == []
    assert texts(said[10]).startswith("⚔ 触手B → 少女：触手で攻撃（40%）")
    assert texts(said[11]).startswith("少女の対応：回避\n少女 回避：(1D100<=28) ＞ 10 ＞ 成功")
    assert texts(said[13]) == "少女 応急手当（翔馬）：(1D100<=60) ＞ 25 ＞ 成功\n→ 翔馬のHPが2回復（8→10、1D3＝2）"
    assert texts(said[15]).startswith("⚔ 翔馬 → 触手B：ナイフで攻撃（45%）")  # its last target, not asked
    status = await table.status()
    assert [(n, status[n]["hp"]) for n in ("少女", "翔馬", "触手A", "触手B")] == [
        ("少女", 10), ("翔馬", 10), ("触手A", 9), ("触手B", 6)]
    assert table.dice.remaining == 0


REPEATS = """\
bob: /char new name:オリビア STR:11 CON:11 POW:13 DEX:13 APP:12 SIZ:10 INT:13 EDU:13
bob: /char weapon name:オリビア weapon:.38リボルバー skill:80
kp: /char new name:ネズミ STR:8 CON:18 POW:5 DEX:9 APP:1 SIZ:10 INT:3 EDU:1
kp: /battle new system:coc6-house
bob: /battle join character:オリビア
kp: /battle add name:ネズミ character:ネズミ
kp: /kp place name:オリビア to:B4
kp: /kp place name:ネズミ to:B6
kp: /battle start
kp: 締め切り
"""


@pytest.mark.rule("H-FIRE-01")
async def test_a_repeated_roll_is_that_many_firings_each_after_the_answer_and_the_third_is_refused(console_table):
    # x3: the first firing 30 hits (1D10 5), the second 50 hits (1D10 6) once the first is answered;
    # (shock 70 against CON×5); the third is the turn's third firing, which H-FIRE-01 refuses
    table = await console_table([30, 5, 50, 6, 70])
    for line in REPEATS.splitlines():
        await table.say(line)
    first = await table.say("bob: x3 CCB<=80 【拳銃】 ネズミ")
    assert texts(first).startswith("⚔ オリビア → ネズミ：.38リボルバーで攻撃（80%）\n"
                                   "オリビア .38リボルバー 単発 1発目：(1D100<=80) ＞ 30 ＞ 成功")
    assert first[-1]["text"] == "続けてオリビアの攻撃をあと2回、いまの攻撃への対応が済んだら行います。"
    second = await table.say("kp: なし")
    assert "ネズミ HP 14 → 9" in texts(second) and "(1D100<=80) ＞ 50 ＞ 成功" in texts(second)
    third = await table.say("kp: なし")
    assert "ネズミ HP 9 → 3" in texts(third)
    assert third[-1]["text"].startswith("オリビアの続きの宣言（ネズミを.38リボルバーで攻撃）は行えませんでした: ")
    assert "（H-FIRE-01）" in third[-1]["text"]
    assert (await table.status())["ネズミ"]["hp"] == 3 and table.dice.remaining == 0
