"""Parsing option values that arrive as text (console) or typed (Discord) into Python values,
with Japanese errors for malformed input."""
from __future__ import annotations

import unicodedata

from rules.errors import InvalidInput

MAX_INT = 1_000_000
"""The largest magnitude any numeric option accepts."""

_TRUE = {"true", "yes", "on", "1", "はい", "する", "あり", "有効", "公開しない", "オン"}
_FALSE = {"false", "no", "off", "0", "いいえ", "しない", "なし", "無効", "オフ"}


def text(options: dict, name: str) -> str | None:
    """The option as stripped text, or None when absent or empty."""
    value = options.get(name)
    if value is None:
        return None
    value = str(value).strip()
    return value or None


def integer(options: dict, name: str, label: str | None = None) -> int | None:
    """The option as an int (full-width digits and signs accepted), or None when absent.

    Raises InvalidInput naming the option when it is not a whole number.
    """
    raw = text(options, name)
    if raw is None:
        return None
    folded = unicodedata.normalize("NFKC", raw).replace("−", "-").replace("ー", "-").replace("%", "")
    try:
        value = int(folded)
    except ValueError:
        raise InvalidInput(f"{label or name} には整数を指定してください（「{raw[:20]}」は数値ではありません）。") from None
    if abs(value) > MAX_INT:
        raise InvalidInput(f"{label or name} の値が大きすぎます（±{MAX_INT:,} まで）。")
    return value


def boolean(options: dict, name: str) -> bool:
    """The option as a bool (true/false, はい/いいえ …); absent → False."""
    raw = text(options, name)
    if raw is None:
        return False
    key = unicodedata.normalize("NFKC", raw).casefold()
    if key in _TRUE:
        return True
    if key in _FALSE:
        return False
    raise InvalidInput(f"{name} には オン か オフ（true / false）を指定してください。")


_BRACKETS = {"【": "】", "〈": "〉", "《": "》", "<": ">", "＜": "＞", "[": "]", "［": "］", "「": "」", "『": "』"}


def unbracketed(name: str | None) -> str | None:
    """A skill name without the one pair of brackets a palette writes around it (``【目星】``,
    ``〈目星〉``, ``《目星》`` → ``目星``), as chat reads it; other text unchanged."""
    if name is None:
        return None
    stripped = name.strip()
    if len(stripped) > 2 and _BRACKETS.get(stripped[0]) == stripped[-1]:
        return stripped[1:-1].strip() or stripped
    return name
