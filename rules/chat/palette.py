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
edition line (``CC(-1)<=70``, ``CC-1<=70``, ``CC(1)<=50``, ``CC<=50h``, as
rules.dice.editions reads them) is no declaration: it is rolled by the 7th edition dice with
a note that the battle plays 6th (bot.sheets.rolls), never as if its bonus/penalty dice or
its difficulty were not there. Pure: no I/O, no dice.
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
from rules.chat.resolve import Ambiguous, Declaration, Outcome, Several, Untargeted, _held, _one
from rules.coc6.character import BASE_SKILLS, CHARACTERISTIC_ROLL, canonical_skill
from rules.coc6.skill_list import DERIVED, RULEBOOK_BASES, SKILL_TABLE, specialty_base
from rules.dice import DiceError, parse
from rules.dice.editions import COC7, own_edition

ROLLED = ("react", "attack", "check")
"""The commands whose first roll is a 1D100 check a typed roll can stand for."""

_HEAD = re.compile(r"(?i)(?P<secret>s?)(?P<kind>ccb|cc|1d100)(?:\(\d+\))?<=(?P<target>[\d+\-*/()]+)")
"""A 6th edition check as BCDice reads it: the command, 故障ナンバー, and the target with
its arithmetic (``CCB<=101-20``)."""

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

STYLE_STRIKES = {"マーシャルアーツ": ("こぶし", "キック", "頭突き")}
"""A fighting style rolled on one's turn (CoC6: 〈マーシャルアーツ〉 is rolled with a strike of
こぶし, キック or 頭突き, X-COMB-01): an attack, asked with the target and the strike (the rules
combine the style where the unit has it); never a plain check."""

ROUND_START = ("declare", "declarations")
"""Questions of the round-start window, open while the first turn is played: a roll on
one's turn still acts then (an answer, a choice or a reaction pending makes it a plain roll)."""

NOT_DECLARED = ("正気度ロール", "SAN", "正気度")
"""Palette rolls that stay plain rolls in battle (a SAN roll needs its loss: 「SANチェック 1/1D6」)."""


NOT_A_ROLL = object()
"""What :func:`read` returns for a line that is no 1D100 check (the grammar reads it)."""


_GLUED = re.compile(r"(?i)^(\s*(?:x\d{1,2}\s+)?s?(?:ccb|cc|1d100)(?:\(-?\d+\))?<=[\d+\-*/()]+[hHeE]?)(?=[【〈「《『\[［(（])")
"""A roll with its palette comment glued on (``CCB<=25【キック】``): BCDice wants a space there."""


def spaced(text: str) -> str:
    """``text`` with a space between a 1D100 check and a bracketed comment typed right after
    it (``CCB<=25【キック】`` → ``CCB<=25 【キック】``), so that the roll is read and rolled with
    its comment as a palette line writes it; any other text as it is."""
    folded = unicodedata.normalize("NFKC", text)
    match = _GLUED.match(folded)
    if match is None:
        return text
    return folded[:match.end()] + " " + folded[match.end():]


def is_roll(text: str) -> bool:
    """Whether ``text`` starts with a 1D100 check of either edition (``CCB<=70``,
    ``SCC(-1)<=50``): a message a dice roll leads."""
    head = spaced(unicodedata.normalize("NFKC", text.strip())).split(None, 1)
    return bool(head) and (_HEAD.fullmatch(head[0]) is not None or own_edition(head[0]) == COC7)


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
    an :class:`Ambiguous` question, an :class:`Untargeted` roll, None (a roll that is no
    declaration: roll it as dice, a CoC 7th edition one by the 7th edition's rules) or
    :data:`NOT_A_ROLL`.
    ``words(text, ctx)`` reads a comment as a declaration in words (rules.chat)."""
    text = spaced(unicodedata.normalize("NFKC", raw.strip()))
    repeat = _REPEAT.match(text)
    if repeat is not None:  # x2 CCB<=80 【拳銃】: two shots (issue 26)
        text = text[repeat.end():]
    head, _, comment = text.partition(" ")
    if not head[:1] in "sScC1" or ("<=" not in head):
        return NOT_A_ROLL
    if repeat is not None:
        found = read(text, ctx, words)
        return _repeated(found, int(repeat[1]), ctx) if found is not NOT_A_ROLL else NOT_A_ROLL
    if own_edition(text) == COC7:  # CC(-1)<=70, CC<=50h: 7th edition dice, never this battle's
        return None
    rolled = typed_target(head)
    if rolled is None:
        return NOT_A_ROLL if _HEAD.fullmatch(head) is None else None
    secret, target = rolled
    comment = comment.strip()
    if ctx.words.power:  # charge-rank rolls d6 pools: a 1D100 line is only dice
        return None
    if not comment:
        found = _npc_turn(target, ctx)  # the KP's bare CCB<=80 on an NPC's turn: its attack (issue 26)
        return (_secretly(found, ctx) if secret else found) if found is not None else None
    answering = any(q.kind not in ROUND_START for q in ctx.questions)
    found = None if answering else _on_turn(comment, target, ctx)  # the palette's shape: skill, target, aside
    if found is not None:
        return _secretly(found, ctx) if secret else found
    outcome = _answer_for_named(comment, ctx, words) or words(comment, ctx)  # 「CCB<=50 応急手当をボブに」
    if outcome is None and answering:  # 「CCB<=28 【回避】 お願い！」: an aside after the answer
        skill, rest = _split(comment)
        if rest and _named(rest, None, ctx) == []:
            outcome = words(skill, ctx)
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,) if outcome else ()
    if not choices or _self_treatment(outcome, ctx) \
            or not all(c.command in ROLLED and _rolled_now(c, ctx) for c in choices):
        return None
    if secret:
        return _secretly(dataclasses.replace(outcome, typed_target=target) if isinstance(outcome, Declaration)
                         else Ambiguous(outcome.question, tuple(dataclasses.replace(c, typed_target=target)
                                                                for c in choices)), ctx)
    if isinstance(outcome, Ambiguous):
        return Ambiguous(outcome.question, tuple(dataclasses.replace(c, typed_target=target) for c in choices))
    return dataclasses.replace(outcome, typed_target=target)


_REPEAT = re.compile(r"(?i)[x×](\d{1,2})\s+")

"""BCDice's repeat prefix (``x2 CCB<=80``)."""


def _repeated(found, times: int, ctx: ChatContext):
    """A roll repeated ``times`` times (``x2 CCB<=80 【拳銃】 ゾンビ``): that many attacks, one
    after another (:class:`Several` of the same declaration: each is made when the one before
    it is answered; the rules keep the weapon's limit and refuse beyond it by clause,
    H-FIRE-01); only dice when the roll is no single attack (a target to choose first: the
    player declares the attacks one by one)."""
    if found is None or times < 2:
        return found
    if not isinstance(found, Declaration) or found.command != "attack":
        return None
    return Several((found,) * min(times, MAX_REPEAT))


MAX_REPEAT = 10
"""The most attacks one repeated roll makes (BCDice takes x1 … x100)."""


def _npc_turn(target: int, ctx: ChatContext) -> Untargeted | Declaration | None:
    """The KP's roll with nothing after it on an NPC's turn (``CCB<=80``): the NPC's attack,
    with each of its weapons at each foe not out of action (the battle keeps the legal
    one, else asks); None for anyone else's roll, or while a question is open."""
    unit = ctx.unit(ctx.turn) if ctx.turn and ctx.phase == "active" else None
    if unit is None or not unit.npc_side or not ctx.is_kp or unit.out \
            or any(q.kind not in ROUND_START for q in ctx.questions):
        return None
    arms = [a.name for a in unit.arms if a.usable] or ["こぶし"]
    foes = [u for u in ctx.units if _opponent(u, unit) and not u.out and not u.stranger]
    choices = tuple(_decl(ctx, unit, "attack", {"target": t.name, "weapon": w}, f"{t.name}を{w}で攻撃",
                          t.name if len(arms) == 1 else f"{t.name}を{w}で", target) for t in foes for w in arms)
    if not choices:
        return None
    question = "どちらを攻撃しますか？" if len(arms) == 1 else "どちらを、どの武器で攻撃しますか？"
    return Untargeted(question, choices, unit.name)


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
    if not all(getattr(ctx.unit(c.unit), "npc_side", False) for c in choices):
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
        pool, hint, why = ctx.hinted(unit.name, pool) if len(pool) > 1 else (pool, None, "")
        if hint is not None and ctx.act_on_hint and not named:
            pool = pool[:1]  # the channel lets the context's target stand (issue 26)
        choices = [_decl(ctx, unit, "attack", {"target": t.name, "weapon": w}, f"{t.name}を{w}で攻撃",
                         t.name if len(weapons) == 1 else f"{t.name}を{w}で", target)
                   for t in pool for w in weapons]
        question = "どちらを攻撃しますか？" if len(weapons) == 1 else "どちらを、どの武器で攻撃しますか？"
        if hint is not None and len(pool) > 1:
            question += f"（1番目の{hint}は{why}）"
    elif kind == "style":
        pool = named or [u for u in ctx.units if _opponent(u, unit) and not u.out and not u.stranger]
        choices = [_decl(ctx, unit, "attack", {"target": t.name, "weapon": w}, f"{t.name}を{w}で攻撃",
                         f"{t.name}を{w}で" if len(pool) > 1 else w, target) for t in pool for w in value]
        question = f"{skill}で攻撃しますか？相手と技を選んでください（{'・'.join(value)}。マーシャルアーツはルールどおり組み合わせます）"
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
    return Untargeted(question, tuple(choices), unit.name)


def _opponent(other: ChatUnit, unit: ChatUnit) -> bool:
    return unit.opposes(other)


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
    if _PAREN.sub("", name) in STYLE_STRIKES:  # 【マーシャルアーツ】 on one's turn: a strike with the style
        return "style", STYLE_STRIKES[_PAREN.sub("", name)]
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
    ``→ゾンビ``, ``ゾンビへ``, ``対象：ゾンビ1``; a shared base name names each of its units;
    ``自分`` the roller ``unit``, which is never the target otherwise), beside at most an
    aside (:func:`_aside`: 「ゾンビ1 いけー！」): [] for none; None when the rest says
    something else (a body part, a weapon, a number, two targets, a change of mind), so
    that the line stays a plain roll rather than act on half of what it says."""
    folded = _ARROWS.sub("", _LABEL.sub("", fold(rest)))
    for particle in _FOLDED_PARTICLES:  # ゾンビ1に対して
        if folded.endswith(particle) and len(folded) > len(particle):
            folded = folded[:-len(particle)]
            break
    known = ctx.lexicon()
    names: list[str] = []
    aside: list[str] = []
    at = 0
    while at < len(folded):
        match = known.pattern.match(folded, at)
        if match is None or match.end() == at:
            aside.append(folded[at])
            at += 1
            continue
        token = lexicon.Token(match.group(0), tuple(known.entries.get(match.group(0), ()))
                              + (((lexicon.NUMBER, match.group(0)),) if match.group("number") else ())
                              + (((lexicon.SQUARE, match.group(0)),) if match.group("square") else ()))
        at = match.end()
        if token.is_(lexicon.UNIT) and not names and not aside:
            names = [n for n in token.names(lexicon.UNIT) if unit is None or n != unit.name]
            if not names:
                return None
        elif token.is_(lexicon.SELF) and not names and not aside and unit is not None:
            names = [unit.name]  # 「CCB<=30 【応急手当】 自分」
        elif token.text in _FOLDED_PARTICLES and not aside:
            continue
        elif token.is_(lexicon.PARTICLE, lexicon.ENDING, lexicon.FILLER, lexicon.RESULT) and not _MEANT.intersection(
                k for k, _ in token.meanings):
            aside.append(token.text)
        else:
            return None
    if aside and not _aside("".join(aside)):
        return None
    pool = [u for u in ctx.units if u.name in names]
    return [u for u in pool if not u.out] or pool


_MEANT = frozenset((lexicon.UNIT, lexicon.WEAPON, lexicon.REACT, lexicon.DECL, lexicon.SPECIAL, lexicon.AIM,
                    lexicon.MODE, lexicon.CHECK, lexicon.TURN, lexicon.OPTION, lexicon.END, lexicon.ATTACK,
                    lexicon.MOVE, lexicon.NUMBER, lexicon.SQUARE, lexicon.POWER, lexicon.SHOTS, lexicon.SELF))
"""The kinds of word that mean something in a declaration: one of them in a palette comment
beside the roll is never dropped as an aside."""

MAX_ASIDE = 12
"""The longest aside after a palette roll (folded characters): 「お願い！」「いけー！」「頼む」."""

_CRIES = tuple(sorted((fold(w) for w in (
    "お願い", "願い", "頼む", "頼んだ", "頼みます", "頑張れ", "当たれ", "当たって", "外れろ", "届け", "決まれ",
    "神様", "仏様", "南無三", "来い", "行け", "喰らえ", "食らえ", "成功", "出ろ", "祈", "気合", "根性")),
    key=len, reverse=True))
"""The words in kanji an aside may hold (a plea or a cry); any other kanji may be a body part,
a weapon or a place the bot cannot read, so the line stays a plain roll."""

_CHANGE_OF_MIND = tuple(fold(w) for w in (
    "やめ", "キャンセル", "うそ", "まちが", "ちが", "じょうだん", "テスト", "ためし", "じゃな", "ではな",
    "でなく", "なく", "ない", "かな", "かも", "っけ", "たら", "れば", "なら", "つもり", "あと", "まえ", "さっき",
    "ふたり", "みんな", "ぜんいん", "りょうほう", "ぜんぶ", "ひとり", "どっち", "どれ", "だれ", "もう", "かい",
    "れんぞく", "れんしゅう", "ねらう", "ねらい", "どこ", "って", "どう", "なに", "なん", "ほんと"))
"""Kana that make an aside change the roll's meaning (「やめとこ」「テスト」「ちがう」「振ったら」)
or say more than the roll (「ふたりとも」「もういっかい」「ねらう」): such a line is only dice."""

_KANA_OR_MARK = re.compile(r"[\u3040-\u30ff\uff66-\uff9fー〜~!！.。…、,・w♪☆★♡❤\u2600-\u27bf\ufe0f\U0001f000-\U0001faff]*")


def _aside(folded: str) -> bool:
    """Whether ``folded`` (the unread rest of a palette comment) is a plea or a cry that
    leaves the roll's meaning alone (「お願い！」「いけー！」「頼む」「ぎゃー」): kana and marks,
    and kanji only in :data:`_CRIES`; not a change of mind, a plan or a question
    (:data:`_CHANGE_OF_MIND`), never a phrase going on from the name (「のしっぽ」「でなぐる」)."""
    if len(folded) > MAX_ASIDE or any(w in folded for w in _CHANGE_OF_MIND) or folded.startswith(_STRUCTURE):
        return False
    for cry in _CRIES:
        folded = folded.replace(cry, "")
    return _KANA_OR_MARK.fullmatch(folded) is not None


_STRUCTURE = tuple(fold(p) for p in ("の", "で", "を"))


_FOLDED_PARTICLES = tuple(sorted({fold(p) for p in _TARGET_PARTICLES}, key=len, reverse=True))


def rolled_skill(raw: str) -> tuple[bool, str] | None:
    """``(secret, skill)`` of a 6th-edition palette roll (``SCCB<=50 【目星】`` → ``(True,
    "目星")``): the roll's first bracketed word, else its first word, folded as a skill's name;
    None for a line that is no such roll or has no comment."""
    text = unicodedata.normalize("NFKC", raw.strip())
    head, _, comment = text.partition(" ")
    rolled = typed_target(head) if "<=" in head else None
    if rolled is None or not comment.strip():
        return None
    skill, _rest = _split(comment.strip())
    return (rolled[0], canonical_skill(_PAREN.sub("", skill))) if skill else None


def plain_reason(raw: str, ctx: ChatContext) -> str | None:
    """Why the palette roll ``raw`` of the speaker's own unit, naming an attack, a treatment
    or a check (``CCB<=70 【キック】``), was rolled as plain dice and acted on nothing (issue
    29): it is not that unit's turn, a question is open, or the battle has not started; in
    one line, in Japanese. None for any other line (talk, a roll the battle acts on, another
    unit's, a roll that is never a declaration such as a SAN roll)."""
    text = unicodedata.normalize("NFKC", raw.strip())
    head, _, comment = text.partition(" ")
    if own_edition(text) == COC7 or (typed_target(head) if "<=" in head else None) is None or not comment.strip():
        return None
    mine = [u for u in ctx.units if u.owner == ctx.speaker and not u.out]
    if len(mine) != 1 or ctx.words.power:
        return None
    unit = mine[0]
    skill, _rest = _split(comment.strip())
    kind, _value = _kind(skill, unit, ctx)
    if kind is None:
        return None
    why = why_not_now(unit.name, ctx)
    if why is None:
        return None
    return f"（{why}、{unit.name}の{'攻撃' if kind in ('attack', 'style') else '判定'}ではなく普通のダイスとして振りました。戦闘には反映していません）"


def why_not_now(unit: str, ctx: ChatContext) -> str | None:
    """Why ``unit`` cannot act in the battle now, as a clause ending in 「ので」: the battle
    has not started, an answer is awaited (round-start declarations aside), or it is
    another unit's turn; None on ``unit``'s own turn with nothing pending."""
    if ctx.phase != "active":
        return "戦闘がまだ始まっていないので"
    asked = [q.unit for q in ctx.questions if q.kind not in ROUND_START]
    if asked:
        return f"{'、'.join(dict.fromkeys(asked))}の対応を待っているところなので"
    if ctx.turn != unit:
        return f"いまは{ctx.turn or '誰も行動しない'}の手番なので"
    return None
