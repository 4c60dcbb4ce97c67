"""Chat declarations (issue 9): a line typed in a battle channel read as the command its
slash command or button would make. Pure: fed with a :class:`ChatContext` (what the
battle's view knows), it returns a :class:`Declaration`, an :class:`Ambiguous` question,
or None for table talk.

    read("ゾンビをこぶしで攻撃", ctx)  → Declaration("attack", {"target": "ゾンビ", "weapon": "こぶし"}, …)
    read("回避できるかな…", ctx)       → None
    read("CCB<=28 〈回避〉", ctx)      → Declaration("react", {"action": "回避"}, …, typed_target=28)
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from functools import lru_cache

from rules.chat import lexicon, narration, palette, report, spending, talk
from rules.chat.cut import VOLITIONAL, WANT, cut
from rules.chat.context import STRANGER, ChatContext, ChatQuestion, ChatUnit
from rules.chat.grammar import OBJECT, PUNCTUATION
from rules.chat.grammar import read as _intents
from rules.chat.morph import analyse
from rules.chat.normalize import as_typed, fold, prefold
from rules.chat.resolve import TURN_KEPT, Ambiguous, Declaration, Outcome, Refused, Several, resolve
from rules.chat.words import BASE, END_TURN, HIDE, NONE_OPTIONS, Words

__all__ = ["Several", "Ambiguous", "ChatContext", "ChatQuestion", "ChatUnit", "Declaration", "Outcome", "Refused",
           "TURN_KEPT", "Words", "BASE", "read", "may_declare", "sanity_loss", "fold"]

MAX_LENGTH = 60
"""The longest line read whole as a declaration (characters); a longer message is read
for one declaration among talk (rules.chat.talk), up to :data:`talk.MAX_MESSAGE`."""

TALK_STARTS = ("#", "＃", "/", "／")
"""A line starting as a comment or a command is not a declaration (a quote ``> `` is
dropped line by line: rules.chat.talk.prepare)."""

_TRAILING_TALK = re.compile(
    r"(?:[wｗＷ]+|[(（](?:笑|[^()（）\d%％+＋]{1,8})[)）]|笑|[\u2600-\u27bf\ufe0f\u200d]|[\U0001f000-\U0001faff])+$")
"""Laughter, emoji and asides after a declaration (回避w, 回避😀, 回避(笑), 回避！(震え声))."""

_SAN_CHECK = re.compile(
    r"(?:san(?:チェック|値チェック|check|c)?|正気度(?:ロール|チェック)?)(?P<loss>\d*(?:d\d+)?(?:\+\d+)?/\d*(?:d\d+)?(?:\+\d+)?)")


def sanity_loss(text: str) -> str | None:
    """The loss of a SAN check typed in chat (「SANチェック 1/1D6」「SAN 0/1D3」「正気度ロール
    1/1D10」) as ``/check skill:SAN loss:`` takes it (``"1/1D6"``), or None."""
    if not may_declare(text):
        return None
    match = _SAN_CHECK.fullmatch(fold(text))
    if match is None or match["loss"].startswith("/") or match["loss"].endswith("/"):
        return None
    return match["loss"].upper()


def sanity_loss_named(text: str) -> tuple[str, str] | None:
    """A SAN check typed in chat with something else on the line: ``(loss, rest)`` where
    ``rest`` is the rest of the line as :func:`fold` gives it, without a separating colon or
    comma (「田中 太郎：SANチェック 1/1D6」 → ``("1/1D6", "田中太郎")``); None when the line
    holds no SAN check. The caller accepts it only when ``rest`` is exactly a name."""
    if not may_declare(text):
        return None
    folded = fold(text)
    match = _SAN_CHECK.search(folded)
    if match is None or match["loss"].startswith("/") or match["loss"].endswith("/"):
        return None
    rest = (folded[:match.start()].rstrip(":、,") + folded[match.end():].lstrip(":、,")).strip()
    return match["loss"].upper(), rest


def may_declare(text: str) -> bool:
    """Whether ``text`` could be a declaration at all (not too long, no question mark
    outside speech, not a comment or a command, not only a quote or an aside in round
    brackets): a check that needs no battle, made before anything is loaded."""
    raw = talk.without_asides(text.strip())
    return bool(raw) and len(raw) <= talk.MAX_MESSAGE and not raw.startswith(TALK_STARTS) \
        and (talk.prepare(raw) is not None or report.is_report(raw))


def read(text: str, ctx: ChatContext):
    """The declaration ``text`` makes in ``ctx`` (see the module docstring). A dice line is
    read by :mod:`rules.chat.palette` (the roll is the declaration, issue 21: besides an
    Outcome it may give :class:`~rules.chat.palette.Untargeted`, a palette roll naming no
    target); a longer or multi-line message that starts with a roll is only dice. A line
    that does not read whole is searched for one declaration among talk (rules.chat.talk).
    A line wholly in round brackets is an aside (rules.chat.talk.is_aside): never read. A
    line that would act but is said with a push or Luck spent (「プッシュして回避」) gives a
    :class:`~rules.chat.resolve.Refused` with the reason (rules.chat.spending), never the
    plain declaration."""
    outcome = _read_line(text, ctx)
    if outcome is None or not spending.mentioned(text) or not spending.acts(outcome):
        return outcome
    folded = fold(text)
    kind = spending.spent(folded)
    if kind is None:
        return outcome
    alone = _read_line(spending.without(unicodedata.normalize("NFKC", text)), ctx)
    then_end = getattr(alone, "then_end", False) or _THEN_END.fullmatch(folded) is not None
    return spending.refused(kind, alone, ctx.system, then_end)


def _read_line(text: str, ctx: ChatContext):
    """The outcome of :func:`read` before the push and Luck test."""
    raw = talk.without_asides(text.strip())  # 「（Aにバットで攻撃します）」: an aside, never a declaration
    if not raw or len(raw) > talk.MAX_MESSAGE or raw.startswith(TALK_STARTS):
        return None
    if report.is_report(raw):  # 「（こぶし）1D100<=75 → 78です しっぱい？」: a roll made elsewhere
        return report.read(raw, ctx, lambda line, c: palette.read(line, c, _read_plain))
    raw = talk.prepare(raw)
    if raw is None:
        return None
    if len(raw) > MAX_LENGTH or "\n" in raw:
        if palette.is_roll(raw):
            return None
    else:
        rolled = palette.read(raw, ctx, _read_plain)
        if rolled is not palette.NOT_A_ROLL:
            return rolled
    spoken = talk.SPEECH.search(raw) is not None
    if not spoken and len(raw) <= MAX_LENGTH and "\n" not in raw:
        worded = report.read_worded(raw, ctx, _read)  # 「回避 32で成功」: a roll made elsewhere, in words
        if worded is not None:
            return worded
    if ctx.is_kp and not spoken and len(raw) <= MAX_LENGTH:
        told = _narrated(raw, ctx)  # 「狂信者1号は美咲を刺した。ナイフ成功」: the roll just made
        if told is not None:
            return told
    if len(raw) <= MAX_LENGTH and "\n" not in raw and not spoken:
        ending = _then_end(raw, ctx)  # 「こぶしで殴ってターン終了」: the action, then the end of the turn
        if ending is NOT_THEN:
            return None
        if ending is not None:
            return ending
    if len(raw) <= MAX_LENGTH and "\n" not in raw:
        group = _several(raw, ctx)  # 「ゾンビ1と2はアリスを攻撃」: each in its turn (issue 26)
        if group is not None:
            return group
        outcome = _read(raw, ctx, unknown=not spoken)  # 「回避」, ゾンビ1「アリスを攻撃」
        if outcome is not None:
            return outcome
    said = talk.SPEECH.sub("", raw).strip() if spoken else ""
    if said and len(said) <= MAX_LENGTH and "\n" not in said and not said.startswith(QUOTING):
        outcome = _read(said, ctx)  # 「ウゥ……」アリスに噛みつきで攻撃
        if outcome is not None:
            return outcome
    return _plainer(talk.read_talk(raw, ctx.lexicon(), lambda clause: _read(clause, ctx, unknown=False)), ctx)


_UNREAD = re.compile(r"「(?P<words>[^」]+)」をどう使うのか読み取れませんでした。")


def _plainer(outcome: Outcome, ctx: ChatContext) -> Outcome:
    """A talk reading asked back for its unread words (rules.chat.talk) with the plainer
    question of :func:`_plain_question` when there is one (trial 9, G17)."""
    unread = _UNREAD.match(outcome.question) if isinstance(outcome, Ambiguous) else None
    if unread is None:
        return outcome
    plain = _plain_question(outcome, unread["words"].split("・"), ctx)
    return outcome if plain is None else Ambiguous(f"{plain}この宣言でよければ押してください。", outcome.choices)


def _narrated(raw: str, ctx: ChatContext) -> Outcome:
    """A KP's line narrating an NPC's attack in the past with its result after it
    (rules.chat.narration), read as that report in the present: the declaration with its
    reported level, or None (an answer, a PC's action or anything else stays as it was)."""
    told = narration.present(raw)
    if told is None:
        return None
    head, tail = told
    result = _result_only(tail)
    named = fold(tail)[:-len(fold(result))]  # 「ナイフ成功」: the weapon rolled, unless the narration names it
    forms = (f"{head}、{tail}", f"{head}、{result}") if named and named not in fold(head) else (f"{head}、{result}",)
    for text in forms:
        outcome = _read(text, ctx)
        choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,) if outcome else ()
        if choices and all(c.command == "attack" and c.reported_level for c in choices):
            return outcome
    return None


def _result_only(tail: str) -> str:
    """The result word that ends ``tail`` (「ナイフ成功」 → 「成功」)."""
    folded = fold(tail)
    return next((w for w in narration.RESULT_WORDS if folded.endswith(w)), tail)


THEN_END_TEXT = "、ターン終了"
"""What a declaration's canonical text ends in when the line ends the turn after it (a
question's button reads it again with its end)."""
_END_WORDS = sorted({fold(w) for w in END_TURN if w not in ("パス", "手番パス", "ターンパス")}, key=len, reverse=True)
_THEN_END = re.compile(
    r"(?P<head>.+?(?:[テデ]|[、,，。.!！…→\s]))(?:カラ)?[、,，。.!！…→\s]*(?:ソシテ|ソレデ|ソノママ|ソレデハ|デ)?"
    r"(?:" + "|".join(re.escape(w) for w in _END_WORDS) + r")"
    r"(?:シマス|シマ-ス|スル|シテクダサイ|デス|デ|デオネガイシマス|オネガイシマス|[。.!！ー〜~…wｗ])*")
"""A line that does an action and then ends the turn: the action (ending in a te-form or a
mark: 「殴って」「回避して」「攻撃、」「攻撃。」), then one of :data:`END_TURN`."""


NOT_THEN = Ambiguous("", ())
"""What :func:`_then_end` gives for a line whose action reads as none now: the line is no
declaration (never the end alone, never a question about the action's words)."""
_THEN_TAILS = ("してから", "して", "で")
"""What joins an action said as a noun to the end of the turn (「ゾンビ1を攻撃して」「C4へ移動して」
「宣言しないで」), dropped when the action does not read with it."""
_ACTION_KINDS = (lexicon.WEAPON, lexicon.ATTACK, lexicon.REACT, lexicon.CHECK, lexicon.SPECIAL, lexicon.MOVE)
"""The words that make the part before 「ターン終了」 an action (not a lead-in: 「よし、」)."""


def _then_end(raw: str, ctx: ChatContext) -> Outcome:
    """The action of a line that then ends the turn (「こぶしで殴ってターン終了」「回避して
    ターン終了」「ゾンビを撃ってターンエンド」), marked ``then_end`` (each choice of a question
    too, its text ending in :data:`THEN_END_TEXT`); None when the line is not of that form or
    its action part reads as no single action (then it is read as before)."""
    if palette.is_roll(raw) or report.is_report(raw):
        return None
    pre = prefold(raw)
    match = _THEN_END.fullmatch(fold(raw))
    if match is None:
        return None
    head = pre[:match.end("head")].rstrip("、,，。.!！…→ ")
    if not head:
        return None
    outcome = read(head, ctx)
    for tail in _THEN_TAILS:
        if outcome is None and head.endswith(tail) and len(head) > len(tail):
            outcome = read(head[:-len(tail)], ctx)  # 「攻撃して」「移動して」: the noun's する is the action
    if outcome is None:
        outcome = _as_plain_form(head, ctx)  # 「殴って」 read as 「殴る」: who to hit is asked
    if isinstance(outcome, Declaration):
        return _ending(outcome) if outcome.command != "end" else None
    if isinstance(outcome, Ambiguous) and outcome.choices and all(c.command != "end" for c in outcome.choices):
        return dataclasses.replace(outcome, choices=tuple(_ending(c) for c in outcome.choices))
    if outcome is None and any(t.is_(*_ACTION_KINDS) for t in cut(head, ctx.lexicon()).tokens):
        return NOT_THEN  # 「こぶしで殴ってターンエンド」 off one's turn: an action that cannot be made now, no bare end
    return None


_TE_FORMS = (("って", ("る", "つ", "う")), ("いて", ("く",)), ("いで", ("ぐ",)), ("んで", ("む", "ぶ", "ぬ")),
             ("して", ("す",)), ("て", ("る",)))
"""A verb's te-form and the plain endings it may come from (殴って ← 殴る, 撃って ← 撃つ,
噛んで ← 噛む, 刺して ← 刺す, 投げて ← 投げる)."""


def _as_plain_form(head: str, ctx: ChatContext) -> Outcome:
    """The reading of ``head``, an attack verb in its te-form and nothing the verb acts on
    (「殴って」「撃って」), as its plain form reads (「殴る」: the question who to attack),
    or None. Only a form in which the analyser still finds an attack verb is read."""
    if not any(t.is_(lexicon.ATTACK) for t in cut(head, ctx.lexicon()).tokens):
        return None
    for te, endings in _TE_FORMS:
        if head.endswith(te) and len(head) > len(te):
            for ending in endings:
                plain = head[:-len(te)] + ending
                if any(t.is_(lexicon.ATTACK) for t in cut(plain, ctx.lexicon()).tokens):
                    outcome = read(plain, ctx)
                    if outcome is not None:
                        return outcome
    return None


def _ending(declaration: Declaration) -> Declaration:
    """``declaration`` that ends its unit's turn once it is settled."""
    return dataclasses.replace(declaration, then_end=True, text=declaration.text + THEN_END_TEXT)


_GROUP_JOIN = re.compile(r"[と、,，・&＆]")
_GROUP_JOINS = frozenset(fold(w) for w in ("と", "、", ",", "・", "&", "＆"))
_GROUP_MARKS = frozenset(fold(w) for w in ("は", "が", ":", "も"))


def _several(raw: str, ctx: ChatContext) -> Several | None:
    """One line for several units (「ゾンビ1と2はアリスを攻撃」「ゾンビ1、ゾンビ2：アリスを攻撃」):
    each unit's declaration of the rest of the line, in the order named (a number alone
    numbers the first one's base name: 2 is ゾンビ2); None unless each reads, for a unit
    the speaker moves."""
    if _GROUP_JOIN.search(raw) is None:
        return None  # the cheap test first: no と・、 between names
    pre = prefold(raw)
    folded = fold(raw)
    known = ctx.lexicon()
    tokens = known.tokens(folded)
    if not tokens or len(tokens) < 5 or not tokens[0].is_(lexicon.UNIT):
        return None
    first = tokens[0].names(lexicon.UNIT)
    if len(first) != 1:
        return None
    base = re.sub(r"[-_#]?(\d+|[a-zA-Z])$", "", first[0])
    names, i = [first[0]], 1
    while i + 1 < len(tokens) and tokens[i].text in _GROUP_JOINS:
        nxt = tokens[i + 1]
        name = next(iter(nxt.names(lexicon.UNIT)), None) if nxt.is_(lexicon.UNIT) and len(nxt.names(lexicon.UNIT)) == 1 \
            else (base + nxt.text.upper() if ctx.unit(base + nxt.text.upper()) else base + nxt.text) \
            if nxt.is_(lexicon.NUMBER) or len(nxt.text) == 1 else None
        if name is None or ctx.unit(name) is None or name in names:
            return None
        names.append(name)
        i += 2
    if len(names) < 2 or i >= len(tokens) or tokens[i].text not in _GROUP_MARKS:
        return None
    rest = pre[sum(len(t.text) for t in tokens[:i + 1]):]
    found = []
    for name in names:
        outcome = _read(f"{name}：{rest}", ctx)
        if not isinstance(outcome, Declaration) or outcome.unit != name or not ctx.may_move(ctx.unit(name), True):
            return None
        found.append(outcome)
    return Several(tuple(found))


def _read_plain(text: str, ctx: ChatContext) -> Outcome:
    """``text`` read whole, asking back about no word it cannot place: a palette roll's
    comment (a word it cannot read leaves the roll only dice)."""
    return _read(text, ctx, ask=False)


def _read(text: str, ctx: ChatContext, unknown: bool = True, ask: bool = True) -> Outcome:
    """``text`` read whole; ``unknown``: an unknown word may stand for a weapon, a target
    or a cover object (:func:`_unknown_word`)."""
    text = _TRAILING_TALK.sub("", text.strip())
    folded = fold(text)
    if talk.is_plan(folded) and not _te_form(text):
        return None
    known = ctx.lexicon()
    tokens = known.tokens(folded)
    if tokens is None:
        named = _unknown_word(text, folded, ctx) if unknown else None  # 「かみつきで攻撃」: a weapon by its name
        return named or _read_cut(text, folded, ctx, unknown and ask)
    if not tokens:
        return None
    outcome = resolve(_intents(tokens), ctx)
    if outcome is None and unknown:
        return _unknown_word(text, folded, ctx) or _read_cut(text, folded, ctx, unknown and ask)
    return outcome


def _read_cut(text: str, folded: str, ctx: ChatContext, unknown: bool) -> Outcome:
    """``text`` read with the morphological analyser (rules.chat.cut), for a line the
    lexicon alone cannot cut: its declaration; asked back (an :class:`Ambiguous` with its
    reading) when it holds a word the reading could not place, or says a wish
    (「殴りたい」); None when it is negated, a question, a remark or a plan, or when
    ``unknown`` is off and a word is unplaced (talk around a declaration: rules.chat.talk)."""
    known = ctx.lexicon()
    if not known.hinted(folded):
        return None
    found = cut(text, known)
    if VOLITIONAL in found.marks and folded.startswith(talk.PLAN_STARTS):
        return None  # 「次はBを殴ろう」: a plan for later
    if (found.blocked or found.unknown) and any(t.is_(lexicon.UNIT) for t in found.tokens):
        rest = _after_prose(text, known)  # 「少女の前にいるであろう有栖へこぶし」: the clause before the name
        if rest is not None:
            return _read_cut(rest, fold(rest), ctx, unknown)
    if found.blocked or not found.tokens or (found.unknown and not unknown):
        return None
    if len(found.unknown) > MAX_UNPLACED or (found.unknown and talk.BOUNDARY.search(text.strip(_MARKS))):
        return None  # words it cannot place across sentences: talk (rules.chat.talk) reads it
    outcome = resolve(_intents(list(found.tokens)), ctx)
    if outcome is None:
        return None
    if found.unknown:
        if isinstance(outcome, Declaration) and outcome.options.get("action") in NONE_OPTIONS:
            return None  # 「しない。全力。」: a refusal beside words it cannot place is no answer
        words = "・".join(dict.fromkeys(as_typed(text, fold(w)) for w in found.unknown))
        ways = _special_ways(outcome, ctx, words)
        if ways is not None:
            return ways  # 「マヌーバーで目潰し」: which of the maneuver's effects, never a guess
        plain = _plain_question(outcome, [as_typed(text, fold(w)) for w in (*found.names, *found.unknown)], ctx)
        if plain is not None:  # 「ゾンビ1」 with one ゾンビ, 「行動は以上です」 (trial 9, G17)
            return _asked(outcome, f"{plain}この宣言でよければ押してください。", plain)
        if found.names:
            names = "・".join(dict.fromkeys(as_typed(text, fold(w)) for w in found.names))
            here = "、".join(u.name for u in ctx.units)
            lead = f"「{names}」という参加者はこの戦闘にいません（参加者: {here}）。"
            return _asked(outcome, f"{lead}この相手でよければ押してください。", lead)
        return _asked(outcome, f"「{words}」をどう使うのか読み取れませんでした。この宣言でよければ押してください。",
                      f"「{words}」を読み取れませんでした。")
    if WANT in found.marks:
        return _asked(outcome, "「〜したい」と書かれていました。この宣言でよければ押してください。")
    return outcome


def _special_ways(outcome: Outcome, ctx: ChatContext, words: str) -> Ambiguous | None:
    """A special attack named with a word the reading cannot place, where the special is
    done in one of several named ways (the 7th edition's マヌーバー: 組み付き, 押さえ込み,
    転倒, 武装解除, listed as the unit's weapons of that kind): a question between those ways
    for each target, never the default way. None for any other line."""
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,)
    if not choices or any(c.command != "attack" or not c.options.get("special") or c.options.get("weapon")
                          for c in choices):
        return None
    unit = ctx.unit(choices[0].unit)
    special = choices[0].options["special"]
    ways = [a.name for a in unit.arms if special in a.kinds] if unit is not None else []
    if len(ways) < 2:
        return None
    asked = []
    targets = len({c.options.get("target") for c in choices}) > 1
    for choice in choices:
        for way in ways:
            options = {**choice.options, "weapon": way}
            target = options.get("target")
            label = f"{target}を{way}" if targets else way
            asked.append(dataclasses.replace(choice, options=options, label=label,
                                             text=f"{choice.unit}：{target}を{way}で{special}で攻撃"))
    return Ambiguous(f"「{words}」という{special}はありません。どれにしますか？（{'・'.join(ways)}）", tuple(asked))


def _plain_question(outcome: Outcome, words: list[str], ctx: ChatContext) -> str | None:
    """A plainer question for a line with words the reading could not place (trial 9, G17):
    a word that is part of, or holds, the name of exactly one unit the declaration is about
    (「ゾンビ1」 when the battle has one ゾンビ, 「信者」 for 黒衣の信者A) asks whether it is
    that unit; a line that only ends the turn (「行動は以上です」) asks whether to end it.
    None otherwise (the caller's question)."""
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,)
    about = {n for c in choices for n in (c.unit, c.options.get("target"), c.options.get("as")) if n}
    for word in words:
        folded = fold(word)
        if not folded:
            continue
        units = [u.name for u in ctx.units if u.name != word and (fold(u.name) in folded or folded in fold(u.name))]
        if len(units) == 1 and units[0] in about:
            return f"「{word}」は{units[0]}のことですか？"
    if all(c.command == "end" for c in choices):
        return "ターン終了しますか？"
    return None


_MARKS = " \u3000!！。.…‥ー~〜"
MAX_UNPLACED = 2
"""The most words the reading may leave unplaced in a line it still asks back about; a line
with more is talk."""


def _asked(outcome: Outcome, question: str, lead: str = "") -> Ambiguous:
    """``outcome`` asked back: its choices under ``question`` (a question between several
    keeps its own, led by ``lead``)."""
    if isinstance(outcome, Ambiguous):
        return Ambiguous(f"{lead}{outcome.question}" if lead else outcome.question, outcome.choices)
    return Ambiguous(question, (outcome,))


QUOTING = ("と", "って", "っと", "て")
"""What continues speech as narration (「覚悟しろ！」と叫んで…): such a line is read as talk."""

MAX_UNKNOWN_WORD = 12
"""The longest unknown word read as a weapon's or a target's name (characters, folded)."""
_ROLES = {fold("で"): (lexicon.WEAPON,), fold("を"): (lexicon.UNIT,), fold("に"): (lexicon.UNIT, OBJECT),
          fold("の"): (OBJECT,)}
"""The particle after an unknown word, and the parts it may play: で a weapon, を/に a
target, に/の陰に a cover object (木箱に隠れる)."""
LAST_WORDS = {lexicon.WEAPON: (lexicon.ATTACK, lexicon.REACT),
              lexicon.UNIT: (lexicon.ATTACK, lexicon.WEAPON, lexicon.SPECIAL),
              OBJECT: (lexicon.REACT,)}
"""What such a line ends in: a verb or a reaction (かみつきで攻撃, 盾で受け流し), for a
target also a weapon or a special (あいつにキック, あいつにサルト), for an object 隠れる."""
NOT_IN_WORDS = frozenset("…‥、。!！,，.・/／ \u3000")
"""Characters no unknown name holds: a sentence mark (「むむ…じゃあ普通」)."""
PARTICLE_CHARS = frozenset(fold(c) for c in "はがもとをにで")
"""Particles that end talk before a known word (「次はリボルバー」: 次 then は)."""


def _unknown_word(text: str, folded: str, ctx: ChatContext) -> Declaration | None:
    """A line that would be an attack or a reaction if one unknown word were a weapon
    (before で: 「ゾンビ：ボブをかみつきで攻撃」 for a ゾンビ without かみつき) or the target of
    an attack (before を/に: 「ＺＯＮＢＩを攻撃」): that declaration, naming the word, so that
    the rules refuse it by name as the slash command is refused («…を持っていません。使える
    武器: …», «「ZONBI」という参加者はこの戦闘にいません。参加者: …»). Only when every other word
    is known, the word starts the line or follows a particle, and the line ends as
    :data:`LAST_WORDS` says; otherwise None (talk). The longest such word that holds no unit's
    name wins (ハンドガン, not ンドガン after は; かみつき, not ボブをかみつき), or that is a unit's
    name numbered as no unit is (ゾンビ２ beside ゾンビ: :func:`_renumbered`); the declaration
    names it as typed (``text`` is the line, ``folded`` its :func:`fold`)."""
    known = ctx.lexicon()
    for end, char in enumerate(folded):
        for kind in _ROLES.get(char, ()):
            if kind == lexicon.UNIT:
                continue  # an unknown target is never a name: the analyser's reading asks (issue 26)
            if end < 1:
                continue
            found = _unknown_at(text, folded, ctx, known, ctx.unit_spellings(), kind, end)
            if found is not None:
                return found
    return None


def _unknown_at(text: str, folded: str, ctx: ChatContext, known, names, kind: str, end: int):
    """The declaration with an unknown word of ``kind`` ending at ``end`` (see
    :func:`_unknown_word`), or None."""
    after = known.tokens(folded[end:])
    if not after or not _strip_endings(after)[-1].is_(*LAST_WORDS[kind]):
        return None
    if any(t.text in PUNCTUATION for t in _strip_endings(after)):
        return None  # 「お願い当たらないで！回避！」: a sentence ends after the word, no name of a weapon
    if kind == OBJECT and _strip_endings(after)[-1].value(lexicon.REACT) != HIDE:
        return None
    for start in range(max(0, end - MAX_UNKNOWN_WORD), end):
        word = folded[start:end]
        if any(c in NOT_IN_WORDS for c in word) or _talk_then_word(word, known):
            continue
        if any(n in word for n in names) and not _renumbered(word, names):
            continue
        before = known.tokens(folded[:start])
        if before is None or (before and not before[-1].is_(lexicon.PARTICLE)):
            continue
        typed = as_typed(text, word)
        if kind == lexicon.WEAPON and typed.endswith(("ん", "い", "っ")):
            continue  # 叫んで, 泳いで: a verb's te-form, no weapon
        if known.tokens(word) is not None or not _one_noun(typed):
            continue  # 「回避でカウンター」「加減してパワー3で防御」: known words or a phrase, no name
        outcome = _with_word(ctx, kind, typed, [*before, lexicon.Token(word, ((kind, typed),)), *after])
        if outcome is not None:
            return outcome
    return None


_CLAUSE_ENDS = ("終止形", "連体形", "意志推量形")


@lru_cache(maxsize=4096)
def _after_prose(text: str, known) -> str | None:
    """The part of ``text`` from the unit's name that a clause of prose describes (a verb
    or an auxiliary right before the name: 「…前にいるであろう有栖へこぶし」 → 「有栖へこぶし」),
    or None."""
    pre = prefold(text)
    folded = fold(text)
    morphs = analyse(pre)
    for prev, m in reversed(list(zip(morphs, morphs[1:]))):
        if prev.pos not in ("動詞", "助動詞", "形容詞") or not prev.form.startswith(_CLAUSE_ENDS):
            continue
        match = known.pattern.match(folded, m.begin)
        if match is not None and any(k == lexicon.UNIT for k, _ in known.entries.get(match.group(0), ())):
            return pre[m.begin:]
    return None


def _te_form(text: str) -> bool:
    """Whether ``text`` ends in a verb's te-form (「Bを殴って」: do it), not in a quoting って
    (「回避って…」, talk about a word)."""
    morphs = analyse(prefold(_TRAILING_TALK.sub("", text.strip()).rstrip(_MARKS)))
    return len(morphs) >= 2 and morphs[-1].surface == "て" and morphs[-2].pos == "動詞"


def _one_noun(typed: str) -> bool:
    """Whether the analyser reads ``typed`` as one name: nouns, suffixes and nominal verb
    stems only (かみつき, 錆びたナイフ's parts), no particle or inflection (加減してパワー3)."""
    morphs = analyse(prefold(typed))
    return bool(morphs) and all(m.pos in ("名詞", "接尾辞", "接頭辞", "補助記号") or m.form.startswith("連用形-一般")
                                or (m.pos == "助動詞" and m.lemma == "た" and i < len(morphs) - 1)
                                or (m.pos == "動詞" and i < len(morphs) - 1) for i, m in enumerate(morphs))


def _talk_then_word(word: str, known) -> bool:
    """Whether folded ``word`` is talk, a particle, then a known weapon or unit
    (「次はリボルバー」), which is no name of its own."""
    for k in range(1, len(word)):
        if word[k - 1] in PARTICLE_CHARS:
            tail = known.tokens(word[k:])
            if tail and len(tail) == 1 and tail[0].is_(lexicon.WEAPON, lexicon.UNIT):
                return True
    return False


_NUMBERING = re.compile(r"[-_#]?(?:\d+|[a-z])")
"""How a unit's name is numbered (ゾンビ1, ゾンビA, ゾンビ-2), as lexicon.unit_spellings reads it."""


def _renumbered(word: str, names) -> bool:
    """Whether folded ``word`` is a unit's name (``names``: every unit spelling) with a number
    no unit has (ゾンビ2 when there is only ゾンビ, or ゾンビ1)."""
    return word not in names and any(word.startswith(n) and _NUMBERING.fullmatch(word[len(n):]) for n in names)


def _with_word(ctx: ChatContext, kind: str, word: str, tokens: list) -> Declaration | None:
    """The declaration ``tokens`` make with the unknown ``word`` as a weapon or a target, or
    None when it is not one that names the word there."""
    if kind == lexicon.WEAPON:
        outcome = resolve(_intents(tokens), ctx)
        wanted = ("attack", "react")
        role = "weapon"
    elif kind == OBJECT:
        outcome = resolve(_intents(tokens), ctx)
        wanted = ("react",)
        role = "object"
    else:
        outcome = resolve(_intents(tokens), dataclasses.replace(ctx, units=(*ctx.units, ChatUnit(word, STRANGER, ()))))
        wanted = ("attack",)
        role = "target"
    if isinstance(outcome, Declaration) and outcome.command in wanted and outcome.options.get(role) == word:
        return outcome
    return None


def _strip_endings(tokens: list) -> list:
    """``tokens`` without the endings that may trail a declaration (します, です …)."""
    end = len(tokens)
    while end > 1 and tokens[end - 1].is_(lexicon.ENDING) and not tokens[end - 1].is_(lexicon.ATTACK, lexicon.REACT):
        end -= 1
    return tokens[:end]
