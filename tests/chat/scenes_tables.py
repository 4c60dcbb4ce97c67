"""The battle moments of issue 26's tables, in the format of tests/chat/scenes.py: casts the
issue's lines are typed against (units named by a letter, a PC and NPCs with honorific-worthy
names, hurt allies beside a speaker, a PC the KP controls), in every system.

Speakers: ``alice`` (有栖 / 少女 / アリス二号 / 桐生), ``bob`` (オリビア / 玄也), ``carol`` (翔馬),
``kp`` (the KP: the NPCs), ``kp-voice`` (a KP whose table lets the KP declare for players).
"""
from __future__ import annotations

import dataclasses

from rules.battle.protocol import BattleView, Prompt
from rules.chat import ChatContext
from rules.systems import get_system
from tests.chat.scenes import _ask, _gun, _row, _turn

# table A (coc6-house): 有栖 with a staff and a scalpel, オリビア with a revolver (hurt),
# 翔馬 with a knife (badly hurt), against two ビクトマウス and an 自動人形
MOUSE = (
    _row("有栖", "alice", "杖", "メス"),
    _row("オリビア", "bob", _gun(".38リボルバー", "拳銃"), hp=6),
    _row("翔馬", "carol", "ナイフ", hp=4),
    _row("ビクトマウスA", None, "かみつき"),
    _row("ビクトマウスB", None, "かみつき"),
    _row("自動人形", None, {"name": "こぶし", "unarmed": True}),
)

# the same fight after the KP let the 自動人形 take over 翔馬 (a PC under an NPC's control:
# the KP moves it; another PC may attack it, H-GEN-01 by the KP's ruling)
CONTROLLED = (
    _row("有栖", "alice", "杖", "メス"),
    _row("オリビア", "bob", _gun(".38リボルバー", "拳銃"), hp=6),
    dataclasses.replace(_row("翔馬", "carol", "ナイフ", hp=4), conditions=("操られている",)),
    _row("ビクトマウスA", None, "かみつき"),
)

# table B (coc6, the book rules): 少女 with a staff against two 触手 and a グール
TENTACLE = (
    _row("少女", "alice", "杖"),
    _row("オリビア", "bob", _gun(".38リボルバー", "拳銃")),
    _row("触手A", None),
    _row("触手B", None),
    _row("グールD", None, "かぎ爪"),
)

# table C (coc6-budo): アリス二号 (武道) and オリビア against two 暴漢 and a ゾンビ
BUDO = (
    _row("アリス二号", "alice", "ナイフ"),
    _row("オリビア", "bob", _gun(".38リボルバー", "拳銃")),
    _row("暴漢1", None, "バット"),
    _row("暴漢2", None),
    _row("ゾンビ1", None),
    _row("ゾンビ2", None),
)

# table D (charge-rank): 桐生 and 玄也 against three 刺客
ASSASSINS = (
    _row("桐生", "alice", charge=4), _row("玄也", "bob", charge=2), _row("刺客1", None, charge=3),
    _row("刺客2", None, charge=2), _row("刺客3", None, charge=1),
)


def _view(system, turn, prompts=(), rows=MOUSE):
    return BattleView(system=system, phase="active", round=2, turn=turn, order=tuple(r.name for r in rows),
                      rows=rows, prompts=tuple(prompts))


VIEWS = {
    # table A
    "mouse/alice-turn": ("coc6-house", _view("coc6-house", "有栖", [_turn("有栖", "alice")])),
    "mouse/olivia-turn": ("coc6-house", _view("coc6-house", "オリビア", [_turn("オリビア", "bob")])),
    "mouse/shoma-turn": ("coc6-house", _view("coc6-house", "翔馬", [_turn("翔馬", "carol")])),
    "mouse/a-turn": ("coc6-house", _view("coc6-house", "ビクトマウスA", [_turn("ビクトマウスA", None)])),
    "mouse/doll-turn": ("coc6-house", _view("coc6-house", "自動人形", [_turn("自動人形", None)])),
    "mouse/alice-hit": ("coc6-house", _view("coc6-house", "ビクトマウスA", [
        _ask("有栖", "alice", "回避", "防御", "受け流し：杖", "受け流し：メス", "なし")])),
    "mouse/olivia-hit": ("coc6-house", _view("coc6-house", "ビクトマウスA", [
        _ask("オリビア", "bob", "回避", "防御", "なし")])),
    "mouse/a-hit": ("coc6-house", _view("coc6-house", "有栖", [_ask("ビクトマウスA", None, "回避", "防御", "なし")])),
    "mouse/controlled-alice": ("coc6-house", _view("coc6-house", "有栖", [_turn("有栖", "alice")], rows=CONTROLLED)),
    "mouse/controlled-turn": ("coc6-house", _view("coc6-house", "翔馬", [_turn("翔馬", "carol")], rows=CONTROLLED)),
    # table B
    "tentacle/girl-turn": ("coc6", _view("coc6", "少女", [_turn("少女", "alice")], rows=TENTACLE)),
    "tentacle/girl-hit": ("coc6", _view("coc6", "触手A", [_ask("少女", "alice", "回避", "受け流し", "なし")],
                                        rows=TENTACLE)),
    "tentacle/tentacle-turn": ("coc6", _view("coc6", "触手A", [_turn("触手A", None)], rows=TENTACLE)),
    "tentacle/ghoul-turn": ("coc6", _view("coc6", "グールD", [_turn("グールD", None)], rows=TENTACLE)),
    "tentacle/ghoul-hit": ("coc6", _view("coc6", "少女", [_ask("グールD", None, "回避", "なし")], rows=TENTACLE)),
    # table C
    "budo2/alice-turn": ("coc6-budo", _view("coc6-budo", "アリス二号", [_turn("アリス二号", "alice")], rows=BUDO)),
    "budo2/alice-hit": ("coc6-budo", _view("coc6-budo", "暴漢1", [
        _ask("アリス二号", "alice", "回避", "武道", "カウンター", "回避カウンター", "受け流し", "なし")], rows=BUDO)),
    "budo2/thug-turn": ("coc6-budo", _view("coc6-budo", "暴漢1", [_turn("暴漢1", None)], rows=BUDO)),
    "budo2/zombie-turn": ("coc6-budo", _view("coc6-budo", "ゾンビ1", [_turn("ゾンビ1", None)], rows=BUDO)),
    "budo2/thug-hit": ("coc6-budo", _view("coc6-budo", "アリス二号", [
        _ask("暴漢1", None, "回避", "武道", "カウンター", "受け流し", "なし")], rows=BUDO)),
    # table D
    "cr3/kiryu-turn": ("charge-rank", _view("charge-rank", "桐生", [_turn("桐生", "alice")], rows=ASSASSINS)),
    "cr3/genya-turn": ("charge-rank", _view("charge-rank", "玄也", [_turn("玄也", "bob")], rows=ASSASSINS)),
    "cr3/assassin-turn": ("charge-rank", _view("charge-rank", "刺客1", [_turn("刺客1", None)], rows=ASSASSINS)),
    "cr3/kiryu-hit": ("charge-rank", _view("charge-rank", "刺客1", [
        _ask("桐生", "alice", "防御", "回避", "カウンター", "なし")], rows=ASSASSINS)),
    "cr3/assassin-hit": ("charge-rank", _view("charge-rank", "桐生", [
        _ask("刺客2", None, "防御", "回避", "カウンター", "なし")], rows=ASSASSINS)),
}

KP_OF = "kp"
VOICE_KP = "kp-voice"


def context(scene: str, speaker: str, **extra) -> ChatContext:
    """The context of ``scene`` for ``speaker`` (``kp`` the KP, ``kp-voice`` the KP of a
    table that lets the KP declare for players); ``extra``: further ChatContext fields
    (last attacks, the context's hints)."""
    system, view = VIEWS[scene]
    voice = speaker == VOICE_KP
    who = KP_OF if voice else speaker
    return ChatContext.from_view(view, get_system(system).chat_words, who, who == KP_OF, kp_for_players=voice,
                                 **extra)


__all__ = ["VIEWS", "context", "Prompt"]
