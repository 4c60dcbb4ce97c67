"""Errors raised by the rules layer, and the KP's power to lift a refusal (H-GEN-01)."""
from __future__ import annotations

from contextvars import ContextVar

_LIFTED: ContextVar[frozenset[str]] = ContextVar("lifted_clauses", default=frozenset())


class RuleViolation(Exception):
    """A declaration the rules forbid.

    Attributes:
        clause: the CATALOG.md clause id that forbids it (e.g. ``"H-AP-04"``), or ``""``
            for a refusal that no rule clause covers (an unknown unit, not your turn …).
        message: the Japanese explanation shown to the player.
        allowable: whether the KP may let it happen anyway with ``/kp allow`` (H-GEN-01).
        after: what the text says after the message and its clause id (e.g. a line
            ``"\nターン終了はしていません。"``), or ``""``.
    """

    def __init__(self, clause: str, message: str, *, allowable: bool = True, after: str = "") -> None:
        super().__init__((f"{message}（{clause}）" if clause else message) + after)
        self.clause = clause
        self.message = message
        self.allowable = allowable
        self.after = after

    def text(self) -> str:
        """The Japanese message with the clause id appended, e.g. ``"…（H-AP-04）"``, then
        :attr:`after`."""
        return str(self)


class InvalidInput(RuleViolation):
    """Malformed or unknown input (no rule clause involved): never KP-allowable."""

    def __init__(self, message: str, *, after: str = "") -> None:
        super().__init__("", message, allowable=False, after=after)


def refuse(cmd, clause: str, message: str) -> None:
    """Raise ``RuleViolation(clause, message)`` unless the KP allowed ``clause`` for this
    command (``/kp allow``: ``clause in cmd.allow``, H-GEN-01).

    ``cmd`` is any :class:`rules.battle.commands.Command` (duck-typed: an ``allow`` set of
    clause ids, absent = nothing allowed). Returns None when the refusal is lifted.
    """
    if clause and (clause in getattr(cmd, "allow", ()) or clause in _LIFTED.get()):
        return
    raise RuleViolation(clause, message)


def forbid(clause: str, message: str) -> None:
    """Raise ``RuleViolation(clause, message)`` unless the command being decided had
    ``clause`` lifted by the KP (``/kp allow``, H-GEN-01; see :func:`lifting`). For the
    guard checks deep in a system, where the command itself is not at hand."""
    if clause and clause in _LIFTED.get():
        return
    raise RuleViolation(clause, message)


def lifting(clauses) -> "_Lifting":
    """While deciding one command: refusals by :func:`forbid` / :func:`refuse` citing any
    of ``clauses`` (the command's ``allow`` set) are lifted. A context manager
    (``with lifting(cmd.allow): …``); the lifted set is restored on leaving it."""
    return _Lifting(clauses)


class _Lifting:
    """The context manager of :func:`lifting` (a class: a generator-based one costs a
    microsecond more on every command)."""

    __slots__ = ("clauses", "token")

    def __init__(self, clauses) -> None:
        self.clauses = clauses

    def __enter__(self) -> None:
        self.token = _LIFTED.set(frozenset(self.clauses or ()))

    def __exit__(self, *exc) -> None:
        _LIFTED.reset(self.token)
