"""Which names a character or unit may have."""
from __future__ import annotations

from bot.render.log import printable
from rules.errors import InvalidInput


def check_name(name: str) -> None:
    """Refuse (InvalidInput) a character or unit name that is too long, holds a control or
    format character, or could act as a mention or markup in Discord (``@everyone``, ``<@…>``,
    a leading ``@`` or ``#``)."""
    if len(name) > 40:
        raise InvalidInput("キャラクター名は40文字以内にしてください。")
    if printable(name) != name:
        raise InvalidInput("名前に制御文字（タブ・改行・エスケープなど）は使えません。")
    if name.startswith(("@", "#", "/")) or "<@" in name or "@everyone" in name or "@here" in name:
        raise InvalidInput("名前を @ や # や / で始めたり、メンションを含めたりはできません。")
