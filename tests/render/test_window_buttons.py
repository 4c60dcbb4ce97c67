"""Which buttons of a clicked message a click answers (bot.render.buttons.answered_with): in
the round-start window (issue 22) only the clicking unit's, anywhere else all of them."""
from bot.render.buttons import answered_with


def test_a_units_declaration_answers_only_its_own_buttons():
    assert answered_with("cb:1:d1-アリス:no_declare", "cb:1:d1-アリス:x98c36d9f67b2")
    assert not answered_with("cb:1:d1-アリス:no_declare", "cb:1:d1-ボブ:no_declare")
    assert not answered_with("cb:1:d1-アリス:no_declare", "cb:1:d1:close_declare")


def test_the_close_and_every_other_question_answer_the_whole_message():
    assert answered_with("cb:1:d1:close_declare", "cb:1:d1-アリス:no_declare")
    assert answered_with("cb:1:a3-アリス:dodge", "cb:1:a3-アリス:none")
    assert answered_with("cb:1:アリス：ゾンビ1をこぶしで攻撃:chat", "cb:1:アリス：ゾンビ2をこぶしで攻撃:chat")
    assert answered_with("cb:1:d1-アリス:no_declare", "not-ours")
