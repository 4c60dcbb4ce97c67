"""The Cthulhu (CoC 7th edition) commands of BCDice's ``Cthulhu7th``: CC, CBR, FAR and the
tables BMR, BMS, PH, MA, FCL, FCM.

BCDice reads a 7th command in three steps, followed here:

1. every parenthesised arithmetic ``([0-9/+*-CURF]+)`` is replaced by its value, repeatedly
   (``CC(-1)<=93`` → ``CC-1<=93``, ``CBR(10,(40+50))`` → ``CBR(10,90)``); one that does not
   compute (``(1/0)``) stays as typed;
2. the text is upper-cased, and a leading ``S`` makes it secret;
3. the command must match completely: ``CC[±n][<=x[R|H|E|C]]`` (x a plain number),
   ``CBR(x,y)``, ``FAR(…)`` (see ``rules.dice.full_auto``) or a table name.

Anything else is not a 7th command, and the common commands (``1D100<=50`` …) are tried.
Mechanics (levels, difficulty, bonus dice) are ``rules.coc7.check``.
"""
from __future__ import annotations

import re

from rules.coc7 import tables
from rules.coc7.check import Check7, Difficulty, Level7, judge, roll_skill, roll_with_bonus
from rules.dice.ast import ZeroDivision
from rules.dice.core import Dice, DiceError, DiceMessage, Recording
from rules.dice.format import SEP
from rules.dice.full_auto import FullAuto, parse_full_auto
from rules.dice.parser import ExprParser, _NoParse, _TooDeep
from rules.dice.result import DiceResult

#: The most bonus or penalty dice ``CC`` takes (BCDice).
MAX_BONUS = 100
BONUS_RANGE_MESSAGE = "ボーナス・ペナルティダイスの値は-100以上、100以下としてください"

_ARITHMETIC = re.compile(r"\([0-9/+*\-CURF]+\)")
_PREFIX = re.compile(r"(S)?(?:CC|CBR|FAR|BMR|BMS|FCL|FCM|PH|MA)")
_CC = re.compile(r"CC([-+]?[0-9]+)?(?:<=([0-9]+)([RHEC])?)?")
_CBR = re.compile(r"CBR\(([0-9]+),([0-9]+)\)")


def _arithmetic(expr: str) -> str:
    """The value of a parenthesised arithmetic as text, or ``expr`` itself if it does not
    compute (BCDice ``Arithmetic.eval``)."""
    try:
        parser = ExprParser(expr)
        node = parser.add()
        parser.finish(node, dice=False)
        return str(node.const(True))
    except (_NoParse, _TooDeep, ZeroDivision, DiceError):
        return expr


def preprocess(raw: str) -> str:
    """Step 1 and 2 above: parenthesised arithmetic replaced, then upper-cased."""
    text = raw
    while True:
        replaced = _ARITHMETIC.sub(lambda m: _arithmetic(m.group(0)), text)
        if replaced == text:
            return text.upper()
        text = replaced


class SkillRoll:
    """``CC(n)<=x`` with a difficulty suffix: the 7th skill roll.

    Text: ``(1D100<=53) ボーナス・ペナルティダイス[1] ＞ 92, 52 ＞ 52 ＞ レギュラー成功``;
    without a target ``(1D100) ボーナス・ペナルティダイス[2] ＞ 20, 100, 50 ＞ 20``; bare
    ``CC`` (no dice, no target) ``(1D100) ＞ 19``. With a difficulty the target is reduced
    first (``CC<=53h`` → ``(1D100<=26)``) and the level reads 成功/失敗.
    """

    __slots__ = ("secret", "bonus", "skill", "target", "difficulty", "dice_count")

    def __init__(self, secret: bool, bonus: int, target: int | None,
                 difficulty: Difficulty | None) -> None:
        self.secret, self.bonus, self.difficulty, self.skill = secret, bonus, difficulty, target
        self.target = None if target is None else (
            difficulty.target(target) if difficulty else target)
        self.dice_count = 1 if bonus == 0 and target is None else abs(bonus) + 2

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll and judge."""
        if self.bonus == 0 and self.target is None:
            face = dice.roll(100)
            return DiceResult(f"(1D100){SEP}{face}", self.secret, face, rolls=((100, face),),
                              comment=comment, command=command)
        rolls: list[tuple[int, int]] = []
        recording = Recording(dice, rolls)
        if self.target is None:
            total, candidates = roll_with_bonus(recording, self.bonus)
            text = SEP.join([f"(1D100) ボーナス・ペナルティダイス[{self.bonus}]",
                             ", ".join(map(str, candidates)), str(total)])
            return DiceResult(text, self.secret, total, rolls=tuple(rolls), comment=comment,
                              command=command)
        check = roll_skill(self.skill, recording, self.bonus, self.difficulty)
        level, ok = check.level, check.succeeded
        return DiceResult(check.text(), self.secret, check.roll, ok, not ok,
                          level is Level7.CRITICAL, level is Level7.FUMBLE, tuple(rolls),
                          comment, command, level)


class Combination7:
    """``CBR(x,y)``: one 1D100 read against two skills.

    Text ``(1d100<=70,30) ＞ 50[レギュラー成功,失敗] ＞ 部分的成功``. Flags as BCDice: success
    only when both succeed, failure only when both fail (a partial success has neither).
    """

    __slots__ = ("secret", "targets", "dice_count")

    def __init__(self, secret: bool, first: int, second: int) -> None:
        self.secret, self.targets = secret, (first, second)
        self.dice_count = 1

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll 1D100 and judge it against both targets."""
        roll = dice.roll(100)
        first, second = (judge(roll, t) for t in self.targets)
        wins = first.succeeded + second.succeeded
        rank = "成功" if wins == 2 else "部分的成功" if wins else "失敗"
        a, b = self.targets
        text = f"(1d100<={a},{b}){SEP}{roll}[{first.value},{second.value}]{SEP}{rank}"
        return DiceResult(text, self.secret, roll, wins == 2, wins == 0, rolls=((100, roll),),
                          comment=comment, command=command)


#: Table command → (title, entries, sides, BCDice's time die suffix or None).
TABLES = {
    "BMR": ("狂気の発作（リアルタイム）", tables.BOUTS_REAL_TIME, 10, "ラウンド"),
    "BMS": ("狂気の発作（サマリー）", tables.BOUTS_SUMMARY, 10, "時間"),
    "FCL": ("キャスティング・ロール失敗(小)表", tables.CASTING_MINOR, 8, None),
    "FCM": ("キャスティング・ロール失敗(大)表", tables.CASTING_MAJOR, 8, None),
    "PH": ("恐怖症表", tables.PHOBIAS, 100, None),
    "MA": ("マニア表", tables.MANIAS, 100, None),
}


class Table7:
    """A 7th table roll: ``恐怖症表(36) ＞ ピン恐怖症：針やピンが怖い。``; the bouts of madness
    add their duration ``(1D10＞3ラウンド)``."""

    __slots__ = ("secret", "name", "dice_count")

    def __init__(self, secret: bool, name: str) -> None:
        self.secret, self.name = secret, name
        self.dice_count = 2 if TABLES[name][3] else 1

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll the table (and the duration)."""
        title, entries, sides, unit = TABLES[self.name]
        face = dice.roll(sides)
        rolls = [(sides, face)]
        text = f"{title}({face}){SEP}{entries[face - 1]}"
        if unit:
            time = dice.roll(10)
            rolls.append((10, time))
            text += f"(1D10＞{time}{unit})"
        return DiceResult(text, self.secret, face, rolls=tuple(rolls), comment=comment,
                          command=command)


def _skill_roll(secret: bool, body: str) -> SkillRoll | None:
    m = _CC.fullmatch(body)
    if m is None:
        return None
    bonus = int(m.group(1) or 0)
    target = int(m.group(2)) if m.group(2) else None
    difficulty = Difficulty(m.group(3)) if m.group(3) else None
    if target == 0:  # BCDice reads a target of 0 as none, before the difficulty: CC<=0h is CC<=0
        target, difficulty = None, None
    if bonus == 0 and target is None:
        return SkillRoll(secret, 0, None, None)
    if abs(bonus) > MAX_BONUS:
        raise DiceMessage(BONUS_RANGE_MESSAGE)
    # CC1<=0h: BCDice's own code then judges against no target and fails with an internal
    # error; the roll is made as CC1<=0 (no target, no judgement), as its reading of 0 implies.
    return SkillRoll(secret, bonus, target, difficulty)


def cthulhu7th_command(secret: bool, body: str, raw: str):
    """The 7th game command of the command ``raw`` as typed (``secret``/``body`` are the
    6th-style split, unused: 7th reads its own after preprocessing), or None.

    Raises:
        DiceError: a 7th command BCDice answers with a message and no roll (the message is
            BCDice's text), or one over a limit.
    """
    text = preprocess(raw)
    m = _PREFIX.match(text)
    if m is None:
        return None
    secret = m.group(1) is not None
    body = text[1:] if secret else text
    if body.startswith("CC"):
        return _skill_roll(secret, body)
    if body.startswith("CBR"):
        m = _CBR.fullmatch(body)
        return Combination7(secret, int(m.group(1)), int(m.group(2))) if m else None
    if body.startswith("FAR"):
        spec = parse_full_auto(body)
        return None if spec is None else FullAuto(secret, spec)
    if body in TABLES:
        return Table7(secret, body)
    return None


def check_of(result: DiceResult) -> Check7 | None:
    """The 7th skill check a single roll's ``result`` holds (its command read again for the
    value, difficulty and bonus dice; its d10s, tens then units, for the candidates), or None
    when it is no ``CC`` roll against a target (a palette line ``CC<=70 【目星】``, issue 30)."""
    try:
        roll = cthulhu7th_command(False, "", result.command or "")
    except DiceError:
        return None
    faces = [face for sides, face in result.rolls if sides == 10]
    if not isinstance(roll, SkillRoll) or roll.target is None or len(faces) < 2 or result.total is None \
            or not isinstance(result.level, Level7):
        return None
    ones = faces[-1] % 10
    candidates = tuple((tens % 10) * 10 + ones or 100 for tens in faces[:-1])
    return Check7(roll.skill, roll.target, roll.bonus, roll.difficulty, result.total, candidates, result.level)


__all__ = ["Combination7", "SkillRoll", "TABLES", "Table7", "check_of", "cthulhu7th_command", "preprocess"]
