"""A request as the battle log shows it: what the user typed or pressed."""
from __future__ import annotations

from bot.commands import options as opt
from bot.commands.request import Request
from bot.render import buttons


def request_label(req: Request) -> str:
    """The request as a user would type it, for the battle log (``/attack target:ゾンビ``;
    a chat declaration as typed: 「ゾンビをこぶしで攻撃」)."""
    if req.said:
        return f"「{req.said}」"
    if req.command == "button":
        bid = buttons.decode(opt.text(req.options, "custom_id") or "")
        label = opt.text(req.options, "label") or (bid.label if bid and bid.choice in buttons.LABELS else None)
        return f"[{label}]" if label else "[ボタン]"
    options = " ".join(f"{k}:{v}" for k, v in req.options.items() if v not in (None, ""))
    return f"/{req.command}" + (f" {options}" if options else "")
