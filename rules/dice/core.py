"""The ``Dice`` protocol and its two implementations.

Every die the bot rolls goes through ``Dice.roll(sides)``: production passes a
``RandomDice`` backed by ``random.SystemRandom`` (created by the service, outside ``rules/``),
tests pass ``ScriptedDice`` with fixed faces.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, runtime_checkable


class DiceError(Exception):
    """A dice command that cannot be rolled (malformed, or over a limit); ``str()`` is Japanese."""


class DiceMessage(DiceError):
    """A command BCDice answers with a message and no roll (``str()`` is BCDice's text);
    inside a repetition each part shows the message, as BCDice does."""


class DiceExhausted(DiceError):
    """A scripted dice object ran out of faces.

    Attributes:
        sides: the size of the die that was needed (e.g. 100 for a 1D100).
    """

    def __init__(self, sides: int) -> None:
        super().__init__(f"1D{sides} を振るための出目が残っていません")
        self.sides = sides


@runtime_checkable
class Dice(Protocol):
    """Rolls one die: ``roll(sides)`` returns an int in ``1..sides``."""

    def roll(self, sides: int) -> int:  # pragma: no cover - protocol
        """One die of ``sides`` faces: an int in ``1..sides``."""
        ...


class ScriptedDice:
    """Dice that yield fixed faces in order, for tests and ``--rolls``.

    Args:
        faces: the faces to return, in roll order.
    Raises (from ``roll``):
        DiceExhausted: no face left.
        DiceError: the next face does not fit the die (``face < 1`` or ``face > sides``).
    Attributes:
        used: the ``(sides, face)`` pairs rolled so far.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0
        self.used: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        """The next scripted face; raises DiceExhausted when none is left, DiceError when it does
        not fit the die."""
        if self._next >= len(self._faces):
            raise DiceExhausted(sides)
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise DiceError(f"用意された出目 {face} は 1D{sides} の目になりません")
        self._next += 1
        self.used.append((sides, face))
        return face

    @property
    def remaining(self) -> int:
        """How many faces are left."""
        return len(self._faces) - self._next


class RandomDice:
    """Dice backed by a ``random.Random``-like source (``randint(a, b)``).

    The service passes ``random.SystemRandom()`` in production, or ``random.Random(seed)``
    for ``--seed``. ``rules/`` never creates one itself.
    """

    def __init__(self, source) -> None:
        self._source = source

    def roll(self, sides: int) -> int:
        """A random face in ``1..sides`` from the source."""
        return self._source.randint(1, sides)


class Recording:
    """Dice that pass each roll to ``dice`` and append ``(sides, face)`` to ``rolls``."""

    __slots__ = ("_dice", "_rolls")

    def __init__(self, dice: Dice, rolls: list) -> None:
        self._dice, self._rolls = dice, rolls

    def roll(self, sides: int) -> int:
        """Roll through the wrapped dice and note the face."""
        face = self._dice.roll(sides)
        self._rolls.append((sides, face))
        return face
