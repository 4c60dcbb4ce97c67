"""What the grammar knows of a battle when a line is typed: the units the speaker may
move, the questions open now, whose turn it is and the system's words (issue 9). Built
from the system-independent :class:`~rules.battle.protocol.BattleView`, so it holds for
every system."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.battle.protocol import BattleView
from rules.battle.state import OUT_OF_ACTION
from rules.chat import lexicon
from rules.chat.words import BASE, Words


CONTROLLED = "操られている"
"""The condition the KP sets on a PC under control (rules.systems.coc6.keeper.CONDITIONS)."""

LAST_TARGET, ATTACKED_BY, KP_LINE = "直前の相手", "直前に攻撃してきた相手", "KPの描写の相手"
"""What a question says of the context's target it puts first (:attr:`ChatContext.hints`):
「どちらを攻撃しますか？（1番目のゾンビ2は直前の相手）」."""

STRANGER = "\0"
"""The owner of the stand-in unit an unknown target is read as (nobody's)."""


@dataclass(frozen=True)
class ChatWeapon:
    """One of a unit's weapons as chat sees it: its ``name``, the ``kinds`` a line may name
    it by instead (its skill 拳銃, 銃 for any firearm), whether it is an ``unarmed`` attack
    (こぶし …) and whether it is ``usable`` now (not broken, dropped or unable to fire)."""

    name: str
    kinds: tuple[str, ...] = ()
    unarmed: bool = False
    usable: bool = True

    @classmethod
    def from_row(cls, weapon: dict) -> "ChatWeapon":
        """The weapon of a status row's ``weapons`` entry (see UnitRow)."""
        usable = not (weapon.get("broken") or weapon.get("cannot_fire") or weapon.get("dropped"))
        return cls(weapon["name"], tuple(weapon.get("kinds", ())), bool(weapon.get("unarmed")), usable)


@dataclass(frozen=True)
class ChatUnit:
    """A unit as chat sees it: ``name``, ``owner`` (user id, None = the KP's NPC),
    ``weapons`` (names), ``out`` (out of action: 気絶, 死亡 …), ``arms`` (its weapons in
    detail, :class:`ChatWeapon`), ``charge`` (charge-rank's charge rank)."""

    name: str
    owner: str | None
    weapons: tuple[str, ...]
    out: bool = False
    arms: tuple[ChatWeapon, ...] = ()
    charge: int | None = None
    """Its charge rank where the system has one (charge-rank: the most power an attack may
    use; None elsewhere or when hidden)."""
    controlled: bool = False
    """A PC under an NPC's or the KP's control (the KP set 操られている): on the NPCs' side."""

    @property
    def npc_side(self) -> bool:
        """Whether the unit fights on the KP's side (an NPC, or a PC the KP controls)."""
        return self.owner is None or self.controlled

    def opposes(self, other: "ChatUnit") -> bool:
        """Whether ``other`` is on the other side (a PC's foes are the KP's side's units)."""
        return other.name != self.name and other.npc_side != self.npc_side

    @property
    def stranger(self) -> bool:
        """Whether this is the stand-in for a name nobody in the battle has."""
        return self.owner == STRANGER


@dataclass(frozen=True)
class ChatQuestion:
    """An open question: the ``unit`` asked, its ``kind`` (``reaction``, ``cover`` offer,
    or a system's own), the answer labels ``options`` (the prompt's buttons) and ``key``."""

    unit: str
    kind: str
    options: tuple[str, ...]
    key: str
    about: str | None = None


@dataclass(frozen=True)
class ChatContext:
    """The battle a line is read against, for ``speaker`` (a user id; ``is_kp`` when the
    speaker is a KP here). ``turn`` is the unit whose turn it is (None between turns).
    ``kp_for_players``: the channel lets the KP's chat lines act for the players' units
    (the KP setting ``chat_kp_for_players``, for tables that play by voice); off, a KP
    line about a PC's action is talk and the KP has the /kp commands (issue 21)."""

    speaker: str
    is_kp: bool
    phase: str
    turn: str | None
    units: tuple[ChatUnit, ...]
    questions: tuple[ChatQuestion, ...]
    words: Words
    kp_for_players: bool = False
    last_attacks: tuple[tuple[str, str, str | None], ...] = ()
    """``(unit, target, weapon)`` of each unit's last attack (「もう一発」 repeats it)."""
    hints: tuple[tuple[str, str, str], ...] = ()
    """``(unit, target, why)``: the opponent the table's context points ``unit`` at, best
    first (issue 26): its own last target (:data:`LAST_TARGET`), the NPC that last attacked
    it (:data:`ATTACKED_BY`), the NPC a KP line put before it (:data:`KP_LINE`). A question
    between targets puts it first and says why; see :attr:`act_on_hint`."""
    act_on_hint: bool = False
    """The channel lets a declaration that names no target act on the context's one
    (the KP setting ``chat_context_target``) instead of asking."""
    system: str = ""
    """The battle's game system (``coc6-house``, ``coc7``, ``charge-rank`` …; "" unknown):
    what a declaration said with a push or Luck is told (rules.chat.spending)."""

    @classmethod
    def from_view(cls, view: BattleView, words: Words | None, speaker: str, is_kp: bool,
                  kp_for_players: bool = False, last_attacks: tuple = (), hints: tuple = (),
                  act_on_hint: bool = False) -> "ChatContext":
        """The context of ``view`` for ``speaker``; ``words`` is the system's (merged over
        the shared :data:`~rules.chat.words.BASE`)."""
        units = tuple(ChatUnit(r.name, r.owner, tuple(w["name"] for w in r.weapons),
                               any(c in OUT_OF_ACTION for c in r.conditions),
                               tuple(ChatWeapon.from_row(w) for w in r.weapons),
                               r.extra.get("チャージ") if isinstance(r.extra.get("チャージ"), int) else None,
                               CONTROLLED in r.conditions)
                      for r in view.rows)
        questions = tuple(ChatQuestion(p.unit, p.kind, tuple(p.options), p.key, getattr(p, "about", None))
                          for p in view.prompts if p.kind != "turn")
        merged = _merged(words) if words is not None else BASE
        return cls(speaker, is_kp, view.phase, view.turn, units, questions, merged, kp_for_players, last_attacks,
                   hints, act_on_hint, view.system)

    def hinted(self, unit: str, targets: list) -> tuple[list, str | None, str]:
        """``targets`` (units) with the one the context points ``unit`` at first: ``(ordered,
        its name or None, the mark for its button)``."""
        for who, target, why in self.hints:
            if who == unit and any(t.name == target for t in targets):
                first = [t for t in targets if t.name == target]
                return first + [t for t in targets if t.name != target], target, why
        return targets, None, ""

    def unit(self, name: str) -> ChatUnit | None:
        """The unit called ``name``, or None."""
        return next((u for u in self.units if u.name == name), None)

    def may_move(self, unit: ChatUnit, named: bool) -> bool:
        """Whether the speaker may act for ``unit``: their own; the KP's NPCs; a player's
        unit for the KP when the line names it (``アリス：回避``, as ``as:`` does) and the
        channel lets the KP declare for players (:attr:`kp_for_players`)."""
        if unit.owner == self.speaker:
            return True
        return self.is_kp and (unit.npc_side or (named and self.kp_for_players))

    def lexicon(self) -> lexicon.Lexicon:
        """The words of this battle (cached on the units, weapons and open answers; the
        cache's key is kept on this context: a line asks for them several times)."""
        key = self.__dict__.get("_lexicon_key")
        if key is None:
            options = tuple(sorted({o for q in self.questions for o in q.options}))
            kinds = tuple(sorted({k for u in self.units for a in u.arms for k in a.kinds}))
            key = (self.words, tuple((u.name, u.weapons) for u in self.units), options, kinds)
            object.__setattr__(self, "_lexicon_key", key)
        return _lexicon(*key)

    def unit_spellings(self) -> frozenset[str]:
        """Every folded spelling of every unit's name (lexicon.unit_spellings), cached."""
        found = self.__dict__.get("_spellings")
        if found is None:
            found = _spellings(tuple(u.name for u in self.units))
            object.__setattr__(self, "_spellings", found)
        return found


@lru_cache(maxsize=64)
def _merged(words: Words) -> Words:
    return words.over(BASE)


@lru_cache(maxsize=512)
def _spellings(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(n for name in names for n in lexicon.unit_spellings(name))


@lru_cache(maxsize=512)
def _lexicon(words: Words, units, options, kinds) -> lexicon.Lexicon:
    return lexicon.build(words, units, options, kinds)
