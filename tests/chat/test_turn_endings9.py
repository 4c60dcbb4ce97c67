"""Trial 9, G9: everyday turn endings the trial saw ignored — 「これでターン終了」, the polite
「ターンを終えます」, 「何もせず終了」 — end the turn, for a player on their turn and for the KP
on an NPC's turn; talk that only mentions 終了 stays talk. Rows in the format of
tests/chat/test_phrasings.py."""
from __future__ import annotations

import pytest

from rules.chat import read
from tests.chat.scenes import context
from tests.chat.test_phrasings import expected, shown

ROWS = [
    ("house/alice-turn", "alice", "これでターン終了", "end"),
    ("house/alice-turn", "alice", "じゃあこれでターン終了します", "end"),
    ("house/alice-turn", "alice", "ターンを終えます", "end"),
    ("house/alice-turn", "alice", "何もせず終了", "end"),
    ("house/alice-turn", "alice", "これで手番終了です", "end"),
    ("book/alice-turn", "alice", "これでターン終了", "end"),
    ("house/zombie-turn", "kp", "ゾンビ1はこれでターン終了", "end as=ゾンビ1"),
    ("house/zombie-turn", "kp", "ゾンビ1はターンを終えます", "end as=ゾンビ1"),
    ("house/zombie-turn", "kp", "ゾンビ1は何もせず終了", "end as=ゾンビ1"),
    ("house/lone-zombie", "kp", "ゾンビはこれでターン終了", "end as=ゾンビ"),
    # talk that mentions 終了 or ending
    ("house/alice-turn", "alice", "終了したら教えて", "-"),
    ("house/alice-turn", "alice", "これでターン終了？", "-"),
    ("house/alice-turn", "alice", "これでターン終了かな", "-"),
    ("house/alice-turn", "alice", "ターンを終えますか？", "-"),
    ("house/alice-turn", "alice", "何もせず終了はもったいない", "-"),
    ("house/alice-turn", "alice", "戦闘が終了したら休憩しよう", "-"),
    ("house/alice-turn", "alice", "セッション終了は何時？", "-"),
    ("house/zombie-turn", "kp", "今日はここで終了です、お疲れ様でした", "-"),
    ("house/zombie-turn", "alice", "ゾンビ1はこれでターン終了", "end as=ゾンビ1"),  # refused later: as: is the KP's
]


@pytest.mark.parametrize(("scene", "speaker", "text", "spec"), ROWS,
                         ids=[f"{i:02d}-{r[2][:16]}" for i, r in enumerate(ROWS)])
def test_turn_ending(scene, speaker, text, spec):
    assert shown(read(text, context(scene, speaker))) == expected(spec)
