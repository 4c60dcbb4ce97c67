"""The special action 「サルト」 (throw, B-SALTO-01..06).

``/attack special:サルト target:<held unit>``: only while the actor holds the target in a
grapple (X-GRAPPLE-01), at most once a round, as the actor's attack of the round
(B-SALTO-02 default). It needs a 〈武道：組み技系〉 success (B-SALTO-01): the 武道 part of
this round's grapple attack, else a 〈武道：組み技系〉 roll made now. The throw then succeeds
by itself and deals 1d6+db (B-SALTO-03); a successful 〈組み付き〉 of the target is a
break-fall 「受け身」 that halves it, rounded up (B-SALTO-04, X-ROUND-01); a failed one calls
for a resistance roll of 2 × damage against CON, lost = ノックアウト (B-SALTO-05); either way
the target ends up 転倒 (B-SALTO-06) and the grapple stays as it was.
"""
from __future__ import annotations


from rules.battle.decision import Decision
from rules.coc6.check import roll_check
from rules.dice import Dice
from rules.errors import refuse
from rules.systems.coc6 import conditions as cond
from rules.systems.coc6 import events as ce
from rules.systems.coc6.checks import bands
from rules.systems.coc6.damage import Blow, roll_damage, take_damage
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6_budo.resist import resist
from rules.systems.coc6_budo.skills import GRAPPLING, require_style

SALTO = "サルト"
DAMAGE = "1D6"
"""B-SALTO-03: the throw deals 1d6+db."""
BUDO_MARK = "budo_grapple"
"""Unit mark: the round in which its grapple attack's 武道 part succeeded (B-SALTO-01)."""
ROUND_MARK = "salto_round"
"""Unit mark: the round of its last サルト (B-SALTO-02 default: once a round)."""


def holds(actor: CocUnit, target: CocUnit) -> bool:
    """Whether ``actor`` and ``target`` are in a grapple with each other (X-GRAPPLE-01)."""
    return actor.marks.get("holding") == target.id or target.marks.get("holding") == actor.id


def salto(cmd, d: Decision[CocState], actor: CocUnit, target: CocUnit, dice: Dice, counts: bool = True) -> None:
    """Throw ``target`` (``cmd``: the /attack, for the KP's ``/kp allow``). ``counts`` False
    for a counter attack (B-COUNTER-07 allows it).

    Raises RuleViolation: B-SALTO-01 (no 〈武道：組み技系〉), B-SPEC-01 (below 60%),
    B-SALTO-02 (no grapple with the target, a second throw this round, or the round's
    attack already made).
    """
    state = d.state
    budo = require_style(cmd, actor, state.settings, GRAPPLING, "B-SALTO-01", SALTO)
    if not holds(actor, target):
        refuse(cmd, "B-SALTO-02", f"サルトは組み付きが続いている間に宣言できます（{actor.id}と{target.id}は組み合っていません）。")
    if actor.marks.get(ROUND_MARK) == state.round:
        refuse(cmd, "B-SALTO-02", "サルトは1ラウンドに1回までです。")
    if counts and actor.attacks >= 1:
        refuse(cmd, "B-SALTO-02", f"サルトはそのラウンドの攻撃として行います（{actor.id}はもう攻撃しました）。")
    number = state.next_attack
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id, weapon=SALTO,
                             skill=budo.value, ap=0, counts=counts, special=SALTO))
    d.emit(ce.UnitMarked(unit=actor.id, key=ROUND_MARK, value=state.round))
    if actor.marks.get(BUDO_MARK) != state.round:
        check = roll_check(budo.value, dice, bands(state))
        d.emit(ce.CheckRolled(unit=actor.id, purpose=f"サルト（〈{budo.skill}〉）", target=budo.value,
                              roll=check.roll, level=check.level.value, text=check.text(), attack=number))
        if not check.succeeded:
            d.emit(ce.AttackResolved(attack=number, outcome="〈武道〉に失敗し、サルトは宣言できなかった"))
            return
    assert actor.character is not None and target.character is not None
    expr = DAMAGE + actor.character.damage_bonus
    damage = roll_damage(d, number, target.id, expr, dice)
    blow = Blow(damage, f"{expr} ＞ {damage}")
    skill = target.character.skill("組み付き")
    fall = roll_check(skill, dice, bands(state))
    d.emit(ce.CheckRolled(unit=target.id, purpose="受け身（〈組み付き〉）", target=skill, roll=fall.roll,
                          level=fall.level.value, text=fall.text(), attack=number))
    if fall.succeeded:
        blow = blow.halved("（受け身）")
        damage = blow.amount
    dealt = take_damage(d, target.id, blow, dice, cause=f"{actor.id}のサルト" + ("（受け身で半減）" if fall.succeeded else ""))
    if not fall.succeeded and not d.state.units[target.id].out_of_action:
        if resist(d, actor.id, 2 * damage, target.character.stat("CON"), "ノックアウト（ダメージ×2対CON）", dice, number):
            cond.add(d, target.id, cond.KNOCKOUT, "サルトで受け身に失敗（B-SALTO-05）")
    cond.add(d, target.id, cond.PRONE, "サルトで投げられた（B-SALTO-06）")
    d.emit(ce.AttackResolved(attack=number, outcome=f"サルト：{dealt.phrase()}"))
