"""The Cthulhu (CoC 6th edition) commands of BCDice: CC/CCB, CBR/CBRB, RES/RESB.

Bands come from ``rules.coc6.check`` (``CC``: critical 01, fumble 100; ``CCB``: critical
01–05, fumble 96–100) and levels from its ``judge``. One BCDice text rule sits on top:
a critical roll above the special band reads ``決定的成功`` (not ``決定的成功/スペシャル``).
Whatever the target, 100 fails and is a fumble (X-ROLL-04, BCDice ``compare``:
``CC<=120`` rolling 100 is ``致命的失敗``).
"""
from __future__ import annotations

from rules.coc6.check import CC, CCB, Bands, SuccessLevel, judge, level_word, resistance_target
from rules.dice.core import Dice
from rules.dice.format import SEP
from rules.dice.result import DiceResult, with_comment

_CRITICAL = SuccessLevel.CRITICAL
_FUMBLE = SuccessLevel.FUMBLE
_FAILURE = SuccessLevel.FAILURE
_BROKEN = "故障"


def bands_for(five_percent: bool) -> Bands:
    """``CCB`` bands for the ``B`` commands (CCB, RESB, CBRB), else ``CC`` bands."""
    return CCB if five_percent else CC


def read(roll: int, target: int, bands: Bands) -> tuple[SuccessLevel, str]:
    """The level of a 1D100 ``roll`` against ``target`` and BCDice's word for it."""
    level = judge(roll, target, bands)
    if level is _CRITICAL:
        return level, level_word(level, roll, target)
    return level, level.value


class Check:
    """``CC``/``CCB`` with an optional 故障ナンバー ``(n)`` and target ``<=x``.

    Text: ``(1D100<=50) ＞ 10 ＞ スペシャル``; with 故障ナンバー
    ``(1D100<=98) 故障ナンバー[94] ＞ 97 ＞ 故障`` (a roll ≥ n is 故障, a failure; with a
    fumble ``致命的失敗/故障``). Without a positive target: ``(1D100) ＞ 42``, no flags, as
    BCDice; ``typed`` keeps the target as written (``CCB<=-5`` → -5; None without one), for
    a caller that refuses what BCDice would roll without a target.
    """

    __slots__ = ("secret", "bands", "broken", "target", "typed", "prefix", "dice_count", "_memo")

    def __init__(self, secret: bool, five_percent: bool, broken: int, target: int | None) -> None:
        self.secret, self.bands, self.broken = secret, bands_for(five_percent), broken
        self.typed = target
        self.target = target if target is not None and target > 0 else None
        if self.target is None:
            self.prefix = "(1D100)" + SEP
        else:
            self.prefix = f"(1D100<={self.target})"
            if broken > 0:
                self.prefix += f" 故障ナンバー[{broken}]"
            self.prefix += SEP
        self.dice_count = 1
        self._memo: dict = {}

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll 1D100 and judge it (results are memoised per face and command)."""
        roll = dice.roll(100)
        hit = self._memo.get(roll)
        if hit is None or hit.command != command:
            hit = self._judge(roll, command)
            if 1 <= roll <= 100:
                self._memo[roll] = hit
        return with_comment(hit, comment) if comment else hit

    def _judge(self, roll: int, command: str) -> DiceResult:
        target = self.target
        if target is None:
            return DiceResult(self.prefix + str(roll), self.secret, roll, rolls=((100, roll),),
                              command=command)
        level, word = read(roll, target, self.bands)
        success = level.succeeded
        critical = level is _CRITICAL
        fumble = level is _FUMBLE
        if 0 < self.broken <= roll:
            success, critical = False, False
            word = f"{word}/{_BROKEN}" if fumble else _BROKEN
            if not fumble:
                level = _FAILURE
        return DiceResult(f"{self.prefix}{roll}{SEP}{word}", self.secret, roll, success,
                          not success, critical, fumble, ((100, roll),), "", command, level)


class Resist:
    """``RES(a-p)``/``RESB(a-p)``: the resistance roll at 50 + 5 × (a − p) %.

    Below 5 ``(1d100<=-45) ＞ 自動失敗`` and above 95 ``(1d100<=145) ＞ 自動成功``, with no die
    rolled; otherwise ``(1d100<=60) ＞ 12 ＞ スペシャル``.
    """

    __slots__ = ("secret", "bands", "target", "prefix", "dice_count")

    def __init__(self, secret: bool, five_percent: bool, difference: int) -> None:
        self.secret, self.bands = secret, bands_for(five_percent)
        self.target = resistance_target(difference, 0)
        self.prefix = f"(1d100<={self.target})" + SEP
        self.dice_count = 0 if self.target < 5 or self.target > 95 else 1

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll (unless automatic) and judge."""
        target = self.target
        if target < 5:
            return DiceResult(self.prefix + "自動失敗", self.secret, None, False, True,
                              comment=comment, command=command, level=_FAILURE)
        if target > 95:
            return DiceResult(self.prefix + "自動成功", self.secret, None, True, False,
                              comment=comment, command=command, level=SuccessLevel.SUCCESS)
        roll = dice.roll(100)
        level, word = read(roll, target, self.bands)
        success = level.succeeded
        return DiceResult(f"{self.prefix}{roll}{SEP}{word}", self.secret, roll, success,
                          not success, level is _CRITICAL, level is _FUMBLE, ((100, roll),),
                          comment, command, level)


class Combination:
    """``CBR(x,y)``/``CBRB(x,y)``: one 1D100 against two skills.

    Text: ``(1d100<=70,30) ＞ 31[成功,失敗] ＞ 部分的成功``. Flags as BCDice: success when at
    least one part succeeds, failure when none does, critical/fumble when any part is one.
    """

    __slots__ = ("secret", "bands", "targets", "prefix", "dice_count")

    def __init__(self, secret: bool, five_percent: bool, first: int, second: int) -> None:
        self.secret, self.bands, self.targets = secret, bands_for(five_percent), (first, second)
        self.prefix = f"(1d100<={first},{second})" + SEP
        self.dice_count = 1

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Roll 1D100 and judge it against both targets."""
        roll = dice.roll(100)
        levels = [read(roll, t, self.bands) for t in self.targets]
        wins = sum(1 for level, _ in levels if level.succeeded)
        rank = "成功" if wins == 2 else "部分的成功" if wins else "失敗"
        words = ",".join(word for _, word in levels)
        return DiceResult(f"{self.prefix}{roll}[{words}]{SEP}{rank}", self.secret, roll,
                          wins > 0, wins == 0, any(lv is _CRITICAL for lv, _ in levels),
                          any(lv is _FUMBLE for lv, _ in levels), ((100, roll),), comment, command)
