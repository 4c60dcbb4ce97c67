"""The battle commands: ``/battle new``, ``status`` and ``map``; every rules command of the
spec decided as one step (bot.battle.builders); ``/check`` (the battle's, or the user's own
sheet's); ``/help``; ``/battle end`` and ``reopen`` (bot.battle.ending); and a chat line,
which in a battle channel is first read as a declaration (bot.battle.chat_play) and else
goes to the sheet side's dice."""
from __future__ import annotations

import asyncio
import dataclasses

from bot.battle.access import on_sheet
from bot.battle.battles import Battles, board
from bot.battle.builders import BUILDERS, decided_routes
from bot.battle.chat_help import help_replies
from bot.battle.chat_play import ChatTable
from bot.battle.secret_palette import PlainRolls
from bot.battle.draft import RecordingDice
from bot.battle.ending import BattleEnd, end_buttons, question_tag
from bot.commands import options as opt
from bot.commands.request import Request, delivery_key
from bot.commands.settings import chat_on
from bot.render import battle as render
from bot.render import buttons
from bot.render.labels import request_label
from bot.render.map_text import map_reply
from bot.render.reply import Button, Reply, clip, public
from bot.sheets.characters import CharacterBook
from bot.sheets.dice_desk import DiceDesk
from bot.sheets.exchange import CANCEL, DRAFTS, REPLACE, draft_key, sheet_of
from bot.sheets.san_palette import loss_buttons
from bot.sheets.edition import battle_edition_note, default_system, system_edition
from bot.sheets.session_notes import SessionNotes
from bot.sheets.sheet_desk import SheetDesk
from bot.sheets.voice.voice_desk import VoiceDesk
from bot.store import BattleExists
from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.events import to_record
from rules.battle.steps import StepStarted, command_record
from rules.chat.palette import is_roll, spaced
from rules.dice.editions import COC7, own_edition
from rules.errors import InvalidInput, RuleViolation
from rules.systems import SYSTEMS, get_system

KEEPER_PATHS = frozenset(path for path in BUILDERS if path.startswith("kp "))
"""The rules commands the keeper's desk routes (bot.battle.keeper_desk), not this one."""


class BattleDesk:
    """The battle commands over ``battles``.

    Args:
        characters: the sheets units join with.
        notes: the open sessions a battle's steps are kept in.
        chat: reads chat lines as declarations.
        sheets: ``/check`` on the user's own sheet; dice: a chat line that is no declaration;
        voice: a chat line spoken as a character (issue 31, bot.sheets.voice), or None.
    """

    def __init__(self, battles: Battles, characters: CharacterBook, notes: SessionNotes, chat: ChatTable,
                 sheets: SheetDesk, dice: DiceDesk, voice: VoiceDesk | None = None) -> None:
        self.battles, self.characters, self.notes, self.chat = battles, characters, notes, chat
        self.sheets, self.dice, self.voice = sheets, dice, voice
        self.ending = BattleEnd(battles)
        self.rolls = PlainRolls(battles, chat)

    def routes(self) -> dict:
        """``{English path: async handler(request) -> replies}`` of the commands here."""
        own = [path for path in BUILDERS if path not in KEEPER_PATHS]
        routes = decided_routes(self.battles, self.characters, own)
        return {**routes, **self.ending.routes(),
                "battle start": self._noted(routes["battle start"], self._start_notes),
                "battle join": self._noted(routes["battle join"], self._join_notes),
                "battle new": self.open, "battle status": self.status, "battle map": self.map,
                "check": self.check, "help": lambda req: help_replies(self.chat, req), "chat": self.line}

    def _noted(self, route, notes):
        """``route`` followed by ``notes(req, units before)``: the notes of a step done (a
        refused one raises before any note)."""
        async def handle(req: Request) -> list[Reply]:
            found = await self.battles.active_loaded(req.channel)
            before = set(found[1].state.units) if found else set()
            replies = await route(req)
            return [*replies, *await notes(req, before)] if replies else replies
        return handle

    async def _start_notes(self, req: Request, before: set[str]) -> list[Reply]:
        """After ``/battle start``: a battle with no opponent (no NPC) is said to have none
        (trial 9 G23)."""
        found = await self.battles.active_loaded(req.channel, fresh=True)
        if found is None or found[1].state.phase == "setup":
            return []
        units = found[1].state.units.values()
        if any(u.owner is None for u in units):
            return []
        return [public("⚠ この戦闘には相手（KPのNPC）がいません。敵を出すなら KP が /battle add name:… character:… で加えてください。")]

    async def _join_notes(self, req: Request, before: set[str]) -> list[Reply]:
        """After ``/battle join``: a PC whose sheet is at SAN 0 (永久的狂気, SAN-ZERO-01)
        joins with a note for the KP (trial 9 G23)."""
        found = await self.battles.active_loaded(req.channel, fresh=True)
        if found is None:
            return []
        notes = []
        for unit in found[1].state.units.values():
            sheet = getattr(unit, "sheet", None) or getattr(unit, "character", None)  # 7th: sheet; 6th: character
            if unit.id not in before and unit.owner is not None and sheet is not None and getattr(sheet, "san", 1) <= 0:
                notes.append(public(f"⚠ {unit.id}はSAN 0（永久的狂気）です。探索者としてはもう正気ではありません"
                                    "（SAN-ZERO-01）。戦わせるかどうかはKPが決めてください（外すなら /battle remove）。"))
        return notes

    async def check(self, req: Request) -> list[Reply]:
        """``/check``: on the sheet (outside a battle, SAN, an opposed roll) or as the battle's
        step, which is never pushed (7-PUSH-03); a palette's brackets around the skill are
        dropped (``skill:【目星】`` is ``skill:目星``)."""
        skill = opt.text(req.options, "skill")
        if skill and opt.unbracketed(skill) != skill:
            req = dataclasses.replace(req, options={**req.options, "skill": opt.unbracketed(skill)})
        if opt.text(req.options, "opposed") is not None or await on_sheet(self.battles, req):  # opposed: never a step
            return await self.sheets.check(req)
        if opt.boolean(req.options, "push"):
            raise RuleViolation("7-PUSH-03", "戦闘中の判定はプッシュできません（戦闘のロールはプッシュしません）。",
                                allowable=False)
        return await self.battles.decided(req, lambda: BUILDERS["check"](req, self.characters))

    async def line(self, req: Request) -> list[Reply]:
        """A chat line: a declaration in a battle channel (bot.battle.chat_play), else dice.
        A dice line only the other edition has never acts in a battle: it is rolled with a
        note (rules.dice.editions); in a 7th-edition battle a palette roll is dice too (its
        declarations are typed in words: 「応戦」「ゾンビをナイフで攻撃」). What the line does
        takes its message's delivery key (``req.delivery``, issue 28) with its first durable write."""
        req = dataclasses.replace(req, delivery=delivery_key(req))
        text = opt.text(req.options, "text") or ""
        glued = spaced(text)  # 「CCB<=25【キック】」: the roll and its comment, as a palette writes them
        if glued != text:
            text, req = glued, dataclasses.replace(req, options={**req.options, "text": glued})
        found = await self.battles.active_loaded(req.channel)
        battle = system_edition(found[0]) if found else None
        record = found[1].record if found else None
        speaking = await self.voice.speaking(req) if self.voice is not None else None
        if speaking is not None:  # spoken as a character: its declaration, rolls and post (issue 31)
            return await self.voice.speak(req, speaking, battle, self._declaration)
        if battle and own_edition(text) in (None, battle) and not (battle == COC7 and is_roll(text)):
            again = await self.rolls.again(req, record, text)  # a secret palette roll is the roll (issue 29)
            if again is not None:
                return again
            declared = await self.chat.declaration(req)  # no battle: no declaration
            if declared is not None:
                return declared
        replies = await self.dice.chat(req, battle)
        return await self.rolls.after(req, record, text, replies, battle) if record is not None and replies else replies

    async def _declaration(self, req: Request, unit: str | None) -> list[Reply] | None:
        """The replies of a line spoken as a character read as a declaration, or None; the
        KP speaking as an NPC unit declares for it (its name leads the line)."""
        text = opt.text(req.options, "text") or ""
        found = await self.battles.active_loaded(req.channel)
        battle = system_edition(found[0]) if found else None
        if not text or battle is None or own_edition(text) not in (None, battle) or (battle == COC7 and is_roll(text)):
            return None  # as a plain line: a 7th battle's palette roll is dice (see :meth:`line`)
        if unit is not None:
            req = dataclasses.replace(req, options={**req.options, "text": f"{unit}：{text}"})
        return await self.chat.declaration(req)

    async def open(self, req: Request) -> list[Reply]:
        """``/battle new``: open a battle in the channel (the issuer is its KP)."""
        stored = await self.battles.store.keeper.channel_settings(req.channel)
        name = opt.text(req.options, "system") or default_system(stored.get("edition"))
        try:
            system = get_system(name)
        except KeyError:
            raise InvalidInput(f"ルール「{name}」は知りません。選べるのは: {'、'.join(SYSTEMS)}") from None
        if await self.battles.active(req.channel) is not None:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。/battle status で確認するか、KPが /battle end で終えてください。")
        state = system.new_state()
        command = cmds.Open(issuer=req.user, system=system.name)
        recorder = RecordingDice(self.battles.dice)
        events = system.decide(state, command, recorder)
        known = self.battles.setting_defaults(system)
        for key, value in stored.items():
            if key in known:
                events.append(kc.SettingChanged(key=key, value=value, by=req.user))
        marker = StepStarted(step=1, by=req.user, command=command_record(command), dice=recorder.faces,
                             label=request_label(req), speaker=req.name)
        note = await self.notes.step_note(req, 0, [marker, *events], {}, req.user)  # its id: the store's
        reply = public(f"戦闘を開きました（{system.title}）。KP: {req.name or req.user}\n"
                       "PLは /battle join character:名前 で参加、KPは /battle add でNPCを追加し、/battle start で開始します。"
                       + battle_edition_note(stored.get("edition"), system.title, system_edition(system)))
        try:
            record = await self.battles.store.open_battle(req.channel, req.guild, system.name, req.user,
                                                          [to_record(e) for e in [marker, *events]], req.request_id,
                                                          [reply.to_dict()], note=note)
        except BattleExists:
            raise InvalidInput("このチャンネルではすでに戦闘が進行中です。") from None
        self.battles.opened(system, record, [marker, *events])
        if req.request_id:
            self.battles.answered.put(req.request_id, [reply])
        return [reply]

    async def map(self, req: Request) -> list[Reply]:
        """``/battle map``: the board as a PNG attachment and a text grid (issue 5)."""
        record = await self.battles.require_active(req.channel, fresh=True)
        system, loaded = await self.battles.loaded(record)
        if not hasattr(system, "board"):
            raise InvalidInput(f"{system.title}にはマップがありません。")
        return [await asyncio.to_thread(map_reply, system.board(loaded.state))]  # Pillow: off the event loop

    async def status(self, req: Request) -> list[Reply]:
        """``/battle status``: the board (and, for the KP, hidden NPCs' numbers privately)."""
        record = await self.battles.require_active(req.channel, fresh=True)
        system, loaded = await self.battles.loaded(record)
        state = loaded.state
        view = system.view(state)
        replies = board(record, system, view)
        badges = await self.dice.sanity.madness.badges_in(req.channel)  # madness and the KP's states of sheets
        if badges:
            replies.append(public(clip("🌀 状態（シート）\n" + "\n".join(badges))))
        if any(r.hidden for r in view.rows) and await self.battles.is_kp(req, state.keeper):
            shown = render.status_reply(view, system.title, reveal=True)
            replies.append(Reply(text=clip("（KP用・非公開NPCの数値を含む）\n" + shown.text), ephemeral=True,
                                 to=req.user, data=shown.data))
        return await self.battles.with_stale(req.channel, replies)

    async def peek_status(self, req: Request) -> list[Reply]:
        """``/battle status`` as ``req.user`` would see it, read WITHOUT the channel's lock
        (for autocomplete, which cannot defer: a command holding the lock for seconds must
        not make it miss Discord's 3 s); [] without a battle. Changes nothing."""
        try:
            return await self.status(req)
        except InvalidInput:
            return []

    async def open_buttons(self, channel: str, user: str, scope: str = "console") -> list[Button]:
        """The buttons of the questions open now in ``channel``'s battle that ``user`` may
        press (the chat question they were asked; their own units' prompts; every prompt for
        the KP, and its /battle end confirmation), newest first, then the confirmations kept
        outside a battle (an import's, a palette SAN roll's loss) — for a transport that no
        longer has the messages (the console after a restart). ``scope``: the user's
        characters' (an import's draft)."""
        kept = await self._kept_confirmations(channel, user, scope)  # stored, so rebuilt (trial 9, G13)
        found = await self.battles.active_loaded(channel, fresh=True)
        if found is None:
            return kept
        system, loaded = found
        state = loaded.state
        view = system.view(state)
        shown = list(await self.chat.asked_buttons(loaded.record.id, loaded.record.version, user))  # kept (issue 26)
        for prompt in reversed(view.prompts):
            if prompt.owner == user or user == state.keeper:
                shown.extend(render.prompt_reply(loaded.record.id, prompt, state.keeper, view, chat_on(state)).buttons)
        if user == state.keeper:
            number = await self.battles.store.keeper.message(channel, question_tag(loaded.record.id)) or ""
            if number.isdigit():  # /battle end's confirmation, not answered yet
                shown.extend(end_buttons(loaded.record.id, int(number)))
        return shown + kept

    async def _kept_confirmations(self, channel: str, user: str, scope: str) -> list[Button]:
        """The confirmations kept in the store that ``user`` may still answer outside a battle
        (trial 9, G13): an import's [置き換える] [やめる] (its draft), and a palette SAN roll's
        loss buttons waiting in ``channel`` for the KP of ``channel``."""
        shown: list[Button] = []
        draft = await self.battles.store.get_character(DRAFTS + scope, user)
        character = sheet_of(draft.data["sheet"]) if draft else None
        if character is not None:
            key = draft_key(character.name)
            shown += [Button(REPLACE, buttons.encode(0, key, REPLACE), "danger"),
                      Button(CANCEL, buttons.encode(0, key, CANCEL))]
        if await self.dice.keeper(channel) == user:
            for waiting in await self.battles.store.sanity.waiting(channel):
                shown += loss_buttons(waiting.id)
        return shown
