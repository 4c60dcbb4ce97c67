"""The bot's own address for the portraits it keeps (issue 31): ``GET /portraits/<sha256>.png``
answers the kept picture (bot.sheets.voice.images) from the database, so Discord can fetch it
as a webhook's avatar next month as today (a Discord attachment address expires within a day,
and Discord refuses those as avatars anyway).

The address is the picture's SHA-256: it never changes while the picture does not, so it is
served as immutable (cached for a year), and a new picture is a new address. Any process
over the same database answers for every picture. The operator puts it behind their public
https address (``PORTRAIT_URL``, e.g. a reverse proxy to ``PORTRAIT_PORT``); aiohttp is
discord.py's own HTTP library.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable

from aiohttp import web

log = logging.getLogger(__name__)

ROUTE = "/portraits/{name}"
_NAME = re.compile(r"(?P<sha>[0-9a-f]{64})\.png")

Picture = Callable[[str], Awaitable[bytes | None]]
"""``await picture(sha) -> PNG bytes or None`` (bot.sheets.voice.voice_desk.VoiceDesk.image)."""


def portrait_app(picture: Picture) -> web.Application:
    """The aiohttp application serving the kept pictures through ``picture``."""
    async def serve(request: web.Request) -> web.Response:
        match = _NAME.fullmatch(request.match_info["name"])
        png = await picture(match["sha"]) if match else None
        if png is None:
            return web.Response(status=404, text="not found")
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": "public, max-age=31536000, immutable"})

    app = web.Application()
    app.router.add_get(ROUTE, serve)
    return app


async def serve_portraits(picture: Picture, host: str, port: int) -> web.AppRunner:
    """Start serving the kept pictures on ``host:port``; ``await runner.cleanup()`` stops."""
    runner = web.AppRunner(portrait_app(picture), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("立ち絵の配信を %s:%d で始めました（%s）", host, port, ROUTE)
    return runner
