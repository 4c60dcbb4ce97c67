"""Every damage summary tells the HP change it reports (issue 10, "numbers the KP can trust").

Property-style: battles of every CoC 6 rule set are played with scripted faces drawn by
hypothesis — attacks (plain, firearms volleys, called shots, tackles, サルト), and every
answer the defender may choose (回避, 防御, 受け流し, 隠れる, なし, 反撃 …). Whatever the dice,
each ``AttackResolved`` / ``PendingClosed`` outcome that says 「XにNダメージ」 or 「計Nダメージ」
must give exactly the HP that X lost since the previous outcome (HpChanged events). A
charge-rank damage line says what the stamina lost when its floor of 0 cut the damage.
"""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.render.charge_rank import event_line as cr_line
from bot.render.log import lines
from rules.battle import commands as cmds
from rules.dice.core import DiceExhausted
from rules.errors import InvalidInput, RuleViolation
from rules.systems.charge_rank.events import DamageDealt
from rules.systems.coc6 import events as ce
from tests.rules.coc6_budo.conftest import KP, Table

SAID = re.compile(r"(?:^|[：、（。\s])([^\s：、（）。]+?)に(?:(\d+)発命中、計)?(\d+)ダメージ")


class Faces:
    """Dice reading scripted values ``v`` as the face ``v % sides + 1``, in order, cycling."""

    def __init__(self, values: list[int]) -> None:
        self.values = values or [0]
        self.next = 0
        self.rolled = 0

    def roll(self, sides: int) -> int:
        """The next scripted face on a die of ``sides``; gives up after 2,000 dice."""
        if self.rolled > 2000:
            raise DiceExhausted(sides)
        value = self.values[self.next % len(self.values)]
        self.next += 1
        self.rolled += 1
        return value % sides + 1


def said_totals(outcome: str) -> list[tuple[str, int]]:
    """``[(unit, N)]`` for every 「unitにNダメージ」 / 「unitにk発命中、計Nダメージ」 of an outcome."""
    return [(m.group(1), int(m.group(3))) for m in SAID.finditer(outcome)]


def check_totals(log: list) -> int:
    """Assert every summary total equals the HP its unit lost since the previous outcome;
    returns how many totals were checked."""
    lost: dict[str, int] = {}
    checked = 0
    for e in log:
        if isinstance(e, ce.HpChanged):
            lost[e.unit] = lost.get(e.unit, 0) + max(0, e.before - e.after)
        elif isinstance(e, (ce.AttackResolved, ce.PendingClosed)):
            for unit, amount in said_totals(e.outcome):
                assert amount == lost.get(unit, 0), (e.outcome, lost, log)
                checked += 1
            lost = {}
    return checked


def _sheets(t: Table, armor: int, system: str):
    budo = {"武道（空手）": 80, "武道（柔道）": 80} if system == "coc6-budo" else {}
    t.join("pc", t.sheet("アキ", DEX=15, STR=14, SIZ=14, CON=12, armor=0,
                         skills={"こぶし（パンチ）": 80, "ナイフ": 80, "拳銃": 80, "サブマシンガン": 80,
                                 "回避": 60, "組み付き": 80, **budo},
                         weapons=[t.weapon("ナイフ"), t.weapon("サブマシンガン"), t.weapon("拳銃")]))
    t.npc(t.sheet("鎧", DEX=10, STR=12, SIZ=12, CON=12, armor=armor,
                  skills={"こぶし（パンチ）": 60, "回避": 50, "ナイフ": 60, "隠れる": 50, "組み付き": 50},
                  weapons=[t.weapon("ナイフ", hp=15), t.weapon("バット", hp=20)]))


ATTACKS = {
    "coc6-house": [{"weapon": "ナイフ"}, {"weapon": "こぶし（パンチ）"}, {"weapon": "拳銃"},
                   {"weapon": "サブマシンガン", "mode": "セミオート"},
                   {"weapon": "サブマシンガン", "mode": "フルオート", "shots": 5}],
    "coc6": [{"weapon": "ナイフ"}, {"weapon": "こぶし（パンチ）"}, {"weapon": "拳銃"}],
    "coc6-budo": [{"weapon": "ナイフ"}, {"weapon": "こぶし（パンチ）", "aim": "急所"},
                  {"weapon": "ナイフ", "aim": "腕"}, {"weapon": "ナイフ", "aim": "足"},
                  {"weapon": "ナイフ", "aim": "武器"}, {"weapon": "こぶし（パンチ）", "special": "タックル"},
                  {"weapon": "組み付き"}, {"weapon": "こぶし（パンチ）", "special": "サルト"},
                  {"weapon": "こぶし（パンチ）", "special": "ラッシュ"}],
}


def _answer(t: Table, pick: int) -> None:
    """Answer the first pending question with the option number ``pick`` (mod the count),
    trying the next options when one is refused."""
    pending = t.state.pending[0]
    options = list(pending.options)
    unit = t.unit(pending.unit)
    for k in range(len(options)):
        action = options[(pick + k) % len(options)]
        extra = {"object": "1"} if action == "吹き飛ばし" else {}
        try:
            t.run(unit.owner or KP, cmds.React, (), action=action,
                  as_unit=None if unit.owner else unit.id, **extra)
            return
        except (RuleViolation, InvalidInput):
            continue
    raise AssertionError(f"no option of {options} was accepted")


def play(system: str, armor: int, values: list[int], plan: list[tuple[int, int]]) -> list:
    """A battle of ``system`` where アキ attacks 鎧 (armour ``armor``) with the attacks of
    ``plan`` (attack index, answer index), answering every question; returns the log."""
    t = Table.open(system, shock=True)
    _sheets(t, armor, system)
    t.start()
    faces = Faces(values)
    t.run = _running(t, faces)  # type: ignore[method-assign]
    for attack, pick in plan:
        if t.unit("鎧").out_of_action or t.unit("アキ").out_of_action:
            break
        while t.state.pending:
            _answer(t, pick)
        if t.state.turn != "アキ":
            try:
                t.end_turns_until("アキ")
            except (RuleViolation, InvalidInput):
                break
        options = ATTACKS[system][attack % len(ATTACKS[system])]
        try:
            t.run("pc", cmds.Attack, (), target="鎧", **options)
        except (RuleViolation, InvalidInput):
            t.run("pc", cmds.EndTurn)
            continue
        for _ in range(12):
            if not t.state.pending:
                break
            _answer(t, pick)
        if t.state.turn == "アキ" and not t.state.pending:
            t.run("pc", cmds.EndTurn)
    return t.log


def _running(t: Table, faces: Faces):
    """``Table.run`` rolling ``faces`` (scripted values) instead of a fixed list."""
    def run(issuer, command, dice=(), **options):
        events = t.system.decide(t.state, command(issuer=issuer, **options), faces)
        for event in events:
            t.system.evolve(t.state, event)
        t.log.extend(events)
        return events
    return run


@pytest.mark.rule("H-DEF-06", "H-DEF-07", "B-CALL-VITAL-02", "B-CALL-ARM-01", "B-TACKLE-08")
@pytest.mark.parametrize("system", ["coc6-house", "coc6", "coc6-budo"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(armor=st.integers(0, 3),
       values=st.lists(st.integers(0, 9999), min_size=1, max_size=60),
       plan=st.lists(st.tuples(st.integers(0, 20), st.integers(0, 5)), min_size=1, max_size=6))
def test_every_summary_total_is_the_hp_change(system, armor, values, plan):
    try:
        log = play(system, armor, values, plan)
    except DiceExhausted:
        return
    check_totals(log)


def test_the_summaries_checked_are_the_ones_players_read():
    """The check parses the wordings the rules write (so the property above can fail)."""
    assert said_totals("鎧に3ダメージ（1D3+1D4 ＞ 5 − 装甲2 ＝ 3）") == [("鎧", 3)]
    assert said_totals("鎧に3発命中、計7ダメージ（3、4）") == [("鎧", 7)]
    assert said_totals("かばうファンブル（防御行動不可）：アキに2ダメージ、鎧に0ダメージ（2 − 装甲2 ＝ 0）") \
        == [("アキ", 2), ("鎧", 0)]
    with pytest.raises(AssertionError):
        check_totals([ce.HpChanged(unit="鎧", before=16, after=10),
                      ce.AttackResolved(attack=1, outcome="鎧に3発命中、計7ダメージ")])


@pytest.mark.rule("H-DEF-06")
def test_armour_that_stops_the_blow_reads_zero_and_the_arithmetic():
    """「→ 鎧に2ダメージ」 with HP unchanged was the bug: armour 2 stops a 2."""
    t = Table.open("coc6-house", shock=False)
    _sheets(t, 2, "coc6-house")
    t.start()
    t.end_turns_until("アキ")
    t.run("pc", cmds.Attack, [30], target="鎧", weapon="ナイフ")  # a success, not a special (X-IMPALE-01)
    events = t.run(KP, cmds.React, [1, 1], action="なし", as_unit="鎧")  # ナイフ 1D4 + db 1D4 → 2
    resolved = next(e for e in events if isinstance(e, ce.AttackResolved))
    assert t.hp("鎧") == 12
    assert resolved.outcome == "鎧に0ダメージ（1D4+1D4 ＞ 2 − 装甲2 ＝ 0）"


@pytest.mark.rule("H-FIRE-05", "H-DEF-06")
def test_a_volley_total_is_after_the_armour_of_each_bullet():
    """「計7ダメージ」 with HP 16 → 10 was the bug: armour against each bullet."""
    t = Table.open("coc6-house", shock=False)
    _sheets(t, 1, "coc6-house")
    t.start()
    t.end_turns_until("アキ")
    events = t.run("pc", cmds.Attack, [30, 20, 90, 3, 4], target="鎧", weapon="サブマシンガン", mode="セミオート")
    if t.state.pending:
        events = t.run(KP, cmds.React, [], action="なし", as_unit="鎧")
    resolved = next(e for e in events if isinstance(e, ce.AttackResolved))
    assert t.hp("鎧") == 12 - 2 - 3
    assert resolved.outcome == "鎧に2発命中、計5ダメージ（3 − 装甲1 ＝ 2、4 − 装甲1 ＝ 3）"


def _budo_called_shot(armor: int, aim: str, dice: list[int]) -> tuple[Table, str]:
    """アキ's knife hits 鎧 (armour ``armor``) at ``aim``; 鎧 answers なし with ``dice``.
    Returns the table and the attack's outcome."""
    t = Table.open("coc6-budo", shock=False)
    _sheets(t, armor, "coc6-budo")
    t.start()
    t.end_turns_until("アキ")
    t.run("pc", cmds.Attack, [20], target="鎧", weapon="ナイフ", aim=aim)
    events = t.run(KP, cmds.React, dice, action="なし", as_unit="鎧")
    return t, next(e for e in events if isinstance(e, ce.AttackResolved)).outcome


@pytest.mark.rule("B-CALL-VITAL-02")
def test_a_vital_shot_says_the_doubled_damage_it_dealt():
    """The summary of a 急所 hit is (damage − armour) × 2, as the HP change."""
    t, outcome = _budo_called_shot(1, "急所", [3, 2, 2, 99, 10])
    assert t.hp("鎧") == 12 - 8
    assert outcome == "鎧に8ダメージ（（1D4+1D4 ＞ 5 − 装甲1） × 2 ＝ 8）"


@pytest.mark.rule("B-CALL-WPN-01")
def test_a_weapon_shot_says_the_wielder_lost_nothing():
    """「鎧に5ダメージ」 for a blow the weapon took was the bug: the wielder's HP is unchanged."""
    t, outcome = _budo_called_shot(0, "武器", [3, 2, 99])
    assert t.hp("鎧") == 12
    assert outcome == "鎧に0ダメージ（1D4+1D4 ＞ 5はナイフが受けた、B-CALL-WPN-01）"


def test_a_hidden_defenders_armour_stays_out_of_the_players_log():
    """The arithmetic names the armour; for a hidden NPC the players' line keeps it private."""
    closing = [ce.AttackResolved(attack=1, outcome="鎧に3ダメージ（1D4+1D4 ＞ 5 − 装甲2 ＝ 3）"),
               ce.PendingClosed(attack=1, unit="鎧", outcome="防御成功：鎧に0ダメージ（2 − 防御（1D2）1 − 装甲2 ＝ 0）")]
    assert lines(closing, None, reveal=False, hidden={"鎧": 12}) == ["→ 鎧への攻撃の処理が終わった（数値はKPのみ）"] * 2
    assert lines(closing, None, reveal=True, hidden={"鎧": 12})[0] == "→ 鎧に3ダメージ（1D4+1D4 ＞ 5 − 装甲2 ＝ 3）"


@pytest.mark.rule("C-DMG-04")
def test_a_charge_rank_blow_beyond_the_stamina_left_says_what_was_lost():
    """「10ダメージ」 with stamina 8 → 0 reads what the stamina lost."""
    hit = DamageDealt(unit="B", amount=10, before=8, after=0, formula="3 × 4 − 2 = 10")
    assert cr_line(hit) == "💥 Bに10ダメージ（3 × 4 − 2 = 10） スタミナ 8 → 0（減ったのは8：スタミナは0未満にならない、C-DMG-04）"
    whole = DamageDealt(unit="B", amount=5, before=8, after=3, formula="3 × 2 − 1 = 5")
    assert cr_line(whole) == "💥 Bに5ダメージ（3 × 2 − 1 = 5） スタミナ 8 → 3"
