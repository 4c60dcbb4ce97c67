"""Errors raised by the rules layer."""
from __future__ import annotations


class RuleViolation(Exception):
    """A declaration the rules forbid.

    Attributes:
        clause: the CATALOG.md clause id that forbids it (e.g. ``"H-AP-04"``), or ``""``
            for a refusal that no rule clause covers (an unknown unit, not your turn …).
        message: the Japanese explanation shown to the player.
        allowable: whether the KP may let it happen anyway with ``/kp allow`` (H-GEN-01).
    """

    def __init__(self, clause: str, message: str, *, allowable: bool = True) -> None:
        super().__init__(f"{message}（{clause}）" if clause else message)
        self.clause = clause
        self.message = message
        self.allowable = allowable

    def text(self) -> str:
        """The Japanese message with the clause id appended, e.g. ``"…（H-AP-04）"``."""
        return str(self)


class InvalidInput(RuleViolation):
    """Malformed or unknown input (no rule clause involved): never KP-allowable."""

    def __init__(self, message: str) -> None:
        super().__init__("", message, allowable=False)


def refuse(cmd, clause: str, message: str) -> None:
    """Raise ``RuleViolation(clause, message)`` unless the KP allowed ``clause`` for this
    command (``/kp allow``: ``clause in cmd.allow``, H-GEN-01).

    ``cmd`` is any :class:`rules.battle.commands.Command` (duck-typed: an ``allow`` set of
    clause ids, absent = nothing allowed). Returns None when the refusal is lifted.
    """
    if clause and clause in getattr(cmd, "allow", ()):
        return
    raise RuleViolation(clause, message)
