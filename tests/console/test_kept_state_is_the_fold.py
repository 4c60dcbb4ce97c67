"""A command is decided in place on the battle kept in memory (issue 12: no copy of the
state per command). After every line of a whole fight of each system, refused declarations
and a keeper's undo and redo included, the kept state must be exactly the fold of the events
stored in the database."""
from __future__ import annotations

import pytest

from rules.battle.events import from_record
from rules.battle.steps import fold
from rules.systems import get_system
from tests.console import test_chat_fights as fights

FIGHTS = {
    "coc6-house": (fights.HOUSE_SETUP, fights.HOUSE, fights.HOUSE_ROLLS),
    "coc6-book": (fights.BOOK_SETUP, fights.BOOK, fights.BOOK_ROLLS),
    "coc6-budo": (fights.BUDO_SETUP, fights.BUDO, fights.BUDO_ROLLS),
    "charge-rank": (fights.CHARGE_SETUP, fights.CHARGE, fights.CHARGE_ROLLS),
}
KEEPER = ["kp: /kp undo", "kp: /kp undo", "kp: /kp redo"]


async def kept_and_folded(table):
    """``(kept state, state folded from every stored event)`` of the channel's battle."""
    record = await table.store.active_battle("main")
    if record is None:
        return None, None
    system = get_system(record.system)
    _system, loaded = await table.console.service.battles.loaded(record)
    events = [from_record(kind, payload) for kind, payload, _ in await table.store.events(record.id)]
    state, _steps = fold(system.new_state, system.evolve, events)
    return loaded.state, state


@pytest.mark.parametrize("system", sorted(FIGHTS))
async def test_after_every_line_the_kept_state_is_the_fold_of_the_stored_events(console_table, system):
    setup, pairs, rolls = FIGHTS[system]
    table = await console_table([int(face) for face in rolls.split(",")])
    lines = [line for line in setup.splitlines() if line.strip() and not line.startswith("#")]
    refused = 0
    for line in lines + [slash for slash, _chat in pairs] + KEEPER:
        messages = await table.say(line)
        refused += len(messages) == 1 and messages[0]["ephemeral"]
        kept, truth = await kept_and_folded(table)
        assert kept == truth, line
    assert refused >= 1  # the fights' refused declarations came through this path too
    assert (await table.event_count()) > 20
