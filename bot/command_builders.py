"""Turning a request's options into the rules command it asks for (the battle commands
that go through :meth:`bot.service.Service.transact`): ``BUILDERS[path](service, request,
state)`` returns the command, or a coroutine of it when a character has to be loaded."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot import options as opt
from bot.characters import check_name
from rules.battle import commands as cmds
from rules.battle.state import BattleState
from rules.errors import InvalidInput

if TYPE_CHECKING:
    from bot.service import Request, Service


async def _join(service: Service, req: Request, state: BattleState) -> cmds.Command:
    scope = req.guild or "console"
    name = opt.text(req.options, "character")
    if not name:
        mine = await service.characters.owned(scope, req.user)
        if len(mine) != 1:
            raise InvalidInput("character: で参加するキャラクターを指定してください。")
        name = mine[0]
    character = await service.characters.load_own(scope, req.user, name)
    return cmds.Join(issuer=req.user, name=character.name, sheet=character.to_dict())


async def _add(service: Service, req: Request, state: BattleState) -> cmds.Command:
    scope = req.guild or "console"
    name = opt.text(req.options, "name")
    if not name:
        raise InvalidInput("name: にNPCの名前を指定してください。")
    check_name(name)
    character = await service.characters.load(scope, opt.text(req.options, "character") or name)
    sheet = {**character.to_dict(), "name": name}
    return cmds.Join(issuer=req.user, name=name, sheet=sheet, npc=True, hidden=opt.boolean(req.options, "hidden"))


def _as(req: Request) -> str | None:
    return opt.text(req.options, "as")


BUILDERS = {
    "battle join": _join,
    "battle add": _add,
    "battle start": lambda s, r, st: cmds.Start(issuer=r.user),
    "battle end": lambda s, r, st: cmds.EndBattle(issuer=r.user),
    "battle remove": lambda s, r, st: cmds.Remove(issuer=r.user, name=opt.text(r.options, "name") or ""),
    "attack": lambda s, r, st: cmds.Attack(
        issuer=r.user, as_unit=_as(r), target=opt.text(r.options, "target") or "",
        weapon=opt.text(r.options, "weapon"), special=opt.text(r.options, "special"),
        aim=opt.text(r.options, "aim"), mode=opt.text(r.options, "mode"),
        shots=opt.integer(r.options, "shots", "shots"), modifier=opt.integer(r.options, "modifier", "modifier") or 0,
        power=opt.integer(r.options, "power", "power")),
    "react": lambda s, r, st: cmds.React(
        issuer=r.user, as_unit=_as(r), action=opt.text(r.options, "action") or "",
        weapon=opt.text(r.options, "weapon"), target=opt.text(r.options, "target"),
        object=opt.text(r.options, "object"), power=opt.integer(r.options, "power", "power")),
    "declare": lambda s, r, st: cmds.Declare(
        issuer=r.user, as_unit=_as(r), action=opt.text(r.options, "action") or "",
        target=opt.text(r.options, "target"), amount=opt.integer(r.options, "amount", "amount")),
    "end": lambda s, r, st: cmds.EndTurn(issuer=r.user, as_unit=_as(r)),
    "wait": lambda s, r, st: cmds.Wait(issuer=r.user, as_unit=_as(r)),
    "escape": lambda s, r, st: cmds.Escape(issuer=r.user, as_unit=_as(r),
                                           power=opt.integer(r.options, "power", "power")),
    "move": lambda s, r, st: cmds.Move(issuer=r.user, as_unit=_as(r), to=opt.text(r.options, "to") or ""),
    "check": lambda s, r, st: cmds.SkillCheck(issuer=r.user, as_unit=_as(r), skill=opt.text(r.options, "skill") or "",
                                              modifier=opt.integer(r.options, "modifier", "modifier") or 0,
                                              target=opt.text(r.options, "target")),
    "kp place": lambda s, r, st: cmds.Place(issuer=r.user, name=opt.text(r.options, "name") or "",
                                            to=opt.text(r.options, "to") or ""),
    "kp object": lambda s, r, st: cmds.PlaceObject(issuer=r.user, name=opt.text(r.options, "name") or "",
                                                   siz=opt.integer(r.options, "siz", "siz"),
                                                   at=opt.text(r.options, "at"), kind=opt.text(r.options, "kind")),
}
