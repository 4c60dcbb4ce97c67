"""A session's statistics from battle steps (bot.sheets.session_stats, issue 19): a battle's
SAN loss (B-CALL-VITAL-05 keeps it as the unit's ``san_lost`` mark, counting up) is taken
from the sheet the unit joined with, HP from its first to its last change."""
from __future__ import annotations

from datetime import datetime

from bot.sheets.session_stats import tallies
from bot.store.sessions import SessionRecord
from rules.battle.events import UnitJoined
from rules.battle.steps import Step
from rules.coc6.character import Character
from rules.systems.coc6 import events as ce

FUMI = Character(name="フミ", stats=dict(STR=10, CON=12, POW=11, DEX=12, APP=10, SIZ=12, INT=12, EDU=12))


def step(number: int, *events, active: bool = True) -> Step:
    return Step(number=number, by="kp", command=None, dice=[], label="", joined=False, events=list(events),
                active=active)


def record(number: int) -> SessionRecord:
    return SessionRecord(number, "step", "kp", "kp", "", False, "", {"battle": 1, "step": number},
                         datetime(2026, 12, 3, 12, 0))


def test_a_battles_san_loss_and_hp_change():
    steps = [
        step(1, UnitJoined(unit="フミ", owner="fumi", hidden=False, sheet=FUMI.to_dict())),
        step(2, ce.CheckRolled(unit="フミ", purpose="SANチェック（1/1d4、急所狙い）", target=55, roll=70,
                               level="失敗", text=""),
             ce.UnitMarked(unit="フミ", key="san_lost", value=3, note="フミの正気度 −3（B-CALL-VITAL-05）")),
        step(3, ce.HpChanged(unit="フミ", before=12, after=7)),
        step(4, ce.UnitMarked(unit="フミ", key="san_lost", value=4, note="フミの正気度 −1（B-CALL-VITAL-05）")),
        step(5, ce.HpChanged(unit="フミ", before=7, after=2), active=False),  # taken back
    ]
    [fumi] = tallies([record(n) for n in range(1, 6)], {1: steps})
    assert (fumi.name, fumi.rolls, fumi.successes, fumi.fumbles, fumi.faces) == ("フミ", 1, 0, 0, [70])
    assert fumi.san == [55, 51] and fumi.hp == [12, 7]
