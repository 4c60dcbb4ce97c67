"""A declaration said with a push or with Luck spent (「プッシュして回避」「幸運を使って回避」
「幸運を消費して教団員を撃つ」): both change the roll, so such a line never acts as the plain
declaration it holds; it is refused with the reason (a :class:`~rules.chat.resolve.Refused`).

* In a 7th-edition battle a combat roll is never pushed (7-PUSH-03, in the words the chat
  「プッシュ」 of a fighting player gets), and Luck is spent after a failed roll, never
  declared with it (7-LUCK-02); the bot spends no Luck on a battle's rolls (whether Luck
  counts there is the KP's ruling).
* The 6th edition's battles (and charge-rank) have neither: the line says so.

Either way the reply says what to type to make the declaration alone. A line that says it
does without them (「プッシュせずに回避」「幸運は使わずに回避」) is the plain declaration.
Pure.
"""
from __future__ import annotations

import re

from rules.chat.normalize import fold
from rules.chat.resolve import TURN_KEPT, Ambiguous, Declaration, Refused, Several
from rules.coc7.pushing import IN_BATTLE

PUSH, LUCK = "push", "luck"
_PUSH = re.compile(r"プッシュ(?:ロール)?(?!セズ|シナイ|シナ[イク]|ハシナイ|ナシ|ナ[シク]|ハナシ|ハセズ)")
_LUCK = re.compile(r"(?:幸運|コウウン|ラック)(?:ポイント)?[ヲモハ]?\d{0,3}(?:点|ポイント)?ヲ?"
                   r"(?:消費(?!セズ|シナイ|シナ[イク])|使用(?!セズ|シナイ|シナ[イク])|(?:使|ツカ)(?!ワ))")
"""The push or the Luck spent, folded (rules.chat.normalize.fold); not where the line says
it does without (プッシュせず, 幸運は使わずに, 消費しない)."""
_KEYS = ("プッシュ", "幸運", "コウウン", "ラック")
_TYPED_KEYS = re.compile("|".join((*_KEYS, "ぷっしゅ", "こううん", "らっく", "ﾌﾟｯｼｭ", "ﾗｯｸ")))
"""The same words as typed (kana, half-width kana), for :func:`mentioned` before any folding."""
BATTLE_LUCK = "戦闘のロールに幸運を使うかはKPの裁定です（ボットは戦闘のロールに幸運を使いません）。"
"""What a 7th battle's Luck line is told after its clause: the after-roll flow
(bot.sheets.luck7) spends Luck on checks kept outside a battle's steps only."""
_SAID = re.compile(r"(?:プッシュ|ぷっしゅ)(?:・?ロール)?(?:して|で|する|します)?"
                   r"|(?:幸運|こううん|ラック|らっく)(?:ポイント)?[をもは]?\d{0,3}(?:点|ポイント)?を?"
                   r"(?:消費|使用|使|つか)(?:って|して|し|い|う|います|します)?(?:で)?")
"""The push or Luck as typed (NFKC), dropped to find the declaration said with it."""


def without(text: str) -> str:
    """``text`` (NFKC) without the push or Luck it says (「プッシュして回避」 → 「回避」), for the
    declaration alone: what the refusal tells the speaker to type."""
    return _SAID.sub("", text).strip(" 、,。!！")


def mentioned(text: str) -> bool:
    """Whether ``text`` as typed names a push or Luck at all: the cheap test made on every
    line that would act, before :func:`spent` reads it folded."""
    return _TYPED_KEYS.search(text) is not None


def spent(folded: str) -> str | None:
    """:data:`PUSH` or :data:`LUCK` when the folded line says a push or Luck spent, else None."""
    if not any(k in folded for k in _KEYS):
        return None  # the cheap test first: most declarations name neither
    if _PUSH.search(folded):
        return PUSH
    if _LUCK.search(folded):
        return LUCK
    return None


def refused(kind: str, alone, system: str, then_end: bool) -> Refused:
    """The refusal of a line said with ``kind`` (:func:`spent`) in a battle of ``system``:
    the reason (its clause), then what to type instead — ``alone`` is what the line would
    do without the push or Luck (:func:`without`, read), whose words it names — and, for a
    line that then ends the turn (``then_end``), that the turn was not ended."""
    plain = _plain(alone)
    lines = (BATTLE_LUCK if system == "coc7" and kind == LUCK else "",
             f"ふつうに行うなら「{plain}」と書いてください。" if plain else "", TURN_KEPT if then_end else "")
    after = "".join(f"\n{line}" for line in lines if line)
    if system == "coc7":
        if kind == PUSH:
            return Refused("7-PUSH-03", IN_BATTLE, after)
        return Refused("7-LUCK-02", "幸運は振ったあとに失敗した判定に使うもので、宣言といっしょには使えません", after)
    rules = "チャージランク制" if system == "charge-rank" else "6版のルール" if system.startswith("coc6") \
        else "この戦闘のルール"
    if kind == PUSH:
        return Refused("", f"{rules}にはプッシュ・ロールはありません（7版のルールです）。", after)
    return Refused("", f"{rules}には幸運の消費はありません（7版の選択ルールです）。", after)


def _plain(outcome) -> str:
    """What to type for ``outcome`` alone: its canonical words (the unit's name kept for a
    unit the speaker acts for with ``as``); "" for a question or several declarations."""
    if isinstance(outcome, Ambiguous):
        choices = outcome.choices
        if len({c.text for c in choices}) != 1:
            return ""
        outcome = choices[0]
    if not isinstance(outcome, Declaration):
        return ""
    text = outcome.text
    return text if outcome.options.get("as") else text.split("：", 1)[-1]


def acts(outcome) -> bool:
    """Whether ``outcome`` would make something happen (a declaration, a question with
    buttons, a line for several units)."""
    return isinstance(outcome, (Declaration, Several)) or (isinstance(outcome, Ambiguous) and bool(outcome.choices))


__all__ = ["LUCK", "PUSH", "acts", "mentioned", "refused", "spent", "without"]
