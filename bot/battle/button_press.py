"""A button press, read from its custom id (bot.render.buttons): publish a secret roll,
confirm an import, give a palette SAN roll its loss or push / spend Luck on a 7th roll (the
sheet side), answer a chat question or a palette roll's question (its die kept), show the KP's pending questions,
treat a check as an attack (the KP's ruling, bot.battle.as_attack), end the battle, or answer a prompt of the
battle (a reaction, a round-start declaration, the end of a turn) — each re-checked against
the battle as it is now, so an old button is refused, never applied twice."""
from __future__ import annotations

import dataclasses

from bot.battle.as_attack import CheckAsAttack
from bot.battle.battles import Battles
from bot.battle.chat_play import CHOICE as CHAT_CHOICE, ChatTable
from bot.battle.declaration_buttons import declaration_command
from bot.battle.ending import BattleEnd, is_end_key
from bot.battle.palette_play import kept_die
from bot.battle.pending import PENDING_CHOICE, PENDING_KEY, pending
from bot.commands import options as opt
from bot.commands.request import Request
from bot.commands.settings import chat_on
from bot.render import battle as render
from bot.render import buttons
from bot.render import window
from bot.render.reply import Reply, posted_in
from bot.sheets.dice_desk import DiceDesk
from bot.sheets.san_palette import KEY as SAN_KEY
from bot.sheets.sheet_desk import SheetDesk
from rules.battle import commands as cmds
from rules.errors import InvalidInput


class ButtonPress:
    """Routes a press to whoever owns its custom id (see the module docstring)."""

    def __init__(self, battles: Battles, chat: ChatTable, ending: BattleEnd, sheets: SheetDesk,
                 dice: DiceDesk) -> None:
        self.battles, self.chat, self.ending, self.sheets, self.dice = battles, chat, ending, sheets, dice
        self.as_attack = CheckAsAttack(battles)

    def routes(self) -> dict:
        """``{"button": handler}`` for the service's route table."""
        return {"button": self.press}

    async def press(self, req: Request) -> list[Reply]:
        """A button press: publish a secret roll, end the battle, or answer a prompt."""
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        if bid is None:
            raise InvalidInput("このボタンは読み取れませんでした。")
        if bid.battle == 0 and bid.choice == "publish":
            return await self.dice.publish(req, bid.key)
        if bid.choice == CHAT_CHOICE:
            return await self.chat.press(req, bid.battle, bid.key)
        if bid.battle == 0 and (bid.key, bid.choice) == (PENDING_KEY, PENDING_CHOICE):
            return await pending(self.battles, req)
        if kept_die(bid.choice) is not None:  # a palette roll's question: its die is kept (issue 21)
            return await self.chat.palette.press(req, bid.battle, bid.key, bid.choice)
        if bid.battle == 0 and bid.key.startswith("i"):
            return await self.sheets.confirm_import(req, bid.key, bid.choice)
        if self.as_attack.handles(bid.key):  # [攻撃として扱う] under a check (the KP's ruling, issue 26)
            return await self.as_attack.press(req, bid.battle, bid.key, bid.choice)
        if bid.battle == 0 and bid.key.startswith(SAN_KEY):  # the KP's loss of a palette SAN roll
            return await self.dice.sanity.palette.press(req, bid.key, bid.choice)
        if bid.battle == 0 and self.dice.seventh.handles(bid.key):  # a push or Luck after a 7th roll (issue 30)
            return await self.dice.seventh.press(req, bid.key, bid.choice)
        found = await self.battles.active_loaded(req.channel)
        if found is None:  # pressed outside its battle's channel: a private prompt sent by DM
            home = await self.battles.store.battle(bid.battle)
            if home is not None and home.status == "active" and home.channel != req.channel:
                return posted_in(await self.press(dataclasses.replace(req, channel=home.channel)), home.channel)
        if found is None or found[1].record.id != bid.battle:
            raise InvalidInput("このボタンの戦闘はもう終わっています。")
        system, loaded = found
        record, state = loaded.record, loaded.state
        is_kp = await self.battles.is_kp(req, state.keeper)
        if is_end_key(bid.key):  # [戦闘終了], and /battle end's [戦闘を終える] [続ける]
            return await self.ending.pressed(req, bid.battle, bid.key, bid.choice)
        prompt = next((p for p in system.view(state).prompts if bid.matches(p.key)), None)
        if prompt is None:
            raise InvalidInput("このボタンは古くなっています（その場面はもう過ぎました）。最新のメッセージのボタンを使ってください。")
        if prompt.kind == "declarations" and not is_kp:
            raise InvalidInput("宣言の締め切りはKPだけが行えます。")
        if req.user != prompt.owner and not is_kp:
            raise InvalidInput(f"このボタンは{prompt.unit}の担当者用です。")
        as_unit = prompt.unit if is_kp and prompt.owner != req.user else None
        if prompt.kind == "declare" and bid.choice == buttons.choice_code(window.MENU):  # its buttons, to the presser
            shown = render.prompt_reply(record.id, prompt, state.keeper, system.view(state), chat_on(state))
            return [dataclasses.replace(shown, ephemeral=True, to=req.user, mentions=())]
        if prompt.kind in ("declare", "declarations"):
            label = buttons.label_of(bid.choice, prompt.options)
            if label is None:
                raise InvalidInput("このボタンは古くなっています（宣言できることが変わりました）。最新のメッセージのボタンを使ってください。")
            unit = prompt.unit or None  # the unit the button is for, even among a player's several
            return await self.battles.decided(req, lambda: declaration_command(prompt, label, req.user, unit))
        if prompt.kind == "turn":
            return await self.battles.decided(req, lambda: cmds.EndTurn(issuer=req.user, as_unit=as_unit))
        label = buttons.label_of(bid.choice, prompt.options)
        if label is None:
            raise InvalidInput("このボタンは古くなっています（選べる対応が変わりました）。最新のメッセージのボタンを使ってください。")
        return await self.battles.decided(req, lambda: cmds.React(issuer=req.user, as_unit=as_unit, action=label))
