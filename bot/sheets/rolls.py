"""Dice rolls outside battle: ``/roll`` and chat messages whose first word is a command.

Secret rolls (``S`` prefix) reach only the roller and the channel's KP; the channel sees
that a secret roll was made and nothing of its command or result. A roll too long for one
message (``x100 CCB<=50``) shows what fits and arrives whole as a text attachment.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable

from bot.render import buttons
from bot.render.reply import MAX_TEXT, Button, Reply, clip, private, public
from rules.dice import Dice, DiceError, DiceExhausted, evaluate, parse
from rules.dice.common import Repeat
from rules.dice.cthulhu import Check
from rules.dice.editions import COC7, choose, foreign_note

KeepSecret = Callable[[str, str], Awaitable[int]]
"""Stores a secret roll ``(speaker, text)`` and returns its id."""
RecordRoll = Callable[[object, str, str], Awaitable[None]]
"""Keeps a roll ``(DiceResult, line shown, typed text)`` in the channel's open session
(bot.sheets.session_notes)."""
Rolled = Callable[[object], Awaitable[list[Reply]]]
"""Awaited with a roll's result after it was rolled; returns replies to add (a growth mark)."""
PUBLISH = "結果を公開"

MAX_COMMENT = 200
"""The longest comment echoed with a roll (characters); a longer one is shortened."""

_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def _comment(text: str) -> str:
    """A roll's comment as shown: bidirectional overrides removed, at most MAX_COMMENT."""
    text = _BIDI.sub("", text).strip()
    return text if len(text) <= MAX_COMMENT else text[:MAX_COMMENT] + "…"


HINTS = {"coc6": "CCB<=70、2D6+1D4、RES(12-10)", COC7: "CC<=50、CC(1)<=70、CC<=60h、FAR(25,70,98)"}
"""Example commands of each edition, for the reply to an unreadable ``/roll``."""


async def roll_replies(text: str, user: str, speaker: str, dice: Dice, keeper: str | None,
                       from_chat: bool, keep_secret: KeepSecret | None = None,
                       edition: str = "coc6", in_battle: bool = False,
                       forced: bool = False, on_result: Rolled | None = None,
                       record: RecordRoll | None = None) -> list[Reply]:
    """The replies to the dice command line ``text`` by ``user`` (shown as ``speaker``).

    ``edition`` is the channel's dice edition (``coc6``/``coc7``; ``in_battle``: a battle
    set it). A command only the other edition has is rolled by that edition with a note
    naming the channel's (``rules.dice.editions``); ``forced`` (``/roll system:``) rolls
    by ``edition`` whatever the command.

    Returns ``[]`` for chat that is not a command. A malformed command typed with ``/roll``
    gets a private error; in chat it stays silent unless it is recognisably a dice command.
    A secret roll's result goes privately to the roller (and the KP); with ``keep_secret``
    (stores ``(speaker, text)`` and returns an id) the roller's copy carries a
    [結果を公開] button (:func:`publish_button`). ``on_result(result)`` (a growth mark of a 6th or 7th roll,
    bot.sheets.growth) is awaited after a roll; its replies follow the roll's. With ``record`` (the channel has an open
    session) the roll is kept in the session before anything is shown.
    """
    rolled, foreign = (edition, False) if forced else choose(text, edition)
    try:
        refusal = negative_target(text, rolled)
        if refusal:
            return [private(user, refusal)]
        result = evaluate(text, dice, rolled)
    except DiceExhausted:
        raise
    except DiceError as exc:
        return [private(user, f"ダイスを振れませんでした: {exc}")]
    if result is None:
        if from_chat:
            return []
        return [private(user, f"「{text[:50]}」はダイスコマンドとして読めませんでした。例: {HINTS[rolled]}")]
    comment = f"　{_comment(result.comment)}" if result.comment else ""
    head = f"{speaker}{comment}"
    note = "\n" + foreign_note(rolled, edition, in_battle) if foreign else ""
    line, file = _fitted(head, result, note)
    if record is not None:  # first: it may find the line delivered already (bot.sheets.session_notes.Delivered)
        await record(result, f"{head}\n{whole_text(result)}", text)
    after = await on_result(result) if on_result is not None else []
    if not result.secret:
        return [Reply(text=line, file=file), *after]
    mine = Reply(text="🔒 " + line if len(line) + 2 <= MAX_TEXT else line, ephemeral=True, to=user, file=file)
    if keep_secret is not None:
        roll_id = await keep_secret(speaker, line)
        mine = dataclasses.replace(mine, buttons=(publish_button(roll_id),))
    replies = [public(f"{speaker}がシークレットダイスを振りました。"), mine]
    if keeper and keeper != user:
        replies.append(Reply(text=clip(f"🔒 {speaker}のシークレットダイス\n{result.text}{note}"), ephemeral=True,
                             to=keeper, file=file))
    return replies + after


def negative_target(text: str, system: str = "coc6") -> str | None:
    """The refusal of a 6th CC/CCB check whose target is below 0 (``CCB<=-5``, ``x3 CC<=-1``),
    which BCDice would roll as a bare 1D100 without saying the target was dropped; None for
    anything else. Raises DiceError as :func:`rules.dice.parse` does; rolls nothing."""
    node = parse(text, system)
    node = node.inner if isinstance(node, Repeat) else node
    if not isinstance(node, Check) or node.typed is None or node.typed >= 0:
        return None
    return f"目標値「{node.typed}」では判定できません（目標値は0以上の数にしてください。例: CCB<=50）。何も振っていません。"


ATTACHED = "\n（長いため一部を省略しました。全{count}回の結果は添付ファイル {name} にあります）"
"""The note under a repeated roll too long for one message (its whole text is attached)."""


def whole_text(result) -> str:
    """The complete text of ``result``: every repetition of ``x100 CCB<=50`` as BCDice joins
    them (``#1\n…\n\n#2\n…``), however long; a single roll's own text."""
    if not result.parts:
        return result.text
    return "\n\n".join(f"#{i}\n{part.text}" for i, part in enumerate(result.parts, 1))


def _fitted(head: str, result, tail: str = "") -> tuple[str, dict | None]:
    """``(message text, attachment or None)`` for a roll shown under ``head`` (and ``tail``
    under it): the whole text when it fits one message (MAX_TEXT); else as many whole
    repetitions as fit, a note, and the whole text as ``roll.txt`` (nothing is lost)."""
    whole = whole_text(result) + tail
    line = f"{head}\n{whole}"
    if len(line) <= MAX_TEXT - 2:  # room for a secret roll's 🔒
        return line, None
    name = "roll.txt"
    note = ATTACHED.format(count=len(result.parts) or 1, name=name)
    shown = head
    for block in whole.split("\n\n"):
        if len(shown) + 2 + len(block) + len(note) > MAX_TEXT - 2:
            break
        shown += ("\n" if shown == head else "\n\n") + block
    return clip(shown + note, MAX_TEXT - 2), {"name": name, "content": line + "\n"}


def publish_button(roll_id: int) -> Button:
    """The [結果を公開] button of kept secret roll ``roll_id`` (battle 0 = no battle)."""
    return Button(PUBLISH, buttons.encode(0, f"s{roll_id}", PUBLISH), "primary")


def published_reply(speaker: str, text: str) -> Reply:
    """The public message of a secret roll its roller chose to show."""
    return public(f"🔓 {speaker}がシークレットダイスの結果を公開しました。\n{text}")
