"""``DiceResult``: the structured outcome of one dice command."""
from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.coc6.check import SuccessLevel


@dataclass(frozen=True)
class DiceResult:
    """One evaluated dice command.

    Attributes:
        text: the exact BCDice output (for a repetition, all parts joined), at most
            ``MAX_OUTPUT`` characters; long results are summarised with ``…``.
        secret: the command had a leading ``S`` (the transports keep it private).
        total: the total of a sum roll, the 1D100 face of a CC/CCB/RES/CBR roll, the
            number of successes of a barabara roll with a target (else the face sum),
            the D66 value, the value of ``C()``; None where there is none.
        success, failure, critical, fumble: BCDice's flags.
        rolls: every ``(sides, face)`` rolled, in order.
        comment: the text after the command, as typed ('' if none).
        command: the normalised command part (without the comment).
        level: the success level of a single CC/CCB/RES check, else None.
        parts: for ``x3``/``rep3``/``repeat3``, each repetition's own result.
    """

    text: str
    secret: bool = False
    total: int | None = None
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    rolls: tuple[tuple[int, int], ...] = ()
    comment: str = ""
    command: str = ""
    level: SuccessLevel | None = None
    parts: tuple["DiceResult", ...] = ()


_new = object.__new__


def with_comment(result: DiceResult, comment: str) -> DiceResult:
    """A copy of ``result`` with ``comment`` (fast: no re-validation of the fields)."""
    if not comment:
        return result
    copy = _new(DiceResult)
    fields = copy.__dict__
    fields.update(result.__dict__)
    fields["comment"] = comment
    return copy
