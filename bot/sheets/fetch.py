"""Fetching a キャラクター保管所 sheet by its URL (``/char import data:https://…``): the
sheet URL is turned into the site's JSON address, and :class:`HttpFetcher` downloads it with
a timeout and a size limit. The fetcher is injected (:class:`bot.sheets.characters.CharacterBook`),
so tests read saved files instead of the network."""
from __future__ import annotations

import asyncio
import re
import unicodedata
from collections.abc import Awaitable, Callable

from rules.errors import InvalidInput

Fetch = Callable[[str], Awaitable[str]]
"""``await fetch(url) -> text``; raises InvalidInput (Japanese) when it cannot."""

HOKANJO_HOST = "charasheet.vampire-blood.net"
SHEET_URL = re.compile(r"https?://(?:www\.)?charasheet\.vampire-blood\.net/(?P<id>m?[0-9a-f]{1,40}|\d{1,12})"
                       r"(?:\.js(?:on)?)?/?(?:[?#]\S*)?", re.I)
"""A キャラクター保管所 sheet URL: ``https://charasheet.vampire-blood.net/1234567`` (or an
``m…`` private id, or the ``.js`` / ``.json`` address itself)."""

TIMEOUT_SECONDS = 10.0
"""How long a sheet download may take in all (seconds)."""
MAX_BYTES = 600_000
"""Largest sheet body read (bytes; a full CoC 6 sheet is about 20 KB)."""


def sheet_json_url(text: str) -> str | None:
    """The JSON address of the キャラクター保管所 sheet URL ``text``
    (``https://charasheet.vampire-blood.net/1234567.js``), or None when ``text`` is not one.

    Raises InvalidInput for a URL of another site (only キャラクター保管所 is fetched).
    """
    text = unicodedata.normalize("NFKC", text).strip().strip("<>")
    match = SHEET_URL.fullmatch(text)
    if match:
        return f"https://{HOKANJO_HOST}/{match['id']}.js"
    if re.match(r"https?://", text, re.I):
        raise InvalidInput("URLから取り込めるのはキャラクター保管所（https://charasheet.vampire-blood.net/番号）のシートだけです。"
                           "ほかのサイトのシートは、ココフォリア用の出力をコピーして data: に貼り付けてください。")
    return None


def unwrap_jsonp(text: str) -> str:
    """The JSON inside a JSONP answer (``callback({...});``); other text unchanged."""
    match = re.fullmatch(r"\s*[A-Za-z_$][\w$.]*\s*\(\s*(?P<json>[\[{].*[\]}])\s*\)\s*;?\s*", text, re.S)
    return match["json"] if match else text


class HttpFetcher:
    """The production fetcher: one GET with a total ``timeout`` (seconds), reading at most
    ``max_bytes``; no redirects to other hosts are followed.

    ``await fetcher(url) -> text`` raises InvalidInput (Japanese) on a timeout, a network
    error, an HTTP status other than 200 or a body over the limit.
    """

    def __init__(self, timeout: float = TIMEOUT_SECONDS, max_bytes: int = MAX_BYTES) -> None:
        self.timeout = timeout
        self.max_bytes = max_bytes

    async def __call__(self, url: str) -> str:
        import aiohttp  # lazy: about 0.15 s to import, and only this rare command needs it

        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout)) as session:
                async with session.get(url, allow_redirects=False) as response:
                    if response.status != 200:
                        raise InvalidInput(f"シートを取得できませんでした（HTTP {response.status}）。"
                                           "URLと、シートが公開されているかを確かめてください。")
                    body = bytearray()
                    async for chunk in response.content.iter_chunked(16_384):
                        body.extend(chunk)
                        if len(body) > self.max_bytes:
                            raise InvalidInput(f"シートが大きすぎます（{self.max_bytes // 1000}KBまで）。"
                                               "ココフォリア用の出力を貼り付けてください。")
        except asyncio.TimeoutError:
            raise InvalidInput(f"シートの取得が{self.timeout:g}秒以内に終わりませんでした。"
                               "しばらくしてからもう一度試すか、ココフォリア用の出力を貼り付けてください。") from None
        except aiohttp.ClientError as exc:
            raise InvalidInput(f"シートを取得できませんでした（{type(exc).__name__}）。"
                               "しばらくしてからもう一度試してください。") from None
        return unwrap_jsonp(bytes(body).decode("utf-8", errors="replace"))
