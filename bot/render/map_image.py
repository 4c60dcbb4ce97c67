"""The battle map as a PNG (Pillow): the grid with column letters and row numbers, walls,
cover with its SIZ, units as discs with their initials (PC blue, NPC red, out of action
grey, the acting unit ringed in gold), and a legend of names, HP states and whose turn."""
from __future__ import annotations

import io
import logging
import os
from functools import lru_cache
from typing import TYPE_CHECKING

from rules.systems.coc6.grid import WALL, Board, parse_square

CELL = 48
"""Pixels per square."""
MARGIN = 28
"""Pixels for the column letters (top) and row numbers (left)."""
LINE = 22
"""Pixels per legend line."""
PAD = 12

log = logging.getLogger(__name__)


def bundled_font() -> str | None:
    """The path of the Japanese font the project installs (the ``noto-cjk-sans-jp-regular``
    package: Noto Sans CJK JP Regular, OFL), or None when that package is missing."""
    try:
        from noto_cjk_sans_jp_regular import FONT_PATH
    except ImportError:
        return None
    return str(FONT_PATH)


FONT_CANDIDATES = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "C:/Windows/Fonts/meiryo.ttc",
)
"""System fonts with Japanese glyphs (Debian's fonts-ipaexfont-gothic / fonts-noto-cjk, macOS,
Windows), tried in order after ``$MAP_FONT`` and the bundled font."""

COLORS = {"PC": (52, 101, 164), "NPC": (180, 48, 48), "out": (140, 140, 140), "turn": (230, 180, 20),
          "wall": (70, 70, 70), "cover": (181, 137, 84), "grid": (200, 200, 200), "bg": (250, 248, 240),
          "text": (30, 30, 30), "white": (255, 255, 255)}
OUT = ("死亡", "気絶", "ノックアウト")

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A Japanese-capable font of ``size`` px: ``$MAP_FONT``, else the bundled font
    (:func:`bundled_font`), else a system one (:data:`FONT_CANDIDATES`); Pillow's default
    (no Japanese glyphs: labels become boxes) only when none opens, with a warning."""
    from PIL import ImageFont  # lazy: Pillow is loaded by the first map drawn, not at start-up

    for path in (os.environ.get("MAP_FONT"), bundled_font(), *FONT_CANDIDATES):
        if path and os.path.exists(path):
            try:
                return ImageFont.truetype(path, size)
            except OSError:
                log.warning("map font %s could not be opened", path)
                continue
    log.warning("no Japanese font found: map labels will be drawn as boxes (install the project with pip)")
    return ImageFont.load_default(size)


def legend(board: Board) -> list[str]:
    """The legend lines under the grid."""
    head = f"ラウンド{board.round}　手番: {board.turn or '―'}"
    lines = [head] + [f"{p.label} = {p.name}（{p.state}）" for p in board.pieces]
    if board.off_map:
        lines.append("マップ外: " + "、".join(board.off_map))
    lines += [f"{t.name}: {t.kind}" + (f" SIZ {t.siz}" if t.siz else "") for t in board.things if t.kind != WALL]
    return lines


def image_size(board: Board) -> tuple[int, int]:
    """``(width, height)`` in pixels of the picture of ``board``."""
    width = MARGIN + board.width * CELL + PAD
    height = MARGIN + board.height * CELL + PAD + LINE * len(legend(board)) + PAD
    return max(width, 320), height


def _center(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill) -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor="mm")


def render_png(board: Board) -> bytes:
    """The PNG bytes of ``board`` (size :func:`image_size`)."""
    from PIL import Image, ImageDraw  # lazy: see font

    width, height = image_size(board)
    image = Image.new("RGB", (width, height), COLORS["bg"])
    draw = ImageDraw.Draw(image)
    for col in range(board.width):
        _center(draw, (MARGIN + col * CELL + CELL / 2, MARGIN / 2), chr(ord("A") + col), 16, COLORS["text"])
    for row in range(board.height):
        _center(draw, (MARGIN / 2, MARGIN + row * CELL + CELL / 2), str(row + 1), 14, COLORS["text"])
    for col in range(board.width):
        for row in range(board.height):
            x, y = MARGIN + col * CELL, MARGIN + row * CELL
            draw.rectangle((x, y, x + CELL, y + CELL), outline=COLORS["grid"], fill=COLORS["white"])
    for thing in board.things:
        col, row = parse_square(thing.square)
        x, y = MARGIN + col * CELL, MARGIN + row * CELL
        if thing.kind == WALL:
            draw.rectangle((x, y, x + CELL, y + CELL), fill=COLORS["wall"])
        else:
            draw.rectangle((x + 6, y + 6, x + CELL - 6, y + CELL - 6), fill=COLORS["cover"])
            _center(draw, (x + CELL / 2, y + CELL / 2), str(thing.siz or ""), 14, COLORS["white"])
    for piece in board.pieces:
        col, row = parse_square(piece.square)
        cx, cy = MARGIN + col * CELL + CELL / 2, MARGIN + row * CELL + CELL / 2
        r = CELL / 2 - 5
        fill = COLORS["out"] if piece.state in OUT else COLORS[piece.side]
        if piece.turn:
            draw.ellipse((cx - r - 3, cy - r - 3, cx + r + 3, cy + r + 3), fill=COLORS["turn"])
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
        _center(draw, (cx, cy), piece.label, 18, COLORS["white"])
        if piece.state == "死亡":
            draw.line((cx - r, cy - r, cx + r, cy + r), fill=COLORS["text"], width=3)
    y = MARGIN + board.height * CELL + PAD
    for line in legend(board):
        draw.text((PAD, y), line, font=font(15), fill=COLORS["text"])
        y += LINE
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
