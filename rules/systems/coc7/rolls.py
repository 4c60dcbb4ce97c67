"""Rolling a 7th-edition check in battle: the bonus and penalty dice the situation gives,
each with its reason, netted and capped (7-DICE-01), rolled as BCDice rolls them (the tens
dice, then the units die: 7-DICE-02, rules.coc7.check) and recorded as a
:class:`~rules.systems.coc7.events.Check7Rolled`."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.decision import Decision
from rules.coc7.check import Check7, Difficulty, Level7, roll_skill
from rules.dice.core import Dice, Recording
from rules.systems.coc7.events import Check7Rolled
from rules.systems.coc7.state import Coc7State

MAX_DICE = 2
"""7-DICE-01: at most two bonus or two penalty dice count, after they cancel each other."""


@dataclass(frozen=True)
class Modifier:
    """One bonus (``dice`` > 0) or penalty (``dice`` < 0) die and why (Japanese), e.g.
    ``Modifier(1, "多勢に無勢")``, ``Modifier(-2, "ビルド差2")``."""

    dice: int
    reason: str


def net(modifiers: list[Modifier] | tuple[Modifier, ...]) -> int:
    """The bonus (> 0) or penalty (< 0) dice rolled: the modifiers' sum, within ±2 (7-DICE-01)."""
    total = sum(m.dice for m in modifiers)
    return max(-MAX_DICE, min(MAX_DICE, total))


def note(modifiers: list[Modifier] | tuple[Modifier, ...]) -> str:
    """``（ボーナス・ダイス1: 多勢に無勢／ペナルティ・ダイス1: 2発目）`` for the log, or ''."""
    shown = [f"{'ボーナス' if m.dice > 0 else 'ペナルティ'}・ダイス{abs(m.dice)}: {m.reason}" for m in modifiers if m.dice]
    if not shown:
        return ""
    total = sum(m.dice for m in modifiers)
    capped = f"、上限{MAX_DICE}個" if abs(total) > MAX_DICE else ""
    return f"（{'／'.join(shown)}{capped}）"


def roll_check(d: Decision[Coc7State], unit: str, purpose: str, value: int, dice: Dice,
               modifiers: list[Modifier] | tuple[Modifier, ...] = (), skill: str = "",
               attack: int | None = None, extra: str = "", difficulty: Difficulty | None = None) -> Check7:
    """Roll ``value`` % for ``unit`` with ``modifiers`` and emit the Check7Rolled.

    ``purpose`` names the roll in the log (攻撃（ナイフ）, 回避, CON …), ``skill`` is the skill
    ticked on a success (7-GROW-01), ``attack`` the attack it belongs to, ``extra`` a note
    after the modifiers' (遠距離 …), ``difficulty`` a stated difficulty (``/check
    difficulty:h``: the level then reads 成功/失敗). Returns the :class:`~rules.coc7.check.Check7`.
    """
    faces: list = []
    check = roll_skill(max(0, value), Recording(dice, faces), net(modifiers), difficulty)
    d.emit(Check7Rolled(unit=unit, purpose=purpose, target=check.target, roll=check.roll,
                        level=check.level.value, text=check.text(), attack=attack,
                        note=note(modifiers) + extra, faces=[list(f) for f in faces],
                        bonus=check.bonus, skill=skill))
    return check


def level_of(word: str) -> Level7:
    """The :class:`Level7` whose value is ``word`` (a recorded check's level)."""
    return Level7(word)
