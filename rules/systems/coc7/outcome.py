"""Who wins an opposed melee exchange (7-MELEE-03..06): the attack's success level against
the defender's, by the defender's answer. Pure: levels in, the winner out."""
from __future__ import annotations

from rules.coc7.check import Level7

FIGHT_BACK, DODGE, NO_RESPONSE = "応戦", "回避", "なし"
"""The answers to a melee attack (``/react action:``)."""
ATTACKER, DEFENDER, NOBODY = "attacker", "defender", "nobody"


def winner(attack: Level7, answer: str, defence: Level7 | None = None) -> str:
    """:data:`ATTACKER` (the attack lands), :data:`DEFENDER` (a fight-back lands on the
    attacker) or :data:`NOBODY`.

    * なし: a successful attack lands (7-MELEE-06);
    * 回避: the attack lands only with a higher success level than the dodge's; a tie goes
      to the defender (7-MELEE-03);
    * 応戦: the attack lands with a level at least the defender's (a tie goes to the
      attacker); a defender with the strictly higher level lands its own blow (7-MELEE-04);
    * both failing (失敗 or ファンブル) means nothing happens (7-MELEE-05).
    """
    if answer == NO_RESPONSE or defence is None:
        return ATTACKER if attack.succeeded else NOBODY
    if answer == DODGE:
        if attack.succeeded and (not defence.succeeded or attack.rank > defence.rank):
            return ATTACKER
        return NOBODY
    if attack.succeeded and attack.rank >= defence.rank:
        return ATTACKER
    if defence.succeeded and defence.rank > attack.rank:
        return DEFENDER
    return NOBODY
