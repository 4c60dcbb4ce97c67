"""Small helpers shared by the CoC actions: the check bands in force (X-ROLL-02/04)."""
from __future__ import annotations

from rules.coc6.check import CC, CCB, Bands
from rules.systems.coc6.state import CocState


def bands(state: CocState) -> Bands:
    """The critical/fumble bands of this battle: setting ``dice`` = ``CCB`` (default) or ``CC``."""
    return CC if state.settings.get("dice", "CCB") == "CC" else CCB
