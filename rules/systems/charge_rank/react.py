"""``/react action: [power:]``: answering the open question (interrupt, passive or
obstruction). Every refusal names its clause and changes nothing."""
from __future__ import annotations

import unicodedata

from rules.battle.commands import React
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.battle.state import Pending
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, refuse
from rules.systems.charge_rank import escape, interrupt, passive
from rules.systems.charge_rank.checks import BASE_SAFETY
from rules.systems.charge_rank.events import Answered, QuestionAsked, QuestionWithdrawn, StrikeUpdated
from rules.systems.charge_rank.mainphase import interrupters, may_interrupt, offered, proceed
from rules.systems.charge_rank.spend import check, choose_power
from rules.systems.charge_rank.state import ACTED, CrState, CrUnit

ALIASES = {"防御・回避": "防御", "防御/回避": "防御", "none": "なし", "パス": "なし",
           "カバー": "カバーリング", "インタセプト": "インターセプト"}
PULLABLE = ("防御", "回避")
"""C-OPT-PULL-04: besides the attack, only defence and evasion can be pulled."""


def parse_action(text: str) -> tuple[str, bool]:
    """``(action, pulled)`` from ``action:`` (``加減防御`` / ``防御（加減）`` are pulled)."""
    action = unicodedata.normalize("NFKC", text or "").strip()
    pulled = "加減" in action
    action = action.replace("加減", "").replace("()", "").strip(" ・:")
    return ALIASES.get(action, action), pulled


def _diagnose(state: CrState, unit: CrUnit, action: str) -> None:
    """Why ``unit`` may not answer now: the clause when one applies."""
    strike = state.strikes[0] if state.strikes else None
    if strike and action in ("インターセプト", "カバーリング"):
        if unit.id == strike["target"]:
            raise RuleViolation(f"C-{'ICPT' if action == 'インターセプト' else 'COVER'}-01",
                                f"{action}は自分以外が攻撃の対象になっているときの行動です", allowable=False)
        if unit.status == ACTED:
            why = f"（{unit.because}）" if unit.because else ""
            raise RuleViolation("C-INT-02", f"{unit.id}はこのラウンド行動済み{why}なので割り込めません"
                                            "（割り込めるのは未行動か待機中だけ）", allowable=False)
        if unit in interrupters(state, strike):
            raise RuleViolation("C-INT-03", "割り込みはリフレクスの高い順です。順番が来るまでお待ちください",
                                allowable=False)
    if strike and action in ("防御", "回避", "カウンター") and unit.id != strike.get("target"):
        raise RuleViolation("C-PASS-01", f"受動行動を取れるのは攻撃の対象になった者だけです（いまの対象: {strike.get('target')}）",
                            allowable=False)
    if strike and action in ("防御", "回避", "カウンター"):
        waiting = "、".join(p.unit for p in state.pending) or "他の参加者"
        raise RuleViolation("C-MAIN-01", f"いまは割り込みの確認中です（{waiting}の応答待ち）。"
                                         f"割り込みが終わると{unit.id}に防御・回避・カウンターを尋ねます",
                            allowable=False)
    if action in ("防御", "回避", "カウンター"):
        raise RuleViolation("C-PASS-01", f"受動行動は攻撃の対象になったとき、その攻撃に一度だけ取れます。"
                                         f"いま{unit.id}に向かっている攻撃はありません", allowable=False)
    raise InvalidInput(f"いま{unit.id}に対応を求めている行動はありません。")


def react(d: Decision[CrState], cmd: React, dice: Dice) -> None:
    """Answer the question open for the acting unit and run the steps on."""
    state = d.state
    prefer = state.pending[0].unit if state.pending else None
    unit = acting_unit(state, cmd, prefer=prefer)
    assert isinstance(unit, CrUnit)
    action, pulled = parse_action(cmd.action)
    question = state.pending_for(unit.id)
    if question is None and _kp_allowed(cmd, state, unit, action):
        _cut_in(d, dice, cmd, unit, action)
        return
    if question is None:
        _diagnose(state, unit, action)
        return
    strike = next(s for s in state.strikes if s["id"] == question.context["strike"])
    _allowed(cmd, question, strike, action, pulled)
    power = None if action == "なし" else choose_power(cmd, unit, cmd.power)
    d.emit(Answered(question=question.id, unit=unit.id, action=("加減" if pulled else "") + action, power=power))
    unit = d.state.unit(unit.id)
    keeper = question.kind in ("interrupt", "obstruct") and escape.keeper_question(d.state, strike, unit)
    if keeper and question.kind == "interrupt":  # the GM's one answer for all their NPCs (issue 29)
        together = escape.KEEPER_OBSTRUCT if action == "妨害" else escape.KEEPER_DONE
        d.emit(StrikeUpdated(strike=strike["id"], changes={"keeper": together}))
        strike = next(s for s in d.state.strikes if s["id"] == strike["id"])
        if action == "妨害":
            proceed(d, dice)
            return
    if action == "インターセプト":
        interrupt.intercept(d, dice, unit, strike, power)
    elif action == "カバーリング":
        interrupt.cover(d, dice, unit, strike, power)
    elif action in ("防御", "回避"):
        passive.defend(d, dice, unit, strike, action, power, pulled=pulled)
    elif action == "カウンター":
        passive.counter(d, dice, unit, strike, power)
    elif action == "妨害":
        roll = check(d, dice, unit, "妨害", power, BASE_SAFETY, target_number=strike["achievement"])
        d.emit(StrikeUpdated(strike=strike["id"], changes={"obstruction": strike["obstruction"] + roll.achievement}))
        if keeper:  # the GM's other NPCs join with their whole charge rank (escape.py)
            escape.keeper_obstruct(d, dice, strike, done=unit.id)
    elif question.kind == "passive":
        d.emit(StrikeUpdated(strike=strike["id"], changes={"stage": "damage"}))
    if keeper and question.kind == "obstruct" and action == "なし":
        d.emit(StrikeUpdated(strike=strike["id"], changes={"keeper": escape.KEEPER_DONE}))
    proceed(d, dice)


SIDE_CLAUSES = {"インターセプト": "C-ICPT-01", "カバーリング": "C-COVER-01", "妨害": "C-ESC-02"}
SIDE_REASONS = {"インターセプト": "インターセプトは攻撃する者（逃亡する者）の敵側が行います",
                "カバーリング": "カバーリングは攻撃の対象の味方が行います",
                "妨害": "逃亡の妨害は逃亡する者の敵側が行います"}


def _kp_allowed(cmd: React, state: CrState, unit: CrUnit, action: str) -> bool:
    """Whether ``unit``, asked nothing, takes ``action`` on the current strike by the KP's
    leave: it could (C-INT-02, charge rank …) but its side is not offered it (issue 22:
    cover to the target's side, intercept and obstruction to the opponents). Raises
    RuleViolation (liftable with ``/kp allow``) when only its side stands in the way; False
    when something else does (:func:`_diagnose` says what)."""
    strike = state.strikes[0] if state.strikes else None
    if strike is None or action not in SIDE_CLAUSES:
        return False
    if action == "妨害":
        if strike["stage"] != "obstruct" or not escape.may_obstruct(state, strike, unit):
            return False
    elif not may_interrupt(state, strike, unit) or strike["stage"] not in ("interrupt", "passive") \
            or action in offered(state, strike, unit) or (action == "カバーリング" and strike["kind"] == "escape"):
        return False
    refuse(cmd, SIDE_CLAUSES[action], f"{SIDE_REASONS[action]}（{unit.id}には尋ねていません）")
    return True


def _cut_in(d: Decision[CrState], dice: Dice, cmd: React, unit: CrUnit, action: str) -> None:
    """A KP-allowed interrupt or obstruction by ``unit``: asked and answered at once; the
    questions its effect made moot (the strike ended, the blow now goes to the coverer)
    are withdrawn, and the steps run on."""
    strike = d.state.strikes[0]
    qid = d.state.next_question
    kind = "obstruct" if action == "妨害" else "interrupt"
    d.emit(QuestionAsked(question=qid, ask=kind, unit=unit.id, options=[action, "なし"], strike=strike["id"],
                         text=f"KPの裁定で{unit.id}が{action}します。"))
    power = choose_power(cmd, unit, cmd.power)
    d.emit(Answered(question=qid, unit=unit.id, action=action, power=power))
    unit = d.state.unit(unit.id)
    if action == "インターセプト":
        interrupt.intercept(d, dice, unit, strike, power)
    elif action == "カバーリング":
        interrupt.cover(d, dice, unit, strike, power)
    else:
        roll = check(d, dice, unit, "妨害", power, BASE_SAFETY, target_number=strike["achievement"])
        d.emit(StrikeUpdated(strike=strike["id"], changes={"obstruction": strike["obstruction"] + roll.achievement}))
    now = next((s for s in d.state.strikes if s["id"] == strike["id"]), None)
    for p in list(d.state.pending):
        if p.context.get("strike") != strike["id"]:
            continue
        if now is None or (p.kind == "passive" and p.unit != now["target"]):
            d.emit(QuestionWithdrawn(question=p.id, reason=f"{unit.id}の{action}で不要になりました"))
    proceed(d, dice)  # a covered blow has no passive step: the damage step follows


def _allowed(cmd: React, question: Pending, strike: dict, action: str, pulled: bool) -> None:
    """Refuse an answer the question does not offer, naming the clause that forbids it."""
    if pulled and action not in PULLABLE:
        raise RuleViolation("C-OPT-PULL-04", "加減できるのは攻撃・防御・回避だけです", allowable=False)
    if action in question.options:
        return
    if question.kind == "passive":
        if action == "カウンター" and strike["out_of_area"]:
            refuse(cmd, "C-OPT-OOA-02", "区域外からの攻撃にはカウンターできません")
            return
        if action == "カウンター" and strike["surprise"]:
            refuse(cmd, "C-OPT-SURP-01", "不意打ちを受けたときは防御・回避しかできません")
            return
        if action in ("インターセプト", "カバーリング"):
            raise RuleViolation(f"C-{'ICPT' if action == 'インターセプト' else 'COVER'}-01",
                                f"{action}は自分以外が攻撃の対象になっているときの行動です", allowable=False)
    if question.kind == "interrupt" and action in ("防御", "回避", "カウンター"):
        raise RuleViolation("C-PASS-01", "受動行動を取れるのは攻撃の対象になった者だけです", allowable=False)
    if question.kind == "interrupt" and action in ("インターセプト", "カバーリング") and \
            not (action == "カバーリング" and strike["kind"] == "escape"):
        # asked about the other interrupt only: its side is not offered this one (issue 22); the KP may allow it
        refuse(cmd, SIDE_CLAUSES[action], f"{SIDE_REASONS[action]}（{question.unit}に尋ねたのは"
                                          f"{'／'.join(o for o in question.options if o != 'なし')}です）")
        return
    if question.kind == "obstruct" and action != "妨害":
        raise RuleViolation("C-ESC-02", "逃亡に対しては妨害（受動行動）かインターセプトで対応します", allowable=False)
    if action == "カバーリング" and strike["kind"] == "escape":
        raise RuleViolation("C-ESC-04", "逃亡はインターセプトでなら妨害できます（カバーリングはできません）",
                            allowable=False)
    raise InvalidInput(f"「{action}」はいま選べません。選べるのは: {'／'.join(question.options)}")
