"""Lead-ins and afterthoughts (issue 21): a message that holds exactly one complete
declaration among talk that does not change its meaning acts as that declaration.

    「くっ、もう一回！ゾンビ1をこぶしで殴る」 → ゾンビ1をこぶしで殴る (a reason before it)
    「外れたー。ターン終了」                 → ターン終了 (an exclamation before it)
    「回避！ 頼む……」                       → 回避 (a sentence after it)
    「「ダメだ……」\\n喉元を刺します」       → 喉元を刺します (role-play speech in 「」 dropped)
    「10出してかいひー」                     → かいひー, the 10 being the number the player typed

The message is cut into pieces at sentence marks, commas, spaces and line breaks; each run
of neighbouring pieces is read as one declaration (:func:`read_talk`'s ``core``). It acts
only when every run that reads gives the same declaration, and nothing after it takes it
back or doubts it (「回避。やっぱやめ」「回避……かな」). A number, weapon, body part, place,
special, firing mode or power rank in the talk that the declaration does not carry is
never dropped silently: the line is asked back (an :class:`Ambiguous` with the one
reading) — except one number before a rolled declaration, which is the target number the
player typed (「ボーナス含めて３３か　回避！」 = ``typed_target`` 33).

What never acts: a Discord quote (a line starting ``> ``, quoting someone else), an aside
wholly in round brackets (「（Aにバットで攻撃します）」: the player's out-of-character remark,
:func:`is_aside`), a line with a question mark outside speech, and a plan for later
(「次はゾンビ1を攻撃しよう」).
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable

from rules.chat import lexicon as lx
from rules.chat.normalize import as_typed, fold
from rules.chat.resolve import Ambiguous, Declaration, Outcome
from rules.chat.resolve import _attack_phrase as attack_phrase
from rules.chat.resolve import _unique
from rules.chat.words import NONE_OPTIONS

MAX_MESSAGE = 300
"""The longest message searched for a declaration among talk (characters)."""
MAX_CLAUSE = 60
"""The longest run of pieces read as one declaration (characters)."""
MAX_PIECES = 12
"""A message cut into more pieces than this is conversation."""
MAX_SPAN = 3
"""The most pieces one declaration is read across (「刺客2にとどめ、パワー2で攻撃」 is two)."""

SPEECH = re.compile(r"「[^「」]*」|『[^『』]*』")
"""Role-play speech (「ダメだ、声、出したら……」), dropped when the line only reads without it."""
QUOTE_LINE = re.compile(r"(?m)^[ \t]*>(?:>>)?[ \t]+.*$|^[ \t]*>>>[\s\S]*")
"""A Discord quote: a line starting ``> `` (or everything after ``>>> ``): someone else's words."""
ARROW = re.compile(r"^\s*(?:kp|ＫＰ|ｋｐ|KP)?\s*[>＞]+|[>＞]+\s*(?:kp|ＫＰ|ｋｐ|KP)?\s*$", re.IGNORECASE)
"""A leading ``>`` with no space after it, or an address to the KP (「KP＞回避」「回避>KP」)."""
BOUNDARY = re.compile(r"[。！!…‥\n、,，\s\u3000]+")
"""Where a message is cut into pieces."""
DICE_HEAD = re.compile(r"(?i)\s*s?(?:\d*d\d|ccb?\b|ccb?[<(=\d-]|cbr|res|choice|\d+b\d|\d+r\d|x\d)")
"""A line that starts as a dice command (2D6, CCB<=50, SCCB, choice …) is the dice reader's,
never searched for talk (its comment is read as today: rules.chat.read)."""
LEAD_END = re.compile(r"(?<!なん)(?<!ナン)(?<!とっ)て|(?<!ナン)テ|[んン]で|[んン]デ|[いイ][でデ]|から|カラ|ので|ノデ|ながら|ナガラ")
"""A te-form or a reason ends a lead-in inside a piece (「10出してかいひー」「重いから回避」); a
なんて is no te-form but a word talked about (「回避なんてしない」)."""
SECOND = (lx.ATTACK, lx.END, lx.MOVE, lx.DECLARE, lx.NEGATION)
"""Verbs in the talk that make it a second declaration the line does not read
(「巨漢を攻撃、信者も攻撃」): the line is then silent."""

AFTER_BACKOUT = tuple(fold(w) for w in (
    "やめ", "止め", "うそ", "嘘", "冗談", "キャンセル", "取り消", "とりけし", "待って", "まって", "かな", "かも",
    "っけ", "けど", "だろう", "かしら", "ようか", "迷", "悩", "どうしよ", "ダメ", "だめ", "無理", "しない", "やらない",
    "なし", "いや", "うーん", "うーむ", "んー", "むむ"))
"""Words after a declaration that take it back or doubt it (「回避。……やっぱやめ」「回避、かな」)."""
GOES_ON = tuple(fold(w) for w in ("は", "が", "を", "に", "の", "も", "と", "って", "で", "なら", "より"))
"""A particle right after the declaration's words: they were the topic of a longer
sentence (「回避…は28か」), no declaration."""
TALK_ENDS = tuple(fold(w) for w in ("よね", "だよね", "でしょ", "でしょう", "じゃない", "じゃん", "って", "ってこと",
                                     "らしい", "みたい", "そう", "だった", "でした", "ました", "ですね", "だね",
                                     "なんだ", "なのね", "なのか", "なんですか"))
"""Endings that make a line a remark about a declaration, not one (「アリスは回避だよね」)."""
PLAN_STARTS = tuple(fold(w) for w in ("次は", "次の", "次こそ", "今度は", "後で", "あとで", "次ターン"))
PLAN_ENDS = tuple(fold(w) for w in ("しよう", "しようかな", "しようか", "つもり", "予定", "ようかな", "よう", "かな"))
"""A plan for later is talk (「次はゾンビ1を攻撃しよう」); 「次はリボルバーで撃つ」 acts."""

COUNTERS = tuple(fold(w) for w in ("回", "度", "人", "体", "ターン", "ラウンド", "r", "日", "時", "分", "個", "つ",
                                   "番", "匹", "d", "面", "点", "ダメ", "hp", "mp", "san", "m", "マス"))
"""Units after a number that make it a count, not a target number (「2回目」「3体」)."""
TARGET_MARKS = ("", "か", "カ", "%", "で", "デ", "出", "以下", "イカ", "ね", "ネ", "!", "だ", "ダ", "を", "ヲ")
"""What may follow the target number a player typed in talk (「３３か」「10出して」)."""
CONTENT = (lx.WEAPON, lx.AIM, lx.MODE, lx.SPECIAL, lx.POWER, lx.SQUARE, lx.CHECK, lx.NUMBER, lx.FAMILY)
"""The kinds of word that change a declaration, which talk may not hold unread."""
ROLLED = ("react", "attack", "check")
_AT = tuple(fold(p) for p in ("を", "に", "へ"))
_KANA = re.compile(r"[\u30a0-\u30ffー]+")
_KANJI = re.compile(r"[\u4e00-\u9fff]")


ASIDE_OPEN, ASIDE_CLOSE = "(（", ")）"
"""The round brackets, half- and full-width, that hold a player's out-of-character aside."""
_ASIDE_AFTER = re.compile(r"(?:[\s!！。.…‥ー〜~wｗＷ]|[\u2600-\u27bf\ufe0f\u200d]|[\U0001f000-\U0001faff])+$")
"""What may trail an aside (「（1号を斬る）ｗ」「（…）！」): laughter, marks, emoji."""


def is_aside(line: str) -> bool:
    """Whether ``line`` is wholly an out-of-character aside: round brackets (half- or
    full-width) from its start to its end — one bracketed remark or several in a row, a
    remark whose bracket is never closed, laughter or marks after it (「（Aにバットで攻撃します）」
    「(ゾンビを殴る)」「（1号を斬る）（ダメ元）」「（1号を斬る」「（1号を斬る）ｗ」), as a table
    writes a remark beside the game (bot.sheets.voice keeps such lines as the player's own
    words). A line only led by a bracketed word is none (「（こぶし）1D100<=50 → 23」
    「(回避) CCB<=40」: a roll report, a palette roll)."""
    line = line.strip()
    if not line or line[0] not in ASIDE_OPEN:
        return False  # the cheap test first: most lines do not start with a bracket
    line = _ASIDE_AFTER.sub("", line)
    depth = 0
    for char in line:
        if char in ASIDE_OPEN:
            depth += 1
        elif char in ASIDE_CLOSE:
            depth -= 1
            if depth < 0:
                return False
        elif depth == 0 and not char.isspace():
            return False  # words outside the brackets: the line says more than an aside
    return True


def without_asides(text: str) -> str:
    """``text`` without its lines that are wholly an aside (:func:`is_aside`): what is left
    may be a declaration; "" when every line is an aside."""
    if "(" not in text and "（" not in text:
        return text
    return "\n".join(line for line in text.splitlines() if not is_aside(line)).strip()


def prepare(text: str) -> str | None:
    """``text`` without quotes of others, the arrow marks and a trailing ``/``; None when
    nothing is left or a question mark stands outside speech."""
    text = QUOTE_LINE.sub("", text)
    lines = [ARROW.sub("", line).rstrip().rstrip("/／").strip() for line in text.splitlines()]
    text = "\n".join(line for line in lines if line)
    if not text or "?" in SPEECH.sub("", text) or "？" in SPEECH.sub("", text):
        return None
    return text


def is_plan(folded: str) -> bool:
    """Whether a folded line is a plan for later (次は … しよう) or a remark about a
    declaration (…だよね)."""
    bare = folded.rstrip("!。.…ー~〜")
    return bare.endswith(TALK_ENDS) or (folded.startswith(PLAN_STARTS) and bare.endswith(PLAN_ENDS))


def pieces(text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` spans of ``text`` between boundaries."""
    spans, pos = [], 0
    for match in BOUNDARY.finditer(text):
        if match.start() > pos:
            spans.append((pos, match.start()))
        pos = match.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return spans


def read_talk(text: str, known: lx.Lexicon, core: Callable[[str], Outcome]) -> Outcome:
    """The one declaration among the talk of ``text`` (see the module docstring), read by
    ``core`` (a clause → its outcome) with the battle's words ``known``; None when there is
    none, or two different ones."""
    if DICE_HEAD.match(unicodedata.normalize("NFKC", text)):
        return None
    text = SPEECH.sub("\n", text)
    if is_plan(fold(text)):
        return None
    spans = pieces(text)
    if not spans or len(spans) > MAX_PIECES:
        return None
    found = _readings(text, spans, known, core)
    kept = [f for f in found if not any(_inside(f, g, spans) for g in found if g is not f)]
    if not kept or len({_key(f[3]) for f in kept}) != 1:
        return None
    outcome = kept[0][3]
    last = max(f[1] for f in kept)
    used = [(f[2], spans[f[1]][1]) for f in kept]
    talk = _leftover(text, used)
    after = fold(text[spans[last][1]:])
    if any(w in after for w in AFTER_BACKOUT) or after.lstrip("!.…、,。~〜ー").startswith(GOES_ON):
        return None
    first = min(f[2] for f in kept)
    if _refusal(outcome) and fold(text[spans[last][1]:]).strip("!.…、,。~〜ー"):
        return None  # 「しない。全力。」: a refusal with more said after it is no answer (issue 26)
    return _checked(outcome, talk, known, text[:first])


def _refusal(outcome: Outcome) -> bool:
    """Whether ``outcome`` answers with nothing (なし, 宣言しない)."""
    return isinstance(outcome, Declaration) and (outcome.options.get("action") in NONE_OPTIONS
                                                 or outcome.options.get("label") in NONE_OPTIONS)


def _readings(text: str, spans: list[tuple[int, int]], known: lx.Lexicon, core) -> list[tuple[int, int, int, Outcome]]:
    """Every run of up to :data:`MAX_SPAN` neighbouring pieces (the first may start after
    a lead-in's te-form) that ``core`` reads: ``(first piece, last piece, start, outcome)``."""
    cut = [known.tokens(fold(text[a:b])) for a, b in spans]
    whole = [t is not None or known.hinted(fold(text[a:b])) for t, (a, b) in zip(cut, spans)]  # issue 26: the analyser
    bare = [t is not None and all(w.is_(lx.FILLER, lx.ENDING, lx.PARTICLE) and not w.is_(lx.UNIT) for w in t) for t in cut]
    found: list[tuple[int, int, int, Outcome]] = []
    for i, (a, _) in enumerate(spans):
        starts = [a] + [m.end() for m in LEAD_END.finditer(text, a, spans[i][1]) if m.end() < spans[i][1]]
        for start in starts:
            if start == a and not whole[i]:
                continue
            if start != a and known.tokens(fold(text[start:spans[i][1]])) is None \
                    and not known.hinted(fold(text[start:spans[i][1]])):
                continue
            if start == a and bare[i]:
                continue  # a range led by only じゃあ or よし reads as the range after it
            for j in range(i, min(len(spans), i + MAX_SPAN)):
                if j > i and not whole[j]:
                    break
                if spans[j][1] - start > MAX_CLAUSE:
                    break
                if j > i and bare[j]:
                    continue  # nor one that only adds an ending
                outcome = core(text[start:spans[j][1]])
                if outcome is not None:
                    found.append((i, j, start, outcome))
    return found


def _inside(f, g, spans) -> bool:
    """Whether reading ``f`` lies within the longer reading ``g``."""
    return g[2] <= f[2] and spans[f[1]][1] <= spans[g[1]][1] and (g[2], g[1]) != (f[2], f[1])


def _key(outcome: Outcome):
    if isinstance(outcome, Ambiguous):
        return tuple((c.command, tuple(sorted(c.options.items()))) for c in outcome.choices)
    return outcome.command, tuple(sorted(outcome.options.items()))


def _leftover(text: str, used: list[tuple[int, int]]) -> list[str]:
    """The parts of ``text`` outside the ``used`` spans."""
    parts, pos = [], 0
    for start, end in sorted(used):
        if start > pos:
            parts.append(text[pos:start])
        pos = max(pos, end)
    parts.append(text[pos:])
    return [p for p in parts if p.strip()]


def _checked(outcome: Outcome, talk: list[str], known: lx.Lexicon, before: str) -> Outcome:
    """``outcome`` when the ``talk`` around it holds no word it leaves unread; with one
    target number typed in the talk ``before`` it and a rolled declaration, that number as
    ``typed_target``; otherwise the declaration asked back (its buttons, with the words it
    could not place)."""
    unread: list[str] = []
    weapons: list[str] = []
    typed: int | None = None
    named: set[str] = set()
    for part in talk:
        folded = fold(part)
        tokens = list(_content_words(folded, known))
        if any(t.is_(*SECOND) and not t.is_(lx.UNIT, lx.WEAPON) for t, _ in tokens):
            return None
        named |= {n for t, _ in tokens for n in t.values(lx.UNIT)}
        for token, following in tokens:
            if token.is_(lx.UNIT) and following.startswith(_AT) and isinstance(outcome, Declaration) \
                    and outcome.command == "attack" and outcome.options.get("target") not in token.values(lx.UNIT):
                unread.append(token.text)  # 「ゾンビ1を殴ります、ゾンビ2を」: a second target, never dropped
                continue
            if not token.is_(*CONTENT) or token.is_(lx.UNIT):
                continue
            if isinstance(outcome, Declaration) and _carried(token, outcome):
                continue
            if token.is_(lx.NUMBER) and typed is None and isinstance(outcome, Declaration) and before \
                    and part in before \
                    and outcome.command in ROLLED and outcome.typed_target is None \
                    and any(following.startswith(m) for m in TARGET_MARKS if m) | (following == ""):
                typed = int(token.value(lx.NUMBER))
                continue
            unread.append(as_typed(part, token.text))  # as typed: こぶし, not コブシ
            if token.is_(lx.WEAPON) and not token.is_(lx.UNIT) and part.rstrip("、,。 　").endswith(("て", "テ")):
                weapons.extend(token.names(lx.WEAPON))  # 杖を振り上げて…: the weapon of the lead-in
    if isinstance(outcome, Ambiguous) and named:
        mine = tuple(c for c in outcome.choices if c.unit in named)  # 「ゾンビ2は避けない。なし」
        if mine and len({c.unit for c in outcome.choices}) > 1:
            outcome = mine[0] if len(mine) == 1 else Ambiguous(outcome.question, mine)
    if unread:
        choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,)
        choices = _unique(_with_weapons(choices, weapons) + tuple(choices))  # 「杖を振り上げてAに殴りかかる」
        words = "・".join(dict.fromkeys(unread))
        return Ambiguous(f"「{words}」をどう使うのか読み取れませんでした。この宣言でよければ押してください。", choices)
    if typed is not None and isinstance(outcome, Declaration):
        return dataclasses.replace(outcome, typed_target=typed)
    return outcome


def _with_weapons(choices, weapons: list[str]) -> tuple[Declaration, ...]:
    """Each attack among ``choices`` made with a weapon the talk named instead of the one it
    has (the verb's: 殴りかかる is a fist), for the question to offer first."""
    found = []
    for choice in choices:
        if choice.command != "attack" or choice.options.get("special"):
            continue
        for weapon in dict.fromkeys(weapons):
            if weapon == choice.options.get("weapon"):
                continue
            options = {**choice.options, "weapon": weapon}
            phrase = attack_phrase({k: v for k, v in options.items() if k != "as"})
            found.append(dataclasses.replace(choice, options=options, text=f"{choice.unit}：{phrase}", label=weapon))
    return tuple(found)


def _content_words(folded: str, known: lx.Lexicon):
    """The words in folded talk that matter (:data:`CONTENT` kinds, unit names and the
    verbs of :data:`SECOND`), each with the text after it; not a number that counts
    something (「2回目」) nor a one-character weapon part."""
    pos = 0
    while pos < len(folded):
        match = known.pattern.match(folded, pos)
        if match is None or match.end() == pos:
            pos += 1
            continue
        text = match.group(0)
        token = lx.Token(text, tuple(known.entries.get(text, ()))
                         + ((lx.NUMBER, text),) * bool(match.group("number"))
                         + ((lx.SQUARE, text.upper()),) * bool(match.group("square")))
        pos = match.end()
        if match.group("number"):
            counter = next((c for c in COUNTERS if folded.startswith(c, pos)), None)
            if counter is not None:
                pos += len(counter) + folded.startswith("目", pos + len(counter))
                continue
        if token.is_(lx.PARTICLE, lx.ENDING, lx.FILLER) and not token.is_(lx.UNIT):
            continue
        if not match.group("number") and (_KANA.fullmatch(text) and len(text) < 3
                                          or len(text) == 1 and _KANJI.match(folded, pos)):
            continue  # ウデ in もうできる, 目 in 目標: part of another word
        if token.is_(*CONTENT, lx.UNIT, *SECOND):
            yield token, folded[pos:]


def _carried(token: lx.Token, decl: Declaration) -> bool:
    """Whether the declaration already holds what ``token`` says."""
    values = {str(v) for v in decl.options.values()}
    values |= {part for v in decl.options.values() if isinstance(v, str) for part in re.split(r"[,：]", v)}
    if decl.typed_target is not None:
        values.add(str(decl.typed_target))
    return any(v in values for _, v in token.meanings) or (token.is_(lx.POWER) and "power" in decl.options)
