"""``/kp override``: replace the latest roll's outcome or value (H-GEN-01).

The step that holds the roll and every step after it are reverted and their commands are
decided again with :class:`ReplayDice`: the recorded faces, with the overridden one
replaced, are reused in order where the new course of events still needs them, and new dice
are rolled only beyond them.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rules.battle.steps import Step, StepsReverted
from rules.coc6.check import Bands, SuccessLevel, judge
from rules.dice import Dice
from rules.errors import InvalidInput

LEVEL_WORDS = {
    "決定的成功": SuccessLevel.CRITICAL, "クリティカル": SuccessLevel.CRITICAL, "大成功": SuccessLevel.CRITICAL,
    "大失敗": SuccessLevel.FUMBLE,
    "スペシャル": SuccessLevel.SPECIAL, "成功": SuccessLevel.SUCCESS, "失敗": SuccessLevel.FAILURE,
    "致命的失敗": SuccessLevel.FUMBLE, "ファンブル": SuccessLevel.FUMBLE,
}
"""The outcome words ``result:`` accepts (X-ROLL-01..04)."""
CHECKS = ("CheckRolled", "Check7Rolled")
"""The class names of the check events an override replaces (the 6th edition's, the 7th's)."""


class ReplayDice:
    """Dice that return ``faces`` (``[[sides, face], …]``) in order while the sides asked
    match, then roll ``fallback``. ``used`` records every ``[sides, face]`` returned."""

    def __init__(self, faces: list, fallback: Dice) -> None:
        self._faces = [list(f) for f in faces]
        self._fallback = fallback
        self.used: list[list[int]] = []

    def roll(self, sides: int) -> int:
        """The next recorded face for a die of ``sides`` sides, else a new roll."""
        if self._faces and self._faces[0][0] == sides:
            face = self._faces.pop(0)[1]
        else:
            self._faces.clear()
            face = self._fallback.roll(sides)
        self.used.append([sides, face])
        return face


@dataclass(frozen=True)
class RollRef:
    """Where the latest roll is: the step, the index of its first die in ``step.dice``, the
    event (CheckRolled or DamageRolled) and how many dice it used."""

    step: Step
    index: int
    event: object
    count: int


def parse_result(text: str) -> SuccessLevel | int:
    """``result:`` as an outcome level or a number; raises InvalidInput."""
    word = unicodedata.normalize("NFKC", text or "").strip()
    if word in LEVEL_WORDS:
        return LEVEL_WORDS[word]
    if word.lstrip("-").isdigit():
        return int(word)
    raise InvalidInput("result: には 成功、失敗、スペシャル、決定的成功（大成功・クリティカル）、致命的失敗（大失敗・ファンブル） か数値を指定してください。")


def _find(dice: list, wanted: list) -> int | None:
    for start in range(len(dice) - len(wanted), -1, -1):
        if [list(d) for d in dice[start:start + len(wanted)]] == wanted:
            return start
    return None


def latest_roll(steps: list[Step], checks_only: bool) -> RollRef:
    """The most recent roll of the active steps: a percentile check (``CheckRolled``, or the
    7th edition's ``Check7Rolled``), or with ``checks_only`` False also a damage roll
    (``DamageRolled``). Raises InvalidInput."""
    for step in reversed(steps):
        if not step.active or step.command is None:
            continue
        for e in reversed(step.events):
            name = type(e).__name__
            if name not in CHECKS and not (name == "DamageRolled" and not checks_only and e.rolls):
                continue
            wanted = _faces(e)
            index = _find(step.dice, wanted)
            if index is not None:
                return RollRef(step, index, e, len(wanted))
    raise InvalidInput("上書きできるロールがまだありません。")


def rolled_first(steps: list[Step], ref: RollRef) -> RollRef:
    """Where the die of ``ref`` was really rolled. An override replays the step that held the
    roll with a stand-in face (or the KP's value) in place of the die, so overriding the same
    roll again finds the stand-in: this follows each override back to the step it replaced,
    when the replayed dice first differ from that step's at this roll (the die it replaced).
    ``ref`` itself when no override replaced its die."""
    by_number = {s.number: s for s in steps}
    while True:
        head = by_number.get(ref.step.number - 1)
        if not ref.step.joined or head is None or (head.command or {}).get("type") != "Override":
            return ref
        replaced = next((e.steps for e in head.events if isinstance(e, StepsReverted) and e.reason == "override"), [])
        source = by_number.get(replaced[0]) if replaced else None
        if source is None or _first_difference(source.dice, ref.step.dice) not in range(ref.index, ref.index + ref.count):
            return ref
        wanted = [list(d) for d in source.dice[ref.index:ref.index + ref.count]]
        found = next((e for e in reversed(source.events) if type(e) is type(ref.event)
                      and e.unit == ref.event.unit and _faces(e) == wanted), None)
        if found is None:
            return ref
        ref = RollRef(source, ref.index, found, ref.count)


def _faces(e) -> list:
    """The ``[[sides, face], …]`` a CheckRolled (a 7th one's tens and units dice), or
    DamageRolled rolled."""
    if type(e).__name__ == "Check7Rolled":
        return [list(f) for f in e.faces]
    return [[100, e.roll]] if type(e).__name__ == "CheckRolled" else [list(r) for r in e.rolls]


def is_check(e) -> bool:
    """Whether ``e`` is a percentile check's event (either edition's)."""
    return type(e).__name__ in CHECKS


def _first_difference(old: list, new: list) -> int | None:
    """The index of the first die that differs between two steps' dice, or None."""
    for index, (a, b) in enumerate(zip(old, new)):
        if list(a) != list(b):
            return index
    return None if len(old) == len(new) else min(len(old), len(new))


def face_for(level: SuccessLevel, target: int, bands: Bands) -> int:
    """A 1D100 face that gives ``level`` against ``target``: for successes the highest such
    face, for failures the lowest (X-ROLL-01..04). Raises InvalidInput when none does."""
    faces = range(99, 0, -1) if level.succeeded else range(1, 101)
    for face in faces:
        if judge(face, target, bands) is level:
            return face
    raise InvalidInput(f"目標値{target}では「{level.label}」になる出目がありません。")


def damage_faces(rolls: list, total: int, wanted: int) -> list[list[int]]:
    """New faces for a damage roll ``rolls`` (``[[sides, face], …]``, total ``total``) that
    add up to ``wanted`` instead, each die kept within 1..sides. Raises InvalidInput."""
    faces = [list(r) for r in rolls]
    delta = wanted - total
    for die in faces:
        step = max(1 - die[1], min(die[0] - die[1], delta))
        die[1] += step
        delta -= step
    if delta:
        raise InvalidInput(f"このダメージロールの出目では{wanted}にできません。")
    return faces
