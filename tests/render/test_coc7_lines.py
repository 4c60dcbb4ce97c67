"""The log lines of a 7th-edition battle's own events (bot/render/coc7_lines.py)."""
from __future__ import annotations

import pytest

from bot.render.battle import event_line
from rules.battle.protocol import BattleView, UnitRow
from rules.systems.coc7.events import ArmChanged, FirearmsReadied, InHand


def _view(*rows: UnitRow) -> BattleView:
    return BattleView(system="coc7", phase="active", round=1, turn=None, order=(), rows=rows, prompts=())


def _row(name: str, hidden: bool = False) -> UnitRow:
    return UnitRow(name=name, owner=None if hidden else "alice", hidden=hidden, hp=10, hp_max=10, ap=None, dex=50)


@pytest.mark.rule("7-ORDER-02")
def test_readied_guns_are_said_with_their_dex_except_a_hidden_npcs():
    event = FirearmsReadied(round=1, units=[["アリス", ".38リボルバー", 40], ["影", "ライフル", 70]])
    line = event_line(event, _view(_row("アリス"), _row("影", hidden=True)))
    assert line == "銃を構えている: アリス（.38リボルバー、DEX 40+50）、影（DEX+50）"


def test_weapon_notes_are_their_lines():
    assert event_line(ArmChanged(unit="アリス", weapon="拳銃", ammo=0, jammed=True, note="拳銃が故障した")) == "拳銃が故障した"
    assert event_line(ArmChanged(unit="アリス", weapon="拳銃", ammo=5)) is None
    assert event_line(InHand(unit="アリス", weapon="こぶし")) is None
