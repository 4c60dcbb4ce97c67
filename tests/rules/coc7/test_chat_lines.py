"""The chat lines of the 7th rolls around a check (rules.coc7.chat_lines): what reads as a
push, Luck, an opposed roll or the KP's word before a push, and the talk that does not."""
from __future__ import annotations

import pytest

from rules.coc7.chat_lines import (LuckLine, OpposedLine, PushLine, luck_line, opposed_line, push_line, reads,
                                   told_line)


@pytest.mark.parametrize(("line", "read"), [
    ("プッシュ", PushLine()),
    ("プッシュします！", PushLine()),
    ("ＰＵＳＨ", None),
    ("プッシュ・ロール", PushLine()),
    ("目星をプッシュ", PushLine(skill="目星")),
    ("〈目星〉をプッシュします", PushLine(skill="目星")),
    ("プッシュ：本棚を全部ひっくり返す", PushLine(reason="本棚を全部ひっくり返す")),
    ("プッシュ（棚を全部調べる）", PushLine(reason="棚を全部調べる")),
    ("プッシュ もう一度よく見る", PushLine(reason="もう一度よく見る")),
    ("エミリー：プッシュ", PushLine(who="エミリー")),
    ("エミリー：図書館をプッシュ：夜通し調べる", PushLine("エミリー", "図書館", "夜通し調べる")),
    ("プッシュって何？", None),
    ("プッシュ通知が来た", None),
    ("> プッシュ", None),
    ("次はプッシュしようかな", None),
])
def test_push_lines(line: str, read: PushLine | None) -> None:
    assert push_line(line) == read


@pytest.mark.parametrize(("line", "read"), [
    ("幸運を消費", LuckLine()),
    ("幸運消費", LuckLine()),
    ("幸運を消費します", LuckLine()),
    ("幸運を使う", LuckLine()),
    ("幸運を使いたいです", LuckLine()),
    ("幸運を使って成功にします", LuckLine()),
    ("幸運を12消費", LuckLine(amount=12)),
    ("幸運12使う", LuckLine(amount=12)),
    ("エミリー：幸運を消費", LuckLine(who="エミリー")),
    ("幸運を消費できる？", None),
    ("幸運ロール", None),
    ("CC<=55 【幸運】", None),
    ("幸運を祈る", None),
])
def test_luck_lines(line: str, read: LuckLine | None) -> None:
    assert luck_line(line) == read


@pytest.mark.parametrize(("line", "read"), [
    ("対抗ロール STR 警備員", OpposedLine("STR", "警備員")),
    ("対抗ロール：STR 警備員 60", OpposedLine("STR", "警備員", "60")),
    ("対抗 〈隠密〉 警備員 目星", OpposedLine("隠密", "警備員", "目星")),
    ("警備員とSTRで対抗ロール", OpposedLine("STR", "警備員")),
    ("STRで警備員と対抗ロール", OpposedLine("STR", "警備員")),
    ("隠密で警備員の目星と対抗ロールします", OpposedLine("隠密", "警備員", "目星")),
    ("対抗ロールしよう", None),
    ("対抗ロールって？", None),
    ("RES(12-10)", None),
])
def test_opposed_lines(line: str, read: OpposedLine | None) -> None:
    assert opposed_line(line) == read


@pytest.mark.parametrize(("line", "read"), [
    ("失敗したら、物音で家主が目を覚まします", "物音で家主が目を覚まします"),
    ("失敗すると本棚が倒れてきます", "本棚が倒れてきます"),
    ("プッシュに失敗したら：警備員に見つかる", "警備員に見つかる"),
    ("プッシュするなら、失敗すれば物音で執事が来ます", "物音で執事が来ます"),
    ("失敗なら床が抜けます", "床が抜けます"),
    ("失敗した", None),
    ("失敗したら？", None),
])
def test_the_kps_word_before_a_push(line: str, read: str | None) -> None:
    assert told_line(line) == read


def test_talk_without_the_words_is_never_read() -> None:
    assert not reads("こんばんは、よろしくお願いします") and reads("プッシュ") and reads("失敗したら")
