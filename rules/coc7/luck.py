"""Spending Luck (幸運の消費, 新クトゥルフ神話TRPG p.99, an optional rule the KP turns on):
after a failed skill roll the player may spend Luck points, one per point the roll missed
by, to make it a success. In our words (docs/coc7.md):

* 7-LUCK-01 only when the KP turned the optional rule on (``/kp setting 幸運消費 on``);
* 7-LUCK-02 it spends exactly the shortfall, roll − target (the target of the stated
  difficulty when there is one), and the roll becomes レギュラー成功 (成功 with a difficulty);
* 7-LUCK-03 never a fumble; 7-LUCK-04 never a Luck or SAN roll; 7-LUCK-05 never a pushed
  roll (push or Luck, one or the other);
* 7-LUCK-06 a roll made a success with Luck ticks no growth;
* 7-LUCK-07 with less Luck than the shortfall nothing is spent (never part of it);
* 7-LUCK-08 (our choice) not on an opposed roll: who won is told when it is rolled.
"""
from __future__ import annotations

from dataclasses import replace

from rules.coc7.check import Check7, Level7
from rules.coc7.rolled import OPPOSED, Rolled7, is_luck, is_sanity
from rules.errors import RuleViolation


def luck_needed(check: Check7) -> int | None:
    """Luck points that turn ``check`` into a success (roll − target), or None when it
    cannot be turned (a success already, a fumble, or a target of 0)."""
    if check.succeeded or check.level is Level7.FUMBLE or check.target <= 0:
        return None
    return check.roll - check.target


def spend_luck(check: Check7, luck: int) -> tuple[Check7, int] | None:
    """``(the check made a success, Luck left)`` when ``luck`` covers :func:`luck_needed`,
    else None. The level becomes 成功 with a stated difficulty, else レギュラー成功."""
    needed = luck_needed(check)
    if needed is None or needed > luck:
        return None
    level = Level7.SUCCESS if check.difficulty is not None else Level7.REGULAR
    return replace(check, roll=check.target, level=level), luck - needed


def _refuse(clause: str, message: str) -> None:
    raise RuleViolation(clause, message, allowable=False)


def check_luck(rolled: Rolled7, luck: int) -> int:
    """The Luck points ``rolled`` needs to succeed (7-LUCK-02) when the investigator, with
    ``luck`` points, may spend them on it; raises RuleViolation naming the clause when not
    (7-LUCK-03/04/05/07/08: a success, a fumble, a Luck or SAN roll, a pushed or opposed
    roll, too little Luck; 7-LUCK-01 is the caller's: the channel's setting)."""
    name = f"〈{rolled.skill}〉"
    if is_luck(rolled.skill):
        _refuse("7-LUCK-04", "幸運ロールに幸運は使えません。")
    if is_sanity(rolled.skill):
        _refuse("7-LUCK-04", "正気度ロールに幸運は使えません。")
    if rolled.kind == OPPOSED:
        _refuse("7-LUCK-08", f"対抗ロール（{name}）には幸運を使えません（勝ち負けは振ったときに決まります）。")
    if rolled.pushed:
        _refuse("7-LUCK-05", f"{name}はプッシュした判定です。プッシュした判定には幸運を使えません。")
    if rolled.luck:
        _refuse("7-LUCK-02", f"{name}にはもう幸運を{rolled.luck}使って成功にしています。")
    check = rolled.check
    if check.succeeded:
        _refuse("7-LUCK-02", f"{name}は成功しています（幸運は失敗した判定に使います）。")
    if check.level is Level7.FUMBLE:
        _refuse("7-LUCK-03", f"{name}はファンブルです。ファンブルは幸運で覆せません。")
    needed = luck_needed(check)
    if needed is None:  # a target of 0: only 01 succeeds, whatever is spent
        _refuse("7-LUCK-02", f"{name}の目標値は0なので、幸運を使っても成功になりません。")
    if needed > luck:
        _refuse("7-LUCK-07", f"幸運が足りません（出目 {check.roll} − 目標値 {check.target} ＝ 必要 {needed}、"
                             f"幸運 {luck}）。幸運は使いませんでした。")
    return needed


def lucky(rolled: Rolled7, luck: int) -> tuple[Rolled7, int]:
    """``(the roll made a success, Luck left)``: :func:`check_luck`'s points spent on it
    (7-LUCK-02); raises RuleViolation as :func:`check_luck` does."""
    needed = check_luck(rolled, luck)
    turned, left = spend_luck(rolled.check, luck)
    return replace(rolled, check=turned, luck=needed), left


__all__ = ["check_luck", "luck_needed", "lucky", "spend_luck"]
