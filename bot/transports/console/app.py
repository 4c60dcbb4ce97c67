"""The console loop: read lines, send them through the service, print the replies."""
from __future__ import annotations

import base64
import dataclasses
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.transports.console.parse import Line, ParseError, parse_line, split_line
from bot.render.reply import Reply
from bot.render.voice import Voice, line
from bot.sheets.rolls import PUBLISH
from bot.battle.ending import CONFIRM, KEEP
from bot.sheets.exchange import CANCEL, REPLACE
from bot.sheets.san_palette import LOSS_BUTTONS, OTHER
from bot.service import Request, Service
from bot.store import Store
from rules.dice import Dice, DiceExhausted, RandomDice, ScriptedDice

DEFAULT_CHANNEL = "main"
EXIT_OK, EXIT_USAGE, EXIT_DICE = 0, 2, 3
MAX_REMEMBERED = 40
DEFAULT_KEEPERS = frozenset({"kp"})
"""Console speakers who are KP in every channel (``--kp``), as a member with Manage Channels
is on Discord: they may use ``/kp setting``, ``/kp role`` and other KP commands before any
battle. Whoever opens a battle (``/battle new``) is its KP as well."""
"""How many recent buttons per user the console remembers."""

BANNER = """クトゥルフ神話TRPG 戦闘ボット コンソール（Discordなしで遊べます）
1行に「名前: 内容」で入力します。名前ごとに別のプレイヤーとして扱います。例:
  kp: /battle new
  alice: /char new name:アリス STR:12 CON:13 POW:11 DEX:14 APP:10 SIZ:13 INT:13 EDU:15
  alice: /roll CCB<=70 こぶし
  alice: [ターン終了]     （ボタンを押す）
Ctrl-D で終了します。"""


@dataclass
class Console:
    """One console session over ``service``; ``out`` receives the printed lines.

    ``json_mode`` prints one JSON object per message (COMMANDS.md ``--json``);
    ``files_dir`` is where attachments (``/battle log``, ``/battle map``) are saved;
    ``keepers``: speaker names (case-insensitive) who are KP in every channel.
    """

    service: Service
    out: TextIO
    json_mode: bool = False
    files_dir: Path | None = None
    keepers: frozenset[str] = DEFAULT_KEEPERS
    line_no: int = 0
    _buttons: dict[tuple[str, str], list] = field(default_factory=dict)

    async def feed(self, raw: str) -> None:
        """Handle one input line (comments and blank lines are ignored and not counted)."""
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            return
        self.line_no += 1
        try:
            line = parse_line(stripped)
        except ParseError as exc:
            try:
                channel, speaker, _ = split_line(stripped)
            except ParseError:
                channel, speaker = None, None
            self._emit(channel or DEFAULT_CHANNEL, Reply(text=str(exc), ephemeral=True, to=speaker))
            return
        channel = line.channel or DEFAULT_CHANNEL
        request = await self._request(line, channel)
        if request is None:
            return
        replies = await self.service.handle(request)
        for reply in replies:
            self._emit(channel, reply)

    async def _request(self, line: Line, channel: str) -> Request | None:
        base = dict(channel=channel, user=line.name, name=line.name, request_id=None,
                    is_admin=line.name.casefold() in {k.casefold() for k in self.keepers})
        if line.button is not None:
            custom_id = await self._find_button(channel, line.name, line.button)
            if custom_id is None:
                now = [b.label for b in await self.service.battle_desk.open_buttons(channel, line.name)]
                in_battle = await self.service.battle_desk.battles.active(channel) is not None
                self._emit(channel, Reply(text=no_button(line.name, line.button, now, in_battle), ephemeral=True,
                                          to=line.name))
                return None
            return Request(command="button", options={"custom_id": custom_id, "label": line.button}, **base)
        if line.command is not None:
            return Request(command=line.command, options=line.options, **base)
        return Request(command="chat", options={"text": line.chat or ""}, **base)

    async def _find_button(self, channel: str, name: str, label: str) -> str | None:
        """The newest button ``label`` shown to ``name`` (or to everyone); after a restart,
        the buttons of the questions open now."""
        for key in ((channel, name), (channel, "*")):
            for button in reversed(self._buttons.get(key, [])):
                if button.label == label:
                    return button.custom_id
        for button in await self.service.battle_desk.open_buttons(channel, name):
            if button.label == label:
                return button.custom_id
        return None

    def _emit(self, channel: str, reply: Reply) -> None:
        if reply.buttons:
            targets = [reply.to] if reply.to else (list(reply.mentions) or ["*"])
            for target in targets:
                shown = self._buttons.setdefault((channel, target), [])
                shown.extend(reply.buttons)
                del shown[:-MAX_REMEMBERED]
        text = reply.text
        saved = self._save(reply.file)
        if saved:
            text += f"\n（添付ファイルを保存しました: {saved}）"
        if self.json_mode:
            obj = {"line": self.line_no, "channel": channel, "to": reply.to if reply.ephemeral else None,
                   "ephemeral": reply.ephemeral, "text": text,
                   "buttons": [b.label for b in reply.buttons], "mentions": list(reply.mentions),
                   "data": reply.data, **({"voice": reply.voice} if reply.voice else {})}
            print(json.dumps(obj, ensure_ascii=False), file=self.out, flush=True)
            return
        if reply.voice:  # a line spoken as a character (issue 31): under its name, as a table reads it
            print(voiced_line(reply.voice).replace("\n", "\n    "), file=self.out, flush=True)
            return
        prefix = f"bot → {reply.to}" if reply.ephemeral and reply.to else "bot"
        mention = "".join(f"@{m} " for m in reply.mentions)
        print(f"{prefix}: {mention}" + text.replace("\n", "\n    "), file=self.out, flush=True)
        if reply.buttons:
            print("  " + " ".join(f"[{b.label}]" for b in reply.buttons), file=self.out, flush=True)

    def _save(self, file: dict | None) -> str | None:
        """Write an attachment (text ``content`` or base64 ``content_b64``) under
        ``files_dir``; returns its path, or None when there is nothing to save."""
        if not file or self.files_dir is None:
            return None
        name = Path(str(file.get("name") or "attachment")).name
        self.files_dir.mkdir(parents=True, exist_ok=True)
        path = self.files_dir / name
        if "content_b64" in file:
            path.write_bytes(base64.b64decode(file["content_b64"]))
        else:
            path.write_text(str(file.get("content", "")), encoding="utf-8")
        return str(path)


def voiced_line(raw: dict) -> str:
    """A line spoken as a character as the console shows it: 「🎭 アリス（alice）: …」 with the
    expression and the portrait's kind (the console has no pictures), then the bot's notes."""
    voice = Voice.from_dict(raw)
    face = f"［{voice.face}］" if voice.face else ""
    portrait = "" if voice.image or voice.avatar_url else "（立ち絵なし）"
    shown = line(dataclasses.replace(voice, name=f"{voice.character}（{voice.player}）{face}{portrait}"))
    return f"🎭 {shown}"


def no_button(name: str, label: str, now: list[str], in_battle: bool = True) -> str:
    """The answer to ``name`` pressing a button ``label`` they have not been shown: a
    [結果を公開] of a secret roll published already or rolled by someone else, a confirmation
    answered already or gone stale (/battle end's, an import's, a SAN loss: what to type
    instead, trial 9, G13), or a battle button (``now``: the labels they may press instead;
    the /end and /react hint only ``in_battle``)."""
    if label == PUBLISH:
        return f"{name}が公開できるシークレットダイスはありません（結果はもう公開済みか、{name}が振ったものではありません）。"
    if label in (CONFIRM, KEEP):
        return f"この確認（［{label}］）は古くなっています（もう答えたか、戦闘が終わっています）。戦闘を終えるなら、もう一度 /battle end を。"
    if label in (REPLACE, CANCEL):
        return f"この確認（［{label}］）は古くなっています（置き換えたか、やめたか、別の取り込みがあとから来ました）。もう一度 /char import を。"
    if label in (*LOSS_BUTTONS, OTHER):
        return (f"［{label}］を押せる正気度ロールはいま減少を待っていません（減少はもう入っています）。"
                "さらに減らすなら :SAN-1D6 のように書いてください。")
    hint = ("いま押せるのは " + " ".join(f"[{b}]" for b in now) if now else
            "手番を終えるなら /end、攻撃への対応なら /react action:…（KPは as:名前 を付けます）" if in_battle else "")
    return f"{name}が押せる［{label}］ボタンは今ありません。{hint}"


def make_dice(rolls: list[int] | None, seed: int | None) -> Dice:
    """Scripted faces (``--rolls``), a seeded generator (``--seed``), or SystemRandom."""
    if rolls is not None:
        return ScriptedDice(rolls)
    if seed is not None:
        return RandomDice(random.Random(seed))
    return RandomDice(random.SystemRandom())


async def run(lines, db_url: str, dice: Dice, json_mode: bool, out: TextIO = sys.stdout,
              interactive: bool = False, files_dir: Path | None = None,
              keepers: frozenset[str] = DEFAULT_KEEPERS) -> int:
    """Play ``lines`` (an iterable of input lines) on the database ``db_url``; exit status.
    ``keepers``: speaker names who are KP in every channel (:data:`DEFAULT_KEEPERS`)."""
    store = Store(db_url)
    await store.migrate()
    console = Console(Service(store, dice), out, json_mode, files_dir, keepers)
    try:
        if interactive:
            print(BANNER, file=out, flush=True)
        for raw in lines:
            try:
                await console.feed(raw)
            except DiceExhausted as exc:
                print(f"--rolls の出目が足りません: {console.line_no}行目の入力で 1D{exc.sides} を振る必要がありました。",
                      file=sys.stderr)
                return EXIT_DICE
        return EXIT_OK
    finally:
        await store.close()
