"""``/kp override`` on a 7th-edition check (rules/systems/coc7/override.py, H-GEN-01): the
result words and the tens and units dice that keep the roll whatever the bonus dice."""
from __future__ import annotations

import pytest

from rules.coc7.check import Level7
from rules.errors import InvalidInput
from rules.systems.coc7 import override
from rules.systems.coc7.events import Check7Rolled


def rolled(target: int, faces: list) -> Check7Rolled:
    return Check7Rolled(unit="アリス", purpose="攻撃", target=target, roll=0, level="", text="", faces=faces)


@pytest.mark.rule("7-LEVEL-01")
@pytest.mark.parametrize("word, target, roll", [
    ("クリティカル", 60, 1), ("イクストリーム", 60, 12), ("ハード成功", 60, 30), ("成功", 60, 60),
    ("失敗", 60, 61), ("ファンブル", 60, 100), ("ファンブル", 40, 96)])
def test_each_word_gives_its_roll(word, target, roll):
    assert override.roll_for(override.parse(word), target) == roll


@pytest.mark.rule("7-DICE-02")
def test_every_tens_die_shows_the_tens_so_bonus_or_penalty_dice_keep_it():
    faces, roll = override.faces(rolled(60, [[10, 9], [10, 2], [10, 5]]), Level7.HARD)
    assert (faces, roll) == ([[10, 3], [10, 3], [10, 10]], 30)
    assert override.faces(rolled(60, [[10, 4], [10, 5]]), 100) == ([[10, 10], [10, 10]], 100)
    assert override.faces(rolled(60, [[10, 4], [10, 5]]), 7) == ([[10, 10], [10, 7]], 7)


def test_a_6th_word_is_refused_with_the_7th_ones():
    with pytest.raises(InvalidInput, match="クリティカル、イクストリーム、ハード"):
        override.parse("スペシャル")
