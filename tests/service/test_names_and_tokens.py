"""System names in any case, and a blank token is no token (issue 10)."""
from __future__ import annotations

import pytest

from bot.config import Settings
from service_table import KP


@pytest.mark.parametrize("name, title", [("COC6", "CoC6 基本ルール（受け流し）"),
                                         ("Coc6-House", "CoC6 ハウスルール（戦闘ルール）"),
                                         ("ＣＯＣ６－ＢＵＤＯ", "CoC6 武道ルール"), ("BOOK", "CoC6 基本ルール（受け流し）")])
async def test_system_names_are_case_insensitive(table, name, title):
    replies = await table.say(KP, "battle new", system=name)
    assert replies[0].text.startswith(f"戦闘を開きました（{title}）")


@pytest.mark.parametrize("token, kept", [("   ", ""), ("\t \n", ""), ("  abc.def  ", "abc.def")])
def test_a_token_of_only_spaces_is_no_token(token, kept):
    assert Settings(_env_file=None, discord_token=token).discord_token == kept
