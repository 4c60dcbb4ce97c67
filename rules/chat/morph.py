"""The Japanese morphological analyser under the chat grammar (issue 26): SudachiPy with its
core dictionary cuts a line into morphemes, each with its normalized form, so that the
spellings and inflections of one word meet: なぐる, 殴ります, 殴って, 殴れ → 殴る;
かみつく → 噛み付く; けっとばす → 蹴飛ばす.

The analyser is a pure function of the text: the same line always gives the same
morphemes. Its dictionary is loaded once, on first use (:func:`load`, about 50 ms; the bot
loads it at start-up so that no chat line pays for it), and the morphemes of a line are
cached (:data:`CACHE`). The game's own words (skills, weapons, techniques, unit names,
system words) are never taken from it: they stay in the battle's lexicon
(rules.chat.lexicon), which wins where the two disagree (Sudachi cuts 「かいひ」 as か・いひ).

A different analyser may be put in with :func:`use` (a callable from text to morphemes),
for a machine without the dictionary package or for tests; with none at all
(:data:`NO_ANALYSER`) the grammar reads only its own lexicon, as before issue 26.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Morph:
    """One morpheme of a :func:`~rules.chat.normalize.prefold` text.

    Attributes:
        surface: the text as written (kana and case kept).
        lemma: the normalized form (なぐり → 殴る, ひっかく → 引っ掻く).
        base: the dictionary form as spelled (なぐり → なぐる).
        pos: the part of speech, top level (動詞, 名詞, 助詞, 助動詞, 接尾辞, 補助記号 …).
        sub: its second level (格助詞, 係助詞, 普通名詞, 数詞, 名詞的 …).
        form: the conjugated form (連用形-一般, 命令形, 終止形-一般 …), or "" when none.
        begin, end: character offsets in the analysed text.
    """

    surface: str
    lemma: str
    base: str
    pos: str
    sub: str
    form: str
    begin: int
    end: int


Analyser = Callable[[str], tuple[Morph, ...]]

CACHE = 8192
"""Lines whose morphemes are kept (a battle channel repeats lines: 「回避」「なし」)."""


def _sudachi() -> Analyser:
    from sudachipy import Dictionary, SplitMode

    tokenizer = Dictionary(dict="core").tokenizer(mode=SplitMode.C)

    def analyse(text: str) -> tuple[Morph, ...]:
        found = []
        for m in tokenizer.tokenize(text):
            pos = m.part_of_speech()
            form = pos[5] if pos[5] != "*" else ""
            found.append(Morph(m.surface(), m.normalized_form(), m.dictionary_form(), pos[0], pos[1], form,
                               m.begin(), m.end()))
        return tuple(found)
    return analyse


def NO_ANALYSER(text: str) -> tuple[Morph, ...]:
    """The analyser of a bot without one: no morphemes (the lexicon alone reads)."""
    return ()


_analyser: Analyser | None = None


def load() -> bool:
    """Load the dictionary now, if it is not loaded yet (the caller times it:
    benchmarks/startup.py); whether it was loaded by this call. Raises ImportError when
    SudachiPy or its dictionary is missing."""
    global _analyser
    if _analyser is not None:
        return False
    _analyser = _sudachi()
    _analyser("回避")  # the first line pays for the dictionary's pages: pay it here
    return True


def use(analyser: Analyser | None) -> None:
    """Put in ``analyser`` (None: SudachiPy again, loaded on first use); clears the cache."""
    global _analyser
    _analyser = analyser
    analyse.cache_clear()


@lru_cache(maxsize=CACHE)
def analyse(text: str) -> tuple[Morph, ...]:
    """The morphemes of ``text`` (a :func:`~rules.chat.normalize.prefold` line), in order,
    covering it whole."""
    if _analyser is None:
        load()
    return _analyser(text)
