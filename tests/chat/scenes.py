"""The battle moments the phrasing table types into (issue 9): each a ChatContext built
from a view as the real systems give it (units, weapons, open questions), with the system's
own chat words. Speakers: ``alice`` (アリス), ``bob`` (ボブ), ``kp`` (the KP: the NPCs)."""
from __future__ import annotations

from rules.battle.protocol import BattleView, Prompt, UnitRow
from rules.chat import ChatContext
from rules.systems import get_system

def _row(name, owner, *weapons, out=False, charge=None, hp=10):
    """A status row; a weapon is a name or a view's weapon dict (see :func:`_gun`);
    ``charge``: a charge-rank unit's charge rank; ``hp`` below 10: hurt."""
    return UnitRow(name=name, owner=owner, hidden=False, hp=hp, hp_max=10, ap=3, dex=10,
                   conditions=("気絶",) if out else (),
                   weapons=tuple(w if isinstance(w, dict) else {"name": w} for w in weapons),
                   extra={} if charge is None else {"チャージ": charge})


def _gun(name, *kinds, cannot_fire=False):
    """A firearm as the CoC view lists it: its kinds (its skill, 銃)."""
    return {"name": name, "kinds": (*kinds, "銃"), "cannot_fire": cannot_fire}


HOUSE_UNITS = (
    _row("アリス", "alice", "ナイフ", "大型ナイフ", "和弓"),
    _row("ボブ", "bob", _gun(".38リボルバー", "拳銃"), _gun("ショットガン")),
    _row("ゾンビ1", None, "斧"),
    _row("ゾンビ2", None),
    _row("グール", None, out=True),
    _row("見本・花子", "carol"),
)


ANN_UNITS = (
    _row("アン", "alice", {"name": "大型ナイフ", "kinds": ("ナイフ",)}, _gun(".38リボルバー", "拳銃")),
    _row("ケン", "bob", "ナイフ", _gun("コルト", "拳銃"), _gun("ワルサー", "拳銃", cannot_fire=True),
         _gun("猟銃", "ショットガン")),
    _row("ダン", "carol", "バット", {"name": "こぶし", "unarmed": True}),
    _row("エマ", "dave", "バット", {"name": "ナイフ", "broken": True}),
    _row("ゾンビ", None),
    _row("信者", None, "ナイフ"),
)


# the new user's fight of issue 21: アリス a cavalry sabre, エミ down, 巨漢 (KP) fists and a club
GIANT_UNITS = (
    _row("アリス", "alice", "騎兵用サーベル"),
    _row("エミ", "bob", "ナイフ", out=True),
    _row("モリス", "carol", "バット", _gun(".38リボルバー", "拳銃")),
    _row("巨漢", None, {"name": "こぶし", "unarmed": True}, "棍棒"),
    _row("信者", None, "ナイフ"),
)

# one foe left standing: アリス against ゾンビ (グール down)
LONE_UNITS = (
    _row("アリス", "alice", "ナイフ", "大型ナイフ"),
    _row("ボブ", "bob", _gun(".38リボルバー", "拳銃")),
    _row("ゾンビ", None),
    _row("グール", None, out=True),
)

CR_UNITS = (
    _row("桐生", "alice", charge=4), _row("玄也", "bob", charge=3), _row("刺客1", None, charge=3),
    _row("刺客2", None, charge=2),
)


def _view(system, turn, prompts=(), rows=HOUSE_UNITS, phase="active"):
    return BattleView(system=system, phase=phase, round=1, turn=turn, order=tuple(r.name for r in rows),
                      rows=rows, prompts=tuple(prompts))


def _ask(unit, owner, *options, kind="reaction", about=None):
    return Prompt(kind=kind, unit=unit, owner=owner, options=options, text="", key=f"a1-{unit}", about=about)


def _declaring(unit, owner, *foes):
    labels = tuple(f"受け流し：{f}" for f in foes) + tuple(a + "に集中" for a in ("回避", "防御", "受け流し", "隠れる", "かばう"))
    return Prompt(kind="declare", unit=unit, owner=owner, options=labels + ("宣言しない", "以後宣言しない"), text="",
                  key=f"d1-{unit}")


def _turn(unit, owner):
    return Prompt(kind="turn", unit=unit, owner=owner, options=("ターン終了",), text="", key=f"t1-{unit}")


VIEWS = {
    # coc6-house
    "house/alice-turn": ("coc6-house", _view("coc6-house", "アリス", [_turn("アリス", "alice")])),
    "house/bob-turn": ("coc6-house", _view("coc6-house", "ボブ", [_turn("ボブ", "bob")])),
    "house/zombie-turn": ("coc6-house", _view("coc6-house", "ゾンビ1", [_turn("ゾンビ1", None)])),
    "house/alice-hit": ("coc6-house", _view("coc6-house", "ゾンビ1", [
        _ask("アリス", "alice", "回避", "防御", "受け流し：ナイフ", "受け流し：大型ナイフ", "なし"),
        _ask("ボブ", "bob", "かばう", kind="cover", about="アリス")])),
    "house/alice-hit-one-parry": ("coc6-house", _view("coc6-house", "ゾンビ1", [
        _ask("アリス", "alice", "回避", "防御", "受け流し", "なし")])),
    "house/alice-focus": ("coc6-house", _view("coc6-house", "ゾンビ1", [
        _ask("アリス", "alice", "回避", "回避（+30%）", "防御", "なし")])),
    "house/alice-critical-dodge": ("coc6-house", _view("coc6-house", "ゾンビ1", [
        _ask("アリス", "alice", "反撃", "継続回避")])),
    "house/alice-tackle-choice": ("coc6-house", _view("coc6-house", "アリス", [
        _ask("アリス", "alice", "組み付き", "吹き飛ばし")])),
    "house/zombie-hit": ("coc6-house", _view("coc6-house", "アリス", [
        _ask("ゾンビ1", None, "回避", "防御", "なし")])),
    "house/zombies-hit": ("coc6-house", _view("coc6-house", "ボブ", [
        _ask("ゾンビ1", None, "回避", "なし"), _ask("ゾンビ2", None, "回避", "なし")])),
    "house/declaring": ("coc6-house", _view("coc6-house", "アリス", [
        _declaring("アリス", "alice", "ゾンビ1", "ゾンビ2"), _declaring("ボブ", "bob", "ゾンビ1", "ゾンビ2"),
        _declaring("ゾンビ1", None, "アリス", "ボブ"),
        Prompt(kind="declarations", unit="", owner=None, options=("宣言を締め切る",), text="", key="d1"),
        _turn("アリス", "alice")])),
    "house/setup": ("coc6-house", _view("coc6-house", None, phase="setup")),
    # the new player's table: アン a knife and a revolver; ケン a knife, a pistol, a pistol
    # that cannot fire and a shotgun; ダン a bat; エマ a bat and a broken knife; 信者 (KP) a knife
    "house/ann-turn": ("coc6-house", _view("coc6-house", "アン", [_turn("アン", "alice")], rows=ANN_UNITS)),
    "house/ken-turn": ("coc6-house", _view("coc6-house", "ケン", [_turn("ケン", "bob")], rows=ANN_UNITS)),
    "house/dan-turn": ("coc6-house", _view("coc6-house", "ダン", [_turn("ダン", "carol")], rows=ANN_UNITS)),
    "house/emma-turn": ("coc6-house", _view("coc6-house", "エマ", [_turn("エマ", "dave")], rows=ANN_UNITS)),
    "house/cultist-turn": ("coc6-house", _view("coc6-house", "信者", [_turn("信者", None)], rows=ANN_UNITS)),
    # coc6 (book)
    "house/alice-again": ("coc6-house", _view("coc6-house", "アリス", [_turn("アリス", "alice")])),
    "house/alice-shot": ("coc6-house", _view("coc6-house", "ゾンビ1", [
        _ask("アリス", "alice", "回避", "隠れる", "なし")])),
    "house/giant-alice": ("coc6-house", _view("coc6-house", "アリス", [_turn("アリス", "alice")], rows=GIANT_UNITS)),
    "house/giant-morris": ("coc6-house", _view("coc6-house", "モリス", [_turn("モリス", "carol")], rows=GIANT_UNITS)),
    "house/giant-turn": ("coc6-house", _view("coc6-house", "巨漢", [_turn("巨漢", None)], rows=GIANT_UNITS)),
    "house/giant-hit": ("coc6-house", _view("coc6-house", "アリス", [
        _ask("巨漢", None, "回避", "防御", "なし")], rows=GIANT_UNITS)),
    "house/morris-hit": ("coc6-house", _view("coc6-house", "巨漢", [
        _ask("モリス", "carol", "回避", "防御", "受け流し", "なし")], rows=GIANT_UNITS)),
    "house/lone-alice": ("coc6-house", _view("coc6-house", "アリス", [_turn("アリス", "alice")], rows=LONE_UNITS)),
    "house/lone-bob": ("coc6-house", _view("coc6-house", "ボブ", [_turn("ボブ", "bob")], rows=LONE_UNITS)),
    "house/lone-zombie": ("coc6-house", _view("coc6-house", "ゾンビ", [_turn("ゾンビ", None)], rows=LONE_UNITS)),
    "book/alice-turn": ("coc6", _view("coc6", "アリス", [_turn("アリス", "alice")])),
    "book/lone-alice": ("coc6", _view("coc6", "アリス", [_turn("アリス", "alice")], rows=LONE_UNITS)),
    "book/zombie-hit": ("coc6", _view("coc6", "アリス", [_ask("ゾンビ1", None, "回避", "なし")])),
    "book/declaring": ("coc6", _view("coc6", "アリス", [
        Prompt(kind="declare", unit="アリス", owner="alice", options=("受け流し：ゾンビ1", "受け流し：ゾンビ2", "宣言しない"),
               text="", key="d1-アリス"), _turn("アリス", "alice")])),
    "book/alice-hit": ("coc6", _view("coc6", "ゾンビ1", [_ask("アリス", "alice", "回避", "受け流し", "なし")])),
    # coc6-budo
    "budo/alice-turn": ("coc6-budo", _view("coc6-budo", "アリス", [_turn("アリス", "alice")])),
    "budo/alice-hit": ("coc6-budo", _view("coc6-budo", "ゾンビ1", [
        _ask("アリス", "alice", "回避", "武道", "カウンター", "回避カウンター", "受け流し", "なし")])),
    "budo/alice-tackled": ("coc6-budo", _view("coc6-budo", "アリス", [
        _ask("アリス", "alice", "組み付き", "押し倒し")])),
    "budo/zombie-counter": ("coc6-budo", _view("coc6-budo", "アリス", [
        _ask("ゾンビ1", None, "カウンター攻撃", "なし")])),
    "budo/zombie-hit": ("coc6-budo", _view("coc6-budo", "アリス", [
        _ask("ゾンビ1", None, "回避", "武道", "カウンター", "受け流し", "なし")])),
    "budo/lone-alice": ("coc6-budo", _view("coc6-budo", "アリス", [_turn("アリス", "alice")], rows=LONE_UNITS)),
    "budo/zombie-turn": ("coc6-budo", _view("coc6-budo", "ゾンビ1", [_turn("ゾンビ1", None)])),
    # charge-rank
    "cr/kiryu-turn": ("charge-rank", _view("charge-rank", "桐生", [_turn("桐生", "alice")], rows=(
        _row("桐生", "alice", charge=3), _row("刺客", None), _row("刺客B", None)))),
    "cr/kiryu-hit": ("charge-rank", _view("charge-rank", "刺客", [
        _ask("桐生", "alice", "防御", "回避", "カウンター", "なし")], rows=(_row("桐生", "alice"), _row("刺客", None)))),
    "cr/assassin-hit": ("charge-rank", _view("charge-rank", "桐生", [
        _ask("刺客", None, "防御", "回避", "カウンター", "なし")], rows=(_row("桐生", "alice"), _row("刺客", None)))),
    "cr/obstruct": ("charge-rank", _view("charge-rank", "刺客", [
        _ask("桐生", "alice", "妨害", "なし")], rows=(_row("桐生", "alice"), _row("刺客", None)))),
    "cr/escape-interrupt": ("charge-rank", _view("charge-rank", "刺客", [
        _ask("桐生", "alice", "インターセプト", "なし")],
        rows=(_row("桐生", "alice"), _row("刺客", None)))),
    "cr/interrupt": ("charge-rank", _view("charge-rank", "刺客", [
        _ask("桐生", "alice", "インターセプト", "カバーリング", "なし")],
        rows=(_row("桐生", "alice"), _row("刺客", None)))),
    # the example fight of seed 004: 桐生 and 玄也 against 刺客1 and 刺客2
    "cr/two-kiryu": ("charge-rank", _view("charge-rank", "桐生", [_turn("桐生", "alice")], rows=CR_UNITS)),
    "cr/two-genya": ("charge-rank", _view("charge-rank", "玄也", [_turn("玄也", "bob")], rows=CR_UNITS)),
    "cr/two-assassin": ("charge-rank", _view("charge-rank", "刺客1", [_turn("刺客1", None)], rows=CR_UNITS)),
    "cr/two-kiryu-hit": ("charge-rank", _view("charge-rank", "刺客2", [
        _ask("桐生", "alice", "防御", "回避", "カウンター", "なし")], rows=CR_UNITS)),
    "cr/two-obstruct": ("charge-rank", _view("charge-rank", "刺客1", [
        _ask("玄也", "bob", "妨害", "なし")], rows=CR_UNITS)),
    "cr/lone-kiryu": ("charge-rank", _view("charge-rank", "桐生", [_turn("桐生", "alice")], rows=(
        _row("桐生", "alice", charge=2), _row("刺客1", None), _row("刺客2", None, out=True)))),
}

KP_OF = "kp"

LAST_ATTACKS = {"house/alice-again": (("アリス", "ゾンビ2", "大型ナイフ"), ("ボブ", "ゾンビ1", None))}
"""The last attacks the chat remembers in a scene ((unit, target, weapon); 「もう一発」)."""


VOICE_KP = "kp-voice"
"""The KP of a channel that lets the KP's chat lines act for the players' units
(``/kp setting chat_kp_for_players``, a table playing by voice)."""


def context(scene: str, speaker: str) -> ChatContext:
    """The context of ``scene`` for ``speaker`` (``kp`` is the KP; ``kp-voice`` the KP of a
    voice table, :data:`VOICE_KP`)."""
    system, view = VIEWS[scene]
    voice = speaker == VOICE_KP
    who = KP_OF if voice else speaker
    return ChatContext.from_view(view, get_system(system).chat_words, who, who == KP_OF, kp_for_players=voice,
                                 last_attacks=LAST_ATTACKS.get(scene, ()))
