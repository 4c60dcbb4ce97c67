"""Issue 29: a refused round-start declaration says the unit's actual state, never a generic
「もう行動した」 to a unit that has not acted: a book-rule unit with 〈マーシャルアーツ〉 1% needs no
parry declaration at all (P-PARRY-07/08), and a unit whose window closed is told what closed it
(P-PARRY-05, H-DEF-PARRY-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.battle.keeper import CloseDeclarations
from rules.errors import InvalidInput

from tests.rules.coc6.conftest import KP


def _book(table_of, ma: int | None = None):
    t = table_of("coc6", shock=False)
    skills = {"こぶし": 60} if ma is None else {"こぶし": 60, "マーシャルアーツ": ma}
    t.join("alice", t.sheet("アリス", DEX=14, skills=skills))
    t.npc(t.sheet("ゾンビ", DEX=8, skills={"こぶし": 50}))
    t.start()
    return t


@pytest.mark.rule("P-PARRY-07", "P-PARRY-08")
def test_a_book_unit_with_martial_arts_1_is_told_it_needs_no_declaration(table_of):
    t = _book(table_of)
    with pytest.raises(InvalidInput) as refused:
        t.declare("アリス", "受け流し", target="ゾンビ")
    text = refused.value.message
    assert text == ("アリスは〈マーシャルアーツ〉1%があるので、受け流しの宣言は要りません。宣言しなくても、"
                    "攻撃を受けたときに[受け流し]を選べます（P-PARRY-07）。")
    assert "行動" not in text.split("受けた")[0]


@pytest.mark.rule("P-PARRY-05")
@pytest.mark.parametrize("closing, said", [
    ("none", "アリスはこのラウンドは「宣言しない」と答えたので、もう宣言できません"),
    ("close", "アリスは宣言の受付がKPに締め切られたので、もう宣言できません"),
    ("ended", "アリスはこのラウンドすでに手番を終えたので、もう宣言できません"),
    ("acted", "アリスはこのラウンドすでに攻撃したので、もう宣言できません"),
])
def test_a_closed_window_says_what_closed_it(table_of, closing, said):
    t = _book(table_of, ma=0)  # CDA-like: without 〈マーシャルアーツ〉 a parry must be declared
    assert t.state.may_declare == ["アリス"]
    if closing == "none":
        t.declare("アリス", "なし")
    elif closing == "close":
        t.run(KP, CloseDeclarations)
    elif closing == "ended":
        t.run("alice", cmds.EndTurn)
    else:
        t.run("alice", cmds.Attack, [99], target="ゾンビ")
    refusal = t.refused("P-PARRY-05", "alice", cmds.Declare, action="受け流し", target="ゾンビ")
    assert refusal.message == f"受け流しの宣言はラウンドのはじめ（宣言の受付中）に行います。{said}"
