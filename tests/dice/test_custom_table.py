"""A table pasted in BCDice's custom-table text rolls the row BCDice rolls for the same dice.

The tables and expected lines are BCDice's own: ``test/test_user_defined_dice_table.rb``
and the example in ``lib/bcdice/user_defined_dice_table.rb`` (BCDice, BSD 3-Clause License,
© 2011 Faceless and たいたい竹流; THIRD_PARTY_NOTICES.md). BCDice's ``RandomizerMock.new([[1, 6], [6, 6]])`` gives the
faces 1 then 6 of two d6: the ``faces`` column here."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.dice.custom_table import parse_table, results
from rules.errors import InvalidInput

TEXT_1D6 = "テスト表\n1D6\n1:いち\n2:に\n3:さん\n4:し\n5:ご\n6:ろく\n"
TEXT_3D4 = "抜けありテスト表\n3D4\n3:さん\n4:し\n5:ご\n6:ろく\n12:じゅうに\n"
TEXT_D66 = "ソートなし表\nD66\n16:いちろく\n61:ろくいち\n"
TEXT_D66A = "ソート昇順表\nD66a\n16:いちろく\n"
TEXT_D66D = "ソート降順表\nD66d\n61:ろくいち\n"
DRINKS = ("飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料\n")


@pytest.mark.rule("TBL-01")
@pytest.mark.parametrize("text, faces, line", [
    (TEXT_1D6, [1], "テスト表(1) ＞ いち"),                       # test_1d6_1
    (TEXT_1D6, [6], "テスト表(6) ＞ ろく"),                       # test_1d6_6
    (TEXT_3D4, [1, 1, 1], "抜けありテスト表(3) ＞ さん"),          # test_3d4_3
    (TEXT_3D4, [4, 4, 4], "抜けありテスト表(12) ＞ じゅうに"),     # test_3d4_12
    (TEXT_D66, [1, 6], "ソートなし表(16) ＞ いちろく"),            # test_d66_16
    (TEXT_D66, [6, 1], "ソートなし表(61) ＞ ろくいち"),            # test_d66_61
    (TEXT_D66A, [1, 6], "ソート昇順表(16) ＞ いちろく"),           # test_d66a_16
    (TEXT_D66A, [6, 1], "ソート昇順表(16) ＞ いちろく"),           # test_d66a_61
    (TEXT_D66D, [1, 6], "ソート降順表(61) ＞ ろくいち"),           # test_d66d_16
    (TEXT_D66D, [6, 1], "ソート降順表(61) ＞ ろくいち"),           # test_d66d_61
    (DRINKS, [6], "飲み物表(6) ＞ 選ばれし者の知的飲料"),          # the class's own example
])
def test_a_pasted_table_rolls_the_row_bcdice_rolls(text, faces, line):
    dice = ScriptedDice(faces)
    rolled = parse_table(text).roll(dice)
    assert rolled.line() == line
    assert dice.remaining == 0 and rolled.faces == tuple(faces)


@pytest.mark.rule("TBL-01")
def test_a_result_without_a_row_says_so_where_bcdice_answers_nothing():
    table = parse_table(TEXT_3D4)  # BCDice's test_notcontain: 4 + 4 + 3 = 11 has no row
    assert table.missing == [7, 8, 9, 10, 11]
    rolled = table.roll(ScriptedDice([4, 4, 3]))
    assert (rolled.index, rolled.text) == (11, None)
    assert rolled.line() == "抜けありテスト表(11) ＞ （出目11の行はこの表にありません）"


@pytest.mark.rule("TBL-01")
def test_a_row_keeps_its_line_breaks_and_a_full_width_head_reads_as_bcdice_text():
    table = parse_table("反応表\n1d2\n\n１：逃げる\\n振り返らずに\n2: 立ちすくむ \n")
    assert table.dice == "1D2" and table.rows == {1: "逃げる\n振り返らずに", 2: "立ちすくむ"}
    assert table.text() == "反応表\n1D2\n1:逃げる\\n振り返らずに\n2:立ちすくむ"


@pytest.mark.parametrize("dice, first, last, count", [("2D6", 2, 12, 11), ("1D100", 1, 100, 100),
                                                      ("D66", 11, 66, 36), ("D66S", 11, 66, 21),
                                                      ("D66D", 11, 66, 21)])
def test_the_results_each_dice_can_give(dice, first, last, count):
    found = results(dice)
    assert (found[0], found[-1], len(found)) == (first, last, count)
    if dice == "D66D":
        assert 61 in found and 16 not in found


@pytest.mark.rule("TBL-02")
@pytest.mark.parametrize("text, message", [
    ("", "表が空です。1行目に表の名前、2行目にダイス（1D6 など）、3行目から「出目:内容」を書きます。"),
    ("不正な表\nD100\n100:ひゃく",  # BCDice's invalid_dice_type
     "2行目「D100」: 表のダイスが読めません。1D6、2D6、1D100、D66、D66A、D66D のように書きます。"),
    ("範囲外表\n1D4\n1:a\n2:b\n3:c\n5:d",  # BCDice's valid_check_outrange_raw
     "6行目「5:d」: 出目5は1D4では出ません（出る目は1〜4）。"),
    ("重複あり表\n2D4\n2:a\n2:b\n4:c\n5:d\n6:e\n7:f\n8:g",  # BCDice's valid_check_dup_raws
     "4行目「2:b」: 出目2の行が2つあります（3行目にもあります）。"),
    ("表\n1D6\n1:a\n2 b", "4行目「2 b」: 「出目:内容」の形ではありません（例: 3:古い日記を見つける）。"),
    ("表\n1D6\n1:a\n\n3:", "5行目「3:」: 出目3の内容が空です。「3:内容」と書きます。"),
    ("表\n1:a\n2:b", "2行目「1:a」: 表のダイスが読めません。1D6、2D6、1D100、D66、D66A、D66D のように書きます"
                    "（1行目の表の名前の次は、ダイスの行です）。"),
    ("表だけ", "1行目「表だけ」の次の行に、表のダイス（1D6、2D6、1D100、D66 など）を書いてください。"),
    ("表\n1D6", "2行目「1D6」の後に、表の行「出目:内容」を1行以上書いてください（例: 1:古い日記を見つける）。"),
    ("表\nD66\n17:x", "3行目「17:x」: 出目17はD66では出ません（出る目は11〜66で、十の位と一の位がそれぞれ1〜6）。"),
    ("表\nD66A\n61:x", "3行目「61:x」: 出目61はD66Aでは出ません（出る目は11〜66で、十の位と一の位がそれぞれ1〜6）。"),
    ("表\n20D100\n1:x", "2行目「20D100」: 出目が1981通りあります。表は1000行までです。"),
])
def test_a_malformed_table_is_refused_naming_its_line(text, message):
    with pytest.raises(InvalidInput) as refused:
        parse_table(text)
    assert refused.value.message == message
