"""Who may act for which unit (the permission rules shared by every system).

The KP may act for any unit with ``as:``; a player acts only for the units they own.
Who is KP: the battle's keeper (its creator, or whoever it was handed over to), and anyone
the service vouches for with ``Command.keeper`` (a KP role of the server, or Manage
Channels). Refusals here are :class:`InvalidInput` (no rule clause, not allowable).
"""
from __future__ import annotations

import functools
import unicodedata

from rules.battle.commands import Command
from rules.battle.state import BattleState, Unit
from rules.errors import InvalidInput


@functools.lru_cache(maxsize=1024)
def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def find_unit(state: BattleState, name: str) -> Unit:
    """The unit called ``name`` (full-width/half-width and case folded); raises InvalidInput."""
    key = _norm(name)
    for unit in state.units.values():
        if _norm(unit.id) == key:
            return unit
    names = "、".join(state.units) or "（まだいません）"
    raise InvalidInput(f"「{name}」という参加者はこの戦闘にいません。参加者: {names}")


def is_keeper(state: BattleState, user: str) -> bool:
    """Whether ``user`` is the battle's own keeper (creator or handed over to)."""
    return user == state.keeper


def is_kp(state: BattleState, cmd: Command) -> bool:
    """Whether ``cmd``'s issuer is a KP: the battle's keeper or vouched for (``cmd.keeper``)."""
    return cmd.keeper or is_keeper(state, cmd.issuer)


def require_keeper(state: BattleState, cmd: Command, what: str) -> None:
    """Raise InvalidInput unless the issuer is a KP; ``what`` names the action in Japanese."""
    if not is_kp(state, cmd):
        raise InvalidInput(f"{what}はKPだけが行えます。")


def acting_unit(state: BattleState, cmd: Command, prefer: str | None = None) -> Unit:
    """The unit ``cmd`` acts for.

    With ``as:`` the issuer must be the KP or own that unit (a button of one of a player's
    several units names it). Otherwise the issuer's own unit; when the issuer
    owns several, ``prefer`` (the unit whose turn it is, or that must answer) wins. The KP
    without ``as:`` acts for ``prefer`` when it is an NPC.
    Raises InvalidInput when no unit fits.
    """
    if cmd.as_unit:
        unit = find_unit(state, cmd.as_unit)
        if unit.owner != cmd.issuer and not is_kp(state, cmd):  # naming one's own unit is fine
            raise InvalidInput("as: で他のユニットとして行動できるのはKPだけです。")
        return unit
    own = [u for u in state.units.values() if u.owner == cmd.issuer]
    if prefer is not None:
        for u in own:
            if u.id == prefer:
                return state.units[prefer]
        unit = state.units.get(prefer)
        if unit is not None and unit.owner is None and is_kp(state, cmd):
            return unit
    if len(own) == 1:
        return own[0]
    if not own:
        if is_kp(state, cmd):
            raise InvalidInput("NPCとして行動するときは as:名前 を付けてください。")
        raise InvalidInput("この戦闘にあなたのユニットがいません。/battle join で参加してください。")
    names = "、".join(u.id for u in own)
    raise InvalidInput(f"どのユニットで行動するか as: では選べません（あなたのユニット: {names}）。手番のユニットで行ってください。")
