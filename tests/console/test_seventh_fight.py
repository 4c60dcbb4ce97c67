"""A 7th-edition fight tried as a new user would (issue 30): three investigators against two
cultists and a deep one, played by chat alone, with a 6th battle in the next channel; the
transcript (tests/console/transcripts/seventh_fight.txt) runs through the shared acceptance
runner exactly as the held-back scenarios do."""
from __future__ import annotations

from pathlib import Path

import pytest

TRANSCRIPT = Path(__file__).parent / "transcripts" / "seventh_fight.txt"


@pytest.mark.rule("7-ORDER-02", "7-ORDER-03", "7-ORDER-04", "7-FIRE-01", "7-MAN-02", "7-MAN-06", "7-MAN-09")
@pytest.mark.rule("7-OUTN-01", "7-OUTN-02", "7-MELEE-02", "7-MELEE-03", "7-HP-02", "7-HP-03", "7-HP-04", "7-HP-06")
@pytest.mark.rule("7-AID-01", "7-HP-07", "7-GROW-01", "7-ED-01", "7-JOIN-01", "7-JOIN-02")
def test_a_7th_fight_by_chat_beside_a_6th_battle(acceptance):
    acceptance(TRANSCRIPT)
