"""Rounds and turns in DEX order (H-UNIT-02, H-UNIT-04, X-ORDER-01, H-AP-01, H-AP-06,
H-DELAY-01), and what happens by itself when a turn begins: a stunned unit's turn passes
(X-STUN-01), a cut throat bleeds 1D3 (H-KYU-PREC-17/18), a restringing archer keeps working
(H-KYU-STRING-01..03), and the round-end extra attacks of a rush come last (H-MA-RUSH-05)."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.coc6 import events as ce
from rules.systems.coc6.damage import roll_damage, take_damage
from rules.systems.coc6.state import CocState, CocUnit

AP_PER_TURN = 3
"""H-AP-01: every unit has 3 action points per turn."""

RESTRING_AP = 6
"""H-KYU-STRING-01: replacing a bowstring takes 6 AP."""

DEBT_CAP = 3
"""H-KYU-STRING-03: at most 3 AP of the next turn are consumed by defending while restringing."""


def order_dex(unit: CocUnit) -> int:
    """The DEX the turn order uses: DEX less this round's declared delay (H-DELAY-01)."""
    delay = sum(int(d.get("amount") or 0) for d in unit.declarations if d["action"] == "行動遅延")
    return unit.dex - delay


def turn_order(state: CocState) -> tuple[list[str], list[list[str]]]:
    """X-ORDER-01: units able to act, higher DEX first; ties keep the joining order.

    Returns ``(order, tied)`` where ``tied`` lists the groups of 2+ units sharing a DEX.
    A new round starts from the plain DEX: last round's delays are over (H-DELAY-01).
    """
    units = [u for u in state.units.values() if isinstance(u, CocUnit) and not u.out_of_action]
    units.sort(key=lambda u: (-u.dex, u.join_seq))
    order = [u.id for u in units]
    groups: dict[int, list[str]] = {}
    for u in units:
        groups.setdefault(u.dex, []).append(u.id)
    return order, [g for g in groups.values() if len(g) > 1]


def resort_order(state: CocState) -> None:
    """Re-sort this round's order after a DEX change or a delay (H-DELAY-01,
    H-KYU-PREC-13, H-CALL-LEG-03). Units that already acted stay in ``acted`` and do not
    act again this round."""
    def key(unit_id: str) -> tuple[int, int]:
        unit = state.units.get(unit_id)
        if not isinstance(unit, CocUnit):
            return (0, 0)
        return (-order_dex(unit), unit.join_seq)
    state.order = sorted(state.order, key=key)


def next_actor(state: CocState) -> str | None:
    """The first unit of this round's order that has not acted and can act, or None."""
    for unit_id in state.order:
        unit = state.units.get(unit_id)
        if unit is not None and unit_id not in state.acted and not unit.out_of_action:
            return unit_id
    return None


def start_round(d: Decision[CocState], number: int, dice: Dice | None = None) -> None:
    """Begin round ``number`` and the first turn in it."""
    order, tied = turn_order(d.state)
    d.emit(ev.RoundStarted(round=number, order=order, tied=tied))
    _next_turn(d, dice)


def advance(d: Decision[CocState], dice: Dice | None = None) -> None:
    """After a turn ended: start the next unit's turn, the round-end extra attacks
    (H-MA-RUSH-05), or the next round (H-UNIT-04). ``dice`` (else ``d.dice``, given by the
    system) rolls what a turn start rolls."""
    if d.state.phase != "active" or d.state.turn is not None:
        return
    _next_turn(d, dice)


def _next_turn(d: Decision[CocState], dice: Dice | None) -> None:
    dice = dice or d.dice
    for _ in range(4 * len(d.state.units) + 4):
        state = d.state
        following = next_actor(state)
        if following is not None:
            if _begin_turn(d, state.coc_unit(following), dice):
                return
            continue
        extra = _next_extra_attack(state)
        if extra is not None:
            d.emit(ce.ExtraAttackStarted(unit=extra["unit"], target=extra["target"],
                                         weapon=extra["weapon"], round=state.round))
            return
        if any(not u.out_of_action for u in state.units.values()):
            order, tied = turn_order(state)
            d.emit(ev.RoundStarted(round=state.round + 1, order=order, tied=tied))
            continue
        return


def _next_extra_attack(state: CocState) -> dict | None:
    """The next round-end extra attack whose attacker can still act, in DEX order."""
    able = [x for x in state.round_end
            if x["unit"] in state.units and not state.units[x["unit"]].out_of_action
            and "スタン" not in state.units[x["unit"]].conditions
            and x["target"] in state.units and "死亡" not in state.units[x["target"]].conditions]
    if not able:
        return None
    able.sort(key=lambda x: (-order_dex(state.coc_unit(x["unit"])), state.units[x["unit"]].join_seq))
    return able[0]


def _begin_turn(d: Decision[CocState], unit: CocUnit, dice: Dice | None) -> bool:
    """Start ``unit``'s turn. Returns False when the turn passed by itself (stunned,
    restringing, or out of action after bleeding) and the next one should start."""
    state = d.state
    debt = int(unit.marks.get("ap_debt", 0))
    ap = max(0, AP_PER_TURN - debt)
    d.emit(ev.TurnStarted(unit=unit.id, round=state.round, ap=ap))
    if debt:
        d.emit(ce.UnitMarked(unit=unit.id, key="ap_debt", value=None,
                             note=f"弦の張り替え中の防御で{debt}ポイント消費（H-KYU-STRING-02）"))
    _bleed(d, unit.id, dice)
    unit = d.state.coc_unit(unit.id)
    if unit.out_of_action:
        d.emit(ev.TurnEnded(unit=unit.id))
        return False
    if "スタン" in unit.conditions:
        if unit.ap:
            d.emit(ce.ApSpent(unit=unit.id, ap=unit.ap, reason="スタンしていて行動できない"))
        if unit.marks.get("stun_one_turn") or state.round > unit.stun_round:
            d.emit(ce.ConditionChanged(unit=unit.id, condition="スタン", added=False,
                                       cause="スタンしていた手番が過ぎた（X-STUN-01）"))
            d.emit(ce.UnitMarked(unit=unit.id, key="stun_one_turn", value=None))
        d.emit(ev.TurnEnded(unit=unit.id))
        return False
    if "restring" in unit.marks:
        return _restring_turn(d, unit, debt)
    return True


def _restring_turn(d: Decision[CocState], unit: CocUnit, debt: int) -> bool:
    """H-KYU-STRING-01..03: the turn's AP go into the new string; with 3 AP consumed by
    defending, nothing at all happens this turn. Returns whether AP are left to act with."""
    progress = int(unit.marks["restring"])
    if debt >= DEBT_CAP or unit.ap <= 0:
        d.emit(ev.TurnEnded(unit=unit.id))
        return False
    use = min(unit.ap, RESTRING_AP - progress)
    d.emit(ce.ApSpent(unit=unit.id, ap=use, reason="弦の張り替え"))
    if progress + use >= RESTRING_AP:
        bow = unit.marks.get("restring_bow", "弓")
        d.emit(ce.UnitMarked(unit=unit.id, key="restring", value=None))
        d.emit(ce.UnitMarked(unit=unit.id, key="restring_bow", value=None))
        d.emit(ce.WeaponReadied(unit=unit.id, weapon=bow, string=3, nocked=False,
                                note=f"{bow}の弦を張り替えた（耐久値3）"))
    else:
        d.emit(ce.UnitMarked(unit=unit.id, key="restring", value=progress + use,
                             note=f"弦の張り替え {progress + use}/{RESTRING_AP}ポイント"))
    if d.state.coc_unit(unit.id).ap > 0:
        return True
    d.emit(ev.TurnEnded(unit=unit.id))
    return False


def _bleed(d: Decision[CocState], unit_id: str, dice: Dice | None) -> None:
    """H-KYU-PREC-17/18: a throat wound deals 1D3 on each of the unit's turns, from the
    round after the shot, until treated."""
    unit = d.state.coc_unit(unit_id)
    for wound in unit.wounds:
        if wound["part"] == "喉" and d.state.round > int(wound.get("round", 0)):
            if dice is None:
                raise RuntimeError("a turn start that rolls needs dice")
            d.emit(ce.WoundBled(unit=unit_id, part="喉"))
            amount = roll_damage(d, 0, unit_id, "1D3", dice)
            take_damage(d, unit_id, amount, dice, cause="喉の傷（H-KYU-PREC-17）", armor=False)


def end_fallen_turn(d: Decision[CocState], dice: Dice | None = None) -> None:
    """A unit put out of action (死亡, 気絶, ノックアウト: X-HP-02, X-KO-01) during its own
    turn loses the rest of it: once no question is open, its turn ends and the next begins
    (its AP are lost as at any turn's end, H-AP-06)."""
    state = d.state
    if state.phase != "active" or not state.turn or state.pending:
        return
    unit = state.units.get(state.turn)
    if not isinstance(unit, CocUnit) or not unit.out_of_action:
        return
    why = next((c for c in ("死亡", "気絶", "ノックアウト") if c in unit.conditions), "行動不能")
    d.emit(ev.TurnEnded(unit=unit.id, cause=f"{why}したため、残りの手番は失われる"))
    advance(d, dice)


def begin_turn(d: Decision[CocState], unit_id: str, dice: Dice | None = None) -> None:
    """Start ``unit_id``'s turn now (a delay handed it on, H-DELAY-01); if that turn passes
    by itself, the following one starts."""
    dice = dice or d.dice
    if not _begin_turn(d, d.state.coc_unit(unit_id), dice):
        _next_turn(d, dice)
