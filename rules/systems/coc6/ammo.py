"""A firearm's rounds and jams in a CoC 6 battle (our clauses X-AMMO-01..03 and X-JAM-01/02,
the published CoC 6th rules that H-GEN-02 falls back to; docs/table.md).

- X-AMMO-01: a firearm holds its 装弾数 (the weapon table's, or ``/char weapon ammo:``); each
  shot fired uses one round; every battle starts with it full.
- X-AMMO-02: a gun with no round left does not fire: the refusal names 「リロード」 (the KP may
  ``/kp allow`` it). With fewer rounds left than the fire mode shoots, it fires what is left
  (H-FIRE-05's default).
- X-AMMO-03: 「リロード」 (``/declare action:装填``) fills the magazine: 1 AP under the house
  rules (H-ATK-03); under the book and 武道 rules it is the unit's action of the turn (it
  cannot attack after it, nor reload after attacking).
- X-JAM-01: with the KP setting 故障ナンバー (``malfunction``, off by default) a shot whose
  1D100 is at or above the gun's 故障ナンバー jams it: that shot misses (``故障``, as BCDice's
  ``CCB(n)<=x`` reads it), the rest of the firing is not fired, and the gun cannot fire until
  it is repaired.
- X-JAM-02: repairing is the KP's ruling (``/kp set field:<銃>.故障 value:0``; the published
  rules ask for 〈機械修理〉 and time).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.battle.events import Event, event
from rules.coc6.check import Check, SuccessLevel, level_word
from rules.coc6.weapons import Weapon, magazine, malfunction_number
from rules.systems.coc6.state import CocState, CocUnit, WeaponState

SETTING = "malfunction"
"""The KP setting (bool, off by default) that makes guns jam by their 故障ナンバー (X-JAM-01)."""

RELOAD_WORD = "リロード"
"""What a table calls reloading; every refusal of an empty gun names it (X-AMMO-02)."""


@event("coc.rounds_changed")
@dataclass(frozen=True)
class RoundsChanged(Event):
    """``unit``'s ``weapon`` held ``before`` rounds and now holds ``rounds`` of ``full``
    (its 装弾数) after a firing (``cause`` ''), a reload (:data:`RELOAD_CAUSE`) or the KP's
    ruling (「KPの設定」)."""

    unit: str
    weapon: str
    rounds: int
    before: int = 0
    full: int = 0
    cause: str = ""


RELOAD_CAUSE = "装填"
"""The ``RoundsChanged.cause`` of a reload."""


@event("coc.gun_jammed")
@dataclass(frozen=True)
class GunJammed(Event):
    """``unit``'s ``weapon`` jammed (``jammed`` True: a roll of ``roll`` ≥ its 故障ナンバー
    ``number``, X-JAM-01) or was repaired (False: the KP's ruling, X-JAM-02)."""

    unit: str
    weapon: str
    jammed: bool
    roll: int = 0
    number: int = 0


def _rounds_changed(state: CocState, e: RoundsChanged) -> None:
    ws = state.coc_unit(e.unit).weapons.setdefault(e.weapon, WeaponState(hp=None))
    ws.rounds = e.rounds


def _jammed(state: CocState, e: GunJammed) -> None:
    ws = state.coc_unit(e.unit).weapons.setdefault(e.weapon, WeaponState(hp=None))
    ws.jammed = e.jammed


AMMO_HANDLERS = {RoundsChanged: _rounds_changed, GunJammed: _jammed}
"""``{event class: apply(state, event)}`` for the CoC evolve table."""


def jams_on(state: CocState) -> bool:
    """Whether guns jam by their 故障ナンバー in this battle (the KP setting, X-JAM-01)."""
    return bool(state.settings.get(SETTING, False))


def rounds_left(unit: CocUnit, weapon: Weapon) -> int | None:
    """The rounds ``weapon`` holds now (X-AMMO-01), or None for a weapon that is no firearm."""
    ws = unit.weapons.get(weapon.name)
    if ws is not None and ws.rounds is not None:
        return ws.rounds
    return magazine(weapon)


def empty_text(unit: CocUnit, weapon: Weapon, rules_uses_ap: bool) -> str:
    """The refusal of a shot from an empty gun (X-AMMO-02), naming 「リロード」 and its cost."""
    cost = "1ポイント" if rules_uses_ap else "その手番の行動"
    return (f"{weapon.name}は弾切れです（残弾0/{magazine(weapon)}）。{RELOAD_WORD}してから撃ってください"
            f"（「{RELOAD_WORD}」か /declare action:装填、{cost}）。")


@dataclass(frozen=True)
class Shot:
    """One shot's check as a firing records it: its 1D100 ``roll``, the BCDice ``text``
    (with the 故障ナンバー ``number`` when jams are on, else 0), its ``level`` and whether it
    ``jammed`` the gun (X-JAM-01)."""

    roll: int
    text: str
    level: SuccessLevel
    jammed: bool
    number: int = 0

    @property
    def hit(self) -> bool:
        """Whether the shot hit (a jammed shot never does)."""
        return self.level.succeeded and not self.jammed


def shot(check: Check, weapon: Weapon, jams: bool) -> Shot:
    """``check`` read as a shot of ``weapon``: with ``jams`` (the KP setting) a roll at or
    above its 故障ナンバー is 「故障」, a failure (「致命的失敗/故障」 on a fumble), as BCDice's
    ``CCB(n)<=x`` writes it: ``(1D100<=50) 故障ナンバー[96] ＞ 97 ＞ 致命的失敗/故障``."""
    number = malfunction_number(weapon) if jams else None
    if number is None:
        return Shot(check.roll, check.text(), check.level, False)
    word = level_word(check.level, check.roll, check.target)
    jammed = check.roll >= number
    level = check.level
    if jammed:
        fumble = check.level is SuccessLevel.FUMBLE
        word = f"{word}/故障" if fumble else "故障"
        level = SuccessLevel.FUMBLE if fumble else SuccessLevel.FAILURE
    return Shot(check.roll, f"(1D100<={check.target}) 故障ナンバー[{number}] ＞ {check.roll} ＞ {word}", level,
                jammed, number)


def empty_refusal(unit: CocUnit, weapon: Weapon, rules_uses_ap: bool) -> str | None:
    """The refusal of a shot from ``weapon`` when it holds no round (X-AMMO-02), or None."""
    return empty_text(unit, weapon, rules_uses_ap) if rounds_left(unit, weapon) == 0 else None


def spent(unit: CocUnit, weapon: Weapon, fired: int) -> RoundsChanged | None:
    """The event of ``fired`` shots taken from ``weapon``'s rounds (X-AMMO-01), or None for a
    weapon that is no firearm."""
    left = rounds_left(unit, weapon)
    if left is None:
        return None
    return RoundsChanged(unit=unit.id, weapon=weapon.name, rounds=max(0, left - fired), before=left,
                         full=magazine(weapon) or 0)


def reload_amount(unit: CocUnit, weapon: Weapon) -> tuple[int, int] | None:
    """``(rounds now, full)`` of ``weapon`` for a reload, or None when it is no firearm."""
    full = magazine(weapon)
    if full is None:
        return None
    left = rounds_left(unit, weapon)
    return (full if left is None else left), full
