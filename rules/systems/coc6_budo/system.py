"""The ``coc6-budo`` game system: the shared CoC 6 engine (turns, attacks, dodge, parry,
damage, HP states, keeper commands) with seed 002's 武道 rules routed to this package."""
from __future__ import annotations

import dataclasses

from rules.battle import commands as cmds
from rules.battle import events as ev
from rules.battle.decision import Decision
from rules.battle.events import Event
from rules.battle.protocol import BattleView, Prompt
from rules.dice import Dice
from rules.errors import lifting
from rules.systems.coc6 import waiting
from rules.systems.coc6.evolve import evolve
from rules.systems.coc6.state import CocState
from rules.systems.coc6.system import Coc6System
from rules.systems.coc6.turns import end_fallen_turn
from rules.systems.coc6_budo import attack, called_shot, reaction, treatment
from rules.systems.coc6_budo.defense import BUDO, COUNTER, DODGE, DODGE_COUNTER, PARRY, penalty

LABELS = {BUDO: "武道＝武道受け流し", COUNTER: "カウンター＝武道受け流し＋カウンター（2回振る）",
          DODGE_COUNTER: "回避カウンター＝回避＋カウンター（2回振る）"}
"""How a prompt explains seed 002's answers (B-PARRY-01, B-COUNTER-01/02)."""


class BudoSystem(Coc6System):
    """``Coc6System`` whose ``/attack``, ``/react`` and treatment checks follow seed 002.

    After every decision that starts a round, the 1d6 / 1d4 round effects of the called
    shots that have run out end (B-CALL-VITAL-03, B-CALL-WPN-03). Reaction prompts say what
    the round's penalty is now (B-PARRY-02) and what 武道 / カウンター / 回避カウンター mean.
    """

    @staticmethod
    def attack_command(rules, d: Decision[CocState], cmd: cmds.Attack, dice: Dice) -> None:
        """Seed 002's ``/attack`` (a waiting attack runs through it too: rules.systems.coc6.waiting)."""
        attack.attack(rules, d, cmd, dice)

    def view(self, state: CocState) -> BattleView:
        """The shared CoC view with the budo prompts' texts (penalties, counters)."""
        picture = super().view(state)
        prompts = tuple(self._explained(state, p) for p in picture.prompts)
        return dataclasses.replace(picture, prompts=prompts)

    @staticmethod
    def _explained(state: CocState, prompt: Prompt) -> Prompt:
        """``prompt`` with a line on seed 002's answers and the current penalties."""
        if prompt.kind != "reaction" or prompt.unit not in state.units:
            return prompt
        unit = state.coc_unit(prompt.unit)
        notes = [LABELS[o] for o in prompt.options if o in LABELS]
        parry, dodge = penalty(state, unit, PARRY), penalty(state, unit, DODGE)
        if parry and any(o.startswith(PARRY) or o in (BUDO, COUNTER) for o in prompt.options):
            notes.append(f"受け流し・武道受け流しは−{parry}%（このラウンド{unit.used.get(PARRY, 0)}回受け流し済み）")
        if dodge and any(o in (DODGE, DODGE_COUNTER) for o in prompt.options):
            notes.append(f"回避は−{dodge}%（このラウンド{unit.used.get(DODGE, 0)}回回避済み）")
        if not notes:
            return prompt
        return dataclasses.replace(prompt, text=prompt.text + "\n" + "／".join(notes))

    def decide(self, state: CocState, command: cmds.Command, dice: Dice, in_place: bool = False) -> list[Event]:
        """Route the budo-specific commands and answers (B-*) to this package, everything else to
        the shared CoC 6 engine; raises RuleViolation / InvalidInput (``in_place``: see
        rules.battle.decision)."""
        if not isinstance(command, (cmds.Attack, cmds.React, cmds.SkillCheck)):
            events = super().decide(state, command, dice, in_place)
            if not any(isinstance(e, ev.RoundStarted) for e in events):
                return events
            d: Decision[CocState] = Decision(state, evolve, in_place=in_place)
            if in_place:  # the shared engine applied them already
                d.events.extend(events)
            else:
                for event in events:
                    d.emit(event)
            called_shot.expire(d)
            return d.events
        d = Decision(state, evolve, dice, in_place)
        with lifting(command.allow):  # /kp allow reaches the shared guard checks too (H-GEN-01)
            if isinstance(command, cmds.Attack):
                waiting.attack_or_wait(self.rules, d, command, dice, self.attack_command)
            elif isinstance(command, cmds.React):
                reaction.react(self.rules, d, command, dice)
            else:
                treatment.check(self.rules, d, command, dice)
        end_fallen_turn(d, dice)  # a unit put out of action on its own turn loses the rest of it
        if any(isinstance(e, ev.RoundStarted) for e in d.events):
            called_shot.expire(d)
        return d.events
