"""Chat lines that change a saved sheet outside the battle's declarations (issue 32; docs/sanity.md):

- ココフォリア's status lines: ``:HP-3``, ``:SAN-1D3``, ``:MP+2``, ``:HP=10``, ``:幸運-5`` (the
  speaker's own character), and for the KP ``:アリス:HP-3`` (the character named between the
  colons); a comment may follow after a space (``:HP-3 噛まれた``). The state of a sheet the
  same way: ``:状態+気絶``, ``:アリス:状態-一時的狂気`` (STAT-01);
- sealdice's ``.st hp-1`` / ``.st san-1d3`` / ``.st hp=10`` (STAT-01) and its SAN check
  ``.sc 1/1d6`` (SAN-CHECK-01);
- the KP's word that game time passed: 「1時間経過」「30分経過」「1時間30分経過」「1ラウンド経過」
  (SAN-TIME-01).

Pure: it reads, rolls nothing. These lines are read before dice and are never battle
declarations (rules.chat keeps its own grammar).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

KEYS = {"HP": "HP", "耐久力": "HP", "MP": "MP", "マジックポイント": "MP", "SAN": "SAN", "正気度": "SAN",
        "幸運": "幸運", "LUCK": "幸運", "LUC": "幸運"}
"""The status names a line may change (upper-cased) → the name the bot uses."""
STATE_WORDS = ("状態", "STATE", "CONDITION")
"""The word that makes a status line change a sheet's state (``:状態+気絶``)."""

_EXPR = r"[0-9D+\-*/()]+"
_STATUS = re.compile(rf"[:：](?:(?P<name>[^:：\s][^:：]{{0,40}}?)[:：])?(?P<key>[^:：\s+\-=]{{1,12}}?)\s*"
                     rf"(?P<op>[+\-=])\s*(?P<value>\S+?)(?:\s+(?P<comment>.*))?")
_SEAL_ST = re.compile(rf"[.。．]st\s*(?P<key>[^\s\d+\-=]{{1,12}}?)\s*(?P<op>[+\-=]?)\s*(?P<value>{_EXPR})(?:\s+(?P<comment>.*))?",
                      re.I)
_SEAL_SC = re.compile(r"[.。．]sc\s*(?P<loss>[0-9D+\-*()]+/[0-9D+\-*()]+)(?:\s+(?P<comment>.*))?", re.I)
_TIME = re.compile(r"(?:(?P<hours>\d{1,3})時間)?(?:(?P<minutes>\d{1,4})分)?(?:(?P<rounds>\d{1,3})(?:ラウンド|R))?経過"
                   r"(?:[。！!\s].*)?")


@dataclass(frozen=True)
class StatusChange:
    """``:HP-3``: ``key`` (HP, MP, SAN, 幸運) changed by ``op`` (``+``, ``-``, ``=``) the
    dice expression ``expr`` (``3``, ``1D3``); ``name``: the character named (``:アリス:HP-3``),
    or None for the speaker's own; ``comment``: what followed."""

    key: str
    op: str
    expr: str
    name: str | None = None
    comment: str = ""


@dataclass(frozen=True)
class StateChange:
    """``:状態+気絶``: the state ``state`` of the sheet is added (``added``) or ended;
    ``name`` as in :class:`StatusChange`."""

    state: str
    added: bool
    name: str | None = None


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "").strip()


def status_line(text: str) -> StatusChange | StateChange | None:
    """The change a ココフォリア status line or a sealdice ``.st`` line makes, or None for any
    other line (also ``:HP-x`` whose value is no dice expression: talk, not a change)."""
    folded = _fold(text)
    if not folded or folded[0] not in ":.。" or "\n" in folded:
        return None
    match = _STATUS.fullmatch(folded) or _SEAL_ST.fullmatch(folded)
    if match is None:
        return None
    key, op = match["key"].strip().upper(), match["op"] or "="
    name = (match.groupdict().get("name") or "").strip() or None
    if key in STATE_WORDS and op in "+-" and match.re is _STATUS:
        state = match["value"].strip()
        return StateChange(state, op == "+", name) if state else None
    value = match["value"].upper()
    if key not in KEYS or not re.fullmatch(_EXPR, value) or not re.search(r"\d", value):
        return None
    return StatusChange(KEYS[key], op, value, name, (match["comment"] or "").strip())


def sealdice_san_check(text: str) -> str | None:
    """The loss of sealdice's SAN check ``.sc 1/1d6`` (``"1/1D6"``), or None."""
    match = _SEAL_SC.fullmatch(_fold(text))
    return match["loss"].upper() if match else None


def time_passed(text: str) -> tuple[int, int] | None:
    """``(game minutes, rounds)`` the KP's line says passed (「1時間30分経過」 → (90, 0),
    「1ラウンド経過」 → (0, 1)), or None for any other line or nothing passing."""
    match = _TIME.fullmatch(_fold(text))
    if match is None:
        return None
    minutes = int(match["hours"] or 0) * 60 + int(match["minutes"] or 0)
    rounds = int(match["rounds"] or 0)
    return (minutes, rounds) if minutes or rounds else None


__all__ = ["KEYS", "StateChange", "StatusChange", "sealdice_san_check", "status_line", "time_passed"]
