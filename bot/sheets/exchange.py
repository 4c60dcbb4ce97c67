"""Sheets in and out of other tools: ``/char import`` (pasted ココフォリア clipboard text, a
キャラクター保管所 JSON or sheet URL, or an attached file's text, all under ``data``), the
confirmation before an import replaces a saved character, and ``/char export`` (ココフォリア
clipboard JSON with a chat palette)."""
from __future__ import annotations

import dataclasses
import hashlib

from bot.commands import options as opt
from bot.sheets import limits
from bot.sheets.importers import parse_sheet
from bot.sheets.names import check_name
from bot.render import buttons
from bot.render.ccfolia import ccfolia_json
from bot.render.characters import sheet_changes, sheet_text
from bot.render.reply import MAX_TEXT, Button, Reply, clip, private
from bot.sheets.fetch import Fetch, HttpFetcher, sheet_json_url
from bot.store import Store
from bot.render.investigator import investigator_changes, investigator_text
from rules.coc6.character import Character
from rules.coc7.character import Investigator, is_investigator
from rules.errors import InvalidInput

DRAFTS = "import-draft:"
"""Scope prefix under which an import waiting for its confirmation is kept: one draft per
user (``(DRAFTS + scope, user)`` in the characters table), so that it survives a restart."""
REPLACE, CANCEL = "置き換える", "やめる"
"""The labels of the confirmation's buttons."""

IMPORT_HELP = """/char import で取り込めるもの:
・ココフォリアのコマのテキスト（いあきゃら、キャラクター保管所の「ココフォリア駒出力」などでコピーしたもの）を data: に貼り付け
・キャラクター保管所のシートのURL（例: data:https://charasheet.vampire-blood.net/1234567）
・キャラクター保管所のJSON（.js / .json の中身）
・Discordでは、それらを保存したファイル（.json / .txt）を添付しても取り込めます
同じ名前のキャラクターがすでにあるときは、変わるところを見せてから置き換えるか確かめます。"""

HIDDEN_NOTE = "\n（非公開のコマです。/battle add の hidden:true で数値を隠せます）"


def sheet_of(data: dict) -> Character | Investigator:
    """The stored sheet ``data`` as its edition's sheet."""
    return Investigator.from_dict(data) if is_investigator(data) else Character.from_dict(data)


def shown(sheet: Character | Investigator) -> str:
    """The whole sheet as ``/char show`` reads, either edition."""
    return investigator_text(sheet, full=True) if isinstance(sheet, Investigator) else sheet_text(sheet, full=True)


def changes_between(old: Character | Investigator, new: Character | Investigator) -> list[str]:
    """What replacing ``old`` by ``new`` changes; a change of edition is one line of its own."""
    if isinstance(old, Investigator) and isinstance(new, Investigator):
        return investigator_changes(old, new)
    if isinstance(old, Investigator) or isinstance(new, Investigator):
        before, after = ("7版" if isinstance(x, Investigator) else "6版" for x in (old, new))
        return [f"版: {before} → {after}（シート全体が置き換わります）"]
    return sheet_changes(old, new)


def carried(saved: Character | Investigator, new: Character | Investigator) -> Character | Investigator:
    """``new`` (an imported sheet replacing ``saved``) with what only this bot keeps of
    ``saved``, when both are of one edition: a 6th sheet's growth marks of this session
    (issue 19); a 7th investigator's growth checks, the weapons given with ``/char weapon``
    and their state (when the import brings none), its attacks a round, the SAN it lost per
    source and its window of 不定の狂気 (issue 30). A change of edition carries nothing."""
    if isinstance(saved, Investigator) and isinstance(new, Investigator):
        return dataclasses.replace(
            new, growth=tuple(dict.fromkeys((*saved.growth, *new.growth))), weapons=new.weapons or saved.weapons,
            weapon_state=new.weapon_state or saved.weapon_state, attacks=new.attacks if new.attacks != 1 else saved.attacks,
            san_sources={**saved.san_sources, **new.san_sources}, san_window=new.san_window or saved.san_window)
    if isinstance(saved, Character) and isinstance(new, Character):
        return dataclasses.replace(new, growth={**saved.growth, **new.growth},
                                   growth_channel=new.growth_channel or saved.growth_channel)
    return new


def draft_key(name: str) -> str:
    """The button key of the draft import of ``name`` (``i`` and a short hash), so that an
    older confirmation cannot confirm a newer draft."""
    return "i" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]


class SheetExchange:
    """``/char import`` (with its confirmation) and ``/char export`` over the store.

    Args:
        store: the repository.
        fetch: downloads a sheet URL's JSON (:class:`bot.sheets.fetch.HttpFetcher` in
            production, with its timeout and size limit; tests pass one reading saved files).
    """

    def __init__(self, store: Store, fetch: Fetch | None = None) -> None:
        self.store = store
        self.fetch: Fetch = fetch or HttpFetcher()
        self.portraits = None
        """The portraits (bot.sheets.voice.portraits.PortraitBook, set by the service): the
        pictures a ココフォリア piece brings (``iconUrl``, ``faces``) are kept with its sheet."""

    async def import_sheet(self, scope: str, user: str, options: dict, allow_over_99: bool = False) -> list[Reply]:
        """``/char import data:<text or URL>``: register the sheet, or (over one's own
        character of the same name) show what changes and ask before replacing it. A 6th
        sheet with a skill above 99 % is refused unless ``allow_over_99`` (the KP's setting),
        and keeps no 幸運, アイデア or 知識 as skills (bot.sheets.limits, X-SHEET-01/02)."""
        raw = opt.text(options, "data")
        if not raw:
            return [private(user, IMPORT_HELP)]
        url = sheet_json_url(raw)
        text = await self.fetch(url) if url else raw
        character, hidden = parse_sheet(text)
        check_name(character.name)
        pictures = self.portraits.read(text) if self.portraits is not None else []
        kept_note = ""
        if isinstance(character, Character) and not character.is_charge_rank:
            character, kept_note = limits.imported(character, allow_over_99)
        record = await self.store.get_character(scope, character.name)
        if record is not None and record.owner != user:
            raise InvalidInput(f"「{character.name}」は他のユーザーがすでに登録しています。")
        note = (HIDDEN_NOTE if hidden else "") + kept_note
        if record is None:
            await self.store.put_character(scope, user, character.name, character.to_dict())
            return [private(user, f"キャラクター「{character.name}」を取り込みました。\n"
                            + shown(character) + note + await self._keep_pictures(scope, character.name, pictures))]
        changes = changes_between(sheet_of(record.data), character)
        if not changes:
            kept = await self._keep_pictures(scope, character.name, pictures)
            return [private(user, f"「{character.name}」は登録済みの内容と同じです（変更はありません）。{kept}")]
        await self.store.put_character(DRAFTS + scope, user, user, {"sheet": character.to_dict(), "hidden": hidden,
                                                                  "pictures": pictures})
        key = draft_key(character.name)
        text = (f"「{character.name}」はすでに登録されています。取り込んだ内容で置き換えますか？\n変わるところ:\n"
                + "\n".join(f"・{line}" for line in changes))
        return [Reply(text=clip(text, MAX_TEXT), ephemeral=True, to=user,
                      buttons=(Button(REPLACE, buttons.encode(0, key, REPLACE), "danger"),
                               Button(CANCEL, buttons.encode(0, key, CANCEL))))]

    async def confirm(self, scope: str, user: str, key: str, choice: str) -> list[Reply]:
        """[置き換える] / [やめる] on an import's confirmation: replace the saved character
        with the draft (one transaction, the draft removed), or drop the draft."""
        draft = await self.store.get_character(DRAFTS + scope, user)
        character = sheet_of(draft.data["sheet"]) if draft else None
        if character is None or draft_key(character.name) != key:
            raise InvalidInput("この確認は古くなっています（置き換えたか、やめたか、別の取り込みがあとから来ました）。"
                               "もう一度 /char import してください。")
        label = buttons.label_of(choice, (REPLACE, CANCEL))
        if label is None:
            raise InvalidInput("このボタンは読み取れませんでした。もう一度 /char import してください。")
        if label == CANCEL:
            await self.store.delete_character(DRAFTS + scope, user)
            return [private(user, f"取り込みをやめました。「{character.name}」は元のままです。")]
        record = await self.store.get_character(scope, character.name)
        if record is not None and record.owner != user:
            raise InvalidInput(f"「{character.name}」は他のユーザーがすでに登録しています。")
        if record is not None:  # what no other tool has stays (issue 19, 30)
            character = carried(sheet_of(record.data), character)
        await self.store.put_character(scope, user, character.name, character.to_dict(), drop=(DRAFTS + scope, user))
        note = HIDDEN_NOTE if draft.data.get("hidden") else ""
        pictures = await self._keep_pictures(scope, character.name, [tuple(p) for p in draft.data.get("pictures") or ()])
        return [private(user, f"「{character.name}」を取り込んだ内容で置き換えました。\n"
                        + shown(character) + note + pictures)]

    async def _keep_pictures(self, scope: str, name: str, pictures: list[tuple[str, str]]) -> str:
        """Keep the pictures an import brought for ``name``; the line saying so, or ""."""
        if not pictures or self.portraits is None:
            return ""
        await self.portraits.keep(scope, name, pictures)
        faces = [face for face, _url in pictures if face]
        extra = f"と表情{len(faces)}つ（{'、'.join(faces)}）" if faces else ""
        return f"\n🖼 立ち絵{extra}も取り込みました（/char voice で、この立ち絵でなりきり発言できます）。"

    @staticmethod
    def export(character: Character, user: str) -> list[Reply]:
        """``/char export``: the ココフォリア clipboard JSON of ``character`` as a file, and in
        the message too when it fits."""
        head = (f"「{character.name}」のココフォリア用データです。コピーしてココフォリアの盤面に貼り付けると、"
                "チャットパレット付きのコマになります。")
        return json_reply(head, ccfolia_json(character), f"{character.name}-ccfolia.json", user)


def json_reply(head: str, text: str, name: str, user: str) -> list[Reply]:
    """A private message ``head`` with the JSON ``text`` as the file ``name``, and in the
    message too when it fits one."""
    body = f"{head}\n```json\n{text}\n```"
    shown = body if len(body) <= MAX_TEXT else head + "\n（長いので添付ファイルにしました）"
    return [Reply(text=shown, ephemeral=True, to=user, file={"name": name, "content": text})]
