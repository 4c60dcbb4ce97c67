"""The steps of the main phase after an active action (C-MAIN-01, C-ATK-05): for the current
strike, the interrupt step asks each unit able to interrupt, highest reflex first (C-INT-01..03);
then the target's passive step (C-PASS-01/02) or, for an escape, the obstruction (C-ESC-02);
then the damage step. Questions become :class:`rules.battle.state.Pending` entries, one at a
time; :func:`proceed` runs until a question is open or the action is over."""
from __future__ import annotations

from rules.battle.decision import Decision
from rules.dice import Dice
from rules.systems.charge_rank import damage, escape
from rules.systems.charge_rank.events import QuestionAsked, StrikeEnded, StrikeUpdated
from rules.systems.charge_rank.phases import finish_action
from rules.systems.charge_rank.state import READY, WAITING, CrState, CrUnit

PASSIVE_OPTIONS = ("防御", "回避", "カウンター", "なし")
"""C-DEF, C-COUNTER: the passive actions against an attack."""

INTERRUPT_OPTIONS = ("インターセプト", "カバーリング", "なし")
"""C-ICPT, C-COVER: the interrupt actions against an attack on someone else."""


def may_interrupt(state: CrState, strike: dict, unit: CrUnit) -> bool:
    """Whether ``unit`` could interrupt ``strike`` at all, whatever its side: the strike
    takes interrupts, C-INT-02 (not yet acted or waiting), a charge rank of 1 or more
    (C-CHECK-03), not the attacker nor the target (C-ICPT-01) nor the original target of a
    covered attack, and not asked yet."""
    states = (WAITING,) if state.settings.get("interrupt_ask") == "waiting" else (READY, WAITING)
    return (strike["interrupt"] and unit.status in states and not unit.out_of_action and unit.charge >= 1
            and unit.id not in (strike["attacker"], strike["target"], strike["origin"])
            and unit.id not in strike["asked"])


def offered(state: CrState, strike: dict, unit: CrUnit) -> tuple[str, ...]:
    """The interrupts ``unit`` is offered on ``strike`` (issue 22: asked only of those who
    can use them): カバーリング to the target's side (C-COVER-01: taking the blow for an ally),
    インターセプト to the attacker's (the escapee's) opponents (C-ICPT-01, C-ESC-04). An escape
    is never covered. Others get them only through ``/kp allow`` (react.py)."""
    attacker = state.units.get(strike["attacker"])
    target = state.units.get(strike["target"]) if strike["target"] else None
    found = []
    if attacker is not None and unit.side != attacker.side:
        found.append("インターセプト")
    if strike["kind"] != "escape" and target is not None and unit.side == target.side:
        found.append("カバーリング")
    return tuple(found)


def interrupters(state: CrState, strike: dict) -> list[CrUnit]:
    """Units that will still be asked to interrupt ``strike``, in the order they are asked
    (C-INT-03: higher reflex first): those that may interrupt (:func:`may_interrupt`) and
    are offered something (:func:`offered`); not the GM's NPCs once the GM answered for
    them about an escape (escape.py)."""
    able = [u for u in state.cr_units() if may_interrupt(state, strike, u) and offered(state, strike, u)
            and not (strike.get("keeper") and u.owner is None)]
    return state.by_reflex(able)


def interrupt_options(state: CrState, strike: dict, unit: CrUnit) -> tuple[str, ...]:
    """The buttons of ``unit``'s interrupt question: what it is offered, then なし; the GM's
    one question about an escape offers 妨害 for all their NPCs too (escape.py)."""
    together = ("妨害",) if escape.keeper_question(state, strike, unit) else ()
    return (*offered(state, strike, unit), *together, "なし")


def passive_options(strike: dict) -> tuple[str, ...]:
    """What the target may answer: only 防御・回避 when surprised (C-OPT-SURP-01), no
    counter against an out-of-area attack (C-OPT-OOA-02)."""
    if strike["surprise"] or strike["out_of_area"]:
        return ("防御", "回避", "なし")
    return PASSIVE_OPTIONS


def _ask(d: Decision[CrState], kind: str, unit: CrUnit, options: tuple[str, ...], strike: dict, text: str) -> None:
    qid = d.state.next_question
    d.emit(QuestionAsked(question=qid, ask=kind, unit=unit.id, options=list(options), strike=strike["id"],
                         text=text))


def _who(strike: dict) -> str:
    kinds = {"attack": "攻撃", "counter": "カウンター", "intercept": "インターセプト", "escape": "逃亡"}
    return f"{strike['attacker']}の{kinds[strike['kind']]}（達成値{strike['achievement']}）"


def proceed(d: Decision[CrState], dice: Dice) -> None:
    """Run the steps until a question is open or every strike is resolved, then end the main
    phase (C-PHASE-09) and move on (C-PHASE-10)."""
    for _ in range(64 * (len(d.state.units) + 1)):
        state = d.state
        if state.pending:
            return
        if not state.strikes:
            finish_action(d)
            return
        strike = state.strikes[0]
        attacker = state.units.get(strike["attacker"])
        target = state.units.get(strike["target"]) if strike["target"] else None
        if attacker is None or attacker.out_of_action and strike["kind"] != "escape" or \
                (strike["target"] and (target is None or target.out_of_action)):
            d.emit(StrikeEnded(strike=strike["id"], outcome="対象がいなくなったので取りやめ"))
            continue
        if strike["stage"] == "interrupt":
            able = interrupters(state, strike)
            if able:
                about = f"{strike['target']}への{_who(strike)}" if strike["target"] else _who(strike)
                text = f"{about}に割り込みますか？"
                if escape.keeper_question(state, strike, able[0]):
                    npcs = "・".join(u.id for u in escape.keeper_units(state, strike))
                    text = (f"{about}を止めますか？（KPへの質問はこの1回です。インターセプトは{able[0].id}が、"
                            f"妨害はKPのNPC全員（{npcs}）がチャージランクを全て使って合計します。C-ESC-02/03/04）")
                _ask(d, "interrupt", able[0], interrupt_options(state, strike, able[0]), strike, text)
                return
            if strike["kind"] == "escape":  # a new question: those asked to interrupt are asked again (C-ESC-02, C-PASS-02)
                d.emit(StrikeUpdated(strike=strike["id"], changes={"stage": "obstruct", "asked": []}))
            else:
                d.emit(StrikeUpdated(strike=strike["id"], changes={"stage": "passive"}))
            continue
        if strike["stage"] == "obstruct":
            if strike.get("keeper") == escape.KEEPER_OBSTRUCT:  # the GM's 妨害 for all their NPCs
                escape.keeper_obstruct(d, dice, strike)
                continue
            able = escape.obstructors(state, strike)
            if able and not escape.stopped(strike["achievement"], strike["obstruction"]):  # no one asked in vain
                text = f"{_who(strike)}を妨害しますか？"
                if escape.keeper_question(state, strike, able[0]) and len(escape.keeper_units(state, strike)) > 1:
                    others = "・".join(u.id for u in escape.keeper_units(state, strike) if u.id != able[0].id)
                    text += (f"（KPへの質問はこの1回です。妨害なら{others}もチャージランクを全て使って加わり、"
                             "達成値を合計します。C-ESC-02/03）")
                _ask(d, "obstruct", able[0], ("妨害", "なし"), strike, text)
                return
            escape.resolve(d, strike)
            continue
        if strike["stage"] == "passive":
            unit = state.unit(strike["target"])
            if strike["passive"] and unit.charge >= 1:
                _ask(d, "passive", unit, passive_options(strike), strike,
                     f"{_who(strike)}が{unit.id}に向かっています。受動行動を選んでください。")
                return
            d.emit(StrikeUpdated(strike=strike["id"], changes={"stage": "damage"}))
            continue
        damage.resolve(d, strike)
    raise RuntimeError("main phase did not settle")
