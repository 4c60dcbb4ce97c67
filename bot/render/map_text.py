"""The battle map as a text grid (for the console and as the message text beside the PNG)
and the ``/battle map`` reply that carries both."""
from __future__ import annotations

import base64

from rules.systems.coc6.grid import WALL, Board, parse_square

from bot.render.map_image import legend, render_png
from bot.render.reply import Reply, clip

EMPTY, WALL_MARK, COVER_MARK = "・", "■", "□"
FULLWIDTH = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})


def _cell(text: str) -> str:
    """One grid cell, two columns wide: a full-width character."""
    first = text[:1].translate(FULLWIDTH)
    return first if first else EMPTY


def render_text(board: Board) -> str:
    """The grid in full-width characters (■ wall, □ cover, a unit's first letter), with
    the legend below."""
    cells = [[EMPTY] * board.width for _ in range(board.height)]
    for thing in board.things:
        col, row = parse_square(thing.square)
        cells[row][col] = WALL_MARK if thing.kind == WALL else COVER_MARK
    for piece in board.pieces:
        col, row = parse_square(piece.square)
        cells[row][col] = _cell(piece.label)
    header = "　　" + "".join(chr(ord("Ａ") + c) for c in range(board.width))
    rows = [f"{r + 1:>2}".replace(" ", "　").translate(FULLWIDTH) + "".join(line) for r, line in enumerate(cells)]
    return "\n".join([header, *rows, *legend(board)])


def map_reply(board: Board) -> Reply:
    """The ``/battle map`` message: the text grid, with the PNG attached as
    ``file = {"name": "map.png", "content_b64": <base64 PNG>, "mime": "image/png"}``."""
    png = render_png(board)
    text = "【マップ】1マス＝1m（■壁 □遮蔽物）\n" + render_text(board)
    return Reply(text=clip(text), file={"name": "map.png", "mime": "image/png",
                                        "content_b64": base64.b64encode(png).decode("ascii")})
