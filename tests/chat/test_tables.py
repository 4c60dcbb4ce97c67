"""Issue 26's phrasing table (tests/chat/rows_tables.py) read against its scenes, and the
table's context: the last attack a もっかい repeats, the target the table's context puts first,
a channel that lets it stand, and the morphological analyser's own guarantees."""
from __future__ import annotations

import pytest

from rules.chat import Ambiguous, Declaration, Several, read
from rules.chat.context import ATTACKED_BY, KP_LINE, LAST_TARGET
from rules.chat.hints import addressed
from rules.chat.morph import analyse
from rules.chat.resolve import Refused, Untargeted
from tests.chat.rows_tables import ROWS
from tests.chat.scenes_tables import VIEWS, context


def shown(outcome) -> str:
    """An outcome in the table's notation (tests/chat/rows_tables.py)."""
    if outcome is None:
        return "-"
    if isinstance(outcome, Refused):  # never acted: refused with its clause (rules.chat.spending)
        return f"! {outcome.clause or '-'}"
    if isinstance(outcome, Several):
        return "several " + " | ".join(d.text for d in outcome.declarations)
    if isinstance(outcome, Untargeted):
        return "~ " + " | ".join(c.text for c in outcome.choices)
    if isinstance(outcome, Ambiguous):
        return "? " + " | ".join(c.text for c in outcome.choices)
    options = " ".join(f"{k}={v}" for k, v in outcome.options.items())
    extra = (f" typed={outcome.typed_target}" if outcome.typed_target is not None else "") \
        + (f" reported={outcome.reported}" if outcome.reported is not None else "") \
        + (f" level={outcome.reported_level}" if outcome.reported_level else "")
    return f"{outcome.command} {options}{extra}"


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), ROWS,
                         ids=[f"{i:03d}-{r[2][:16]}" for i, r in enumerate(ROWS)])
def test_table_line(scene, speaker, text, spec):
    assert shown(read(text, context(scene, speaker))) == spec


def test_the_table_is_large_mixed_and_mostly_talk():
    negatives = [r for r in ROWS if r[3] == "-"]
    assert len(ROWS) >= 400 and len(negatives) * 2 >= len(ROWS)
    systems = {VIEWS[r[0]][0] for r in ROWS}
    assert systems == {"coc6-house", "coc6", "coc6-budo", "charge-rank"}
    for system in systems:  # the KP's lines and the players', acting and silent, in each system
        rows = [r for r in ROWS if VIEWS[r[0]][0] == system]
        assert {r[1] == "kp" for r in rows} == {True, False}
        assert {r[3] == "-" for r in rows} == {True, False}


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [r for r in ROWS if r[3][:2] in ("? ", "~ ")])
def test_each_button_of_a_question_reads_back_as_itself(scene, speaker, text, spec):
    """Each choice of a question carries its canonical text: read again in the same moment it
    is that one declaration, or (charge-rank, no power named) the question of its power."""
    ctx = context(scene, speaker)
    for choice in read(text, ctx).choices:
        again = read(choice.text, ctx)
        if isinstance(again, Ambiguous) and "パワーランク" in again.question:
            continue
        assert isinstance(again, Declaration), choice.text
        assert (again.command, {k: v for k, v in again.options.items()}) == (choice.command, choice.options)


def test_once_more_repeats_the_last_attacks_target_with_the_weapon_named():
    ctx = context("mouse/alice-turn", "alice", last_attacks=(("有栖", "ビクトマウスB", "杖"),))
    assert shown(read("じゃあもっかいメスを投擲で", ctx)) == "attack target=ビクトマウスB weapon=メス"
    assert shown(read("もう一回杖で", ctx)) == "attack target=ビクトマウスB weapon=杖"
    assert shown(read("杖で", ctx)) == "-"  # a weapon alone, said without もう一回, is no attack


@pytest.mark.parametrize(("why", "first"), [(LAST_TARGET, "ビクトマウスB"), (ATTACKED_BY, "自動人形"),
                                            (KP_LINE, "ビクトマウスA")])
def test_the_context_target_comes_first_and_the_question_says_why(why, first):
    ctx = context("mouse/alice-turn", "alice", hints=(("有栖", first, why),))
    rolled = read("CCB<=50 【杖】", ctx)
    assert isinstance(rolled, Untargeted) and rolled.choices[0].options["target"] == first
    assert rolled.question == f"どちらを攻撃しますか？（1番目の{first}は{why}）"
    said = read("殴る", ctx)
    assert [c.options["target"] for c in said.choices][0] == first and f"1番目の{first}は{why}" in said.question
    assert [c.label for c in said.choices] == [first, *(n for n in ("ビクトマウスA", "ビクトマウスB", "自動人形")
                                                     if n != first)]


def test_a_channel_that_lets_the_context_stand_acts_on_it_but_never_over_a_named_target():
    ctx = context("mouse/alice-turn", "alice", hints=(("有栖", "ビクトマウスB", LAST_TARGET),), act_on_hint=True)
    assert shown(read("殴る", ctx)) == "attack target=ビクトマウスB weapon=こぶし"
    assert shown(read("CCB<=50 【杖】", ctx)) == "~ 有栖：ビクトマウスBを杖で攻撃"
    assert shown(read("Aを殴る", ctx)) == "attack target=ビクトマウスA weapon=こぶし"
    assert shown(read("あいつを殴る", ctx)) == "attack target=ビクトマウスB weapon=こぶし"


def test_a_kp_line_of_narration_names_the_npc_before_a_pc():
    kp = context("mouse/a-turn", "kp")
    assert addressed("ビクトマウスBが有栖さんににじり寄る", kp) == ("有栖", "ビクトマウスB")
    assert addressed("ビクトマウスAとBが有栖さんを囲む", kp) is None  # two NPCs: no one in particular
    assert addressed("有栖さんとオリビアさん、気をつけて", kp) is None
    assert addressed("ビクトマウスBが有栖さんににじり寄る", context("mouse/a-turn", "alice")) is None


def test_the_analyser_gives_one_word_for_every_spelling_of_a_verb():
    """SudachiPy's normalized forms (rules.chat.morph) meet the kana and inflected spellings."""
    lemmas = {text: [m.lemma for m in analyse(text) if m.pos == "動詞"] for text in (
        "なげる", "なぐる", "かみつく", "けっとばす", "殴ります", "殴って", "殴れ", "ひっかく", "うけながし")}
    assert lemmas == {"なげる": ["投げる"], "なぐる": ["殴る"], "かみつく": ["噛み付く"], "けっとばす": ["蹴飛ばす"],
                      "殴ります": ["殴る"], "殴って": ["殴る"], "殴れ": ["殴る"], "ひっかく": ["引っ掻く"],
                      "うけながし": ["受け流す"]}


def test_the_games_own_words_win_over_the_analysers_cut():
    """Sudachi cuts 「かいひ」 as か・いひ; the battle's lexicon keeps it the dodge."""
    assert [m.surface for m in analyse("かいひ54")][:2] == ["か", "いひ"]
    assert shown(read("かいひ54", context("mouse/alice-hit", "alice"))) == "react action=回避 typed=54"
