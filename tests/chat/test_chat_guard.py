"""Three chat faults a new-user trial left open, in lines written for these tests:

* an aside wholly in round brackets (「（2号を日本刀で斬ります）」) never acts, while a roll led by
  a bracketed skill (「（日本刀）1D100<=70 → 12」「(回避) CCB<=40」) reads as before;
* a declaration said with a push or Luck spent (「ここはプッシュで回避！」) is refused with the
  reason — 7-PUSH-03 / 7-LUCK-02 in a 7th battle, "6版にはない" in a 6th one — never made
  as the plain roll;
* the refusal of such a line that then ends the turn says the turn was not ended.

The rows of the reading probe hold more of them (tests/chat/rows_read.py); here the exact
words of the replies."""
from __future__ import annotations

import pytest

from rules.chat import TURN_KEPT, Refused, read
from rules.chat.talk import is_aside
from tests.chat import scenes
from tests.chat.scenes_read import context
from tests.chat.test_phrasings import shown as shown_earlier


@pytest.mark.parametrize("line", [
    "（2号を日本刀で斬ります）", "(野犬にキック)", "  （回避で！） ", "（1号を斬る）（ダメ元）", "（1号を斬る）ｗ",
    "（1号を斬る）！", "（1号を斬る", "(1号を斬る（たぶん）)", "（1号を斬る)", "（）",
])
def test_a_line_wholly_in_round_brackets_is_an_aside(line):
    assert is_aside(line)


@pytest.mark.parametrize("line", [
    "（日本刀）1D100<=70 → 12", "(回避) CCB<=40", "（回避）1D100<=40 → 66（泣）", "1号を斬る（ダメ元）",
    "（日本刀）で2号を斬る", "「えい」（1号を斬る）", "1号を斬る", "（1号を斬る）)", "【回避】", "",
])
def test_a_line_only_led_or_ended_by_brackets_is_no_aside(line):
    assert not is_aside(line)


@pytest.mark.parametrize(("scene", "speaker", "line"), [
    ("h/makoto-turn", "alice", "（2号を日本刀で斬ります）"),
    ("h/makoto-turn", "alice", "(野犬にキック)"),
    ("h/makoto-hit", "alice", "（回避で！）"),
    ("7/aoi-hit", "alice", "（ナイフで応戦）"),
    ("h/cultist-turn", "kp", "（狂信者1号、美咲をナイフで刺す）"),
    ("h/makoto-turn", "alice", "（日本刀で2号を攻撃してターン終了）"),
])
def test_an_aside_never_acts(scene, speaker, line):
    assert read(line, context(scene, speaker)) is None


@pytest.mark.parametrize(("line", "outcome"), [  # as before this change: the rules read them so
    ("(回避) CCB<=40", None),
    ("（回避）CCB<=40", None),
    ("（こぶし）1D100<=50 → 23", ("?", ["アリス：ゾンビ1をこぶしで攻撃", "アリス：ゾンビ2をこぶしで攻撃"])),
    ("(こぶし) 1D100<=50 → 23 ゾンビ1", ("attack", {"target": "ゾンビ1", "weapon": "こぶし"}, 50)),
    ("(回避) 1D100<=40 → 23", ("react", {"action": "回避"}, 40)),
])
def test_a_roll_led_by_a_bracketed_skill_reads_as_before(line, outcome):
    scene = "house/alice-hit" if "回避" in line else "house/alice-turn"
    assert shown_earlier(read(line, scenes.context(scene, "alice"))) == outcome


SEVENTH_PUSH = "戦闘の中の判定（攻撃・回避・応戦、戦闘中の技能の判定）はプッシュできません"
SEVENTH_LUCK = "幸運は振ったあとに失敗した判定に使うもので、宣言といっしょには使えません"
BATTLE_LUCK = "\n戦闘のロールに幸運を使うかはKPの裁定です（ボットは戦闘のロールに幸運を使いません）。"


@pytest.mark.rule("7-PUSH-03", "7-LUCK-02")
@pytest.mark.parametrize(("scene", "speaker", "line", "refused"), [
    ("7/aoi-hit", "alice", "ここはプッシュで回避！",
     Refused("7-PUSH-03", SEVENTH_PUSH, "\nふつうに行うなら「回避」と書いてください。")),
    ("7/aoi-hit", "alice", "ラックを5使って応戦",
     Refused("7-LUCK-02", SEVENTH_LUCK, BATTLE_LUCK + "\nふつうに行うなら「応戦」と書いてください。")),
    ("7/aoi-turn", "alice", "幸運を使って教団員Bをナイフで刺す",
     Refused("7-LUCK-02", SEVENTH_LUCK, BATTLE_LUCK + "\nふつうに行うなら「教団員Bをナイフで攻撃」と書いてください。")),
    ("7/cult-hit", "kp", "教団員A：プッシュして回避",
     Refused("7-PUSH-03", SEVENTH_PUSH, "\nふつうに行うなら「教団員A：回避」と書いてください。")),
    ("7/aoi-turn", "alice", "プッシュして教団員Aを撃つ",
     Refused("7-PUSH-03", SEVENTH_PUSH, "\nふつうに行うなら「教団員Aを.38リボルバーで攻撃」と書いてください。")),
    ("h/makoto-hit", "alice", "幸運を使って回避してターン終了",
     Refused("", "6版のルールには幸運の消費はありません（7版の選択ルールです）。",
             f"\nふつうに行うなら「回避、ターン終了」と書いてください。\n{TURN_KEPT}")),
    ("h/makoto-hit", "alice", "プッシュで回避",
     Refused("", "6版のルールにはプッシュ・ロールはありません（7版のルールです）。",
             "\nふつうに行うなら「回避」と書いてください。")),
    ("p/yuki-hit", "alice", "幸運を消費して受け流し",
     Refused("", "6版のルールには幸運の消費はありません（7版の選択ルールです）。",
             "\nふつうに行うなら「受け流し」と書いてください。")),
    ("c/akane-hit", "alice", "幸運使って回避",
     Refused("", "チャージランク制には幸運の消費はありません（7版の選択ルールです）。",
             "\nふつうに行うなら「回避」と書いてください。")),
])
def test_a_declaration_said_with_a_push_or_luck_is_refused_with_the_reason(scene, speaker, line, refused):
    assert read(line, context(scene, speaker)) == refused


@pytest.mark.parametrize(("scene", "speaker", "line", "spec"), [
    ("7/aoi-hit", "alice", "回避", "react action=回避"),
    ("7/aoi-hit", "alice", "幸運は使わないで回避", "react action=回避"),
    ("h/makoto-hit", "alice", "プッシュはしないで回避", "react action=回避"),
    ("7/aoi-turn", "alice", "幸運を消費します", "-"),
    ("7/aoi-turn", "alice", "プッシュ：扉をこじ開ける", "-"),
    ("h/makoto-hit", "alice", "回避にプッシュって使える？", "-"),
    ("7/aoi-hit", "alice", "（プッシュして回避）", "-"),
    ("h/makoto-hit", "alice", "幸運高いし回避でいこう", "-"),
])
def test_a_line_that_does_without_a_push_or_luck_or_only_talks_of_them_is_read_as_before(scene, speaker, line, spec):
    from tests.chat.test_tables import shown
    assert shown(read(line, context(scene, speaker))) == spec
