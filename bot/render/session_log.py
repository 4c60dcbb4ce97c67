"""A session's log (issue 19): every record of the session as an entry of the battle log's
format (bot.render.log): a roll, check or SAN check under its character, in its
character's colour, at its time; a battle step as the battle log shows it, on the
battle's tab (``戦闘1``, ``戦闘2`` in the order the session met them).

The players' copy (``reveal`` False) shows a secret roll as its roller rolling 🔒 and
nothing of its command or result, and a battle's steps as the battle log's players' copy
(hidden units' numbers and names withheld); the KP's copy has everything, secret rolls
marked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.render import log as battle_log
from bot.render.session import clock_time
from bot.store.sessions import SessionRecord
from rules.battle.protocol import BattleView
from rules.battle.steps import Step


@dataclass(frozen=True)
class BattleSteps:
    """A battle as the session log reads it: ``title`` (its system), ``steps``, ``view``."""

    title: str
    steps: list[Step]
    view: BattleView | None


def session_entries(records: list[SessionRecord], battles: dict[int, BattleSteps], reveal: bool) -> list[battle_log.Entry]:
    """The log entries of ``records`` (``battles``: the battles their steps belong to)."""
    tabs: dict[int, str] = {}
    settings: dict[str, str] = {}  # the KP settings the log wrote last (:func:`once`)
    steps: dict[int, dict[int, battle_log.Entry]] = {}
    secret: dict[int, set[str]] = {}
    found = []
    for number, record in enumerate(records, 1):
        when = clock_time(record.created_at)
        name = record.character or record.speaker
        if record.kind != "step":
            found.append(_record_entry(number, record, name, when, reveal))
            continue
        battle_id, step = int(record.payload["battle"]), int(record.payload["step"])
        battle = battles.get(battle_id)
        if battle is None:
            continue
        if battle_id not in steps:
            tabs[battle_id] = f"戦闘{len(tabs) + 1}"
            steps[battle_id] = {e.number: e for e in battle_log.entries(battle.steps, battle.view, reveal)}
            secret[battle_id] = battle_log.secret_names([e for s in battle.steps for e in s.events])
        entry = steps[battle_id].get(step)
        if entry is None:
            continue
        shown = name if name and (reveal or name not in secret[battle_id]) else entry.by
        found.append(once(replace(entry, by=shown, time=when, tab=tabs[battle_id]), settings))
    return found


_SETTING_LINE = re.compile(r"^⚙ 設定「(?P<key>[^」]+)」を (?P<value>.*) にしました")
"""A KP setting's log line (bot.render.log.keeper_line): its option and value."""


def once(entry: battle_log.Entry, settings: dict[str, str]) -> battle_log.Entry:
    """``entry`` without the setting lines that say again what the session's log said last
    (each battle opens with the channel's settings, 「⚙ 設定「シークレット」を オフ にしました」:
    written once, issue 29); ``settings`` keeps each option's value last written. A step
    left with no line but its command is no KP ruling any more (``/battle new``)."""
    kept = []
    for line in entry.lines:
        match = _SETTING_LINE.match(line)
        if match is not None:
            if settings.get(match["key"]) == match["value"]:
                continue
            settings[match["key"]] = match["value"]
        kept.append(line)
    if len(kept) == len(entry.lines):
        return entry
    return replace(entry, lines=tuple(kept), keeper=entry.keeper and bool(kept))


def _record_entry(number: int, record: SessionRecord, name: str, when: str, reveal: bool) -> battle_log.Entry:
    """The entry of a roll, check or SAN check."""
    lines = record.text.split("\n")
    if record.kind == "roll":  # the line shown was 「speaker　comment」 then the result
        label, lines = str(record.payload.get("command", "")), lines[1:]
    else:
        label = ""
    if record.secret and not reveal:
        return battle_log.Entry(number, name, "", (f"{battle_log.SECRET}を振りました",), False, False, when)
    return battle_log.Entry(number, name, label, tuple(lines), False, False, when, secret=record.secret)
