"""A player's secret palette roll in a battle channel is the roll (issue 29): ``SCCB<=25
【目星】`` answered privately cannot be rolled again for free. Until the battle moves on (its
version changes), the same player's next palette roll of the same skill, secret or open, is
not rolled: when it is a declaration (「CCB<=25 【キック】 ゾンビ1」 on their turn) it takes the
secret roll's face as its die, else the player is told the first roll stands and how to
show it ([結果を公開]). The KP's secret rolls are not kept here (an NPC's secret roll is its
declaration already, rules.chat.palette). Kept with the battle (a row ``secret`` keyed by
:func:`secret_key`, bot.battle.questions, issue 26): a restart changes none of this. The row
is written after the roll, which took the message's delivery key: a second delivery rolls
nothing and keeps nothing."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.battle.questions import SECRET
from bot.render.reply import Reply, clip, private
from bot.store.questions import ChatWrite
from bot.store.questions import Kept as Row
from rules.chat.palette import plain_reason, rolled_skill, why_not_now

if TYPE_CHECKING:
    from bot.battle.battles import Battles
    from bot.battle.chat_play import ChatTable
    from bot.battle.questions import Questions
    from bot.commands.request import Request
    from bot.store import BattleRecord

KEY_LENGTH = 100
"""The longest key a kept row has (``chat_questions.key``)."""

_FACE = re.compile(r"\(1D100<=\d+\)(?: 故障ナンバー\[\d+\])? ＞ (?P<face>\d+) ＞")
"""The face in a 6th check's BCDice line."""


@dataclass(frozen=True)
class Kept:
    """A secret roll kept: its ``face``, the battle ``version`` it was made at, its ``line``."""

    face: int
    version: int
    line: str

    def refusal(self, skill: str) -> str:
        """The answer to a second roll of ``skill``: the first one stands."""
        return (f"【{skill}】はシークレットダイスで振ったばかりです（{self.line}）。最初のロールがそのまま結果で、"
                "振り直しはしません。見せるなら、そのメッセージの [結果を公開] を押してください。")


def secret_key(user: str, skill: str) -> str:
    """The key of ``user``'s secret roll of ``skill`` among a battle's kept rows (at most
    :data:`KEY_LENGTH` characters: an overlong skill name is cut)."""
    return f"{user}:{skill}"[:KEY_LENGTH]


class SecretRolls:
    """The secret palette rolls of the players in battle channels, by battle, player and
    skill, kept with the battle by ``questions`` (bot.battle.questions)."""

    def __init__(self, questions: Questions) -> None:
        self.questions = questions

    async def kept(self, battle: int, version: int, user: str, text: str) -> tuple[str, Kept] | None:
        """``(skill, kept roll)`` when ``text`` rolls a skill ``user`` rolled secretly in
        ``battle`` at this ``version``; None otherwise (none, or the battle moved on since:
        a row of an older version is stale, nothing to delete)."""
        rolled = rolled_skill(text)
        if rolled is None:
            return None
        row = (await self.questions.rows(battle, SECRET)).get(secret_key(user, rolled[1]))
        if row is None or row.version != version:
            return None
        return rolled[1], Kept(row.payload["face"], row.version, row.payload["line"])

    async def forget(self, battle: int, user: str, skill: str) -> None:
        """Drop the kept roll of ``skill`` (its face was used by a declaration)."""
        await self.questions.write(battle, ChatWrite(drops=((SECRET, secret_key(user, skill)),)))

    async def remember(self, battle: int, version: int, user: str, text: str, replies: list[Reply]) -> None:
        """Keep ``user``'s secret palette roll ``text`` from its private answer in ``replies``."""
        rolled = rolled_skill(text)
        if rolled is None or not rolled[0]:
            return
        mine = next((r for r in replies if r.ephemeral and r.to == user and _FACE.search(r.text)), None)
        if mine is None:
            return
        line = next(x for x in mine.text.splitlines() if _FACE.search(x))
        row = Row(SECRET, secret_key(user, rolled[1]), version, {"face": int(_FACE.search(line)["face"]), "line": line})
        await self.questions.write(battle, ChatWrite(rows=(row,)))


def refused_again(user: str, skill: str, kept: Kept) -> list[Reply]:
    """The private answer to a second roll of a kept secret roll."""
    return [private(user, kept.refusal(skill))]


_SEVENTH_CHECK = re.compile(r"S?(?:CC|CCB|1D100)(?:\(?-?\d+\)?)?<=\S+\s+\S", re.IGNORECASE)
"""A 1D100 check with a comment (``CC<=55 【射撃（拳銃）】 暴漢``)."""


def seventh_reason(text: str, ctx) -> str | None:
    """Why a palette roll of the speaker's only unit did nothing in a 7th-edition battle
    (trial 9, G12): on its own turn because the 7th battle takes its actions in words or
    commands, never from a palette roll (so a success must not look like a hit), else
    because it is not that unit's turn, an answer is awaited, or the battle has not started.
    One line in Japanese; None for a SAN roll, a bare roll, or a player with no unit or several."""
    line = unicodedata.normalize("NFKC", text).strip()
    if _SEVENTH_CHECK.match(line) is None or "SAN" in line.upper() or "正気度" in line:
        return None
    mine = [u for u in ctx.units if u.owner == ctx.speaker and not u.out]
    if len(mine) != 1:
        return None
    unit = mine[0].name
    why = why_not_now(unit, ctx)
    if why is None:
        foe = next((u.name for u in ctx.units if u.npc_side and not u.out), "相手")
        return (f"（7版の戦闘ではパレットのロールは{unit}の行動にならないので、普通のダイスとして振りました。"
                f"戦闘には反映していません。攻撃は「{foe}を攻撃」のように書くか /attack で）")
    return f"（{why}、{unit}の行動ではなく普通のダイスとして振りました。戦闘には反映していません）"


class PlainRolls:
    """What a battle channel's chat roll adds when it is no declaration (issue 29): the one
    line saying why a palette roll of the speaker's unit was rolled as plain dice
    (rules.chat.palette.plain_reason), and the player's secret palette roll kept as the roll
    (:class:`SecretRolls`). ``battles``: the channel's battle; ``chat``: the chat table
    (bot.battle.chat_play.ChatTable: the speaker's context and the declarations)."""

    def __init__(self, battles: Battles, chat: ChatTable) -> None:
        self.battles, self.chat = battles, chat
        self.secrets = SecretRolls(battles.questions)

    async def again(self, req: Request, record: BattleRecord, text: str) -> list[Reply] | None:
        """The answer to a roll of a skill the speaker rolled secretly in this battle at this
        version: the declaration it reads as, with the secret roll's face as its die; else
        the first roll stands. None when there is no such roll (the line goes on as usual)."""
        found = await self.secrets.kept(record.id, record.version, req.user, text)
        if found is None:
            return None
        skill, kept = found
        declared = await self.chat.declaration(replace(req, kept_die=kept.face))
        if declared is not None:
            await self.secrets.forget(record.id, req.user, skill)
            return declared
        return refused_again(req.user, skill, kept)

    async def after(self, req: Request, record: BattleRecord, text: str, replies: list[Reply],
                    edition: str | None = None) -> list[Reply]:
        """``replies`` of a plain roll with the reason line (on the roller's own copy of a
        secret roll, else on the roll's public message), the secret roll kept. ``edition``:
        the battle's (``coc7``: a palette roll on one's own turn says it is no action, G12)."""
        ctx = await self.chat.chat_context(req)
        if ctx is None:
            return replies
        if not ctx.is_kp:
            await self.secrets.remember(record.id, record.version, req.user, text, replies)
        reason = plain_reason(text, ctx) or (seventh_reason(text, ctx) if edition == "coc7" else None)
        if reason is None:
            return replies
        secret = any(r.ephemeral and r.to == req.user and r.text.startswith("🔒") for r in replies)
        for i, reply in enumerate(replies):
            if (reply.ephemeral and reply.to == req.user and reply.text.startswith("🔒")) or (not secret and not reply.ephemeral):
                return [*replies[:i], replace(reply, text=clip(f"{reply.text}\n{reason}")), *replies[i + 1:]]
        return replies
