"""Firearms (H-FIRE-01..08, H-FIRE-PB-01..03, H-FIRE-UNAIM-01..03): single, semi-auto and
full-auto firings with every bullet rolled and the growing burst penalty, the −20% obstacle,
point-blank shots, unaimed fire and two handguns. Guns cannot be dodged or blocked
(H-DEF-DODGE-02, H-DEF-BLOCK-03); only a point-blank shot may be parried."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from rules.battle.commands import Attack
from rules.battle.decision import Decision
from rules.battle.state import Pending
from rules.coc6.check import SuccessLevel, roll_check
from rules.coc6.weapons import ParryClass, Weapon
from rules.dice import Dice
from rules.errors import InvalidInput, RuleViolation, forbid
from rules.systems.coc6 import ammo
from rules.systems.coc6 import events as ce
from rules.systems.coc6.attack import check_limit, check_reach, check_weapon_usable
from rules.systems.coc6.called_shot import aim_context, called_shot, canonical_aim
from rules.systems.coc6.checks import bands
from rules.systems.coc6.hide import hidden_divisor
from rules.systems.coc6.impale import impale_mode
from rules.systems.coc6.config import CocRules
from rules.systems.coc6.damage import damage_expression, roll_damage
from rules.systems.coc6.grid import obstacle_between
from rules.systems.coc6.hit import Incoming, finish, land_each
from rules.systems.coc6.options import ORDER, available
from rules.systems.coc6.parrying import declaration_refusal
from rules.systems.coc6.state import CocState, CocUnit

SINGLE, SEMI, FULL, UNAIMED = "単発", "セミオート", "フルオート", "未照準"
SHOTS = {SINGLE: 1, SEMI: 3, FULL: 6}
"""Shots per 1 AP: H-FIRE-03/04 (single), H-FIRE-05 (semi-auto), H-FIRE-06 (full-auto)."""
STEP = {SINGLE: 0, SEMI: 5, FULL: 10}
"""H-FIRE-07: from the 2nd shot of a burst, −5% (semi) / −10% (full) more per shot."""
OBSTACLE = 20
"""H-FIRE-02: −20% with an obstacle between attacker and target."""
POINT_BLANK = "ゼロ距離射撃"
POINT_BLANK_EXTRA = "+1D4"
"""H-FIRE-PB-02: a point-blank shot hits automatically and deals +1D4."""
PB_PARRY = frozenset({ParryClass.FIST, ParryClass.KICK, ParryClass.GRAPPLE, ParryClass.SWORD,
                      ParryClass.MACE, ParryClass.CLUB, ParryClass.KNIFE, ParryClass.SPEAR,
                      ParryClass.SHIELD})
"""H-FIRE-PB-03: a point-blank shot may be parried with punch, kick, 〈組み付き〉, 〈武道〉 or a
melee weapon."""


def parse_mode(text: str | None) -> tuple[str, bool]:
    """``mode:`` → ``(fire mode, unaimed)``: ``"未照準セミオート"`` → (セミオート, True)."""
    key = unicodedata.normalize("NFKC", text or "").replace(" ", "")
    unaimed = UNAIMED in key
    key = key.replace(UNAIMED, "").strip("・/")
    if not key or key in (SINGLE, "単射"):
        return SINGLE, unaimed
    if key in (SEMI, "セミ", "3点バースト"):
        return SEMI, unaimed
    if key in (FULL, "フル"):
        return FULL, unaimed
    raise InvalidInput(f"射撃モード「{text}」は使えません。選べるのは: 単発、セミオート、フルオート、未照準")


def targets(skill: int, mode: str, shots: int, unaimed: bool) -> list[int]:
    """Each shot's target %: ``skill`` (modifiers already added) less the burst step for
    shots 2.. (cumulative, H-FIRE-07), then ×1/3 rounded down when unaimed (H-FIRE-UNAIM-03,
    X-MOD-01, X-ROUND-01); never below 0."""
    out = []
    for k in range(shots):
        value = max(0, skill - STEP[mode] * k)
        out.append(value // 3 if unaimed else value)
    return out


@dataclass(frozen=True)
class Volley:
    """One gun's part of a firing: ``weapon``, its ``mode`` and the target % of each shot."""

    weapon: Weapon
    mode: str
    shots: tuple[int, ...]


def fire(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
         weapon: Weapon, dice: Dice) -> None:
    """``/attack weapon:<gun> [mode:] [shots:]``: one firing, 1 AP, at most two per turn
    (H-FIRE-01). ``shots:`` fires fewer bullets than the mode gives (rounds left, H-FIRE-05).

    Raises RuleViolation: H-FIRE-03 (a burst mode the gun does not have), H-FIRE-01 (third
    firing), H-ATK-02 (no AP), X-REACH-01 (out of range), X-AMMO-02 (no round left: the
    refusal names 「リロード」); with fewer rounds left than the mode shoots, the rest is fired.
    """
    mode, unaimed = parse_mode(cmd.mode)
    if cmd.mode is None and weapon.rof and SINGLE not in weapon.rof:
        mode = weapon.rof[0]  # a machine gun fires its bursts without being told (X-WPN-01)
    if mode not in (weapon.rof or (SINGLE,)):
        raise RuleViolation("H-FIRE-03", f"{weapon.name}は{'・'.join(weapon.rof or (SINGLE,))}しか撃てません。")
    count = SHOTS[mode] * (2 if unaimed else 1)
    if cmd.shots is not None:
        if cmd.shots < 1:
            raise InvalidInput("shots: には1以上の弾数を指定してください。")
        count = min(count, cmd.shots)
    skill, pb = _prepare(rules, d.state, cmd, actor, target, [weapon])
    count = _loaded(rules, actor, weapon, count)
    assert actor.character is not None
    volley = Volley(weapon, mode, tuple(targets(actor.character.weapon_skill(weapon) + skill, mode, count, unaimed)))
    special = POINT_BLANK if pb else (UNAIMED if unaimed else None)
    _shoot(rules, d, actor, target, [volley], pb, special, mode if not unaimed else f"{UNAIMED}{mode}", dice,
           cmd.aim)


def two_guns(rules: CocRules, d: Decision[CocState], cmd: Attack, actor: CocUnit, target: CocUnit,
             dice: Dice) -> None:
    """``/attack special:2丁拳銃 [weapon:A,B] [mode:]``: both handguns fire their shots for the
    AP, every shot at 1/3 of that gun's skill; together one attack of 1 AP (H-FIRE-UNAIM-02).

    Raises RuleViolation H-FIRE-UNAIM-02 without two handguns.
    """
    assert actor.character is not None
    names = split_names(cmd.weapon)
    guns = [actor.character.weapon(n) for n in names] if names else \
        [w for w in actor.character.weapons if w.parry_class is ParryClass.HANDGUN][:2]
    if len(guns) != 2 or any(g is None or g.parry_class is not ParryClass.HANDGUN for g in guns):
        raise RuleViolation("H-FIRE-UNAIM-02", "2丁拳銃には拳銃が2丁必要です（weapon:拳銃A,拳銃B）。")
    mode, _ = parse_mode(cmd.mode)
    skill, pb = _prepare(rules, d.state, cmd, actor, target, guns)  # type: ignore[arg-type]
    volleys = []
    for gun in guns:
        assert gun is not None
        if mode not in (gun.rof or (SINGLE,)):
            raise RuleViolation("H-FIRE-03", f"{gun.name}は{'・'.join(gun.rof or (SINGLE,))}しか撃てません。")
        count = _loaded(rules, actor, gun, SHOTS[mode])
        volleys.append(Volley(gun, mode, tuple(targets(actor.character.weapon_skill(gun) + skill, mode,
                                                        count, True))))
    _shoot(rules, d, actor, target, volleys, pb, POINT_BLANK if pb else "2丁拳銃", f"2丁拳銃・{mode}", dice,
           cmd.aim)


def split_names(text: str | None) -> list[str]:
    """``"A,B"`` / ``"A・B"`` / ``"A＋B"`` → ``["A", "B"]``; [] for None."""
    if not text:
        return []
    key = unicodedata.normalize("NFKC", text)
    for sep in ("、", "・", "+", "/", "&"):
        key = key.replace(sep, ",")
    return [n.strip() for n in key.split(",") if n.strip()]


def _loaded(rules: CocRules, actor: CocUnit, gun: Weapon, count: int) -> int:
    """The shots ``gun`` fires of ``count``: all while rounds are left, else those left
    (X-AMMO-01, H-FIRE-05). An empty gun was refused already (check_weapon_usable, X-AMMO-02);
    when the KP allowed it, it fires ``count`` with nothing to take from."""
    left = ammo.rounds_left(actor, gun)
    return count if not left else min(count, left)


def _prepare(rules: CocRules, state: CocState, cmd: Attack, actor: CocUnit, target: CocUnit,
             guns: list[Weapon]) -> tuple[int, bool]:
    """Checks shared by a firing; returns ``(modifier %, point-blank)``: the obstacle's −20%
    (H-FIRE-02) when the map shows one between them; point-blank at distance 0
    (X-TOUCH-01, H-FIRE-PB-01)."""
    gap = None
    for gun in guns:
        check_weapon_usable(rules, state, actor, gun)
        gap = check_reach(state, actor, target, gun)
    check_limit(rules, state, actor, guns[0], 1)
    modifier = cmd.modifier + called_shot(state, target, cmd.aim).modifier
    if actor.square and target.square and obstacle_between(state, actor.square, target.square):
        modifier -= OBSTACLE
    return modifier, gap == 0


def _shoot(rules: CocRules, d: Decision[CocState], actor: CocUnit, target: CocUnit, volleys: list[Volley],
           pb: bool, special: str | None, label: str, dice: Dice, aim_name: str | None = None) -> None:
    """Declare one firing, roll every bullet (H-FIRE-08) or hit automatically point-blank,
    roll each hit's damage, then let them land (or ask the target, who may only hide,
    or parry a point-blank shot)."""
    state = d.state
    number = state.next_attack
    divisor = hidden_divisor(actor, target)  # H-DEF-HIDE-05: halved while either side hides
    if divisor > 1:
        volleys = [Volley(v.weapon, v.mode, tuple(s // divisor for s in v.shots)) for v in volleys]
        label += "［隠れている: 1/2］"
    first = volleys[0]
    d.emit(ce.AttackDeclared(attack=number, attacker=actor.id, target=target.id,
                             weapon="・".join(v.weapon.name for v in volleys), skill=first.shots[0],
                             ap=1 if rules.uses_ap else 0, special=special, aim=canonical_aim(aim_name)))
    hits: list[tuple[Weapon, str]] = []  # each bullet that hit, and how it impales (X-IMPALE-01)
    special_hit = False  # a bullet hit with a special or critical
    jams = ammo.jams_on(state)
    for volley in volleys:
        fired = 0
        for k, value in enumerate(volley.shots, start=1):
            fired += 1
            if pb:
                hits.append((volley.weapon, ""))
                continue
            shot = ammo.shot(roll_check(value, dice, bands(state)), volley.weapon, jams)
            d.emit(ce.CheckRolled(unit=actor.id, purpose=f"{volley.weapon.name} {label} {k}発目", target=value,
                                  roll=shot.roll, level=shot.level.value, text=shot.text, attack=number))
            if shot.jammed:  # X-JAM-01: the rest of this gun's firing is not fired
                d.emit(ammo.GunJammed(unit=actor.id, weapon=volley.weapon.name, jammed=True, roll=shot.roll,
                                      number=shot.number))
                break
            if shot.hit:
                hits.append((volley.weapon, impale_mode(state, volley.weapon, shot.level.value, shot.roll, value)))
                special_hit = special_hit or shot.level in (SuccessLevel.SPECIAL, SuccessLevel.CRITICAL)
        used = ammo.spent(actor, volley.weapon, fired)  # X-AMMO-01: each shot fired uses a round
        if used is not None:
            d.emit(used)
    if not hits:
        d.emit(ce.AttackResolved(attack=number, outcome="全弾外れた"))
        return
    aim = called_shot(state, target, aim_name)
    extra = (POINT_BLANK_EXTRA if pb else "") + aim.extra
    two = len(volleys) > 1  # 2丁拳銃: each bullet names the gun that hit
    damages = [roll_damage(d, number, target.id, damage_expression(w, "", extra, impale=imp), dice, impale=bool(imp),
                           weapon=w.name if two else "") for w, imp in hits]
    context = {"level": "成功", "number": number, "special": special, "bullets": damages,
               **({"bullet_weapons": [w.name for w, _ in hits]} if two else {}),
               "damage": sum(damages), "attacker": actor.id, "weapon": first.weapon.to_dict(),
               "parry_weapons": [], "aim": canonical_aim(aim_name), **aim_context(aim)}
    context.pop("extra", None)
    on_special = context.pop("effects_on_special", [])
    if special_hit:  # a special bullet on an arm drops the weapon (H-CALL-ARM-04), as a melee special does
        context["effects"] = list(context.get("effects", [])) + list(on_special)
    inc = Incoming(number, actor.id, first.weapon, target.id, context)
    target = d.state.coc_unit(target.id)
    options = [] if target.out_of_action else available(rules, d.state, target, inc, ORDER)[:-1]
    if pb and not target.out_of_action and target.uses_left("受け流し") > 0 \
            and declaration_refusal(rules, d.state, target, actor.id) is None:  # H-DEF-PARRY-01/02
        options.append("受け流し")
    if target.out_of_action:
        land_bullets(d, inc, dice)
        return
    # Asked even with only なし: firearms "normally" cannot be dodged (H-DEF-DODGE-02), so the
    # target may still answer 回避 and the KP may /kp allow it.
    d.emit(ce.ReactionRequested(attack=number, unit=target.id, attacker=actor.id, options=options + ["なし"],
                                context=context))


def land_bullets(d: Decision[CocState], inc: Incoming, dice: Dice) -> None:
    """Every bullet that hit lands on its own (armour against each, H-DEF-06)."""
    finish(d, inc, land_each(d, inc, dice))


def point_blank_parry(rules: CocRules, d: Decision[CocState], unit: CocUnit, pending: Pending,
                      weapon_name: str | None, dice: Dice) -> None:
    """〈受け流し〉 of a point-blank shot with punch, kick, 〈組み付き〉, 〈武道〉 or a melee
    weapon (H-FIRE-PB-03); a success deflects the shot (no damage). Uses the round's parry.

    Raises RuleViolation H-FIRE-PB-03 for another weapon, H-DEF-01 when the parry is used,
    H-DEF-PARRY-01/02 without 〈武道〉/〈マーシャルアーツ〉 enough and no parry declared against
    the shooter.
    """
    assert unit.character is not None
    if unit.uses_left("受け流し") <= 0:
        forbid("H-DEF-01", f"{unit.id}はこのラウンドすでに受け流しを使いました。")
    inc = Incoming.of(pending)
    undeclared = declaration_refusal(rules, d.state, unit, inc.attacker)
    if undeclared is not None:
        raise undeclared
    weapon = unit.character.weapon(weapon_name) if weapon_name else None
    budo = None
    if weapon_name and weapon_name.startswith("武道"):
        budo = max(unit.character.budo_skills().items(), key=lambda kv: kv[1], default=None)
    elif weapon is None:
        weapon = next((w for w in unit.character.all_weapons if w.parry_class in PB_PARRY), None)
    if budo is None and (weapon is None or weapon.parry_class not in PB_PARRY):
        raise RuleViolation("H-FIRE-PB-03", "ゼロ距離射撃を受け流せるのは、こぶし・キック・組み付き・武道・近接武器だけです。")
    name, value = budo if budo else (weapon.name, unit.character.weapon_skill(weapon))  # type: ignore[union-attr]
    d.emit(ce.ReactionChosen(attack=inc.number, unit=unit.id, action="受け流し", weapon=name))
    d.emit(ce.ReactionUsed(unit=unit.id, action="受け流し"))
    check = roll_check(value, dice, bands(d.state))
    d.emit(ce.CheckRolled(unit=unit.id, purpose=f"受け流し（{name}）", target=value, roll=check.roll,
                          level=check.level.value, text=check.text(), attack=inc.number))
    if check.succeeded:
        finish(d, inc, f"{unit.id}は銃口をそらした（ゼロ距離射撃を受け流した）")
    else:
        land_bullets(d, inc, dice)

