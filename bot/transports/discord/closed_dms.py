"""Private messages a user's closed DMs refused (Discord 403 50007; issue 18, items 2 and
13), or the network lost after the retries (issue 28): the channel is told who should open their DMs, with no secret content; a question the
KP must answer stays reachable through the KP-only [保留中] button (``/kp pending``)."""
from __future__ import annotations

from collections.abc import Collection

from bot.battle.pending import pending_button
from bot.render.reply import Reply, public

OPEN_DMS = ("ボットからのDMを受け取れない設定のため、非公開のお知らせを届けられませんでした（内容はここには出しません）。"
            "サーバー名を右クリック（長押し）→「プライバシー設定」で「ダイレクトメッセージ」を許可してください。")
FOR_KP = "答えが必要な質問は、下の［保留中］ボタン（KP専用）か /kp pending でもう一度表示できます。"
REMINDER = "⏰"
"""How a turn reminder begins (a hidden NPC's goes to the KP alone: a question to answer)."""
FOR_PLAYER = "スラッシュコマンド（/react・/roll など）で操作すると、返事があなたにだけ見える形で届きます。"


NETWORK = "通信エラーのため、非公開のお知らせをDMで届けられませんでした（内容はここには出しません）。"
"""The head of a notice for a DM the network lost after the retries (issue 28)."""


def notices(undelivered: list[Reply], keeper: str | None, network: Collection[str] = ()) -> list[Reply]:
    """One public notice per user of ``undelivered`` (private replies their DMs refused, or
    the network lost for the users of ``network``), mentioning them: the KP's carries
    [保留中] when a question was among them."""
    found: list[Reply] = []
    for user in dict.fromkeys(r.to for r in undelivered if r.to):
        asked = any(r.buttons or r.text.startswith(REMINDER) for r in undelivered if r.to == user)
        head = NETWORK if user in network else OPEN_DMS
        if user == keeper:
            text = head + ("\n" + FOR_KP if asked else "")
            found.append(public(text, mentions=(user,), buttons=(pending_button(),) if asked else ()))
        else:
            found.append(public(head + "\n" + FOR_PLAYER, mentions=(user,)))
    return found
