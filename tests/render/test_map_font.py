"""The map picture draws its Japanese labels with real glyphs (not the tofu box of a font
without Japanese), from the font the project installs itself (issue 10)."""
from __future__ import annotations

import pytest

from bot.render import map_image
from bot.render.map_image import bundled_font, font, legend
from rules.systems.coc6.grid import board
from tests.render.test_map_image import _battle

NOTDEF = "\U0010FFFD"
"""A private-use code point no font has: what it draws is the font's notdef (tofu) glyph."""


@pytest.fixture(autouse=True)
def _fresh_font(monkeypatch):
    monkeypatch.delenv("MAP_FONT", raising=False)
    font.cache_clear()
    yield
    font.cache_clear()


def _tofu(size: int, text: str) -> list[str]:
    """The characters of ``text`` that ``font(size)`` draws as its notdef glyph."""
    face = font(size)
    box = bytes(face.getmask(NOTDEF))
    return [ch for ch in dict.fromkeys(text) if not ch.isspace() and bytes(face.getmask(ch)) == box]


def test_the_legend_of_a_real_board_has_no_tofu():
    lines = legend(board(_battle()))
    assert lines[0] == "ラウンド1　手番: アリス"
    text = "".join(lines)
    assert "ゾ" in text and "壁" not in text  # walls are drawn, not listed
    for size in (14, 15, 16, 18):
        assert _tofu(size, text) == []


def test_labels_and_states_are_real_glyphs():
    assert _tofu(15, "無傷負傷重傷瀕死死亡気絶遮蔽物木箱マップ外（）：") == []
    assert _tofu(18, "アボゾ") == []


def test_the_font_is_the_one_the_project_installs():
    path = bundled_font()
    assert path is not None and path.endswith("NotoSansCJKjp-Regular.otf")
    assert font(15).path == path


def test_a_font_without_japanese_would_be_caught(monkeypatch):
    """The check itself can fail: Pillow's built-in font draws every kana as the notdef box."""
    monkeypatch.setattr(map_image, "bundled_font", lambda: None)
    monkeypatch.setattr(map_image, "FONT_CANDIDATES", ())
    assert _tofu(15, "アリス") == ["ア", "リ", "ス"]
