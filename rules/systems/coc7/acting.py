"""What every attack of a 7th-edition battle checks first, and the weapon it uses: the
actor's turn (rules.systems.coc6.attack.require_turn: the same words in every CoC system),
nothing pending, a living target, attacks left this round (7-ATK-01), an attack not given up
by diving for cover (7-FIRE-06), a pinned unit only breaking free (7-MAN-08)."""
from __future__ import annotations

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.coc7.weapons import Weapon7, known
from rules.errors import InvalidInput, forbid
from rules.systems.coc6.attack import attacker_and_target, require_no_pending, require_turn
from rules.systems.coc7.state import PINNED, Coc7State, Coc7Unit

__all__ = ["begin", "choose_weapon", "require_no_pending", "require_turn", "usable"]


def begin(d: Decision[Coc7State], cmd: Attack) -> tuple[Coc7Unit, Coc7Unit]:
    """The acting unit and its target, after the checks every attack passes.

    Raises InvalidInput (not its turn, a question open, no or a dead target, itself) or
    RuleViolation 7-ATK-01 (no attack left this round), 7-FIRE-06 (the attack was given up
    by diving for cover), all liftable with ``/kp allow``."""
    state = d.state
    actor, target = attacker_and_target(state, cmd)
    assert isinstance(actor, Coc7Unit) and actor.sheet is not None and isinstance(target, Coc7Unit)
    forfeit = actor.marks.get("forfeit")
    if forfeit is not None and forfeit <= state.round:
        forbid("7-FIRE-06", f"{actor.id}は身を投げ出したので、この手番は攻撃できません。")
    allowed = max(1, actor.sheet.attacks)
    if actor.actions >= allowed:
        forbid("7-ATK-01", f"{actor.id}が1ラウンドに攻撃できるのは{allowed}回までです（この手番はもう攻撃しました）。")
    return actor, target


def require_free(actor: Coc7Unit, target: Coc7Unit, maneuver: bool) -> None:
    """7-MAN-08: a pinned unit (押さえ込み) may only try to break free: a maneuver against
    the unit that holds it."""
    if PINNED in actor.conditions and not (maneuver and actor.marks.get("held_by") == target.id):
        holder = actor.marks.get("held_by") or "相手"
        forbid("7-MAN-08", f"{actor.id}は押さえ込まれているので、{holder}へのマヌーバー（振りほどく）しかできません。")


def choose_weapon(unit: Coc7Unit, name: str | None) -> Weapon7:
    """The weapon ``name`` (another name of a built-in one: 素手 is こぶし; or a skill's
    speciality: 拳銃 is the one 〈射撃（拳銃）〉 weapon), else the weapon in hand, else the
    sheet's first, else こぶし; raises InvalidInput naming the unit's weapons for an unknown one."""
    assert unit.sheet is not None
    wanted = name or unit.in_hand
    weapon = unit.sheet.weapon(wanted) if wanted else None
    if weapon is None and name:
        alias = known(name)  # 素手 → こぶし, リボルバー → .38リボルバー
        weapon = (unit.sheet.weapon(alias.name) if alias else None) or _by_skill(unit, name)
    if weapon is None:
        if name:
            names = "、".join(w.name for w in unit.sheet.all_weapons)
            raise InvalidInput(f"{unit.id}は「{name}」を持っていません。使える武器: {names}")
        weapon = unit.sheet.all_weapons[0]
    return weapon


def _by_skill(unit: Coc7Unit, word: str) -> Weapon7 | None:
    """The one weapon of the unit whose skill's speciality is ``word`` (拳銃 → 射撃（拳銃）)."""
    assert unit.sheet is not None
    fits = [w for w in unit.sheet.all_weapons if f"（{word}）" in w.skill or w.skill == word]
    return fits[0] if len(fits) == 1 else None


def usable(unit: Coc7Unit, weapon: Weapon7) -> None:
    """Refuse a dropped weapon (7-MAN-10) and a jammed gun (7-FIRE-07)."""
    arm = unit.arms.get(weapon.name)
    if arm is None:
        return
    if arm.dropped:
        forbid("7-MAN-10", f"{unit.id}は{weapon.name}を落としています（「武器を拾う」で拾えます）。")
    if arm.jammed:
        forbid("7-FIRE-07", f"{weapon.name}は故障しています（KPが /kp set target:{unit.id} field:{weapon.name}.故障 value:0 で直せます）。")
