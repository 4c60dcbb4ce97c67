"""Typed roll reports (issue 26): a line reporting a roll the player already made with
physical dice or another roller is the declaration that roll was for.

    （こぶし）1D100<=75 → 78です しっぱい？      → attack with こぶし, typed 75, reported 78
    （回避）1D100<=52 → 54…失敗したわ            → the pending question's 回避, reported 54
    Cthulhu : (1D100<=50) → 79 → 失敗 【目星】    → a 目星 check, reported 79
    ＞ 97 ＞ 失敗                                → the answer to the speaker's open question,
                                                  asked among its buttons (the skill is unsaid)
    回避 32で成功 / 回避振って失敗！              → the pending question's 回避 (reported 32)
    こぶし 45で成功 1号に                        → an attack with こぶし, reported 45

A report in words (:func:`read_worded`) without a face answers only a question open to the
speaker: on one's own turn, 「こぶし振って成功！」 may be a remark on the roll the bot just made,
and it never makes a second attack.

The skill is read as a palette roll's comment is (rules.chat.palette), so the report acts
exactly where the same roll typed as ``CCB<=75 【こぶし】`` would. The reported face is kept
on the declaration (``reported``); whether it stands or the bot rolls its own die is the
KP's setting (bot.battle.chat_play). Pure.
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable

from rules.chat.context import ChatContext
from rules.chat.normalize import fold
from rules.chat.resolve import Ambiguous, Declaration, Outcome

_ARROW = r"\s*(?:→|->|=>|⇒|>|＞)\s*"
_REPORT = re.compile(
    r"^(?P<pre>[^<>]*?)\s*(?:(?P<kind>(?:s?ccb?|1d100))\s*(?:\(\d+\))?\s*<=\s*(?P<target>\d{1,3})"
    r"|\(\s*1d100\s*<=\s*(?P<bctarget>\d{1,3})\s*\))(?P<mid>[^→>＞=]{0,30}?)" + _ARROW
    + r"(?P<face>\d{1,3})(?!\d)(?P<post>.*)$",
    re.IGNORECASE | re.DOTALL)
"""A roll and its face: ``[skill] 1D100<=75 → 78 …``, ``CCB<=75 ＞ 78``, BCDice's own
``(1D100<=50) ＞ 79 ＞ 失敗`` (with its ``Cthulhu :`` name before it)."""
_BARE = re.compile(r"^\s*(?:→|>|＞)\s*(?P<face>\d{1,3})\s*(?:→|>|＞)\s*(?P<level>[^\s]+)\s*$")
"""A pasted result alone: ``＞ 97 ＞ 失敗``."""
_BOT_NAME = re.compile(r"^\s*(?:cthulhu|coc|bcdice|dicebot|ダイスボット)\s*[:：]\s*", re.IGNORECASE)
_SKILL = re.compile(r"[（(【〈「《『\[](?P<word>[^）)】〉」》』\]]{1,20})[）)】〉」》』\]]")
_LEVEL_TALK = re.compile(r"(?:決定的成功|致命的失敗|クリティカル|ファンブル|スペシャル|成功|失敗|せいこう|しっぱい|です|でした|"
                         r"[!！?？…‥・。、,.~〜ーw])+")
"""A result in words and marks after the face, left out to find a target named after them."""
MAX_AFTER = 40
"""The most characters after the face: the result in words and a little talk (「です しっぱい？」)."""


_ARROWS = frozenset("→>＞⇒")


def is_report(text: str) -> bool:
    """Whether ``text`` reports a roll already made (see the module docstring)."""
    if _ARROWS.isdisjoint(text) or not any(c.isdigit() for c in text):
        return False  # the cheap test first: most lines hold no arrow
    norm = unicodedata.normalize("NFKC", text.strip())
    return _REPORT.match(norm) is not None or _BARE.match(norm) is not None


def read(raw: str, ctx: ChatContext, roll: Callable[[str, ChatContext], object]) -> Outcome | None:
    """The declaration a report ``raw`` makes in ``ctx``, with ``reported`` the face it gives
    (``roll(line, ctx)`` reads a palette roll: rules.chat.palette.read); None when ``raw`` is
    no report, or reports a roll that is no declaration here (then it is talk: the bot
    does not roll it again)."""
    norm = unicodedata.normalize("NFKC", raw.strip())
    bare = _BARE.match(norm)
    if bare is not None:
        return _for_question(int(bare["face"]), ctx)
    match = _REPORT.match(norm)
    if match is None:
        return None
    face = int(match["face"])
    target = match["target"] or match["bctarget"]
    if not 1 <= face <= 100:
        return None
    pre = (_BOT_NAME.sub("", match["pre"]) + " " + (match["mid"] or "")).strip()
    post = match["post"].strip()
    skill = _SKILL.search(pre) or _SKILL.search(post)
    words = skill["word"] if skill else pre.strip("：:・ ")
    rest = ""
    if skill is not None and skill.string is post:
        rest = post[:skill.start()] + post[skill.end():]
    elif skill is not None:
        rest = (pre[:skill.start()] + pre[skill.end():]).strip()
    named = _LEVEL_TALK.sub(" ", post if skill is None or skill.string is not post else rest).strip()
    if named and not rest.strip() and ctx.lexicon().tokens(fold(named)):
        rest = named  # 「（杖）1D100<=50 → 12 成功！ B」: the target named after the result
    if not words:
        return _for_question(face, ctx)
    if len(post) > MAX_AFTER:
        return None
    outcome = roll(f"CCB<={target} 【{words}】 {rest.strip()}".rstrip(), ctx)
    return _with_face(outcome, face)


def _with_face(outcome, face: int):
    """``outcome`` (a Declaration, an Ambiguous or an Untargeted) with ``reported`` set."""
    if outcome is None or not isinstance(outcome, (Declaration, Ambiguous)):
        return None
    if isinstance(outcome, Declaration):
        return dataclasses.replace(outcome, reported=face)
    return dataclasses.replace(outcome, choices=tuple(dataclasses.replace(c, reported=face) for c in outcome.choices))


def _for_question(face: int, ctx: ChatContext) -> Outcome | None:
    """A face reported with no skill (``＞ 97 ＞ 失敗``): the answer to the open question of
    the speaker's one unit asked, among its buttons that roll (not なし); None otherwise."""
    if not 1 <= face <= 100:
        return None
    asked = [q for q in ctx.questions if q.kind == "reaction"
             and (u := ctx.unit(q.unit)) is not None and ctx.may_move(u, False)]
    if len(asked) != 1:
        return None
    q = asked[0]
    unit = ctx.unit(q.unit)
    as_ = {} if unit.owner == ctx.speaker else {"as": unit.name}
    choices = tuple(Declaration("react", {"action": o, **as_}, unit.name, f"{unit.name}：{o}", o, reported=face)
                    for o in q.options if o not in ("なし", "宣言しない"))
    if not choices:
        return None
    return Ambiguous(f"出目 {face} は何の判定ですか？", choices)


_WORDED = re.compile(
    r"^(?P<word>[^\d\s、。,!！?？]{1,10}?)\s*(?:を)?(?:振って|ふって|振った|振りました|ロールして)?\s*"
    r"(?:(?P<face>\d{1,3})\s*(?:で|→|>|＞)?)?\s*"
    r"(?P<level>決定的成功|致命的失敗|クリティカル|ファンブル|スペシャル|成功|失敗|せいこう|しっぱい)"
    r"(?:です)?[!！。…w]*\s*(?P<rest>[^!！?？]{0,12})$")
"""A roll reported in words: the skill, 振って or a face, the result (回避 32で成功, こぶし振って成功！)."""
LEVELS = ("成功", "失敗", "クリティカル", "ファンブル", "スペシャル", "せいこう", "しっぱい")


def read_worded(raw: str, ctx: ChatContext, words: Callable[[str, ChatContext], Outcome]) -> Outcome | None:
    """The declaration a roll reported in words makes (see the module docstring), with
    ``reported`` its face when one is given; None when ``raw`` is none, or when it gives no
    face and the speaker has no question open (a remark on a roll already resolved)."""
    if not any(w in raw for w in LEVELS):
        return None  # the cheap test first
    match = _WORDED.match(unicodedata.normalize("NFKC", raw.strip()))
    if match is None:
        return None
    face = int(match["face"]) if match["face"] else None
    answering = any(q.kind == "reaction" and (u := ctx.unit(q.unit)) is not None and ctx.may_move(u, False)
                    for q in ctx.questions)
    if face is not None and not 1 <= face <= 100:
        return None
    rest = match["rest"].strip()
    if answering:
        if rest:
            return None
        outcome, wanted = words(match["word"], ctx), "react"
    elif face is not None:
        outcome, wanted = words(f"{rest}{match['word']}" if rest else match["word"], ctx), "attack"
    else:
        return None
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,) if outcome else ()
    if not choices or not isinstance(outcome, (Declaration, Ambiguous)) \
            or any(c.command != wanted for c in choices):
        return None
    return _with_face(outcome, face) if face is not None else outcome
