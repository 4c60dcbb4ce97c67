"""Who may use which command: the permission table (every command × KP / owner / other).

``ANYONE``: any user. ``PLAYER``: acts for a unit: the player who owns a unit in the battle
acts for their own units only; the KP for any unit with ``as:``; anyone else is refused.
``KEEPER``: the KP only (the battle's keeper, a KP role of the server, Manage Channels).
The rules then check what the unit may do (turn, pending reaction, clauses).
``/check`` by a user with no unit in the channel's battle (or with no battle), and every SAN
check, roll on the user's own saved sheet instead and need no battle rights
(bot.sheets.checks).
"""
from __future__ import annotations

ANYONE, PLAYER, KEEPER = "anyone", "player", "keeper"

TABLE: dict[str, str] = {
    "roll": ANYONE, "chat": ANYONE,
    "char new": ANYONE, "char set": ANYONE, "char weapon": ANYONE, "char show": ANYONE,
    "char list": ANYONE, "char delete": ANYONE, "char import": ANYONE, "char rename": ANYONE,
    "char export": ANYONE, "char growth": ANYONE,
    "char voice": ANYONE, "char portrait": ANYONE, "kp voice": KEEPER,
    "battle new": ANYONE, "battle join": ANYONE, "battle status": ANYONE, "battle log": ANYONE,
    "battle map": ANYONE, "help": ANYONE,
    "battle add": KEEPER, "battle start": KEEPER, "battle remove": KEEPER, "battle end": KEEPER,
    "attack": PLAYER, "react": PLAYER, "declare": PLAYER, "end": PLAYER, "move": PLAYER,
    "check": PLAYER, "wait": PLAYER, "escape": PLAYER, "spell": PLAYER,
    "kp set": KEEPER, "kp place": KEEPER, "kp object": KEEPER, "kp override": KEEPER,
    "kp allow": KEEPER, "kp undo": KEEPER, "kp redo": KEEPER, "kp skip": KEEPER, "kp rest": KEEPER,
    "kp order": KEEPER, "kp setting": KEEPER, "kp role": KEEPER, "kp handover": KEEPER,
    "kp close": KEEPER, "kp pending": KEEPER, "battle reopen": KEEPER,
    "session start": KEEPER, "session end": KEEPER, "session log": ANYONE,
    "san loss": ANYONE, "san state": ANYONE,  # the KP, or the roll's or the sheet's own player (bot.sheets.sanity_desk)
    "san time": KEEPER,
    "table add": ANYONE, "table list": ANYONE, "table show": ANYONE, "table remove": ANYONE, "table roll": ANYONE,
}
"""Access by English command path (bot.commands.spec.COMMANDS); a path missing here is
refused for everyone but the KP."""

WITHOUT_BATTLE = frozenset({"kp role", "kp setting", "battle reopen", "session start", "session end", "san time",
                            "kp voice"})
"""KP commands that need no active battle: server roles, channel settings, reopening the
channel's last ended battle, sessions and game time. Every other KP and player command needs one.
A session's KP is the channel's (bot.sheets.sessions.SessionDesk.keeper_here): a channel
nobody keeps yet is anyone's to start a session in (its starter becomes its KP)."""

NO_BATTLE = "このチャンネルには進行中の戦闘がありません。/battle new で開いてください（終えた戦闘はKPが /battle reopen で再開できます）。"
KEEPER_ONLY = "この操作はKPだけが行えます（権限: KP）。"
NOT_YOUR_UNIT = "他のユニット（KPのNPCや、ほかの人のPC）として行動できるのはKPだけです（権限: 自分のユニットのみ。KPは as: で指定します）。"
NO_UNIT = "この戦闘にあなたのユニットがいません。/battle join で参加してください（権限: 参加者のみ）。"


def access(path: str) -> str:
    """The access class of a command path (KEEPER for unknown paths)."""
    return TABLE.get(path, KEEPER)


def refusal(path: str, is_kp: bool, owns_unit: bool, uses_as: bool, has_battle: bool = True) -> str | None:
    """The Japanese refusal for this user and command, or None when allowed.

    Args:
        path: English command path; is_kp: the user is a KP of this channel;
        owns_unit: the user owns a unit in the channel's battle; uses_as: ``as:`` was given;
        has_battle: the channel has an active battle. Without one, a command that needs it
        (every KP and player command of :data:`TABLE` but :data:`WITHOUT_BATTLE`) is
        refused for everyone, the KP included, saying there is no battle.
    """
    kind = access(path)
    if kind == ANYONE:
        return None
    if not has_battle and path in TABLE and path not in WITHOUT_BATTLE:
        return NO_BATTLE
    if is_kp:
        return None
    if kind == KEEPER:
        return KEEPER_ONLY
    if uses_as:
        return NOT_YOUR_UNIT
    return None if owns_unit else NO_UNIT
