"""The reading probe (tests/chat/rows_read.py, issue 26): lines written for this probe in the
habits of Japanese tables, none copied from a log or an earlier table, read in the moments of
tests/chat/scenes_read.py. Every row asserts its exact outcome (the command, its target,
weapon or skill, the typed and reported numbers); a row the reading does not reach yet is
listed in :data:`NOT_YET` and must fail as expected (strict), so that reaching it is seen."""
from __future__ import annotations

import pytest

from rules.chat import Ambiguous, Declaration, read
from tests.chat.rows_read import DECLARATIONS, ROWS, TALK
from tests.chat.scenes_read import SEVENTH, VIEWS, context, system_of
from tests.chat.test_tables import shown

NOT_YET = {
    "日本刀振って成功！狂信者1号に": "a roll reported in words with no face on one's own turn is not taken: it may remark on the roll the bot made",
    "石を拾って野犬に投げつける": "a verb of prose (拾って) inside the declaration",
}
"""Lines the reading does not place yet (each is missed: nothing acts), with why."""


def _param(i, row):
    marks = [pytest.mark.xfail(reason=NOT_YET[row[2]], strict=True)] if row[2] in NOT_YET else []
    return pytest.param(*row, id=f"{i:03d}-{row[2][:16]}", marks=marks)


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [_param(i, r) for i, r in enumerate(ROWS)])
def test_read_line(scene, speaker, text, spec):
    assert shown(read(text, context(scene, speaker))) == spec


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [r for r in ROWS if r[2] in NOT_YET])
def test_a_line_not_read_yet_does_nothing(scene, speaker, text, spec):
    """What the reading cannot place never acts: nothing happens, or it asks."""
    outcome = read(text, context(scene, speaker))
    assert outcome is None or isinstance(outcome, Ambiguous)


def test_the_probe_is_large_half_talk_and_in_every_system():
    assert len(ROWS) >= 300 and len(TALK) >= len(DECLARATIONS) >= 150
    assert len({(r[0], r[2]) for r in ROWS}) == len(ROWS)
    systems = {system_of(r[0]) for r in ROWS}
    assert systems == {"coc6-house", "coc6", "coc6-budo", "charge-rank", "coc7"}
    for system in systems:  # the KP's lines and the players', acting and silent, in each system
        rows = [r for r in ROWS if system_of(r[0]) == system]
        assert {r[1] == "kp" for r in rows} == {True, False}
        assert {r[3] == "-" for r in rows} == {True, False}
    assert set(VIEWS) | set(SEVENTH) == {r[0] for r in ROWS}


def test_no_line_of_the_probe_repeats_an_earlier_table():
    from tests.chat.rows_tables import ROWS as ISSUE26
    from tests.chat.test_phrasings import ROWS as EARLIER
    earlier = {(r[2]) for r in (*ISSUE26, *EARLIER)}
    assert not [r[2] for r in ROWS if r[2] in earlier]


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), [r for r in ROWS if r[3][:2] == "? "])
def test_each_button_of_a_probe_question_reads_back_as_itself(scene, speaker, text, spec):
    ctx = context(scene, speaker)
    for choice in read(text, ctx).choices:
        again = read(choice.text, ctx)
        assert isinstance(again, Declaration), choice.text
        assert (again.command, again.options) == (choice.command, choice.options)
