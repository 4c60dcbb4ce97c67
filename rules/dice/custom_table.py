"""A table the table owns, written in BCDice's custom-table text (BCDice's
``UserDefinedDiceTable``, https://github.com/bcdice/BCDice, BSD 3-Clause License:
THIRD_PARTY_NOTICES.md):

    飲み物表
    1D6
    1:水
    2:緑茶
    …
    6:選ばれし者の知的飲料

The first line is the title, the second the dice (``1D6``, ``2D6``, ``1D100``; ``D66``/``D66N``
reads the first die as the tens, ``D66A``/``D66S`` the lower die first, ``D66D`` the higher),
then one row ``出目:内容`` per result, in any order; ``\\n`` in a row is a line break, blank
lines are skipped. A roll reads as BCDice prints it: ``飲み物表(6) ＞ 選ばれし者の知的飲料``.

Stricter than BCDice where BCDice would read a mistake quietly: each result once, none
outside the dice's range, none empty (BCDice's ``valid?`` refuses the first two); every
refusal names its line. A table may leave results out, as BCDice's own test tables do
(``3D4`` with rows 3–6 and 12): :attr:`CustomTable.missing` lists them for a warning, and a
roll that lands on one has no row (BCDice answers nothing). Gentler in one way only: a
full-width row head (``１：水``) reads as ``1:水`` (a Japanese IME types it), which changes no
table BCDice reads. Pure: the dice come in.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.dice import Dice
from rules.errors import InvalidInput

MAX_ROWS = 1000
"""The most results one table may have (a 1D1000 or 10D100 is the largest that fits)."""
MAX_TEXT = 30000
"""The longest table text read (characters): a paste or a file."""
MAX_TITLE = 60
"""The longest title (characters)."""
SORTED_D66 = {"D66": None, "D66N": None, "D66A": "asc", "D66S": "asc", "D66D": "desc"}
"""BCDice's D66 kinds and how the two dice are ordered (None: first die is the tens)."""

_SUM = re.compile(r"(\d{1,3})D(\d{1,4})")
_ROW = re.compile(r"(\d{1,6}):(.*)", re.S)


@dataclass(frozen=True)
class TableRoll:
    """One roll on a table: ``title``, the result ``index`` (``16`` for a D66 of 1 and 6),
    the row's ``text`` (None: the table has no row for it) and the dice ``faces`` rolled."""

    title: str
    index: int
    text: str | None
    faces: tuple[int, ...]

    def line(self) -> str:
        """BCDice's line: ``テスト表(6) ＞ ろく``; for a result without a row (BCDice prints
        nothing) ``抜けあり表(7) ＞ （出目7の行はこの表にありません）``."""
        return f"{self.title}({self.index}) ＞ {self.text if self.text is not None else f'（出目{self.index}の行はこの表にありません）'}"


@dataclass(frozen=True)
class CustomTable:
    """A checked table: ``title``, ``dice`` (``1D6``, ``D66A`` …, upper case) and ``rows``
    ``{result: text}``, at most one row for each result the dice can give."""

    title: str
    dice: str
    rows: dict[int, str]

    def roll(self, dice: Dice) -> TableRoll:
        """Roll the table's dice and read the row (BCDice's ``roll``)."""
        order = SORTED_D66.get(self.dice, "sum")
        if order == "sum":
            count, sides = _sum_dice(self.dice)
            faces = tuple(dice.roll(sides) for _ in range(count))
            index = sum(faces)
        else:
            faces = (dice.roll(6), dice.roll(6))
            first, second = faces
            if order == "asc":
                first, second = min(faces), max(faces)
            elif order == "desc":
                first, second = max(faces), min(faces)
            index = first * 10 + second
        return TableRoll(self.title, index, self.rows.get(index), faces)

    @property
    def missing(self) -> list[int]:
        """The results the dice can give that have no row, in order."""
        return [i for i in results(self.dice) if i not in self.rows]

    def text(self) -> str:
        """The table as BCDice's text (title, dice, rows in result order; a line break as ``\\n``)."""
        rows = [f"{index}:{text}".replace("\n", "\\n") for index, text in sorted(self.rows.items())]
        return "\n".join([self.title, self.dice, *rows])


def results(dice: str) -> list[int]:
    """Every result ``dice`` can give, in order: ``2D6`` → 2 … 12; ``D66`` → 11 … 66 (36);
    ``D66A`` → the 21 with the lower die first; ``D66D`` → the 21 with the higher first."""
    order = SORTED_D66.get(dice, "sum")
    if order == "sum":
        count, sides = _sum_dice(dice)
        return list(range(count, count * sides + 1))
    pairs = [(t, o) for t in range(1, 7) for o in range(1, 7)]
    if order == "asc":
        pairs = [(t, o) for t, o in pairs if t <= o]
    elif order == "desc":
        pairs = [(t, o) for t, o in pairs if t >= o]
    return [t * 10 + o for t, o in pairs]


def _sum_dice(dice: str) -> tuple[int, int]:
    match = _SUM.fullmatch(dice)
    assert match is not None, dice
    return int(match[1]), int(match[2])


def parse_table(text: str) -> CustomTable:
    """The table ``text`` holds (see the module docstring).

    Raises:
        InvalidInput: a Japanese message naming the line (``3行目「…」``) that is not a
            title, a dice line or a ``出目:内容`` row, a result out of range or given twice,
            an empty row; or a table with no row at all.
    """
    if len(text or "") > MAX_TEXT:
        raise InvalidInput(f"表が長すぎます（{len(text)}文字。{MAX_TEXT}文字まで）。")
    lines = [(n, line.rstrip()) for n, line in enumerate((text or "").splitlines(), 1) if line.strip()]
    if not lines:
        raise InvalidInput("表が空です。1行目に表の名前、2行目にダイス（1D6 など）、3行目から「出目:内容」を書きます。")
    title_no, title = lines[0]
    title = title.strip()
    if len(title) > MAX_TITLE:
        raise InvalidInput(f"{title_no}行目: 表の名前が長すぎます（{MAX_TITLE}文字まで）。1行目は表の名前です。")
    if len(lines) < 2:
        raise InvalidInput(f"{title_no}行目「{_shown(title)}」の次の行に、表のダイス（1D6、2D6、1D100、D66 など）を書いてください。")
    dice_no, dice_line = lines[1]
    dice = _dice(dice_no, dice_line)
    expected = results(dice)
    if len(expected) > MAX_ROWS:
        raise InvalidInput(f"{dice_no}行目「{_shown(dice_line)}」: 出目が{len(expected)}通りあります。表は{MAX_ROWS}行までです。")
    allowed = set(expected)
    rows: dict[int, str] = {}
    where: dict[int, int] = {}
    for number, line in lines[2:]:
        index, body = _row(number, line)
        if index not in allowed:
            raise InvalidInput(f"{number}行目「{_shown(line)}」: 出目{index}は{dice}では出ません"
                               f"（出る目は{expected[0]}〜{expected[-1]}"
                               + ("で、十の位と一の位がそれぞれ1〜6" if dice in SORTED_D66 else "") + "）。")
        if index in rows:
            raise InvalidInput(f"{number}行目「{_shown(line)}」: 出目{index}の行が2つあります（{where[index]}行目にもあります）。")
        if not body:
            raise InvalidInput(f"{number}行目「{_shown(line)}」: 出目{index}の内容が空です。「{index}:内容」と書きます。")
        rows[index], where[index] = body, number
    if not rows:
        raise InvalidInput(f"{dice_no}行目「{_shown(dice_line)}」の後に、表の行「出目:内容」を1行以上書いてください"
                           f"（例: {expected[0]}:古い日記を見つける）。")
    return CustomTable(title, dice, rows)


_ONE_LINE_ROW = re.compile(r"\s+(?=[0-9０-９]{1,6}[:：])")
_ONE_LINE_DICE = re.compile(r"\s+(?=(?:[0-9０-９]{1,3}[DdＤｄ][0-9０-９]{1,4}|[DdＤｄ]66[NnAaSsDd]?)\s)")


def unfold(text: str) -> str:
    """A table typed on one line (a Discord slash option keeps no line breaks), as lines:
    ``狂気表 1D3 1:叫ぶ 2:逃げる 3:笑う`` → ``狂気表\n1D3\n1:叫ぶ\n2:逃げる\n3:笑う``: the title,
    then the dice (the first word like ``1D6`` or ``D66``), then a row before each ``出目:``.
    Text with line breaks is returned as it is."""
    if "\n" in text.strip() or "\r" in text.strip():
        return text
    head, *rows = _ONE_LINE_ROW.split(text.strip())
    title_dice = _ONE_LINE_DICE.split(head + " ", maxsplit=1)
    if len(title_dice) != 2:
        return text
    return "\n".join([title_dice[0].strip(), title_dice[1].strip(), *rows])


def _dice(number: int, line: str) -> str:
    """The dice line (``1d6`` → ``1D6``); raises InvalidInput naming line ``number``."""
    dice = unicodedata.normalize("NFKC", line).strip().upper()
    if dice in SORTED_D66:
        return dice
    match = _SUM.fullmatch(dice)
    if match is None or int(match[1]) < 1 or int(match[2]) < 1:
        hint = "（1行目の表の名前の次は、ダイスの行です）" if ":" in dice else ""
        raise InvalidInput(f"{number}行目「{_shown(line)}」: 表のダイスが読めません。1D6、2D6、1D100、D66、D66A、D66D "
                           f"のように書きます{hint}。")
    return f"{int(match[1])}D{int(match[2])}"


def _row(number: int, line: str) -> tuple[int, str]:
    """``(result, text)`` of the row on line ``number``; raises InvalidInput naming it."""
    cut = min((i for i in (line.find(":"), line.find("：")) if i >= 0), default=-1)
    match = _ROW.fullmatch(unicodedata.normalize("NFKC", line[:cut]).strip() + ":" + line[cut + 1:]) if cut > 0 else None
    if match is None:
        raise InvalidInput(f"{number}行目「{_shown(line)}」: 「出目:内容」の形ではありません（例: 3:古い日記を見つける）。")
    return int(match[1]), match[2].replace("\\n", "\n").strip()


def _shown(line: str) -> str:
    """A line as an error message quotes it (at most 30 characters)."""
    line = line.strip()
    return line if len(line) <= 30 else line[:30] + "…"


__all__ = ["CustomTable", "MAX_ROWS", "TableRoll", "parse_table", "results", "unfold"]
