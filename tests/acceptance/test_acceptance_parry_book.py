"""Acceptance transcript 02: the book parry examples P-EX-01..06 played through the console
(``shared/acceptance/02-parry-book.txt`` run by ``shared/acceptance/run.py``)."""
import pytest


@pytest.mark.rule("P-EX-01", "P-EX-02", "P-EX-03", "P-EX-04", "P-EX-05", "P-EX-06", "P-DMG-06")
def test_transcript_02_parry_book_passes(transcript):
    transcript("02-parry-book.txt")
