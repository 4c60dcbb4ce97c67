"""/kp allow lifts any allowable refusal, including the guard checks deep in the attack
rules (H-GEN-01; the trial's case: a second attack in one turn, H-AP-04)."""
import pytest

SETUP = [
    "alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15",
    "alice: /char set name:アリス key:こぶし value:70",
    "kp: /char new name:ゾンビ STR:16 CON:16 POW:1 DEX:8 APP:1 SIZ:14 INT:1 EDU:1",
    "kp: /battle new",
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
]


@pytest.mark.rule("H-GEN-01", "H-AP-04")
async def test_the_kp_allows_a_second_attack(console_table):
    table = await console_table([80, 45, 80, 2, 3])
    for line in SETUP:
        await table.say(line)
    await table.say("alice: /attack target:ゾンビ weapon:こぶし")           # 80: a miss
    refused = await table.say("alice: /attack target:ゾンビ weapon:こぶし")
    assert refused[0]["ephemeral"] and "H-AP-04" in refused[0]["text"]
    allowed = await table.say("kp: /kp allow")
    text = "\n".join(m["text"] for m in allowed)
    assert "(1D100<=70) ＞ 45 ＞ 成功" in text
    await table.say("kp: /react action:回避 as:ゾンビ")                     # 80 fails; 2+3
    assert (await table.status())["ゾンビ"]["hp"] == 10


@pytest.mark.rule("H-GEN-03", "H-GEN-04", "H-GEN-05")
async def test_rule_sources_and_supplements(console_table):
    table = await console_table([])
    for line in SETUP[:6]:
        await table.say(line)
    listing = "\n".join(m["text"] for m in await table.say("kp: /kp setting"))
    assert "クトゥルフ2015 → クトゥルフ2010 → クトゥルフ神話TRPG" in listing
    assert "・サプリメント（supplements） = なし（既定 なし）" in listing
    await table.say("kp: /kp setting key:サプリメント value:クトゥルフ2015")
    started = "\n".join(m["text"] for m in await table.say("kp: /battle start"))
    assert "この戦闘で使う追加のルールブック・サプリメント: クトゥルフ2015" in started


MAP = [
    "alice: /battle join character:アリス",
    "kp: /battle add name:ゾンビ character:ゾンビ",
    "kp: /battle start",
    "kp: /kp place name:アリス to:A1",
    "kp: /kp place name:ゾンビ to:E5",
]


@pytest.mark.rule("H-AP-02", "H-GEN-01")
async def test_a_move_off_the_map_is_refused_first_and_cannot_be_allowed(console_table):
    table = await console_table([])
    for line in SETUP[:4] + MAP:
        await table.say(line)
    refused = await table.say("alice: Z99へ移動")
    assert refused[0]["ephemeral"] and refused[0]["text"].startswith("Z99 はマップの外です（A1〜F6）。")
    allowed = "\n".join(m["text"] for m in await table.say("kp: /kp allow"))
    assert "認められる「拒否された宣言」がありません" in allowed
    assert (await table.status())["アリス"]["ap"] == 3
    assert "G1 はマップの外です（A1〜F6）" in "\n".join(m["text"] for m in await table.say("alice: G1へ移動"))


@pytest.mark.rule("H-AP-02", "H-GEN-01")
async def test_an_allowed_long_move_spends_the_ap_left_and_never_goes_negative(console_table):
    table = await console_table([])
    for line in SETUP[:4] + MAP:
        await table.say(line)
    refused = await table.say("alice: F6へ移動")
    assert "（F6までは壁やほかのユニットを避けて6マス（直線なら5マス）で6ポイント、残り3）" in refused[0]["text"]  # ゾンビ on E5 (X-REACH-01)
    allowed = "\n".join(m["text"] for m in await table.say("kp: /kp allow"))
    assert "アリスはA1 → F6へ移動【全力移動】（3ポイント）" in allowed
    assert (await table.status())["アリス"]["ap"] == 0


@pytest.mark.rule("H-GEN-01")
async def test_the_settings_list_is_never_cut_but_split_into_pages(console_table):
    table = await console_table([])
    for line in SETUP[:4]:
        await table.say(line)
    said = await table.say("kp: /kp setting")
    assert all(len(m["text"]) <= 2000 and m["ephemeral"] for m in said)
    listing = "\n".join(m["text"] for m in said)
    assert "省略しました" not in listing
    assert "・貫通（impale） = ONCE（既定 ONCE）　貫通（OFF / ONCE: db1回 / TWICE: db2回）（X-IMPALE-01）" in listing
    assert "・攻撃回数別（separate_attack_counts） = オフ（既定 オフ）　殴りと射撃を別に数える（H-AP-04）" in listing
