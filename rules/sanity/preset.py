"""What follows a SAN loss in a channel: the table's preset, per edition (docs/sanity.md).

A preset is read from the channel's KP settings (raw values, ``/kp setting``), each empty or
``EDITION`` value falling back to the edition's own rule:

============================  ==========================  ===============================
setting                       6th (rulebook)              7th (rulebook)
============================  ==========================  ===============================
``san_window``                HOUR: one game hour         DAY: the day
``san_fumble_max``            OFF                         ON (SAN-FUMBLE-01)
``san_bout_no_loss``          OFF                         ON (SAN-BOUT-01)
``madness_table_temporary``   none (the table's own)      BMR (狂気の発作・リアルタイム)
``madness_table_indefinite``  none                        BMR
``madness_time_temporary``    1D10+4ラウンド              1D10時間
``madness_time_indefinite``   none (until the KP ends it) none
``madness_time_bout``         —                           1D10ラウンド (BMR/BMS roll their own)
============================  ==========================  ===============================

A duration is a dice expression and a unit: ``ラウンド`` (rounds), ``分``/``時間`` (game
minutes, an hour being 60), ``行動`` (the player's lines in the channel: テキセ 「1D10行動」).
Pure.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.dice import Dice, DiceError, check_expression, roll_expression
from rules.errors import InvalidInput
from rules.sanity.loss import LossRules

TEMPORARY, INDEFINITE, PERMANENT, BOUT = "一時的狂気", "不定の狂気", "永久的狂気", "狂気の発作"
"""The madness states a loss can start (a badge each on the sheet and in battle)."""
MADNESS = (TEMPORARY, INDEFINITE, PERMANENT, BOUT)

UNITS = {"ラウンド": ("round", 1), "R": ("round", 1), "分": ("minute", 1), "時間": ("minute", 60),
         "行動": ("line", 1), "発言": ("line", 1)}
"""A duration's unit word → (timer unit, multiplier)."""
UNIT_WORDS = {"round": "ラウンド", "minute": "分", "line": "行動"}
"""How a timer's remaining length is named."""
NONE_WORDS = ("なし", "無し", "NONE", "OFF", "-")
EDITION_WORDS = ("", "EDITION", "版の既定", "既定")

_DURATION = re.compile(r"(?P<expr>[0-9D+\-*()×X]+?)\s*(?P<unit>ラウンド|R|分|時間|行動|発言)")


@dataclass(frozen=True)
class Duration:
    """How long a state lasts: ``expr`` (a dice expression, ``1D10+4``) in ``unit``
    (``round``, ``minute``, ``line``) times ``factor`` (60 for hours)."""

    expr: str
    unit: str
    factor: int = 1
    word: str = ""

    @classmethod
    def parse(cls, text: str) -> "Duration | None":
        """``1D10+4ラウンド``, ``1D10×10時間``, ``1D10行動`` → a Duration; ``なし`` → None.
        Raises InvalidInput for anything else (nothing is rolled)."""
        folded = unicodedata.normalize("NFKC", text or "").replace(" ", "").upper()
        if folded in NONE_WORDS:
            return None
        match = _DURATION.fullmatch(folded)
        expr = match["expr"].replace("×", "*").replace("X", "*") if match else ""
        try:
            if not match:
                raise DiceError("")
            check_expression(expr)
        except DiceError:
            raise InvalidInput(f"長さ「{text[:20]}」が読めません。1D10+4ラウンド、1D10時間、30分、1D10行動、なし のように書きます。") from None
        unit, factor = UNITS[match["unit"]]
        return cls(expr, unit, factor, match["unit"])

    def roll(self, dice: Dice) -> tuple[int, str]:
        """``(length in units, text)``: ``(7, "1D10+4 ＞ 7ラウンド")``; minutes for hours."""
        total = max(1, roll_expression(self.expr, dice).total or 0)
        shown = total if self.expr.isdigit() else f"{self.expr} ＞ {total}"
        return total * self.factor, f"{shown}{self.word}"

    def text(self) -> str:
        return f"{self.expr}{self.word}"


@dataclass(frozen=True)
class Preset:
    """A channel's preset for one edition.

    Attributes:
        edition: ``coc6`` / ``coc7``; window: ``hour``, ``session`` or ``day``;
        rules: the loss's rules (fumble, bout); tables: ``{state: table name}`` rolled when
        the state starts; private: a table's row goes only to the player and the KP;
        durations: ``{state: Duration}`` (a state without one lasts until the KP ends it).
    """

    edition: str
    window: str
    rules: LossRules
    tables: dict[str, str]
    private: bool
    durations: dict[str, Duration]


DEFAULTS = {
    "coc6": {"san_window": "HOUR", "san_fumble_max": "OFF", "san_bout_no_loss": "OFF",
             "madness_table_temporary": "", "madness_table_indefinite": "",
             "madness_time_temporary": "1D10+4ラウンド", "madness_time_indefinite": "", "madness_time_bout": ""},
    "coc7": {"san_window": "DAY", "san_fumble_max": "ON", "san_bout_no_loss": "ON",
             "madness_table_temporary": "BMR", "madness_table_indefinite": "BMR",
             "madness_time_temporary": "1D10時間", "madness_time_indefinite": "", "madness_time_bout": "1D10ラウンド"},
}
"""Each edition's own rule for every preset setting (what ``EDITION`` or an empty value means)."""
WINDOWS = {"HOUR": "hour", "SESSION": "session", "DAY": "day"}


def _value(edition: str, settings: dict, key: str) -> str:
    raw = settings.get(key)
    value = unicodedata.normalize("NFKC", str(raw)).strip() if raw is not None else ""
    return DEFAULTS[edition][key] if value.upper() in EDITION_WORDS else value


def _flag(edition: str, settings: dict, key: str) -> bool:
    return _value(edition, settings, key).upper() in ("ON", "TRUE", "オン")


def preset(edition: str, settings: dict) -> Preset:
    """The preset of ``edition`` (``coc6``/``coc7``) under the channel's ``settings`` (the KP
    settings' raw values by key; a value that no longer parses falls back to the edition's)."""
    edition = edition if edition in DEFAULTS else "coc6"
    tables, durations = {}, {}
    for state, key in ((TEMPORARY, "temporary"), (INDEFINITE, "indefinite")):
        name = _value(edition, settings, f"madness_table_{key}")
        if name and name.upper() not in NONE_WORDS:
            tables[state] = name
    for state, key in ((TEMPORARY, "temporary"), (INDEFINITE, "indefinite"), (BOUT, "bout")):
        try:
            found = Duration.parse(_value(edition, settings, f"madness_time_{key}") or "なし")
        except InvalidInput:
            found = Duration.parse(DEFAULTS[edition][f"madness_time_{key}"] or "なし")
        if found is not None:
            durations[state] = found
    window = WINDOWS.get(_value(edition, settings, "san_window").upper(), WINDOWS[DEFAULTS[edition]["san_window"]])
    return Preset(edition, window, LossRules(_flag(edition, settings, "san_fumble_max"),
                                             _flag(edition, settings, "san_bout_no_loss")),
                  tables, bool(settings.get("madness_private", False)), durations)


def starts(edition: str, temporary: bool, indefinite: bool, permanent: bool, bout: bool) -> list[str]:
    """The states a SAN loss starts, in the order announced: 永久的狂気 alone at SAN 0; else
    不定の狂気 and 一時的狂気 as found; in 7th a bout (狂気の発作) with either."""
    if permanent:
        return [PERMANENT]
    found = [s for s, on in ((INDEFINITE, indefinite), (TEMPORARY, temporary)) if on]
    if edition == "coc7" and (bout or found):
        found.append(BOUT)
    return found


__all__ = ["BOUT", "DEFAULTS", "Duration", "INDEFINITE", "MADNESS", "PERMANENT", "Preset", "TEMPORARY",
           "UNIT_WORDS", "preset", "starts"]
