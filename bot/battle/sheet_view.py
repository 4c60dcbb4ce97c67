"""The battles as the sheet side asks about them (bot.sheets.table.BattleLookup): who keeps
a channel, its units, the sheets of a battle's units now."""
from __future__ import annotations

from bot.battle.battles import Battles, unit_owners
from bot.battle.draft import Loaded
from bot.commands.request import Request
from bot.render.session_log import BattleSteps
from bot.sheets.edition import system_edition
from rules.battle.events import UnitJoined
from rules.coc6.character import Character
from rules.coc7.character import Investigator, is_investigator


class SheetView:
    """:class:`bot.sheets.table.BattleLookup` over ``battles``."""

    def __init__(self, battles: Battles) -> None:
        self.battles = battles

    async def in_battle(self, channel: str) -> bool:
        return await self.battles.active(channel) is not None

    async def battle_edition(self, channel: str) -> str | None:
        found = await self.battles.active_loaded(channel)
        return system_edition(found[0]) if found else None

    async def keeper(self, channel: str) -> str | None:
        return await self.battles.keeper_of(channel)

    async def latest_keeper(self, channel: str) -> str | None:
        record = await self.battles.active(channel) or await self.battles.latest(channel)
        return record.keeper if record else None  # the row follows /kp handover

    async def is_kp(self, req: Request, keeper: str | None) -> bool:
        return await self.battles.is_kp(req, keeper)

    async def units(self, channel: str) -> dict[str, str | None]:
        found = await self.battles.active_loaded(channel)
        return unit_owners(found[1].state) if found else {}

    async def mover(self, channel: str, unit: str) -> str | None:
        found = await self.battles.active_loaded(channel, fresh=True)
        held = found[1].state.units.get(unit) if found else None
        return (held.owner or found[1].state.keeper) if held else None

    async def shown_units(self, req: Request) -> tuple[dict[str, tuple[Character | Investigator, object]], bool] | None:
        record = await self.battles.active(req.channel)
        if record is None:
            return None
        system, loaded = await self.battles.loaded(record, history=True)
        rows = {row.name: row for row in (loaded.view or system.view(loaded.state)).rows}
        units = {unit: (sheet, rows[unit]) for unit, sheet in battle_sheets(loaded).items() if unit in rows}
        return units, await self.battles.is_kp(req, loaded.state.keeper)

    async def steps(self, battle_id: int) -> BattleSteps | None:
        record = await self.battles.store.battle(battle_id)
        if record is None:
            return None
        system, loaded = await self.battles.loaded(record, history=True)
        return BattleSteps(system.title, loaded.steps, system.view(loaded.state))


def battle_sheets(loaded: Loaded) -> dict[str, Character | Investigator]:
    """``{unit: sheet}`` of the units in a battle now: a CoC unit's current sheet (with the
    KP's ``/kp set`` changes; a 7th-edition unit's investigator), else the sheet it joined with."""
    joined = {e.unit: e.sheet for e in loaded.events if isinstance(e, UnitJoined)}
    return {unit.id: getattr(unit, "character", None) or getattr(unit, "sheet", None) or _sheet(joined[unit.id])
            for unit in loaded.state.units.values() if unit.id in joined}


def _sheet(data: dict) -> Character | Investigator:
    """A joined sheet dict as its edition's sheet."""
    return Investigator.from_dict(data) if is_investigator(data) else Character.from_dict(data)
