"""What a KP's line of narration points at (issue 26: ask less where the context is plain):
a KP line that declares nothing but names one PC and one NPC (「ビクトマウスBが有栖さんに
にじり寄る」) puts that NPC before that PC; the PC's next attack naming no target offers it
first (rules.chat.context.ChatContext.hints, marked 「（KPの描写の相手）」). Pure."""
from __future__ import annotations

from rules.chat import lexicon
from rules.chat.context import ChatContext
from rules.chat.normalize import fold


def addressed(text: str, ctx: ChatContext) -> tuple[str, str] | None:
    """``(PC, NPC)`` a KP's line names, exactly one of each (the NPC acting, not out of
    action), or None; only from the KP."""
    if not ctx.is_kp:
        return None
    named = dict.fromkeys(ctx.lexicon().names_in(fold(text), lexicon.UNIT))
    pcs = [n for n in named if (u := ctx.unit(n)) is not None and not u.npc_side]
    npcs = [n for n in named if (u := ctx.unit(n)) is not None and u.npc_side and not u.out]
    if len(pcs) == 1 and len(npcs) == 1:
        return pcs[0], npcs[0]
    return None
