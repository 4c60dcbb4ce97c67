"""The chat faults a new-user trial found (F24, F6/F7/F29, F23, F3), as rows with their exact
outcome: the moment (tests/chat/scenes.py, or a 7th-edition battle), the speaker, the line and
what it must make. ``+end`` marks a declaration that ends its unit's turn once it is settled
(「こぶしで殴ってターン終了」); ``? A | B`` a question whose buttons are A and B; ``-`` nothing."""
from __future__ import annotations

import re

import pytest

from bot.render.chat_forms import CHAT_FORMS, CHAT_FORMS7
from rules.chat import Ambiguous, ChatContext, Declaration, read
from rules.chat.palette import spaced
from rules.systems.coc7 import SYSTEM as COC7
from tests.chat.scenes import context
from tests.chat.test_phrasings import expected
from tests.rules.coc7_battle.table7 import Table7, d, gun, investigator


def _seventh(scene: str, speaker: str, foes: tuple[str, ...] = ("信者A", "深きもの")) -> ChatContext:
    """A coc7 battle: アリス (ナイフ, .38リボルバー) and ボブ (バット) against ``foes``;
    ``turn``: アリス's turn; ``hit``: the first foe's attack on アリス waits for her answer."""
    table = Table7()
    table.join("alice", investigator("アリス", DEX=70, weapons=[gun("ナイフ"), gun()]))
    table.join("bob", investigator("ボブ", DEX=60, weapons=[gun("バット")]))
    for i, foe in enumerate(foes):
        table.npc(investigator(foe, DEX=50 - i))
    table.start([])
    if scene == "hit":
        table.end_turns_until(foes[0])
        table.attack(foes[0], "アリス", d(45))
    return ChatContext.from_view(COC7.view(table.state), COC7.chat_words, speaker, speaker == "kp")


def ctx_of(scene: str, speaker: str) -> ChatContext:
    """The context of a row: ``7/turn``, ``7/hit``, ``7z/…`` (against ゾンビ1 and ゾンビ2) or a
    tests/chat/scenes.py moment."""
    if scene.startswith("7/"):
        return _seventh(scene[2:], speaker)
    if scene.startswith("7z/"):
        return _seventh(scene[3:], speaker, ("ゾンビ1", "ゾンビ2"))
    return context(scene, speaker)


def shown(outcome):
    """An outcome as a row writes it (see the module docstring)."""
    if outcome is None:
        return None
    if isinstance(outcome, Ambiguous):
        return "?", [c.text for c in outcome.choices]
    return outcome.command, outcome.options, outcome.typed_target, outcome.then_end


def want(spec: str):
    """A row's expectation in :func:`shown`'s terms."""
    ends = spec.endswith(" +end")
    found = expected(spec.removesuffix(" +end"))
    if found is None or found[0] == "?":
        return found
    return (*found, ends)


ROWS = [
    # --- F24: an action, then the end of the turn -----------------------------------------
    ("house/lone-alice", "alice", "こぶしで殴ってターン終了", "attack target=ゾンビ weapon=こぶし +end"),
    ("house/alice-turn", "alice", "こぶしで殴ってターン終了",
     "? アリス：ゾンビ1をこぶしで攻撃、ターン終了 | アリス：ゾンビ2をこぶしで攻撃、ターン終了"),
    ("house/alice-hit", "alice", "回避してターン終了", "react action=回避 +end"),
    ("house/alice-hit", "alice", "回避、ターン終了", "react action=回避 +end"),
    ("house/lone-bob", "bob", "ゾンビを撃ってターンエンド", "attack target=ゾンビ weapon=.38リボルバー +end"),
    ("house/alice-turn", "alice", "ゾンビ1をなぐってターンエンド！", "attack target=ゾンビ1 weapon=こぶし +end"),
    ("house/alice-turn", "alice", "ゾンビ1を殴ってターン終了します", "attack target=ゾンビ1 weapon=こぶし +end"),
    ("house/alice-turn", "alice", "ゾンビ1を殴って以上です", "attack target=ゾンビ1 weapon=こぶし +end"),
    ("house/alice-turn", "alice", "ゾンビ1にキックして手番終了", "attack target=ゾンビ1 weapon=キック +end"),
    ("house/alice-turn", "alice", "C4へ移動してターン終了", "move to=C4 +end"),
    ("house/alice-turn", "alice", "ボブに応急手当してターン終了", "check skill=応急手当 target=ボブ +end"),
    ("house/alice-turn", "alice", "ゾンビ1を攻撃、ターン終了",
     "? アリス：ゾンビ1をナイフで攻撃、ターン終了 | アリス：ゾンビ1を大型ナイフで攻撃、ターン終了"
     " | アリス：ゾンビ1を和弓で攻撃、ターン終了"),
    ("house/zombie-turn", "kp", "ゾンビ1：アリスを殴ってターンエンド", "attack target=アリス weapon=こぶし as=ゾンビ1 +end"),
    ("house/zombie-turn", "kp", "アリスを殴ってターンエンド", "attack target=アリス weapon=こぶし as=ゾンビ1 +end"),
    ("book/alice-turn", "alice", "ゾンビ1をこぶしで殴ってターン終了", "attack target=ゾンビ1 weapon=こぶし +end"),
    ("7/turn", "alice", "信者Aを撃ってターン終了", "attack target=信者A weapon=.38リボルバー +end"),
    ("7/hit", "alice", "応戦してターン終了", "react action=応戦 +end"),
    ("7/turn", "alice", "信者Aを転倒させて、ターン終了", "attack target=信者A weapon=転倒 +end"),
    # the end alone, or talk: as before
    ("house/alice-turn", "alice", "ターン終了", "end"),
    ("house/alice-turn", "alice", "外れたー。ターン終了", "end"),
    ("house/alice-turn", "alice", "殴ってターン終了かな？", "-"),
    ("house/alice-turn", "alice", "殴ったらターン終了", "-"),
    ("house/alice-turn", "alice", "ゾンビ1を殴ってターン終了…はまだ", "-"),
    ("house/alice-hit", "alice", "CCB<=28 ターン終了", "-"),
    ("house/alice-turn", "alice", "CCB<=25 【キック】 ターン終了", "-"),
    # --- F6/F7/F29: the 7th edition's maneuvers ---------------------------------------------
    ("7/turn", "alice", "マヌーバーで転倒させる",
     "? アリス：信者Aを転倒でマヌーバーで攻撃 | アリス：深きものを転倒でマヌーバーで攻撃"),
    ("7z/turn", "alice", "ゾンビ1を転倒させる", "attack target=ゾンビ1 weapon=転倒"),
    ("7/turn", "alice", "マヌーバーで信者Aを転倒させる", "attack target=信者A weapon=転倒 special=マヌーバー"),
    ("7/turn", "alice", "武装解除を狙う", "? アリス：信者Aを武装解除で攻撃 | アリス：深きものを武装解除で攻撃"),
    ("7/turn", "alice", "ナイフを叩き落とす", "? アリス：信者Aを武装解除で攻撃 | アリス：深きものを武装解除で攻撃"),
    ("7/turn", "alice", "信者Aのナイフを叩き落とす", "attack target=信者A weapon=武装解除"),
    ("7/turn", "alice", "信者Aのナイフをたたき落とします", "attack target=信者A weapon=武装解除"),
    ("7/turn", "alice", "振りほどく", "? アリス：信者Aを組み付きで攻撃 | アリス：深きものを組み付きで攻撃"),
    ("7/turn", "alice", "組み付きから脱出", "? アリス：信者Aを組み付きで攻撃 | アリス：深きものを組み付きで攻撃"),
    ("7/turn", "alice", "信者Aを振りほどく", "attack target=信者A weapon=組み付き"),
    ("7/turn", "alice", "マヌーバーで信者Aに目潰し",
     "? アリス：信者Aを組み付きでマヌーバーで攻撃 | アリス：信者Aを押さえ込みでマヌーバーで攻撃"
     " | アリス：信者Aを転倒でマヌーバーで攻撃 | アリス：信者Aを武装解除でマヌーバーで攻撃"),
    ("7/turn", "alice", "マヌーバーで目潰し",
     "? アリス：信者Aを組み付きでマヌーバーで攻撃 | アリス：信者Aを押さえ込みでマヌーバーで攻撃"
     " | アリス：信者Aを転倒でマヌーバーで攻撃 | アリス：信者Aを武装解除でマヌーバーで攻撃"
     " | アリス：深きものを組み付きでマヌーバーで攻撃 | アリス：深きものを押さえ込みでマヌーバーで攻撃"
     " | アリス：深きものを転倒でマヌーバーで攻撃 | アリス：深きものを武装解除でマヌーバーで攻撃"),
    ("7/turn", "alice", "ナイフを叩き落とされた", "-"),
    ("7/turn", "alice", "転倒させたい", "-"),
    ("house/alice-turn", "alice", "ナイフを叩き落とす", "-"),  # no disarming verb in the 6th edition
    ("house/alice-turn", "alice", "ゾンビ1のナイフを攻撃", "-"),
    # --- F23: a palette roll of a fighting skill -------------------------------------------
    ("house/alice-turn", "alice", "CCB<=25【キック】", "? アリス：ゾンビ1をキックで攻撃 | アリス：ゾンビ2をキックで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25【キック】ゾンビ1", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "ＣＣＢ＜＝２５【キック】ゾンビ１", "attack target=ゾンビ1 weapon=キック typed=25"),
    ("house/alice-turn", "alice", "CCB<=10 【頭突き】", "? アリス：ゾンビ1を頭突きで攻撃 | アリス：ゾンビ2を頭突きで攻撃"),
    ("house/alice-turn", "alice", "CCB<=25 【組み付き】", "? アリス：ゾンビ1を組み付きで攻撃 | アリス：ゾンビ2を組み付きで攻撃"),
    ("house/lone-alice", "alice", "CCB<=50 【マーシャルアーツ】",
     "? アリス：ゾンビをこぶしで攻撃 | アリス：ゾンビをキックで攻撃 | アリス：ゾンビを頭突きで攻撃"),
    ("house/lone-alice", "alice", "CCB<=50【マーシャルアーツ】ゾンビ",
     "? アリス：ゾンビをこぶしで攻撃 | アリス：ゾンビをキックで攻撃 | アリス：ゾンビを頭突きで攻撃"),
    ("book/lone-alice", "alice", "CCB<=50 【マーシャルアーツ】",
     "? アリス：ゾンビをこぶしで攻撃 | アリス：ゾンビをキックで攻撃 | アリス：ゾンビを頭突きで攻撃"),
    ("house/alice-hit", "alice", "CCB<=50 【マーシャルアーツ】", "-"),  # a question is open: only dice
    ("house/bob-turn", "alice", "CCB<=25【キック】", "-"),  # not アリス's turn: only dice
    # --- found playing as a new user ---------------------------------------------------------
    ("house/alice-turn", "alice", "ゾンビ１をナイフでさします", "attack target=ゾンビ1 weapon=ナイフ"),
    ("house/alice-turn", "alice", "ゾンビ1をナイフでさす", "attack target=ゾンビ1 weapon=ナイフ"),
    ("house/alice-turn", "alice", "ゾンビ1をうちます",
     "? アリス：ゾンビ1をナイフで攻撃 | アリス：ゾンビ1を大型ナイフで攻撃 | アリス：ゾンビ1を和弓で攻撃"),
    ("house/alice-turn", "alice", "ゾンビ1をこぶしでぶんなぐってからターン終了", "attack target=ゾンビ1 weapon=こぶし +end"),
    ("house/alice-turn", "bob", "こぶしで殴ってターンエンド", "-"),  # not ボブ's turn: never a lone end to confirm
    ("house/alice-turn", "alice", "よし、ターン終了", "end"),
    ("house/alice-turn", "alice", "くっ、外れた。ターン終了", "end"),
    ("7/hit", "alice", "おうせん！", "react action=応戦"),
    ("7/hit", "alice", "ナイフでおうせん", "react action=応戦 weapon=ナイフ"),
]


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), ROWS,
                         ids=[f"{i:02d}-{r[2][:16]}" for i, r in enumerate(ROWS)])
def test_a_trial_row(scene, speaker, text, spec):
    assert shown(read(text, ctx_of(scene, speaker))) == want(spec)


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [r for r in ROWS if r[3].startswith("? ")],
                         ids=[r[2][:16] for r in ROWS if r[3].startswith("? ")])
def test_each_button_of_a_trial_question_reads_back_as_itself(scene, speaker, text, spec):
    """A button carries its choice's canonical text; read again, it is that declaration, with
    its end of the turn when the line had one."""
    ctx = ctx_of(scene, speaker)
    outcome = read(text, ctx)
    assert isinstance(outcome, Ambiguous)
    for choice in outcome.choices:
        again = read(choice.text, ctx)
        assert isinstance(again, Declaration), choice.text
        assert (again.command, again.options, again.then_end) == (choice.command, choice.options, choice.then_end)


def test_a_question_quotes_the_unread_word_as_typed():
    """Found playing: the question named a word in katakana (「コブシ」) when it was typed in hiragana."""
    outcome = read("こぶしを振り上げて、ゾンビ1をけります", context("house/alice-turn", "alice"))
    assert outcome.question.startswith("「こぶし」をどう使うのか読み取れませんでした。")


def test_a_glued_roll_is_spaced_as_a_palette_writes_it():
    assert spaced("CCB<=25【キック】") == "CCB<=25 【キック】"
    assert spaced("SCCB<=25〈回避〉") == "SCCB<=25 〈回避〉"
    assert spaced("ＣＣＢ＜＝２５【キック】") == "CCB<=25 【キック】"
    assert spaced("CCB<=25 【キック】") == "CCB<=25 【キック】"
    assert spaced("ゾンビ【キック】") == "ゾンビ【キック】"


# --- F3: the help lists forms that work -------------------------------------------------

_QUOTED = re.compile(r"「([^」]+)」")
FORM_SCENES = {
    "  対応:": ("house/alice-hit", "alice"),
    "  手番:": ("house/alice-turn", "alice"),
    "  行動してから手番を終える:": ("house/alice-turn", "alice"),
    "  ラウンドのはじめ:": ("house/declaring", "alice"),
}
FORM7_SCENES = {"  対応:": ("7z/hit", "alice"), "  手番:": ("7z/turn", "alice"), "  マヌーバー:": ("7z/turn", "alice")}


@pytest.mark.parametrize("forms,scenes", [(CHAT_FORMS, FORM_SCENES), (CHAT_FORMS7, FORM7_SCENES)], ids=["6th", "7th"])
def test_every_declaration_form_the_help_shows_acts(forms, scenes):
    """Each example of a turn, an answer or a round-start declaration in the chat forms reads
    as a declaration (or a question between declarations) in a battle with those names; the
    forms that act and then end the turn are listed, and they end it."""
    seen = 0
    for line in forms:
        scene = next((s for head, s in scenes.items() if line.startswith(head)), None)
        if scene is None:
            continue
        ctx = ctx_of(*scene)
        for example in _QUOTED.findall(line):
            if example == "振りほどく" or example.startswith("CCB"):
                continue  # a held unit's line, and a palette roll: rows above
            outcome = read(example, ctx)
            assert isinstance(outcome, (Declaration, Ambiguous)) and outcome is not None, example
            seen += 1
            if line.startswith("  行動してから"):
                choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,)
                assert all(c.then_end for c in choices), example
    assert seen >= 8
    assert any("ターン終了」" in line and "て" in line.split("「", 1)[1] for line in forms if line.startswith("  "))
