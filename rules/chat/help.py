"""What a speaker can type right now (issue 21, ``/help`` in a battle): for each moment the
speaker's units are in (a question pending, their turn, the round's declaration window),
the choices and two or three phrasings of them that the grammar reads in this very
battle. Every example is read back with :func:`rules.chat.read` before it is shown, so the
help never suggests a line that would not act.

    moment_lines(ctx, read) → ["【アリスへの問い】回避／防御／なし", "  例: 「回避」「防御で」「なし」", …]
"""
from __future__ import annotations

from collections.abc import Callable

from rules.chat.context import ChatContext, ChatQuestion, ChatUnit
from rules.chat.resolve import ANSWER_KINDS, Ambiguous, Declaration, Outcome

MAX_EXAMPLES = 3
"""Phrasings shown per moment."""
MAX_TURN_EXAMPLES = 4
"""Phrasings shown for a turn (an attack, one that then ends the turn, a lead-in, the end)."""
KINDS = {"reaction": "への攻撃（対応を選ぶ）", "cover": "がかばえます", "declare": "のラウンドはじめの宣言"}
"""How a question's kind is named in the help (after the unit's name)."""


def moment_lines(ctx: ChatContext, read: Callable[[str, ChatContext], Outcome]) -> list[str]:
    """The help lines of ``ctx`` for its speaker (``read`` is rules.chat.read); [] when
    the speaker has nothing to type now (see :func:`waiting_lines`)."""
    lines: list[str] = []
    mine = [u for u in ctx.units if ctx.may_move(u, False) and not u.out]
    for question in ctx.questions:
        unit = ctx.unit(question.unit)
        if question.unit and (unit is None or unit not in mine):
            continue
        if not question.unit and not ctx.is_kp:
            continue
        who = f"{unit.name}{KINDS.get(question.kind, 'への問い')}" if unit else "KPへの問い"
        lines.append(f"【{who}】{'／'.join(question.options)}")
        lines += _examples(ctx, read, _answer_phrasings(question, unit, ctx), question.unit or None)
    turn = ctx.unit(ctx.turn) if ctx.turn else None
    others = [q.unit for q in ctx.questions if q.kind in ANSWER_KINDS and ctx.unit(q.unit) not in mine]
    if lines and others:
        lines.append(f"（{'、'.join(others)}の対応を待っています）")
    elif turn is not None and turn in mine and not any(q.kind in ANSWER_KINDS for q in ctx.questions):
        lines.append(f"【{turn.name}の手番】{turn_title(ctx)}")
        lines += _examples(ctx, read, _turn_phrasings(turn, ctx), turn.name, MAX_TURN_EXAMPLES)
    return lines


def waiting_lines(ctx: ChatContext, read: Callable[[str, ChatContext], Outcome]) -> list[str]:
    """For a speaker with nothing to type now: whose turn it is, and what the speaker's own
    unit can type on its turn (the examples read as if it were)."""
    lines = [f"いまは{ctx.turn}の手番です。" if ctx.turn else "いまは誰の手番でもありません。"]
    waiting = [q.unit for q in ctx.questions if q.kind in ANSWER_KINDS]
    if waiting:
        lines[0] += f"（{'、'.join(waiting)}の対応を待っています）"
    own = next((u for u in ctx.units if u.owner == ctx.speaker and not u.out), None)
    if own is not None and ctx.phase == "active":
        theirs = ChatContext(ctx.speaker, ctx.is_kp, ctx.phase, own.name, ctx.units, (), ctx.words, ctx.kp_for_players,
                             system=ctx.system)
        found = _examples(theirs, read, _turn_phrasings(own, theirs), own.name, MAX_TURN_EXAMPLES)
        if found:
            lines.append(f"{own.name}の手番が来たら:")
            lines += found
    return lines


def _answer_phrasings(question: ChatQuestion, unit: ChatUnit | None, ctx: ChatContext) -> list[str]:
    """Ways to type the buttons of ``question``, the most different first: the first
    button's label, a label with a weapon or a foe as a sentence (ナイフで受け流し,
    ゾンビ1に受け流しを宣言), the second with a lead-in (くっ、防御！), the last button."""
    prefix = f"{unit.name}：" if unit is not None and unit.owner != ctx.speaker else ""
    options = list(question.options)
    plain = [o for o in options if "：" not in o]
    said = [prefix + plain[0]] if plain else []
    for option in options:
        head, _, tail = option.partition("：")
        if tail:
            said.append(f"{prefix}{tail}で{head}" if question.kind in ANSWER_KINDS else f"{prefix}{tail}に{head}を宣言")
            break
        if option == "かばう" and question.about:
            said.append(f"{prefix}{question.about}をかばう")
    if len(plain) > 1:
        said += [f"{'' if prefix else 'くっ、'}{prefix}{plain[1]}！", prefix + plain[-1]]
    return said + [prefix + o for o in options]


def turn_title(ctx: ChatContext) -> str:
    """What a turn offers, in the system's words (攻撃・待機・逃亡・ターン終了)."""
    parts = ["攻撃", *(s[0] for s in ctx.words.turn_actions.values() if s), *list(ctx.words.checks)[:1], "ターン終了"]
    return "・".join(parts)


def _turn_phrasings(unit: ChatUnit, ctx: ChatContext) -> list[str]:
    """Ways to type a turn of ``unit``: an attack on a foe (with a weapon, or a power rank
    where the system takes one; one that then ends the turn: 「…を殴ってターン終了」), the system's other turn actions, a treatment of an ally,
    the end of the turn."""
    prefix = f"{unit.name}：" if unit.owner != ctx.speaker else ""
    foes = [u for u in ctx.units if not u.out and unit.opposes(u)]
    allies = [u for u in ctx.units if not u.out and u.name != unit.name and not unit.opposes(u)]
    arms = [a.name for a in unit.arms if a.usable and not a.unarmed]
    lead = "" if prefix else "くっ、"
    said: list[str] = []
    if foes:
        if ctx.words.power:
            said += [f"{prefix}パワー2で{foes[0].name}を攻撃", f"{lead}{prefix}{foes[-1].name}を攻撃、パワー3"]
        elif arms:
            said += [f"{prefix}{foes[0].name}を{arms[0]}で攻撃", f"{prefix}{foes[-1].name}を{arms[-1]}で攻撃してターン終了",
                     f"{lead}{prefix}{foes[-1].name}を{arms[-1]}で攻撃！"]
        else:
            said += [f"{prefix}{foes[0].name}をこぶしで攻撃", f"{prefix}{foes[-1].name}を殴ってターン終了",
                     f"{lead}{prefix}{foes[-1].name}にキック！"]
    for spellings in ctx.words.turn_actions.values():
        if spellings:
            said.append(prefix + spellings[0])
    if allies and ctx.words.checks and unit.owner is not None:
        said.append(f"{prefix}{allies[0].name}に{next(iter(ctx.words.checks))}")
    said.append(f"{prefix}ターン終了")
    return said


def _examples(ctx: ChatContext, read, phrasings: list[str], unit: str | None, limit: int = MAX_EXAMPLES) -> list[str]:
    """``  例: 「…」「…」`` with up to ``limit`` of ``phrasings`` that read, in ``ctx``, as a
    declaration (or a question) of ``unit``; [] when none does."""
    kept: list[str] = []
    seen: set[str] = set()
    for text in phrasings:
        outcome = read(text, ctx)
        choice = outcome.choices[0] if isinstance(outcome, Ambiguous) and outcome.choices else outcome
        if not isinstance(choice, Declaration) or (unit and choice.unit != unit) or choice.text in seen:
            continue
        seen.add(choice.text)
        kept.append(f"「{text}」")
        if len(kept) == limit:
            break
    return [f"  例: {''.join(kept)}"] if kept else []
