"""The other active actions: wait 「待機」 (C-WAIT-01/02), escape 「逃亡」 (C-ESC-01), other
actions with the GM's permission (C-OTHER-01/02), moving towards another combat area
(C-OPT-OOA-04), and ending the main phase without acting (C-EX-07)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.commands import EndTurn, Escape, Move, SkillCheck, Wait
from rules.battle.decision import Decision
from rules.dice import Dice
from rules.errors import refuse
from rules.systems.charge_rank import treatment
from rules.systems.charge_rank.active import actor, take_action
from rules.systems.charge_rank.checks import BASE_SAFETY
from rules.systems.charge_rank.events import StatusChanged, StrikeQueued, TravelProgressed
from rules.systems.charge_rank.mainphase import proceed
from rules.systems.charge_rank.phases import advance, finish_action
from rules.systems.charge_rank.spend import check, choose_power
from rules.systems.charge_rank.state import WAITING, CrState
from rules.systems.charge_rank.strike import new_strike


def wait(d: Decision[CrState], cmd: Wait, dice: Dice) -> None:
    """C-WAIT-01: no charge spent; the unit is waiting (not acted) and may still interrupt."""
    unit = actor(d, cmd)
    d.emit(StatusChanged(unit=unit.id, status=WAITING, cause="待機を宣言（C-WAIT-01）"))
    d.emit(ev.TurnEnded(unit=unit.id))
    advance(d)


def end_turn(d: Decision[CrState], cmd: EndTurn, dice: Dice) -> None:
    """``/end`` without an action: the unit does nothing and is acted (C-PHASE-09)."""
    unit = actor(d, cmd)
    take_action(d, unit, "何もしなかった")
    finish_action(d)


def escape(d: Decision[CrState], cmd: Escape, dice: Dice) -> None:
    """C-ESC-01: spend any power rank and roll that many dice; an automatic failure ends it,
    otherwise the interrupt step (C-ESC-04) and the obstruction (C-ESC-02/03) follow."""
    unit = actor(d, cmd)
    power = choose_power(cmd, unit, cmd.power)
    take_action(d, unit, "逃亡")
    roll = check(d, dice, d.state.unit(unit.id), "逃亡", power, BASE_SAFETY)
    if not roll.auto_fail:
        d.emit(StrikeQueued(strike=new_strike(d.state.next_strike, "escape", unit.id, None, power,
                                              roll.achievement)))
    proceed(d, dice)


def other(d: Decision[CrState], cmd: SkillCheck, dice: Dice) -> None:
    """C-OTHER-01/02: ``/check skill:<action> [modifier:<power rank>]`` — any other action
    (治療 is treatment.py's),
    only with the GM's permission (``/kp allow``); its check spends the power rank like any
    other (``modifier:`` is read as the power rank; default the whole charge rank)."""
    what = (cmd.skill or "").strip() or "その他の行動"
    if what in treatment.WORDS:  # 治療: a rule of its own (C-INJ-REC-01..04)
        treatment.treat(d, cmd, dice)
        return
    unit = actor(d, cmd)
    refuse(cmd, "C-OTHER-01", f"「{what}」はGMの許可があれば能動行動として行えます")
    power = choose_power(cmd, unit, cmd.modifier or None)
    take_action(d, unit, what)
    check(d, dice, d.state.unit(unit.id), what, power, BASE_SAFETY)
    finish_action(d)


def move(d: Decision[CrState], cmd: Move, dice: Dice) -> None:
    """C-OPT-OOA-04: with a distance set by the KP, roll as usual at the power rank chosen
    (``/move power:``, 「パワー2で移動」; the whole charge rank when none is given, C-CHECK-03
    refuses one above it); unless it fails automatically its power rank adds to the distance
    covered. Without a distance there is none in this system (C-OPT-DIST-01)."""
    unit = actor(d, cmd)
    distance = int(d.state.settings.get("area_distance") or 0)
    if not distance:
        refuse(cmd, "C-OPT-DIST-01", "この戦闘には距離の概念がありません。届かなければ届くところまで動くだけです")
        distance = 1
    power = choose_power(cmd, unit, cmd.power)
    take_action(d, unit, "移動")
    roll = check(d, dice, d.state.unit(unit.id), "移動", power, BASE_SAFETY)
    if not roll.auto_fail:
        before = d.state.unit(unit.id).travel
        d.emit(TravelProgressed(unit=unit.id, before=before, after=before + power, distance=distance))
    finish_action(d)
