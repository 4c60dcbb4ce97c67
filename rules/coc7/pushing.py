"""Pushing a roll (プッシュ・ロール, 新クトゥルフ神話TRPG p.84–86), in our words (docs/coc7.md):

* 7-PUSH-01 only a failed roll is pushed, and only the investigator's latest one;
* 7-PUSH-02 once: a pushed roll is not pushed again;
* 7-PUSH-03 never a SAN roll, a Luck roll or a combat roll (近接戦闘, 射撃, 回避, 投擲; a
  roll in a battle);
* 7-PUSH-04 never a fumble;
* 7-PUSH-05 never an opposed roll;
* 7-PUSH-06 the KP states what a failure brings before the pushed roll is made, which is
  rolled as the first was (the same skill, difficulty and bonus or penalty dice);
* 7-PUSH-08 a roll Luck was spent on is not pushed (one or the other).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.coc7.check import Level7, roll_skill
from rules.coc7.rolled import OPPOSED, Rolled7, is_combat, is_luck, is_sanity
from rules.errors import RuleViolation

if TYPE_CHECKING:  # only a type (rules.dice imports rules.coc7.check)
    from rules.dice.core import Dice

IN_BATTLE = "戦闘の中の判定（攻撃・回避・応戦、戦闘中の技能の判定）はプッシュできません"
"""Why a player with a unit in a 7th battle pushes nothing there (7-PUSH-03): the chat
「プッシュ」 in a battle (bot.sheets.push7) and a declaration said with a push
(「プッシュして回避」, rules.chat.spending) say it in these words."""


def _refuse(clause: str, message: str) -> None:
    """A refusal outside a battle: named by its clause; ``/kp allow`` lifts battle refusals only."""
    raise RuleViolation(clause, message, allowable=False)


def check_push(rolled: Rolled7) -> None:
    """Return when ``rolled`` may be pushed; raise RuleViolation naming the clause when not
    (see the module text), most telling reason first."""
    name = f"〈{rolled.skill}〉"
    if rolled.kind == OPPOSED:
        _refuse("7-PUSH-05", f"対抗ロール（{name}）はプッシュできません。")
    if is_sanity(rolled.skill):
        _refuse("7-PUSH-03", "正気度ロールはプッシュできません。")
    if is_luck(rolled.skill):
        _refuse("7-PUSH-03", "幸運ロールはプッシュできません。")
    if is_combat(rolled.skill):
        _refuse("7-PUSH-03", f"{name}は戦闘の技能なのでプッシュできません。")
    if rolled.pushed:
        _refuse("7-PUSH-02", f"{name}はプッシュした判定です。プッシュできるのは1回だけです。")
    if rolled.luck:
        _refuse("7-PUSH-08", f"{name}には幸運を使いました。幸運を使った判定はプッシュできません。")
    if rolled.check.succeeded:
        _refuse("7-PUSH-01", f"{name}は成功しています。プッシュできるのは失敗した判定だけです。")
    if rolled.check.level is Level7.FUMBLE:
        _refuse("7-PUSH-04", f"{name}はファンブルです。ファンブルはプッシュできません（ファンブルの結果が起こります）。")


def pushed(rolled: Rolled7, dice: Dice) -> Rolled7:
    """The pushed roll of ``rolled`` (checked with :func:`check_push` first): the same skill
    value, difficulty and bonus or penalty dice, the tens dice then the units die (7-DICE-02);
    marked pushed (7-PUSH-02)."""
    first = rolled.check
    again = roll_skill(first.skill, dice, first.bonus, first.difficulty)
    return replace(rolled, check=again, pushed=True, luck=0)


__all__ = ["IN_BATTLE", "check_push", "pushed"]
