"""A 7th skill roll kept after it was shown, for what the rulebook lets follow it: a pushed
roll (プッシュ・ロール, rules.coc7.pushing) or Luck spent on it (幸運の消費, rules.coc7.luck).

Which roll: an investigator's latest check in a channel (``/check``, a palette line such as
``CC<=70 【目星】``, an opposed roll); the next one replaces it (docs/coc7.md 7-PUSH-01).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.coc7.check import Check7
from rules.coc7.skills import LUCK_NAMES, SAN_NAMES, canonical

CHECK = "check"
"""A ``/check`` on the sheet."""
PALETTE = "palette"
"""A chat palette line (``CC<=70 【目星】``) of the speaker's investigator."""
OPPOSED = "opposed"
"""One side of an opposed roll (rules.coc7.opposed)."""
KINDS = (CHECK, PALETTE, OPPOSED)

COMBAT_STEMS = ("近接戦闘", "射撃", "回避", "投擲")
"""The combat skills (their canonical names start so): rolls that are never pushed (7-PUSH-03)."""


def is_luck(skill: str) -> bool:
    """Whether ``skill`` names the Luck roll (幸運, LUCK)."""
    key = canonical(skill)
    return key in LUCK_NAMES or key.upper() in LUCK_NAMES


def is_sanity(skill: str) -> bool:
    """Whether ``skill`` names the SAN roll (SAN, 正気度ロール …)."""
    key = canonical(skill)
    return key in SAN_NAMES or key.upper() in SAN_NAMES


def is_combat(skill: str) -> bool:
    """Whether ``skill`` is a combat skill: 近接戦闘（…）, 射撃（…）, 回避, 投擲 (こぶし → 近接戦闘（格闘））."""
    return canonical(skill).startswith(COMBAT_STEMS)


@dataclass(frozen=True)
class Rolled7:
    """One kept roll.

    Attributes:
        skill: the skill's canonical name (目星, STR, 幸運 …); check: the roll as shown
        (its ``skill`` is the value % rolled against before a difficulty); kind: one of
        :data:`KINDS`; pushed: this roll is itself a pushed roll; luck: Luck points spent
        on it (0: none).
    """

    skill: str
    check: Check7
    kind: str = CHECK
    pushed: bool = False
    luck: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of roll {self.kind!r}")

    def to_dict(self) -> dict:
        """A JSON-friendly dict (inverse of :meth:`from_dict`)."""
        return {"skill": self.skill, "check": self.check.to_dict(), "kind": self.kind,
                "pushed": self.pushed, "luck": self.luck}

    @classmethod
    def from_dict(cls, data: dict) -> "Rolled7":
        """The roll of :meth:`to_dict`'s dict; raises KeyError/ValueError if malformed."""
        return cls(str(data["skill"]), Check7.from_dict(data["check"]), str(data.get("kind") or CHECK),
                   bool(data.get("pushed")), int(data.get("luck") or 0))


__all__ = ["CHECK", "COMBAT_STEMS", "KINDS", "OPPOSED", "PALETTE", "Rolled7", "is_combat", "is_luck",
           "is_sanity"]
