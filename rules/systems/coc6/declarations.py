"""The round-start declaration window of CoC 6 (受け流し H-DEF-PARRY-01 / P-PARRY-02,
「○○に集中」 H-DEF-03, 行動遅延 H-DELAY-01): on an asynchronous channel nobody loses the
chance to declare because someone else was quicker.

When a round opens, every unit that may declare something is called (:class:`DeclarationsOpened`):
under the house rules (seed 000) every unit able to act (集中 and 遅延 are open to all), under
the book and budo rules only those that need a parry declaration (〈マーシャルアーツ〉/〈武道〉
below ``parry_free_at``). Each called unit answers by declaring or with 「宣言しない」
(``/declare action:なし``). The window closes for one unit when it answers 宣言しない, acts
(attack, AP spent, a move, the end of its turn: acting counts as having declared nothing), or
is asked to react; for everyone when the KP closes it (「宣言を締め切る」, ``/kp close``, or the
service's timeout, a deadline). Until then an attack on a player's unit that has not answered
waits (refused, nothing rolled); attacks on the KP's NPCs never wait (the KP declares for them
with ``as:`` or lifts the clause with ``/kp allow``). A unit that declared one thing may add
another until it acts or the window closes.

``rules`` has no clock: the timeout is the service's deadline, which decides ``CloseDeclarations``.
"""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.battle.keeper import CloseDeclarations
from rules.battle.permissions import require_keeper
from rules.battle.protocol import Prompt
from rules.errors import InvalidInput
from rules.systems.coc6.concentrate import ACTIONS as FOCUS_ACTIONS
from rules.systems.coc6.concentrate import SUFFIX as FOCUS_SUFFIX
from rules.coc6.character import Character
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.events import UnitMarked
from rules.systems.coc6.parrying import PARRY, needs_parry_declaration
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.window import DeclarationAnswered, DeclarationsClosed, DeclarationsOpened

NONE = "なし"
"""``/declare action:なし``: the unit declares nothing this round."""
NONE_LABEL = "宣言しない"
"""The button of :data:`NONE` (the text answer 「宣言しない」 means the same)."""
STANDING = "以後宣言しない"
"""``/declare action:以後宣言しない``: 「宣言しない」 for this round and every later one of the
battle, a standing choice the status shows (issue 22); the unit is no longer called."""
STANDING_WORDS = (STANDING, "今後宣言しない", "ずっと宣言しない", "以降宣言しない")
LIFT = "宣言再開"
"""``/declare action:宣言再開``: lifts :data:`STANDING` (called again from the next round)."""
LIFT_WORDS = (LIFT, "宣言を再開", "宣言を再開する")
NO_DECLARE = "no_declare"
"""The unit mark of :data:`STANDING` (``CocUnit.marks``)."""
CLOSE_LABEL = "宣言を締め切る"
"""The KP's button that closes the window for everyone (``/kp close``)."""
PARRY_WITH = PARRY + "："
"""A parry button names its opponent: ``受け流し：ゾンビ``."""
DELAY = "行動遅延"
MAX_OPPONENTS = 12
"""At most this many 受け流し buttons (a message holds 25 buttons); others: /declare target:."""
FOCUS_OPTIONS = tuple(action + FOCUS_SUFFIX for action in FOCUS_ACTIONS)
"""The five 「○○に集中」 buttons of the house rules (H-DEF-03)."""
ANSWERS = (NONE_LABEL, STANDING)
"""The buttons every declaration ends with."""


# --- who may declare --------------------------------------------------------------------

def may_declare(rules: CocRules, state: CocState, unit: CocUnit) -> bool:
    """Whether ``unit`` has something to declare at a round's start: under the house rules
    every unit able to act (H-DEF-03, H-DELAY-01); else one that must declare a parry to
    parry at all (H-DEF-PARRY-01, P-PARRY-05)."""
    if unit.out_of_action or unit.id in state.acted or "スタン" in unit.conditions:
        return False
    if unit.marks.get(NO_DECLARE):  # 「以後宣言しない」: a standing answer
        return False
    return rules.rule_set == "H" or needs_parry_declaration(rules, state, unit)


def open_window(rules: CocRules, d: Decision[CocState]) -> None:
    """After a decision that started a round: call the units that may declare (nothing
    when none may, as in most book-rule battles)."""
    for e in d.events:
        if isinstance(e, ev.RoundStarted):
            break
    else:
        return
    state = d.state
    units = [u for u in state.order if u in state.units and may_declare(rules, state, state.coc_unit(u))]
    if units:
        d.emit(DeclarationsOpened(round=state.round, units=units))


def answer_none(d: Decision[CocState], unit: CocUnit) -> None:
    """``/declare action:なし`` / 「宣言しない」: ``unit`` declares nothing (more) this round."""
    if unit.id not in d.state.may_declare:
        raise InvalidInput(f"{unit.id}はこのラウンドの宣言の受付中ではありません。")
    d.emit(DeclarationAnswered(unit=unit.id))


def answer_standing(d: Decision[CocState], unit: CocUnit) -> None:
    """``/declare action:以後宣言しない``: ``unit`` declares nothing this round (if it is called
    now) and is not called in later rounds until :func:`lift` (issue 22)."""
    if unit.marks.get(NO_DECLARE):
        raise InvalidInput(f"{unit.id}はすでに「{STANDING}」を選んでいます（戻すには /declare action:{LIFT}）。")
    d.emit(UnitMarked(unit=unit.id, key=NO_DECLARE, value=True,
                      note=f"{unit.id}は以後のラウンドで宣言しません（いつでも /declare action:{LIFT} で戻せます）。"))
    if unit.id in d.state.may_declare:
        d.emit(DeclarationAnswered(unit=unit.id))


def lift(d: Decision[CocState], unit: CocUnit) -> None:
    """``/declare action:宣言再開``: lift ``unit``'s :data:`STANDING`; it is called again from the
    next round (this round's window stays as it is)."""
    if not unit.marks.get(NO_DECLARE):
        raise InvalidInput(f"{unit.id}は「{STANDING}」を選んでいません。")
    d.emit(UnitMarked(unit=unit.id, key=NO_DECLARE, value=None,
                      note=f"{unit.id}の「{STANDING}」を取り消しました。次のラウンドから宣言を受け付けます。"))


def close(rules: CocRules, d: Decision[CocState], cmd: CloseDeclarations) -> None:
    """``/kp close``: the KP closes this round's declarations (KP only)."""
    require_keeper(d.state, cmd, "宣言の締め切り")
    state = d.state
    if state.phase != "active" or not state.may_declare:
        raise InvalidInput("いま受け付け中の宣言はありません。")
    d.emit(DeclarationsClosed(by=cmd.issuer, silent=list(state.declaring), timeout=cmd.timeout))


# --- the status ---------------------------------------------------------------------------

def notes(unit: CocUnit) -> tuple[str, ...]:
    """What the status shows a KP about ``unit`` (issue 22): this round's declarations
    (「回避に集中」, 「受け流し宣言（ゾンビ）」, 「行動遅延（DEX−3）」), the standing 「以後宣言しない」,
    and each wound's losses (「腕の負傷: こぶし−17%・バット−14%（ほか10技能も低下）」, H-CALL-ARM-02)."""
    found: list[str] = []
    for declared in unit.declarations:
        action = declared["action"]
        if action == PARRY:
            found.append(f"受け流し宣言（{declared.get('target')}）")
        elif action == DELAY:
            found.append(f"行動遅延（DEX−{declared.get('amount')}）")
        else:
            found.append(action)
    if unit.marks.get(NO_DECLARE):
        found.append(STANDING)
    for wound in unit.wounds:
        skills = wound.get("skills") or {}
        own = _own_skills(unit, skills)
        losses = [f"{k}{v:+d}".replace("-", "−") for k, v in (wound.get("stats") or {}).items()]
        losses += [f"{k}{v:+d}%".replace("-", "−") for k, v in skills.items() if k in own]
        others = sum(1 for k in skills if k not in own)
        more = f"（ほか{others}技能も低下）" if others else ""
        if losses or more:
            found.append(f"{wound.get('part')}の負傷: {'・'.join(losses)}{more}")
    return tuple(found)


def _own_skills(unit: CocUnit, lost: dict) -> set[str]:
    """Of the skills a wound lowered (``lost``: ``{skill: −%}``), those the unit uses: its
    carried weapons, こぶし (everyone's blow) and any raised above its base value before the
    wound (the other base-value attack skills are summed up in the note)."""
    sheet = unit.character
    if sheet is None:
        return set()
    carried = {w.name for w in sheet.weapons} | {w.skill for w in sheet.weapons} | {"こぶし"}
    bare = Character(name="", stats=sheet.stats)  # the base values (X-SKILL-01)
    return carried | {k for k, v in lost.items() if sheet.skill(k) - v != bare.skill(k)}


# --- prompts ------------------------------------------------------------------------------

def options(rules: CocRules, state: CocState, unit: CocUnit) -> tuple[str, ...]:
    """The buttons of ``unit``'s declaration: 受け流し against each unit of the other side
    (when it needs the declaration), the five 「○○に集中」 (house rules), then 宣言しない and
    以後宣言しない."""
    parry: tuple[str, ...] = ()
    if needs_parry_declaration(rules, state, unit) and not unit.declared(PARRY):
        foes = [u.id for u in state.units.values()
                if u.side != unit.side and not u.out_of_action][:MAX_OPPONENTS]
        parry = tuple(PARRY_WITH + foe for foe in foes)
    focus = FOCUS_OPTIONS if rules.rule_set == "H" and not _focused(unit) else ()
    return parry + focus + ANSWERS


def _focused(unit: CocUnit) -> bool:
    """Whether ``unit`` declared a 「○○に集中」 this round."""
    for declared in unit.declarations:
        if declared["action"].endswith(FOCUS_SUFFIX):
            return True
    return False


def prompts(rules: CocRules, state: CocState) -> list[Prompt]:
    """One prompt per unit whose declaration is awaited, and the KP's 「宣言を締め切る」 naming
    the units awaited but hidden NPCs (H-GEN-01: their prompts go to the KP alone)."""
    if state.phase != "active" or not state.declaring:
        return []
    found = []
    shown = []
    delay = f"、行動遅延は /declare action:{DELAY} amount:下げるDEX" if rules.rule_set == "H" else ""
    asked = f"は宣言しますか？（ボタンか /declare action:…{delay}。なければ「{NONE_LABEL}」）"
    for unit_id in state.declaring:
        unit = state.coc_unit(unit_id)  # KeyError never: a removed unit leaves the window (window.py)
        found.append(Prompt(
            kind="declare", unit=unit_id, owner=unit.owner, options=options(rules, state, unit),
            text=f"ラウンド{state.round}開始時の宣言: {unit_id}{asked}", key=f"d{state.round}-{unit_id}"))
        if not unit.hidden:
            shown.append(unit_id)
    waiting = "、".join(shown or state.declaring)  # hidden NPCs only: this goes to the KP alone (bot.render.battle)
    found.append(Prompt(kind="declarations", unit="", owner=None, options=(CLOSE_LABEL,),
                        text=f"ラウンド{state.round}: 宣言を待っています（{waiting}）。未回答のPCへの攻撃は回答を待ちます。"
                             f"KPは「{CLOSE_LABEL}」（/kp close）で締め切れます（未回答は宣言なし）。",
                        key=f"d{state.round}"))
    return found


