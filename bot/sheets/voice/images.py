"""The images the bot keeps for portraits (issue 31): an uploaded picture becomes a square
PNG of :data:`SIDE` pixels (what a Discord avatar shows), cut from the top of a tall 立ち絵
(the face is there) or the middle of a wide one, and is known by the SHA-256 of those bytes
(the address it is served under never changes, so no cache ever shows an older face).

CPU work: callers run :func:`normalised` and :func:`thumbnail` off the event loop. Pillow is
imported by the first picture, not at start-up (tests/e2e/test_startup_imports.py)."""
from __future__ import annotations

import base64
import hashlib
import io
import warnings

from bot.sheets.attachments import MAX_IMAGE_BYTES, too_big_image
from rules.errors import InvalidInput

MAX_PIXELS = 40_000_000
"""The largest picture decoded (pixels): a bigger one is refused before it fills memory."""

SIDE = 256
"""The side of a kept portrait (px): Discord shows avatars at most 128 px (256 on HiDPI)."""

THUMB = 48
"""The side of a portrait in the session log (px)."""

FORMATS = ("PNG", "JPEG", "GIF", "WEBP")
"""The picture formats read (a GIF's first frame)."""


def normalised(raw: bytes, name: str = "") -> tuple[str, bytes]:
    """``(sha256 hex, PNG bytes)`` of the square portrait made of the picture ``raw``.

    Raises InvalidInput (Japanese, naming the file ``name``) for a file over
    bot.sheets.attachments.MAX_IMAGE_BYTES or :data:`MAX_PIXELS`, or one that is no picture
    of :data:`FORMATS`."""
    from PIL import Image, ImageOps, UnidentifiedImageError  # lazy: see the module text

    shown = f"「{name}」" if name else "画像"
    if len(raw) > MAX_IMAGE_BYTES:
        raise InvalidInput(too_big_image(name or "画像", len(raw)))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(raw), formats=FORMATS)
            if picture.width * picture.height > MAX_PIXELS:
                raise InvalidInput(f"{shown}は画素数が多すぎます（{picture.width}×{picture.height}）。")
            picture.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombWarning,
            Image.DecompressionBombError):
        raise InvalidInput(f"{shown}は画像として読めませんでした（PNG・JPEG・GIF・WebP を添付してください）。") from None
    picture = ImageOps.exif_transpose(picture).convert("RGBA")
    side = min(picture.width, picture.height)
    left = (picture.width - side) // 2
    top = 0 if picture.height > picture.width else (picture.height - side) // 2
    square = picture.crop((left, top, left + side, top + side)).resize((SIDE, SIDE), Image.LANCZOS)
    return _png(square)


def thumbnail(png: bytes, side: int = THUMB) -> str:
    """A ``data:`` URI of the kept portrait ``png`` shrunk to ``side`` px (the session log
    carries its pictures inside the file, so it shows them offline and forever)."""
    from PIL import Image  # lazy: see the module text

    small = Image.open(io.BytesIO(png)).convert("RGBA").resize((side, side), Image.LANCZOS)
    return "data:image/png;base64," + base64.b64encode(_png(small)[1]).decode("ascii")


def _png(picture) -> tuple[str, bytes]:
    """``(sha256 hex, PNG bytes)`` of the Pillow image ``picture``."""
    out = io.BytesIO()
    picture.save(out, format="PNG", optimize=True)
    data = out.getvalue()
    return hashlib.sha256(data).hexdigest(), data
