"""The chat lines of the 7th rolls that follow a roll or set two against each other (issue
30), read from the text alone (pure, cheap: most chat is talk):

* 「プッシュ」「プッシュします」「目星をプッシュ」「プッシュ：本棚を全部ひっくり返す」
  「エミリー：プッシュ」 — push the speaker's latest failed roll (rules.coc7.pushing);
* 「失敗したら警備員に見つかります」「プッシュするなら、失敗すれば…」 — the KP's word of what a
  failed pushed roll brings (7-PUSH-06): the push waiting in the channel is rolled with it,
  or the next push of a roll that may be pushed is;
* 「幸運を消費」「幸運を使う」「幸運を12消費」「エミリー：幸運を消費」 — spend Luck on it
  (rules.coc7.luck);
* 「対抗ロール STR 警備員」「警備員とSTRで対抗ロール」「隠密で警備員の目星と対抗ロール」
  「対抗ロール STR 警備員 60」 — an opposed roll (rules.coc7.opposed), in a 7th channel.

A question (「プッシュって？」) or a quote is none of them.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_LINE = 200
"""The longest line read (characters): a longer message is talk."""

_WHO = r"(?:(?P<who>[^:：、,\s][^:：、,]{0,29}?)\s*[:：]\s*)?"
_BRACKETS = "〈〉<>【】「」『』《》[]"
_SKILL = r"[〈<【「『《\[]?(?P<skill>[^〈〉<>【】「」『』《》\[\]\s:：、,をでとの]{1,24})[〉>】」』》\]]?"
_PUSH = re.compile(
    _WHO + r"(?:" + _SKILL + r"\s*(?:を|、|,)?\s*)?プッシュ(?:[・ ]?ロール)?"
    r"(?:する|します|したい(?:です)?|で|お願いします)?[!！。]*"
    r"(?:\s*[:：、,]\s*(?P<reason>.+)|\s*[（(](?P<paren>[^（）()]+)[）)]|\s+(?P<rest>\S.*))?")
_LUCK = re.compile(
    _WHO + r"(?:幸運|ラック)\s*(?:を)?\s*(?P<amount>\d{1,2})?\s*(?:点|ポイント)?\s*(?:を)?\s*"
    r"(?:消費|使用|使う|使います|使って|つかう|使い)"
    r"(?:する|します|したい(?:です)?|たい(?:です)?|ます|して|で)?(?:成功(?:に|と)?(?:する|します)?)?[!！。]*")
_OPPOSED_WORD = r"(?:対抗ロール|対抗判定|対抗)"
_OPPOSED = (
    re.compile(_OPPOSED_WORD + r"\s*[:：]?\s*" + _SKILL + r"\s+(?P<opp>\S{1,30})(?:\s+(?P<against>\S{1,24}))?"),
    re.compile(r"(?P<opp>[^\s:：、,でと]{1,30}?)\s*と\s*" + _SKILL + r"\s*で\s*" + _OPPOSED_WORD
               + r"(?:する|します)?[!！。]*"),
    re.compile(_SKILL + r"\s*で\s*(?P<opp>[^\s:：、,でと]{1,30}?)(?:\s*の\s*(?P<against>[^\s:：、,でとの]{1,24}))?\s*と\s*"
               + _OPPOSED_WORD + r"(?:する|します)?[!！。]*"),
)
_TOLD = re.compile(r"(?:プッシュ(?:・?ロール)?に|プッシュして|プッシュ(?:するなら|する場合は?|なら)[、,\s]*)?"
                   r"(?:失敗したら|失敗すると|失敗すれば|失敗なら|失敗時は?|失敗の場合は?|失敗した場合は?|失敗したときは?)"
                   r"[、,:：\s]*(?P<what>\S.*)")


def _fold(text: str) -> str | None:
    """The line NFKC-folded and stripped, or None when it is no line of these: empty, too
    long, several lines, a question, a quote, a comment or a command."""
    folded = unicodedata.normalize("NFKC", text or "").strip()
    if not folded or len(folded) > MAX_LINE or "\n" in folded or folded.startswith((">", "/", "#")):
        return None
    if folded.endswith(("?", "？")):
        return None
    return folded


def _skill(word: str | None) -> str | None:
    return word.strip(_BRACKETS).strip() or None if word else None


@dataclass(frozen=True)
class PushLine:
    """「プッシュ」: ``who`` (a name before a colon, or ""), ``skill`` (named, or None) and the
    player's ``reason`` (what the investigator does to try again, or "")."""

    who: str = ""
    skill: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class LuckLine:
    """「幸運を消費」: ``who`` (a name before a colon, or "") and the ``amount`` typed (or None)."""

    who: str = ""
    amount: int | None = None


@dataclass(frozen=True)
class OpposedLine:
    """「対抗ロール STR 警備員」: the speaker's ``skill``, the ``opponent``'s name and what the
    opponent rolls, ``against`` (a skill name or a value typed; None: the same skill)."""

    skill: str
    opponent: str
    against: str | None = None


def push_line(text: str) -> PushLine | None:
    """The push the line asks for, or None."""
    folded = _fold(text)
    match = _PUSH.fullmatch(folded) if folded and "プッシュ" in folded else None
    if match is None:
        return None
    reason = (match["reason"] or match["paren"] or match["rest"] or "").strip()
    return PushLine((match["who"] or "").strip(), _skill(match["skill"]), reason)


def luck_line(text: str) -> LuckLine | None:
    """The Luck the line spends, or None."""
    folded = _fold(text)
    match = _LUCK.fullmatch(folded) if folded and ("幸運" in folded or "ラック" in folded) else None
    if match is None:
        return None
    return LuckLine((match["who"] or "").strip(), int(match["amount"]) if match["amount"] else None)


def opposed_line(text: str) -> OpposedLine | None:
    """The opposed roll the line calls for, or None."""
    folded = _fold(text)
    if not folded or "対抗" not in folded:
        return None
    for pattern in _OPPOSED:
        match = pattern.fullmatch(folded)
        if match is not None:
            against = match.groupdict().get("against")
            return OpposedLine(_skill(match["skill"]) or "", match["opp"].strip(), _skill(against))
    return None


def told_line(text: str) -> str | None:
    """What a failure brings, as the KP's line 「失敗したら…」 says it, or None."""
    folded = _fold(text)
    match = _TOLD.fullmatch(folded) if folded and "失敗" in folded else None
    return match["what"].strip() if match else None


def reads(text: str) -> bool:
    """Whether the line holds one of the words these lines need (a substring test: talk
    costs nothing more)."""
    return any(word in text for word in ("プッシュ", "幸運", "ラック", "対抗", "失敗"))


__all__ = ["LuckLine", "OpposedLine", "PushLine", "luck_line", "opposed_line", "push_line", "reads", "told_line"]
