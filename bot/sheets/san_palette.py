"""A SAN roll typed from a chat palette, then its loss (issue 32; docs/sanity.md SAN-PEND-01):

    alice: CCB<=55 【正気度ロール】        (or CCB<={SAN} …, CC<={SAN} …, CC(1)<=55 【SANチェック】)
    bot:   (1D100<=55) ＞ 80 ＞ 失敗  …減少値を待っています
    KP → [0/1] [0/1D3] … [1D3/1D10] … [その他]   (privately; the roll's reading picks the side)
    alice: 1d3                                (or :SAN-1D3; or the KP's /san loss value:1/1D6)

The roll is kept as waiting for its loss (``san_pending``); whichever answer comes first
takes it, in the transaction that writes the loss, so a doubled press or line changes SAN
once. A roll's ``{SAN}`` (and any ``{技能}`` or status of the speaker's sheet, as ココフォリア
fills a palette) is filled from the speaker's sheet before it is rolled.
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render import buttons
from bot.render.reply import Button, Reply, posted_in, private, public
from bot.sheets.custom_tables import KeeperHere
from bot.sheets.growth import Growth
from bot.sheets.exchange import sheet_of
from bot.sheets.san_flow import SanFlow
from bot.sheets.table import BattleLookup
from bot.store import CharacterRecord, Store
from bot.store.sanity import Pending
from rules.coc6.character import Character
from rules.coc7.character import Investigator
from rules.dice import Dice, DiceError, roll_expression
from rules.errors import InvalidInput
from rules.sanity.loss import SanLoss

SAN_WORDS = frozenset({"正気度ロール", "正気度", "SANチェック", "SAN", "SANC", "SAN値チェック", "正気度チェック"})
"""What a palette roll's comment calls a SAN roll (upper-cased, NFKC)."""
LOSS_BUTTONS = ("0/1", "0/1D3", "0/1D6", "1/1D4", "1/1D6", "1/1D8", "1/1D10", "1D3/1D10", "1D6/1D20", "1D10/1D100")
"""The common losses the KP is offered as buttons (success/failure), then 「その他」."""
OTHER = "その他"
KEY = "san"
"""The question key of a waiting roll's buttons: ``san<id>`` (battle 0: no battle)."""

_PLACEHOLDER = re.compile(r"\{([^{}]{1,20})\}")
_LOSS_ROLL = re.compile(r"(?P<expr>[0-9]*D[0-9]+(?:[+\-][0-9]*D?[0-9]+)*)(?:\s+.*)?", re.S)
_BRACKETED = re.compile(r"[【〈《\[「『](?P<word>[^】〉》\]」』]{1,20})[】〉》\]」』]")


def is_san_comment(comment: str) -> bool:
    """Whether a roll's comment calls it a SAN roll (``【正気度ロール】``, ``SANチェック``)."""
    text = unicodedata.normalize("NFKC", comment or "").strip().upper()
    found = _BRACKETED.search(text)
    word = found["word"] if found else (text.split()[0] if text else "")
    return word.strip() in SAN_WORDS


def loss_roll(text: str) -> str | None:
    """The loss expression of a player's loss roll (``1d3``, ``1D6+1``, ``2D6 減少``), or None."""
    match = _LOSS_ROLL.fullmatch(unicodedata.normalize("NFKC", text or "").strip().upper())
    return match["expr"] if match else None


def choice_code(loss: str) -> str:
    """A loss as a button's choice code: ``1/1D6`` → ``l1_1d6``; 「その他」 → ``lother``."""
    return "lother" if loss == OTHER else "l" + loss.lower().replace("/", "_")


def loss_of(code: str) -> str | None:
    """The loss a choice code stands for (``l1_1d6`` → ``1/1D6``), 「その他」, or None."""
    if code == "lother":
        return OTHER
    return code[1:].upper().replace("_", "/") if code.startswith("l") and "_" in code else None


def fill(text: str, sheet: Character | Investigator) -> tuple[str, bool]:
    """``text`` with each ``{名前}`` the sheet knows filled in (``{SAN}`` → 55, ``{目星}`` → 70,
    ``{HP}``, ``{MP}``, ``{STR}``), and whether ``{SAN}`` was one of them."""
    found_san = False

    def value(match: re.Match) -> str:
        nonlocal found_san
        name = unicodedata.normalize("NFKC", match[1]).strip()
        upper = name.upper()
        if upper in ("SAN", "正気度"):
            found_san = True
            return str(sheet.san)
        if upper in ("HP", "MP"):
            return str(getattr(sheet, upper.lower()))
        if upper in sheet.stats:  # CCB<=({STR}*5)
            return str(sheet.stat(upper))
        if sheet.knows(name):
            return str(sheet.skill(name))
        return match[0]
    return _PLACEHOLDER.sub(value, text), found_san


class PaletteSan:
    """Palette SAN rolls and their losses over ``store``; ``flow`` writes a loss; ``growth``
    finds the sheet a roll is for (its ``speaker_record``)."""

    def __init__(self, store: Store, dice: Dice, flow: SanFlow, growth: Growth, lookup: BattleLookup,
                 keeper_here: KeeperHere) -> None:
        self.store, self.dice, self.flow, self.growth = store, dice, flow, growth
        self.lookup, self.keeper_here = lookup, keeper_here

    async def fill(self, req: Request, text: str) -> tuple[str, bool]:
        """``text`` with the speaker's sheet filled into its ``{…}`` (:func:`fill`), and
        whether ``{SAN}`` was filled; unchanged when it has none or the speaker has no sheet."""
        if "{" not in text:
            return text, False
        record = await self.growth.speaker_record(req, text)
        if record is None:
            return text, False
        return fill(text, sheet_of(record.data))

    async def after_roll(self, req: Request, result, san_filled: bool) -> list[Reply]:
        """After a chat roll: a single 1D100 check that is a SAN roll (its comment, or a
        filled ``{SAN}``) of the speaker's sheet waits for its loss; the KP gets the loss
        buttons. [] for any other roll (a secret one too)."""
        if getattr(result, "level", None) is None or result.parts or result.secret:
            return []
        if not (san_filled or is_san_comment(result.comment)):
            return []
        record = await self.growth.speaker_record(req, result.comment or "")
        if record is None:
            return []
        target = re.search(r"<=(\d+)", result.text)
        level = result.level
        payload = {"edition": "coc7" if type(level).__name__ == "Level7" else "coc6",
                   "target": int(target[1]) if target else 0, "roll": result.total, "level": level.value,
                   "succeeded": bool(result.success), "fumble": bool(result.fumble), "text": result.text}
        pending = await self.store.sanity.add_pending(req.channel, req.scope, req.user, record.name, payload)
        keeper = await self.keeper_here(req.channel)
        side = "成功" if result.success else "失敗"
        hint = (f"（{record.name}の正気度ロール：{side}。減少値は" + ("KPがボタンで選ぶか、" if keeper else "")
                + "続けて減少のダイス（1d3 など）を振るか、:SAN-1D3 と書いてください）")
        replies = [public(hint)]
        if keeper:
            half = "成功時（/の左）" if result.success else "失敗時（/の右）"
            replies.append(Reply(text=f"🧠 {record.name}の正気度ロール（{result.text}）の減少値を選んでください。"
                                      f"{side}なので{half}の値が減ります。",
                                 ephemeral=True, to=keeper, buttons=loss_buttons(pending)))
        return replies

    async def waiting(self, req: Request, text: str) -> Pending | None:
        """The palette SAN roll of ``req.user`` waiting here for its loss, when the line is a
        loss roll (``1d3``) that can give it; else None (one read, only for a loss roll)."""
        if loss_roll(text) is None:
            return None
        waiting = await self.store.sanity.waiting(req.channel, req.user)
        return waiting[0] if waiting else None

    async def typed(self, req: Request, text: str, waiting: Pending) -> list[Reply]:
        """The player's loss roll (``1d3``) for their palette SAN roll ``waiting`` (found by
        :meth:`waiting`): rolled and taken; [] when the line cannot be rolled."""
        expr = loss_roll(text)
        try:
            rolled = roll_expression(expr, self.dice)
        except DiceError:
            return []
        shown = public(f"{req.name or req.user}\n{rolled.text}")
        return [shown, *await self.take(req, waiting, typed=(expr, rolled.total or 0))]

    async def take(self, req: Request, pending: Pending, loss: SanLoss | None = None,
                   typed: tuple[str, int] | None = None, source: str | None = None) -> list[Reply]:
        """Give the waiting roll ``pending`` its loss (see :meth:`SanFlow.settle`), in its own
        channel and server wherever the answer came from (a button pressed in a DM)."""
        record = await self.store.get_character(pending.scope, pending.character)
        if record is None:
            raise InvalidInput(f"「{pending.character}」のシートがもうありません。")
        here = dataclasses.replace(req, channel=pending.channel, guild=None if pending.scope == "console" else pending.scope)
        return await self.flow.settle(here, pending, sheet_of(record.data), record.owner, loss, typed, source)

    async def press(self, req: Request, key: str, code: str) -> list[Reply]:
        """The KP's loss button under a waiting roll (pressed here or in a direct message)."""
        pending_id = int(key[len(KEY):]) if key[len(KEY):].isdigit() else 0
        pending = await self.store.sanity.pending(pending_id)
        if pending is None:
            raise InvalidInput("この正気度ロールの減少はもう入力されています（二度は減りません）。")
        if not await self.lookup.is_kp(req, await self.keeper_here(pending.channel)):
            raise InvalidInput("減少値のボタンはKPが押します。")
        chosen = loss_of(code)
        if chosen is None:
            raise InvalidInput("このボタンは読み取れませんでした。")
        if chosen == OTHER:
            return [private(req.user, f"{pending.character}の減少値を /san loss value:1/1D8 character:{pending.character} "
                                      "のように指定してください（成功時/失敗時。原因を source: で付けると上限が付きます）。")]
        replies = await self.take(req, pending, loss=SanLoss.parse(chosen))
        return replies if req.channel == pending.channel else posted_in(replies, pending.channel)

    async def command(self, req: Request) -> list[Reply]:
        """``/san loss value: [character:] [source:]``: the loss of a waiting palette roll, by
        the KP (any character's) or its player (their own)."""
        loss = SanLoss.parse(opt.text(req.options, "value") or "")
        name = (opt.text(req.options, "character") or "").strip()
        is_kp = await self.lookup.is_kp(req, await self.keeper_here(req.channel))
        waiting = [p for p in await self.store.sanity.waiting(req.channel)
                   if (is_kp or p.user == req.user) and (not name or p.character == name)]
        if not waiting:
            whose = f"「{name}」の" if name else ""
            raise InvalidInput(f"このチャンネルに減少値を待っている{whose}正気度ロールはありません"
                               "（パレットで CCB<=55 【正気度ロール】 のように振った後に使います）。")
        if len({p.character for p in waiting}) > 1 and not name:
            names = "、".join(dict.fromkeys(p.character for p in waiting))
            raise InvalidInput(f"減少値を待っているのは {names} です。character: で指定してください。")
        source = (opt.text(req.options, "source") or "").strip() or None
        return await self.take(req, waiting[0], loss=loss, source=source)

    async def rolled_after(self, req: Request, text: str, result) -> list[Reply]:
        """After a plain chat roll: a loss roll (``1d3``) of the player whose SAN check's loss
        was just applied is not used, and said so (:meth:`SanFlow.rolled_after`); [] else."""
        expr = loss_roll(text)
        if expr is None or getattr(result, "secret", False):
            return []
        record = await self.growth.speaker_record(req)
        if record is None:
            return []
        return await self.flow.rolled_after(req, sheet_of(record.data), record.owner, expr)

    async def echoed(self, req: Request, record: CharacterRecord, expr: str) -> list[Reply] | None:
        """``:SAN-{expr}`` of ``record`` as the copy of a loss already applied (no roll of
        it waiting here; :meth:`SanFlow.echoed`): acknowledged; None when it is a loss."""
        if any(p.character == record.name for p in await self.store.sanity.waiting(req.channel)):
            return None
        return await self.flow.echoed(req, sheet_of(record.data), record.owner, expr)

    async def status(self, req: Request, record: CharacterRecord, expr: str, total: int) -> list[Reply]:
        """``:SAN-1D3`` of ``record`` rolled to ``total``: the loss of its waiting palette roll,
        else a loss all the same (SAN-PEND-01)."""
        waiting = [p for p in await self.store.sanity.waiting(req.channel) if p.character == record.name]
        if waiting:
            return await self.take(req, waiting[0], typed=(expr, total))
        return await self.flow.lose(req, sheet_of(record.data), record.owner, expr, total)


def loss_buttons(pending: int) -> tuple[Button, ...]:
    """The KP's loss buttons of the waiting roll ``pending``."""
    return tuple(Button(label, buttons.encode_key(0, f"{KEY}{pending}", choice_code(label)),
                        "secondary" if label != OTHER else "primary")
                 for label in (*LOSS_BUTTONS, OTHER))


__all__ = ["KEY", "LOSS_BUTTONS", "OTHER", "PaletteSan", "fill", "is_san_comment", "loss_roll"]
