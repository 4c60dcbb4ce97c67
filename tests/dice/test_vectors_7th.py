"""Every BCDice ``Cthulhu7th`` vector of ``cthulhu7th_vectors.json``: exact text, flags, dice.

The file writes a d10 showing 10 as the digit ``0`` (BCDice's tens/units reading); our dice
roll 1..10, so a ``[10, 0]`` face is scripted as 10. BCDice's refusals (a message and no
roll) are a ``DiceError`` whose text is exactly BCDice's, raised before any die is rolled.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rules.dice import DiceError, ScriptedDice, evaluate

VECTORS_PATH = Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[2].parent / "shared") / "data" / "bcdice" / "cthulhu7th_vectors.json"
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))

#: BCDice answers these with a message and no roll.
MESSAGE_AS_ERROR = {
    "CC(-101)<=80", "CC(101)<=80", "FAR(120,82,97,3)", "FAR(0,0,98)",
    "FAR(-1,99,98)    弾数がマイナスの異常パターン。",
    "FAR(1,-99,-98)    目標値がマイナスの異常パターン。",
    "FAR(1,99,98,3)    ボーナスダイス異常パターン",
    "FAR(20,50,99,-2,r,0)    2020/07/11追加機能テスト11",
    "FAR(20,50,99,-2,r,-1)    2020/07/11追加機能テスト12",
}
FLAGS = ("success", "failure", "critical", "fumble")


def _faces(vector: dict) -> list[tuple[int, int]]:
    return [(sides, 10 if sides == 10 and value == 0 else value) for sides, value in vector["rands"]]


def _id(v: dict) -> str:
    return f"{v['input']}|{'/'.join(str(r[1]) for r in v['rands'])}"


def test_vector_file_is_complete() -> None:
    assert len(VECTORS) == 151
    assert all(v["system"] == "Cthulhu7th" for v in VECTORS)
    assert MESSAGE_AS_ERROR <= {v["input"] for v in VECTORS}


@pytest.mark.parametrize("vector", VECTORS, ids=[_id(v) for v in VECTORS])
def test_vector(vector: dict) -> None:
    faces = _faces(vector)
    dice = ScriptedDice([face for _sides, face in faces])
    line = vector["input"]
    if line in MESSAGE_AS_ERROR:
        with pytest.raises(DiceError) as err:
            evaluate(line, dice, "coc7")
        assert str(err.value) == vector["output"]
        assert dice.used == []
        return
    result = evaluate(line, dice, "coc7")
    if vector["output"] == "":
        assert result is None
        assert dice.used == []
        return
    assert result is not None
    assert result.text == vector["output"]
    assert result.secret == vector["secret"]
    for flag in FLAGS:
        assert getattr(result, flag) == vector.get(flag, False), flag
    assert dice.used == faces  # the sides asked for match too
    assert list(result.rolls) == faces
    assert dice.remaining == 0
