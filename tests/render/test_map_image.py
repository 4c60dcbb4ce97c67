"""``/battle map``: the board of a battle with walls, cover and several units drawn as a PNG
of the expected size, and as a text grid."""
from __future__ import annotations

import base64
import io

from PIL import Image

from rules.battle import commands as cmds
from rules.coc6.character import Character
from rules.dice import ScriptedDice
from rules.systems.coc6.grid import board
from rules.systems.coc6.house import SYSTEM

from bot.render.map_image import CELL, MARGIN, image_size
from bot.render.map_text import map_reply, render_text


def _battle():
    state = SYSTEM.new_state()

    def run(command):
        for event in SYSTEM.decide(state, command, ScriptedDice([])):
            SYSTEM.evolve(state, event)

    def sheet(name, dex):
        stats = {k: 10 for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")} | {"DEX": dex}
        return Character(name=name, stats=stats).to_dict()

    run(cmds.Open(issuer="kp"))
    run(cmds.Join(issuer="alice", name="アリス", sheet=sheet("アリス", 14)))
    run(cmds.Join(issuer="bob", name="ボブ", sheet=sheet("ボブ", 12)))
    run(cmds.Join(issuer="kp", name="ゾンビ", sheet=sheet("ゾンビ", 8), npc=True))
    run(cmds.Join(issuer="kp", name="ゾンビB", sheet=sheet("ゾンビB", 8), npc=True))
    run(cmds.Start(issuer="kp"))
    for name, square in (("アリス", "B2"), ("ボブ", "C3"), ("ゾンビ", "G6"), ("ゾンビB", "H7")):
        run(cmds.Place(issuer="kp", name=name, to=square))
    run(cmds.PlaceObject(issuer="kp", name="北壁", kind="壁", at="A1-J1"))
    run(cmds.PlaceObject(issuer="kp", name="木箱", siz=12, at="E4"))
    run(cmds.PlaceObject(issuer="kp", name="車", siz=30))
    return state


def test_map_png_decodes_at_the_expected_size():
    b = board(_battle())
    assert (b.width, b.height) == (11, 8)  # the used squares plus one
    reply = map_reply(b)
    assert reply.file["name"] == "map.png"
    image = Image.open(io.BytesIO(base64.b64decode(reply.file["content_b64"])))
    assert image.format == "PNG"
    assert image.size == image_size(b)
    assert image.size[0] == MARGIN + 11 * CELL + 12
    wall = image.getpixel((MARGIN + CELL // 2, MARGIN + CELL // 2))
    assert wall == (70, 70, 70)  # A1 is wall-grey


def test_text_grid_shows_walls_cover_and_initials():
    text = render_text(board(_battle()))
    lines = text.splitlines()
    assert lines[0] == "　　ＡＢＣＤＥＦＧＨＩＪＫ"
    assert lines[1] == "　１■■■■■■■■■■・"
    assert lines[2] == "　２・ア・・・・・・・・・"
    assert lines[4] == "　４・・・・□・・・・・・"
    assert "ア = アリス（無傷）" in text and "手番: アリス" in text
