"""Issue 29 through the console, as players type it: 「ラッシュ！」 after a 武道 hit and before
its damage (B-RUSH-01), 「パワー2で移動」 and ``/move power:`` (C-OPT-OOA-04), an intercept by
a PC asked only to cover, allowed by the KP (C-ICPT-01), a shot through a wall refused and
allowed (X-LOF-01), and a book-rule parry declaration answered with what is true (P-PARRY-07)."""
from __future__ import annotations

import pytest


def joined(messages: list[dict]) -> str:
    return "\n".join(m["text"] for m in messages)


async def _table(console_table, faces, script: str):
    """A console table with ``faces`` scripted, after the lines of ``script``."""
    table = await console_table(faces)
    for line in script.splitlines():
        await table.say(line)
    return table


@pytest.mark.rule("B-RUSH-01", "B-RUSH-02")
async def test_rush_typed_after_a_budo_hit_before_the_damage(console_table):
    table = await _table(console_table, [30, 2, 3], """\
alice: /char new name:アキラ STR:10 CON:10 POW:10 DEX:15 APP:10 SIZ:10 INT:10 EDU:10
alice: /char set name:アキラ key:武道（空手） value:70
alice: /char set name:アキラ key:こぶし value:70
kp: /char new name:信者 STR:10 CON:10 POW:10 DEX:12 APP:10 SIZ:13 INT:10 EDU:10
kp: /battle new system:coc6-budo
alice: /battle join character:アキラ
kp: /battle add name:信者 character:信者
kp: /battle start
""")
    hit = joined(await table.say("alice: /attack target:信者 weapon:こぶし"))
    assert "いまならラッシュを宣言できます（「ラッシュ！」か /attack special:ラッシュ、ダメージロールの前まで、B-RUSH-01）" in hit
    said = joined(await table.say("alice: ラッシュ！"))
    assert "アキラは武道に成功した攻撃のダメージロールの前にラッシュを宣言した（B-RUSH-01）" in said
    assert "アキラはラウンドの終わりに信者へもう1度攻撃する（ラッシュ：必ず命中、B-RUSH-02）。" in said
    landed = joined(await table.say("kp: /react action:なし as:信者"))
    assert "ダメージ：(2D3) ＞ 5" in landed


@pytest.mark.rule("C-OPT-OOA-04", "C-CHECK-03")
async def test_moving_at_a_power_rank_in_chat_and_by_command(console_table):
    table = await _table(console_table, [3, 4, 5], """\
alice: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3
kp: /char new name:刺客 system:charge-rank リフレクス:3 スタミナ:20 ガード:3 攻撃力:3
kp: /battle new system:charge-rank
kp: /kp setting key:区域間距離 value:10
alice: /battle join character:桐生
kp: /battle add name:刺客 character:刺客
kp: /battle start
""")
    refused = joined(await table.say("alice: /move power:7"))
    assert "パワーランク7は桐生のチャージランク6を超えています（C-CHECK-03）" in refused
    moved = joined(await table.say("alice: パワー2で移動"))
    assert "桐生 移動 PR2 ＞ [3・4] ＞ 達成値7（チャージ 6→4）" in moved and "桐生は移動した（2/10）" in moved
    await table.say("kp: /end as:刺客")
    again = joined(await table.say("alice: /move power:1"))
    assert "桐生は移動した（3/10）" in again


@pytest.mark.rule("C-ICPT-01")
async def test_a_pc_asked_to_cover_intercepts_with_the_kps_leave(console_table):
    table = await _table(console_table, [2, 3, 3, 3], """\
a: /char new name:甲 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3 ガード:1
b: /char new name:乙 system:charge-rank リフレクス:5 スタミナ:30 攻撃力:3 ガード:1
c: /char new name:丙 system:charge-rank リフレクス:4 スタミナ:30 攻撃力:4 ガード:1
kp: /battle new system:charge-rank
a: /battle join character:甲
b: /battle join character:乙
c: /battle join character:丙
kp: /battle start
""")
    asked = joined(await table.say("a: /attack target:乙 power:2"))
    assert "割り込みますか？" in asked
    refused = await table.say("c: /react action:インターセプト power:2")
    text = joined(refused)
    assert "（C-ICPT-01）" in text and "いま選べません" not in text and "/kp allow" in text
    allowed = joined(await table.say("kp: /kp allow"))
    assert "丙のインターセプト成功（6 ≥ 5）：無効化" in allowed


@pytest.mark.rule("X-LOF-01", "H-FIRE-02")
async def test_a_shot_through_a_wall_is_refused_naming_it_and_the_kp_may_allow_it(console_table):
    table = await _table(console_table, [50, 4], """\
alice: /char new name:ジョー STR:10 CON:10 POW:10 DEX:14 APP:10 SIZ:10 INT:10 EDU:10
alice: /char set name:ジョー key:拳銃 value:60
alice: /char weapon name:ジョー weapon:拳銃
kp: /char new name:信者 STR:10 CON:10 POW:10 DEX:10 APP:10 SIZ:13 INT:10 EDU:10
kp: /battle new system:coc6-house
alice: /battle join character:ジョー
kp: /battle add name:信者 character:信者
kp: /kp place name:ジョー to:A1
kp: /kp place name:信者 to:E1
kp: /kp object name:塀 at:C1 kind:壁
kp: /kp object name:木箱 siz:10 at:E2
kp: /battle start
kp: /kp close
""")
    refused = joined(await table.say("alice: /attack target:信者 weapon:拳銃"))
    assert "ジョーから信者までの間のC1に壁「塀」があり、攻撃は通りません" in refused and "（X-LOF-01）" in refused
    allowed = joined(await table.say("kp: /kp allow"))
    assert "(1D100<=60) ＞ 50 ＞ 成功" in allowed  # a window: no −20%, a wall is no cover


@pytest.mark.rule("P-PARRY-07")
async def test_a_book_parry_declaration_is_told_it_is_not_needed(console_table):
    table = await _table(console_table, [], """\
alice: /char new name:アリス STR:10 CON:10 POW:10 DEX:14 APP:10 SIZ:14 INT:10 EDU:10
kp: /char new name:ゾンビ STR:14 CON:10 POW:10 DEX:8 APP:10 SIZ:14 INT:10 EDU:10
kp: /battle new system:coc6
alice: /battle join character:アリス
kp: /battle add name:ゾンビ character:ゾンビ
""")
    started = joined(await table.say("kp: /battle start"))
    assert "自分の最初の行動の前に" not in started
    said = joined(await table.say("alice: /declare action:受け流し target:ゾンビ"))
    assert said == ("アリスは〈マーシャルアーツ〉1%があるので、受け流しの宣言は要りません。宣言しなくても、"
                    "攻撃を受けたときに[受け流し]を選べます（P-PARRY-07）。")
