"""The bot's own permissions in a battle's channel (``interaction.app_permissions``), checked
at ``/battle new`` and ``/battle start``: slash-command answers work without them, chat
replies, reminders, the board and results posted from DM clicks do not.

The names are those of Discord's Japanese client (サーバー設定 → ロール → 権限)."""
from __future__ import annotations

import discord

NEEDED: tuple[tuple[str, str, str], ...] = (
    ("view_channel", "チャンネルを見る", "チャットの宣言を読めず、何も投稿できません"),
    ("send_messages", "メッセージを送信", "手番の催促・チャットへの返事・DMのボタンの結果を投稿できません"),
    ("embed_links", "埋め込みリンク", "状況表（HPの一覧）が表示されません"),
    ("attach_files", "ファイルを添付", "マップ画像と戦闘ログを添付できません"),
    ("read_message_history", "メッセージ履歴を読む", "チャットへの返事が引用なしになります"),
)
"""``(discord.Permissions attribute, Japanese name, what fails without it)`` a battle needs."""

IN_THREADS = ("send_messages_in_threads", "スレッドでメッセージを送信",
              "手番の催促・チャットへの返事・DMのボタンの結果を投稿できません")
"""In a thread, Send Messages in Threads stands for Send Messages."""

BLOCKING = frozenset({"view_channel", "send_messages", "send_messages_in_threads"})
"""Without these the battle would run silently: it is not opened (or started)."""


def needed(in_thread: bool) -> tuple[tuple[str, str, str], ...]:
    """:data:`NEEDED`, with Send Messages in Threads for Send Messages in a thread."""
    if not in_thread:
        return NEEDED
    return tuple(IN_THREADS if name == "send_messages" else (name, ja, why) for name, ja, why in NEEDED)


def missing(permissions: discord.Permissions, in_thread: bool = False) -> list[tuple[str, str, str]]:
    """The entries of :func:`needed` that ``permissions`` lacks, in that order."""
    return [entry for entry in needed(in_thread) if not getattr(permissions, entry[0])]


def blocks(lacking: list[tuple[str, str, str]]) -> bool:
    """Whether a battle must not open (or start) without ``lacking``."""
    return any(name in BLOCKING for name, _ja, _why in lacking)


def advice(lacking: list[tuple[str, str, str]], command: str) -> str:
    """One Japanese message for the KP: what is missing, what fails without it, how to grant
    it, and whether ``command`` (``battle new`` / ``battle start``) was carried out."""
    names = "".join(f"「{ja}」" for _name, ja, _why in lacking)
    lines = [f"⚠ このチャンネルでボットの権限が足りません: {names}"]
    lines += [f"・{ja}がないと{why}。" for _name, ja, why in lacking]
    lines.append("チャンネルの編集 → 権限（またはサーバー設定 → ロール）で、ボットのロールにこれらを許可してください。")
    if blocks(lacking):
        did = "戦闘を開きませんでした" if command == "battle new" else "戦闘を開始しませんでした"
        lines.append(f"投稿できないまま進むと誰にも結果が見えないため、{did}。許可してからもう一度 /{command} を使ってください。")
    else:
        lines.append("戦闘はこのまま進められます。")
    return "\n".join(lines)


def lost(channel: str, code: int) -> str:
    """What the KP is told (once, privately) when posting in ``channel`` was refused for
    lack of permission (Discord 403 ``code``) during a battle."""
    return (f"⚠ <#{channel}> に投稿できなくなりました（Discord {code}: 権限がありません）。"
            "戦闘は自動では進めずに待っています（時間切れの催促・自動スキップも止めました）。\n"
            "チャンネルの編集 → 権限で、ボットのロールに「チャンネルを見る」「メッセージを送信」を許可してから、"
            "/battle status で状況を確かめてください。")
