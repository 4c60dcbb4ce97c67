"""Portraits (立ち絵) and their variants (差分: 笑顔, 怒り, 驚き …) of the saved characters
(issue 31): ``/char portrait``, those a ココフォリア piece brings (``iconUrl``, ``faces``),
and the address a post shows one under.

How a portrait lasts: a picture uploaded to the bot is kept by the bot itself (a square PNG
in the database, bot.sheets.voice.images), never by its Discord attachment address, which
expires within a day and which Discord refuses as a webhook's avatar in any case. The bot
serves the kept picture under ``{portrait_url}/portraits/<sha256>.png`` (the bot's own HTTP
address, set by its operator, bot.transports.portraits); without one, a transport hands the
bytes over itself (Discord: the channel's webhook wears them). An external https URL a user
gives (a ココフォリア piece's) is used as given.
"""
from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from datetime import datetime

from bot.commands import options as opt
from bot.render.reply import Reply, private
from bot.sheets.importers import clipboard_text
from bot.sheets.voice.images import normalised, thumbnail
from bot.store import Store
from bot.store.voice import Portrait
from rules.errors import InvalidInput

PORTRAIT_PATH = "/portraits/{sha}.png"
"""Where the bot serves a kept picture, under its public address."""

MAX_FACES = 24
"""The most variants one character keeps (besides its portrait)."""

MAX_URL = 1000
"""The longest portrait URL kept (characters)."""

_EXPIRING = re.compile(r"https://(?:cdn\.discordapp\.com|media\.discordapp\.net)/(?:attachments|ephemeral-attachments)/",
                       re.IGNORECASE)
"""Discord's attachment addresses: signed, expiring, refused as a webhook avatar."""

_FACE_NAME = re.compile(r"[^\s@＠<>{}｛｝]{1,32}")


def face_name(raw: str | None) -> str:
    """The variant named ``raw`` (``@笑顔`` and ``笑顔`` alike; "" or None = the portrait
    itself); raises InvalidInput for a name a line could not end with."""
    name = (raw or "").strip().lstrip("@＠")
    if name in ("", "基本", "通常", "標準"):
        return ""
    if not _FACE_NAME.fullmatch(name):
        raise InvalidInput("face: の表情名は空白・@・括弧を含まない32文字以内にしてください（例: 笑顔）。")
    return name


def shown_face(face: str) -> str:
    """How a message names a variant: 「基本」 for the portrait itself."""
    return face or "基本"


def check_url(url: str) -> str:
    """``url`` when it is an https address that lasts; raises InvalidInput otherwise (a
    Discord attachment address expires: the picture should be uploaded with file:)."""
    url = url.strip().strip("<>")
    if _EXPIRING.match(url):
        raise InvalidInput("Discordに添付した画像のURLは1日ほどで期限が切れ、Webhookのアイコンにも使えません。"
                           "画像そのものを file: に添付してください（ボットが保存して使い続けます）。")
    if not re.fullmatch(r"https://[^\s]+", url, re.IGNORECASE) or len(url) > MAX_URL:
        raise InvalidInput("url: には https:// で始まる画像のURLを指定してください（または file: に画像を添付）。")
    return url


def ccfolia_portraits(text: str) -> list[tuple[str, str]]:
    """``[(face, url)]`` a ココフォリア piece brings: its ``iconUrl`` as the portrait ("") and
    each of ``faces`` (``{"label": "@笑顔", "iconUrl": …}``) under its label; [] for other
    text or pieces without pictures. Addresses that would not last are left out."""
    try:
        raw = json.loads(clipboard_text(text))
    except (json.JSONDecodeError, ValueError):
        return []
    data = raw.get("data") if isinstance(raw, dict) and raw.get("kind") == "character" else None
    if not isinstance(data, dict):
        return []
    found: list[tuple[str, str]] = []
    pairs = [("", data.get("iconUrl"))] + [(f.get("label"), f.get("iconUrl")) for f in data.get("faces") or ()
                                          if isinstance(f, dict)]
    for label, url in pairs:
        if not url:
            continue
        try:
            found.append((face_name(str(label or "")), check_url(str(url))))
        except InvalidInput:
            continue
    return list(dict(found).items())[:MAX_FACES + 1]


class PortraitBook:
    """The portraits of ``store``'s characters; ``base_url``: the bot's public address its
    kept pictures are served under (None: none, see the module text); ``clock``: naive UTC."""

    def __init__(self, store: Store, clock: Callable[[], datetime], base_url: str | None = None) -> None:
        self.store = store
        self.clock = clock
        self.base_url = base_url.rstrip("/") if base_url else None

    def address(self, portrait: Portrait) -> str | None:
        """Where a post finds ``portrait``: its URL, or the bot's address of its kept
        picture (None without a public address: the transport hands over the bytes)."""
        if portrait.url:
            return portrait.url
        return f"{self.base_url}{PORTRAIT_PATH.format(sha=portrait.image)}" if self.base_url else None

    async def chosen(self, scope: str, character: str, face: str) -> Portrait | None:
        """The variant ``face`` of ``character``, else its portrait, else None."""
        found = {p.face: p for p in await self.store.voice.portraits(scope, character)}
        return found.get(face) or found.get("")

    async def faces(self, scope: str, character: str) -> set[str]:
        """The names of ``character``'s variants (its portrait "" not among them)."""
        return {p.face for p in await self.store.voice.portraits(scope, character) if p.face}

    async def command(self, req, owned: Callable) -> list[Reply]:
        """``/char portrait [name:] [face:] [file:] [url:] [delete:]``: set the portrait (or
        the variant ``face``) from an uploaded picture (``image`` bytes) or an https URL,
        remove it, or list them. ``owned(req, name)`` is the user's character of that name
        (raises InvalidInput)."""
        name = await owned(req, opt.text(req.options, "name"))
        face = face_name(opt.text(req.options, "face"))
        image, url = req.options.get("image"), opt.text(req.options, "url")
        if opt.boolean(req.options, "delete"):
            gone = await self.store.voice.drop_portrait(req.scope, name, face)
            what = f"{name}の{shown_face(face)}の立ち絵"
            return [private(req.user, f"{what}を外しました。" if gone else f"{what}はもともとありません。")]
        if image is None and url is None:
            return [private(req.user, await self.listing(req.scope, name))]
        known = await self.store.voice.portraits(req.scope, name)
        if face and face not in {p.face for p in known} and sum(1 for p in known if p.face) >= MAX_FACES:
            raise InvalidInput(f"表情は{MAX_FACES}個までです。使わない表情を delete:true で外してください。")
        if image is not None:
            sha, png = await asyncio.to_thread(normalised, bytes(image), str(req.options.get("image_name") or ""))
            await self.store.voice.put_portrait(req.scope, name, face, self.clock(), image=(sha, png))
            how = "画像をボットが保存しました（Discordの添付URLの期限切れに左右されません）"
        else:
            await self.store.voice.put_portrait(req.scope, name, face, self.clock(), url=check_url(url))
            how = "URLの画像をそのまま使います"
        use = f"発言の最後に @{face} と書くとこの表情になります。" if face else "なりきり発言のアイコンになります。"
        return [private(req.user, f"🖼 {name}の{shown_face(face)}の立ち絵を設定しました。{how}。{use}")]

    async def listing(self, scope: str, name: str) -> str:
        """What ``/char portrait`` without a picture says: ``name``'s portrait and variants."""
        known = await self.store.voice.portraits(scope, name)
        if not known:
            return (f"{name}にはまだ立ち絵がありません。/char portrait name:{name} file:（画像を添付）で設定し、"
                    f"face:笑顔 を付けると表情の差分になります。URL（https://…）は url: で指定できます。")
        rows = [f"・{shown_face(p.face)}（{'保存した画像' if p.image else p.url}）" for p in known]
        return "\n".join([f"🖼 {name}の立ち絵:", *rows, "発言の最後に @表情名 と書くと、その表情で発言します（例: @笑顔）。"])

    @staticmethod
    def read(text: str) -> list[tuple[str, str]]:
        """The pictures an imported sheet's text brings (:func:`ccfolia_portraits`)."""
        return ccfolia_portraits(text)

    async def keep(self, scope: str, name: str, pairs: list[tuple[str, str]]) -> None:
        """Keep the pictures ``pairs`` (``(face, url)``, :meth:`read`) for ``name``, replacing
        those of the same variants."""
        now = self.clock()
        for face, url in pairs:
            await self.store.voice.put_portrait(scope, name, face, now, url=url)

    async def thumbnails(self, shas: set[str]) -> dict[str, str]:
        """``{sha: data URI}`` of the kept pictures ``shas`` shrunk for a log (those gone left out)."""
        found = {}
        for sha in sorted(shas):
            png = await self.store.voice.image(sha)
            if png is not None:
                found[sha] = await asyncio.to_thread(thumbnail, png)
        return found
