"""The session log of a text session with character voices (issue 31) in a real browser:
Chromium (headless, as tests/console/test_session_log_browser.py runs it) opens the players'
HTML log the console saved and takes a picture of it. The portraits load (each uploaded
picture's colour beside the lines, from inside the file: no network), the characters' names
show (in their colours, right of the portraits), and the players' asides are set apart (on
their own background, indented past the portraits)."""
from __future__ import annotations

from PIL import Image

from tests.console.test_session_log_browser import chromium
from tests.console.voice_evening import FACES, PORTRAITS, pictures, script

SIZE = (1000, 1600)
SHOP, ALICE, BOB = (0x7F, 0xD1, 0xAE), (0x8A, 0xB4, 0xFF), (0xFF, 0x8A, 0x8A)
"""The colours of the first three speakers (bot.render.log.PALETTE): 店主, アリス, ボブ."""
ASIDE = (0x23, 0x24, 0x28)
"""The background of an out-of-character line (bot.render.log.STYLE, ``p.ooc``)."""
PORTRAIT_LEFT, PORTRAIT_RIGHT, ASIDE_LEFT = 38, 86, 82
"""Where the pictures sit (px: the page's padding, the line's border and padding; 48 px wide)
and where an aside begins (its margin clears the portraits)."""


def test_portraits_load_names_show_and_asides_are_set_apart(play, tmp_path):
    play(script(pictures(tmp_path)), ",".join(map(str, FACES)))
    folder = tmp_path / "exports" / "bot1"
    page, shot = folder / "session-1.html", tmp_path / "voices.png"
    assert "https://" not in page.read_text(encoding="utf-8")  # every picture is inside the file
    chromium(tmp_path, page, f"--screenshot={shot}", f"--window-size={SIZE[0]},{SIZE[1]}")
    picture = Image.open(shot).convert("RGB")
    assert picture.size == SIZE
    where: dict[tuple[int, int, int], list[int]] = {}
    pixels = picture.load()
    for y in range(SIZE[1]):
        for x in range(SIZE[0]):
            where.setdefault(pixels[x, y], []).append(x)
    for _size, colour in PORTRAITS.values():  # アリス's portrait and 笑顔, ボブ's
        assert colour in where and PORTRAIT_LEFT <= min(where[colour]) and max(where[colour]) < PORTRAIT_RIGHT, colour
    for colour in (SHOP, ALICE, BOB):  # each name's letters, right of the portraits
        assert sum(1 for x in where.get(colour, ()) if x > PORTRAIT_RIGHT + 20) > 50, colour
    assert len(where[ASIDE]) > 10_000 and min(where[ASIDE]) >= ASIDE_LEFT
    shot.replace(folder / shot.name)  # beside the log, to be looked at
