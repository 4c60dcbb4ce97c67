"""Acceptance 01: a first fight under the house rules, every die fixed."""
import pytest


@pytest.mark.rule("H-AP-04", "H-DEF-PARRY-01", "H-DEF-DODGE-01", "X-HP-02")
def test_first_fight_transcript(transcript):
    transcript("01-first-fight.txt")
