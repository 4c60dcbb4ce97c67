"""Small helpers shared by the CoC actions: the check bands in force (X-ROLL-02/04)."""
from __future__ import annotations

import dataclasses

from rules.coc6.check import CC, CCB, Bands
from rules.systems.coc6.state import CocState


def bands(state: CocState) -> Bands:
    """The critical/fumble bands of this battle: setting ``dice`` = ``CCB`` (default) or ``CC``
    (X-ROLL-02/04), and ``special`` = False reads no スペシャル (X-ROLL-03)."""
    chosen = CC if state.settings.get("dice", "CCB") == "CC" else CCB
    return chosen if state.settings.get("special", True) else dataclasses.replace(chosen, special=False)
