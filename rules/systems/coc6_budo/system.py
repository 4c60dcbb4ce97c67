"""The ``coc6-budo`` game system: the shared CoC 6 engine (turns, attacks, dodge, parry,
damage, HP states, keeper commands) with seed 002's 武道 rules routed to this package."""
from __future__ import annotations

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.battle.events import Event
from rules.dice import Dice
from rules.systems.coc6.evolve import evolve
from rules.systems.coc6.state import CocState
from rules.systems.coc6.system import Coc6System
from rules.systems.coc6_budo import attack, called_shot, reaction, treatment


class BudoSystem(Coc6System):
    """``Coc6System`` whose ``/attack``, ``/react`` and treatment checks follow seed 002.

    After every decision that starts a round, the 1d6 / 1d4 round effects of the called
    shots that have run out end (B-CALL-VITAL-03, B-CALL-WPN-03).
    """

    def decide(self, state: CocState, command: cmds.Command, dice: Dice) -> list[Event]:
        if not isinstance(command, (cmds.Attack, cmds.React, cmds.SkillCheck)):
            events = super().decide(state, command, dice)
            if not any(isinstance(e, ev.RoundStarted) for e in events):
                return events
            d: Decision[CocState] = Decision(state, evolve)
            for event in events:
                d.emit(event)
            called_shot.expire(d)
            return d.events
        d = Decision(state, evolve)
        d.dice = dice  # type: ignore[attr-defined]  # what a turn start rolls (turns.py)
        if isinstance(command, cmds.Attack):
            attack.attack(self.rules, d, command, dice)
        elif isinstance(command, cmds.React):
            reaction.react(self.rules, d, command, dice)
        else:
            treatment.check(self.rules, d, command, dice)
        return d.events
