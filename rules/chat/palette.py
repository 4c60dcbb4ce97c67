"""Dice lines in battle chat (issue 21): the roll is the declaration.

A line whose first word is a 1D100 check (``CCB<=70``, ``CC<=50``, ``1D100<=70``, ``S`` in
front for a secret one; the target as BCDice reads it: ``CCB<=101-20``, ``CCB<=(14*5)``,
``CCB<=70*2/3``) and whose comment says what is rolled is read here:

- while a question is pending for the roller's unit, the roll is its answer
  (``CCB<=28 〈回避〉``); the KP's secret roll answers for an NPC and stays secret
  (``SCCB<=20 【回避】``), as its secret roll on the NPC's turn is its attack or check;
- on the speaker's own turn, a comment naming one of the unit's weapons or an attack skill
  (``CCB<=70 【キック】``, ``CCB<=75 【拳銃】``, ``1d100<=70 キック``) is that attack, a
  treatment skill (``CCB<=55 【応急手当】``) the treatment, any other CoC skill that
  skill's check (``CCB<=75 【目星】``);
- the target is the unit the rest of the comment names (``ゾンビ1``, ``→ゾンビ``,
  ``ゾンビへ``); without one, an :class:`Untargeted` roll lists every possible target and
  the battle side keeps the only legal one or asks (bot.battle.palette_play).

The number typed is kept as ``typed_target``; the rules' number decides. A CoC 7th
edition line (``CC(-1)<=70``, ``CC-1<=70``, ``CC(1)<=50``, ``CC<=50h``) is
:class:`SeventhEdition`: a 6th battle never rolls it as if its bonus/penalty dice or its
difficulty were not there. Pure: no I/O, no dice.
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from rules.chat import lexicon
from rules.chat.context import ChatContext, ChatUnit
from rules.chat.normalize import fold
from rules.chat.resolve import Ambiguous, Declaration, Outcome, _held, _one
from rules.coc6.character import BASE_SKILLS, CHARACTERISTIC_ROLL, canonical_skill
from rules.coc6.skill_list import DERIVED, RULEBOOK_BASES, SKILL_TABLE, specialty_base
from rules.dice import DiceError, parse

ROLLED = ("react", "attack", "check")
"""The commands whose first roll is a 1D100 check a typed roll can stand for."""

_HEAD = re.compile(r"(?i)(?P<secret>s?)(?P<kind>ccb|cc|1d100)(?:\(\d+\))?<=(?P<target>[\d+\-*/()]+)")
"""A 6th edition check as BCDice reads it: the command, 故障ナンバー, and the target with
its arithmetic (``CCB<=101-20``)."""

_SEVENTH = re.compile(r"(?i)s?cc(?:\(\s*[-+]?\d\s*\)|[-+]?\d)(?:<=\S*)?|s?cc(?:\(\s*[-+]?\d+\s*\))?<=[\d+\-*/()]+[rhec]")
"""CoC 7th edition: bonus/penalty dice ``CC(-1)``, ``CC(1)``, ``CC-1``, ``CC1`` (a one-digit
count: a 6th edition 故障ナンバー that low would fault almost every roll), or a difficulty
letter after the target (``CC<=50h``: r, h, e, c)."""

_PAREN = re.compile(r"\s*[(（][^()（）]*[)）]$")
"""A parenthesised gloss after a skill's name (キック（蹴り）)."""
_BRACKETED = re.compile(r"[【〈「《『\[［](?P<word>[^】〉」》』\]］]{1,20})[】〉」》』\]］]")
_ARROWS = re.compile(r"^(?:→|⇒|->|=>|[-=>])+")
_LABEL = re.compile(r"^(?:対象|目標|相手|ターゲット|target)(?::|=|ハ)")
"""A word that heads the target in a palette comment (「対象：ゾンビ1」「target:ゾンビ1」), folded."""
_TARGET_PARTICLES = ("に対して", "めがけて", "目掛けて", "に向けて", "へ", "に", "を", "宛", "あて")

ATTACK_SKILLS = frozenset(
    [n for _c, rows in SKILL_TABLE[:1] for n, _b in rows if n not in ("回避", "マーシャルアーツ")]
    + [k for k in BASE_SKILLS if k not in RULEBOOK_BASES and k not in ("隠れる", "応急手当", "医学", "武器・双撃",
                                                                     "武道", "マーシャルアーツ")])
"""The CoC skills that are an attack when rolled on one's turn (こぶし, キック, 拳銃, ナイフ,
日本刀 …): the combat skills of the sheet but 〈回避〉 and 〈マーシャルアーツ〉, and the skills of
the built-in weapons (X-WPN-01)."""

ROUND_START = ("declare", "declarations")
"""Questions of the round-start window, open while the first turn is played: a roll on
one's turn still acts then (an answer, a choice or a reaction pending makes it a plain roll)."""

NOT_DECLARED = ("正気度ロール", "SAN", "正気度")
"""Palette rolls that stay plain rolls in battle (a SAN roll needs its loss: 「SANチェック 1/1D6」)."""


@dataclass(frozen=True)
class SeventhEdition:
    """A CoC 7th edition roll (bonus/penalty dice or a difficulty) typed in ``text``."""

    text: str


@dataclass(frozen=True)
class Untargeted:
    """A palette roll on one's turn that names no target: ``choices`` one declaration per
    possible target (each opponent not out of action for an attack; each ally, the roller
    too, for a treatment), each with ``typed_target``. The battle side keeps the only
    legal one, else asks with ``question``; the die is rolled once."""

    choices: tuple[Declaration, ...]
    question: str
    unit: str


NOT_A_ROLL = object()
"""What :func:`read` returns for a line that is no 1D100 check (the grammar reads it)."""


def seventh_edition(text: str) -> bool:
    """Whether the first word of ``text`` is a CoC 7th edition check (``CC(-1)<=70``,
    ``CC-1<=70``, ``CC(1)<=50``, ``CC<=50h``; full width accepted)."""
    head = unicodedata.normalize("NFKC", text.strip()).split(None, 1)
    return bool(head) and _SEVENTH.fullmatch(head[0]) is not None


def typed_target(head: str) -> tuple[bool, int] | None:
    """``(secret, target %)`` of a 6th edition 1D100 check ``head`` (NFKC, no comment) as
    BCDice computes it (``CCB<=101-20`` → 81, ``CCB<=70*2/3`` → 46), or None when it is no
    such check or its target is not above 0."""
    match = _HEAD.fullmatch(head)
    if match is None:
        return None
    try:
        node = parse(head)
    except DiceError:
        return None
    target = getattr(node, "target", None)
    if not isinstance(target, int) or target <= 0:
        return None
    return bool(match["secret"]), target


def read(raw: str, ctx: ChatContext, words: Callable[[str, ChatContext], Outcome]):
    """The declaration a dice line ``raw`` makes in ``ctx`` (see the module docstring):
    a :class:`Declaration` (``typed_target`` set; ``secret`` for the KP's secret answer),
    an :class:`Ambiguous` question, an :class:`Untargeted` roll, :class:`SeventhEdition`,
    None (a roll that is no declaration: roll it as dice) or :data:`NOT_A_ROLL`.
    ``words(text, ctx)`` reads a comment as a declaration in words (rules.chat)."""
    text = unicodedata.normalize("NFKC", raw.strip())
    head, _, comment = text.partition(" ")
    if not head[:1] in "sScC1" or ("<=" not in head):
        return NOT_A_ROLL
    if _SEVENTH.fullmatch(head):
        return SeventhEdition(head)
    rolled = typed_target(head)
    if rolled is None:
        return NOT_A_ROLL if _HEAD.fullmatch(head) is None else None
    secret, target = rolled
    comment = comment.strip()
    if not comment or ctx.words.power:  # charge-rank rolls d6 pools: a 1D100 line is only dice
        return None
    outcome = _answer_for_named(comment, ctx, words) or words(comment, ctx)
    if _self_treatment(outcome, ctx):  # 「CCB<=55 【応急手当】」: the patient is the hurt ally, not the roller
        outcome = None
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,) if outcome else ()
    if not choices:
        found = _on_turn(comment, target, ctx)
        return _secretly(found, ctx) if secret else found
    if not all(c.command in ROLLED and _rolled_now(c, ctx) for c in choices):
        return None
    if secret:
        return _secretly(dataclasses.replace(outcome, typed_target=target) if isinstance(outcome, Declaration)
                         else Ambiguous(outcome.question, tuple(dataclasses.replace(c, typed_target=target)
                                                                for c in choices)), ctx)
    if isinstance(outcome, Ambiguous):
        return Ambiguous(outcome.question, tuple(dataclasses.replace(c, typed_target=target) for c in choices))
    return dataclasses.replace(outcome, typed_target=target)


def _rolled_now(declaration: Declaration, ctx: ChatContext) -> bool:
    """Whether a roll may stand for ``declaration`` now: an answer to its unit's open
    question, or an attack or a check on that unit's own turn (never off turn: a palette
    roll on someone else's turn is only dice)."""
    if declaration.command == "react":
        return True
    return ctx.phase == "active" and declaration.unit == ctx.turn \
        and not any(q.kind not in ROUND_START for q in ctx.questions)


def _answer_for_named(comment: str, ctx: ChatContext, words) -> Outcome:
    """A roll answering for the unit its comment names (「SCCB<=16 【回避】 ゾンビ2」 when
    ゾンビ1 and ゾンビ2 are both asked): the answer of ``ゾンビ2：回避``, or None."""
    skill, rest = _split(comment)
    if not rest or not ctx.questions:
        return None
    named = _named(rest, None, ctx)
    asked = [u for u in named or () if any(q.unit == u.name for q in ctx.questions) and ctx.may_move(u, True)]
    if len(asked) != 1:
        return None
    outcome = words(f"{asked[0].name}：{skill}", ctx)
    return outcome if isinstance(outcome, Declaration) and outcome.command == "react" else None


def _self_treatment(outcome, ctx: ChatContext) -> bool:
    """Whether ``outcome`` is a treatment (a skill of the system's ``checks`` words:
    応急手当, 医学) naming no patient, which ``/check`` gives the roller: a palette roll
    finds the patient instead (:func:`_on_turn`)."""
    return (isinstance(outcome, Declaration) and outcome.command == "check"
            and outcome.options.get("skill") in ctx.words.checks and "target" not in outcome.options)


def _secretly(found, ctx: ChatContext):
    """``found`` (a Declaration, an Ambiguous question or an Untargeted roll) made with a
    secret roll: the KP's for an NPC (an answer, or its turn's attack or check), whose
    result then stays secret (``secret``); None for anyone else's (a plain secret roll)."""
    if found is None or not ctx.is_kp:
        return None
    choices = found.choices if isinstance(found, (Ambiguous, Untargeted)) else (found,)
    if not all(getattr(ctx.unit(c.unit), "owner", "") is None for c in choices):
        return None
    hidden = tuple(dataclasses.replace(c, secret=True) for c in choices)
    if isinstance(found, Declaration):
        return hidden[0]
    return dataclasses.replace(found, choices=hidden)


def _split(comment: str) -> tuple[str, str]:
    """``(what is rolled, the rest)``: the first bracketed word (【キック】 ゾンビ1), else the
    first word (キック ゾンビ1)."""
    match = _BRACKETED.search(comment)
    if match is not None:
        return match["word"].strip(), (comment[:match.start()] + " " + comment[match.end():]).strip()
    word, *rest = re.split(r"\s+|(?=[→⇒])", comment, maxsplit=1)  # キック ゾンビ1, キック→ゾンビ1
    return word.strip(), "".join(rest).strip()


def _on_turn(comment: str, target: int, ctx: ChatContext) -> Outcome | Untargeted:
    """A roll on the speaker's own turn (see the module docstring), or None."""
    unit = ctx.unit(ctx.turn) if ctx.turn and ctx.phase == "active" else None
    if unit is None or unit.out or not ctx.may_move(unit, False) \
            or any(q.kind not in ROUND_START for q in ctx.questions):
        return None
    skill, rest = _split(comment)
    named = _named(rest, unit, ctx)
    if named is None:
        return None
    kind, value = _kind(skill, unit, ctx)
    if kind == "attack":
        weapons = _held(value, unit)
        pool = named or [u for u in ctx.units if _opponent(u, unit) and not u.out and not u.stranger]
        choices = [_decl(ctx, unit, "attack", {"target": t.name, "weapon": w}, f"{t.name}を{w}で攻撃",
                         t.name if len(weapons) == 1 else f"{t.name}を{w}で", target)
                   for t in pool for w in weapons]
        question = "どちらを攻撃しますか？" if len(weapons) == 1 else "どちらを、どの武器で攻撃しますか？"
    elif kind == "treat":
        pool = named or [u for u in ctx.units if not _opponent(u, unit) and not u.stranger]
        choices = [_decl(ctx, unit, "check", {"skill": value, "target": t.name}, f"{value}を{t.name}に",
                         t.name, target) for t in pool]
        question = f"誰に{value}をしますか？"
    elif kind == "check" and not named:
        return _decl(ctx, unit, "check", {"skill": value}, value, value, target)
    else:
        return None
    if not choices:
        return None
    if named:
        return _one(choices, question)
    return Untargeted(tuple(choices), question, unit.name)


def _opponent(other: ChatUnit, unit: ChatUnit) -> bool:
    return other.name != unit.name and (other.owner is None) != (unit.owner is None)


def _decl(ctx: ChatContext, unit: ChatUnit, command: str, options: dict, phrase: str, label: str,
          target: int) -> Declaration:
    as_ = {} if unit.owner == ctx.speaker else {"as": unit.name}
    return Declaration(command, {**options, **as_}, unit.name, f"{unit.name}：{phrase}", label, typed_target=target)


def _kind(skill: str, unit: ChatUnit, ctx: ChatContext) -> tuple[str | None, object]:
    """What rolling ``skill`` is on one's turn: ``("attack", weapon names)``,
    ``("treat", skill)``, ``("check", skill)`` or ``(None, None)``."""
    folded = fold(skill)
    tokens = ctx.lexicon().tokens(folded)
    words = [t for t in tokens or () if not t.is_(lexicon.ENDING)] if tokens else []
    if len(words) == 1 and words[0].is_(lexicon.CHECK):  # 応急手当, 医学: the system's treatments
        return "treat", words[0].value(lexicon.CHECK)
    if len(words) == 1 and words[0].is_(lexicon.WEAPON):
        return "attack", words[0].names(lexicon.WEAPON)
    if len(words) == 1 and words[0].is_(lexicon.REACT):  # 〈回避〉 with nothing to answer: only dice
        return None, None
    skill = skill.replace("(", "（").replace(")", "）")  # as sheets write a specialty: 運転（自動車）
    name = canonical_skill(re.sub(r"\s*[×xX*]\s*", "×", skill) if CHARACTERISTIC_ROLL.fullmatch(skill) else skill)
    if name in ATTACK_SKILLS or _PAREN.sub("", name) in ATTACK_SKILLS:  # キック(蹴り), こぶし(パンチ)
        return "attack", (name if name in ATTACK_SKILLS else _PAREN.sub("", name),)
    if name in NOT_DECLARED:
        return None, None
    if (name in BASE_SKILLS or name in DERIVED or specialty_base(name) is not None or name.startswith("武道")
            or CHARACTERISTIC_ROLL.fullmatch(name)):
        return "check", name
    return None, None


def _named(rest: str, unit: ChatUnit | None, ctx: ChatContext) -> list[ChatUnit] | None:
    """The units the rest of a palette comment names as the target (``ゾンビ1``,
    ``→ゾンビ``, ``ゾンビへ``; a shared base name names each of its units; ``自分`` the
    roller ``unit``, which is never the target otherwise): [] for none;
    None when the rest says something else (a body part, a weapon, talk), so that the
    line stays a plain roll rather than act on half of what it says."""
    folded = _ARROWS.sub("", _LABEL.sub("", fold(rest)))
    for particle in _FOLDED_PARTICLES:
        if folded.endswith(particle) and len(folded) > len(particle):
            folded = folded[:-len(particle)]
            break
    if not folded:
        return []
    tokens = ctx.lexicon().tokens(folded)
    if not tokens:
        return None
    names: list[str] = []
    for token in tokens:
        if token.is_(lexicon.UNIT) and not names:
            names = [n for n in token.names(lexicon.UNIT) if unit is None or n != unit.name]
            if not names:
                return None
        elif token.is_(lexicon.SELF) and not names and unit is not None:
            names = [unit.name]  # 「CCB<=30 【応急手当】 自分」
        elif not (token.is_(lexicon.PARTICLE, lexicon.ENDING) or token.text in _FOLDED_PARTICLES):
            return None
    pool = [u for u in ctx.units if u.name in names]
    return [u for u in pool if not u.out] or pool


_FOLDED_PARTICLES = tuple(sorted({fold(p) for p in _TARGET_PARTICLES}, key=len, reverse=True))
