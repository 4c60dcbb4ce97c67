"""The buttons of the round-start declaration window as rules commands: a unit's
「受け流し：ゾンビ」, 「回避に集中」 or 「宣言しない」 is its ``/declare``, the KP's
「宣言を締め切る」 is ``/kp close`` (rules/systems/coc6/declarations.py builds the prompts)."""
from __future__ import annotations

from rules.battle import commands as cmds
from rules.battle import keeper as kc
from rules.battle.protocol import Prompt

PARRY_WITH = "受け流し："
"""A parry button names its opponent after the full-width colon: ``受け流し：ゾンビ``."""
NONE_LABEL, CLOSE_LABEL = "宣言しない", "宣言を締め切る"


def declaration_command(prompt: Prompt, label: str, issuer: str, as_unit: str | None) -> cmds.Command:
    """The command a declaration button ``label`` of ``prompt`` stands for, pressed by
    ``issuer`` (the KP pressing for an NPC passes its ``as_unit``)."""
    if prompt.kind == "declarations" or label == CLOSE_LABEL:
        return kc.CloseDeclarations(issuer=issuer)
    if label == NONE_LABEL:
        return cmds.Declare(issuer=issuer, as_unit=as_unit, action="なし")
    if label.startswith(PARRY_WITH):
        return cmds.Declare(issuer=issuer, as_unit=as_unit, action="受け流し", target=label[len(PARRY_WITH):])
    return cmds.Declare(issuer=issuer, as_unit=as_unit, action=label)
