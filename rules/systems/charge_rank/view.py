"""The system-independent picture of a charge-rank battle (``GameSystem.view``): status rows
with the system's numbers in ``extra`` and the prompts open now."""
from __future__ import annotations

from rules.battle.protocol import BattleView, Prompt, UnitRow
from rules.systems.charge_rank.state import CrState

POWER_HINT = "ボタンはチャージランクを全て使います。パワーランクを選ぶなら /react action:… power:数 で。"


def rows(state: CrState) -> tuple[UnitRow, ...]:
    """One row per unit: ``dex`` and ``hp`` None (the system has neither), ``extra`` =
    リフレクス (what the initiative uses), チャージ, スタミナ, キャパシティ, ガード, 攻撃力, 状態, 負傷, 治療済み."""
    out = []
    for u in state.cr_units():
        extra = {"リフレクス": u.reflex, "チャージ": u.charge, "スタミナ": f"{u.stamina}/{u.stamina_max}", "キャパシティ": u.capacity,
                 "ガード": u.guard, "攻撃力": u.attack, "状態": u.status}
        if u.injuries:
            extra["負傷"] = "・".join(u.injuries)
        if u.treated:  # C-INJ-REC-02: healing one stage faster
            extra["治療済み"] = "・".join(u.treated)
        if u.travel:
            extra["移動"] = u.travel
        if u.mp_max:  # X-MP-01: a sheet with 〔MP〕
            extra["MP"] = f"{u.mp}/{u.mp_max}"
        if u.unrested:  # the stamina a former battle left (C-INJ-05): the KP decides on the rest
            extra["休息"] = "していない（前の戦闘のスタミナのまま。KPは /kp rest で休息）"
        out.append(UnitRow(name=u.id, owner=u.owner, hidden=u.hidden, hp=None, hp_max=None, ap=None,
                           dex=None, conditions=tuple(u.conditions), extra=extra))
    return tuple(out)


def prompts(state: CrState) -> tuple[Prompt, ...]:
    """Open questions (kind ``"reaction"``, key ``q<n>``), else the main phase's unit
    (kind ``"turn"``, key ``t<round>-<unit>``)."""
    found = []
    for p in state.pending:
        unit = state.unit(p.unit)
        charge = "" if unit.hidden else f"（{unit.id}のチャージランク {unit.charge}）"
        hint = f"\n{charge}{POWER_HINT}"
        asked = f"【{unit.id}】" if p.kind in ("interrupt", "obstruct") else ""  # the KP knows which NPC is asked
        found.append(Prompt(kind="reaction", unit=p.unit, owner=unit.owner, options=tuple(p.options),
                            text=f"{asked}{p.context.get('text', '')}{hint}", key=f"q{p.id}"))
    if state.turn and not state.pending and not state.strikes:
        unit = state.unit(state.turn)
        found.append(Prompt(
            kind="turn", unit=unit.id, owner=unit.owner, options=("ターン終了",),
            text=(f"ラウンド{state.round}: {unit.id}のメインフェイズです"
                  + ("。" if unit.hidden else f"（チャージランク {unit.charge}）。") +
                  "/attack target:相手 power:数 で攻撃、/wait で待機、/escape power:数 で逃亡。"),
            key=f"t{state.round}-{unit.id}"))
    return tuple(found)


def view(state: CrState, name: str) -> BattleView:
    """The :class:`BattleView` of ``state`` for system ``name``."""
    return BattleView(system=name, phase=state.phase, round=state.round, turn=state.turn,
                      order=tuple(state.order), rows=rows(state), prompts=prompts(state))
