"""``/kp pending`` and the [保留中] button: the questions the KP must answer, shown again
privately (issue 18, items 2 and 13). A hidden NPC's question reaches the KP as an
ephemeral message or a DM; an ephemeral message vanishes when the client reloads and a DM
cannot reach a KP whose DMs are closed, so the KP can always call them up again here."""
from __future__ import annotations

import dataclasses

from bot.battle.battles import Battles
from bot.commands.settings import chat_on
from bot.commands.permissions import KEEPER_ONLY
from bot.commands.request import Request
from bot.render import battle as render
from bot.render import buttons
from bot.render.reply import Button, Reply, private
from rules.errors import InvalidInput

PENDING_KEY, PENDING_CHOICE = "pending", "show"
"""The [保留中] button's question key and choice (battle 0: it works for any battle)."""

NONE_PENDING = "いまKPが答える質問はありません。"


def pending_button() -> Button:
    """[保留中]: the KP presses it to see the questions they must answer (KP only)."""
    return Button("保留中", buttons.encode_key(0, PENDING_KEY, PENDING_CHOICE), "primary")


async def pending(battles: Battles, req: Request) -> list[Reply]:
    """The open questions of the channel's battle the KP answers (an NPC's turn, reaction or
    declaration, hidden or not; the closing of the declarations), each privately to
    ``req.user`` with its buttons, as first asked. Raises InvalidInput without a battle or
    for someone not a KP here."""
    record = await battles.require_active(req.channel, fresh=True)
    system, loaded = await battles.loaded(record)
    state = loaded.state
    if not await battles.is_kp(req, state.keeper):
        raise InvalidInput(KEEPER_ONLY)
    view = system.view(state)
    asked = [p for p in view.prompts if p.owner is None or p.owner == req.user or render.private_prompt(p, view)]
    if not asked:
        return [private(req.user, NONE_PENDING)]
    shown = [render.prompt_reply(record.id, p, state.keeper, view, chat_on(state)) for p in asked]
    return [dataclasses.replace(r, ephemeral=True, to=req.user, mentions=(), tag=None) for r in shown]
