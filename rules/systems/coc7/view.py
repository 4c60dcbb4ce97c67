"""What a 7th-edition battle shows: status rows (HP, DEX, conditions, weapons with their
rounds left, what the KP needs to rule) and the prompts open now (the defender's answer to a
melee attack, then the turn)."""
from __future__ import annotations

from rules.battle.protocol import BattleView, Prompt, UnitRow
from rules.battle.state import Pending
from rules.coc7.weapons import Weapon7
from rules.systems.coc7.maneuver import EFFECTS
from rules.systems.coc7.melee import outnumbered
from rules.systems.coc7.state import Coc7State, Coc7Unit
from rules.systems.coc7.turns import READIED_BONUS, readied


def _weapon_row(unit: Coc7Unit, weapon: Weapon7) -> dict:
    arm = unit.arms.get(weapon.name)
    kinds = tuple(k for k in (weapon.skill.split("（")[-1].rstrip("）") if "（" in weapon.skill else "",
                              "銃" if weapon.is_firearm else "") if k)
    row = {"name": weapon.name, "hp": None, "broken": False, "kinds": kinds,
           "unarmed": weapon.name == "こぶし",
           "cannot_fire": bool(arm and arm.jammed), "dropped": bool(arm and arm.dropped)}
    if arm is not None and arm.ammo is not None:
        row["ammo"] = arm.ammo
    return row


def _maneuver_rows() -> tuple[dict, ...]:
    """The maneuvers' effects, listed as unarmed attacks (chat reads 「マヌーバーで組み付く」)."""
    return tuple({"name": effect, "hp": None, "broken": False, "kinds": ("マヌーバー",), "unarmed": True}
                 for effect in EFFECTS)


def notes(state: Coc7State, unit: Coc7Unit) -> tuple[str, ...]:
    """What a KP needs to rule about ``unit`` now, in Japanese."""
    found = []
    if readied(unit) and not unit.out_of_action:
        found.append(f"{unit.in_hand}を構えている（次のラウンドDEX+{READIED_BONUS}）")
    if unit.responses:
        found.append(f"このラウンド応戦・回避{unit.responses}回" + ("（多勢に無勢）" if outnumbered(unit) else ""))
    if unit.marks.get("holding"):
        found.append(f"{unit.marks['holding']}を押さえている")
    if unit.marks.get("held_by"):
        found.append(f"{unit.marks['held_by']}に捕まっている")
    if unit.marks.get("dived") == state.round:
        found.append("身を投げ出した（射撃にペナルティ・ダイス）")
    if unit.marks.get("forfeit") is not None:
        found.append("次の攻撃ができない（身を投げ出した）")
    for name, arm in unit.arms.items():
        if arm.jammed:
            found.append(f"{name}故障")
        if arm.dropped:
            found.append(f"{name}を落とした")
    return tuple(found)


def prompt_text(state: Coc7State, pending: Pending) -> str:
    """The defender's question in Japanese: what is coming (with the attack roll's level,
    unless a hidden NPC rolled it) and how its answers compare."""
    ctx = pending.context
    attacker = ctx.get("attacker")
    what = f"マヌーバー（{ctx['effect']}）" if ctx.get("effect") else (ctx.get("weapon") or {}).get("name", "攻撃")
    secret = getattr(state.units.get(attacker or ""), "hidden", False)  # a hidden NPC's roll is the KP's
    rolled = "" if secret else f"（攻撃ロール：{ctx.get('level', '')}）"
    head = f"{attacker}の{what}{rolled}が{pending.unit}に向けられました。対応を選んでください"
    if "応戦" in pending.options:
        head += "（応戦：同じ成功度なら攻撃側の勝ち／回避：同じ成功度なら回避の勝ち）"
    return head + "。"


def view(state: Coc7State, name: str) -> BattleView:
    """Status rows and the prompts open now: answers to melee attacks, then the turn."""
    rows = []
    for unit in state.units.values():
        assert isinstance(unit, Coc7Unit) and unit.sheet is not None
        weapons = tuple(_weapon_row(unit, w) for w in unit.sheet.all_weapons) + _maneuver_rows()
        extra = {f"{w['name']}の弾": w["ammo"] for w in weapons if "ammo" in w}
        rows.append(UnitRow(name=unit.id, owner=unit.owner, hidden=unit.hidden, hp=unit.hp, hp_max=unit.hp_max,
                            ap=None, dex=unit.dex, conditions=tuple(unit.conditions), weapons=weapons, extra=extra,
                            notes=notes(state, unit)))
    prompts = []
    for p in state.pending:
        unit = state.units.get(p.unit)
        prompts.append(Prompt(kind="reaction", unit=p.unit, owner=unit.owner if unit else None,
                              options=tuple(p.options), text=prompt_text(state, p), key=f"a{p.id}-{p.unit}"))
    if state.turn and not state.pending:
        unit = state.units[state.turn]
        prompts.append(Prompt(kind="turn", unit=unit.id, owner=unit.owner, options=("ターン終了",),
                              text=f"ラウンド{state.round}: {unit.id}の手番です。", key=f"t{state.round}-{unit.id}"))
    return BattleView(system=name, phase=state.phase, round=state.round, turn=state.turn,
                      order=tuple(state.order), rows=tuple(rows), prompts=tuple(prompts))
