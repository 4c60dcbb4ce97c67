"""The damage step (C-DMG-01..04) and the damage formulas of the passive and interrupt
actions: defence (C-DEF-03/04, C-DMG-02), failed counter (C-COUNTER-05/06), covering
(C-COVER-03), pulled defence (C-OPT-PULL-03). Stamina falls by the damage; at 0 the unit
faints (C-DMG-04). Injuries are recorded per attack (C-INJ-01..03)."""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.decision import Decision
from rules.systems.charge_rank import injury
from rules.systems.charge_rank.events import ConditionChanged, DamageDealt, InjuryRecorded, StrikeEnded
from rules.systems.charge_rank.state import CrState

FAINTED = "気絶"
"""C-DMG-04: the condition of a unit at stamina 0 (戦闘不能)."""


@dataclass(frozen=True)
class Damage:
    """``amount`` (never below 0, C-DMG-01) and the ``formula`` as text."""

    amount: int
    formula: str


def formula(attack: int, power: int, guard: int, times: int = 1, *, basic: bool = False,
            times_text: str = "") -> Damage:
    """``attack × power − guard × times`` (C-DMG-01 with ``times`` 1, C-DMG-02 with PR_d + 1,
    C-COVER-03 with PR_cov), plus one more ``− guard`` when ``basic`` (the KP's reading of
    C-COVER-03). Negative results are 0 (C-DMG-01 default). ``times_text`` shows how
    ``times`` was made (``(0 + 1)``)."""
    reduction = guard * times + (guard if basic else 0)
    amount = max(0, attack * power - reduction)
    if times_text:
        text = f"{attack} × {power} − {guard} × {times_text}"
    elif times == 1 and not basic:
        text = f"{attack} × {power} − {guard}"
    else:
        text = f"{attack} × {power} − {guard} × {times}" + (f" − {guard}" if basic else "")
    return Damage(amount, f"{text} = {amount}")


def strike_damage(state: CrState, strike: dict) -> Damage:
    """The damage ``strike`` deals to its (final) target, from the passive or covering
    action recorded on it."""
    attacker, target = state.unit(strike["attacker"]), state.unit(strike["target"])
    power = strike["power"]
    cover = strike.get("cover")
    if cover:
        return formula(attacker.attack, power, target.guard, cover["power"],
                       basic=bool(state.settings.get("cover_basic_guard")))
    reaction = strike.get("reaction") or {}
    if reaction.get("action") in ("防御", "回避"):
        return formula(attacker.attack, power, target.guard, reaction["power"] + 1,
                       times_text=f"({reaction['power']} + 1)")
    if reaction.get("action") == "カウンター":
        return formula(attacker.attack, power + reaction["power"], target.guard)
    return formula(attacker.attack, power, target.guard)


def resolve(d: Decision[CrState], strike: dict) -> None:
    """The damage step of ``strike``: damage, faint, injuries; the strike ends."""
    hit = strike_damage(d.state, strike)
    apply(d, strike["target"], hit, source=f"{strike['attacker']}の攻撃")
    d.emit(StrikeEnded(strike=strike["id"], outcome=f"{strike['target']}に{hit.amount}ダメージ"))


def apply(d: Decision[CrState], unit_id: str, hit: Damage, source: str = "") -> None:
    """Subtract ``hit`` from ``unit_id``'s stamina (C-DMG-03; not below 0, C-DMG-04)."""
    unit = d.state.unit(unit_id)
    before = unit.stamina
    after = max(0, before - hit.amount)
    d.emit(DamageDealt(unit=unit_id, amount=hit.amount, before=before, after=after, formula=hit.formula,
                       source=source))
    degree = injury.degree_for(d.state.settings, hit.amount)
    if degree:
        d.emit(InjuryRecorded(unit=unit_id, degree=degree, damage=hit.amount))
    if after <= 0 and FAINTED not in unit.conditions:
        d.emit(ConditionChanged(unit=unit_id, condition=FAINTED, cause="スタミナ0で戦闘不能、C-DMG-04"))
