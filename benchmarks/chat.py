"""Time of reading one chat line as a declaration (issue 9: ``rules.chat.read`` runs on
every chat message of a busy server).

Run: ``.venv/bin/python benchmarks/chat.py``. A mix of lines a busy server sees, read in a
house-rules battle of 6 units with weapons while an attack against アリス is pending:
table talk, long lines, dice commands and quotes (non-declarations), and answers, attacks,
moves, round-start declarations and typed rolls (declarations). Each line is read many
times, each call timed on its own; the median and the 99th percentile are per line read,
in µs. The context is built once and its lexicon is warm, as it is between two events of
a running battle (the cold build, paid once per battle state, is printed too). The
reference, in the same run: one d20 through the dice language with the production
random source (``evaluate("1D20", RandomDice(SystemRandom()))``).

Goals: median under 50 µs for a non-declaration, under 200 µs for a declaration.

The Japanese morphological analyser (rules.chat.morph, issue 26) is loaded first (its load
time is printed) and in use: lines the battle's lexicon cannot cut are read with it. Its
morphemes are cached per line, as a running bot's are for the lines a table repeats; the
same lines are timed again with that cache emptied before every call (every line new to
the bot), and the issue-26 lines (kana, inflection, honorifics, word order) are timed both ways.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from random import SystemRandom

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.battle.protocol import BattleView, Prompt, UnitRow  # noqa: E402
import rules.chat as chat_module  # noqa: E402
from rules.chat import ChatContext, Declaration, morph, read  # noqa: E402
from rules.chat.cut import cut  # noqa: E402
from rules.chat.context import _lexicon  # noqa: E402
from rules.dice import RandomDice, evaluate  # noqa: E402
from rules.systems import get_system  # noqa: E402

GOALS_US = {"non-declaration": 50.0, "declaration": 200.0}
ROUNDS = 400
"""Timed calls per line (after a warm-up)."""

FIST = ("こぶし", "キック", "組み付き", "頭突き")


def _row(name: str, owner: str | None, *weapons: str) -> UnitRow:
    return UnitRow(name=name, owner=owner, hidden=False, hp=12, hp_max=12, ap=3, dex=10,
                   weapons=tuple({"name": w} for w in FIST + weapons))


ROWS = (
    _row("アリス", "alice", "ナイフ", "大型ナイフ"),
    _row("ボブ", "bob", ".38リボルバー", "ショットガン"),
    _row("リン", "rin", "弓"),
    _row("ゾンビ1", None, "斧"),
    _row("ゾンビ2", None, "鉈"),
    _row("グール", None, "爪"),
)
VIEW = BattleView(
    system="coc6-house", phase="active", round=2, turn="ゾンビ1", order=tuple(r.name for r in ROWS), rows=ROWS,
    prompts=(Prompt(kind="reaction", unit="アリス", owner="alice",
                    options=("回避", "防御", "受け流し：ナイフ", "受け流し：大型ナイフ", "なし"), text="", key="a2-アリス"),
             Prompt(kind="cover", unit="ボブ", owner="bob", options=("かばう",), text="", key="c2-ボブ",
                    about="アリス")))

TALK = (
    "今日のゾンビ硬そう", "回避できるかな…", "さっきの受け流し上手かったね", "ｗｗｗｗ", "お疲れ様です！",
    "3時から始めましょう", "おっけー", "ちょっとトイレ行ってきます", "回避する？", "> 回避",
    "このあとどうする？ 逃げる？", "それな", "ゾンビってこぶししか使わないんだっけ",
    "えー、アリスの回避28しかないの？", "ナイフ持ってくればよかった", "草",
    "昨日のセッションの続きなんだけど、結局あの洋館の地下には何があったんだろうね。気になって眠れなかったよ",
    "KPさん、ちょっと質問なんですが、このマップの縮尺って1マス1mで合ってますか？ 距離が気になってて",
    "あああああああああああああああああああああああああああああああああああああああああああああ",
    "CCB<=50 目星", "1D100", "2D6+3", "SCCB<=30 聞き耳", "CCB<=70 〈図書館〉", "x3 CCB<=50",
)
"""Non-declarations: conversation, questions, quotes, long lines, dice lines."""

ANALYSED = (
    ("alice", "回避ふりますー"), ("alice", "かいひ54"), ("alice", "うけながします、ナイフで"),
    ("kp", "ゾンビ1はリンさんにかみつきます"), ("kp", "ゾンビ1、リンに噛みつきます。回避お願いします"),
)
"""Declarations only the analyser reads (issue 26)."""
ANALYSED_TALK = ("回避したいけど無理", "ナイフ持ってくればよかったなぁ", "ゾンビってこぶししか使わないんだっけ",
                 "さっき殴ったけど外れた", "回避成功しますように")
"""Talk that reaches the analyser (it holds a word that may declare) and must stay silent."""

DECLARATIONS = (
    ("alice", "回避"), ("alice", "〈回避〉します"), ("alice", "ナイフで受け流し"), ("alice", "受け流し：大型ナイフ"),
    ("alice", "じゃあ回避で！"), ("alice", "アリス：回避"), ("alice", "CCB<=28 〈回避〉"), ("alice", "なにもしない"),
    ("bob", "アリスをかばう"), ("bob", "かばう"),
    ("kp", "ゾンビ1：アリスを斧で攻撃"), ("kp", "ゾンビ1：斧でボブを攻撃"), ("kp", "ゾンビ1：C4へ移動"),
    ("kp", "ゾンビ1：ターン終了"), ("kp", "ゾンビ1：リンに斧"),
)
"""Declarations: answers to the pending attack, and the KP's moves for the NPC on its turn (each
naming its weapon: ゾンビ1 holds 斧 besides its fists, so 「ゾンビ1：アリスを攻撃」 is asked back)."""


def contexts() -> dict[str, ChatContext]:
    words = get_system("coc6-house").chat_words
    return {who: ChatContext.from_view(VIEW, words, who, who == "kp") for who in ("alice", "bob", "rin", "kp")}


def timed(fn, rounds: int = ROUNDS) -> list[float]:
    """``rounds`` timings of ``fn()`` in µs, each call on its own."""
    for _ in range(20):
        fn()
    samples = []
    clock = time.perf_counter_ns
    for _ in range(rounds):
        start = clock()
        fn()
        samples.append((clock() - start) / 1000)
    return samples


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def main(rounds: int = ROUNDS) -> None:
    """Print median and p99 µs per line for each kind, the d20 reference and the ratios;
    ``rounds`` timed calls per line."""
    started = time.perf_counter()
    morph.load()
    loaded = time.perf_counter() - started
    ctx = contexts()
    for who, text in (*DECLARATIONS, *ANALYSED):
        assert isinstance(read(text, ctx[who]), Declaration), (who, text)
    for text in (*TALK, *ANALYSED_TALK):
        assert read(text, ctx["alice"]) is None, text

    talk = [s for text in (*TALK, *ANALYSED_TALK) for s in timed(lambda t=text: read(t, ctx["alice"]), rounds)]
    said = [s for who, text in (*DECLARATIONS, *ANALYSED) for s in timed(lambda w=who, t=text: read(t, ctx[w]), rounds)]

    def fresh(who: str, text: str):
        morph.analyse.cache_clear()  # and every cache kept per line: the line is new to the bot
        cut.cache_clear()
        chat_module._after_prose.cache_clear()
        ctx[who].lexicon()._cut.clear()
        return read(text, ctx[who])
    new_talk = [s for text in (*TALK, *ANALYSED_TALK) for s in timed(lambda t=text: fresh("alice", t), rounds // 4 or 1)]
    new_said = [s for who, text in (*DECLARATIONS, *ANALYSED) for s in timed(lambda w=who, t=text: fresh(w, t),
                                                                                 rounds // 4 or 1)]
    dice = RandomDice(SystemRandom())
    d20 = timed(lambda: evaluate("1D20", dice), rounds * 10)
    reference = statistics.median(d20)
    _lexicon.cache_clear()
    cold = timed(lambda: (_lexicon.cache_clear(), read("回避", ctx["alice"])), 50)

    print(f"rules.chat.read, {len(ROWS)} units, {len(TALK) + len(ANALYSED_TALK)} + {len(DECLARATIONS) + len(ANALYSED)}"
          f" lines × {rounds} calls; analyser dictionary loaded in {loaded * 1000:.0f} ms")
    print(f"reference: evaluate('1D20', RandomDice(SystemRandom())) median {reference:.1f} µs")
    for kind, samples in (("non-declaration", talk), ("declaration", said),
                          ("non-declaration, every line new (no cache)", new_talk),
                          ("declaration, every line new (no cache)", new_said)):
        goal = GOALS_US[kind.split(",")[0]]
        median = statistics.median(samples)
        verdict = "ok" if median < goal else "MISSED"
        print(f"{kind:<16} median {median:7.1f} µs  p99 {p99(samples):7.1f} µs  "
              f"= {median / reference:5.1f} × d20  (goal < {goal:.0f} µs: {verdict})")
    print(f"cold lexicon build + read (once per battle state): median {statistics.median(cold):.0f} µs")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="timed calls per line")
    main(parser.parse_args().rounds)
