"""The checks every system makes before a unit joins a battle (``/battle join``, ``/battle add``)."""
from __future__ import annotations

from rules.battle.commands import Join
from rules.battle.permissions import require_keeper
from rules.battle.state import BattleState
from rules.errors import InvalidInput


def check_join(state: BattleState, cmd: Join) -> None:
    """Refuse (InvalidInput, Japanese) a join into an ended battle, an NPC added by anyone
    but the KP, a join without a character, or a name already in the battle (case-folded)."""
    if state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    if cmd.npc:
        require_keeper(state, cmd, "NPCの追加")
    if not cmd.name or cmd.sheet is None:
        raise InvalidInput("参加するキャラクターを指定してください。")
    if any(u.casefold() == cmd.name.casefold() for u in state.units):
        raise InvalidInput(f"「{cmd.name}」はすでに参加しています。別の名前を付けてください。")
