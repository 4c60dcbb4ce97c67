"""Status changes typed as ココフォリア types them (issue 32; issue 29's 「KPがPCを直す」;
docs/sanity.md STAT-*): ``:HP-3``, ``:SAN-1D3``, ``:MP+2``, ``:HP=10``, ``:幸運-5`` and sealdice's
``.st hp-1`` change the speaker's own sheet; the KP's ``:アリス:HP-3`` changes anyone's; and
``:状態+気絶`` / ``:アリス:状態-一時的狂気`` a sheet's state (bot.sheets.madness).

- Dice are rolled and shown (``:HP-1D3`` → ``1D3 ＞ 2``).
- Bounds are kept: a current value never above its maximum nor below its floor (HP −99 on
  a 6th sheet as ``/char set`` allows, 0 on a 7th; MP and SAN 0; 幸運 0–99); a maximum is
  changed with ``/char set`` (STAT-02).
- A SAN decrease is a loss: it answers the palette SAN roll waiting for it, else it is
  followed as any loss is (bot.sheets.san_palette, SAN-PEND-01).
- A PC in the channel's battle: its HP is the battle's, changed through the battle's own
  ``/kp set`` (the rules' wounds and 気絶 follow, the step is logged and can be undone; the
  battle's end writes it back to the sheet). Only the KP changes a unit's HP in battle: the
  battle has applied its damage already (STAT-04). A state that is no madness goes to the
  battle's conditions the same way.

Every change is written with its session record before it is said.
"""
from __future__ import annotations

import dataclasses

from bot.commands.request import Request
from bot.render.reply import Reply, clip, private, public
from bot.sheets import limits
from bot.sheets.custom_tables import KeeperHere
from bot.sheets.growth import Growth
from bot.sheets.madness import Madness
from bot.sheets.exchange import sheet_of
from bot.sheets.san_flow import without_echo
from bot.sheets.san_palette import PaletteSan
from bot.sheets.session_notes import SessionNotes
from bot.sheets.table import BattleLookup, Dispatch
from bot.store import CharacterRecord, Store
from bot.store.sanity import SheetWrite
from rules.coc6.character import Character, hp_condition
from rules.coc7.character import Investigator, is_investigator
from rules.systems.coc7.state import DYING, MAJOR_WOUND
from rules.dice import Dice, DiceError, roll_expression
from rules.errors import InvalidInput
from rules.sanity.preset import MADNESS
from rules.sheet_lines import StateChange, StatusChange


def bounds(sheet: Character | Investigator, key: str) -> tuple[int, int]:
    """``(lowest, highest)`` the current ``key`` (HP, MP, SAN, 幸運) may take on ``sheet``."""
    if key == "HP":
        return (0 if isinstance(sheet, Investigator) else -99), sheet.hp_max
    if key == "MP":
        return 0, sheet.mp_max
    if key == "SAN":
        return 0, sheet.san_max
    return 0, 99


def current(sheet: Character | Investigator, key: str) -> int:
    """The current ``key`` of ``sheet`` (6th 幸運: POW×5, a roll and no value to change)."""
    if key == "幸運":
        return sheet.luck if isinstance(sheet, Investigator) else sheet.skill("幸運")
    return {"HP": sheet.hp, "MP": sheet.mp, "SAN": sheet.san}[key]


def with_value(sheet: Character | Investigator, key: str, value: int) -> Character | Investigator:
    """``sheet`` with the current ``key`` set to ``value`` (its bounds kept by the caller)."""
    if key == "幸運":
        return dataclasses.replace(sheet, luck=value) if isinstance(sheet, Investigator) else sheet.with_skill("幸運", value)
    field = {"HP": "hp_now", "MP": "mp_now", "SAN": "san_now"}[key]
    return dataclasses.replace(sheet, **{field: value})


def hp_note(name: str, before: int, after: int) -> str:
    """The line a 6th sheet's HP change ``before`` → ``after`` adds when it brings 気絶 or
    死亡 (X-HP-02, worded as the battle says it), '' when it brings no new one."""
    now = hp_condition(after)
    if now is None or now == hp_condition(before):
        return ""
    return f"\n{name}は{now[0]}した（耐久力{now[1]}以下、X-HP-02）。"


def hp_note7(name: str, before: int, after: int, wounds: tuple[str, ...]) -> str:
    """The line a 7th sheet's HP brought to 0 adds: 瀕死 with a major wound kept from a
    battle (7-HP-06), else 気絶 (7-HP-05); '' otherwise."""
    if after > 0 or before <= 0:
        return ""
    if MAJOR_WOUND in wounds:
        return f"\n{name}は瀕死状態になった（重傷でHP0、7-HP-06）。応急手当が要ります。"
    return f"\n{name}は気絶した（HP0、7-HP-05）。"


class StatusLines:
    """Status lines over ``store``; ``dispatch`` sends a battle's ``/kp set`` through the
    permission check; ``palette`` takes a SAN loss; ``madness`` a state."""

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, keeper_here: KeeperHere,
                 notes: SessionNotes, growth: Growth, palette: PaletteSan, madness: Madness, dispatch: Dispatch) -> None:
        self.store, self.dice, self.lookup, self.keeper_here = store, dice, lookup, keeper_here
        self.notes, self.growth, self.palette, self.madness, self.dispatch = notes, growth, palette, madness, dispatch

    async def handle(self, req: Request, change: StatusChange | StateChange, said: str) -> list[Reply]:
        """Apply the status line ``said`` (read as ``change``) of ``req.user``."""
        is_kp = await self.lookup.is_kp(req, await self.keeper_here(req.channel))
        record = await self._whose(req, change.name, is_kp)
        unit = await self._unit(req, record, change.name)
        if unit is not None and (isinstance(change, StatusChange) and change.key == "HP"
                                 or isinstance(change, StateChange) and change.state not in MADNESS):
            return await self._in_battle(req, change, unit, is_kp, said)
        if record is None:
            raise InvalidInput(f"キャラクター「{change.name}」は登録されていません。" if change.name else
                               "変えるキャラクターがいません（/char new で作るか /char import で取り込んでください）。")
        if isinstance(change, StateChange) and not change.added and is_investigator(record.data) \
                and change.state in Investigator.from_dict(record.data).wounds:
            return await self._heal(req, record, change.state, said, is_kp)
        if isinstance(change, StateChange):
            note = await self.note(req, record.name, said.strip(), {"state": change.state, "added": change.added})
            return await self.madness.set_state(req, req.scope, record.name, record.owner, change.state,
                                                change.added, None, note)
        if change.key == "SAN" and change.op == "-":
            echoed = await self.palette.echoed(req, record, change.expr)
            if echoed is not None:  # the table's copy of a loss already in (SAN-PEND-01)
                return echoed
            total, _ = self._roll(change.expr)
            return await self.palette.status(req, record, change.expr, total)
        total, rolled = self._roll(change.expr)
        return await self._set(req, record, change, total, rolled, said)

    async def _whose(self, req: Request, name: str | None, is_kp: bool) -> CharacterRecord | None:
        """The sheet a line changes: the one it names (anyone's for the KP, one's own for a
        player), else the speaker's own; None for a name with no sheet (a battle's NPC)."""
        if name is None:
            record = await self.growth.speaker_record(req)
            if record is None:
                owned = await self.store.owned_names(req.scope, req.user)
                raise InvalidInput(f"キャラクターが複数あります（{'、'.join(owned)}）。「:{owned[0]}:HP-3」のように名前を付けて書いてください。"
                                   if len(owned) > 1 else "変えるキャラクターがいません（/char new で作るか /char import で取り込んでください）。")
            return record
        record = await self.store.get_character(req.scope, name)
        if record is not None and record.owner != req.user and not is_kp:
            raise InvalidInput(f"「{name}」は他のユーザーのキャラクターです。ほかの人のキャラクターの値を変えられるのはKPだけです。")
        return record

    async def _unit(self, req: Request, record: CharacterRecord | None, name: str | None) -> str | None:
        """The unit of the channel's battle that is ``record`` (joined with its sheet) or is
        called ``name``; None without one."""
        units = await self.lookup.units(req.channel)
        if not units:
            return None
        if name and name in units:
            return name
        found = await self.lookup.shown_units(req)
        if record is None or found is None:
            return None
        return next((unit for unit, (sheet, row) in found[0].items()
                     if sheet.name == record.name and row.owner == record.owner), None)

    async def _in_battle(self, req: Request, change, unit: str, is_kp: bool, said: str) -> list[Reply]:
        """HP or a condition of a battle's unit: the battle's ``/kp set`` (KP only)."""
        if not is_kp:
            raise InvalidInput(f"戦闘中の{unit}のHP・状態は戦闘が管理しています（ダメージは戦闘で反映済みです）。"
                               f"変える必要があれば、KPが「:{unit}:HP-3」のように書きます。")
        hidden = False
        if isinstance(change, StateChange):
            value, rolled = ("+" if change.added else "-") + change.state, ""
        else:
            found = await self.lookup.shown_units(req)
            row = found[0][unit][1] if found and unit in found[0] else None
            if row is None or row.hp is None:
                raise InvalidInput(f"{unit}にはHPがありません。")
            hidden = row.hidden
            total, rolled = self._roll(change.expr)
            after = total if change.op == "=" else row.hp + total if change.op == "+" else row.hp - total
            value = str(min(after, row.hp_max) if row.hp_max is not None else after)
        sub = dataclasses.replace(req, command="kp set", said=said,
                                  options={"target": unit, "field": "状態" if isinstance(change, StateChange) else "HP",
                                           "value": value})
        replies = await self.dispatch(sub)
        if not rolled:
            return replies
        shown = f"🎲 {req.name or req.user}: {rolled}"  # a hidden NPC's damage stays the KP's
        return [private(req.user, shown) if hidden else public(shown), *replies]

    async def _set(self, req: Request, record: CharacterRecord, change: StatusChange, total: int,
                   rolled: str, said: str) -> list[Reply]:
        """Write a new current value on the sheet, within its bounds."""
        sheet = sheet_of(record.data)
        if isinstance(sheet, Character) and sheet.is_charge_rank:
            raise InvalidInput("チャージランク制のシートには HP・MP・SAN・幸運 がありません。")
        if isinstance(sheet, Character) and change.key == "幸運":  # 6th 幸運 is POW×5, no value to change
            raise InvalidInput(f"{limits.roll_refusal(sheet, '幸運')}"
                               "（6版のシートには減らせる幸運の値はありません。7版の探索者の幸運は :幸運-5 で減ります）")
        before = current(sheet, change.key)
        wanted = total if change.op == "=" else before + total if change.op == "+" else before - total
        low, high = bounds(sheet, change.key)
        after = max(low, min(high, wanted))
        note = ""
        if wanted > high:
            note = f"（最大値{high}を超えないので{high}にしました。最大値を変えるなら /char set key:最大{change.key}）"
        elif wanted < low:
            note = f"（{low}より下にはならないので{low}にしました）"
        how = f"{rolled}、" if rolled else ""
        text = f"🧾 {record.name} {change.key} {before} → {after}（{how}{req.name or req.user}の「{said.strip()[:40]}」）{note}"
        if change.key == "HP":
            text += hp_note(record.name, before, after) if isinstance(sheet, Character) else \
                hp_note7(record.name, before, after, sheet.wounds)
        updated = with_value(sheet, change.key, after)
        if change.key == "HP" and isinstance(sheet, Investigator) and hp_note7("", before, after, sheet.wounds) \
                and MAJOR_WOUND in sheet.wounds and DYING not in sheet.wounds:  # kept as a battle leaves it
            updated = dataclasses.replace(updated, wounds=(*sheet.wounds, DYING))
        begun = None
        if change.key == "SAN":  # a SAN set by hand: a later :SAN- is no copy of the last check
            updated = dataclasses.replace(updated, san_window=without_echo(updated.san_window))
            begun = await self.palette.flow.zero_begun(req.channel, req.scope, updated, record.owner)  # SAN-ZERO-01
            if begun is not None:
                text = clip("\n".join([text, *begun.lines]))
        session = await self.note(req, record.name, text, {"key": change.key, "before": before, "after": after})
        await self.store.sanity.commit(SheetWrite(sheet=(req.scope, record.owner, record.name, updated.to_dict()),
                                                  note=session, start=begun.states if begun else [],
                                                  end=begun.end if begun else []))
        if begun is None:
            return [public(text)]
        self.madness.started(begun.states)
        return [public(text), *await self.madness.tell(req.channel, record.owner, begun.private)]

    async def _heal(self, req: Request, record: CharacterRecord, wound: str, said: str, is_kp: bool) -> list[Reply]:
        """``:ハル:状態-瀕死``: the KP ends a wound a 7th battle left on the sheet (its
        ``wounds``: 重傷, 瀕死; 7-AID-02 says when a dying one is stable)."""
        if not is_kp:
            raise InvalidInput(f"{record.name}の{wound}を終えるのはKPです（「:{record.name}:状態-{wound}」）。")
        sheet = Investigator.from_dict(record.data)
        updated = dataclasses.replace(sheet, wounds=tuple(w for w in sheet.wounds if w != wound))
        text = f"🩹 {record.name}の{wound}を終えました（{req.name or req.user}）。"
        session = await self.note(req, record.name, text, {"state": wound, "added": False})
        await self.store.sanity.commit(SheetWrite(sheet=(req.scope, record.owner, record.name, updated.to_dict()),
                                                  note=session))
        return [public(text)]

    def _roll(self, expr: str) -> tuple[int, str]:
        """``(total, text)`` of a value: a number as it is (text ''), dice rolled (``1D3 ＞ 2``)."""
        if expr.isdigit():
            return int(expr), ""
        try:
            result = roll_expression(expr, self.dice)
        except DiceError as err:
            raise InvalidInput(f"「{expr}」を振れません: {err}") from None
        return result.total or 0, f"{expr} ＞ {result.total}"

    async def note(self, req: Request, character: str, text: str, payload: dict) -> dict | None:
        """The session record of a change (None: no open session here)."""
        session = await self.notes.open_in(req.channel)
        if session is None:
            return None
        return self.notes.note(session, req, "sheet", character, text, payload)
