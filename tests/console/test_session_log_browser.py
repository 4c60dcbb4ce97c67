"""The session log in a real browser (issue 19): Chromium (Debian's package, headless) opens
both copies of the HTML log the console saved, takes a picture of each and prints each to
PDF. The page renders (the picture holds the speakers' colours on the dark page) and the
Japanese is legible: it is drawn with a Japanese font (Noto Sans CJK JP, Debian's
fonts-noto-cjk, embedded in the PDF), not as missing-glyph boxes. .ci/run installs both."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from PIL import Image

from tests.console.session_evening import FACES, script

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""Chromium as a test runs it: no sandbox (root in CI), no GPU, no network of its own."""

SIZE = (1000, 1600)


def chromium(tmp_path: Path, page: Path, *output: str) -> None:
    """Run headless Chromium on ``page`` with a fresh profile and ``output`` flags."""
    binary = shutil.which("chromium")
    assert binary, "Chromium is missing: apt-get install -y chromium fonts-noto-cjk (.ci/run does)"
    profile = tmp_path / f"profile-{page.stem}-{len(output)}"
    done = subprocess.run([binary, *FLAGS, f"--user-data-dir={profile}", *output, page.as_uri()],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def fonts_in(pdf: Path) -> set[str]:
    """The names of the fonts a PDF embeds (``NotoSansCJKjp-Regular``)."""
    return {name.split("+")[-1] for name in re.findall(r"/FontName\s*/([\w+\-]+)", pdf.read_bytes().decode("latin-1"))}


def test_both_copies_render_with_legible_japanese(play, tmp_path):
    play(script(), ",".join(map(str, FACES)))
    folder = tmp_path / "exports" / "bot1"
    for stem in ("session-1", "session-1-kp"):
        page = folder / f"{stem}.html"
        shot, pdf = tmp_path / f"{stem}.png", tmp_path / f"{stem}.pdf"
        chromium(tmp_path, page, f"--screenshot={shot}", f"--window-size={SIZE[0]},{SIZE[1]}")
        chromium(tmp_path, page, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
        picture = Image.open(shot).convert("RGB")
        assert picture.size == SIZE
        colours = {colour for _count, colour in picture.getcolors(maxcolors=1 << 20)}
        assert (0x1e, 0x1f, 0x22) in colours and (0x2b, 0x2d, 0x31) in colours  # the page, a message
        assert {(0x7f, 0xd1, 0xae), (0x8a, 0xb4, 0xff)} <= colours  # アリス's and ボブ's colours
        assert {"NotoSansCJKjp-Regular", "NotoSansCJKjp-Bold"} <= fonts_in(pdf), fonts_in(pdf)
        shutil.copy(shot, folder / shot.name)  # beside the logs, to be looked at
    assert "シークレット（KPのみ）" in (folder / "session-1-kp.html").read_text(encoding="utf-8")
