"""A turn-ending line whose action is a bare attack verb in its te-form (「殴ってターン終了」):
before, the verb was not read and the line ended the turn without the attack (a wrong
action). Now the verb is read as its plain form reads (「殴る」: who to attack is asked,
each choice ending the turn after it); a verb that still cannot act keeps the line silent,
never a bare end. Talk verbs (笑って) still end the turn; a negated one never acts."""
from __future__ import annotations

import pytest

from rules.chat import Ambiguous, Declaration, read
from tests.chat.scenes import context

ASKED = [
    ("殴ってターン終了", "どちらを攻撃しますか？",
     ["アリス：ゾンビ1をこぶしで攻撃、ターン終了", "アリス：ゾンビ2をこぶしで攻撃、ターン終了"]),
    ("蹴ってターン終了", "どちらを攻撃しますか？",
     ["アリス：ゾンビ1をキックで攻撃、ターン終了", "アリス：ゾンビ2をキックで攻撃、ターン終了"]),
    ("ぶん殴ってからターン終了", "どちらを攻撃しますか？",
     ["アリス：ゾンビ1をこぶしで攻撃、ターン終了", "アリス：ゾンビ2をこぶしで攻撃、ターン終了"]),
]


@pytest.mark.parametrize(("line", "question", "choices"), ASKED, ids=[r[0] for r in ASKED])
def test_a_bare_attack_verb_then_the_end_asks_whom_and_keeps_the_end(line, question, choices):
    outcome = read(line, context("house/alice-turn", "alice"))
    assert isinstance(outcome, Ambiguous)
    assert outcome.question == question
    assert [c.text for c in outcome.choices] == choices
    assert all(c.then_end and c.command == "attack" for c in outcome.choices)


def test_the_verb_with_its_target_acts_and_then_ends():
    outcome = read("ゾンビ2をナイフで刺してターン終了", context("house/alice-turn", "alice"))
    assert isinstance(outcome, Declaration) and outcome.then_end
    assert (outcome.command, outcome.options) == ("attack", {"target": "ゾンビ2", "weapon": "ナイフ"})


@pytest.mark.parametrize("line", ["殴らないでターン終了", "走ってターン終了", "殴ってターン終了？", "殴ってターン終了って何？"])
def test_a_verb_that_cannot_act_never_becomes_a_bare_end(line):
    assert read(line, context("house/alice-turn", "alice")) is None


@pytest.mark.parametrize("line", ["笑ってターン終了", "よし、ターン終了", "深呼吸してターン終了"])
def test_a_line_whose_first_part_is_no_action_still_ends_the_turn(line):
    outcome = read(line, context("house/alice-turn", "alice"))
    assert isinstance(outcome, Declaration) and outcome.command == "end" and not outcome.then_end
