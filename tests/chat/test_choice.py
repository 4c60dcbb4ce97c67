"""Answering the bot's chat question by typing (issue 21): a button's number or name, with
the fillers and endings tables add, picks that choice; anything else picks none."""
from __future__ import annotations

import pytest

from rules.chat.choice import pick
from rules.chat.resolve import Declaration

WEAPONS = (Declaration("attack", {"target": "信者", "weapon": "バット"}, "モリス", "モリス：信者をバットで攻撃", "バット"),
           Declaration("attack", {"target": "信者", "weapon": ".38リボルバー"}, "モリス", "モリス：信者を.38リボルバーで攻撃",
                       ".38リボルバー"))
ONE = (WEAPONS[0],)
WHO = (Declaration("check", {"skill": "応急手当", "target": "エミ"}, "アリス", "アリス：応急手当をエミに", "エミ"),
       Declaration("check", {"skill": "応急手当", "target": "モリス"}, "アリス", "アリス：応急手当をモリスに", "モリス"))


@pytest.mark.parametrize(("choices", "text", "label"), [
    (WEAPONS, "バット", "バット"), (WEAPONS, "ばっと", "バット"), (WEAPONS, "バットで", "バット"),
    (WEAPONS, "バットでお願いします", "バット"), (WEAPONS, "じゃあバットで！", "バット"), (WEAPONS, "1", "バット"),
    (WEAPONS, "１", "バット"), (WEAPONS, "2", ".38リボルバー"), (WEAPONS, "2番", ".38リボルバー"),
    (WEAPONS, "2番で", ".38リボルバー"), (WEAPONS, "じゃあ1で", "バット"), (WEAPONS, ".38リボルバー", ".38リボルバー"),
    (WEAPONS, "信者をバットで攻撃", "バット"), (WHO, "ほなモリス！", "モリス"), (WHO, "モリス", "モリス"),
    (WHO, "エミで", "エミ"), (WHO, "2つ目", "モリス"),
    (WEAPONS, "3", None), (WEAPONS, "0", None), (WEAPONS, "12", None), (WEAPONS, "バットかな", None),
    (WEAPONS, "バット持ってない", None), (WEAPONS, "リボルバーとバット", None), (WEAPONS, "", None),
    (ONE, "はい", "バット"), (ONE, "OK！", "バット"), (ONE, "それでお願いします", "バット"), (WEAPONS, "はい", None),
    (ONE, "いいえ", None), (ONE, "やめとく", None),
    (WHO, "モリスかエミか", None), (WHO, "モリスって誰", None), (WHO, "1と2", None), (WHO, "うーん", None),
])
def test_a_typed_answer_picks_the_choice_it_names(choices, text, label):
    chosen = pick(text, choices)
    assert (chosen.label if chosen else None) == label
