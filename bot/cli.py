"""Command line: ``python -m bot [console|migrate|sync|docs]``."""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.boot import collector_paused
from bot.config import Settings, sqlite_url
from bot.store.migrate import DatabaseUnusable

INVITE_PERMISSIONS = ("View Channels / Send Messages / Send Messages in Threads / Embed Links / Attach Files / "
                      "Read Message History（なりきり発言には Manage Webhooks / Manage Messages も）")
"""The bot permissions to pick when inviting it: README step 3 says the same words (a test holds them
together), and bot.transports.discord.channel_rights checks them in a battle's channel."""

NO_TOKEN = f"""DISCORD_TOKEN が設定されていません。/ DISCORD_TOKEN is not set.

【ボットを用意する】
1. https://discord.com/developers/applications で「New Application」→「Bot」→「Reset Token」でトークンをコピー
2. 「Privileged Gateway Intents」で MESSAGE CONTENT INTENT をオン（チャットのダイス用）
3. 「OAuth2 → URL Generator」で scopes: bot, applications.commands、
   権限: {INVITE_PERMISSIONS} を選んで招待
4. トークンを .env に DISCORD_TOKEN=... と書くか、環境変数に設定
5. 初回だけ bash scripts/run.sh sync（テストサーバーなら --guild サーバーID）でコマンドを登録

Create an application and bot at https://discord.com/developers/applications, enable the
MESSAGE CONTENT intent, invite it with the bot + applications.commands scopes, put the
token in .env as DISCORD_TOKEN=..., then run `bash scripts/run.sh sync` once.

Discordなしで試すには / To try it without Discord:
  bash scripts/run.sh console   （または python -m bot console）"""


def _rolls(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError("--rolls は 45,80,2 のようにカンマ区切りの整数で指定します") from None


def main(argv: list[str] | None = None) -> int:
    """``python -m bot [console|migrate|sync]``; returns the exit status (2 for a usage error, 1
    without a Discord token)."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="CoC6 戦闘ボット")
    sub = parser.add_subparsers(dest="cmd")
    con = sub.add_parser("console", help="Discordなしでコンソールで遊ぶ")
    con.add_argument("--script", help="入力ファイル（省略時は標準入力）")
    con.add_argument("--db", help="データベースファイル（同じファイルで続きから遊べます）")
    con.add_argument("--rolls", type=_rolls, help="出目を順に固定する（例: 45,80,2）")
    con.add_argument("--seed", type=int, help="乱数の種（再現用）")
    con.add_argument("--json", action="store_true", help="1メッセージ1行のJSONで出力")
    con.add_argument("--kp", default="kp", metavar="NAMES",
                     help="どのチャンネルでもKPとして扱う名前（カンマ区切り、既定 kp）。Discord の「チャンネルの管理」権限にあたります")
    sub.add_parser("migrate", help="データベースのマイグレーションを適用")
    sync = sub.add_parser("sync", help="スラッシュコマンドをDiscordに登録")
    sync.add_argument("--guild", type=int, help="このサーバーにだけ登録（即時反映。省略時は DEV_GUILD_ID、それもなければ全サーバー）")
    sync.add_argument("--clear-guild", type=int, metavar="ID",
                      help="このサーバーに登録したコマンドを消す（全サーバー向けと二重に表示されるとき。全サーバー向けは残ります）")
    docs = sub.add_parser("docs", help="コマンドの一覧 docs/commands.md をコードから書き直す")
    docs.add_argument("--check", action="store_true", help="書き直さずに、コードと食い違っていれば 1 で終わる")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) and 2
    if args.cmd == "docs":  # needs no settings: the file is the same on every machine
        return write_docs(check=args.check)
    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "\n".join(f"  {'.'.join(map(str, e['loc'])).upper() or '設定'}: {e['msg'].removeprefix('Value error, ')}"
                             for e in exc.errors())
        print(f"設定（環境変数 / .env）が正しくありません / invalid settings:\n{problems}", file=sys.stderr)
        return 2
    try:
        return _dispatch(args, settings)
    except DatabaseUnusable as exc:
        print(exc, file=sys.stderr)
        return 1


def _dispatch(args, settings: Settings) -> int:
    """Run the parsed command (DatabaseUnusable propagates to :func:`main`)."""
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    if args.cmd == "console":
        return _console(args, settings)
    if args.cmd == "migrate":
        asyncio.run(_check_database(settings.resolved_database_url()))
        print("マイグレーションを適用しました。")
        return 0
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        if args.cmd is None and sys.stdin.isatty():
            answer = input("\n今すぐコンソールで試しますか？ / Start the console now? [y/N] ").strip().lower()
            if answer in ("y", "yes", "はい"):
                _console(argparse.Namespace(script=None, db=None, rolls=None, seed=None, json=False, kp="kp"), settings)
        return 1
    with collector_paused():
        from bot.transports.discord.run import clear_guild_commands, run_bot, sync_commands

    if args.cmd == "sync" and args.clear_guild:
        return asyncio.run(clear_guild_commands(settings, args.clear_guild))
    if args.cmd == "sync":
        return asyncio.run(sync_commands(settings, args.guild or settings.dev_guild_id))
    asyncio.run(_check_database(settings.resolved_database_url()))
    return asyncio.run(run_bot(settings))


async def _check_database(url: str) -> None:
    """Migrate the database before connecting to Discord, so that an unusable one stops the
    bot with its one-line message (DatabaseUnusable) before anything else."""
    from bot.store import Store

    store = Store(url)
    try:
        await store.migrate()
    finally:
        await store.close()


def _console(args, settings: Settings) -> int:
    with collector_paused():
        from bot.transports.console.app import make_dice, run

    db_path = Path(args.db) if args.db else Path(settings.data_dir) / "console.db"
    db_url = sqlite_url(db_path)
    if not args.db:
        Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
    dice = make_dice(args.rolls, args.seed)
    files_dir = exports_dir(db_path)
    keepers = frozenset(name.strip() for name in args.kp.split(",") if name.strip())
    if args.script:
        try:
            with open(args.script, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except OSError as exc:
            print(f"スクリプトを開けません: {exc}", file=sys.stderr)
            return 2
        return _interruptible(run(lines, db_url, dice, args.json, files_dir=files_dir, keepers=keepers))
    interactive = sys.stdin.isatty() and not args.json
    return _interruptible(run(_stdin_lines(interactive), db_url, dice, args.json, interactive=interactive,
                              files_dir=files_dir, keepers=keepers))


def reference_text() -> str:
    """docs/commands.md as the code says it now (bot.render.reference), with the bot-wide
    turn timings at their defaults (bot.config.Settings), whatever this machine's .env says."""
    from bot.render.reference import reference

    fields = Settings.model_fields
    return reference(fields["turn_reminder_minutes"].default, fields["turn_autoskip_minutes"].default)


def write_docs(check: bool = False, root: Path | None = None) -> int:
    """``python -m bot docs``: write docs/commands.md under ``root`` (the repository) from the
    code; with ``check``, write nothing and return 1 when the file differs (0 when it agrees)."""
    from bot.render.reference import DOCS_PATH, REGENERATE

    path = (root or Path(__file__).resolve().parents[1]) / DOCS_PATH
    text = reference_text()
    current = path.read_text(encoding="utf-8") if path.exists() else None
    if check:
        if current == text:
            print(f"{DOCS_PATH} はコードと一致しています。")
            return 0
        print(f"{DOCS_PATH} がコードと食い違っています。`{REGENERATE}` で書き直してください。", file=sys.stderr)
        return 1
    if current == text:
        print(f"{DOCS_PATH} は最新です（変更なし）。")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"{DOCS_PATH} を書き直しました。")
    return 0


def exports_dir(db_path: Path) -> Path:
    """Where the console saves the attachments of the database file ``db_path``:
    ``exports/<file name without suffix>/`` beside it, so that two databases in one folder
    never overwrite each other's ``battle-1.txt``."""
    db_path = Path(db_path).resolve()
    return db_path.parent / "exports" / db_path.stem


def _interruptible(main) -> int:
    """Run the console coroutine; Ctrl-C ends it quietly (everything said was committed)."""
    try:
        return asyncio.run(main)
    except KeyboardInterrupt:
        print("\n中断しました（ここまでの内容は保存されています）。", file=sys.stderr)
        return 130


def _stdin_lines(interactive: bool):
    while True:
        try:
            line = input("> ") if interactive else sys.stdin.readline()
        except EOFError:
            return
        if not interactive and line == "":
            return
        yield line.rstrip("\n")
