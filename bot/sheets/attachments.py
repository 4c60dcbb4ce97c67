"""A character sheet that arrives as a file (Discord: an Attachment of ``/char import file:``;
console: a path written as ``file:``): its size limit and its text. A picture (``/char
portrait file:``, issue 31) is passed on as bytes instead (:func:`is_image`)."""
from __future__ import annotations

from rules.errors import InvalidInput

MAX_IMPORT_BYTES = 1_000_000
"""The largest sheet file read (1 MB; a ココフォリア or 保管所 sheet is a few KB)."""

MAX_IMAGE_BYTES = 8_000_000
"""The largest picture read (bytes): Discord's smallest upload limit."""

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")

PICTURES = frozenset({"char portrait"})
"""The commands whose attached file is a picture (passed as bytes), not a sheet's text."""

ENCODINGS = ("utf-8-sig", "cp932")
"""Tried in order: UTF-8 (with or without BOM), then Shift_JIS as Japanese Windows saves it."""


def too_big(name: str, size: int, limit: int = MAX_IMPORT_BYTES) -> str:
    """The Japanese refusal of a file of ``size`` bytes over ``limit``."""
    return (f"ファイル「{name}」は大きすぎます（{size:,} バイト、上限 {limit:,} バイト）。"
            "キャラクターシートのJSONかテキストを添付してください。")


def sheet_text(raw: bytes, name: str) -> str:
    """The text of a sheet file ``raw`` named ``name``.

    Raises InvalidInput (Japanese) when it is over :data:`MAX_IMPORT_BYTES`, empty, or not
    text in one of :data:`ENCODINGS`.
    """
    if len(raw) > MAX_IMPORT_BYTES:
        raise InvalidInput(too_big(name, len(raw)))
    for encoding in ENCODINGS:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if text.strip():
            return text
        break
    else:
        raise InvalidInput(f"ファイル「{name}」はテキストとして読めません（UTF-8 か Shift_JIS のJSON・テキストにしてください）。")
    raise InvalidInput(f"ファイル「{name}」は空です。")


def is_picture(command: str) -> bool:
    """Whether the file attached to ``command`` (English path) is a picture: the transports
    pass its bytes as ``image`` (and its name as ``image_name``), not its text."""
    return command in PICTURES


def too_big_image(name: str, size: int) -> str:
    """The Japanese refusal of a picture of ``size`` bytes over :data:`MAX_IMAGE_BYTES`."""
    return f"画像「{name}」は大きすぎます（{size:,} バイト、上限 {MAX_IMAGE_BYTES:,} バイト）。"
