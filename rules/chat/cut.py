"""Cutting a chat line into words with the morphological analyser (issue 26), where the
battle's lexicon alone cannot cut it: 「杖でなぐります」「ゾンビを蹴り飛ばしたい」
「殴ります腹を」「ゾンビさんを殴る」「回避ふりますー」.

At each place of the line the lexicon's own word wins when it is a game word (a unit, a
weapon, a skill, a reaction, a special …) or when it is at least as long as the morpheme
there (「かいひ」 stays 回避, which Sudachi cuts as か・いひ); otherwise the morpheme is
taken, read by its normalized form: a verb by its lemma (:data:`rules.chat.words.LEMMAS`:
なげる → 投げる, 噛みつく → 噛みつく), an auxiliary by what it does to the sentence (ない:
negation, たい: a wish, た: the past), an honorific after a name (さん, くん) dropped, a
particle as the grammar's particle. What it cannot place is an unknown word.

The result is a :class:`Cut`: the words for the grammar (rules.chat.grammar), the unknown
words, and the marks that keep the line from acting (negation, question, past, condition,
hearsay) or make it ask (a wish). Pure: the analyser is a function of the text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules.chat import lexicon as lx
from rules.chat import morph
from rules.chat.morph import CACHE
from rules.chat.lexicon import PRONOUN, TE, THROW, UNKNOWN
from rules.chat.normalize import prefold, shift
from rules.chat.words import (AFTER_VERB_LEMMAS, BLOCK_ADVERBS, HONORIFICS, INTENSIFIERS, INTERROGATIVES, LEMMAS,
                              STRIKE_WITH, THROW_LEMMAS, THROWN_OBJECTS)

NEG, WANT, PAST, QUESTION, COND, HEARSAY = "neg", "want", "past", "question", "cond", "hearsay"
"""Marks of a line (:attr:`Cut.marks`): a negation (殴らない, 不可), a wish (殴りたい), the past
(殴った), a question (殴るか), a condition (殴ったら, 殴れば, けど), hearsay or a guess
(殴るらしい, たぶん回避). All but a wish keep the line from acting."""
LOOSE = "loose"
"""A verb, adjective or adverb the reading cannot place: the line is talk (「攻撃当たれー」)."""
VOLITIONAL = "volitional"
"""A verb's volitional form (殴ろう): a plan for later when the line starts with 次は/後で."""
POLITE_WISH = "polite_wish"
"""A wish said to the KP (攻撃したいです): asked back; a bare wish (攻撃したい) is talk."""
BLOCKING = frozenset((NEG, PAST, QUESTION, COND, HEARSAY, LOOSE))

GAME_KINDS = (lx.UNIT, lx.WEAPON, lx.REACT, lx.DECL, lx.SPECIAL, lx.AIM, lx.MODE, lx.CHECK, lx.TURN, lx.OPTION,
              lx.END, lx.FAMILY, lx.POWER, lx.DEX, lx.SELF, lx.STYLE, lx.NEGATION)
"""The kinds of word the lexicon keeps even where the analyser cuts the line otherwise."""

_NEG_AUX = frozenset(("ない", "ぬ", "ず", "ん", "まい"))
_HEARSAY_AUX = frozenset(("らしい", "そう", "みたい", "ようだ", "だろう", "でしょう", "べし"))
_QUESTION_ENDS = frozenset(("か", "かな", "かしら", "っけ", "の", "かい", "だい"))
_COND_CONJ = frozenset(("ば", "たら", "なら", "ても", "でも", "けど", "けれど", "けれども", "が", "のに", "し"))
_POLITE = frozenset(shift(w) for w in ("です", "ます"))
_PROHIBITIVE = frozenset(("な", "なよ", "なー", "なっ"))
"""A verb's plain form then な (殴るな, 撃つなよ): a prohibition, no declaration."""
_ENDING_AUX = frozenset(("ます", "です", "だ", "う", "よう", "じゃ", "や"))


@dataclass(frozen=True)
class Cut:
    """A line cut with the analyser: ``tokens`` for the grammar (unknown words left out,
    honorifics dropped), ``unknown`` the words it could not place (as typed, in order),
    ``marks`` (:data:`NEG`, :data:`WANT` …)."""

    tokens: tuple[lx.Token, ...]
    unknown: tuple[str, ...] = ()
    marks: frozenset[str] = frozenset()
    names: tuple[str, ...] = ()
    """The unknown words that stood where a target goes (「ＺＯＮＢＩを攻撃」, ゾンビ２ beside
    a lone ゾンビ): no unit is so named."""

    @property
    def blocked(self) -> bool:
        """Whether the line may not act (negated, asked, past, conditional, hearsay, a
        word of talk it cannot place, a bare wish)."""
        return not BLOCKING.isdisjoint(self.marks) or (WANT in self.marks and POLITE_WISH not in self.marks)


@lru_cache(maxsize=CACHE)
def cut(text: str, known: lx.Lexicon) -> Cut:
    """``text`` (one clause as typed) cut into words: see the module docstring. Cached per
    line and battle lexicon (a lexicon is one object per battle state: rules.chat.context)."""
    pre = prefold(text)
    folded = shift(pre)
    morphs = morph.analyse(pre)
    at = {m.begin: m for m in morphs}
    ends = {m.end for m in morphs}
    ended = {m.end: m for m in morphs}
    words: list[tuple[lx.Token, str]] = []  # (token, as typed)
    marks: set[str] = set()
    pos = 0
    while pos < len(folded):
        match = known.pattern.match(folded, pos)
        m = at.get(pos)
        lex = _lexicon_token(known, match) if match is not None and match.end() > pos else None
        if lex is not None and _lexicon_wins(lex, match.end(), m, ends):
            if WANT in marks and lex.text in _POLITE:
                marks.add(POLITE_WISH)  # 蹴り飛ばしたいです
            words.append((lex, pre[pos:match.end()]))
            pos = match.end()
            continue
        if m is None:  # inside a morpheme after a lexicon word: the rest of it
            nxt = min((e for e in ends if e > pos), default=len(folded))
            words.append((lx.Token(folded[pos:nxt], ((UNKNOWN, pre[pos:nxt]),)), pre[pos:nxt]))
            pos = nxt
            continue
        prev = ended.get(m.begin)
        if m.pos == "助詞" and m.surface in _PROHIBITIVE and prev is not None and prev.pos == "動詞" \
                and prev.form.startswith("終止形"):
            marks.add(NEG)  # 殴るな: do not
        token = _morph_token(m, known, folded[m.begin:m.end], marks, words)
        if token is not None:
            words.append((token, m.surface))
        pos = m.end
    return _finish(words, marks, known)




def _lexicon_token(known: lx.Lexicon, match: re.Match) -> lx.Token:
    text = match.group(0)
    meanings = list(known.entries.get(text, ()))
    if match.group("square"):
        meanings.append((lx.SQUARE, text.upper()))
    if match.group("number") or (text.isdigit() and meanings):
        meanings.append((lx.NUMBER, text))
    return lx.Token(text, tuple(meanings))


def _lexicon_wins(token: lx.Token, end: int, m: morph.Morph | None, ends: set[int]) -> bool:
    """Whether the lexicon's word beats the morpheme at the same place: a game word, unless
    a longer verb holds it (蹴り in 蹴り飛ばし); any word as long as the morpheme or ending
    where one ends (で, を)."""
    if m is None:
        return True
    longer_verb = m.end > end and m.pos in ("動詞", "形容詞", "助動詞")
    if token.is_(*GAME_KINDS, lx.NUMBER, lx.SQUARE) and not longer_verb:
        return True
    return end >= m.end or (end in ends and not longer_verb)


def _morph_token(m: morph.Morph, known: lx.Lexicon, folded: str, marks: set[str],
                 before: list[tuple[lx.Token, str]]) -> lx.Token | None:
    """The word a morpheme is for the grammar, or None when it is dropped (an honorific
    after a name, a prefix). Marks the line (``marks``) for what changes it: an auxiliary
    (ない, たい, た), a question's ending or word (か, 何, どう), a quoting って. A word of
    content it cannot place is :data:`~lx.UNKNOWN` (a noun, which the line may ask about)
    or marks the line :data:`LOOSE` (a verb, an adjective, an adverb it does not know:
    talk, 「当たれー」「強い」)."""
    def known_as(*spellings: str):
        for spelling in spellings:
            meanings = known.entries.get(shift(spelling))
            if meanings:
                return lx.Token(folded, tuple(meanings))
        return None

    def unknown(loose: bool) -> lx.Token:
        if loose:
            marks.add(LOOSE)
        return lx.Token(folded, ((UNKNOWN, m.surface),))

    last = before[-1][0] if before else None
    if m.surface in ("?", "？") or m.lemma in INTERROGATIVES:
        marks.add(QUESTION)
    if m.surface in STRIKE_WITH or m.lemma in STRIKE_WITH or m.base in STRIKE_WITH:
        struck = before[-2][0] if last is not None and last.text == shift("を") and len(before) >= 2 else last
        if struck is not None and struck.is_(lx.WEAPON, lx.SPECIAL) and not struck.is_(lx.UNIT):
            return lx.Token(folded, ((lx.ENDING, m.surface),))  # 蹴りを入れる, タックルかます: that strike
    if m.surface in INTENSIFIERS and m.pos in ("副詞", "接頭辞", "名詞"):
        return None  # ぶっ刺す: 刺す
    if m.pos == "動詞":
        carried = last is not None and (last.is_(lx.ATTACK, lx.REACT, THROW) or (
            last.is_(TE) and len(before) >= 2 and before[-2][0].is_(lx.ATTACK)))  # 殴ってやる
        if m.lemma in AFTER_VERB_LEMMAS and carried:
            return lx.Token(folded, ((lx.ENDING, m.surface),))  # 斬りかかる, 殴りに行く
        if m.lemma in THROW_LEMMAS:
            return lx.Token(folded, ((THROW, m.lemma),))
        if m.lemma != m.base and len(m.base) >= 3 and m.base.endswith("る") and m.base[:-2] == m.lemma[:-1]:
            marks.add(HEARSAY)  # 殴れる: a potential form, a remark on what one can do
        if m.form.startswith("意志推量形"):
            marks.add(VOLITIONAL)  # 殴ろう: a plan when the line says for later (次は…)
        spelling = LEMMAS.get(m.lemma)
        return known_as(*(s for s in (spelling, m.lemma, m.base, m.surface) if s)) or unknown(True)
    if m.pos == "助動詞":
        if m.lemma in _NEG_AUX:
            marks.add(NEG)
        elif m.lemma == "たい":
            marks.add(WANT)
            return None
        elif m.lemma == "た":
            marks.add(COND if m.form.startswith("仮定") else PAST)
        elif m.lemma in _HEARSAY_AUX:
            marks.add(HEARSAY)
        elif m.lemma not in _ENDING_AUX:
            return unknown(True)
        elif m.lemma in ("です", "ます") and WANT in marks:
            marks.add(POLITE_WISH)  # 攻撃したいです: a request to the KP
        return lx.Token(folded, ((lx.ENDING, m.surface),))
    if m.pos in ("形容詞", "形状詞"):
        if m.lemma in ("無い", "ない"):
            marks.add(NEG)  # 回避するしかない
        elif m.lemma in ("よう", "様", "そう", "みたい"):
            marks.add(HEARSAY)  # しますように, 当たりそう
        return unknown(True)
    if m.pos == "助詞":
        if m.sub == "終助詞" and (m.surface in _QUESTION_ENDS or m.lemma in _QUESTION_ENDS):
            marks.add(QUESTION)
        if m.sub == "接続助詞" and m.surface in _COND_CONJ:
            marks.add(COND)
        if m.surface in ("って", "とは", "っていう", "なんて", "なんか"):
            marks.add(HEARSAY)  # 「剛の型って…」: a word talked about
        if m.sub == "接続助詞" and m.surface in ("て", "で"):
            return lx.Token(folded, ((TE, m.surface), (lx.ENDING, m.surface)))
        return known_as(m.surface) or lx.Token(folded, ((lx.ENDING, m.surface),))
    if m.pos == "接尾辞":
        if m.surface in HONORIFICS and last is not None and last.is_(lx.UNIT, PRONOUN):
            return None
        return known_as(m.surface) or unknown(False)
    if m.pos == "接頭辞":
        return None
    if m.pos in ("感動詞", "接続詞"):
        found = known_as(m.surface)
        if found is not None:
            return found
        return lx.Token(folded, ((lx.FILLER, m.surface),)) if not before else unknown(True)
    if m.pos == "副詞":
        if m.lemma in BLOCK_ADVERBS or m.surface in BLOCK_ADVERBS:
            marks.add(HEARSAY)
        return known_as(m.surface) or unknown(True)
    if m.pos == "代名詞":
        return lx.Token(folded, ((PRONOUN, m.surface),))
    if m.pos == "補助記号":
        return known_as(m.surface) or lx.Token(folded, ((lx.ENDING, m.surface),))
    if m.pos == "名詞" and m.sub == "数詞" and m.lemma.isdigit():
        return lx.Token(m.lemma, ((lx.NUMBER, m.lemma),))
    if m.lemma in THROW_LEMMAS:
        return lx.Token(folded, ((THROW, m.lemma),))
    spelling = LEMMAS.get(m.lemma)
    return known_as(*(s for s in (spelling, m.surface, m.lemma) if s)) or unknown(m.pos != "名詞")


def _finish(words: list[tuple[lx.Token, str]], marks: set[str], known: lx.Lexicon) -> Cut:
    """The cut's tokens: a thrown object before 投げる made the attack it is (石を投げる →
    投石 with 投擲), a special led by して (加減して) colour, unknown words set apart: one
    where a target goes (「ＺＯＮＢＩを攻撃」) stands for "the foe" (:data:`~lx.PRONOUN`),
    never a name; one after の (ゾンビ1の腹を) is left out with its の; any other is left
    out with the particle after it."""
    tokens = [t for t, _ in words]
    typed = [s for _, s in words]
    tokens, typed, unknown, loose = _thrown(tokens, typed, known)
    if loose:
        marks.add(LOOSE)
    kept: list[lx.Token] = []
    names: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        prev = kept[-1] if kept else None
        if prev is not None and prev.is_(lx.UNIT) and _numbering(token, typed[i]):
            unknown.append(typed[i - 1] + typed[i])  # ゾンビ2, ゾンビB beside a lone ゾンビ: that one, asked
            names.append(typed[i - 1] + typed[i])
            i += 1
            continue
        if token.is_(UNKNOWN):
            if nxt is not None and nxt.is_(lx.ATTACK) and not nxt.is_(lx.WEAPON, lx.SPECIAL) \
                    and not any(t.is_(lx.UNIT, PRONOUN) for t in tokens[i + 1:]) and _only_actor(kept) \
                    and (prev is None or not _meaningful(prev) or prev.is_(lx.UNIT)):
                unknown.append(typed[i])  # 「Aはお嬢様狙います」: whom it means, asked among the foes
                names.append(typed[i])
                kept.append(lx.Token(token.text, ((PRONOUN, typed[i]),)))
                i += 1
                continue
            if (prev is not None and _meaningful(prev)) or (nxt is not None and _meaningful(nxt)):
                marks.add(LOOSE)  # 精密射撃 where 精密 is unknown: a term the reading does not know
            unknown.append(typed[i])
            particle = nxt is not None and nxt.is_(lx.PARTICLE) and not _meaningful(nxt)
            if kept and kept[-1].is_(lx.PARTICLE) and kept[-1].text == _NO:
                kept.pop()
            elif particle and nxt.text in _TARGET and _strikes(tokens[i + 2:]) \
                    and not any(t.is_(lx.UNIT, PRONOUN) for t in kept + tokens[i + 2:]):
                kept.append(lx.Token(token.text, ((PRONOUN, typed[i]),)))
                names.append(typed[i])
            i += 2 if particle else 1
            continue
        if token.is_(TE) and kept and kept[-1].is_(lx.DO) and len(kept) >= 2 and kept[-2].is_(lx.SPECIAL):
            special = kept[-2]
            kept[-2:] = [lx.Token(special.text, special.meanings + ((lx.MANNER, special.text),))]
            i += 1
            continue  # 加減して: how it is done
        kept.append(token)
        i += 1
    for j, token in enumerate(kept):
        if not token.is_(TE):
            continue
        if all(t.is_(lx.ENDING) and not _meaningful(t) for t in kept[j + 1:]):
            kept[j] = lx.Token(token.text, ((lx.ENDING, token.text),))  # 殴って！: the te-form ends the line
        elif j and kept[j - 1].is_(lx.ATTACK) and any(t.is_(lx.ATTACK) for t in kept[j + 1:]):
            kept[j] = lx.Token(token.text, ((lx.PARTICLE, token.text),))  # 飛びかかって噛みつく: one attack
    return Cut(tuple(kept), tuple(unknown), frozenset(marks), tuple(names))


_NO = shift("の")
_AT = frozenset(shift(p) for p in ("に", "へ"))
_TARGET = frozenset(shift(p) for p in ("を", "に", "へ"))


_ACTOR_MARKS = frozenset(shift(p) for p in ("は", "が", ":", "、", ",", "も"))


def _only_actor(kept: list[lx.Token]) -> bool:
    """Whether the words so far name no unit but the one the line is for (「Aは…」)."""
    units = [i for i, t in enumerate(kept) if t.is_(lx.UNIT, PRONOUN)]
    return not units or (units == [0] and len(kept) >= 2 and kept[1].text in _ACTOR_MARKS)


def _numbering(token: lx.Token, typed: str) -> bool:
    """Whether a word right after a unit's name numbers it (2, B): a number or one letter
    (the lexicon would have read a unit so numbered as one word)."""
    return (token.is_(lx.NUMBER) and not token.is_(lx.UNIT)) or (
        token.is_(UNKNOWN) and len(typed) == 1 and typed.isascii() and typed.isalnum())


def _meaningful(token: lx.Token) -> bool:
    return any(k not in (lx.PARTICLE, lx.ENDING, lx.FILLER) for k, _ in token.meanings)


def _strikes(rest: list[lx.Token]) -> bool:
    """Whether an attack word follows (a verb, a weapon, a special)."""
    return any(t.is_(lx.ATTACK, lx.WEAPON, lx.SPECIAL) for t in rest)


def _thrown(tokens: list[lx.Token], typed: list[str], known: lx.Lexicon
            ) -> tuple[list[lx.Token], list[str], list[str], bool]:
    """``[object, (を), 投げる]`` as an attack: a unit is thrown (サルト, where the system has
    it); one of the speaker's weapons is thrown with its own name (メスを投擲); any other
    object (石, レンガ) is a 投石, and an object the lexicon does not know is left as an
    unknown word beside it, for the line to ask. A throw with no object before it
    (「サルトで投げる」) is talk (:data:`LOOSE`)."""
    unknown: list[str] = []
    loose = False
    for i, token in enumerate(tokens):
        if not token.is_(THROW):
            continue
        j = i - 1
        while j >= 2 and tokens[j].is_(lx.PARTICLE) and tokens[j].text in _AT and tokens[j - 1].is_(lx.UNIT):
            j -= 2  # 小石をAに投げつける: the object before the one it is thrown at
        if j >= 0 and tokens[j].is_(lx.PARTICLE) and tokens[j].text == shift("を"):
            j -= 1
        obj = tokens[j] if j >= 0 else None
        verb = lx.Token(token.text, ((lx.ATTACK, "投擲"),))
        if obj is not None and obj.is_(lx.UNIT):
            salto = (lx.SPECIAL, "サルト") in known.entries.get(shift("サルト"), ())
            tokens[i] = lx.Token(token.text, ((lx.SPECIAL, "サルト"),) if salto else ((UNKNOWN, "投げる"),))
            continue
        if obj is not None and obj.is_(lx.WEAPON):
            tokens[i] = verb
            continue
        if obj is not None and (obj.is_(UNKNOWN) or obj.text in _THROWN):
            if obj.is_(UNKNOWN) and obj.text not in _THROWN:
                unknown.append(typed[j])
            tokens[j], tokens[i] = lx.Token(obj.text, ((lx.WEAPON, "投石"),)), verb
        else:
            tokens[i] = lx.Token(token.text, ((UNKNOWN, typed[i]),))  # 「サルトで投げる」: what is thrown is unsaid
            loose = True
    return tokens, typed, unknown, loose


_THROWN = frozenset(shift(prefold(w)) for w in THROWN_OBJECTS)
