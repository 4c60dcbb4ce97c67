"""The words the grammar can read in one battle: a lexicon of folded spellings and the
tokens a chat line is cut into (longest spelling first).

A line that cannot be cut into known words from its first character to its last is not a
declaration: that is what keeps table talk (「回避できるかな…」) silent.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules.chat import words as w
from rules.chat.normalize import fold

UNIT, WEAPON, REACT, DECL, SPECIAL, AIM, MODE, CHECK, TURN = (
    "unit", "weapon", "react", "decl", "special", "aim", "mode", "check", "turn")
OPTION, END, ATTACK, MOVE, DECLARE, DO, FOCUS, POWER, SHOTS, DEX = (
    "option", "end", "attack_verb", "move_verb", "declare_verb", "do_verb", "focus", "power", "shots", "dex")
PARTICLE, ENDING, FILLER, NUMBER, SQUARE = "particle", "ending", "filler", "number", "square"
SELF = "self"
MANNER = "manner"
"""How an action is done (全力で, とっさに): dropped anywhere in a line."""
STYLE = "style"
"""A combat style named beside a strike (武道キック, マーシャルキック): colour of the strike."""
NEGATION = "negation"
"""A refusal (不可, やめる): the line never acts (issue 26)."""
PRONOUN = "pronoun"
"""あいつ, そいつ (or a word nobody is named, rules.chat.cut): the opponent the line means,
never a name: each opponent, asked."""
UNKNOWN = "unknown"
"""A word neither the lexicon nor the analyser's lemma tables place (rules.chat.cut)."""
TE = "te"
"""The te-form's て/で (殴って, 加減して)."""
THROW = "throw_verb"
"""投げる, 投擲: an object thrown is a thrown attack (投石), a unit thrown is a サルト."""
RESULT = "result"
"""A roll's result in words (成功, 失敗): the KP narrating an NPC's roll (rules.chat.words.RESULTS)."""
FAMILY = "family"
"""A word standing for one of several specials (二刀流: 連続攻撃 or 同時攻撃)."""

MIN_PARTIAL = 2
"""The shortest part of a weapon's name that stands for it (大型ナイフ → ナイフ)."""


@dataclass(frozen=True)
class Token:
    """One word of a line: its folded ``text`` and every ``(kind, value)`` it may mean
    (こぶし is a weapon; 組み付き a weapon and a tackler's answer)."""

    text: str
    meanings: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_kinds", frozenset(k for k, _ in self.meanings))

    def value(self, kind: str) -> str | None:
        """The first value of ``kind`` this word has, or None."""
        return next((v for k, v in self.meanings if k == kind), None)

    def values(self, kind: str) -> tuple[str, ...]:
        """Every value of ``kind`` (a unit name shared by ゾンビ1 and ゾンビ2 has two)."""
        return tuple(v for k, v in self.meanings if k == kind)

    def names(self, kind: str) -> tuple[str, ...]:
        """The values of ``kind`` spelled exactly as typed, else every value (ナイフ means the
        ナイフ, not also the 大型ナイフ it is part of)."""
        values = self.values(kind)
        exact = tuple(v for v in values if fold(v) == self.text)
        return exact or values

    def is_(self, *kinds: str) -> bool:
        """Whether the word may mean any of ``kinds``."""
        return not self._kinds.isdisjoint(kinds)


def unit_spellings(name: str) -> set[str]:
    """The spellings of unit ``name``: itself, each part of a name written in parts
    (見本 花子 → 見本, 花子) and, for a numbered one (ゾンビ1, ゾンビA, ゾンビ-2), its base
    name, which may stand for several units."""
    folded = fold(name)
    found = {folded}
    parts = [fold(p) for p in re.split(r"[\s\u3000・=＝]+", name.strip())]
    if len(parts) > 1:
        found.update(p for p in parts if len(p) >= MIN_PARTIAL)
    counted = _COUNTED.fullmatch(folded)
    if counted is not None:  # 狂信者1号, 人形2体: 狂信者1, 1号, 1 (and the base 狂信者)
        found.update((counted["base"] + counted["number"], counted["number"] + counted["counter"]))
        if len(counted["number"]) <= 2:
            found.add(counted["number"])  # 「1に日本刀」: the number alone, also read as a number
        folded = counted["base"] + counted["number"]
    base = re.sub(r"[-_#]?(\d+|[a-z])$", "", folded)
    if base and base != folded:
        found.add(base)
        letter = folded[len(base):].lstrip("-_#")
        if len(letter) == 1 and letter.isascii() and letter.isalpha():
            found.add(letter)  # ビクトマウスB: 「Bにこぶし」 (issue 26)
    return found


_COUNTED = re.compile(r"(?P<base>.+?)(?P<number>\d+)(?P<counter>号|番|号機|号体|体|人目)")
"""A unit numbered with a counter (狂信者1号, 人形2体): each of its spellings."""


def weapon_spellings(name: str) -> set[str]:
    """The spellings of weapon ``name``: itself and its leading and trailing parts of at
    least :data:`MIN_PARTIAL` characters (.38リボルバー → リボルバー, 大型ナイフ → ナイフ); a
    part only in kana at least :data:`MIN_KANA_PARTIAL` (ナイ is the ない of 避けない, not a ナイフ)."""
    folded = fold(name)
    found = {folded}
    for size in range(MIN_PARTIAL, len(folded)):
        for part in (folded[:size], folded[-size:]):
            if size >= MIN_KANA_PARTIAL or not _KANA.fullmatch(part):
                found.add(part)
    return found


MIN_KANA_PARTIAL = 3
_LETTER = re.compile(r"[a-z]")
HINT_KINDS = frozenset((UNIT, WEAPON, REACT, DECL, SPECIAL, AIM, MODE, CHECK, TURN, OPTION, END, ATTACK, MOVE, FAMILY,
                        POWER, STYLE, SELF))
HINT_STEMS = (*w.LEMMAS, *w.THROW_LEMMAS, *(v for v in w.LEMMAS.values()), "なげ", "なぐ", "けと", "けっと", "かみ",
              "ひっか", "よけ", "かわ", "かば", "ふせ", "うけ", "かく", "たた", "ねら", "さす", "つく", "うつ", "きる")
"""A unit named by its letter alone: matched after squares (a1 is a square, a a unit)."""
_KANA = re.compile(r"[\u30a0-\u30ffー]+")


_NOT_CUT = object()
MAX_KEPT = 4096
"""Lines whose words a lexicon keeps (:meth:`Lexicon.tokens`)."""


def _trie(words) -> str:
    """A regex matching any of ``words``, as a trie (one branch per first character: a
    search tries one branch at each place instead of every word)."""
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(c) + pattern(child) for c, child in sorted(node.items()) if c]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body
    return pattern(tree) or "(?!)"


def _stem(word: str) -> str:
    """A verb's folded stem (殴る → 殴, なげる → ナゲ): its kanji, or its first two kana."""
    folded = fold(word)
    stem = folded.rstrip("ァ-ヶー")
    return stem if stem else folded[:2]


class Lexicon:
    """Folded spelling → meanings, with a tokenizer (one compiled pattern, longest first).

    Built by :func:`build` from the battle's units, weapons, open questions and the
    system's :class:`~rules.chat.words.Words`.
    """

    def __init__(self, entries: dict[str, list[tuple[str, str]]]) -> None:
        self.entries = {k: tuple(dict.fromkeys(v)) for k, v in entries.items() if k}
        self._hints: re.Pattern | None = None
        self._cut: dict[str, tuple[Token, ...] | None] = {}
        alternatives = sorted((a for a in self.entries if not _LETTER.fullmatch(a)), key=len, reverse=True)
        letters = "".join(a for a in self.entries if _LETTER.fullmatch(a))
        self.pattern = re.compile("|".join(re.escape(a) + (r"(?!\d)" if a.isdigit() else "") for a in alternatives)
                                  + r"|(?P<square>[a-z]{1,2}\d{1,2}(?!\d))|(?P<number>\d{1,7})"
                                  + (f"|[{letters}]" if letters else ""))

    def hinted(self, folded: str) -> bool:
        """Whether ``folded`` holds a word that may make a declaration (a game word, a verb
        of the lexicon or a stem of the analyser's verbs): the cheap test before the
        analyser is asked (rules.chat.cut)."""
        if self._hints is None:
            words = [k for k, v in self.entries.items() if any(kind in HINT_KINDS for kind, _ in v)]
            self._hints = re.compile(_trie({*words, *(_stem(w) for w in HINT_STEMS)}))
        return self._hints.search(folded) is not None

    def names_in(self, folded: str, kind: str) -> list[str]:
        """The values of ``kind`` of every known word found anywhere in ``folded`` (other
        text passed over), in order; a word of several such values gives none."""
        found, pos = [], 0
        for match in self.pattern.finditer(folded):
            if match.start() < pos:
                continue
            pos = match.end()
            values = [v for k, v in self.entries.get(match.group(0), ()) if k == kind]
            if len(values) == 1:
                found.append(values[0])
        return found

    def tokens(self, folded: str) -> list[Token] | None:
        """``folded`` cut into words, or None when some part of it is no known word (kept
        per line: a line is cut several times while it is read, and tables repeat lines)."""
        kept = self._cut.get(folded, _NOT_CUT)
        if kept is _NOT_CUT:
            if len(self._cut) >= MAX_KEPT:
                self._cut.clear()
            kept = self._cut[folded] = self._tokens(folded)
        return None if kept is None else list(kept)

    def _tokens(self, folded: str) -> tuple[Token, ...] | None:
        found, pos = [], 0
        while pos < len(folded):
            match = self.pattern.match(folded, pos)
            if match is None or match.end() == pos:
                return None
            text = match.group(0)
            meanings = list(self.entries.get(text, ()))
            if match.group("square"):
                meanings.append((SQUARE, text.upper()))
            if match.group("number") or (text.isdigit() and meanings):
                meanings.append((NUMBER, text))  # 1: a number, and the unit 狂信者1号 where one is so numbered
            found.append(Token(text, tuple(meanings)))
            pos = match.end()
        return tuple(found)


def _add(entries: dict, kind: str, table: dict[str, tuple[str, ...]]) -> None:
    for term, spellings in table.items():
        for spelling in (term, *spellings):
            entries.setdefault(fold(spelling), []).append((kind, term))


def _add_words(entries: dict, kind: str, spellings, value: str = "") -> None:
    for spelling in spellings:
        entries.setdefault(fold(spelling), []).append((kind, value or spelling))


def build(words: w.Words, units: tuple[tuple[str, tuple[str, ...]], ...], options: tuple[str, ...],
          kinds: tuple[str, ...] = ()) -> Lexicon:
    """The lexicon of a battle: ``units`` as ``(name, weapon names)`` pairs, ``options``
    the labels of the questions open now (matched whole: 受け流し：ナイフ, 回避（+30%）),
    ``kinds`` the kinds units' weapons may be named by (拳銃, 銃), each a weapon word where
    no other word is spelled so."""
    entries: dict[str, list[tuple[str, str]]] = {}
    for label in options:
        entries.setdefault(fold(label), []).append((OPTION, label))
    for name, weapons in units:
        for spelling in unit_spellings(name):
            entries.setdefault(spelling, []).append((UNIT, name))
        for weapon in weapons:
            for spelling in weapon_spellings(weapon):
                entries.setdefault(spelling, []).append((WEAPON, weapon))
    tables = ((OPTION, words.options), (WEAPON, words.weapons), (REACT, words.reactions),
              (DECL, words.declarations), (SPECIAL, words.specials), (AIM, words.aims),
              (MODE, words.modes), (CHECK, words.checks))
    for kind, table in tables:
        _add(entries, kind, table)
    _add(entries, STYLE, w.STYLES)
    _add(entries, RESULT, w.RESULTS)
    for family in words.special_families:
        entries.setdefault(fold(family), []).append((FAMILY, family))
    for path, spellings in words.turn_actions.items():
        _add_words(entries, TURN, spellings, path)
    _add_words(entries, END, w.END_TURN, "end")
    shared = ((ATTACK, w.ATTACK_VERBS + words.attack_verbs), (MOVE, w.MOVE_VERBS), (DECLARE, w.DECLARE_VERBS), (DO, w.DO_VERBS),
              (FOCUS, w.FOCUS), (POWER, w.POWER_WORDS if words.power else ()), (SHOTS, w.SHOTS_SUFFIX),
              (DEX, w.DEX_WORDS), (SELF, w.SELF_WORDS), (PARTICLE, w.PARTICLES), (ENDING, w.ENDINGS), (FILLER, w.FILLERS),
              (MANNER, w.MANNER), (NEGATION, w.NEGATIONS))
    for kind, spellings in shared:
        _add_words(entries, kind, spellings)
    for name in kinds:
        if fold(name) not in entries:
            entries[fold(name)] = [(WEAPON, name)]
    return Lexicon(entries)
