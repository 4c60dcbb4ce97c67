"""A session's log (issue 19): every record of the session as an entry of the battle log's
format (bot.render.log): a roll, check or SAN check under its character, in its
character's colour, at its time; a battle step as the battle log shows it, on the
battle's tab (``戦闘1``, ``戦闘2`` in the order the session met them).

The players' copy (``reveal`` False) shows a secret roll as its roller rolling 🔒 and
nothing of its command or result, and a battle's steps as the battle log's players' copy
(hidden units' numbers and names withheld); the KP's copy has everything, secret rolls
marked.

A line spoken as a character (``say``, issue 31) is shown under the character's name beside
its portrait, as a ココフォリア log shows it; a player's out-of-character aside (``ooc``) on
the 雑談 tab, set apart.
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


ASIDE_TAB = "雑談"
"""The tab of out-of-character lines, as ココフォリア's rooms name it."""


def portrait_key(record: SessionRecord) -> str:
    """The key a spoken line's portrait has among the log's pictures: its kept picture's
    sha, or its URL's; "" without one."""
    return str(record.payload.get("image") or record.payload.get("url") or "")


def session_entries(records: list[SessionRecord], battles: dict[int, BattleSteps], reveal: bool,
                    portraits: dict[str, str] | None = None) -> list[battle_log.Entry]:
    """The log entries of ``records`` (``battles``: the battles their steps belong to;
    ``portraits``: the log's pictures by :func:`portrait_key`, whose short names the entries
    carry, see :func:`picture_keys`)."""
    keys = picture_keys(portraits or {})
    tabs: dict[int, str] = {}
    settings: dict[str, str] = {}  # the KP settings the log wrote last (:func:`once`)
    steps: dict[int, dict[int, battle_log.Entry]] = {}
    secret: dict[int, set[str]] = {}
    found = []
    for number, record in enumerate(records, 1):
        when = clock_time(record.created_at)
        name = record.character or record.speaker
        if record.kind in ("say", "ooc"):
            found.append(battle_log.Entry(number, name, "", tuple(record.text.split("\n")), False, False, when,
                                          tab=ASIDE_TAB if record.kind == "ooc" else "main", kind=record.kind,
                                          portrait=keys.get(portrait_key(record), "")))
            continue
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


def picture_keys(portraits: dict[str, str]) -> dict[str, str]:
    """``{portrait key: short name}`` (``p1``, ``p2`` …) for the CSS of a page."""
    return {key: f"p{n}" for n, key in enumerate(sorted(portraits), 1)}


def page_portraits(portraits: dict[str, str]) -> dict[str, str]:
    """``{short name: image address}`` of the log's pictures (bot.render.log.html_pages)."""
    keys = picture_keys(portraits)
    return {keys[key]: address for key, address in portraits.items()}
