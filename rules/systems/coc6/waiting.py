"""An attack on a player's unit whose round-start declaration is still awaited waits, it is
not refused (issue 22): the attack is kept (:class:`AttackWaiting`), the channel is told,
and it runs by itself, with the dice of that moment, as soon as the target answers (a
declaration, 「宣言しない」, acting) or the KP closes the window (``/kp close``, the timeout).

The window itself (who is awaited) is window.py; 受け流し must be declared before the blow
(H-DEF-PARRY-01 / P-PARRY-02), which is why the blow waits. Attacks on the KP's NPCs never wait
(the KP declares for them with ``as:``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.events import Event, event
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, lifting
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.state import CocState, CocUnit

AttackFn = Callable[[CocRules, Decision[CocState], Attack, Dice], None]
"""A system's ``/attack`` (the shared one, or coc6-budo's)."""


@event("coc.attack_waiting")
@dataclass(frozen=True)
class AttackWaiting(Event):
    """``attacker``'s attack on ``target`` waits for ``target``'s round-start answer;
    ``command`` holds the /attack's fields (target, weapon, special, aim, mode, shots,
    modifier, power, issuer, as_unit, keeper, allow as a list)."""

    attacker: str
    target: str
    command: dict


@event("coc.waiting_attack_released")
@dataclass(frozen=True)
class WaitingAttackReleased(Event):
    """The waiting attack of ``attacker`` leaves the queue: it runs now (``reason`` empty;
    its events follow), or it is dropped with ``reason`` (Japanese: the attacker's turn
    ended, the attack is no longer possible …)."""

    attacker: str
    target: str
    reason: str = ""


class TargetAwaited(Exception):
    """Raised by the attack checks (attack.begin) after every other check has passed, when
    the target's declaration is awaited: the caller queues the attack instead."""

    def __init__(self, attacker: str, target: str) -> None:
        super().__init__(attacker, target)
        self.attacker, self.target = attacker, target


def awaited(state: CocState, target: CocUnit) -> bool:
    """Whether an attack on ``target`` must wait: a player's unit whose round-start
    declaration this round is still awaited (NPCs never make an attack wait)."""
    return target.owner is not None and target.id in state.declaring


def _command_fields(cmd: Attack) -> dict:
    raw = asdict(cmd)
    raw["allow"] = sorted(cmd.allow)
    return raw


def _command(raw: dict) -> Attack:
    return Attack(**{**raw, "allow": frozenset(raw.get("allow") or ())})


def attack_or_wait(rules: CocRules, d: Decision[CocState], cmd: Attack, dice: Dice, attack: AttackFn) -> None:
    """``/attack``: run ``attack``; when the target's declaration is awaited
    (:class:`TargetAwaited`, raised before anything is rolled or emitted), keep the attack
    instead. Raises InvalidInput when the attacker already has a waiting attack."""
    try:
        attack(rules, d, cmd, dice)
    except TargetAwaited as waits:
        assert not d.events, "the attack checks raise before anything happens"
        queued = next((w for w in d.state.waiting if w["attacker"] == waits.attacker), None)
        if queued is not None:
            raise InvalidInput(f"{waits.attacker}の{queued['target']}への攻撃がすでに宣言を待っています。"
                               "その攻撃が済んでから次の攻撃をしてください。") from None
        d.emit(AttackWaiting(attacker=waits.attacker, target=waits.target, command=_command_fields(cmd)))


def release(rules: CocRules, d: Decision[CocState], dice: Dice | None, attack: AttackFn) -> None:
    """After a decision: run every waiting attack whose target is no longer awaited, each
    on a scratch copy first so that a refusal (the attacker's turn is over, the target fell)
    drops the attack with its reason instead of refusing the command that released it."""
    state = d.state
    for entry in list(state.waiting):
        if state.turn != entry["attacker"]:
            reason = f"{entry['attacker']}の手番が終わったため取り消しました"
            d.emit(WaitingAttackReleased(attacker=entry["attacker"], target=entry["target"], reason=reason))
            continue
        target = state.units.get(entry["target"])
        if dice is None or (target is not None and awaited(state, target)):
            continue
        cmd = _command(entry["command"])
        trial = d.branch()
        trial.emit(WaitingAttackReleased(attacker=entry["attacker"], target=entry["target"]))
        try:
            with lifting(cmd.allow):
                attack(rules, trial, cmd, dice)
        except RuleViolation as refused:
            d.emit(WaitingAttackReleased(attacker=entry["attacker"], target=entry["target"],
                                         reason=f"攻撃できなくなりました: {refused.text()}"))
            continue
        for e in trial.events:
            d.emit(e)


def notes(state: CocState, unit_id: str) -> tuple[str, ...]:
    """The status note of ``unit_id``'s waiting attack: ``("アリスへの攻撃が宣言待ち",)``."""
    return tuple(f"{w['target']}への攻撃が宣言待ち" for w in state.waiting if w["attacker"] == unit_id)


def _waiting(state: CocState, e: AttackWaiting) -> None:
    state.waiting.append({"attacker": e.attacker, "target": e.target, "command": dict(e.command)})


def _released(state: CocState, e: WaitingAttackReleased) -> None:
    state.waiting = [w for w in state.waiting if w["attacker"] != e.attacker]


WAITING_HANDLERS = {AttackWaiting: _waiting, WaitingAttackReleased: _released}
"""The queue's events, merged into evolve's table."""
