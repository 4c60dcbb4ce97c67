"""「かばう」 (protect an ally): the protector rolls [DEX×5] and takes the blow; then it may
block or parry outside the round's limits (H-DEF-COVER-01..13). Seed 000 only.

Sent by the protector, naming the attacked ally: ``/react action:かばう target:<ally>``
(several allies in one square: ``target:A、B``, every roll at 1/N). Range is checked only
when the units stand on squares (X-TOUCH-01, X-REACH-01).
"""
from __future__ import annotations

import math
from dataclasses import replace
import re

from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.check import SuccessLevel
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation
from rules.systems.coc6 import events as ce
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.feint import FIRST as FEINT_FIRST
from rules.systems.coc6.hit import Incoming, attack_blow, finish, land, land_each
from rules.systems.coc6.limits import common_refusal, defense_target, roll_defense
from rules.systems.coc6.options import BLOCK, PARRY, available, request_reaction
from rules.systems.coc6.state import CocState, CocUnit

COVER = "かばう"
FOLLOW_UP = (BLOCK, PARRY)
"""H-DEF-COVER-07/11: after かばう only 「防御」 or 〈受け流し〉 (H-DEF-COVER-09: no 回避, 隠れる)."""


def square_xy(square: str | None) -> tuple[int, int] | None:
    """``"C4"`` → (column 3, row 4); None for no square."""
    match = re.fullmatch(r"([A-Za-z]+)(\d+)", square or "")
    if not match:
        return None
    column = 0
    for letter in match.group(1).upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return column, int(match.group(2))


def distance(a: CocUnit, b: CocUnit) -> int | None:
    """Chebyshev distance in squares (X-REACH-01), or None when either has no square."""
    pa, pb = square_xy(getattr(a, "square", None)), square_xy(getattr(b, "square", None))
    if pa is None or pb is None:
        return None
    return max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1]))


def range_refusal(state: CocState, protector: CocUnit, ally: CocUnit) -> RuleViolation | None:
    """H-DEF-COVER-03: same square (タッチ) always; H-DEF-COVER-04: one square away only when
    no hostile unit shares the protector's square; farther never. None without squares."""
    gap = distance(protector, ally)
    if gap is None or gap == 0:
        return None
    if gap > 1:
        return RuleViolation("H-DEF-COVER-04", f"{ally.id}は{gap}マス離れていてかばえません（周囲1マスまで）")
    for other in state.units.values():
        if isinstance(other, CocUnit) and other.side != protector.side and not other.out_of_action \
                and distance(other, protector) == 0:
            return RuleViolation("H-DEF-COVER-04", f"{protector.id}は敵（{other.id}）と同じマスにいるので、隣のマスの味方はかばえません")
    return None


def coverable(state: CocState, ally: str) -> Pending | None:
    """The question about an attack on ``ally`` that a protector may still take over: the
    first answer to a hit, not a follow-up."""
    pending = state.pending_for(ally)
    if pending is None or pending.kind != "reaction" or pending.context.get("followup") \
            or pending.context.get("covered") or pending.context.get("covering") \
            or pending.context.get("special") == FEINT_FIRST:  # it fails by itself (H-MA-FEINT-04)
        return None
    return pending


def refusal(rules: CocRules, state: CocState, protector: CocUnit, allies: list[CocUnit]) -> RuleViolation | None:
    """Why ``protector`` may not protect ``allies`` (the first one being attacked), or None."""
    if rules.rule_set != "H":
        return InvalidInput(f"{rules.title}には「かばう」はありません。")
    ally = allies[0]
    if protector.out_of_action:
        return InvalidInput(f"{protector.id}は行動不能です。")
    if any(a.id == protector.id for a in allies):
        return InvalidInput("自分自身はかばえません。target: にかばう味方を指定してください。")
    pending = coverable(state, ally.id)
    asked = state.pending_for(ally.id)
    if pending is None and asked is not None and asked.context.get("special") == FEINT_FIRST:
        return RuleViolation("H-MA-FEINT-04", f"{ally.id}が受けているのはフェイントの1撃目で、自動で失敗します（かばう必要はありません）。")
    if pending is None:
        return InvalidInput(f"{ally.id}がいま受けている攻撃はありません。")
    if pending.context.get("attacker") == protector.id:
        return InvalidInput("自分の攻撃から味方をかばうことはできません。")
    enemies = [a.id for a in allies if a.side != protector.side]
    if enemies:
        return RuleViolation("H-DEF-COVER-01", f"かばえるのは味方だけです（{'、'.join(enemies)}は敵）")
    squares = {getattr(a, "square", None) for a in allies}
    if len(allies) > 1 and None not in squares and len(squares) > 1:
        return RuleViolation("H-DEF-COVER-02", "複数をかばえるのは、全員が同じマスにいるときだけです")
    for a in allies:
        found = range_refusal(state, protector, a)
        if found is not None:
            return found
    return common_refusal(rules, protector, COVER, None)


def protectors(rules: CocRules, state: CocState, ally: str) -> list[str]:
    """Units that may protect ``ally`` from the attack it is answering now (their prompts)."""
    if rules.rule_set != "H" or coverable(state, ally) is None:
        return []
    target = state.coc_unit(ally)
    return [u.id for u in state.units.values()
            if isinstance(u, CocUnit) and u.id != ally and u.side == target.side
            and refusal(rules, state, u, [target]) is None]


def protect(rules: CocRules, d: Decision[CocState], protector: CocUnit, allies: list[CocUnit],
            dice: Dice) -> None:
    """Roll [DEX×5] ÷ N (N = allies protected, H-DEF-COVER-02/05) for the attack on ``allies[0]``.

    Success: the protector takes the blow (rolled now, as on a failure) and may block or
    parry, not counted (H-DEF-COVER-06..09). Failure: each takes ½ (rounded up), and each may still block or
    parry at ½ (H-DEF-COVER-10/11); a burst's bullets are halved one by one, armour against
    each (H-DEF-06). Critical: the damage is cancelled; a successful parry
    then offers a counterattack with ½ damage (H-DEF-COVER-12). Fumble: each takes the
    full damage and neither may defend (H-DEF-COVER-13).
    """
    assert protector.character is not None
    ally = allies[0]
    pending = coverable(d.state, ally.id)
    assert pending is not None
    inc = Incoming.of(pending)
    n = len(allies)
    own = Incoming(inc.number, inc.attacker, inc.weapon, protector.id, {**inc.context, "factor": n})
    d.emit(ce.ReactionChosen(attack=inc.number, unit=protector.id, action=COVER, weapon=None))
    d.emit(ce.ReactionUsed(unit=protector.id, action=COVER))
    target = defense_target(protector, COVER, protector.character.stat("DEX") * 5, own)
    check = roll_defense(d, protector, COVER, f"かばう（DEX×5{'÷' + str(n) if n > 1 else ''}）", target, own, dice)
    d.emit(ce.PendingClosed(attack=inc.number, unit=ally.id, outcome=_outcome(check.level, protector.id, ally.id)))
    covered = {k: v for k, v in inc.context.items() if k not in ("parry_weapons",)}
    if check.level is SuccessLevel.CRITICAL:
        _follow(rules, d, protector.id, inc, covered, [PARRY], covering=True, cancelled=True, factor=n)
        return
    # The blow is rolled now on every course that takes it, so its dice fall in the same place
    # whether the かばう succeeds or fails: a /kp override of this roll reuses the damage
    # already shown instead of rolling it again (H-GEN-01).
    blow = attack_blow(d, Incoming(inc.number, inc.attacker, inc.weapon, ally.id, inc.context), dice)
    damage = blow.amount
    if check.succeeded:
        _follow(rules, d, protector.id, inc, covered, FOLLOW_UP, covering=True, factor=n, damage=damage)
        return
    bullets = [int(b) for b in inc.context.get("bullets") or []]
    volley = len(bullets) > 1  # a burst: each bullet is dealt on its own (H-DEF-06)
    if check.level is SuccessLevel.FUMBLE:
        dealt = [land_each(d, replace(inc, defender=unit), dice) if volley else land(d, inc, unit, blow, dice).phrase()
                 for unit in (ally.id, protector.id)]
        d.emit(ce.AttackResolved(attack=inc.number, outcome=f"かばうファンブル（防御行動不可）：{'、'.join(dealt)}"))
        return
    halves = [math.ceil(b / 2) for b in bullets] if volley else []  # H-DEF-COVER-10: each bullet halved
    half = sum(halves) if volley else math.ceil(damage / 2)
    split = {"bullets": halves} if volley else {}
    _follow(rules, d, ally.id, inc, covered, FOLLOW_UP, covered=True, damage=half, factor=2, cover_failed=True,
            **split)
    _follow(rules, d, protector.id, inc, covered, FOLLOW_UP, covering=True, damage=half, factor=2,
            cover_failed=True, **split)


def _outcome(level: SuccessLevel, protector: str, ally: str) -> str:
    """The line that tells the table how the かばう went."""
    if level is SuccessLevel.CRITICAL:
        return f"{protector}が{ally}をかばい、攻撃を完全に打ち消した（決定的成功）"
    if level.succeeded:
        return f"{protector}が{ally}の前に飛び出し、攻撃を引き受けた"
    if level is SuccessLevel.FUMBLE:
        return f"{protector}は{ally}をかばいきれず、二人とも攻撃をまともに受ける（ファンブル）"
    return f"{protector}は{ally}をかばいきれず、ダメージを半分ずつ受ける"


def _follow(rules: CocRules, d: Decision[CocState], unit: str, inc: Incoming, context: dict,
            among, **extra) -> None:
    """Ask ``unit`` its follow-up (防御／受け流し／なし) about the covered attack."""
    merged = {**context, **extra}
    follow = Incoming(inc.number, inc.attacker, inc.weapon, unit, merged)
    options = available(rules, d.state, d.state.coc_unit(unit), follow, among)
    if options == ["なし"] and merged.get("cancelled"):
        finish(d, follow, "かばう決定的成功：ダメージを打ち消した")
        return
    request_reaction(rules, d, inc.number, inc.attacker, unit, inc.weapon, merged, among)
