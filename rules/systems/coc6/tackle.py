"""The special attack 「タックル」 (H-MA-TACKLE-01..16): [STR×5] or 〈頭突き〉 with
〈武道：組み技系〉 on one die, then the attacker's choice of 組み付き (grapple, 1D4+db,
CON×5) or 吹き飛ばし (advance 1 square, 1D4+db, knocked back 3 squares, DEX×5, CON×5)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.check import SuccessLevel
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, forbid
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import Strike, check_limit, check_reach, roll_strike
from rules.systems.coc6.called_shot import KNOCKOUT, called_shot, canonical_aim, merged_context
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.grid import apart, direction, step
from rules.systems.coc6.hit import Incoming, hit
from rules.systems.coc6.options import BLOCK, DODGE, HIDE, available
from rules.systems.coc6.salto import WARD_OFF, require_grappling
from rules.systems.coc6.state import CocState, CocUnit

TACKLE = "タックル"
CHOICE = "タックル選択"
GRAB, KNOCK = "組み付き", "吹き飛ばし"
DAMAGE = "1D4"
"""H-MA-TACKLE-08/11: both variants deal 1D4+db."""


def tackle(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
           dice: Dice) -> None:
    """``/attack special:タックル [weapon:頭突き]``: 1 AP; one die against 〈武道：組み技系〉
    and [STR×5] (or 〈頭突き〉 with ``weapon:頭突き``), both must succeed (H-MA-TACKLE-05);
    then the attacker chooses 組み付き or 吹き飛ばし (H-MA-TACKLE-06). With a map the target
    may stand 2 squares away: the knock-away advances 1 square (H-MA-TACKLE-07).

    Raises RuleViolation: H-MA-TACKLE-01 (組み技系 < 60), H-CALL-01/02 (a part that cannot be
    aimed at). A called shot combines with it (H-MA-02): its modifier and effects apply.
    """
    state = d.state
    budo = require_grappling(actor, state.settings, "H-MA-TACKLE-01", TACKLE)
    aim = canonical_aim(cmd.aim)
    called = called_shot(state, target, aim)  # H-MA-02: a called shot combines with タックル
    assert actor.character is not None
    head = (cmd.weapon or "").strip() == "頭突き"
    skill = (actor.character.skill("頭突き") if head else actor.character.stat("STR") * 5) + cmd.modifier + called.modifier
    body = Weapon(TACKLE, "頭突き" if head else "STR×5", DAMAGE,
                  ParryClass.HEAD_BUTT if head else ParryClass.GRAPPLE)
    check_limit(rules, state, actor, body, 1)
    gap = apart(state, actor, target)
    if gap is not None and gap > 2:
        forbid("X-REACH-01", f"{target.id}まで{gap}マスあり、タックルは届きません（吹き飛ばしでも1マス前進まで）。")
    if gap is None or gap <= 1:
        check_reach(state, actor, target, body)
    plan = Strike(actor, target, body, max(0, skill), budo=budo, double=False, special=TACKLE,
                  aim=aim if aim != KNOCKOUT else None, purpose=f"タックル（{'頭突き' if head else 'STR×5'}）")
    number, level, budo_ok = roll_strike(rules, d, plan, dice)
    if level is None or not budo_ok:
        d.emit(ce.AttackResolved(attack=number, outcome="タックルは決まらなかった（両方の成功が必要）"))
        return
    options = [GRAB] if aim == KNOCKOUT else ([KNOCK] if gap == 2 else [GRAB, KNOCK])
    context = {"special": CHOICE, "number": number, "level": level, "weapon": body.to_dict(),
               "target": target.id, "knockout_only": aim == KNOCKOUT, "parry_weapons": [], "aim": aim,
               "prompt": f"{actor.id}のタックルが決まりました。組み付きか吹き飛ばしを選んでください。"}
    if len(options) == 1:
        d.emit(ce.ReactionRequested(attack=number, unit=actor.id, attacker=actor.id, options=options,
                                    context=context))
        choose(rules, d, d.state.coc_unit(actor.id), d.state.pending_for(actor.id), options[0], dice)
        return
    d.emit(ce.ReactionRequested(attack=number, unit=actor.id, attacker=actor.id, options=options,
                                context=context))


def choose(rules: CocRules, d: Decision[CocState], actor: CocUnit, pending: Pending | None,
           action: str, dice: Dice) -> None:
    """The tackler's answer ``組み付き`` or ``吹き飛ばし``: the question passes to the target,
    who may ward it off with 〈武道〉 (H-MA-TACKLE-14) or dodge.

    Raises RuleViolation H-MA-TACKLE-13 for 吹き飛ばし on a knockout-only tackle;
    InvalidInput for another answer.
    """
    assert pending is not None
    if action not in pending.options:
        if action == KNOCK and pending.context.get("knockout_only"):
            raise RuleViolation("H-MA-TACKLE-13", "ノックアウト効果のみを狙ったタックルでは吹き飛ばしを選べません。")
        raise InvalidInput(f"選べるのは {'／'.join(pending.options)} です。")
    state = d.state
    target = state.coc_unit(pending.context["target"])
    number = pending.id
    if action == GRAB:
        effects = [{"kind": "grapple"}, {"kind": "ko_check", "cause": "タックル（H-MA-TACKLE-12）"}]
    else:
        delta = (0, 0)
        if actor.square and target.square:
            delta = direction(actor.square, target.square)
            ahead = step(actor.square, delta)
            d.emit(ce.UnitMoved(unit=actor.id, start=actor.square, square=ahead,
                                cause="タックルで1マス前進（H-MA-TACKLE-07）"))
        effects = [{"kind": "knockback", "delta": list(delta)},
                   {"kind": "prone_check", "cause": "吹き飛ばし（H-MA-TACKLE-09）"},
                   {"kind": "ko_check", "cause": "吹き飛ばし（H-MA-TACKLE-10）"}]
    d.emit(ce.ReactionChosen(attack=number, unit=actor.id, action=action))
    called = called_shot(state, target, pending.context.get("aim"))  # H-MA-02
    if pending.context["level"] in (SuccessLevel.SPECIAL.value, SuccessLevel.CRITICAL.value):
        effects = effects + list(called.on_special)
    context = merged_context({"number": number, "level": pending.context["level"], "special": TACKLE,
                              "variant": action, "effects": effects, "aim": pending.context.get("aim"),
                              "knockout_only": bool(pending.context.get("knockout_only")),
                              "attacker": actor.id, "weapon": pending.context["weapon"], "parry_weapons": []},
                             called)
    inc = Incoming(number, actor.id, Weapon.from_dict(context["weapon"]), target.id, context)
    if target.out_of_action:
        hit(d, inc, dice)
        return
    options = available(rules, state, target, inc, (DODGE, BLOCK, HIDE))
    ward = [WARD_OFF] if target.uses_left("受け流し") > 0 else []
    options = options[:-1] + ward + [options[-1]]
    if "スタン" in target.conditions:
        options = ["なし"]
    d.emit(ce.PendingHandedOver(attack=number, unit=target.id, options=options, context=context))
