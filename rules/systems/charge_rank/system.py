"""The charge-rank game system object: the GameSystem protocol (rules.battle.protocol)
over the decide handlers of this package."""
from __future__ import annotations

from rules.battle import commands as cmds
from rules.battle.decision import Decision
from rules.battle.events import Event
from rules.battle.protocol import BattleView
from rules.dice import Dice
from rules.errors import InvalidInput
from rules.systems.charge_rank import actions, keeper, options, setup, spells
from rules.systems.charge_rank.attack import attack
from rules.systems.charge_rank.chat_words import WORDS
from rules.systems.charge_rank.evolve import evolve
from rules.systems.charge_rank.react import react
from rules.systems.charge_rank.state import CrState
from rules.systems.charge_rank.view import view

_WITH_DICE = {
    cmds.Attack: attack, cmds.React: react, cmds.Wait: actions.wait, cmds.EndTurn: actions.end_turn,
    cmds.Escape: actions.escape, cmds.SkillCheck: actions.other, cmds.Move: actions.move,
    cmds.Remove: setup.remove, cmds.Cast: spells.cast, **keeper.HANDLERS,
}
_WITHOUT_DICE = {
    cmds.Open: setup.open_battle, cmds.Join: setup.join, cmds.Start: setup.start,
    cmds.EndBattle: setup.end_battle,
}


class ChargeRankSystem:
    """``charge-rank`` (seed 004, CATALOG.md C-): d6 pools of a spent power rank, five phases
    per round by reflex, interrupts, passive actions and stamina."""

    name = setup.NAME
    title = "チャージランク制"
    chat_words = WORDS

    def new_state(self) -> CrState:
        """An empty :class:`CrState`."""
        return CrState()

    def settings(self) -> dict:
        """The KP options with the catalog defaults (:data:`options.DEFAULTS`)."""
        return {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                for k, v in options.DEFAULTS.items()}

    def decide(self, state: CrState, command: cmds.Command, dice: Dice, in_place: bool = False) -> list[Event]:
        """The events of ``command``; raises RuleViolation (C- clause) or InvalidInput having
        changed nothing (``in_place``: see rules.battle.decision). Keeper commands (``rules.battle.keeper``) are handled by
        :mod:`rules.systems.charge_rank.keeper`."""
        d: Decision[CrState] = Decision(state, evolve, in_place=in_place)
        handler = _WITH_DICE.get(type(command))
        if handler is not None:
            handler(d, command, dice)
        elif type(command) in _WITHOUT_DICE:
            _WITHOUT_DICE[type(command)](d, command)
        else:
            raise InvalidInput(f"{self.title}ではこの操作は使えません（/attack, /react, /wait, /escape, /end が使えます）。")
        return d.events

    def evolve(self, state: CrState, event: Event) -> CrState:
        """Apply ``event`` in place (:func:`rules.systems.charge_rank.evolve.evolve`)."""
        return evolve(state, event)

    def view(self, state: CrState) -> BattleView:
        """Rows and prompts (:mod:`rules.systems.charge_rank.view`)."""
        return view(state, self.name)


SYSTEM = ChargeRankSystem()
"""The one instance registered in ``rules.systems.SYSTEMS``."""
