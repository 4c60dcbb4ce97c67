"""BCDice's own test vectors (``shared/data/bcdice/*.json``) and the one check every vector
gets, for either edition: exact text, flags and dice, or BCDice's refusal as a DiceError."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rules.dice import DiceError, ScriptedDice, evaluate

SHARED = Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[2].parent / "shared")
FLAGS = ("success", "failure", "critical", "fumble")


def load(name: str) -> list[dict]:
    """The vectors of ``shared/data/bcdice/<name>``."""
    return json.loads((SHARED / "data" / "bcdice" / name).read_text(encoding="utf-8"))


def vector_id(v: dict) -> str:
    """A test id: the input and the faces rolled."""
    return f"{v['input']}|{'/'.join(str(r[1]) for r in v['rands'])}"


def check(vector: dict, faces: list[tuple[int, int]], message_as_error: set[str], system: str = "coc6") -> None:
    """``vector`` evaluated by ``system`` with the scripted ``faces`` ``[(sides, value)]``
    gives BCDice's output exactly (text, secret, flags, the dice asked for), or, for an
    input of ``message_as_error``, raises DiceError with BCDice's message before rolling."""
    dice = ScriptedDice([face for _sides, face in faces])
    line = vector["input"]
    if line in message_as_error:
        with pytest.raises(DiceError) as err:
            evaluate(line, dice, system)
        assert str(err.value) == vector["output"]
        assert dice.used == []
        return
    result = evaluate(line, dice, system)
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
