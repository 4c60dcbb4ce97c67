"""The CoC 6 game system object: the GameSystem protocol over a :class:`CocRules`."""
from __future__ import annotations

from rules.battle import commands as cmds
from rules.battle.decision import Decision
from rules.battle.events import Event
from rules.battle.protocol import BattleView, Prompt, UnitRow
from rules.chat.words import Words
from rules.coc6.weapons import Weapon, magazine, weapon_kinds
from rules.systems.coc6.ammo import rounds_left
from rules.dice import Dice
from rules.errors import InvalidInput, lifting
from rules.systems.coc6 import declarations, keeper, movement, setup, spells, treatment, waiting
from rules.systems.coc6.specials import attack
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.evolve import evolve
from rules.systems.coc6.grid import Board, board
from rules.systems.coc6.prompts import reaction_prompts
from rules.systems.coc6.reaction import react
from rules.systems.coc6.turns import end_fallen_turn
from rules.systems.coc6.state import CocState, CocUnit, WeaponState


class Coc6System:
    """A CoC 6 rule set (``coc6-house`` or ``coc6``) behind the GameSystem protocol."""

    def __init__(self, rules: CocRules, chat_words: Words | None = None) -> None:
        self.rules = rules
        self.chat_words = chat_words or Words()
        self.name = rules.name
        self.title = rules.title
        self._handlers = {
            cmds.Open: setup.open_battle, cmds.Join: setup.join, cmds.Start: setup.start,
            cmds.Remove: setup.remove, cmds.EndTurn: setup.end_turn,
            cmds.EndBattle: setup.end_battle, cmds.Declare: setup.declare,
            declarations.CloseDeclarations: declarations.close, cmds.Cast: spells.cast,
        }
        self._handlers.update(keeper.HANDLERS)
        self._handlers.update(movement.HANDLERS)

    @staticmethod
    def attack_command(rules: CocRules, d: Decision[CocState], cmd: cmds.Attack, dice: Dice) -> None:
        """This system's ``/attack`` (a waiting attack runs through it too: waiting.py)."""
        attack(rules, d, cmd, dice)

    def new_state(self) -> CocState:
        """An empty CoC battle state."""
        return CocState()

    def settings(self) -> dict:
        """The KP-configurable options of this rule set with the catalog defaults."""
        return dict(self.rules.defaults)

    def decide(self, state: CocState, command: cmds.Command, dice: Dice, in_place: bool = False) -> list[Event]:
        """The events ``command`` causes, decided with the command's KP-allowed clauses lifted
        (H-GEN-01); raises RuleViolation (with its clause) or InvalidInput and leaves ``state``
        untouched (``in_place``: applies the events to it, see rules.battle.decision)."""
        with lifting(getattr(command, "allow", ())):
            return self._decide(state, command, dice, in_place)

    def _decide(self, state: CocState, command: cmds.Command, dice: Dice, in_place: bool) -> list[Event]:
        d: Decision[CocState] = Decision(state, evolve, dice, in_place)
        if isinstance(command, cmds.SkillCheck):
            treatment.check(self.rules, d, command, dice)
        elif isinstance(command, cmds.Attack):
            waiting.attack_or_wait(self.rules, d, command, dice, self.attack_command)
        elif isinstance(command, cmds.React):
            react(self.rules, d, command, dice)
        else:
            handler = self._handlers.get(type(command))
            if handler is None:
                raise InvalidInput(f"{self.title}ではこの操作はまだ使えません。")
            handler(self.rules, d, command)
        waiting.release(self.rules, d, dice, self.attack_command)
        end_fallen_turn(d, dice)
        declarations.open_window(self.rules, d)
        return d.events

    def evolve(self, state: CocState, event: Event) -> CocState:
        """Apply ``event`` to ``state`` in place (see evolve.py); never rolls or fails."""
        return evolve(state, event)

    def board(self, state: CocState) -> Board:
        """The map picture's content (grid.py): squares, walls, cover, units."""
        return board(state)

    def view(self, state: CocState) -> BattleView:
        """Status rows (HP, AP, DEX, conditions, weapons) and the prompts open now: reaction
        questions, round-start declarations (declarations.py), then the turn."""
        uses_ap = self.rules.uses_ap
        rows = tuple(_row(state, unit, uses_ap) for unit in state.units.values())
        prompts = reaction_prompts(self.rules, state) + declarations.prompts(self.rules, state)
        if state.turn and not state.pending:
            unit = state.units[state.turn]
            prompts.append(Prompt(kind="turn", unit=unit.id, owner=unit.owner, options=("ターン終了",),
                                  text=f"ラウンド{state.round}: {unit.id}の手番です。",
                                  key=f"t{state.round}-{unit.id}"))
        return BattleView(system=self.name, phase=state.phase, round=state.round, turn=state.turn,
                          order=tuple(state.order), rows=rows, prompts=tuple(prompts))


def _row(state: CocState, unit: CocUnit, uses_ap: bool) -> UnitRow:
    """``unit``'s status row (``ap`` only when the rule set ``uses_ap``)."""
    assert isinstance(unit, CocUnit) and unit.character is not None
    kept = unit.weapons
    weapons = tuple(_weapon_row(unit, w, kept[w.name]) for w in unit.character.weapons if w.name in kept)
    waits = waiting.notes(state, unit.id) if state.waiting else ()
    return UnitRow(name=unit.id, owner=unit.owner, hidden=unit.hidden, hp=unit.hp,
                   hp_max=unit.hp_max, ap=unit.ap if uses_ap else None,
                   dex=unit.dex, conditions=tuple(unit.conditions), weapons=weapons,
                   extra={"MP": f"{unit.mp}/{unit.mp_max}"} if unit.mp < unit.mp_max else {},
                   notes=declarations.notes(unit) + waits)


def _weapon_row(unit: CocUnit, weapon: Weapon, ws: WeaponState) -> dict:
    """A carried weapon as the status row shows it (``ws``: its state)."""
    return {"name": weapon.name, "hp": ws.hp, "broken": ws.broken,
            "cannot_fire": ws.cannot_fire or ws.jammed, "jammed": ws.jammed, "dropped": ws.dropped,
            "rounds": rounds_left(unit, weapon), "ammo": magazine(weapon),
            "kinds": weapon_kinds(weapon), "unarmed": weapon.parry_class.is_unarmed}
