"""The active action step (C-MAIN-02): who may take one now, and marking it taken."""
from __future__ import annotations

from rules.battle.commands import Command
from rules.battle.decision import Decision
from rules.battle.permissions import acting_unit
from rules.errors import InvalidInput, RuleViolation
from rules.systems.charge_rank.events import StatusChanged
from rules.systems.charge_rank.state import ACTED, WAITING, CrState, CrUnit


def actor(d: Decision[CrState], cmd: Command) -> CrUnit:
    """The unit whose main phase it is, acting through ``cmd``. Raises RuleViolation
    C-WAIT-02 (a waiting unit takes no active action), C-PHASE-09 (acted this round),
    C-PHASE-05 (another unit's main phase) or C-MAIN-01 (the current action is still being
    resolved), or InvalidInput before the battle starts."""
    state = d.state
    if state.phase != "active":
        raise InvalidInput("戦闘はまだ始まっていません（KPが /battle start で開始します）。")
    unit = acting_unit(state, cmd, prefer=state.turn)
    assert isinstance(unit, CrUnit)
    if state.pending or state.strikes:
        waiting = "・".join(p.unit for p in state.pending)
        raise RuleViolation("C-MAIN-01", f"いまの行動の処理中です（{waiting}の対応を待っています）", allowable=False)
    if unit.id != state.turn:
        if unit.status == WAITING:
            raise RuleViolation("C-WAIT-02", f"{unit.id}は待機状態なので能動行動はできません（割り込みはできます）",
                                allowable=False)
        if unit.status == ACTED:
            why = f"（{unit.because}）" if unit.because else ""
            raise RuleViolation("C-PHASE-09", f"{unit.id}はこのラウンドすでに行動済みです{why}。"
                                              "次のラウンドまで能動行動はできません", allowable=False)
        raise RuleViolation("C-PHASE-05", f"いまは{state.turn or '誰も行動しない'}のメインフェイズです。"
                                          f"{unit.id}の番ではありません", allowable=False)
    return unit


def take_action(d: Decision[CrState], unit: CrUnit, what: str) -> None:
    """C-MAIN-02: ``unit`` took its active action ``what`` and is acted."""
    d.emit(StatusChanged(unit=unit.id, status=ACTED, cause=f"{what}（C-MAIN-02）"))
