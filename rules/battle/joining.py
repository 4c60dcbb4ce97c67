"""The checks every system makes before a unit joins a battle (``/battle join``, ``/battle add``)."""
from __future__ import annotations

from rules.battle.commands import Join
from rules.battle.permissions import require_keeper
from rules.battle.state import BattleState
from rules.errors import InvalidInput

SHEET_EDITIONS = {"coc6": "6版", "coc7": "7版"}
"""The editions a stored sheet may be of (a 7th one says so in its ``edition``, a 6th one has none)."""


def sheet_edition(sheet: dict | None) -> str:
    """The edition of a sheet dict: ``coc7`` when it says so, else ``coc6``."""
    return "coc7" if isinstance(sheet, dict) and sheet.get("edition") == "coc7" else "coc6"


def check_join(state: BattleState, cmd: Join, edition: str = "coc6") -> None:
    """Refuse (InvalidInput, Japanese) a join into an ended battle, an NPC added by anyone
    but the KP, a join without a character, a name already in the battle (case-folded), or
    a sheet of another edition than the system's (``edition``: ``coc6``/``coc7``)."""
    if state.phase == "ended":
        raise InvalidInput("この戦闘はすでに終了しています。")
    if cmd.npc:
        require_keeper(state, cmd, "NPCの追加")
    if not cmd.name or cmd.sheet is None:
        raise InvalidInput("参加するキャラクターを指定してください。")
    if any(u.casefold() == cmd.name.casefold() for u in state.units):
        raise InvalidInput(f"「{cmd.name}」はすでに参加しています。別の名前を付けてください。")
    own = sheet_edition(cmd.sheet)
    if own != edition:
        hint = ("7版の戦闘（/battle new system:coc7）で使えます" if own == "coc7"
                else "7版の戦闘には7版の探索者（/char new edition:7）で参加してください")
        raise InvalidInput(f"「{cmd.name}」は{SHEET_EDITIONS[own]}のシートなので、この戦闘（{SHEET_EDITIONS[edition]}）には"
                           f"参加できません。{hint}。")
