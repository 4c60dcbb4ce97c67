"""A long log comes in pages for Discord's upload limit (issue 19): every page at most the
limit, whole entries on each, all entries once, in order, every HTML page a whole document
with the speakers' colours unchanged from page to page."""
from __future__ import annotations

import re

import pytest

from bot.render.log import Entry, html_pages, text_pages

ENTRIES = [Entry(n, ("アリス", "ボブ", "kp")[n % 3], f"CCB<=60 【目星】#{n}",
                 (f"(1D100<=60) ＞ {n % 100 + 1} ＞ 成功",), False, False, "21:03") for n in range(1, 301)]


@pytest.mark.parametrize("pages, name", [(text_pages, "text"), (html_pages, "html")])
def test_every_page_fits_and_every_entry_is_on_one(pages, name):
    limit = 6000
    found = pages(ENTRIES, "セッションログ", limit)
    assert len(found) > 3
    assert all(len(page.encode()) <= limit for page in found)
    assert [re.search(r"セッションログ（(\d+)/(\d+)）", page).groups() for page in found] == [
        (str(n), str(len(found))) for n in range(1, len(found) + 1)]
    numbers = [int(n) for page in found for n in re.findall(r"【目星】#(\d+)", page)]
    assert numbers == list(range(1, 301))
    if name == "html":
        assert all(page.startswith("<!DOCTYPE html>") and page.endswith("</body></html>\n") for page in found)
        colours = {re.search(r'--c:(#\w+)">.*?class="name">ボブ<', page).group(1) for page in found}
        assert len(colours) == 1


def test_a_short_log_is_one_page_without_a_page_number():
    [page] = text_pages(ENTRIES[:3], "セッションログ", 8_000_000)
    assert page.splitlines()[0] == "セッションログ"
    assert page.splitlines()[2] == "[21:03] ボブ: CCB<=60 【目星】#1"


def test_an_entry_bigger_than_a_page_is_cut_to_fit():
    huge = Entry(1, "アリス", "x100 CCB<=50", ("<(1D100<=50) ＞ 45 ＞ 成功>" * 2000,), False, False, "21:03")
    [page] = html_pages([huge], "セッションログ", 6000)
    assert len(page.encode()) <= 6000 and "…（長すぎるため省略）" in page
    assert page.endswith("</span></p>\n</body></html>\n")


def test_the_statistics_open_the_first_page_only():
    stats = ("【アリス】ロール 6回／成功 3（決定的成功 1）／致命的失敗 0／平均出目 45.6",)
    found = text_pages(ENTRIES, "セッションログ", 6000, stats)
    assert found[0].splitlines()[2:5] == ["【集計】", stats[0], "-" * 40]
    assert all("【集計】" not in page for page in found[1:]) and all(len(p.encode()) <= 6000 for p in found)
    pages = html_pages(ENTRIES, "セッションログ", 6000, stats)
    assert pages[0].count('<div class="stats">') == 1 and all('class="stats"' not in p for p in pages[1:])
