"""A session's dice statistics per character (issue 19): its rolls, successes, criticals,
fumbles, mean 1D100 and its SAN and HP change, counted from the session's records
(bot.sheets.session_notes) and the battle steps they point to.

What the channel saw is counted, nothing else (the summary is posted in the channel):
secret rolls and the units the KP keeps hidden are left out. A battle step taken back by
the KP (``/kp undo``) counts no more. A roll counts once whatever it rolled (``x3`` three
times); a check's level is read from what BCDice printed: 決定的成功 (with or without
スペシャル) is a critical and a success, スペシャル and 成功 are successes, 致命的失敗 a fumble;
a 7th-edition roll's クリティカル is a critical, ハード成功 … a success, ファンブル a fumble.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from bot.store.sessions import SessionRecord
from rules.battle.events import UnitJoined
from rules.battle.steps import Step
from rules.coc6.character import Character
from rules.coc6.check import SuccessLevel
from rules.coc7.check import Level7
from rules.systems.coc6 import events as ce

SUCCESSES = frozenset({level.value for level in SuccessLevel if level.succeeded} | {"決定的成功"}
                      | {level.value for level in Level7 if level.succeeded})
"""The words of a success as BCDice prints them, both editions (決定的成功 alone: a critical
above the special band, rules.coc6.check.level_word)."""
CRITICALS = frozenset({SuccessLevel.CRITICAL.value, "決定的成功", Level7.CRITICAL.value})
FUMBLES = frozenset({SuccessLevel.FUMBLE.value, Level7.FUMBLE.value})
SEVENTH = frozenset(level.value for level in Level7) - {Level7.SUCCESS.value, Level7.FAILURE.value}
"""The words only a 7th-edition roll prints (クリティカル, ハード成功 …): a character who rolled
one is counted in the 7th edition's words (bot.render.session.tally_line)."""

BATTLE_SAN_MARK = "san_lost"
"""The unit mark a battle keeps the SAN it lost under (B-CALL-VITAL-05, coc6_budo)."""


@dataclass
class Tally:
    """One character's numbers: ``rolls`` (every roll), ``successes`` (criticals included),
    ``criticals``, ``fumbles``, ``faces`` (its 1D100 faces: checks and bare 1D100), ``san`` and ``hp``
    as ``[first known, last]`` (None when unknown or unchanged in the session); ``seventh``: it
    rolled 7th-edition checks (its line says クリティカル and ファンブル)."""

    name: str
    rolls: int = 0
    successes: int = 0
    criticals: int = 0
    fumbles: int = 0
    faces: list[int] = field(default_factory=list)
    san: list[int] | None = None
    hp: list[int] | None = None
    seventh: bool = False

    @property
    def mean(self) -> float | None:
        """The mean of its 1D100 faces, or None without one."""
        return sum(self.faces) / len(self.faces) if self.faces else None

    def checked(self, face: int | None, level: str) -> None:
        """Count one check of ``level`` (a SuccessLevel value) with its 1D100 ``face``."""
        self.rolls += 1
        self.judged(face, level)

    def judged(self, face: int | None, level: str) -> None:
        """Count the level (the word BCDice printed, either edition: :data:`SUCCESSES`,
        :data:`CRITICALS`, :data:`FUMBLES`) and face of a check already counted as a roll."""
        self.successes += level in SUCCESSES
        self.criticals += level in CRITICALS
        self.fumbles += level in FUMBLES
        self.seventh = self.seventh or level in SEVENTH
        if face is not None:
            self.faces.append(face)

    def san_went(self, before: int, after: int) -> None:
        """SAN went from ``before`` to ``after``."""
        self.san = [before if self.san is None else self.san[0], after]

    def hp_went(self, before: int, after: int) -> None:
        """HP went from ``before`` to ``after``."""
        self.hp = [before if self.hp is None else self.hp[0], after]


def tallies(records: list[SessionRecord], battles: dict[int, list[Step]]) -> list[Tally]:
    """The numbers of each character, in the order they first rolled: the records'
    rolls, checks and SAN checks (under their character, or the speaker's name when they
    rolled for none: the KP), and the events of the battle steps they point to
    (``battles``: ``{battle id: its steps}``), under the unit that rolled."""
    found: dict[str, Tally] = {}

    def of(name: str) -> Tally:
        return found.setdefault(name, Tally(name))

    seen_steps: set[tuple[int, int]] = set()
    for record in records:
        if record.secret:
            continue
        name = record.character or record.speaker
        payload = record.payload
        if record.kind == "roll":
            tally = of(name)
            tally.rolls += int(payload.get("rolls", 1))
            for level in payload.get("levels", ()):
                tally.judged(None, level)
            tally.faces.extend(int(face) for face in payload.get("d100", ()))
        elif record.kind in ("check", "san"):
            of(name).checked(payload.get("roll"), payload["level"])
            if record.kind == "san":
                of(name).san_went(int(payload["before"]), int(payload["after"]))
        elif record.kind == "sheet" and payload.get("key") in ("SAN", "HP"):  # a status line, a palette roll's loss
            went = of(name).san_went if payload["key"] == "SAN" else of(name).hp_went
            went(int(payload["before"]), int(payload["after"]))
        elif record.kind == "step":
            key = (int(payload["battle"]), int(payload["step"]))
            steps = battles.get(key[0])
            if key not in seen_steps and steps:
                seen_steps.add(key)
                _battle_step(steps, key[1], of)
    return list(found.values())


def _battle_step(steps: list[Step], number: int, of) -> None:
    """Count the events of step ``number`` (when it still counts) for their units."""
    step = next((s for s in steps if s.number == number), None)
    if step is None or not step.active:
        return
    hidden = {e.unit for s in steps for e in s.events if isinstance(e, UnitJoined) and e.hidden}
    for e in step.events:
        unit = getattr(e, "unit", None)
        if isinstance(e, ce.CheckRolled) and unit not in hidden:
            of(unit).checked(e.roll, e.level)
        elif isinstance(e, ce.DamageRolled) and e.attacker and e.attacker not in hidden:
            of(e.attacker).rolls += 1
        elif isinstance(e, ce.HpChanged) and unit not in hidden:
            of(unit).hp_went(e.before, e.after)
        elif isinstance(e, ce.UnitMarked) and e.key == BATTLE_SAN_MARK and unit not in hidden:
            _battle_san(steps, step, e, of(unit))


def _battle_san(steps: list[Step], step: Step, mark: ce.UnitMarked, tally: Tally) -> None:
    """A battle's SAN loss (its mark counts the battle's loss so far): SAN from what the
    tally knew, else from the sheet the unit joined with, down by this loss."""
    earlier = 0
    for s in steps:
        if s is step:
            break
        for e in s.events:
            if s.active and isinstance(e, ce.UnitMarked) and e.unit == mark.unit and e.key == BATTLE_SAN_MARK:
                earlier = int(e.value or 0)
    lost = int(mark.value or 0) - earlier
    if tally.san is not None:
        start = tally.san[1]
    else:
        sheet = next((e.sheet for s in steps for e in s.events if isinstance(e, UnitJoined) and e.unit == mark.unit), None)
        start = Character.from_dict(sheet).san if sheet else 0
    tally.san_went(start, start - lost)
