"""The charge-rank numbers of a unit, read from the character sheet the service sends
(``Join.sheet``: ``{"name", "numbers", …}``): a charge-rank sheet keeps them under
``numbers`` (``/char new system:charge-rank``, ``/char set key:リフレクス value:4``); an older
sheet kept them as skills, still read. The stamina and injuries a former battle left are
``stamina_now`` and ``injuries`` (issue 19)."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

REQUIRED = ("リフレクス", "スタミナ")
"""Numbers without a sensible default: ``/battle start`` names them when missing."""

DEFAULTS = {"ガード": 0, "攻撃力": 1}
"""Numbers with a default; 〔キャパシティ〕 defaults to the reflex (C-PHASE-04's fixture)."""

NAMES = ("リフレクス", "キャパシティ", "ガード", "スタミナ", "攻撃力", "MP")
"""Every number a sheet may carry for this system (plain numbers, not skill %)."""


@dataclass(frozen=True)
class Numbers:
    """〔リフレクス〕 reflex, 〔キャパシティ〕 capacity, 〔ガード〕 guard, 〔スタミナ〕 stamina,
    攻撃力 attack power (C-ATK-06) and MP (magic points spells spend, X-MP-01; 0 when the sheet
    has none), all non-negative ints. ``missing``: required names absent."""

    reflex: int
    capacity: int
    guard: int
    stamina: int
    attack: int
    missing: tuple[str, ...] = ()
    stamina_now: int | None = None
    """The stamina the sheet holds now (after a former battle), None = full."""
    injuries: tuple[str, ...] = ()
    """Injuries the sheet holds from a former battle (C-INJ-03)."""
    stamina_cap: int | None = None
    """The maximum stamina the sheet's injuries leave (C-INJ-05), None = 〔スタミナ〕."""
    mp: int = 0
    mp_now: int | None = None
    """The MP the sheet holds now (after a former battle), None = its 〔MP〕."""

    @property
    def mp_start(self) -> int:
        """The MP a battle starts with: the sheet's current, never above its 〔MP〕."""
        return self.mp if self.mp_now is None else min(self.mp_now, self.mp)

    @property
    def stamina_max(self) -> int:
        """The maximum stamina now: 〔スタミナ〕, or what the injuries leave of it (C-INJ-05)."""
        return self.stamina if self.stamina_cap is None else min(self.stamina, self.stamina_cap)

    @property
    def stamina_start(self) -> int:
        """The stamina a battle starts with: the sheet's current, never above the maximum."""
        return self.stamina_max if self.stamina_now is None else min(self.stamina_now, self.stamina_max)

    @property
    def unrested(self) -> bool:
        """The sheet's stamina is below its maximum: the unit has not rested since a battle
        (C-INJ-05: 「休めば〔スタミナ〕は全快」)."""
        return self.stamina_start < self.stamina_max


def _skills(sheet: dict) -> dict[str, int]:
    found = {}
    for key, value in [*(sheet.get("skills") or {}).items(), *(sheet.get("numbers") or {}).items()]:
        try:
            found[unicodedata.normalize("NFKC", str(key)).strip()] = int(value)
        except (TypeError, ValueError):
            continue
    return found


def numbers(sheet: dict) -> Numbers:
    """The numbers of ``sheet``; missing required ones read as 0 and are listed in
    ``missing`` (the battle cannot start until they are set)."""
    skills = _skills(sheet)
    missing = tuple(k for k in REQUIRED if k not in skills)
    reflex = skills.get("リフレクス", 0)
    return Numbers(reflex=reflex, capacity=skills.get("キャパシティ", reflex),
                   guard=skills.get("ガード", DEFAULTS["ガード"]), stamina=skills.get("スタミナ", 0),
                   attack=skills.get("攻撃力", DEFAULTS["攻撃力"]), missing=missing,
                   stamina_now=int(sheet["stamina_now"]) if sheet.get("stamina_now") is not None else None,
                   injuries=tuple(str(i) for i in sheet.get("injuries") or ()),
                   stamina_cap=int(sheet["stamina_max"]) if sheet.get("stamina_max") is not None else None,
                   mp=skills.get("MP", 0), mp_now=int(sheet["mp_now"]) if sheet.get("mp_now") is not None else None)
