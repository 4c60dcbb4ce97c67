"""「攻撃として扱う」 (issue 26): the KP's quick ruling that a plain skill check just made in a
battle (a palette roll of a skill that is no attack, 「CCB<=60 【芸術(バレエ)】」, allowed at
the table as a kick) was the unit's attack.

The button sits under the check's result (bot.render.battle.as_attack_buttons; KP only).
Pressed while nothing has happened since the check, it asks the KP privately which weapon
and which target when there is more than one (each answer another button, whose custom id
carries the choices: nothing is kept in memory, a restart loses nothing), then records one
keeper action (H-GEN-01): a ruling in the log, the check taken back, and the attack decided
with the check's own die, against the number the check was rolled at (the attack's skill
with the difference as ``modifier``). ``/kp undo`` takes the action back and the check
stands again.
"""
from __future__ import annotations

import dataclasses
import re

from bot.battle.battles import Battles
from bot.battle.draft import Draft, KeptDie, Loaded
from bot.commands.request import Request
from bot.render import buttons
from bot.render.battle import AS_ATTACK, AS_ATTACK_CHOICE
from bot.render.reply import Button, Reply, clip
from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.protocol import BattleView
from rules.battle.state import OUT_OF_ACTION
from rules.coc6.weapons import UNARMED_WEAPONS
from rules.battle.steps import Step, StepStarted, StepsReverted, command_from_record, command_record
from rules.errors import InvalidInput, RuleViolation

KEY = re.compile(r"atk(?P<step>\d{1,9})")
"""The key of the button: the check's step number."""
_PICKED = re.compile(r"w(?P<weapon>\d{1,2})(?:t(?P<target>\d{1,2}))?")
"""A choice of the KP's question: the weapon's index, then the target's (in the orders of
:func:`_weapons` and :func:`_targets`)."""

KP_ONLY = f"［{AS_ATTACK}］はKPだけが使えます（権限: KP）。"
STALE = f"この［{AS_ATTACK}］は古くなっています（その判定のあとで戦闘が進みました）。"


class _AnyFace:
    """Dice for a trial decision: every die shows 1 (the trial is thrown away)."""

    def roll(self, sides: int) -> int:
        return 1


class CheckAsAttack:
    """The button's presses over ``battles`` (routed by bot.battle.button_press)."""

    def __init__(self, battles: Battles) -> None:
        self.battles = battles

    @staticmethod
    def handles(key: str) -> bool:
        """Whether a button's question ``key`` is this button's."""
        return KEY.fullmatch(key) is not None

    async def press(self, req: Request, battle: int, key: str, choice: str) -> list[Reply]:
        """A press of [攻撃として扱う] (``choice`` :data:`AS_ATTACK_CHOICE`) or of an answer of
        its question (``w<i>``, ``w<i>t<j>``): the next question, or the ruling made. Raises
        InvalidInput for someone not a KP, a button of another battle, or one pressed after
        the battle moved on."""
        number = int(KEY.fullmatch(key)["step"])
        picked = _PICKED.fullmatch(choice)
        if picked is None and choice != AS_ATTACK_CHOICE:
            raise InvalidInput("このボタンは読み取れませんでした。")

        async def make(system, loaded: Loaded, is_kp: bool):
            if loaded.record.id != battle:
                raise InvalidInput("このボタンの戦闘はもう終わっています。")
            if not is_kp:
                raise InvalidInput(KP_ONLY)
            step = next((s for s in loaded.steps if s.number == number), None)
            check = _check_of(step)
            if step is None or check is None or not step.active or loaded.next_step != number + 1:
                raise InvalidInput(STALE)
            view = system.view(loaded.state)
            weapons, targets = _weapons(view, check.unit), _targets(view, check.unit)
            if not weapons:
                raise InvalidInput(f"{check.unit}には攻撃に使える武器・技能がありません。")
            if not targets:
                raise InvalidInput(f"{check.unit}が攻撃できる相手がいません。")
            weapon = _index(picked, "weapon", weapons)
            target = _index(picked, "target", targets) if weapon is not None else None
            if weapon is None:
                return [], [self._question(req, battle, number, check, "どの武器（技能）での攻撃ですか？",
                                           weapons, lambda i: f"w{i}")]
            if target is None:
                return [], [self._question(req, battle, number, check, f"{weapons[weapon]}で、誰への攻撃ですか？",
                                           targets, lambda j: f"w{weapon}t{j}")]
            return self._ruled(req, system, loaded, step, check, weapons[weapon], targets[target], view)
        return await self.battles.transact(req, make, history=True)

    def _question(self, req: Request, battle: int, number: int, check, question: str, names: list[str],
                  code) -> Reply:
        """The KP's private question, one button per name (``code(index)`` its choice)."""
        head = f"⚖ {check.unit}の〈{check.purpose}〉（出目 {check.roll}・目標値 {check.target}%）を攻撃として扱います。"
        shown = names[:buttons.MAX_CHOICES]
        return Reply(text=clip(f"{head}{question}"), ephemeral=True, to=req.user,
                     buttons=tuple(Button(name, buttons.encode_key(battle, f"atk{number}", code(i)), "primary")
                                   for i, name in enumerate(shown)))

    def _ruled(self, req: Request, system, loaded: Loaded, step: Step, check, weapon: str, target: str,
               view: BattleView):
        """The keeper action: the ruling (its line says it; a hidden NPC's numbers stay the
        KP's), the check taken back, the attack with the check's die."""
        hidden = any(r.name == check.unit and r.hidden for r in view.rows)
        numbers = "" if hidden else f"（出目 {check.roll}・目標値 {check.target}%）"
        ruling = kc.KeeperRuling(by=req.user, action=AS_ATTACK,
                                 detail=f"{check.unit}の〈{check.purpose}〉{numbers}を{weapon}で{target}への攻撃として")
        marker = StepStarted(step=loaded.next_step, by=req.user,
                             command=command_record(kc.Override(issuer=req.user, result=AS_ATTACK, keeper=True)),
                             label=f"[{AS_ATTACK}]", speaker=req.name)
        draft = Draft(system, loaded)
        draft.add([marker, ruling, StepsReverted(steps=[step.number], by=req.user, reason="override")])
        base = command_from_record(step.command)
        attack = cmds.Attack(issuer=base.issuer, as_unit=base.as_unit, keeper=base.keeper, allow=base.allow,
                             target=target, weapon=weapon)
        try:
            attack = dataclasses.replace(attack, modifier=check.target - _attack_target(system, draft, attack, check))
            draft.decide(attack, KeptDie(check.roll, self.battles.dice), step.by, step.label, joined=True,
                         speaker=step.speaker)
        except RuleViolation as exc:
            raise InvalidInput(f"{exc.text()}\n攻撃として扱えませんでした（判定はそのままです）。") from None
        return draft.events, []  # the ruling's own line says it (in the log too)


def _check_of(step: Step | None):
    """The check a plain skill-check step rolled (its ``CheckRolled``), or None."""
    if step is None or not step.command or step.command.get("type") != "SkillCheck" or step.command.get("target"):
        return None
    return next((e for e in step.events if type(e).__name__ == "CheckRolled"), None)


def _attack_target(system, draft: Draft, attack: cmds.Attack, check) -> int:
    """The % the rules would roll ``attack``'s hit against (tried on the draft's state, never
    changed); the check's own when the trial rolls no check for the unit."""
    events = system.decide(draft.state, attack, KeptDie(check.roll, _AnyFace()))
    rolled = next((e for e in events if type(e).__name__ == "CheckRolled" and e.unit == check.unit), None)
    return rolled.target if rolled is not None else check.target


def _weapons(view: BattleView, unit: str) -> list[str]:
    """What ``unit`` can attack with now: the unarmed attacks every character has (こぶし,
    キック, 組み付き, 頭突き), then its weapons that are not broken, dropped or unable to fire."""
    row = next((r for r in view.rows if r.name == unit), None)
    if row is None:
        return []
    held = [w["name"] for w in row.weapons if not (w.get("broken") or w.get("dropped") or w.get("cannot_fire"))]
    return [*(w.name for w in UNARMED_WEAPONS if w.name not in held), *held]


def _targets(view: BattleView, unit: str) -> list[str]:
    """The units on the other side of ``unit`` that are not out of action, in the board's order."""
    own = next((r for r in view.rows if r.name == unit), None)
    if own is None:
        return []
    return [r.name for r in view.rows if r.name != unit and (r.owner is None) != (own.owner is None)
            and not any(c in OUT_OF_ACTION for c in r.conditions)]


def _index(picked, group: str, names: list[str]) -> int | None:
    """The index the KP chose in ``group`` (``weapon``, ``target``), the only one when there is
    one, else None (still to ask). Raises InvalidInput for an index out of range."""
    if len(names) == 1:
        return 0
    value = picked[group] if picked is not None else None
    if value is None:
        return None
    if int(value) >= len(names):
        raise InvalidInput(STALE)
    return int(value)
