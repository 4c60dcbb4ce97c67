"""〈武道〉 styles from the spellings sheets use, the KP's re-mapping (H-MA-01..03,
H-MA-GRAP-01, H-MA-STRIKE-01, H-MA-WPN-01), the ×2 damage (X-DBL-01) and the grappling
style's doubling of 〈組み付き〉〈頭突き〉."""
from __future__ import annotations

import pytest

from rules.coc6.character import Character, canonical_skill
from rules.coc6.weapons import ParryClass, make_weapon
from rules.systems.coc6 import events as ce
from rules.systems.coc6.budo import (GRAPPLING, KYUDO, STRIKING, WEAPON, designated_classes, for_weapon,
                                     multiply_damage, style_of)


@pytest.mark.rule("H-MA-01", "H-MA-GRAP-01", "H-MA-STRIKE-01", "H-MA-WPN-01")
@pytest.mark.parametrize("spelling, style", [
    ("武道（柔道）", GRAPPLING), ("武道(合気道)", GRAPPLING), ("武道：柔術", GRAPPLING), ("武道:レスリング", GRAPPLING),
    ("武道（空手）", STRIKING), ("武道(ボクシング)", STRIKING), ("武道：ムエタイ", STRIKING), ("武道（テコンドー）", STRIKING),
    ("武道（剣道）", WEAPON), ("武道（居合）", WEAPON), ("武道（槍術）", WEAPON), ("武道（薙刀）", WEAPON),
    ("武道（弓道）", KYUDO), ("武道：組み技系", GRAPPLING), ("武道（立ち技系）", STRIKING), ("武道（刀剣）", WEAPON),
])
def test_sheet_spellings_map_to_their_style(spelling, style):
    assert style_of(canonical_skill(spelling)) == style


@pytest.mark.rule("H-MA-03")
def test_the_kp_may_set_an_arts_style_and_unknown_arts_have_none():
    assert style_of("武道（柔道）", {"budo_styles": "柔道=立ち技系, 空手=組み技系"}) == STRIKING
    assert style_of("武道（空手）", {"budo_styles": "柔道=立ち技系, 空手=組み技系"}) == GRAPPLING
    assert style_of("武道（カポエイラ）") is None
    assert style_of("武道（カポエイラ）", {"budo_styles": "カポエイラ=立ち技系"}) == STRIKING


@pytest.mark.rule("H-MA-WPN-01")
def test_designated_weapon_classes():
    assert designated_classes("武道（剣道）") == (ParryClass.SWORD,)
    assert designated_classes("武道（薙刀）") == (ParryClass.SPEAR,)
    assert designated_classes("武道（指定武器：ナイフ）") == (ParryClass.KNIFE,)


@pytest.mark.rule("H-MA-GRAP-01", "H-MA-STRIKE-01")
def test_which_attacks_each_style_combines_with():
    judo = Character("ハナ", {"DEX": 10}, skills={"武道（柔道）": 60})
    karate = Character("アキ", {"DEX": 10}, skills={"武道（空手）": 60})
    fist, grab, head = (make_weapon(n) for n in ("こぶし", "組み付き", "頭突き"))
    assert [for_weapon(judo, w) is not None for w in (fist, grab, head)] == [False, True, True]
    assert [for_weapon(karate, w) is not None for w in (fist, grab, head)] == [True, False, True]


@pytest.mark.rule("X-DBL-01")
@pytest.mark.parametrize("expr, times, doubled", [
    ("1D3", 2, "2D3"), ("1D4+2", 2, "2D4+4"), ("1D6", 4, "4D6"), ("2D6-1", 2, "4D6-2"),
    ("1D10+1D4", 2, "2D10+2D4"),
])
def test_dice_twice_and_fixed_part_doubled(expr, times, doubled):
    assert multiply_damage(expr, times) == doubled


@pytest.mark.rule("H-MA-GRAP-01", "X-DBL-01", "H-MA-GRAP-02")
def test_grappling_style_doubles_the_head_butt_with_db_once(table_of):
    table = table_of("coc6-house", shock=False)
    table.join("hana", table.sheet("ハナ", DEX=15, STR=16, SIZ=16, skills={"武道（柔道）": 60, "頭突き": 60}))
    table.npc(table.sheet("信者", DEX=10, CON=14, SIZ=14))
    table.start()
    table.attack("ハナ", "信者", [50], weapon="頭突き")
    events = table.react("信者", "なし", [1, 2, 3])
    assert [(e.expr, e.total) for e in events if isinstance(e, ce.DamageRolled)] == [("2D4+1D4", 6)]
