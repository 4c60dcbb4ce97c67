"""The 7th-edition game system object (``coc7``): the GameSystem protocol
(rules.battle.protocol) over the decide handlers of this package."""
from __future__ import annotations

from rules.battle import commands as cmds
from rules.battle.decision import Decision
from rules.battle.events import Event
from rules.battle.protocol import BattleView
from rules.dice import Dice
from rules.errors import InvalidInput, lifting
from rules.systems.coc6.grid import Board, board
from rules.systems.coc7 import keeper, map as board_moves, override, setup
from rules.systems.coc7.attack import attack
from rules.systems.coc7.chat_words import WORDS
from rules.systems.coc7.declare import declare
from rules.systems.coc7.evolve import evolve
from rules.systems.coc7.maneuver import loosen
from rules.systems.coc7.melee import react
from rules.systems.coc7.state import Coc7State
from rules.systems.coc7.treatment import check
from rules.systems.coc7.turns import end_fallen_turn
from rules.systems.coc7.view import view

_WITH_DICE = {cmds.Attack: attack, cmds.React: react, cmds.SkillCheck: check, cmds.Declare: declare}
_WITHOUT_DICE = {
    cmds.Open: setup.open_battle, cmds.Join: setup.join, cmds.Start: setup.start, cmds.Remove: setup.remove,
    cmds.EndTurn: setup.end_turn, cmds.EndBattle: setup.end_battle, **keeper.HANDLERS, **board_moves.HANDLERS,
}


class Coc7System:
    """``coc7``: the 7th edition's combat (docs/coc7.md, clauses 7-*): DEX order with
    readied firearms at DEX+50, 応戦/回避 compared by success levels, maneuvers by build,
    多勢に無勢, firearms with point-blank, several shots, range, ammunition and malfunction,
    extreme damage, major wounds, dying and treatment."""

    name = setup.NAME
    title = setup.TITLE
    edition = "coc7"
    chat_words = WORDS
    override_rule = override
    """``/kp override``'s 7th-edition words and dice (rules.systems.coc7.override)."""

    def new_state(self) -> Coc7State:
        """An empty :class:`Coc7State`."""
        return Coc7State()

    def settings(self) -> dict:
        """The KP options of this system with their defaults (none of its own)."""
        return dict(setup.DEFAULTS)

    def decide(self, state: Coc7State, command: cmds.Command, dice: Dice, in_place: bool = False) -> list[Event]:
        """The events of ``command``, decided with its KP-allowed clauses lifted (H-GEN-01);
        raises RuleViolation (a 7- clause) or InvalidInput having changed nothing
        (``in_place``: see rules.battle.decision)."""
        with lifting(getattr(command, "allow", ())):
            d: Decision[Coc7State] = Decision(state, evolve, dice, in_place)
            handler = _WITH_DICE.get(type(command))
            if handler is not None:
                handler(d, command, dice)
            elif type(command) in _WITHOUT_DICE:
                _WITHOUT_DICE[type(command)](d, command)
            else:
                raise InvalidInput(f"{self.title}の戦闘ではこの操作は使えません。")
            loosen(d)
            end_fallen_turn(d, dice)
            return d.events

    def evolve(self, state: Coc7State, event: Event) -> Coc7State:
        """Apply ``event`` in place (:func:`rules.systems.coc7.evolve.evolve`)."""
        return evolve(state, event)

    def board(self, state: Coc7State) -> Board:
        """The map picture's content (the CoC board: squares, walls, cover, units)."""
        return board(state)

    def view(self, state: Coc7State) -> BattleView:
        """Rows and prompts (:mod:`rules.systems.coc7.view`)."""
        return view(state, self.name)


SYSTEM = Coc7System()
"""The one instance registered in ``rules.systems.SYSTEMS``."""
