"""Exported battle logs (text and HTML) hold no control characters, whatever a user typed
into a name or a command (issue 10)."""
from __future__ import annotations

import re

from bot.render.log import Entry, html_log, printable, text_log

CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

DIRTY = Entry(number=3, by="ali\x1b[31mce\x1b[0m", label="/attack target:ゾ\x07ンビ\tweapon:こぶし",
              lines=("(1D100<=70) ＞ 45 ＞ 成功\r\nダメージ\x00：3", "\u202eスンリア\u202c"), keeper=False,
              undone=False)


def test_printable_drops_controls_and_keeps_line_feeds():
    assert printable("a\tb\r\nc\rd\x1b[1me\x00\x7f\x85f\u202eg\n") == "a b\nc\nd[1mefg\n"


def test_the_text_log_has_no_control_characters():
    text = text_log([DIRTY], "戦闘ログ\x1b")
    assert CONTROLS.findall(text) == []
    assert text.splitlines() == [
        "戦闘ログ", "=" * 40,
        "[手順 3] ali[31mce[0m: /attack target:ゾンビ weapon:こぶし",
        "    (1D100<=70) ＞ 45 ＞ 成功", "ダメージ：3", "    スンリア"]


def test_the_html_log_has_no_control_characters():
    page = html_log([DIRTY], "戦闘ログ")
    assert CONTROLS.findall(page) == []
    assert "/attack target:ゾンビ weapon:こぶし" in page and "ダメージ：3" in page


async def test_a_name_with_a_control_character_is_refused(tmp_path):
    from bot.service import Request, Service
    from bot.store import Store
    from rules.dice import ScriptedDice

    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await store.migrate()
    service = Service(store, ScriptedDice([]))
    stats = dict(str="10", con="10", pow="10", dex="10", app="10", siz="10", int="10", edu="10")
    replies = await service.handle(Request(channel="c", user="alice", command="char new",
                                           options={"name": "ア\x1b[31mリス", **stats}))
    assert [r.text for r in replies] == ["名前に制御文字（タブ・改行・エスケープなど）は使えません。"]
    assert await store.list_characters("console") == []
    await store.close()
