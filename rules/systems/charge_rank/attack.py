"""The attack active action (C-ATK-01..06) with its options: group attack (C-OPT-GROUP-01..03),
pulled blow (C-OPT-PULL-01..03), surprise (C-OPT-SURP-01), out-of-area attack
(C-OPT-OOA-02/03/05). ``/attack target: [power:] [special:]``:

- ``target:`` one unit, or for a group attack ``A=2,B=3`` (each target with its power rank);
- ``power:`` the power rank (default: the whole charge rank);
- ``special:`` words separated by ``,`` or ``・``: 加減, 不意打ち, 区域外, 移動 (attack while
  moving, C-OPT-OOA-05); any other word names the 闘技/特技 used (C-ATK-03, recorded only).
"""
from __future__ import annotations

import re

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.permissions import find_unit
from rules.dice import Dice
from rules.errors import InvalidInput, refuse
from rules.systems.charge_rank.active import actor, take_action
from rules.systems.charge_rank.checks import BASE_SAFETY, tier
from rules.systems.charge_rank.events import StrikeQueued, TravelProgressed
from rules.systems.charge_rank.mainphase import proceed
from rules.systems.charge_rank.spend import check, choose_power
from rules.systems.charge_rank.state import CrState, CrUnit
from rules.systems.charge_rank.strike import new_strike

FLAGS = {"加減": "pulled", "不意打ち": "surprise", "区域外": "out_of_area", "移動": "move"}


def specials(text: str | None) -> tuple[set[str], str]:
    """``(flags, technique)`` from ``special:``: the option flags and the remaining words."""
    words = [w for w in re.split(r"[,、・\s]+", text or "") if w]
    flags = {FLAGS[w] for w in words if w in FLAGS}
    return flags, "・".join(w for w in words if w not in FLAGS)


def targets(d: Decision[CrState], cmd: Attack, unit: CrUnit) -> list[tuple[CrUnit, int]]:
    """``[(target, power), …]``; refuses C-OPT-GROUP-01 (a group attack needs the GM's
    permission unless the KP set ``group_attack``), C-OPT-GROUP-02 (Σ PR above the charge
    rank) and C-CHECK-03."""
    parts = [p.strip() for p in re.split(r"[,、]", cmd.target or "") if p.strip()]
    if not parts:
        raise InvalidInput("target: で攻撃する相手を指定してください。")
    chosen: list[tuple[CrUnit, int]] = []
    for part in parts:
        name, _, power = part.partition("=")
        target = find_unit(d.state, name.strip())
        assert isinstance(target, CrUnit)
        if target.id == unit.id:
            raise InvalidInput("自分自身は攻撃できません。")
        if target.out_of_action:
            raise InvalidInput(f"{target.id}はもう戦闘に参加していません（{'・'.join(target.conditions)}）。")
        if power.strip():
            try:
                value = int(power)
            except ValueError:
                raise InvalidInput(f"「{part}」のパワーランクは数で書いてください（例: {name}=3）。") from None
        else:
            value = cmd.power
        chosen.append((target, value))
    if len(chosen) == 1:
        return [(chosen[0][0], choose_power(cmd, unit, chosen[0][1]))]
    if not d.state.settings.get("group_attack"):
        refuse(cmd, "C-OPT-GROUP-01", "集団攻撃にはGMの許可が必要です")
    if any(p is None for _, p in chosen):
        raise InvalidInput("集団攻撃では target:相手=パワーランク,… のように一人ずつパワーランクを書いてください。")
    for _, p in chosen:
        if p < 1:
            refuse(cmd, "C-CHECK-03", "パワーランクは1以上にしてください")
    total = sum(p for _, p in chosen)
    if total > unit.charge:
        refuse(cmd, "C-OPT-GROUP-02", f"集団攻撃のパワーランクの合計{total}がチャージランク{unit.charge}を超えています")
    return chosen


def attack(d: Decision[CrState], cmd: Attack, dice: Dice) -> None:
    """Declare and roll an attack (one roll per target), queue the strikes that did not fail
    automatically (C-ATK-04), and run the main phase's steps (C-ATK-05)."""
    unit = actor(d, cmd)
    flags, technique = specials(cmd.special)
    chosen = targets(d, cmd, unit)
    distance = int(d.state.settings.get("area_distance") or 0)
    if "move" in flags and not distance:
        refuse(cmd, "C-OPT-DIST-01", "この戦闘には距離の概念がありません（KPが区域間距離を決めたときだけ移動します）")
    take_action(d, unit, "攻撃")
    group = len(chosen) > 1
    for target, power in chosen:
        roll = check(d, dice, d.state.unit(unit.id), "攻撃", power, BASE_SAFETY, pulled="pulled" in flags,
                     tier=tier(power))
        if roll.auto_fail:
            continue
        if "move" in flags and distance:
            before = d.state.unit(unit.id).travel
            d.emit(TravelProgressed(unit=unit.id, before=before, after=before + power, distance=distance))
            if before + power < distance:
                continue
        sid = d.state.next_strike
        effect = power // 2 if "pulled" in flags else power
        d.emit(StrikeQueued(strike=new_strike(
            sid, "attack", unit.id, target.id, effect, roll.achievement, surprise="surprise" in flags,
            out_of_area="out_of_area" in flags, group=group, technique=technique), front=False))
    proceed(d, dice)
