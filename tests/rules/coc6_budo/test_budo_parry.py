"""武道受け流し (B-PARRY-01..03), the shared escalating penalty, the system's registration
(B-GEN-01) and the 60% threshold of the specials (B-SPEC-01)."""
from __future__ import annotations

import pytest

from rules.battle import commands as cmds
from rules.systems import get_system
from rules.systems.coc6 import events as ce

from tests.rules.coc6_budo.conftest import KP


def _crowd(budo_table, defender: dict | None = None, weapons=()):
    """Three attackers (DEX 15, 14, 13) against 信者 (DEX 12, 武道（柔道）65, こぶし 50)."""
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"こぶし": 60}, weapons=weapons))
    t.join("ben", t.sheet("ベン", DEX=14, skills={"こぶし": 60}, weapons=weapons))
    t.join("kai", t.sheet("カイ", DEX=13, skills={"こぶし": 60}, weapons=weapons))
    t.npc(t.sheet("信者", DEX=12, skills=defender or {"武道（柔道）": 65, "こぶし": 50}))
    t.start()
    return t


def _checks(events):
    return [(e.target, e.roll, e.level) for e in events if isinstance(e, ce.CheckRolled)]


@pytest.mark.rule("B-GEN-01")
def test_the_budo_rules_are_their_own_system():
    system = get_system("coc6-budo")
    assert (system.name, system.title, system.rules.rule_set) == ("coc6-budo", "CoC6 武道ルール", "B")
    assert system.settings()["parry_step"] == 20
    assert get_system("coc6-house").rules.repeat_defense is False


@pytest.mark.rule("B-PARRY-01", "B-PARRY-03")
def test_budo_parry_rolls_budo_instead_of_the_combat_skill_and_cancels_everything(budo_table):
    t = _crowd(budo_table)
    t.attack("アキラ", "信者", [40])
    assert t.options("信者") == ["回避", "受け流し", "武道", "カウンター", "回避カウンター", "なし"]
    events = t.react("信者", "武道", [60])
    assert _checks(events) == [(65, 60, "成功")]  # 〈武道（柔道）〉65, not 〈こぶし〉50
    assert not t.events_of(ce.DamageRolled) and t.hp("信者") == 10
    assert t.unit("信者").used == {"受け流し": 1}


@pytest.mark.rule("B-PARRY-03")
def test_budo_parry_stops_a_melee_weapon_but_not_a_missile(budo_table):
    t = budo_table()
    t.join("aki", t.sheet("アキラ", DEX=15, skills={"ナイフ": 60, "拳銃": 60},
                          weapons=[t.weapon("ナイフ"), t.weapon("拳銃")]))
    t.npc(t.sheet("信者", DEX=12, skills={"武道（柔道）": 65}))
    t.start()
    t.attack("アキラ", "信者", [40], weapon="ナイフ")
    t.react("信者", "武道", [30])
    assert t.hp("信者") == 10 and not t.events_of(ce.DamageRolled)
    t.run("aki", cmds.EndTurn)
    t.run(KP, cmds.EndTurn, as_unit="信者")
    t.attack("アキラ", "信者", [40], weapon="拳銃")
    assert "武道" not in t.options("信者")
    t.refused("B-PARRY-03", KP, cmds.React, action="武道", as_unit="信者")


@pytest.mark.rule("B-PARRY-02")
def test_parries_share_one_escalating_penalty_and_dodges_keep_their_own(budo_table):
    t = _crowd(budo_table)
    t.attack("アキラ", "信者", [40])
    assert _checks(t.react("信者", "武道", [60])) == [(65, 60, "成功")]
    t.run("aki", cmds.EndTurn)
    t.attack("ベン", "信者", [40])
    assert _checks(t.react("信者", "受け流し", [31, 1])) == [(30, 31, "失敗")]  # こぶし 50 − 20
    assert t.hp("信者") == 9
    t.run("ben", cmds.EndTurn)
    t.attack("カイ", "信者", [40])
    assert _checks(t.react("信者", "回避", [24])) == [(24, 24, "成功")]  # first dodge: DEX×2, no step
    assert t.unit("信者").used == {"受け流し": 2, "回避": 1}
    t.run("kai", cmds.EndTurn)
    t.run(KP, cmds.EndTurn, as_unit="信者")
    assert t.state.round == 2 and t.unit("信者").used == {}


@pytest.mark.rule("B-PARRY-02")
def test_the_kp_sets_the_penalty_step(budo_table):
    t = _crowd(budo_table)
    t.state.settings["parry_step"] = 10
    t.attack("アキラ", "信者", [40])
    t.react("信者", "武道", [60])
    t.run("aki", cmds.EndTurn)
    t.attack("ベン", "信者", [40])
    assert _checks(t.react("信者", "武道", [55])) == [(55, 55, "成功")]


@pytest.mark.rule("B-SPEC-01")
def test_special_actions_need_budo_60(budo_table):
    t = _crowd(budo_table, defender={"武道（柔道）": 59})
    t.attack("アキラ", "信者", [40])
    assert t.options("信者") == ["回避", "受け流し", "武道", "なし"]
    t.refused("B-SPEC-01", KP, cmds.React, action="カウンター", as_unit="信者")
    t.react("信者", "なし", [2])
    t.run("aki", cmds.EndTurn)
    t.run("ben", cmds.EndTurn)
    t.run("kai", cmds.EndTurn)
    weak = t.unit("信者")
    assert weak.character.skill("武道（柔道）") == 59
    t.refused("B-SPEC-01", KP, cmds.Attack, target="アキラ", special="タックル", as_unit="信者")


@pytest.mark.rule("B-PARRY-02", "B-COUNTER-01")
def test_the_prompt_explains_the_answers_and_the_penalty_now(budo_table):
    t = _crowd(budo_table)
    t.attack("アキラ", "信者", [40])
    t.react("信者", "武道", [60])
    t.run("aki", cmds.EndTurn)
    t.attack("ベン", "信者", [40])
    prompt = next(p for p in t.system.view(t.state).prompts if p.unit == "信者")
    assert {"武道", "カウンター", "回避カウンター"} <= set(prompt.options)
    assert prompt.text.endswith("武道＝武道受け流し／カウンター＝武道受け流し＋カウンター（2回振る）／"
                                "回避カウンター＝回避＋カウンター（2回振る）／受け流し・武道受け流しは−20%（このラウンド1回受け流し済み）")
