"""The character commands (``/char new|set|weapon|show|list|rename|export|delete``) over the
store; ``/char import`` is :mod:`bot.sheets.exchange`."""
from __future__ import annotations

import dataclasses
import re
import unicodedata

from bot.commands import options as opt
from bot.sheets.names import check_name
from bot.render.characters import battle_line, sheet_text
from bot.render.reply import MAX_TEXT, Reply, private
from bot.render.sheet_skills import skills_table_text
from bot.sheets.exchange import SheetExchange
from bot.sheets.fetch import Fetch
from rules.dice import DiceError, check_expression, parse
from bot.store import Store
from rules.battle.protocol import UnitRow
from rules.coc6.character import CHARACTERISTIC_RANGE, CHARACTERISTICS, Character
from rules.coc7.character import Investigator, is_investigator
from rules.coc6.weapons import BUILTIN_WEAPONS, UNARMED_WEAPONS, ParryClass, like_known, make_weapon
from rules.errors import InvalidInput
from rules.systems.charge_rank.sheet import NAMES as CHARGE_RANK_NUMBERS

FIRE_MODES = ("単発", "セミオート", "フルオート")
"""The fire modes a firearm's ``rof:`` may list (H-FIRE-03..06)."""
ARMOR_KEYS = {"装甲", "armor", "armour", "アーマー"}
HP_KEYS = {"hp", "耐久力", "最大hp"}
DB_KEYS = {"db", "ダメージボーナス"}


class CharacterBook:
    """Character sheets saved per ``scope`` (a guild id, or ``console``); ``fetch``
    downloads a sheet URL for ``/char import`` (see :class:`bot.sheets.exchange.SheetExchange`)."""

    def __init__(self, store: Store, fetch: Fetch | None = None) -> None:
        self.store = store
        self.exchange = SheetExchange(store, fetch)
        """``/char import`` (and its confirmation) and ``/char export``."""
        self.seventh = None
        """The 7th-edition sheets (:class:`bot.sheets.investigators.InvestigatorBook`), set by
        the service: a 7th sheet's show/set/export are handed to it."""

    async def load(self, scope: str, name: str, user: str) -> Character:
        """The saved character ``name``; raises InvalidInput naming ``user``'s own ones (never
        another user's: the KP's NPC sheets are secret)."""
        record = await self.store.get_character(scope, name.strip())
        if record is None:
            mine = "、".join(await self.owned(scope, user))
            known = f"あなたのキャラクター: {mine}" if mine else "あなたのキャラクターはまだありません（/char new で作れます）。"
            raise InvalidInput(f"キャラクター「{name}」は登録されていません。{known}")
        if is_investigator(record.data):
            raise InvalidInput(f"「{record.name}」は7版の探索者です。戦闘は6版のルールで行うので、"
                               "6版のキャラクター（/char new edition:6）で参加してください。")
        return Character.from_dict(record.data)

    async def load_sheet(self, scope: str, name: str, user: str) -> Character | Investigator:
        """The saved sheet ``name`` of either edition (a 7th one as an ``Investigator``);
        raises InvalidInput as :meth:`load` does for a missing one."""
        record = await self.store.get_character(scope, name.strip())
        if record is not None and is_investigator(record.data):
            return Investigator.from_dict(record.data)
        return await self.load(scope, name, user)

    async def load_own(self, scope: str, user: str, name: str) -> Character:
        """The saved character ``name`` if ``user`` registered it; raises InvalidInput."""
        character = await self.load(scope, name, user)
        record = await self.store.get_character(scope, character.name)
        if record is not None and record.owner != user:
            raise InvalidInput(f"「{character.name}」は他のユーザーのキャラクターなので、その人しか参加させられません。"
                               "KPがNPCとして出すなら /battle add name:… character:… を使います。")
        return character

    async def owned(self, scope: str, user: str) -> list[str]:
        """The names of the characters ``user`` registered in ``scope``."""
        return [r.name for r in await self.store.list_characters(scope) if r.owner == user]

    async def _owned(self, scope: str, user: str, name: str):
        """The stored record of ``user``'s own character ``name`` (either edition)."""
        record = await self.store.get_character(scope, name.strip())
        if record is None:
            await self.load(scope, name, user)
        assert record is not None
        if record.owner != user:
            raise InvalidInput(f"「{name}」は他のユーザーのキャラクターなので変更できません。")
        return record

    async def _editable(self, scope: str, user: str, name: str) -> Character:
        record = await self._owned(scope, user, name)
        if is_investigator(record.data):
            raise InvalidInput(f"「{record.name}」は7版の探索者です。武器の設定は6版のキャラクター用です"
                               "（7版の武器は /roll の CC<=技能値 とダメージのダイスで振れます）。")
        return Character.from_dict(record.data)

    async def new(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char new``: register a character from its eight characteristics, or update those of
        one's own (skills and weapons kept)."""
        name, record, stats = await new_sheet(self.store, scope, user, options, "（例: {key}:12）", CHARACTERISTIC_RANGE)
        if record is not None and is_investigator(record.data):
            raise InvalidInput(f"「{name}」は7版の探索者として登録されています。6版のキャラクターは別の名前で作るか、"
                               "/char delete で消してから作ってください（7版の能力値の更新は edition:7 で）。")
        if record is not None:
            kept = Character.from_dict(record.data)
            character = Character(**{**kept.__dict__, "stats": stats})
            await self.store.put_character(scope, user, name, character.to_dict())
            return [private(user, f"「{name}」の能力値を更新しました（技能・武器・装甲はそのままです）。\n"
                           + sheet_text(character))]
        character = Character(name=name, stats=stats)
        await self.store.put_character(scope, user, name, character.to_dict())
        return [private(user, f"キャラクター「{name}」を登録しました。\n" + sheet_text(character)
                        + "\n" + skills_table_text(character))]

    async def set(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char set``: one characteristic, HP, armour, db or skill of one's own character."""
        name, key, value = (opt.text(options, k) for k in ("name", "key", "value"))
        if not (name and key and value is not None):
            raise InvalidInput("name:, key:, value: をすべて指定してください。")
        record = await self._owned(scope, user, name)
        if is_investigator(record.data):
            return await self.seventh.set(scope, user, Investigator.from_dict(record.data), key, value)
        character = Character.from_dict(record.data)
        folded = unicodedata.normalize("NFKC", key).strip()
        note = ""
        if folded.upper() in CHARACTERISTICS:
            number = self._number(value, folded.upper(), *CHARACTERISTIC_RANGE)
            character = Character(**{**character.__dict__, "stats": {**character.stats, folded.upper(): number}})
            shown = f"{folded.upper()} = {number}"
        elif folded.casefold() in HP_KEYS:
            number = self._number(value, "HP", 1, 999)
            character = Character(**{**character.__dict__, "hp_max_override": number})
            shown = f"最大HP = {number}"
        elif folded.casefold() in ARMOR_KEYS:
            number = self._number(value, "装甲", 0, 99)
            character = Character(**{**character.__dict__, "armor": number})
            shown = f"装甲 = {number}"
        elif folded.casefold() in DB_KEYS:
            db = unicodedata.normalize("NFKC", value).upper().replace(" ", "")
            if db in ("0", "なし", "-", ""):
                db = ""
            elif not re.fullmatch(r"[+-]\d{1,2}D\d{1,3}", db):
                raise InvalidInput("db は +1D4、-1D6、0 のように指定してください。")
            character = Character(**{**character.__dict__, "db_override": db})
            shown = f"db = {db or 'なし'}"
        else:
            number = self._number(value, key, 0, 999)
            new_skill = folded not in CHARGE_RANK_NUMBERS and not character.knows(key)
            character = character.with_skill(key, number)
            shown = f"{key} = {number}（チャージランク制の数値）" if folded in CHARGE_RANK_NUMBERS else f"〈{key}〉 = {number}%"
            if new_skill:  # a typo would make a new skill: say so
                note = f"\n〈{key}〉は技能表にない技能なので、新しい技能として追加しました（名前の誤りなら、正しい名前で設定し直してください）。"
        await self.store.put_character(scope, user, character.name, character.to_dict())
        return [private(user, f"{character.name}: {shown} に設定しました。{note}")]

    @staticmethod
    def _number(value: str, label: str, low: int, high: int) -> int:
        number = opt.integer({"v": value}, "v", label)
        assert number is not None
        return bounded(number, label, low, high)

    async def weapon(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char weapon``: give one's character a weapon, filled in from the built-in table
        (X-WPN-01)."""
        name, weapon_name = opt.text(options, "name"), opt.text(options, "weapon")
        if not (name and weapon_name):
            raise InvalidInput("name: と weapon: を指定してください。")
        character = await self._editable(scope, user, name)
        skill_raw = opt.text(options, "skill")
        skill_value, skill_name = None, None
        if skill_raw is not None:
            folded = unicodedata.normalize("NFKC", skill_raw).replace("%", "")
            if folded.lstrip("+-").isdigit():
                skill_value = self._number(folded, "skill", 0, 999)
            else:
                skill_name = skill_raw
        cls = None
        if opt.text(options, "class"):
            try:
                cls = ParryClass.parse(opt.text(options, "class") or "")
            except KeyError:
                names = "、".join(c.value for c in ParryClass)
                raise InvalidInput(f"分類「{opt.text(options, 'class')}」は知りません。使える分類: {names}") from None
        damage = raw_damage = opt.text(options, "damage")
        if damage is not None:
            damage = unicodedata.normalize("NFKC", damage).upper().replace(" ", "")
            try:  # a die that cannot be rolled (1D0) is refused now, not at the first hit
                readable = bool(re.fullmatch(r"[0-9D+\-*/()]{1,40}", damage)) and (damage == "0" or parse(damage) is not None)
                if readable:
                    check_expression(damage)
            except DiceError as err:
                raise InvalidInput(f"damage「{raw_damage.strip()[:20]}」は振れません: {err}（例: 1D8, 1D6+2）。") from None
            if not readable:
                raise InvalidInput(f"damage「{raw_damage.strip()[:20]}」はダイス式として読めません（例: 1D8, 1D6+2, 2D3+1D4）。")
        rof_raw = opt.text(options, "rof")
        rof = tuple(p for p in re.split(r"[/／・,、]", rof_raw) if p) if rof_raw else None
        if rof and any(mode not in FIRE_MODES for mode in rof):
            raise InvalidInput(f"rof は {'/'.join(FIRE_MODES)} から選んで / で区切ります（例: 単発/セミオート/フルオート）。")
        weapon = make_weapon(weapon_name, skill_value=skill_value, skill=skill_name, damage=damage,
                             hp=opt.integer(options, "hp", "hp"), parry_class=cls, rof=rof,
                             range_m=opt.integer(options, "range", "range"))
        character = character.with_weapon(weapon)
        await self.store.put_character(scope, user, character.name, character.to_dict())
        hp = f"、耐久力{weapon.hp}" if weapon.hp is not None else "、耐久力なし"
        note = ""
        if weapon_name not in BUILTIN_WEAPONS and not any(w.name == weapon_name for w in UNARMED_WEAPONS):
            missing = [label for key, label in (("damage", "damage:"), ("hp", "hp:"), ("class", "class:"))
                       if opt.text(options, key) is None]
            like = like_known(weapon_name)
            if missing and like:
                note = (f"\n（武器表にない名前なので、未指定の項目は武器表の「{like}」の値にしました。"
                        f"{' '.join(missing)} で変えられます）")
            elif missing and not weapon.parry_class.is_ranged:
                note = (f"\n（武器表にない名前なので、未指定の項目は近接武器の既定値にしました。"
                        f"{' '.join(missing)} で指定できます。耐久力がないと受け流しには使えません）")
        return [private(user, f"{character.name}に武器「{weapon.name}」を持たせました"
                       f"（{weapon.parry_class.value}、{character.weapon_skill(weapon)}%、{weapon.damage}{hp}）。{note}")]

    async def show(self, scope: str, user: str, options: dict,
                   units: dict[str, tuple[Character, UnitRow]] | None = None, keeper: bool = False) -> list[Reply]:
        """``/char show``: a character's sheet (one's only character when no name is given).

        ``units``: ``{unit: (sheet, status row)}`` of the channel's battle, if there is one;
        a sheet shown that is a unit there ends with the unit's HP and conditions now.
        ``keeper``: ``user`` is that battle's KP: then every sheet of the battle is shown
        (no name), or the unit's (a name of a unit or of its character), whoever owns it —
        privately, headed by the unit's numbers now and with the saved sheet's SAN (SAN
        checks change the saved sheet, not the battle's copy).
        """
        name = opt.text(options, "name")
        units = units or {}
        if keeper and units:
            if not name:
                parts = [f"【{unit}】\n" + await self._battle_sheet(scope, sheet, row) for unit, (sheet, row) in units.items()]
                return _packed(parts, user, f"（KP用・この戦闘の{len(units)}人のシート）")
            unit = next((u for u, (sheet, _row) in units.items() if name.strip() in (u, sheet.name)), None)
            if unit is not None:
                return [private(user, f"【{unit}】（戦闘中のシート・KP用）\n" + await self._battle_sheet(scope, *units[unit]))]
        if not name:
            mine = await self.owned(scope, user)
            if len(mine) != 1:
                raise InvalidInput("name: で表示するキャラクターを指定してください。")
            name = mine[0]
        character = await self.load_sheet(scope, name, user)
        record = await self.store.get_character(scope, character.name)
        if record is not None and record.owner != user:
            raise InvalidInput(f"「{character.name}」は他のユーザーのキャラクターです。"
                               "キャラクターの数値はその持ち主だけが表示できます（戦闘中のユニットならその戦闘のKPも見られます）。")
        if isinstance(character, Investigator):
            return self.seventh.show(character, user)
        here = [f"（この戦闘の{unit}: {battle_line(row)}）" for unit, (sheet, row) in units.items()
                if sheet.name == character.name and row.owner == user]
        return [private(user, "\n".join([f"【{character.name}】\n" + sheet_text(character, full=True), *here]))]

    async def _battle_sheet(self, scope: str, sheet: Character, row: UnitRow) -> str:
        """A battle unit's sheet for its KP: the unit's numbers now, then the sheet with the
        saved sheet's SAN (the character of the same name in ``scope``, if any)."""
        saved = await self.store.get_character(scope, sheet.name)
        if saved is not None:
            stored = Character.from_dict(saved.data)
            sheet = dataclasses.replace(sheet, san_now=stored.san_now, san_hour=stored.san_hour)
        return f"戦闘中: {battle_line(row)}\n" + sheet_text(sheet, full=True)

    async def rename(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char rename name: new:``: give one's character another name (one transaction;
        battles already joined keep the name they joined with)."""
        name, new = opt.text(options, "name"), opt.text(options, "new")
        if not (name and new):
            raise InvalidInput("name: に今の名前、new: に新しい名前を指定してください。")
        record = await self._owned(scope, user, name)
        check_name(new)
        if new == record.name:
            raise InvalidInput(f"「{new}」は今の名前と同じです。")
        if await self.store.get_character(scope, new) is not None:
            raise InvalidInput(f"「{new}」という名前のキャラクターはすでに登録されています。別の名前にしてください。")
        await self.store.put_character(scope, user, new, {**record.data, "name": new}, drop=(scope, record.name))
        return [private(user, f"「{record.name}」の名前を「{new}」に変えました。")]

    async def export(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char export [name:]``: one's character as ココフォリア clipboard JSON."""
        name = opt.text(options, "name")
        if not name:
            mine = await self.owned(scope, user)
            if len(mine) != 1:
                raise InvalidInput("name: で書き出すキャラクターを指定してください。")
            name = mine[0]
        record = await self._owned(scope, user, name)
        if is_investigator(record.data):
            return self.seventh.export(Investigator.from_dict(record.data), user)
        return self.exchange.export(Character.from_dict(record.data), user)

    async def list(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char list``: ``user``'s own characters in this server (or the console)."""
        records = [r for r in await self.store.list_characters(scope) if r.owner == user]
        if not records:
            return [private(user, "あなたのキャラクターはまだ登録されていません。/char new で作れます。")]
        lines = [f"・{r.name}" for r in records]
        return [private(user, "あなたのキャラクター:\n" + "\n".join(lines))]

    async def delete(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char delete``: remove one's own character."""
        name = opt.text(options, "name") or ""
        await self._owned(scope, user, name)
        await self.store.delete_character(scope, name)
        return [private(user, f"キャラクター「{name}」を削除しました。")]


async def new_sheet(store: Store, scope: str, user: str, options: dict, example: str,
                    limits: tuple[int, int]) -> tuple[str, object, dict[str, int]]:
    """``(name, saved record or None, the eight characteristics)`` of a ``/char new``
    (either edition): the name checked, another user's sheet of that name refused, each
    characteristic required and within ``limits``; ``example`` is the hint of a missing
    one (``{key}`` filled in). Raises InvalidInput."""
    name = opt.text(options, "name")
    if not name:
        raise InvalidInput("name: にキャラクター名を指定してください。")
    check_name(name)
    record = await store.get_character(scope, name)
    if record is not None and record.owner != user:
        raise InvalidInput(f"「{name}」は他のユーザーがすでに登録しています。")
    stats = {}
    for key in CHARACTERISTICS:
        value = opt.integer(options, key.lower(), key)
        if value is None:
            raise InvalidInput(f"{key}: を指定してください" + example.format(key=key) + "。")
        stats[key] = bounded(value, key, *limits)
    return name, record, stats


def bounded(number: int, label: str, low: int, high: int) -> int:
    """``number`` when ``low <= number <= high``; else raises InvalidInput naming the option
    ``label`` and the value given (the manner of :func:`bot.commands.options.integer`'s refusal)."""
    if not low <= number <= high:
        raise InvalidInput(f"{label} には{low}から{high}の整数を指定してください（「{number}」は範囲外です）。")
    return number


def _packed(parts: list[str], user: str, head: str) -> list[Reply]:
    """``parts`` joined into as few private messages as fit 2,000 characters each."""
    replies, current = [], head
    for part in parts:
        if len(current) + 2 + len(part) > MAX_TEXT and current:
            replies.append(private(user, current))
            current = ""
        current = f"{current}\n\n{part}" if current else part
    replies.append(private(user, current))
    return replies
