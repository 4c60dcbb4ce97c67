"""Any line at all is read without an error, and a declaration the grammar makes always
names a unit of the battle and a command the slash surface has (issue 9)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.commands.spec import COMMANDS
from rules.chat import Ambiguous, Declaration, Several, read
from rules.chat.normalize import fold
from rules.chat.palette import Untargeted
from tests.chat.scenes import VIEWS, context

PIECES = ["ゾンビ1", "ゾンビ", "アリス", "を", "に", "で", "の", "へ", "は", "：", "回避", "受け流し", "ナイフ", "大型",
          "こぶし", "攻撃", "します", "！", "？", "C4", "3", "発", "パワー", "宣言", "集中", "ターン終了", "CCB<=28 ", "SCCB<=101-20 ", "CC(-1)<=70 ", "【キック】", "→",
          "〈", "〉", "かばう", "応急手当", "精密射撃", "足", "狙う", "w", " ", "、", "なし", "移動", "カウンター", "待機"]
PATHS = {c.path for c in COMMANDS} | {"press"}  # press: a question's button


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(VIEWS)), st.sampled_from(["alice", "bob", "kp"]),
       st.lists(st.sampled_from(PIECES), max_size=8).map("".join) | st.text(max_size=40))
def test_any_line_reads_without_error(scene, speaker, text):
    ctx = context(scene, speaker)
    outcome = read(text, ctx)
    declarations = outcome.choices if isinstance(outcome, (Ambiguous, Untargeted)) \
        else outcome.declarations if isinstance(outcome, Several) else (outcome,) if outcome else ()
    for declaration in declarations:
        assert isinstance(declaration, Declaration)
        assert declaration.command in PATHS
        assert ctx.unit(declaration.unit) is not None
        # a unit the speaker may not move only when the line names it (「ゾンビ1：回避」 by a
        # player): the permission check then refuses it as it refuses the slash command's as:
        assert ctx.may_move(ctx.unit(declaration.unit), True) or declaration.unit in fold(text)
