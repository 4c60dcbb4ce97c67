"""A 7th-edition evening outside battle tried as a new table would (issue 30): pushed rolls
with the KP's word, Luck spent with a button and refused after a push, an opposed roll typed
in chat, a fumble not pushed, the session's summary in 7th words, and a 6th table next door
untouched; the transcript (tests/console/transcripts/seventh_evening.txt) runs through the
shared acceptance runner exactly as the held-back scenarios do."""
from __future__ import annotations

from pathlib import Path

import pytest

TRANSCRIPT = Path(__file__).parent / "transcripts" / "seventh_evening.txt"


@pytest.mark.rule("7-PUSH-02", "7-PUSH-04", "7-PUSH-06", "7-PUSH-07", "7-PUSH-08", "7-LUCK-02", "7-LUCK-05")
@pytest.mark.rule("7-OPP-02", "7-SESSION-01")
def test_a_7th_evening_with_pushes_luck_and_an_opposed_roll(acceptance):
    acceptance(TRANSCRIPT)
