"""A battle as folded (:class:`Loaded`) and the events being prepared for one command
(:class:`Draft`), with the dice that a decision rolled recorded into its step."""
from __future__ import annotations

from dataclasses import dataclass

from bot.store import BattleRecord
from rules.battle.events import Event
from rules.battle.state import BattleState
from rules.battle.steps import Step, StepStarted, command_record, next_step, rebuild


@dataclass
class Loaded:
    """A battle as folded: its ``record``, every stored event, the state and the steps."""

    record: BattleRecord
    events: list[Event]
    state: BattleState
    steps: list[Step]


class RecordingDice:
    """Wraps a Dice and records ``faces`` = ``[[sides, face], …]`` in roll order."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.faces: list[list[int]] = []

    def roll(self, sides: int) -> int:
        """Roll one die of ``sides`` sides with the wrapped dice and record it."""
        face = self.inner.roll(sides)
        self.faces.append([sides, face])
        return face


class Draft:
    """Events being prepared in one command or keeper action, folded as they are added."""

    def __init__(self, system, loaded: Loaded) -> None:
        self.system = system
        self.base = loaded.events
        self.events: list[Event] = []
        self.state = loaded.state
        self.steps = loaded.steps

    def add(self, events: list[Event]) -> None:
        """Append ``events`` (markers included) and bring the draft's state up to date."""
        self.state, self.steps = rebuild(self.system.new_state, self.system.evolve, self.state, self.steps,
                                         self.base + self.events, events)
        self.events.extend(events)

    def decide(self, command, dice, by: str, label: str, joined: bool = False,
               rulings: tuple[Event, ...] = (), speaker: str = "") -> list[Event]:
        """Decide ``command`` on the draft's state as one step; raises what decide raises."""
        recorder = RecordingDice(dice)
        events = self.system.decide(self.state, command, recorder)
        step = [StepStarted(step=next_step(self.steps), by=by, command=command_record(command),
                            dice=recorder.faces, label=label, joined=joined, speaker=speaker),
                *rulings, *events]
        self.add(step)
        return events
