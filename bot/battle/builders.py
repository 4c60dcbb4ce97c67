"""Turning a request's options into the rules command it asks for (the commands decided
through :meth:`bot.battle.battles.Battles.decided`): ``BUILDERS[path](request, characters)``
returns the command, or a coroutine of it when a character has to be loaded."""
from __future__ import annotations

from bot.commands import options as opt
from bot.sheets.characters import CharacterBook, check_name
from bot.commands.spec import BY_PATH
from bot.commands.request import Request
from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.errors import InvalidInput


async def _join(req: Request, book: CharacterBook) -> cmds.Command:
    name = opt.text(req.options, "character")
    if not name:
        mine = await book.owned(req.scope, req.user)
        if len(mine) != 1:
            raise InvalidInput("character: で参加するキャラクターを指定してください。")
        name = mine[0]
    character = await book.load_own(req.scope, req.user, name)
    return cmds.Join(issuer=req.user, name=character.name, sheet=character.to_dict())


async def _add(req: Request, book: CharacterBook) -> cmds.Command:
    name = opt.text(req.options, "name")
    if not name:
        raise InvalidInput("name: にNPCの名前を指定してください。")
    check_name(name)
    character = await book.load_sheet(req.scope, opt.text(req.options, "character") or name, req.user)
    sheet = {**character.to_dict(), "name": name}
    return cmds.Join(issuer=req.user, name=name, sheet=sheet, npc=True, hidden=opt.boolean(req.options, "hidden"))


def _as(req: Request) -> str | None:
    return opt.text(req.options, "as")


def _text(req: Request, name: str) -> str:
    return opt.text(req.options, name) or ""


def _int(req: Request, name: str) -> int | None:
    return opt.integer(req.options, name, name)


def needs(*names: str):
    """``build`` checking first that ``req`` has the options ``names`` (Discord asks for a
    required option before sending; the console and chat may leave one out). Raises
    InvalidInput naming the missing ones and the command's form: «/kp order に name:（ユニット）、
    position:（何番目にするか・1から）を指定してください。例: /kp order name:… position:…»."""
    def wrap(build):
        def checked(req: Request, book: CharacterBook):
            cmd = BY_PATH[req.command]
            lacking = [o for o in cmd.options if o.name in names and opt.text(req.options, o.name) is None]
            if lacking:
                what = "、".join(f"{o.name}:（{o.desc.replace('（', '・').replace('）', '')}）" for o in lacking)
                form = " ".join(f"{o.name}:…" for o in cmd.options if o.name in names)
                raise InvalidInput(f"/{cmd.path} に {what}を指定してください。例: /{cmd.path} {form}")
            return build(req, book)
        return checked
    return wrap


BUILDERS = {
    "battle join": _join,
    "battle add": _add,
    "battle start": lambda r, b: cmds.Start(issuer=r.user),
    "battle remove": needs("name")(lambda r, b: cmds.Remove(issuer=r.user, name=_text(r, "name"))),
    "attack": lambda r, b: cmds.Attack(
        issuer=r.user, as_unit=_as(r), target=_text(r, "target"),
        weapon=opt.text(r.options, "weapon"), special=opt.text(r.options, "special"),
        aim=opt.text(r.options, "aim"), mode=opt.text(r.options, "mode"),
        shots=_int(r, "shots"), modifier=_int(r, "modifier") or 0, power=_int(r, "power"),
        bonus=_int(r, "bonus") or 0),
    "react": lambda r, b: cmds.React(
        issuer=r.user, as_unit=_as(r), action=_text(r, "action"),
        weapon=opt.text(r.options, "weapon"), target=opt.text(r.options, "target"),
        object=opt.text(r.options, "object"), power=_int(r, "power")),
    "declare": needs("action")(lambda r, b: cmds.Declare(
        issuer=r.user, as_unit=_as(r), action=_text(r, "action"),
        target=opt.text(r.options, "target"), amount=_int(r, "amount"))),
    "spell": needs("name", "mp")(lambda r, b: cmds.Cast(
        issuer=r.user, as_unit=_as(r), spell=_text(r, "name"), mp=_int(r, "mp") or 0,
        target=opt.text(r.options, "target"), power=_int(r, "power"))),
    "end": lambda r, b: cmds.EndTurn(issuer=r.user, as_unit=_as(r)),
    "wait": lambda r, b: cmds.Wait(issuer=r.user, as_unit=_as(r)),
    "escape": lambda r, b: cmds.Escape(issuer=r.user, as_unit=_as(r), power=_int(r, "power")),
    "move": lambda r, b: cmds.Move(issuer=r.user, as_unit=_as(r), to=opt.text(r.options, "to") or "",
                                   power=_int(r, "power")),
    "check": lambda r, b: cmds.SkillCheck(issuer=r.user, as_unit=_as(r), skill=_text(r, "skill"),
                                          modifier=_int(r, "modifier") or 0,
                                          target=opt.text(r.options, "target"), bonus=_int(r, "bonus") or 0,
                                          difficulty=opt.text(r.options, "difficulty")),
    "kp place": needs("name", "to")(lambda r, b: cmds.Place(issuer=r.user, name=_text(r, "name"), to=_text(r, "to"))),
    "kp object": lambda r, b: cmds.PlaceObject(issuer=r.user, name=_text(r, "name"), siz=_int(r, "siz"),
                                               at=opt.text(r.options, "at"), kind=opt.text(r.options, "kind")),
    "kp set": needs("target", "field", "value")(lambda r, b: kc.SetValue(
        issuer=r.user, target=_text(r, "target"), field=_text(r, "field"), value=_text(r, "value"))),
    "kp skip": lambda r, b: kc.SkipTurn(issuer=r.user),
    "kp rest": lambda r, b: kc.Rest(issuer=r.user, name=opt.text(r.options, "name") or ""),
    "kp close": lambda r, b: kc.CloseDeclarations(issuer=r.user),
    "kp order": needs("name", "position")(lambda r, b: kc.Reorder(
        issuer=r.user, name=_text(r, "name"), position=_int(r, "position"))),
    "kp handover": lambda r, b: kc.Handover(issuer=r.user, user=_text(r, "user")),
}
"""``{English path: build(request, characters) -> command (or a coroutine of it)}``."""


def decided_routes(battles, characters: CharacterBook, paths) -> dict:
    """``{path: async handler(request) -> replies}`` for the rules commands ``paths``: each
    builds its command (:data:`BUILDERS`) and decides it as one step of the channel's battle
    (:meth:`bot.battle.battles.Battles.decided`)."""
    def route(build):
        return lambda req: battles.decided(req, lambda: build(req, characters))
    return {path: route(BUILDERS[path]) for path in paths}
