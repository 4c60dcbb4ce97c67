"""Chat lines of a 7th-edition battle (issue 30), read against the real ``coc7`` view: the
answers 「応戦」「回避」「なし」, the maneuvers 「マヌーバーで組み付く」, the shots and the weapon
declarations; each row as the slash command would be (``-`` = table talk)."""
from __future__ import annotations

import pytest

from rules.chat import ChatContext, read
from rules.systems.coc7 import SYSTEM
from tests.chat.test_phrasings import expected, shown
from tests.rules.coc7_battle.table7 import Table7, d, gun, investigator


def _battle() -> Table7:
    """アリス (ナイフ, .38リボルバー) and ボブ (バット) against 信者A and 深きもの; アリス's turn."""
    table = Table7()
    table.join("alice", investigator("アリス", DEX=70, weapons=[gun("ナイフ"), gun()]))
    table.join("bob", investigator("ボブ", DEX=60, weapons=[gun("バット")]))
    table.npc(investigator("信者A", DEX=50))
    table.npc(investigator("深きもの", DEX=40))
    table.start([])
    return table


def _scene(name: str) -> Table7:
    table = _battle()
    if name == "alice-hit":  # 信者A's turn: its attack on アリス waits for her answer
        table.end_turns_until("信者A")
        table.attack("信者A", "アリス", d(45))
    return table


def context(scene: str, speaker: str) -> ChatContext:
    table = _scene(scene)
    return ChatContext.from_view(SYSTEM.view(table.state), SYSTEM.chat_words, speaker, speaker == "kp")


ROWS = [
    ("alice-turn", "alice", "信者Aをナイフで攻撃", "attack target=信者A weapon=ナイフ"),
    ("alice-turn", "alice", "マヌーバーで信者Aに組み付く", "attack target=信者A weapon=組み付き special=マヌーバー"),
    ("alice-turn", "alice", "信者Aに組み付く", "attack target=信者A weapon=組み付き"),
    ("alice-turn", "alice", "マヌーバーで深きものを転ばせる", "attack target=深きもの weapon=転倒 special=マヌーバー"),
    ("alice-turn", "alice", "深きものを押さえ込む", "attack target=深きもの weapon=押さえ込み"),
    ("alice-turn", "alice", "信者Aの武器を奪う", "-"),
    ("alice-turn", "alice", "マヌーバーで信者Aから武器を奪う", "attack target=信者A weapon=武装解除 special=マヌーバー"),
    ("alice-turn", "alice", "マヌーバーで信者Aを武装解除", "attack target=信者A weapon=武装解除 special=マヌーバー"),
    ("alice-turn", "alice", "信者Aから武器を奪う", "attack target=信者A weapon=武装解除"),
    ("alice-turn", "alice", "信者Aを撃つ", "attack target=信者A weapon=.38リボルバー"),
    ("alice-turn", "alice", "至近距離で信者Aを撃つ", "attack target=信者A special=至近距離"),
    ("alice-turn", "alice", "銃を構える", "declare action=銃を構える"),
    ("alice-turn", "alice", "身を投げ出す", "declare action=身を投げ出す"),
    ("alice-turn", "alice", "伏せる", "declare action=身を投げ出す"),
    ("alice-turn", "alice", "リロード", "declare action=装填"),
    ("alice-turn", "alice", "ボブに応急手当", "check skill=応急手当 target=ボブ"),
    ("alice-turn", "alice", "ターン終了", "end"),
    ("alice-turn", "alice", "応戦できるかな？", "-"),
    ("alice-hit", "alice", "応戦", "react action=応戦"),
    ("alice-hit", "alice", "応戦します！", "react action=応戦"),
    ("alice-hit", "alice", "ナイフで応戦", "react action=応戦 weapon=ナイフ"),
    ("alice-hit", "alice", "反撃", "react action=応戦"),
    ("alice-hit", "alice", "回避", "react action=回避"),
    ("alice-hit", "alice", "〈回避〉します", "react action=回避"),
    ("alice-hit", "alice", "なし", "react action=なし"),
    ("alice-hit", "alice", "そのまま受ける", "react action=なし"),
    ("alice-hit", "kp", "信者A：回避", "react action=回避 as=信者A"),  # refused as /react is: 信者A has no question
]


@pytest.mark.rule("7-MELEE-02", "7-MAN-01", "7-FIRE-02", "7-FIRE-05")
@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), ROWS,
                         ids=[f"{i:02d}-{r[2][:16]}" for i, r in enumerate(ROWS)])
def test_a_7th_line(scene, speaker, text, spec):
    assert shown(read(text, context(scene, speaker))) == expected(spec)
