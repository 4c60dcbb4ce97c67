"""The reaction prompts of a CoC 6 battle: what each unit is asked about a hit, in Japanese,
with only the answers legal now (the defender's question, its follow-ups, and a かばう
offer to every ally who may protect the attacked unit, H-DEF-COVER-01..04)."""
from __future__ import annotations

from rules.battle.protocol import Prompt
from rules.battle.state import Pending
from rules.coc6.weapons import Weapon
from rules.systems.coc6 import cover
from rules.systems.coc6.concentrate import focus_of
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.options import BLOCK
from rules.systems.coc6.parrying import parry_weapons
from rules.systems.coc6.state import CocState

FOLLOW_UP_TEXT = {
    "dodge_critical": "回避が決定的成功！ {unit}は「反撃」（通常の攻撃ロール、ダメージ+1D4）か「継続回避」（このラウンドもう1度回避できる）を選んでください。",
}


def prompt_key(pending: Pending) -> str:
    """A key unique to this question (a follow-up about the same attack is a new question)."""
    step = "f" if pending.context.get("followup") else ("c" if pending.context.get("covering") or pending.context.get("covered") else "")
    return f"a{pending.id}{step}-{pending.unit}"


def parry_choices(rules: CocRules, state: CocState, pending: Pending) -> list[str]:
    """The names of the weapons that can parry the attack of ``pending`` now (the select
    menu of a parry): the context's ``parry_weapons`` when the question carries them,
    else worked out from the state."""
    if PARRY not in pending.options:
        return []
    names = pending.context.get("parry_weapons")
    if names:
        return list(names)
    unit = state.coc_unit(pending.unit)
    attack = Weapon.from_dict(pending.context["weapon"])
    return [w.name for w in parry_weapons(rules, state, unit, attack, bool(pending.context.get("substitute")))]


def prompt_text(rules: CocRules, state: CocState, pending: Pending) -> str:
    """The question in Japanese, naming the legal parrying weapons when 受け流し is offered."""
    ctx = pending.context
    unit, attacker = pending.unit, ctx.get("attacker")
    weapon = (ctx.get("weapon") or {}).get("name", "攻撃")
    followup = ctx.get("followup")
    if followup in FOLLOW_UP_TEXT:
        return FOLLOW_UP_TEXT[followup].format(unit=unit)
    if ctx.get("prompt"):  # a special's own question (タックル, フェイント: issue 5)
        return ctx["prompt"]
    if followup == "counter":
        bonus = "ダメージ1/2" if ctx.get("counter_half") else f"ダメージ{ctx.get('counter_extra', '')}"
        return f"{unit}は{attacker}に反撃できます（通常の攻撃ロール、{bonus}）。「反撃」か「なし」を選んでください。"
    notes: list[str] = []
    if ctx.get("covering") or ctx.get("covered"):
        text = cover_text(ctx, unit, attacker, weapon, pending.options, notes)
    else:
        text = f"{attacker}の{weapon}が{unit}に命中しました。対応を選んでください"
    focus = focus_of(state.coc_unit(unit)) if unit in state.units else None
    if focus:
        notes.append(f"「{focus}に集中」中")
    if ctx.get("factor", 1) > 1 and len(pending.options) > 1:  # no check left to halve otherwise
        notes.append(f"判定は1/{ctx['factor']}")
    text += (f"（{'、'.join(notes)}）" if notes else "") + "。"
    weapons = parry_choices(rules, state, pending)  # a hidden NPC's question goes to the KP alone
    if weapons:
        text += f"\n受け流しに使える武器: {'、'.join(weapons)}（/react action:受け流し weapon:武器名。省略すると{weapons[0]}）"
    return text


def defence_choice(options, firearm: bool) -> str:
    """What the かばう follow-up offers, from the question's ``options``: 「防御」 and/or
    〈受け流し〉 (H-DEF-COVER-07/11), or neither (a firearm cannot be blocked, H-DEF-BLOCK-03,
    and only a point-blank shot can be parried, H-FIRE-PB-03)."""
    offered = [label for action, label in ((BLOCK, "「防御」"), (PARRY, "〈受け流し〉")) if action in options]
    if offered:
        return "か".join(offered) + "を選べます"
    return "「防御」も〈受け流し〉もできません" + ("（銃器：H-DEF-BLOCK-03、H-FIRE-PB-03）" if firearm else "")


def cover_text(ctx: dict, unit: str, attacker: str | None, weapon: str, options, notes: list[str]) -> str:
    """The follow-up question after a かばう (H-DEF-COVER-06/07, -10/11, -12) for ``unit``,
    the protector (``covering``) or the protected ally (``covered``); adds to ``notes``.

    A failure is told by the context's ``cover_failed`` (each takes ``damage`` HP, ½ rounded
    up), never by ``damage`` alone: a firearm's damage is rolled before anyone answers."""
    firearm = Weapon.from_dict(ctx["weapon"]).is_firearm if ctx.get("weapon") else False
    choice = defence_choice(options, firearm)
    if ctx.get("covering") and (ctx.get("cancelled") or len(options) > 1):
        notes.append("回数制限に含まれません")
    if ctx.get("covering") and ctx.get("cancelled"):
        notes.append("反撃のダメージは1/2")
        return f"{unit}は{attacker}の{weapon}から味方をかばい、ダメージを打ち消しました。受け流しに成功すれば反撃できます"
    if ctx.get("covered") or ctx.get("cover_failed"):
        also = "も" if ctx.get("covering") else "は"
        return f"かばうは失敗し、{unit}{also}{ctx.get('damage')}ダメージ（1/2）を受けます。{choice}"
    amount = f"（{ctx['damage']}）" if "damage" in ctx else ""
    return f"{unit}は{attacker}の{weapon}から味方をかばいました。かばったダメージ{amount}を受けます。{choice}"


PARRY = "受け流し"
RUSH = "ラッシュ"
"""The attacker's offer on a hit that may become a rush (H-MA-RUSH-03, B-RUSH-01)."""
RUSH_MOMENT = {"H": "H-MA-RUSH-03", "B": "ダメージロールの前まで、B-RUSH-01"}
"""Until when the offer holds, by rule set: the moment of the hit (000), or until the damage
is rolled after a 武道 success (002)."""
PARRY_WITH = PARRY + "："
"""An answer ``受け流し：<weapon>``: parry with that weapon (one button per legal weapon)."""


def weapon_options(rules: CocRules, state: CocState, pending: Pending) -> tuple[str, ...]:
    """The question's options, with 受け流し split into ``受け流し：<weapon>`` for each
    weapon that can parry this attack when there is more than one to choose from."""
    weapons = parry_choices(rules, state, pending) if PARRY in pending.options else []
    if len(weapons) < 2:
        return tuple(pending.options)
    options: list[str] = []
    for option in pending.options:
        if option == PARRY:
            options.extend(PARRY_WITH + w for w in weapons)
        else:
            options.append(option)
    return tuple(options)


def reaction_prompts(rules: CocRules, state: CocState) -> list[Prompt]:
    """Every open question as a prompt, each followed by the かばう offers for its unit."""
    prompts = []
    for p in state.pending:
        unit = state.units.get(p.unit)
        prompts.append(Prompt(kind="reaction", unit=p.unit, owner=unit.owner if unit else None,
                              options=weapon_options(rules, state, p), text=prompt_text(rules, state, p),
                              key=prompt_key(p)))
        attacker = p.context.get("attacker")
        if not attacker or attacker == p.unit:  # a unit's own choice (the tackler's), not a blow to take
            continue
        if p.context.get("rush_offer") and p.context.get("budo") and attacker in state.units:
            prompts.append(Prompt(  # an offer to the attacker when its blow hits (H-MA-RUSH-03, B-RUSH-01)
                kind="rush", unit=attacker, owner=state.units[attacker].owner, options=(RUSH,),
                text=f"{attacker}の攻撃が{p.unit}に命中しました。いまならラッシュを宣言できます"
                     f"（「ラッシュ！」か /attack special:ラッシュ、{RUSH_MOMENT.get(rules.rule_set, '')}）。",
                key=f"r{p.id}-{attacker}", about=p.unit))
        for protector in cover.protectors(rules, state, p.unit):
            owner = state.units[protector].owner
            prompts.append(Prompt(  # an offer, not a question the battle waits on
                kind="cover", unit=protector, owner=owner, options=(cover.COVER,),
                text=f"{p.context.get('attacker')}の攻撃が{p.unit}に命中しました。{protector}は{p.unit}をかばえます"
                     f"（DEX×5。/react action:かばう target:{p.unit} でも選べます）。",
                key=f"c{p.id}-{protector}", about=p.unit))
    return prompts
