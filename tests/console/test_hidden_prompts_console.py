"""A hidden NPC's questions in the console (H-GEN-01): its round-start declaration and its
reaction are shown to the KP alone (``bot → kp``), whose buttons work as any other; the table
reads only that the battle waits."""
import pytest

NEW = "{who}: /char new name:{name} STR:12 CON:13 POW:11 DEX:{dex} APP:10 SIZ:13 INT:13 EDU:15"


def shown(messages, to=None) -> list[tuple[str, list[str]]]:
    """``(text, buttons)`` of the messages for ``to`` (None: the public ones)."""
    return [(m["text"], m["buttons"]) for m in messages if m["to"] == to]


@pytest.mark.rule("H-GEN-01")
async def test_the_kp_answers_a_hidden_npcs_private_prompts_with_their_buttons(console_table):
    table = await console_table([45, 80, 2, 3])  # アリス hits; the 教団員 fails its dodge (16): 1D3+1D4
    await table.say(NEW.format(who="alice", name="アリス", dex=14))
    await table.say(NEW.format(who="kp", name="教団員", dex=8))
    await table.say("kp: /battle new")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle add name:教団員 character:教団員 hidden:true")
    started = await table.say("kp: /battle start")
    assert ("ラウンド1開始時の宣言: 教団員は宣言しますか？（ボタンか /declare action:…、行動遅延は /declare action:行動遅延 "
            "amount:下げるDEX。なければ「宣言しない」、この戦闘ずっとなら「以後宣言しない」）") in [text for text, _ in shown(started, "kp")]
    assert not any("教団員は宣言しますか" in text or "受け流し：アリス" in buttons for text, buttons in shown(started))
    assert shown(await table.say("kp: [宣言しない]"), "kp") == [("🔒 KP用（シークレット）\n教団員はこのラウンド宣言しません。", [])]
    await table.say("alice: [宣言しない]")

    hit = await table.say("alice: /attack target:教団員 weapon:こぶし")
    assert shown(hit, "kp") == [("アリスのこぶしが教団員に命中しました。対応を選んでください。\n選べる対応: 回避／防御／なし"
                                 "（チャットで「回避」のように書くか、/react action:… でも選べます）", ["回避", "防御", "なし"])]
    assert shown(hit)[-1] == ("教団員の対応を待っています（KPが選びます）。", [])
    refused = await table.say("alice: [回避]")
    assert [(m["to"], m["text"]) for m in refused] == [(
        "alice", "aliceが押せる［回避］ボタンは今ありません。手番を終えるなら /end、攻撃への対応なら /react action:…（KPは as:名前 を付けます）")]
    dodged = await table.say("kp: [回避]")
    assert shown(dodged)[0][0].startswith("教団員の対応：回避\n教団員 回避：🔒シークレットダイス\n")


@pytest.mark.rule("H-GEN-01")
async def test_the_kps_private_question_names_the_hidden_npcs_parrying_weapons(console_table):
    table = await console_table([30, 20, 2, 3])  # アリス hits; the 教団員 parries with its knife (25): 1D3+1D4 on it
    await table.say(NEW.format(who="alice", name="アリス", dex=14))
    await table.say(NEW.format(who="kp", name="教団員", dex=8))
    await table.say("kp: /char weapon name:教団員 weapon:警棒")
    await table.say("kp: /char weapon name:教団員 weapon:ナイフ")
    await table.say("kp: /battle new system:coc6")
    await table.say("alice: /battle join character:アリス")
    await table.say("kp: /battle add name:教団員 character:教団員 hidden:true")
    await table.say("kp: /battle start")
    hit = await table.say("alice: /attack target:教団員 weapon:こぶし")
    [(text, buttons)] = shown(hit, "kp")
    assert text.splitlines()[1] == "受け流しに使える武器: 警棒、ナイフ、こぶし、キック（/react action:受け流し weapon:武器名。省略すると警棒）"
    assert buttons == ["回避", "受け流し：警棒", "受け流し：ナイフ", "受け流し：こぶし", "受け流し：キック", "なし"]
    assert not any("警棒" in text for text, _ in shown(hit))
    parried = await table.say("kp: [受け流し：ナイフ]")
    assert shown(parried) == [("教団員の対応：受け流し（ナイフ）\n教団員 受け流し（ナイフ）：🔒シークレットダイス\n"
                               "ダメージ：(1D3+1D4) ＞ 2[2]+3[3] ＞ 5\n教団員は武器で受け止めた（数値はKPのみ）\n"
                               "→ 受け流し成功：ダメージなし", [])]
