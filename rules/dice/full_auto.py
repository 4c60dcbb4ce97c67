"""``FAR(w,x,y,z,d,v)``: 7th-edition full-automatic fire as BCDice's ``Cthulhu7th`` rolls it.

w bullets loaded (1–100; more is cut to 100 with a note), x the skill %, y the malfunction
number (a negative one loses its sign with a note), z bonus/penalty dice (−2..2, default 0),
d stop once the given difficulty is reached (``r``/``h``/``e``), v bullets per volley
(default ⌊x/10⌋; 3 at least, ⌊x/10⌋ at most, exactly 3 below skill 40).

The volleys (rulebook p.112–113, as BCDice reads it): each volley is a check with the current
dice; after each, one more penalty die, down to two. Then the difficulty rises (ハード,
イクストリーム, クリティカル) with two penalty dice, one volley each; at a raised difficulty
96–100 always fumbles. A roll at or above the malfunction number jams and ends the fire.
A success hits ⌊v/2⌋ bullets (1 below skill 30); an extreme success or critical impales
⌊v/2⌋ and hits ⌈v/2⌉ (at クリティカル difficulty a critical only hits); the last bullets
(fewer than a volley) hit or impale half of what is left (1 if one is left).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules.coc7.check import Level7, judge, roll_with_bonus
from rules.dice.core import Dice, DiceMessage, Recording
from rules.dice.result import DiceResult

_FAR = re.compile(r"FAR\((-?\d+),(-?\d+),(-?\d+)(?:,(-?\d+)?)?(?:,(-?\w+)?)?(?:,(-?\d+)?)?\)",
                  re.IGNORECASE | re.ASCII)
BONUS_MIN, BONUS_MAX = -2, 2
MAX_BULLETS = 100
#: A stop letter → the raised difficulty (0 regular … 2 extreme) after which the fire ends.
STOP_AFTER = {"r": 0, "h": 1, "e": 2}
_RAISED = ("", "\n【難易度がハードに変更】", "\n【難易度がイクストリームに変更】",
           "\n【難易度がクリティカルに変更】")
#: Per raised difficulty: the levels that hit, and the levels that impale.
_HITS = ({Level7.HARD, Level7.REGULAR}, {Level7.HARD}, set(), {Level7.CRITICAL})
_IMPALES = ({Level7.CRITICAL, Level7.EXTREME},) * 3 + (set(),)


@dataclass(frozen=True)
class FullAutoSpec:
    """A checked ``FAR`` command: ``notes`` are BCDice's corrections printed first."""

    bullets: int
    skill: int
    malfunction: int
    bonus: int
    stop: str
    volley_cap: int
    notes: tuple[str, ...]


def parse_full_auto(body: str) -> FullAutoSpec | None:
    """Read an upper-case ``FAR(…)`` body; None if it is not one.

    Raises:
        DiceError: BCDice's refusal, with its text (``弾薬は正の数です。`` …).
    """
    m = _FAR.fullmatch(body)
    if m is None:
        return None
    bullets, skill, broken = int(m.group(1)), int(m.group(2)), int(m.group(3))
    bonus = int(m.group(4) or 0)
    stop = (m.group(5) or "").lower()
    given = m.group(6) is not None
    cap = int(m.group(6)) if given else skill // 10
    notes: list[str] = []
    if bullets > MAX_BULLETS:
        notes.append(f"弾薬が多すぎます。装填された弾薬を{MAX_BULLETS}発に変更します。")
        bullets = MAX_BULLETS
    if given and cap > skill // 10 and skill > 39:
        cap = skill // 10
        notes.append("ボレーの弾丸の数の上限は[技能値÷10（切り捨て）]発なので、それより高い数を"
                     f"指定できません。ボレーの弾丸の数を{cap}発に変更します。")
    elif given and skill <= 39 and cap > 3:
        cap = 3
        notes.append("技能値が39以下ではボレーの弾丸の数の上限および下限は3発です。"
                     "ボレーの弾丸の数を3発に変更します。")
    if given and cap <= 0:
        raise DiceMessage("ボレーの弾丸の数は正の数です。")
    if given and cap < 3:
        cap = 3
        notes.append("ボレーの弾丸の数の下限は3発です。ボレーの弾丸の数を3発に変更します。")
    if bullets <= 0:
        raise DiceMessage("弾薬は正の数です。")
    if skill <= 0:
        raise DiceMessage("目標値は正の数です。")
    if broken < 0:
        notes.append("故障ナンバーは正の数です。マイナス記号を外します。")
        broken = -broken
    if not BONUS_MIN <= bonus <= BONUS_MAX:
        raise DiceMessage(f"エラー。ボーナス・ペナルティダイスの値は{BONUS_MIN}～{BONUS_MAX}です。")
    return FullAutoSpec(bullets, skill, broken, bonus, stop, cap, tuple(notes))


def _volley(skill: int, cap: int) -> int:
    size = min(skill // 10, cap)
    return 3 if 1 <= skill < 30 else size


def _bullets(left: int, kind: str, skill: int, cap: int) -> tuple[int, int, int]:
    """``(hit, impaled, spent)`` of one volley with ``left`` bullets; ``kind`` is
    ``hit``, ``impale`` or '' (a miss)."""
    volley = _volley(skill, cap)
    if left - volley >= 0:
        if kind == "hit":
            return (1 if 1 <= skill < 30 else volley // 2), 0, volley
        if kind == "impale":
            return -(-volley // 2), volley // 2, volley
        return 0, 0, volley
    last = 1 if left == 1 else left // 2
    if kind == "hit":
        return last, 0, left
    if kind == "impale":
        return left - last, last, left
    return 0, 0, left


class FullAuto:
    """A ``FAR`` command node; the text is BCDice's, line by line (no success flags)."""

    __slots__ = ("secret", "spec", "dice_count")

    def __init__(self, secret: bool, spec: FullAutoSpec) -> None:
        self.secret, self.spec = secret, spec
        first = sum(abs(n) + 2 for n in range(spec.bonus, BONUS_MIN - 1, -1))
        self.dice_count = first + 3 * (abs(BONUS_MIN) + 2)

    def run(self, dice: Dice, command: str = "", comment: str = "") -> DiceResult:
        """Fire until the bullets run out, a jam, or the stop difficulty."""
        spec = self.spec
        rolls: list[tuple[int, int]] = []

        noting = Recording(dice, rolls)
        out = "".join(note + "\n" for note in spec.notes) + f"ボーナス・ペナルティダイス[{spec.bonus}]"
        hit = impaled = count = 0
        left, n = spec.bullets, spec.bonus
        for raised in range(4):
            out += _RAISED[raised]
            while n >= BONUS_MIN:
                count += 1
                total, candidates = roll_with_bonus(noting, n)
                level = judge(total, spec.skill, raised >= 1)
                out += f"\n{count}回目: ＞ {', '.join(map(str, candidates))} ＞ {level.value}"
                if total >= spec.malfunction:
                    out += "\u3000ジャム"
                    return self._result(out, hit, impaled, left, rolls, command, comment)
                kind = ("hit" if level in _HITS[raised] else
                        "impale" if level in _IMPALES[raised] else "")
                h, i, spent = _bullets(left, kind, spec.skill, spec.volley_cap)
                out += f"\u3000（{h}発が命中、{i}発が貫通）"
                hit, impaled, left = hit + h, impaled + i, left - spent
                if left <= 0:
                    return self._result(out, hit, impaled, left, rolls, command, comment)
                n -= 1
            stop = STOP_AFTER.get(spec.stop)
            if stop is not None and raised >= stop:
                out += "\n【指定の難易度となったので、処理を終了します。】"
                break
            n += 1
        return self._result(out, hit, impaled, left, rolls, command, comment)

    def _result(self, out: str, hit: int, impaled: int, left: int, rolls: list,
                command: str, comment: str) -> DiceResult:
        text = f"{out}\n＞ {hit}発が通常命中、{impaled}発が貫通、残弾{left}発"
        return DiceResult(text, self.secret, rolls=tuple(rolls), comment=comment, command=command)


__all__ = ["FullAuto", "FullAutoSpec", "parse_full_auto"]
