"""Trial 9, G17: a line asked back for a word the reading could not place asks plainly — 「ゾンビ1」
beside the battle's one ゾンビ is 「「ゾンビ1」はゾンビのことですか？」, a line that only ends the
turn around an unplaced word (「行動は以上です」) is 「ターン終了しますか？」; other unplaced
words keep the old question."""
from __future__ import annotations

import pytest

from rules.chat import Ambiguous, read
from tests.chat.scenes import context

CONFIRM = "この宣言でよければ押してください。"


@pytest.mark.parametrize(("scene", "speaker", "text", "question", "texts"), [
    ("house/lone-zombie", "kp", "ゾンビ1ターンエンド", "「ゾンビ1」はゾンビのことですか？", ["ゾンビ：ターン終了"]),
    ("house/lone-zombie", "kp", "ゾンビ1の行動は以上です", "「ゾンビ1」はゾンビのことですか？", ["ゾンビ：ターン終了"]),
    ("house/alice-turn", "alice", "行動は以上です", "ターン終了しますか？", ["アリス：ターン終了"]),
])
def test_a_plainer_question(scene, speaker, text, question, texts):
    outcome = read(text, context(scene, speaker))
    assert isinstance(outcome, Ambiguous)
    assert (outcome.question, [c.text for c in outcome.choices]) == (question + CONFIRM, texts)
