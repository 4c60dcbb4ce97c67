"""Every BCDice vector of ``cthulhu_vectors.json``: exact text, flags and dice."""
from __future__ import annotations

import pytest

from rules.dice import DiceError, ScriptedDice, evaluate
from tests.dice.bcdice_vectors import check, load, vector_id

VECTORS = load("cthulhu_vectors.json")

#: Deliberate deviations: BCDice prints a fabricated ``0`` at its limits, and ``1`` for a
#: roll divided by 0 (issue 10); we refuse the command with a DiceError before rolling anything.
DELIBERATE_DEVIATIONS = {
    "500d6": "(500D6) ＞ 0",
    "201D": "(201D6) ＞ 0",
    "1D10001": "(1D10001) ＞ 0",
    "1D6/0": "(1D6/0) ＞ 1[1]/0 ＞ 1",
}

#: BCDice answers these with a message and no roll; we raise DiceError whose message is
#: exactly BCDice's text (same words, delivered as an error).
MESSAGE_AS_ERROR = {
    "rep0 1D6",
    "rep2 ほげ",
    "x100 rep100 10D100",
}


def test_vector_file_is_complete() -> None:
    assert len(VECTORS) == 169
    inputs = {v["input"] for v in VECTORS}
    assert set(DELIBERATE_DEVIATIONS) <= inputs
    assert MESSAGE_AS_ERROR <= inputs


@pytest.mark.parametrize("vector", VECTORS, ids=[vector_id(v) for v in VECTORS])
def test_vector(vector: dict) -> None:
    dice = ScriptedDice([value for _sides, value in vector["rands"]])
    line = vector["input"]
    if line in DELIBERATE_DEVIATIONS:
        assert vector["output"] == DELIBERATE_DEVIATIONS[line]
        with pytest.raises(DiceError):
            evaluate(line, dice)
        assert dice.used == []  # refused before any die is rolled
        return
    check(vector, [tuple(r) for r in vector["rands"]], MESSAGE_AS_ERROR)
