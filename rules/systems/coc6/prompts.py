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
    notes = []
    if ctx.get("covering"):
        notes.append("回数制限に含まれません")
    if ctx.get("covering") and "damage" in ctx:
        text = f"かばうは失敗し、{unit}も{ctx['damage']}ダメージ（1/2）を受けます。「防御」か〈受け流し〉を選べます"
    elif ctx.get("covering") and ctx.get("cancelled"):
        text = f"{unit}は{attacker}の{weapon}から味方をかばい、ダメージを打ち消しました。受け流しに成功すれば反撃できます"
        notes.append("反撃のダメージは1/2")
    elif ctx.get("covering"):
        text = f"{unit}は{attacker}の{weapon}から味方をかばいました。かばったダメージを受けます。「防御」か〈受け流し〉を選べます"
    elif ctx.get("covered"):
        text = f"かばうは失敗し、{unit}は{ctx.get('damage')}ダメージ（1/2）を受けます。「防御」か〈受け流し〉を選べます"
    else:
        text = f"{attacker}の{weapon}が{unit}に命中しました。対応を選んでください"
    focus = focus_of(state.coc_unit(unit)) if unit in state.units else None
    if focus:
        notes.append(f"「{focus}に集中」中")
    if ctx.get("factor", 1) > 1:
        notes.append(f"判定は1/{ctx['factor']}")
    text += (f"（{'、'.join(notes)}）" if notes else "") + "。"
    weapons = parry_choices(rules, state, pending)  # a hidden NPC's question goes to the KP alone
    if weapons:
        text += f"\n受け流しに使える武器: {'、'.join(weapons)}（/react action:受け流し weapon:武器名。省略すると{weapons[0]}）"
    return text


PARRY = "受け流し"
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
        for protector in cover.protectors(rules, state, p.unit):
            owner = state.units[protector].owner
            prompts.append(Prompt(  # an offer, not a question the battle waits on
                kind="cover", unit=protector, owner=owner, options=(cover.COVER,),
                text=f"{p.context.get('attacker')}の攻撃が{p.unit}に命中しました。{protector}は{p.unit}をかばえます"
                     f"（DEX×5。/react action:かばう target:{p.unit} でも選べます）。",
                key=f"c{p.id}-{protector}", about=p.unit))
    return prompts
