"""KP settings of the charge-rank system with the catalog's defaults (C-OPT-*, and the open
points of C-PHASE-06, C-COVER-03, C-INJ-03/05), and the situational safety/critical rank
modifiers they imply (C-OPT-ADV-01/02, C-OPT-SURP-02, C-OPT-PULL-01)."""
from __future__ import annotations

DEFAULTS: dict = {
    "seating": [],
    "cover_basic_guard": False,
    "group_attack": False,
    "advantaged": [],
    "disadvantaged": [],
    "safety_floor": 0,
    "interrupt_ask": "all",
    "area_distance": 0,
    "injury_thresholds": [],
    "injury_stamina_loss": {},
}
"""Setting key → default.

- ``seating``: unit ids clockwise from the GM; reflex ties follow it (C-PHASE-06). Empty:
  the joining order.
- ``cover_basic_guard``: covering also subtracts the basic guard of C-DMG-01 (C-COVER-03;
  default no).
- ``group_attack``: group attacks allowed without asking (C-OPT-GROUP-01; default: the GM's
  permission, i.e. ``/kp allow`` of the refusal).
- ``advantaged`` / ``disadvantaged``: units in an advantageous (critical rank +1,
  C-OPT-ADV-01) or disadvantageous (safety rank −1, C-OPT-ADV-02) situation.
- ``safety_floor``: the lowest safety rank (C-OPT-ADV-02: 0 by default).
- ``interrupt_ask``: ``"all"`` asks every unit able to interrupt (C-INT-02), ``"waiting"``
  only waiting ones.
- ``area_distance``: the distance to the next combat area in power ranks; 0 = none
  (C-OPT-DIST-01, C-OPT-OOA-04).
- ``injury_thresholds``: ``[[damage, degree], …]`` (C-INJ-03; the seed's table is missing,
  so none by default); ``injury_stamina_loss``: ``{degree: stamina}`` (C-INJ-05).
"""

LABELS = {
    "席順": "seating", "カバーリング基本ガード": "cover_basic_guard", "集団攻撃": "group_attack",
    "有利": "advantaged", "不利": "disadvantaged", "セーフティ下限": "safety_floor",
    "割り込み確認": "interrupt_ask", "区域間距離": "area_distance", "負傷表": "injury_thresholds",
    "負傷スタミナ減少": "injury_stamina_loss",
}
"""Japanese names a KP may use for the keys above (``/kp setting key:有利 value:桐生``)."""


def safety(settings: dict, unit: str, base: int, *, pulled: bool = False,
           surprised: bool = False) -> int:
    """The safety rank of ``unit``'s check from ``base`` (C-CHECK-05, C-DEF-05, C-COVER-04):
    +1 when pulled (C-OPT-PULL-01), −1 when disadvantaged or surprised (C-OPT-ADV-02,
    C-OPT-SURP-02; several disadvantages do not stack), never below ``safety_floor``."""
    rank = base + (1 if pulled else 0)
    if surprised or unit in (settings.get("disadvantaged") or []):
        rank -= 1
    return max(rank, int(settings.get("safety_floor", 0) or 0))


def critical(settings: dict, unit: str) -> int:
    """C-CHECK-08, C-OPT-ADV-01: the critical rank, 0 or +1 when advantaged. Tracked only: the
    seed gives it no effect."""
    return 1 if unit in (settings.get("advantaged") or []) else 0


def parse_value(key: str, value: object) -> object:
    """A setting value from ``/kp setting`` text: lists from ``A,B``; booleans from
    ``on/off``; ints; ``[[damage, degree], …]`` from ``5:微傷,10:軽傷``; raises ValueError."""
    default = DEFAULTS[key]
    if isinstance(value, str):
        text = value.strip()
        if isinstance(default, bool):
            if text.lower() in ("on", "true", "1", "はい", "あり"):
                return True
            if text.lower() in ("off", "false", "0", "いいえ", "なし"):
                return False
            raise ValueError(text)
        if isinstance(default, int):
            return int(text)
        if key == "injury_thresholds":
            pairs = [p.split(":") for p in text.replace("、", ",").split(",") if p.strip()]
            return sorted([[int(n), d.strip()] for n, d in pairs])
        if key == "injury_stamina_loss":
            pairs = [p.split(":") for p in text.replace("、", ",").split(",") if p.strip()]
            return {d.strip(): int(n) for d, n in pairs}
        if isinstance(default, list):
            return [p.strip() for p in text.replace("、", ",").split(",") if p.strip()]
        return text
    if isinstance(default, bool) and not isinstance(value, bool):
        raise ValueError(value)
    return value
