"""Property tests: random and mutated command strings (hypothesis)."""
from __future__ import annotations

import json
import random
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import MAX_OUTPUT, DiceError, RandomDice, ScriptedDice, evaluate, parse
from rules.dice.common import SumRoll
from rules.dice.parser import parse_command
from tests.dice.bcdice_vectors import load

VECTORS = load("cthulhu_vectors.json")
SEEDS = sorted({v["input"].split()[0] for v in VECTORS if v["input"].strip()} | {
    "CCB<=70", "2D6+1D4", "RES(12-10)", "CBR(50,60)", "x3 CCB<=50", "1D100<=50", "4D6DL1",
    "(2D6+1D4)*2", "C(1+2)", "choice[a,b,c]", "D66", "3B6>=4", "1D3+-1D4", "ＣＣＢ＜＝５０",
})
ALPHABET = "0123456789DdKkHhLlMAXINUCRFBSscx+-*/()<>=!?,[] 　ー×÷≦≧＝ＣＤ１あ目"
LIMIT_SECONDS = 0.050
PROPERTY = settings(max_examples=400, deadline=None)


def _timed(line: str, dice):
    parse_command.cache_clear()  # measure the parse too, not a cache hit
    start = time.perf_counter()
    try:
        result = evaluate(line, dice)
    except DiceError:
        result = None
    return time.perf_counter() - start, result


def _check(line: str, dice) -> None:
    elapsed, result = _timed(line, dice)
    if elapsed >= LIMIT_SECONDS:
        # a spike from other processes on the machine: measure the same work again
        elapsed = min(elapsed, *(_timed(line, RecordingDice(0))[0] for _ in range(2)))
    assert elapsed < LIMIT_SECONDS, (line, elapsed)
    if result is not None:
        assert len(result.text) <= MAX_OUTPUT
        assert list(result.rolls) == list(getattr(dice, "used", result.rolls))
        for part in result.parts:
            assert len(part.text) <= MAX_OUTPUT


class RecordingDice(RandomDice):
    """Random dice that remember what they rolled (as ScriptedDice does)."""

    def __init__(self, seed: int) -> None:
        super().__init__(random.Random(seed))
        self.used: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        face = super().roll(sides)
        self.used.append((sides, face))
        return face


@PROPERTY
@given(st.text(alphabet=ALPHABET, max_size=60), st.integers(0, 2**32))
def test_random_strings_only_raise_dice_errors(line: str, seed: int) -> None:
    _check(line, RecordingDice(seed))


@PROPERTY
@given(st.text(max_size=40), st.integers(0, 2**32))
def test_arbitrary_unicode_only_raises_dice_errors(line: str, seed: int) -> None:
    _check(line, RecordingDice(seed))


@st.composite
def mutated(draw) -> str:
    text = list(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "duplicate"]))
        pos = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(ALPHABET))
        if kind == "insert":
            text.insert(pos, char)
        elif text and kind == "delete":
            del text[min(pos, len(text) - 1)]
        elif text and kind == "replace":
            text[min(pos, len(text) - 1)] = char
        elif kind == "duplicate":
            text = text + text
    return "".join(text)


@PROPERTY
@given(mutated(), st.integers(0, 2**32))
def test_mutated_commands_only_raise_dice_errors(line: str, seed: int) -> None:
    _check(line, RecordingDice(seed))


@st.composite
def sum_expressions(draw, depth: int = 0) -> str:
    """Random sum-dice expressions (with at least one die)."""
    def operand(d: int) -> str:
        choice = draw(st.integers(0, 5 if d < 2 else 3))
        if choice <= 1:
            n, s = draw(st.integers(1, 6)), draw(st.sampled_from([2, 3, 4, 6, 8, 10, 20, 100]))
            keep = draw(st.sampled_from(["", "", "KH1", "KL2", "DH1", "DL1", "MAX", "MIN"]))
            return f"{n}D{s}{keep}"
        if choice <= 3:
            return str(draw(st.integers(0, 20)))
        if choice == 4:
            return "-" + operand(d + 1)
        return "(" + expr(d + 1) + ")"

    def expr(d: int) -> str:
        parts = [operand(d)]
        for _ in range(draw(st.integers(0, 3))):
            op = draw(st.sampled_from(["+", "-", "*", "/", "/", "+-", "--"]))
            suffix = draw(st.sampled_from(["", "U", "R", "C", "F"])) if op == "/" else ""
            parts.append(op + operand(d) + suffix)
        return "".join(parts)

    text = expr(depth)
    if "D" not in text:
        text += "+1D6"
    return text


_DIE_LIST = re.compile(r"\[(\d+(?:,\d+)*)\]")


def _faces_shown(result) -> list[int]:
    lists = _DIE_LIST.findall(result.text)
    if not lists:  # a lone 1D6 shows only its face: "(1D6) ＞ 5"
        return [int(result.text.rsplit(" ＞ ", 1)[-1])]
    return [int(f) for group in lists for f in group.split(",")]


@PROPERTY
@given(sum_expressions(), st.integers(0, 2**32))
def test_totals_in_range_and_dice_match_the_text(expr: str, seed: int) -> None:
    try:
        node = parse(expr)
    except DiceError as err:  # a constant 0 divisor is refused (tests/dice/test_faults.py)
        assert str(err) == "0で割るダイス式は振れません（ゼロ除算）"
        return
    assert isinstance(node, SumRoll), expr
    lo, hi = node.expr.bounds()
    dice = RecordingDice(seed)
    try:
        result = evaluate(expr, dice)
    except DiceError as err:  # a divisor rolled as 0 (``1D2/1D2DH1``) is refused too
        assert str(err) == "0で割るダイス式は振れません（ゼロ除算）"
        return
    assert lo <= result.total <= hi, (expr, result.text)
    assert sorted(_faces_shown(result)) == sorted(f for _s, f in dice.used)
    assert list(result.rolls) == dice.used
    assert len(result.rolls) == node.dice_count


@PROPERTY
@given(st.sampled_from(["2D6+1D4", "1D3-1D4", "2D3+1D4", "4D6", "1D6+2", "1D3+2D4", "1D8+1D4"]),
       st.lists(st.integers(1, 6), min_size=4, max_size=4))
def test_scripted_dice_see_exactly_the_dice_shown(expr: str, faces: list[int]) -> None:
    node = parse(expr)
    needed = node.dice_count
    sides = [s for term in re.findall(r"(\d+)D(\d+)", expr) for s in [int(term[1])] * int(term[0])]
    script = [min(f, s) for f, s in zip(faces * 2, sides)][:needed]
    dice = ScriptedDice(script)
    result = evaluate(expr, dice)
    assert dice.remaining == 0
    assert [f for _s, f in dice.used] == script
    assert sorted(_faces_shown(result)) == sorted(script)
    lo, hi = node.expr.bounds()
    assert lo <= result.total <= hi


@PROPERTY
@given(st.integers(-50, 200), st.integers(1, 100), st.booleans())
def test_check_total_is_the_face(target: int, face: int, five: bool) -> None:
    result = evaluate(f"CC{'B' if five else ''}<={target}", ScriptedDice([face]))
    assert result.total == face and result.rolls == ((100, face),)
    if target > 0:
        assert result.success != result.failure


WORST_CASES = [
    "x100 20D6", "x10 200D10000", "200D10000+200D10000+200D10000", "x100 CCB<=50",
    "(" * 20 + "1D6" + ")" * 20, "(" * 200 + "1D6" + ")" * 200, "1D6" + "+1D6" * 99,
    "C(" + "*".join(["99999"] * 50) + ")", "x100 choice[" + ",".join("abcdefghij" * 10) + "]",
    "9" * 300 + "D6", "x100 200B10000>=5000", "1" * 5000, "(" * 5000,
    "200D6KH100" + "/1D6R" * 40,
]


@pytest.mark.parametrize("line", WORST_CASES)
def test_worst_cases_are_fast(line: str) -> None:
    _check(line, RecordingDice(1))
