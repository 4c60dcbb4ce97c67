"""Every BCDice ``Cthulhu7th`` vector of ``cthulhu7th_vectors.json``: exact text, flags, dice.

The file writes a d10 showing 10 as the digit ``0`` (BCDice's tens/units reading); our dice
roll 1..10, so a ``[10, 0]`` face is scripted as 10. BCDice's refusals (a message and no
roll) are a ``DiceError`` whose text is exactly BCDice's, raised before any die is rolled.
"""
from __future__ import annotations

import pytest

from tests.dice.bcdice_vectors import check, load, vector_id

VECTORS = load("cthulhu7th_vectors.json")

#: BCDice answers these with a message and no roll.
MESSAGE_AS_ERROR = {
    "CC(-101)<=80", "CC(101)<=80", "FAR(120,82,97,3)", "FAR(0,0,98)",
    "FAR(-1,99,98)    弾数がマイナスの異常パターン。",
    "FAR(1,-99,-98)    目標値がマイナスの異常パターン。",
    "FAR(1,99,98,3)    ボーナスダイス異常パターン",
    "FAR(20,50,99,-2,r,0)    2020/07/11追加機能テスト11",
    "FAR(20,50,99,-2,r,-1)    2020/07/11追加機能テスト12",
}


def _faces(vector: dict) -> list[tuple[int, int]]:
    return [(sides, 10 if sides == 10 and value == 0 else value) for sides, value in vector["rands"]]


def test_vector_file_is_complete() -> None:
    assert len(VECTORS) == 151
    assert all(v["system"] == "Cthulhu7th" for v in VECTORS)
    assert MESSAGE_AS_ERROR <= {v["input"] for v in VECTORS}


@pytest.mark.parametrize("vector", VECTORS, ids=[vector_id(v) for v in VECTORS])
def test_vector(vector: dict) -> None:
    check(vector, _faces(vector), MESSAGE_AS_ERROR, "coc7")
