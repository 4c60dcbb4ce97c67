"""What may follow a 7th skill roll on a sheet (issue 30; docs/coc7.md 7-PUSH-…, 7-LUCK-…):

    alice: /check skill:目星          (or the palette line CC<=70 【目星】)
    bot:   🎲 エミリー 目星（70%）：… ＞ 82 ＞ 失敗
           ↪ 「プッシュ」… 「幸運を消費」…          [プッシュ] [幸運を12使う]
    alice: プッシュ：本棚を全部ひっくり返す       (or [プッシュ], /check skill:目星 push:true)
    bot:   🔁 エミリーが〈目星〉をプッシュします。KPは失敗したときに起こることを告げてから …
                                                        [プッシュを振る] [認めない]
    kp:    失敗したら、物音で家主が目を覚まします    (or [プッシュを振る])
    bot:   🔁 プッシュ・ロール：🎲 エミリー 目星（70%）：… ＞ 成功

or, instead of the push, 「幸運を消費」 (or [幸運を12使う]): exactly the shortfall is spent
and the roll becomes a success (when the KP turned 幸運消費 on).

The roll is kept (bot.store.kept_checks) in the transaction that writes what it changes; a
push asked, the pushed roll and Luck spent each take the kept roll in the transaction that
writes their sheet and session record, so a doubled press or line acts once.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable

from bot.commands.request import Request
from bot.render import buttons
from bot.render.reply import Button, Reply, clip, posted_in, public
from bot.sheets.edition import from_setting
from bot.sheets.session_notes import SessionNotes
from bot.sheets.table import BattleLookup
from bot.sheets.growth import palette_skill7
from bot.sheets.san_palette import is_san_comment
from bot.store import CharacterRecord, Store
from bot.store.kept_checks import ASKED, CLOSED, OPEN, CheckWrite, KeptCheck, NewCheck
from bot.store.sanity import TakenAlready
from rules.coc7.character import Investigator, is_investigator, is_roll_name
from rules.coc7.chat_lines import luck_line, push_line, told_line
from rules.coc7.check import Check7, Level7
from rules.coc7.growth import can_grow, ticks
from rules.coc7.luck import check_luck, lucky
from rules.coc7.pushing import check_push, pushed
from rules.coc7.rolled import PALETTE, Rolled7
from rules.coc7.skills import canonical
from rules.chat.normalize import fold
from rules.dice import Dice
from rules.dice.core import DiceError
from rules.dice.cthulhu7th import SkillRoll, cthulhu7th_command
from rules.dice.editions import COC7
from rules.errors import InvalidInput, RuleViolation

KEY = "ck"
"""The question key of a kept roll's buttons: ``ck<id>`` (battle 0: no battle)."""
PUSH, LUCK, GO, NO = "push", "luck", "pushgo", "pushno"
"""The buttons' choice codes: the roller's [プッシュ] and [幸運をN使う], the KP's
[プッシュを振る] and [認めない]."""
LUCK_SETTING = "luck_spend"
"""The KP's setting of the optional rule (bot.commands.settings; 7-LUCK-01)."""
TAKEN = "この判定にはもう答えが出ています（二度は振りません）。"

Claim = Callable[[Request], Awaitable[bool]]
"""``await claim(req)``: take a chat message's delivery once (bot.sheets.table.Claim)."""
Speaker = Callable[[Request, str], Awaitable[CharacterRecord | None]]
"""``await speaker(req, comment)``: the saved sheet a palette roll of ``req.user`` is for."""
Settings = Callable[[str], Awaitable[dict]]
"""``await settings(channel)``: the channel's KP settings."""
KeeperHere = Callable[[str], Awaitable[str | None]]
"""``await keeper_here(channel)``: the KP the channel knows, or None."""


def check_line(who: str, rolled: Rolled7) -> str:
    """``🎲 エミリー 目星（70%・ハード）：(1D100<=35) … ＞ 失敗``."""
    check = rolled.check
    label = f"{check.skill}%" + (f"・{check.difficulty.label}" if check.difficulty else "")
    return f"🎲 {who} {rolled.skill}（{label}）：{check.text()}"


def ticked(inv: Investigator, rolled: Rolled7) -> tuple[Investigator, str]:
    """``inv`` with a growth check on the roll's skill when it earns one (a success without
    bonus dice nor Luck, of a skill that grows: rules.coc7.growth), and the line that says
    so ('' when none)."""
    check = rolled.check
    if rolled.luck or rolled.skill in inv.growth \
            or not ticks(rolled.skill, check.succeeded, check.bonus, can_grow(rolled.skill)):
        return inv, ""
    return dataclasses.replace(inv, growth=(*inv.growth, rolled.skill)), f"（〈{rolled.skill}〉に成長チェック ✔）"


def session_payload(rolled: Rolled7) -> dict:
    """A roll's numbers as a session's ``check`` record keeps them (bot.sheets.session_notes)."""
    check = rolled.check
    return {"skill": rolled.skill, "target": check.target, "roll": check.roll, "level": check.level.value}


class AfterRoll7:
    """Kept 7th rolls and what follows them, over ``store`` with ``dice``.

    Args:
        lookup: whether a user is a KP here; notes: the open sessions records go to;
        settings: the channel's KP settings (幸運消費); speaker: the sheet a palette roll is
        for (bot.sheets.growth.Growth.speaker_record); keeper_here: the KP the channel knows
        (set by the service).
    """

    def __init__(self, store: Store, dice: Dice, lookup: BattleLookup, notes: SessionNotes,
                 settings: Settings, speaker: Speaker, keeper_here: KeeperHere | None = None) -> None:
        self.store, self.dice, self.lookup, self.notes = store, dice, lookup, notes
        self.settings, self.speaker, self.keeper_here = settings, speaker, keeper_here

    # --- keeping a roll ------------------------------------------------------------------

    async def keep(self, req: Request, owner: str, character: str, rolled: Rolled7, notes: list[dict],
                   sheet: Investigator | None = None) -> int:
        """Keep ``rolled`` of ``owner``'s investigator ``character`` (its ``sheet`` written too
        when given: a growth tick) with the session ``notes``, in one transaction; its id."""
        sheets = [(req.scope, owner, sheet.name, sheet.to_dict())] if sheet is not None else []
        new = NewCheck(req.channel, req.scope, req.user, character, rolled.to_dict())
        ids = await self.store.checks.commit(CheckWrite(sheets=sheets, notes=notes, keep=[new]))
        return ids[0]

    async def palette(self, req: Request, result, san_filled: bool) -> list[Reply]:
        """After a chat roll: a single 7th check naming a skill of the speaker's investigator
        (``CC<=70 【目星】``; not secret, not a SAN roll: the SAN flow takes those) is kept, and a
        failure says what may follow it, with its buttons (:meth:`offer`). [] otherwise."""
        if not isinstance(result.level, Level7) or result.parts or result.secret or san_filled \
                or is_san_comment(result.comment):
            return []
        named = palette_skill7(result.comment)
        check = palette_check(result) if named else None
        record = await self.speaker(req, result.comment or "") if check is not None else None
        if record is None or not is_investigator(record.data):
            return []
        inv = Investigator.from_dict(record.data)
        if not inv.knows(named):
            return []
        rolled = Rolled7(named, check, PALETTE)
        check_id = await self.keep(req, record.owner, inv.name, rolled, [])
        hint, offered = await self.offer(req, check_id, inv, rolled, f"{inv.name}〈{named}〉の")
        return [public(hint, buttons=offered)] if hint else []

    async def offer(self, req: Request, check_id: int, inv: Investigator, rolled: Rolled7,
                    lead: str = "") -> tuple[str, tuple[Button, ...]]:
        """What a failed roll may still do, as a line (after ``lead``) and its buttons:
        [プッシュ] when it may be pushed (rules.coc7.pushing), [幸運をN使う] when the KP turned
        幸運消費 on and the investigator has the Luck (rules.coc7.luck); ``("", ())`` for a
        success or neither."""
        if rolled.check.succeeded:
            return "", ()
        push = bool(_allowed(check_push, rolled))
        needed = 0
        if (await self.settings(req.channel)).get(LUCK_SETTING, False):
            needed = _allowed(check_luck, rolled, inv.luck) or 0
        luck = f"「幸運を消費」で幸運を{needed}使って成功にできます（幸運 {inv.luck} → {inv.luck - needed}）"
        if push and needed:
            said = f"「プッシュ」で振り直すか（KPが失敗したときの結果を告げてから）、{luck}。"
        elif push:
            said = "「プッシュ」で振り直せます（KPが失敗したときの結果を告げてから）。"
        elif needed:
            said = luck + "。"
        else:
            return "", ()
        offered = ((Button("プッシュ", _custom_id(check_id, PUSH), "primary"),) if push else ()) + (
            (Button(f"幸運を{needed}使う", _custom_id(check_id, LUCK), "success"),) if needed else ())
        return f"↪ {lead}失敗：{said}", offered

    # --- the push ---------------------------------------------------------------------------

    async def push(self, req: Request, character: str | None = None, skill: str | None = None,
                   reason: str = "", check_id: int | None = None) -> list[Reply]:
        """Ask for a push of ``req.user``'s latest roll here (of ``character``; the kept roll
        ``check_id`` for a button; ``skill`` must be its skill when named): the KP is asked
        to say what a failure brings (7-PUSH-06). Raises RuleViolation / InvalidInput."""
        kept = await self._mine(req, character, check_id, "プッシュ")
        rolled = Rolled7.from_dict(kept.payload)
        if skill and canonical(skill) != rolled.skill and is_roll_name(skill):  # 「よしプッシュ」: no skill named
            raise RuleViolation("7-PUSH-01", f"{kept.character}の直前の判定は〈{rolled.skill}〉です。"
                                             "プッシュできるのは直前の判定だけです。", allowable=False)
        if kept.state == ASKED:
            raise InvalidInput(f"〈{rolled.skill}〉のプッシュはKPの返事を待っています。")
        check_push(rolled)
        if kept.state != OPEN:
            raise InvalidInput(f"{kept.character}の〈{rolled.skill}〉はもうプッシュできません。")
        payload = {**kept.payload, "reason": reason[:200]}
        await self._take(kept, OPEN, ASKED, CheckWrite(payload=payload))
        keeper = await self.keeper_here(req.channel) if self.keeper_here else None
        why = f"（{reason[:200]}）" if reason else ""
        text = (f"🔁 {kept.character}が〈{rolled.skill}〉（{rolled.check.skill}%）の判定をプッシュします{why}。\n"
                "KPは失敗したときに起こることを告げてから [プッシュを振る] を押してください"
                "（チャットで「失敗したら…」と書いても振ります）。")
        return [Reply(text=clip(text), mentions=(keeper,) if keeper and keeper != req.user else (),
                      buttons=(Button("プッシュを振る", _custom_id(kept.id, GO), "primary"),
                               Button("認めない", _custom_id(kept.id, NO), "secondary")))]

    async def answer(self, req: Request, check_id: int, go: bool, told: str = "") -> list[Reply]:
        """The KP's answer to a push waiting (``check_id``): roll it (``go``; ``told``: what a
        failure brings, as the KP typed it), or refuse it (the roll stays as it was)."""
        kept = await self.store.checks.get(check_id)
        if kept is None or kept.state != ASKED:
            raise InvalidInput("このプッシュにはもう答えが出ています。")
        if not await self.lookup.is_kp(req, await self.keeper_here(kept.channel) if self.keeper_here else None):
            raise InvalidInput("プッシュに答えるのはKPです（失敗したときに起こることを告げてから振ります）。")
        rolled = Rolled7.from_dict(kept.payload)
        if not go:
            await self._take(kept, ASKED, OPEN, CheckWrite())
            return self._here(req, kept, [public(f"KPは{kept.character}の〈{rolled.skill}〉のプッシュを認めませんでした"
                                                 "（失敗はそのままです）。")])
        record = await self.store.get_character(kept.scope, kept.character)
        inv = Investigator.from_dict(record.data) if record and is_investigator(record.data) else None
        again = pushed(rolled, self.dice)
        grown, growth = ticked(inv, again) if inv else (None, "")
        lines = ["🔁 プッシュ・ロール" + (f"（失敗したら：{told[:200]}）" if told else ""),
                 check_line(kept.character, again)]
        if again.check.succeeded:
            lines.append("プッシュ成功！" + growth)
        elif again.check.level is Level7.FUMBLE:
            lines.append("プッシュ・ロールのファンブル：KPが告げた結果が、より悪い形で起こるかもしれません（7-PUSH-07）。")
        else:
            lines.append("プッシュ失敗：KPが告げた結果が起こります（7-PUSH-07）。")
        text = "\n".join(lines)
        note = await self.note(dataclasses.replace(req, channel=kept.channel), kept.character, "check", text,
                                session_payload(again), played=False)
        write = CheckWrite(sheets=[(kept.scope, record.owner, grown.name, grown.to_dict())] if grown is not inv else [],
                           notes=[note] if note else [],
                           keep=[NewCheck(kept.channel, kept.scope, kept.user, kept.character, again.to_dict(), CLOSED)])
        await self._take(kept, ASKED, CLOSED, write)
        return self._here(req, kept, [public(clip(text))])

    # --- Luck ---------------------------------------------------------------------------------

    async def spend(self, req: Request, character: str | None = None, amount: int | None = None,
                    check_id: int | None = None) -> list[Reply]:
        """Spend Luck on ``req.user``'s latest roll here (of ``character``; the kept roll
        ``check_id`` for a button): exactly the shortfall (7-LUCK-02; ``amount``, when typed,
        must cover it). Raises RuleViolation / InvalidInput."""
        if not (await self.settings(req.channel)).get(LUCK_SETTING, False):
            raise RuleViolation("7-LUCK-01", "幸運の消費は選択ルールです。KPが /kp setting key:幸運消費 value:on "
                                             "で使えるようにします。", allowable=False)
        kept = await self._mine(req, character, check_id, "幸運を使える")
        rolled = Rolled7.from_dict(kept.payload)
        if kept.state == ASKED:
            raise InvalidInput(f"〈{rolled.skill}〉はプッシュがKPの返事を待っています。幸運を使うならKPに [認めない] を押してもらってからです。")
        record = await self.store.get_character(kept.scope, kept.character)
        if record is None or not is_investigator(record.data):
            raise InvalidInput(f"「{kept.character}」の7版のシートがもうありません。")
        inv = Investigator.from_dict(record.data)
        needed = check_luck(rolled, inv.luck)
        if kept.state != OPEN:
            raise InvalidInput(f"〈{rolled.skill}〉にはもう幸運を使えません。")
        if amount is not None and amount < needed:
            raise RuleViolation("7-LUCK-02", f"成功にするには幸運が{needed}必要です（出目 {rolled.check.roll} − "
                                             f"目標値 {rolled.check.target}）。足りない分だけ使うことはできません。",
                                allowable=False)
        turned, left = lucky(rolled, inv.luck)
        after = dataclasses.replace(inv, luck=left)
        extra = f"（使うのは足りない分の{needed}だけです）" if amount is not None and amount > needed else ""
        text = (f"🍀 {inv.name}は幸運を{needed}使い、〈{rolled.skill}〉を{turned.check.level.value}にしました"
                f"（出目 {rolled.check.roll}、目標値 {rolled.check.target}。幸運 {inv.luck} → {left}）。{extra}\n"
                "幸運で成功にした判定には成長チェックは付きません。")
        note = await self.note(req, inv.name, "note", text, {})
        await self._take(kept, OPEN, CLOSED, CheckWrite(sheets=[(kept.scope, record.owner, inv.name, after.to_dict())],
                                                         notes=[note] if note else [], payload=turned.to_dict()))
        return self._here(req, kept, [public(text)])

    # --- buttons and chat -------------------------------------------------------------------------

    def handles(self, key: str) -> bool:
        """Whether a button's key is a kept roll's."""
        return key.startswith(KEY) and key[len(KEY):].isdigit()

    async def press(self, req: Request, key: str, code: str) -> list[Reply]:
        """A kept roll's button: the roller's [プッシュ] / [幸運をN使う], the KP's
        [プッシュを振る] / [認めない] (pressed here or in a direct message)."""
        check_id = int(key[len(KEY):])
        if code == PUSH:
            return await self.push(req, check_id=check_id)
        if code == LUCK:
            return await self.spend(req, check_id=check_id)
        if code in (GO, NO):
            return await self.answer(req, check_id, code == GO)
        raise InvalidInput("このボタンは読み取れませんでした。")

    async def line(self, req: Request, text: str, claim: Claim) -> list[Reply] | None:
        """A chat line of these (rules.coc7.chat_lines): 「プッシュ」 and 「幸運を消費」 of a
        player who has a kept roll here or in a 7th channel, the KP's 「失敗したら…」 while a
        push waits here (the latest one is rolled with it); None for talk. ``claim(req)``
        takes the message's delivery before anything is done ([] when taken already)."""
        push, luck = push_line(text), luck_line(text)
        if push is not None or luck is not None:
            if not await self._for_us(req):
                return None
            if not await claim(req):
                return []
            if push is not None:
                return await self.push(req, push.who or None, push.skill, push.reason)
            return await self.spend(req, luck.who or None, luck.amount)
        what = told_line(text)
        if what is None:
            return None
        waiting = await self.store.checks.asked(req.channel)
        if not waiting or not await self.lookup.is_kp(req, await self.keeper_here(req.channel) if self.keeper_here else None):
            return None
        if not await claim(req):
            return []
        return await self.answer(req, waiting[0].id, True, what)

    async def _for_us(self, req: Request) -> bool:
        """Whether a player's 「プッシュ」/「幸運を消費」 is meant for a roll: they rolled one
        here, or the channel plays the 7th edition (else, in a 6th channel, it is talk)."""
        if await self.store.checks.recent(req.channel, req.user):
            return True
        return from_setting((await self.settings(req.channel)).get("edition")) == COC7

    # --- the parts --------------------------------------------------------------------------------

    async def _mine(self, req: Request, character: str | None, check_id: int | None, what: str) -> KeptCheck:
        """The kept roll a player acts on: ``check_id`` (a button: theirs only), else their
        latest here (of ``character`` when named). Raises InvalidInput when there is none."""
        if check_id is not None:
            kept = await self.store.checks.get(check_id)
            if kept is None:
                raise InvalidInput("このボタンの判定が見つかりません。")
            if kept.user != req.user:
                raise InvalidInput(f"このボタンは{kept.character}の判定をした人が押します。")
            latest = next((k for k in await self.store.checks.recent(kept.channel, kept.user)
                           if k.character == kept.character), None)
            if latest is not None and latest.id != kept.id:
                raise InvalidInput(f"{kept.character}はこのあとに別の判定をしています（プッシュも幸運も直前の判定にだけ使えます）。")
            return kept
        recent = await self.store.checks.recent(req.channel, req.user)
        kept = next((k for k in recent if not character or fold(k.character) == fold(character)), None)
        if kept is None:
            raise InvalidInput(f"{what}判定がありません（このチャンネルで振った7版の探索者の判定のすぐ後に使います。"
                               "例: /check skill:目星 のあとに「プッシュ」「幸運を消費」）。")
        return kept

    async def _take(self, kept: KeptCheck, before: str, after: str, write: CheckWrite) -> None:
        """Commit ``write`` taking ``kept`` from ``before`` to ``after``; a doubled press finds
        it taken (InvalidInput, nothing written)."""
        try:
            await self.store.checks.commit(dataclasses.replace(write, claim=(kept.id, before, after)))
        except TakenAlready:
            raise InvalidInput(TAKEN) from None

    async def note(self, req: Request, character: str, kind: str, text: str, payload: dict,
                    played: bool = True) -> dict | None:
        """The session record of ``text`` for ``character`` (None: no open session here);
        ``played``: ``req.user`` rolled as the character (their later rolls count for it)."""
        session = await self.notes.open_in(req.channel)
        if session is None:
            return None
        if played:
            self.notes.played(session, req.user, character)
        return self.notes.note(session, req, kind, character, text, payload)

    @staticmethod
    def _here(req: Request, kept: KeptCheck, replies: list[Reply]) -> list[Reply]:
        """``replies`` in the kept roll's channel (a button pressed in a direct message)."""
        return replies if req.channel == kept.channel else posted_in(replies, kept.channel)


def palette_check(result) -> Check7 | None:
    """The check a 7th palette roll's result holds (its command read again for the skill
    value, difficulty and bonus dice; its d10s for the candidates), or None when it is no
    skill roll against a target."""
    try:
        roll = cthulhu7th_command(False, "", result.command or "")
    except DiceError:
        return None
    faces = [face for sides, face in result.rolls if sides == 10]
    if not isinstance(roll, SkillRoll) or roll.target is None or len(faces) < 2 or result.total is None:
        return None
    ones = faces[-1] % 10
    candidates = tuple((tens % 10) * 10 + ones or 100 for tens in faces[:-1])
    return Check7(roll.skill, roll.target, roll.bonus, roll.difficulty, result.total, candidates, result.level)


def _allowed(rule, *args):
    """What ``rule(*args)`` returns (True for None), or False when it refuses."""
    try:
        found = rule(*args)
    except RuleViolation:
        return False
    return True if found is None else found


def _custom_id(check_id: int, code: str) -> str:
    return buttons.encode_key(0, f"{KEY}{check_id}", code)


__all__ = ["AfterRoll7", "KEY", "check_line", "palette_check", "session_payload", "ticked"]
