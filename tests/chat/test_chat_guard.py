"""Chat faults a new-user trial left open, in lines written for these tests: an aside wholly
in round brackets (「（2号を日本刀で斬ります）」) never acts, while a roll led by a bracketed
skill (「（日本刀）1D100<=70 → 12」「(回避) CCB<=40」) reads as before. The rows of the reading
probe hold more of them (tests/chat/rows_read.py)."""
from __future__ import annotations

import pytest

from rules.chat import read
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
