"""``python -m bot sync``: log in, register the commands with their Japanese names, exit; and
both entry points explaining a rejected token."""
from __future__ import annotations

import sqlite3

import discord_gateway as gateway
from bot.commands.spec import COMMANDS
from bot.config import Settings, sqlite_url
import discord

from bot.cli import main
from bot.transports.discord.run import (BAD_TOKEN, LOGIN_REFUSED, UNREACHABLE, clear_guild_commands, make_bot, run_bot,
                                       sync_commands)

TOP_LEVEL = list(dict.fromkeys(cmd.path.split()[0] for cmd in COMMANDS))
MENUS = ["Edit spoken line", "Delete spoken line"]
"""The message menus of lines spoken as characters (issue 31), registered with the commands."""


def _settings(tmp_path, name: str = "sync.db") -> Settings:
    return Settings(_env_file=None, discord_token="test-token", database_url=sqlite_url(tmp_path / name))


async def test_sync_to_a_guild_copies_the_global_commands_there(fake, tmp_path, capsys):
    assert await sync_commands(_settings(tmp_path), int(gateway.GUILD_ID)) == 0
    puts = [c for c in fake.calls if c.method == "PUT"]
    assert [c.path for c in puts] == [f"/applications/{gateway.APP_ID}/guilds/{gateway.GUILD_ID}/commands"]
    assert [p["name"] for p in puts[0].payload] == TOP_LEVEL + MENUS
    roll = puts[0].payload[0]
    assert (roll["name_localizations"], roll["options"][0]["name_localizations"]) == ({"ja": "ロール"}, {"ja": "コマンド"})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{len(TOP_LEVEL) + len(MENUS)}個のコマンドをサーバー {gateway.GUILD_ID}に登録しました:"
    assert [line for line in lines if "メニュー" in line] == ["  メッセージのメニュー「発言を編集」", "  メッセージのメニュー「発言を削除」"]
    assert lines[1] == "  /roll（ロール）"
    battle = next(line for line in lines if line.startswith("  /battle"))
    assert battle.startswith("  /battle（戦闘）: new, join, add, start, status")


async def test_sync_without_a_guild_registers_globally(fake, tmp_path, capsys):
    assert await sync_commands(_settings(tmp_path), None) == 0
    assert [c.path for c in fake.calls if c.method == "PUT"] == [f"/applications/{gateway.APP_ID}/commands"]
    assert capsys.readouterr().out.startswith(f"{len(TOP_LEVEL) + len(MENUS)}個のコマンドを全サーバー（反映まで最大1時間かかることがあります）に登録しました:")


async def test_a_rejected_token_is_explained_and_exits_with_1(fake, tmp_path, capsys):
    fake.token_valid = False
    assert await sync_commands(_settings(tmp_path), None) == 1
    assert await run_bot(_settings(tmp_path)) == 1
    assert capsys.readouterr() == ("", f"{BAD_TOKEN}\n{BAD_TOKEN}\n")
    assert [c.method for c in fake.calls if c.method == "PUT"] == []


async def test_an_unreachable_discord_is_explained_and_exits_with_1(fake, tmp_path, capsys):
    fake.reachable = False
    assert await sync_commands(_settings(tmp_path), None) == 1
    assert await run_bot(_settings(tmp_path)) == 1
    message = UNREACHABLE.format(error="Cannot connect to host discord.com:443")
    assert capsys.readouterr() == ("", f"{message}\n{message}\n")


async def test_a_server_error_at_login_is_one_line_not_a_traceback(fake, tmp_path, capsys):
    fake.fail("GET /users/@me", 503, times=2)
    assert await sync_commands(_settings(tmp_path), None) == 1
    assert await run_bot(_settings(tmp_path)) == 1
    line = LOGIN_REFUSED.format(status=503, reason="Server Error")
    assert capsys.readouterr() == ("", f"{line}\n{line}\n")


async def test_a_guild_the_bot_is_not_in_is_explained(fake, tmp_path, capsys):
    fake.fail("PUT /applications/.*/guilds/.*/commands", 403, 50001)
    assert await sync_commands(_settings(tmp_path), 42) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("サーバー 42 にコマンドを登録できませんでした: ボットがそのサーバーにいないか、")


async def test_sync_fires_no_overdue_reminder_and_opens_no_database(make_bot, fake, database_url, tmp_path):
    harness = await make_bot()
    await harness.first_round()
    await harness.stop()
    path = database_url.removeprefix("sqlite+aiosqlite:///")
    with sqlite3.connect(path) as db:
        overdue = db.execute("UPDATE deadlines SET due_at = '2000-01-01 00:00:00'").rowcount
    assert overdue == 1
    before = len(fake.calls)
    settings = Settings(_env_file=None, discord_token="test-token", database_url=database_url)
    assert await sync_commands(settings, int(gateway.GUILD_ID)) == 0
    assert [(c.method, c.path.split("/")[1]) for c in fake.calls[before:]] == [
        ("GET", "users"), ("GET", "oauth2"), ("PUT", "applications"), ("GET", "applications"), ("GET", "applications")]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM deadlines").fetchone() == (1,)
    assert await sync_commands(_settings(tmp_path, "never.db"), None) == 0
    assert not (tmp_path / "never.db").exists()


def test_shards_come_from_the_settings(tmp_path):
    settings = Settings(_env_file=None, discord_token="test-token", database_url=sqlite_url(tmp_path / "s.db"),
                        shard_count=4, shard_ids="2,3")
    bot = make_bot(settings)
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    every = make_bot(Settings(_env_file=None, discord_token="t", database_url=sqlite_url(tmp_path / "s.db")))
    assert (every.shard_ids, every.shard_count) == (None, None)


def test_shard_ids_without_a_count_are_refused_before_starting(monkeypatch, capsys):
    monkeypatch.setenv("SHARD_IDS", "0,1")
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    assert main(["sync"]) == 2
    assert capsys.readouterr().err == ("設定（環境変数 / .env）が正しくありません / invalid settings:\n"
                                       "  設定: SHARD_IDS を使うときは SHARD_COUNT（全プロセスの合計シャード数）も設定してください\n")


async def test_clear_guild_removes_the_guild_copy_and_keeps_the_global_commands(fake, tmp_path, capsys):
    from bot.transports.discord.run import clear_guild_commands
    assert await clear_guild_commands(_settings(tmp_path), int(gateway.GUILD_ID)) == 0
    puts = [c for c in fake.calls if c.method == "PUT"]
    assert [(c.path, c.payload) for c in puts] == [(f"/applications/{gateway.APP_ID}/guilds/{gateway.GUILD_ID}/commands", [])]
    assert capsys.readouterr().out == (f"サーバー {gateway.GUILD_ID} に登録したコマンドを消しました"
                                       "（全サーバー向けのコマンドはそのまま使えます）。\n"
                                       f"登録先: 全サーバー向け 0個\n")


def test_the_cli_clears_a_guild_with_clear_guild(fake, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "test-token")
    monkeypatch.setenv("DATABASE_URL", sqlite_url(tmp_path / "cli.db"))
    assert main(["sync", "--clear-guild", gateway.GUILD_ID]) == 0
    assert [(c.method, c.payload) for c in fake.calls if c.method == "PUT"] == [("PUT", [])]


GUILD = int(gateway.GUILD_ID)
TWICE = (f"⚠ サーバー {GUILD}（卓）では、全サーバー向けとサーバー専用の両方があるため、コマンドが2つずつ表示されます。"
         "サーバー専用の登録を消すには（全サーバー向けは残ります）:")
CLEANUP = f"  bash scripts/run.sh sync --clear-guild {GUILD}（Docker では python -m bot sync --clear-guild {GUILD}）"


def _tail(out: str) -> list[str]:
    """The lines after the list of synced commands (slash commands and message menus)."""
    return [line for line in out.splitlines() if not line.startswith(("  /", "  メッセージのメニュー"))][1:]


async def test_a_global_sync_after_a_guild_sync_says_the_server_shows_every_command_twice(fake, tmp_path, capsys):
    assert await sync_commands(_settings(tmp_path), GUILD) == 0
    assert _tail(capsys.readouterr().out) == [f"登録先: 全サーバー向け 0個、サーバー {GUILD}専用 {len(TOP_LEVEL) + len(MENUS)}個"]
    assert await sync_commands(_settings(tmp_path), None) == 0
    assert _tail(capsys.readouterr().out) == [
        f"登録先: 全サーバー向け {len(TOP_LEVEL) + len(MENUS)}個、サーバー {GUILD}（卓）専用 {len(TOP_LEVEL) + len(MENUS)}個", TWICE, CLEANUP]
    assert await clear_guild_commands(_settings(tmp_path), GUILD) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [f"登録先: 全サーバー向け {len(TOP_LEVEL) + len(MENUS)}個"]
    assert await sync_commands(_settings(tmp_path), None) == 0
    assert _tail(capsys.readouterr().out) == [f"登録先: 全サーバー向け {len(TOP_LEVEL) + len(MENUS)}個"]


async def test_a_guild_sync_after_a_global_sync_offers_the_cleanup_too(fake, tmp_path, capsys):
    assert await sync_commands(_settings(tmp_path), None) == 0
    capsys.readouterr()
    assert await sync_commands(_settings(tmp_path), GUILD) == 0
    assert _tail(capsys.readouterr().out) == [
        f"登録先: 全サーバー向け {len(TOP_LEVEL) + len(MENUS)}個、サーバー {GUILD}専用 {len(TOP_LEVEL) + len(MENUS)}個",
        TWICE.replace("（卓）", ""), CLEANUP]


async def test_a_lookup_discord_refuses_is_told_and_the_sync_still_succeeds(fake, tmp_path, capsys):
    fake.fail("GET /users/@me/guilds", 403, 50001)
    assert await sync_commands(_settings(tmp_path), None) == 0
    assert _tail(capsys.readouterr().out) == ["（ほかに登録されているコマンドは確かめられませんでした: Discord 403 50001）"]
