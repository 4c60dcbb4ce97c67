"""Characters: HP, damage bonus, base skills, weapons (X-HP-01, X-DB-01, X-SKILL-01, X-WPN-01)."""
import pytest

from rules.coc6.character import Character, canonical_skill
from rules.coc6.damage_bonus import damage_bonus
from rules.coc6.weapons import ParryClass, make_weapon


def make(**stats):
    base = {k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")}
    base.update(stats)
    return Character("テスト", base)


@pytest.mark.rule("X-HP-01")
@pytest.mark.parametrize("con,siz,hp", [(13, 13, 13), (16, 14, 15), (12, 16, 14), (11, 12, 12), (3, 8, 6)])
def test_hp_is_half_of_con_plus_siz_rounded_up(con, siz, hp):
    assert make(CON=con, SIZ=siz).hp_max == hp


@pytest.mark.rule("X-DB-01")
@pytest.mark.parametrize("total,db", [
    (2, "-1D6"), (12, "-1D6"), (13, "-1D4"), (16, "-1D4"), (17, ""), (24, ""), (25, "+1D4"), (32, "+1D4"),
    (33, "+1D6"), (40, "+1D6"), (41, "+2D6"), (56, "+2D6"), (57, "+3D6"), (72, "+3D6"), (73, "+4D6"),
    (88, "+4D6"), (89, "+5D6"),
])
def test_damage_bonus_table_boundaries(total, db):
    assert damage_bonus(total - total // 2, total // 2) == db


@pytest.mark.rule("X-SKILL-01")
def test_base_values_of_combat_skills():
    c = make(DEX=14)
    assert [c.skill(s) for s in ("回避", "こぶし", "キック", "組み付き", "頭突き", "マーシャルアーツ",
                                 "投擲", "拳銃", "ショットガン", "ライフル", "サブマシンガン", "マシンガン")] == \
        [28, 50, 25, 25, 10, 1, 25, 20, 30, 25, 15, 15]
    assert c.with_skill("こぶし（パンチ）", 70).skill("こぶし") == 70
    assert c.skill("CON×5") == 50


def test_budo_spellings_fold_to_one_skill():
    assert {canonical_skill(s) for s in ("武道（柔道）", "武道(柔道)", "武道：柔道", "武道:柔道")} == {"武道（柔道）"}


@pytest.mark.rule("X-WPN-01")
@pytest.mark.parametrize("name,hp,cls", [
    ("騎兵用サーベル", 20, ParryClass.SWORD), ("火かき棒", 20, ParryClass.CLUB), ("警棒", 15, ParryClass.CLUB),
    ("レイピア", 15, ParryClass.SWORD), ("ファイティングナイフ", 15, ParryClass.KNIFE), ("手斧", 12, ParryClass.CLUB),
    ("肉切り包丁", 12, ParryClass.KNIFE), ("小型ナイフ", 9, ParryClass.KNIFE), ("ブラックジャック", 4, ParryClass.CLUB),
])
def test_builtin_weapon_hp(name, hp, cls):
    weapon = make_weapon(name)
    assert (weapon.hp, weapon.parry_class) == (hp, cls)


def test_unknown_weapon_is_a_melee_weapon_and_firearms_add_no_db():
    assert make_weapon("謎の棒").parry_class is ParryClass.CLUB
    assert make_weapon("12ゲージショットガン").add_db == "none"
    assert make_weapon("バット", skill_value=60, damage="1D8", hp=20).skill_value == 60


def test_every_character_has_the_unarmed_attacks():
    names = [w.name for w in make().all_weapons]
    assert names == ["こぶし", "キック", "組み付き", "頭突き"]
