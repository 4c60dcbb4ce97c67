"""「リロード」 (``/declare action:装填``): a gun's magazine filled again (H-ATK-03, X-AMMO-03;
the rounds themselves: rules/systems/coc6/ammo.py). Under the house rules it costs 1 AP;
under the book and 武道 rules, which count no AP, it is the unit's action of its turn: it
cannot attack after reloading, nor reload after attacking."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.coc6.weapons import ParryClass, Weapon
from rules.errors import InvalidInput, forbid
from rules.systems.coc6 import ammo, turn_action
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import first_of_class, require_no_pending, require_turn
from rules.systems.coc6.conditions import require_active
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit

def gun_to_reload(unit: CocUnit, named: str | None) -> tuple[Weapon, int, int]:
    """``(gun, rounds now, full)``: the firearm ``named`` (its name or kind), else the first
    of ``unit``'s guns that is not broken and not full.

    Raises InvalidInput: no gun (a bow is told to nock an arrow), the named weapon is no
    gun, or every gun is full already (saying so)."""
    assert unit.character is not None
    guns = [w for w in unit.character.weapons if w.is_firearm
            and not (unit.weapons.get(w.name) and unit.weapons[w.name].broken)]
    if named:
        chosen = [w for w in guns if named in (w.name, w.skill)]
        if not chosen:
            raise InvalidInput(f"{unit.id}は「{named}」という銃を持っていません"
                               f"（持っている銃: {'、'.join(w.name for w in guns) or 'なし'}）。")
        guns = chosen
    if not guns:
        bow = first_of_class(unit, ParryClass.BOW)
        hint = f"弓（{bow}）なら「矢をつがえる」を宣言してください。" if bow else ""
        raise InvalidInput(f"{unit.id}は装填できる銃を持っていません。{hint}")
    counts = [(w, *(ammo.reload_amount(unit, w) or (0, 0))) for w in guns]
    for gun, now, full in counts:
        if now < full:
            return gun, now, full
    shown = "、".join(f"{g.name} {now}/{full}" for g, now, full in counts)
    raise InvalidInput(f"{unit.id}の銃は弾が込められています（残弾 {shown}）。リロードの必要はありません。")


def reload(rules: CocRules, d: Decision[CocState], unit: CocUnit, named: str | None = None) -> None:
    """``/declare action:装填`` (「リロード」) on ``unit``'s turn: the gun's magazine is full
    again (X-AMMO-03); 1 AP under the house rules (H-ATK-03), the turn's action otherwise.

    Raises InvalidInput (see :func:`gun_to_reload`; not the unit's turn; a question open),
    RuleViolation H-ATK-03 (no AP left) or X-AMMO-03 (already attacked this turn: book and
    武道 rules)."""
    require_turn(d.state, unit)
    require_no_pending(d.state)
    require_active(unit)
    if not rules.uses_ap:
        turn_action.refuse_after_attack(False, unit, "リロード", "X-AMMO-03")
    gun, now, full = gun_to_reload(unit, named)
    if rules.uses_ap:
        if unit.ap < 1:
            forbid("H-ATK-03", f"{unit.id}の行動ポイントが残っていません（装填に1ポイント）。")
        d.emit(ce.ApSpent(unit=unit.id, ap=1, reason=f"{gun.name}に装填（H-ATK-03）"))
    else:
        d.emit(ce.UnitMarked(unit=unit.id, key=turn_action.MARK, value=turn_action.mark("リロードした", "X-AMMO-03")))
    d.emit(ammo.RoundsChanged(unit=unit.id, weapon=gun.name, rounds=full, before=now, full=full,
                              cause=ammo.RELOAD_CAUSE))

