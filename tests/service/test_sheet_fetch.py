"""The production sheet fetcher: a キャラクター保管所 URL becomes its JSON address; a download
that is slow, too large or refused ends in a Japanese message (checked against a local HTTP
server, no network needed)."""
from __future__ import annotations

import asyncio

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.sheets.fetch import HttpFetcher, sheet_json_url, unwrap_jsonp
from rules.errors import InvalidInput


def test_sheet_urls_become_the_json_address():
    for url in ("https://charasheet.vampire-blood.net/1234567", "http://charasheet.vampire-blood.net/1234567/",
                "https://charasheet.vampire-blood.net/1234567.js", "<https://charasheet.vampire-blood.net/1234567>",
                "ｈｔｔｐｓ：／／charasheet.vampire-blood.net／1234567"):
        assert sheet_json_url(url) == "https://charasheet.vampire-blood.net/1234567.js", url
    assert sheet_json_url("https://charasheet.vampire-blood.net/m0123abcdef") == \
        "https://charasheet.vampire-blood.net/m0123abcdef.js"
    assert sheet_json_url('{"kind": "character"}') is None
    with pytest.raises(InvalidInput, match="キャラクター保管所"):
        sheet_json_url("https://charasheet.vampire-blood.net.evil.example/1234567")


def test_a_jsonp_answer_is_unwrapped():
    assert unwrap_jsonp('callback({"NP1": "13"});') == '{"NP1": "13"}'
    assert unwrap_jsonp('{"NP1": "13"}') == '{"NP1": "13"}'


@pytest.fixture
async def server():
    async def sheet(request):
        return web.Response(text='{"pc_name": "見本 花子"}', content_type="application/json")

    async def huge(request):
        return web.Response(body=b"x" * 5000)

    async def slow(request):
        await asyncio.sleep(3)
        return web.Response(text="{}")

    async def missing(request):
        return web.Response(status=404)

    app = web.Application()
    app.router.add_get("/1.js", sheet)
    app.router.add_get("/huge.js", huge)
    app.router.add_get("/slow.js", slow)
    app.router.add_get("/missing.js", missing)
    test_server = TestServer(app, host="127.0.0.1")
    await test_server.start_server()
    yield test_server
    await test_server.close()


async def test_a_sheet_downloads(server):
    assert await HttpFetcher()(str(server.make_url("/1.js"))) == '{"pc_name": "見本 花子"}'


async def test_a_body_over_the_limit_is_refused(server):
    with pytest.raises(InvalidInput) as caught:
        await HttpFetcher(max_bytes=4000)(str(server.make_url("/huge.js")))
    assert str(caught.value) == "シートが大きすぎます（4KBまで）。ココフォリア用の出力を貼り付けてください。"


async def test_a_slow_site_times_out(server):
    with pytest.raises(InvalidInput) as caught:
        await HttpFetcher(timeout=0.3)(str(server.make_url("/slow.js")))
    assert str(caught.value).startswith("シートの取得が0.3秒以内に終わりませんでした。")


async def test_a_missing_sheet_says_its_status(server):
    with pytest.raises(InvalidInput) as caught:
        await HttpFetcher()(str(server.make_url("/missing.js")))
    assert str(caught.value).startswith("シートを取得できませんでした（HTTP 404）。")
