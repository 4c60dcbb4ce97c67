"""Injuries 「負傷」 (C-INJ-01..05) and their treatment (C-INJ-REC-01..04). The seed's injury
tables are missing, so the thresholds and the stamina loss are KP settings, empty by default."""
from __future__ import annotations

from rules.errors import RuleViolation
from rules.systems.charge_rank.checks import BASE_SAFETY, auto_fails

DEGREES = ("微傷", "軽傷", "中傷", "重傷", "致命傷", "死亡")
"""C-INJ-02: the six degrees, injury rank 1–6 in this order."""


def rank(degree: str) -> int:
    """The injury rank of ``degree`` (微傷 1 … 死亡 6); raises ValueError for other words."""
    return DEGREES.index(degree) + 1


def degree_for(settings: dict, damage: int) -> str | None:
    """C-INJ-03: the worst degree whose threshold ``damage`` reaches, from the KP's
    ``injury_thresholds`` (``[[damage, degree], …]``); None when none is reached."""
    found = None
    for threshold, degree in sorted(settings.get("injury_thresholds") or [], key=lambda p: int(p[0])):
        if damage >= int(threshold):
            found = degree
    return found


def stamina_after_battle(settings: dict, stamina_max: int, injuries: list[str]) -> int:
    """C-INJ-04/05: the maximum stamina after the battle (injuries have no effect during it):
    the normal maximum less the KP's ``injury_stamina_loss`` per injury, at least 0."""
    loss = settings.get("injury_stamina_loss") or {}
    return max(0, stamina_max - sum(int(loss.get(d, 0)) for d in injuries))


def treatment_succeeds(degree: str, power: int, faces: list[int], safety: int = BASE_SAFETY) -> bool:
    """C-INJ-REC-02/03: a treatment at ``power`` succeeds (healing one stage faster) when it
    does not fail automatically. Raises RuleViolation C-INJ-REC-03 when ``power`` is below the
    injury rank, C-INJ-REC-04 for 死亡 (nothing cures death)."""
    if degree == "死亡":
        raise RuleViolation("C-INJ-REC-04", "死亡はどんな手段でも治せません", allowable=False)
    if power < rank(degree):
        raise RuleViolation("C-INJ-REC-03", f"{degree}の治療にはパワーランク{rank(degree)}以上が必要です")
    return not auto_fails(faces, safety)
