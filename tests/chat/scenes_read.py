"""The battle moments of the reading probe (tests/chat/rows_read.py): new casts, in every
system, that none of the earlier tables types into — units numbered 1号/2号 and by a letter,
PCs with honorific-worthy given names, a hurt ally, NPCs the KP narrates, and a 7th-edition
fight built through the real ``coc7`` system.

Speakers: ``alice`` (真琴 / 由紀 / 鈴 / 朱音 / 葵), ``bob`` (健吾 / 蒼 / 大和 / 蓮 / 湊),
``carol`` (美咲), ``kp`` (the KP: the NPCs).
"""
from __future__ import annotations

from functools import lru_cache

from rules.battle.protocol import BattleView
from rules.chat import ChatContext
from rules.systems import get_system
from rules.systems.coc7 import SYSTEM as COC7
from tests.chat.scenes import _ask, _gun, _row, _turn

# table H (coc6-house): 真琴 a katana and a knife, 健吾 a shotgun and a pistol, 美咲 hurt,
# against two numbered cultists (1号, 2号) and a stray dog
HOUSE = (
    _row("真琴", "alice", "日本刀", "ナイフ"),
    _row("健吾", "bob", _gun("ショットガン", "ショットガン"), _gun(".45オートマチック", "拳銃")),
    _row("美咲", "carol", hp=5),
    _row("狂信者1号", None, "ナイフ"),
    _row("狂信者2号", None),
    _row("野犬", None, "かみつき"),
)

# table P (coc6, the book's parry rules): 由紀 a bat, 蒼 a pistol, against two 深きもの by
# letter and a man in black
BOOK = (
    _row("由紀", "alice", "バット"),
    _row("蒼", "bob", _gun(".22オートマチック", "拳銃")),
    _row("深きものA", None, "爪"),
    _row("深きものB", None, "爪"),
    _row("黒服", None, "ナイフ"),
)

# table B (coc6-budo): 鈴 (武道, bare hands) and 大和 (a wooden sword) against two チンピラ
BUDO = (
    _row("鈴", "alice"),
    _row("大和", "bob", "木刀"),
    _row("チンピラA", None, "ナイフ"),
    _row("チンピラB", None),
)

# table C (charge-rank): 朱音 and 蓮 against two 忍者
NINJA = (
    _row("朱音", "alice", charge=3), _row("蓮", "bob", charge=2),
    _row("忍者1", None, charge=2), _row("忍者2", None, charge=1),
)


def _view(system, turn, prompts, rows):
    return BattleView(system=system, phase="active", round=2, turn=turn, order=tuple(r.name for r in rows),
                      rows=rows, prompts=tuple(prompts))


def _h(turn, *prompts):
    return "coc6-house", _view("coc6-house", turn, prompts, HOUSE)


def _p(turn, *prompts):
    return "coc6", _view("coc6", turn, prompts, BOOK)


def _b(turn, *prompts):
    return "coc6-budo", _view("coc6-budo", turn, prompts, BUDO)


def _c(turn, *prompts):
    return "charge-rank", _view("charge-rank", turn, prompts, NINJA)


VIEWS = {
    "h/makoto-turn": _h("真琴", _turn("真琴", "alice")),
    "h/kengo-turn": _h("健吾", _turn("健吾", "bob")),
    "h/misaki-turn": _h("美咲", _turn("美咲", "carol")),
    "h/cultist-turn": _h("狂信者1号", _turn("狂信者1号", None)),
    "h/dog-turn": _h("野犬", _turn("野犬", None)),
    "h/makoto-hit": _h("狂信者1号", _ask("真琴", "alice", "回避", "防御", "受け流し：日本刀", "受け流し：ナイフ", "なし")),
    "h/kengo-hit": _h("野犬", _ask("健吾", "bob", "回避", "防御", "なし")),
    "h/cultist-hit": _h("真琴", _ask("狂信者1号", None, "回避", "防御", "なし")),
    "p/yuki-turn": _p("由紀", _turn("由紀", "alice")),
    "p/ao-turn": _p("蒼", _turn("蒼", "bob")),
    "p/yuki-hit": _p("深きものA", _ask("由紀", "alice", "回避", "受け流し", "なし")),
    "p/deep-turn": _p("深きものA", _turn("深きものA", None)),
    "p/man-turn": _p("黒服", _turn("黒服", None)),
    "p/man-hit": _p("由紀", _ask("黒服", None, "回避", "なし")),
    "b/rin-turn": _b("鈴", _turn("鈴", "alice")),
    "b/yamato-turn": _b("大和", _turn("大和", "bob")),
    "b/rin-hit": _b("チンピラA", _ask("鈴", "alice", "回避", "武道", "カウンター", "回避カウンター", "受け流し", "なし")),
    "b/thug-turn": _b("チンピラA", _turn("チンピラA", None)),
    "b/thug-hit": _b("鈴", _ask("チンピラA", None, "回避", "武道", "カウンター", "受け流し", "なし")),
    "c/akane-turn": _c("朱音", _turn("朱音", "alice")),
    "c/akane-hit": _c("忍者1", _ask("朱音", "alice", "防御", "回避", "カウンター", "なし")),
    "c/ninja-turn": _c("忍者1", _turn("忍者1", None)),
    "c/ninja-hit": _c("朱音", _ask("忍者1", None, "防御", "回避", "カウンター", "なし")),
}

SEVENTH = ("7/aoi-turn", "7/minato-turn", "7/aoi-hit", "7/cult-turn", "7/cult-hit")
"""The 7th-edition moments, built through the real ``coc7`` system (:func:`_seventh`)."""


@lru_cache(maxsize=None)
def _seventh(scene: str) -> BattleView:
    """葵 (a knife, a .38 revolver) and 湊 (a bat) against 教団員A and 教団員B, at ``scene``."""
    from tests.rules.coc7_battle.table7 import Table7, d, gun, investigator
    table = Table7()
    table.join("alice", investigator("葵", DEX=70, weapons=[gun("ナイフ"), gun()]))
    table.join("bob", investigator("湊", DEX=60, weapons=[gun("バット")]))
    table.npc(investigator("教団員A", DEX=50))
    table.npc(investigator("教団員B", DEX=40))
    table.start([])
    if scene == "7/minato-turn":
        table.end_turns_until("湊")
    elif scene == "7/cult-turn":
        table.end_turns_until("教団員A")
    elif scene == "7/aoi-hit":
        table.end_turns_until("教団員A")
        table.attack("教団員A", "葵", d(45))
    elif scene == "7/cult-hit":
        table.attack("葵", "教団員A", d(30), weapon="ナイフ")
    return COC7.view(table.state)


def system_of(scene: str) -> str:
    return "coc7" if scene in SEVENTH else VIEWS[scene][0]


def context(scene: str, speaker: str) -> ChatContext:
    """The context of ``scene`` for ``speaker`` (``kp``: the KP)."""
    if scene in SEVENTH:
        return ChatContext.from_view(_seventh(scene), COC7.chat_words, speaker, speaker == "kp")
    system, view = VIEWS[scene]
    return ChatContext.from_view(view, get_system(system).chat_words, speaker, speaker == "kp")


__all__ = ["VIEWS", "SEVENTH", "context", "system_of"]
