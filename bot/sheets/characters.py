"""The character commands (``/char new|set|weapon|show|list|rename|export|delete``) over the
store; ``/char import`` is :mod:`bot.sheets.exchange`."""
from __future__ import annotations

import dataclasses
import re
import unicodedata

from bot.commands import options as opt
from bot.sheets.names import check_name
from bot.render.characters import battle_line, malfunction_text, sheet_text
from bot.render.investigator import investigator_text
from bot.render.reply import MAX_TEXT, Reply, private
from bot.render.sheet_skills import skills_table_text
from bot.sheets.exchange import SheetExchange
from bot.sheets import limits
from bot.sheets.fetch import Fetch
from rules.dice import DiceError, check_expression, parse
from bot.store import Store
from rules.battle.protocol import UnitRow
from rules.coc6.character import CHARACTERISTIC_RANGE, CHARACTERISTICS, Character
from rules.coc7.character import Investigator, is_investigator
from rules.coc6.weapon_table import NAMES, TABLE
from rules.coc6.weapons import BUILTIN_WEAPONS, UNARMED_WEAPONS, ParryClass, like_known, make_weapon
from rules.errors import InvalidInput
from rules.systems.charge_rank.sheet import NAMES as CHARGE_RANK_NUMBERS, REQUIRED as CHARGE_RANK_REQUIRED
from bot.commands.spec import CHARGE_RANK as CHARGE_RANK_OPTIONS

FIRE_MODES = ("単発", "セミオート", "フルオート")
"""The fire modes a firearm's ``rof:`` may list (H-FIRE-03..06)."""
ARMOR_KEYS = {"装甲", "armor", "armour", "アーマー"}
HP_KEYS = {"hp", "耐久力", "現在hp", "現在の耐久力", "hp現在"}
"""Keys of the current HP (``/char set key:HP value:4``)."""
CURRENT_MAX_KEYS: dict[str, tuple[str, str]] = {
    **{k: ("hp_max_override", "最大HP") for k in ("最大hp", "hp最大", "最大耐久力", "maxhp", "hpmax")},
    **{k: ("mp_now", "MP") for k in ("mp", "現在mp", "マジックポイント", "mp現在")},
    **{k: ("mp_max_override", "最大MP") for k in ("最大mp", "mp最大", "maxmp", "mpmax")},
    **{k: ("san_now", "SAN") for k in ("san", "正気度", "現在san", "san値", "現在正気度")},
    **{k: ("san_max_override", "最大SAN") for k in ("最大san", "san最大", "最大正気度", "maxsan", "sanmax")},
    **{k: ("stamina_now", "現在スタミナ") for k in ("現在スタミナ", "スタミナ現在")},
}
"""The other current and maximum values of a sheet by the keys ``/char set`` reads:
``(Character field, label)``."""
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
        self.voices = None
        """The character voices (:class:`bot.sheets.voice.voices.VoiceBook`, issue 31), set by
        the service: a renamed or deleted sheet's portraits and voice follow it."""

    async def load(self, scope: str, name: str, user: str) -> Character:
        """The saved character ``name``; raises InvalidInput naming ``user``'s own ones (never
        another user's: the KP's NPC sheets are secret)."""
        record = await self.store.get_character(scope, name.strip())
        if record is None:
            mine = "、".join(await self.owned(scope, user))
            known = f"あなたのキャラクター: {mine}" if mine else "あなたのキャラクターはまだありません（/char new で作れます）。"
            raise InvalidInput(f"キャラクター「{name}」は登録されていません。{known}")
        if is_investigator(record.data):
            raise InvalidInput(f"「{record.name}」は7版の探索者です。この操作は6版のキャラクターに使います。")
        return Character.from_dict(record.data)

    async def load_sheet(self, scope: str, name: str, user: str) -> Character | Investigator:
        """The saved sheet ``name`` of either edition (a 7th one as an ``Investigator``);
        raises InvalidInput as :meth:`load` does for a missing one."""
        record = await self.store.get_character(scope, name.strip())
        if record is not None and is_investigator(record.data):
            return Investigator.from_dict(record.data)
        return await self.load(scope, name, user)

    async def load_own(self, scope: str, user: str, name: str) -> Character | Investigator:
        """The saved sheet ``name`` (either edition: a battle's system takes its own, see
        rules.battle.joining) if ``user`` registered it; raises InvalidInput."""
        character = await self.load_sheet(scope, name, user)
        record = await self.store.get_character(scope, character.name)
        if record is not None and record.owner != user:
            raise InvalidInput(f"「{character.name}」は他のユーザーのキャラクターなので、その人しか参加させられません。"
                               "KPがNPCとして出すなら /battle add name:… character:… を使います。")
        return character

    async def owned(self, scope: str, user: str) -> list[str]:
        """The names of the characters ``user`` registered in ``scope``."""
        return await self.store.owned_names(scope, user)

    async def _owned(self, scope: str, user: str, name: str, refusal: str = "なので変更できません"):
        """The stored record of ``user``'s own character ``name`` (either edition); another
        user's is refused with ``refusal`` (what the command cannot do with it)."""
        record = await self.store.get_character(scope, name.strip())
        if record is None:
            await self.load(scope, name, user)
        assert record is not None
        if record.owner != user:
            raise InvalidInput(f"「{name}」は他のユーザーのキャラクター{refusal}。")
        return record

    async def new(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char new``: register a character from its eight characteristics, or update those of
        one's own (skills and weapons kept)."""
        name, record = await sheet_name(self.store, scope, user, options)
        if record is not None and is_investigator(record.data):
            raise InvalidInput(f"「{name}」は7版の探索者として登録されています。6版のキャラクターは別の名前で作るか、"
                               "/char delete で消してから作ってください（7版の能力値の更新は edition:7 で）。")
        if opt.text(options, "system") == "charge-rank":
            return await self._new_charge_rank(scope, user, name, record, options)
        if record is not None and Character.from_dict(record.data).is_charge_rank:
            raise InvalidInput(f"「{name}」はチャージランク制のシートです。数値は /char new name:{name} system:charge-rank "
                               "リフレクス:… か /char set で変えます。")
        stats = characteristics(options, "（例: {key}:12）", CHARACTERISTIC_RANGE)
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

    async def _new_charge_rank(self, scope: str, user: str, name: str, record, options: dict) -> list[Reply]:
        """``/char new system:charge-rank``: a sheet of the charge-rank system's own numbers
        (リフレクス and スタミナ required; no characteristics), or those numbers of one's own."""
        numbers = {}
        for option in CHARGE_RANK_OPTIONS:
            value = opt.integer(options, option.name, option.ja)
            if value is not None:
                key = option.ja.upper() if option.ja == "mp" else option.ja  # the sheet's 〔MP〕 (X-MP-01)
                numbers[key] = bounded(value, key, option.low or 0, option.high or 999)
        missing = [k for k in CHARGE_RANK_REQUIRED if k not in numbers]
        if missing:
            raise InvalidInput(f"チャージランク制のシートには {'、'.join(f'{k}:' for k in missing)} が必要です"
                               "（例: /char new name:桐生 system:charge-rank リフレクス:6 スタミナ:30 攻撃力:3）。")
        kept = Character.from_dict(record.data) if record is not None else Character(name=name, stats={})
        character = dataclasses.replace(kept, system="charge-rank", numbers={**kept.numbers, **numbers})
        await self.store.put_character(scope, user, name, character.to_dict())
        done = "の数値を更新しました" if record is not None else "を登録しました"
        return [private(user, f"キャラクター「{name}」{done}。\n" + sheet_text(character))]

    async def set(self, scope: str, user: str, options: dict, allow_over_99: bool = False) -> list[Reply]:
        """``/char set``: one characteristic, HP, armour, db or skill of one's own character; a
        6th skill above 99 % (unless ``allow_over_99``, the KP's setting) and 幸運, アイデア or
        知識 as a skill are refused (bot.sheets.limits, X-SHEET-01/02)."""
        name, key, value = (opt.text(options, k) for k in ("name", "key", "value"))
        if not (name and key and value is not None):
            raise InvalidInput("name:, key:, value: をすべて指定してください。")
        record = await self._owned(scope, user, name)
        if is_investigator(record.data):
            return await self.seventh.set(scope, user, Investigator.from_dict(record.data), key, value)
        character = Character.from_dict(record.data)
        san_before = character.san
        folded = unicodedata.normalize("NFKC", key).strip()
        note = ""
        if folded.upper() in CHARACTERISTICS:
            number = self._number(value, folded.upper(), *CHARACTERISTIC_RANGE)
            character = Character(**{**character.__dict__, "stats": {**character.stats, folded.upper(): number}})
            shown = f"{folded.upper()} = {number}"
        elif (folded.casefold() in HP_KEYS or folded.casefold() in CURRENT_MAX_KEYS) \
                and not (character.is_charge_rank and folded.upper() == "MP"):  # a charge-rank sheet's 〔MP〕: a number
            field, label = CURRENT_MAX_KEYS.get(folded.casefold(), ("hp_now", "HP"))
            if field != "mp_now" and character.is_charge_rank != (field == "stamina_now"):
                raise InvalidInput(f"「{key}」は{'CoC' if character.is_charge_rank else 'チャージランク制'}のシートの項目です。"
                                   f"{character.name}のシートにはありません。")
            character, shown = self._current_or_max(character, field, label, value)
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
        elif character.is_charge_rank:
            if folded not in CHARGE_RANK_NUMBERS:
                raise InvalidInput(f"「{key}」はチャージランク制のシートの項目ではありません。"
                                   f"項目: {'、'.join(CHARGE_RANK_NUMBERS)}、現在スタミナ")
            number = self._number(value, key, 0, 999)
            folded = folded.upper() if folded.upper() == "MP" else folded
            character = dataclasses.replace(character, numbers={**character.numbers, folded: number})
            shown = f"{folded} = {number}"
        else:
            number = self._number(value, key, 0, 999)
            if folded not in CHARGE_RANK_NUMBERS:
                limits.check_skill(character, key, number, allow_over_99)
            new_skill = folded not in CHARGE_RANK_NUMBERS and not character.knows(key)
            character = character.with_skill(key, number)
            shown = f"{key} = {number}（チャージランク制の数値）" if folded in CHARGE_RANK_NUMBERS else f"〈{key}〉 = {number}%"
            if new_skill:  # a typo would make a new skill: say so
                note = f"\n〈{key}〉は技能表にない技能なので、新しい技能として追加しました（名前の誤りなら、正しい名前で設定し直してください）。"
        if character.san_now is not None and character.san_now > character.san_max:
            character = dataclasses.replace(character, san_now=character.san_max)
        if character.san != san_before and "SAN" not in shown:
            note += _san_moved(character, san_before)
        await self.store.put_character(scope, user, character.name, character.to_dict())
        return [private(user, f"{character.name}: {shown} に設定しました。{note}")]

    def _current_or_max(self, character: Character, field: str, label: str, value: str) -> tuple[Character, str]:
        """:func:`current_or_max` of a 6th sheet (whose HP may go below 0, X-HP-02)."""
        return current_or_max(character, field, label, value, lowest_hp=-99)

    @staticmethod
    def _number(value: str, label: str, low: int, high: int) -> int:
        number = opt.integer({"v": value}, "v", label)
        assert number is not None
        return bounded(number, label, low, high)

    async def weapon(self, scope: str, user: str, options: dict, allow_over_99: bool = False) -> list[Reply]:
        """``/char weapon``: give one's character a weapon, filled in from the built-in table
        (X-WPN-01); a ``skill:`` above 99 % is refused unless ``allow_over_99`` (X-SHEET-01)."""
        name, weapon_name = opt.text(options, "name"), opt.text(options, "weapon")
        if not (name and weapon_name):
            raise InvalidInput("name: と weapon: を指定してください。")
        record = await self._owned(scope, user, name)
        if is_investigator(record.data):  # a 7th investigator's weapons (bot.sheets.investigators)
            return await self.seventh.weapon(scope, user, Investigator.from_dict(record.data), options)
        character = Character.from_dict(record.data)
        if opt.boolean(options, "delete"):
            return await self._drop_weapon(scope, user, character, weapon_name)
        skill_value, skill_name = weapon_skill_option(options)
        if skill_value is not None and skill_value > limits.SKILL_MAX and not allow_over_99:
            raise InvalidInput(limits.over_refusal([(weapon_name, skill_value)]))
        cls = None
        if opt.text(options, "class"):
            try:
                cls = ParryClass.parse(opt.text(options, "class") or "")
            except KeyError:
                names = "、".join(c.value for c in ParryClass)
                raise InvalidInput(f"分類「{opt.text(options, 'class')}」は知りません。使える分類: {names}") from None
        damage = damage_option(options)
        rof_raw = opt.text(options, "rof")
        rof = tuple(p for p in re.split(r"[/／・,、]", rof_raw) if p) if rof_raw else None
        if rof and any(mode not in FIRE_MODES for mode in rof):
            raise InvalidInput(f"rof は {'/'.join(FIRE_MODES)} から選んで / で区切ります（例: 単発/セミオート/フルオート）。")
        weapon = make_weapon(weapon_name, skill_value=skill_value, skill=skill_name, damage=damage,
                             hp=opt.integer(options, "hp", "hp"), parry_class=cls, rof=rof,
                             range_m=opt.integer(options, "range", "range"),
                             impale=opt.boolean(options, "impale") if opt.text(options, "impale") else None,
                             skills=character.skills, ammo=opt.integer(options, "ammo", "装弾数"),
                             malfunction=opt.integer(options, "malfunction", "故障ナンバー"))
        damaged = weapon.name in character.weapon_state  # given anew: a new (or mended) weapon
        character = dataclasses.replace(character.with_weapon(weapon), weapon_state={
            k: v for k, v in character.weapon_state.items() if k != weapon.name})
        await self.store.put_character(scope, user, character.name, character.to_dict())
        hp = f"、耐久力{weapon.hp}" if weapon.hp is not None else "、耐久力なし"
        hp += "、貫通可" if weapon.impale else ""
        hp += f"、装弾数{weapon.ammo}、故障ナンバー{malfunction_text(weapon.malfunction)}" if weapon.is_firearm else ""
        note = "\n（以前の戦闘での損傷・故障はなくなりました）" if damaged else ""
        rows = NAMES.get(weapon_name, ())
        if len(rows) > 1:  # an alias of several rows (斧): say which it became, by the sheet's skill
            row = next((r for r in rows if weapon.skill == (TABLE[r].skill or r)), rows[0])
            others = "・".join(f"weapon:{r}" for r in rows if r != row)
            note += f"\n（武器表の「{row}」として登録しました。別の武器なら {others} で登録し直してください）"
        elif weapon_name not in BUILTIN_WEAPONS and not any(w.name == weapon_name for w in UNARMED_WEAPONS):
            missing = [label for key, label in (("damage", "damage:"), ("hp", "hp:"), ("class", "class:"))
                       if opt.text(options, key) is None]
            like = like_known(weapon_name)
            if missing and like:
                note += (f"\n（武器表にない名前なので、未指定の項目は武器表の「{like}」の値にしました。"
                        f"{' '.join(missing)} で変えられます）")
            elif missing and not weapon.parry_class.is_ranged:
                note += (f"\n（武器表にない名前なので、未指定の項目は近接武器の既定値にしました。"
                        f"{' '.join(missing)} で指定できます。耐久力がないと受け流しには使えません）")
        return [private(user, f"{character.name}に武器「{weapon.name}」を持たせました"
                       f"（{weapon.parry_class.value}、{character.weapon_skill(weapon)}%、{weapon.damage}{hp}）。{note}")]

    async def _drop_weapon(self, scope: str, user: str, character: Character, weapon_name: str) -> list[Reply]:
        """``/char weapon … delete:true``: remove the weapon ``weapon_name`` from the sheet."""
        own = [w.name for w in character.weapons]
        wanted = weapon_name.strip()
        if wanted not in own:
            unarmed = any(w.name == wanted for w in UNARMED_WEAPONS)
            reason = ("素手の攻撃はどのキャラクターにもあるので外せません" if unarmed
                      else f"{character.name}は「{wanted}」を持っていません")
            held = f"持っている武器: {'、'.join(own)}" if own else "持たせた武器はありません"
            raise InvalidInput(f"{reason}。{held}。")
        character = character.without_weapon(wanted)
        await self.store.put_character(scope, user, character.name, character.to_dict())
        left = "、".join(w.name for w in character.weapons) or "なし（素手の攻撃だけ）"
        return [private(user, f"{character.name}から武器「{wanted}」を外しました。残りの武器: {left}")]

    async def show(self, scope: str, user: str, options: dict,
                   units: dict[str, tuple[Character | Investigator, UnitRow]] | None = None,
                   keeper: bool = False) -> list[Reply]:
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
        here = [f"（この戦闘の{unit}: {battle_line(row)}）" for unit, (sheet, row) in units.items()
                if sheet.name == character.name and row.owner == user]
        if isinstance(character, Investigator):
            shown = self.seventh.show(character, user)
            return [dataclasses.replace(shown[0], text="\n".join([shown[0].text, *here])), *shown[1:]] if here else shown
        return [private(user, "\n".join([f"【{character.name}】\n" + sheet_text(character, full=True), *here]))]

    async def _battle_sheet(self, scope: str, sheet: Character | Investigator, row: UnitRow) -> str:
        """A battle unit's sheet for its KP: the unit's numbers now, then the sheet with the
        saved sheet's SAN (the character of the same name in ``scope``, if any)."""
        saved = await self.store.get_character(scope, sheet.name)
        if isinstance(sheet, Investigator):  # a 7th battle's unit: its saved SAN, the 7th sheet's text
            if saved is not None and is_investigator(saved.data):
                sheet = dataclasses.replace(sheet, san_now=Investigator.from_dict(saved.data).san_now)
            return f"戦闘中: {battle_line(row)}\n" + investigator_text(sheet, full=True)
        if saved is not None and not is_investigator(saved.data):
            stored = Character.from_dict(saved.data)
            sheet = dataclasses.replace(sheet, san_now=stored.san_now, san_window=stored.san_window,
                                        san_sources=stored.san_sources)
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
        if self.voices is not None:  # its portraits and voice follow it (issue 31)
            await self.voices.renamed(scope, record.name, new)
        return [private(user, f"「{record.name}」の名前を「{new}」に変えました。")]

    async def export(self, scope: str, user: str, options: dict) -> list[Reply]:
        """``/char export [name:]``: one's character as ココフォリア clipboard JSON."""
        name = opt.text(options, "name")
        if not name:
            mine = await self.owned(scope, user)
            if not mine:
                raise InvalidInput("書き出せるあなたのキャラクターがまだありません。/char new で作るか /char import で取り込んでください。")
            if len(mine) != 1:
                raise InvalidInput(f"キャラクターが複数あります（{'、'.join(mine)}）。name: で書き出すキャラクターを指定してください。")
            name = mine[0]
        record = await self._owned(scope, user, name, "です。書き出せるのは自分のキャラクターだけです")
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
        if self.voices is not None:
            await self.voices.deleted(scope, name)
        return [private(user, f"キャラクター「{name}」を削除しました。")]


async def new_sheet(store: Store, scope: str, user: str, options: dict, example: str,
                    limits: tuple[int, int]) -> tuple[str, object, dict[str, int]]:
    """``(name, saved record or None, the eight characteristics)`` of a ``/char new``
    (either edition): :func:`sheet_name`, then :func:`characteristics`. Raises InvalidInput."""
    name, record = await sheet_name(store, scope, user, options)
    return name, record, characteristics(options, example, limits)


async def sheet_name(store: Store, scope: str, user: str, options: dict) -> tuple[str, object]:
    """``(name, saved record or None)`` of a ``/char new``: the name checked, another user's
    sheet of that name refused. Raises InvalidInput."""
    name = opt.text(options, "name")
    if not name:
        raise InvalidInput("name: にキャラクター名を指定してください。")
    check_name(name)
    record = await store.get_character(scope, name)
    if record is not None and record.owner != user:
        raise InvalidInput(f"「{name}」は他のユーザーがすでに登録しています。")
    return name, record


def characteristics(options: dict, example: str, limits: tuple[int, int]) -> dict[str, int]:
    """The eight characteristics of a ``/char new``, each required and within ``limits``;
    ``example`` is the hint of a missing one (``{key}`` filled in). Raises InvalidInput."""
    stats = {}
    for key in CHARACTERISTICS:
        value = opt.integer(options, key.lower(), key)
        if value is None:
            raise InvalidInput(f"{key}: を指定してください" + example.format(key=key) + "。")
        stats[key] = bounded(value, key, *limits)
    return stats


def current_or_max(sheet, field: str, label: str, value: str, lowest_hp: int) -> tuple[object, str]:
    """``sheet`` (6th or 7th: its ``hp_max``/``mp_max``/``san_max``/``stamina_max``) with a
    current value (HP, MP, SAN, stamina: never above its maximum; HP not below ``lowest_hp``)
    or a maximum (最大HP, 最大MP, 最大SAN) set, and the line that says so. Raises InvalidInput."""
    maximum = {"hp_now": "hp_max", "mp_now": "mp_max", "san_now": "san_max", "stamina_now": "stamina_max"}.get(field)
    if maximum is None:
        number = CharacterBook._number(value, label, 0 if field != "hp_max_override" else 1, 99 if "san" in field else 999)
        updated = dataclasses.replace(sheet, **{field: number})
        now = {"hp_max_override": f"（現在のHP {updated.hp}）", "mp_max_override": f"（現在のMP {updated.mp}）",
               "san_max_override": f"（現在のSAN {updated.san}）"}[field]
        return updated, f"{label} = {number}{now}"
    top = getattr(sheet, maximum)
    number = CharacterBook._number(value, label, lowest_hp if field == "hp_now" else 0, 999)
    if number > top:
        raise InvalidInput(f"{label} は最大値 {top} を超えられません（「{number}」）。"
                           f"最大値を変えるなら key:{'スタミナ' if field == 'stamina_now' else '最大' + label} を使います。")
    return dataclasses.replace(sheet, **{field: number}), f"{label} = {number}/{top}"


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


def _san_moved(character: Character, before: int) -> str:
    """The note of a ``/char set`` that moved the current SAN (``before`` → now): capped at
    the maximum SAN (99 − 〈クトゥルフ神話〉), or a SAN never changed following POW × 5."""
    if character.san == character.san_max:
        return f"\n現在のSANは {before}→{character.san}（最大SAN {character.san_max} = 99−〈クトゥルフ神話〉を超えられません）。"
    return (f"\n現在のSANは {before}→{character.san}（まだ変わっていないSANは POW×5 です。"
            f"別の値にするなら key:SAN で設定します）。")


def weapon_skill_option(options: dict) -> tuple[int | None, str | None]:
    """``/char weapon skill:`` as ``(the weapon's own %, None)`` or ``(None, a skill name)``
    (``(None, None)`` when not given); raises InvalidInput for a % out of 0..999."""
    raw = opt.text(options, "skill")
    if raw is None:
        return None, None
    folded = unicodedata.normalize("NFKC", raw).replace("%", "")
    if folded.lstrip("+-").isdigit():
        return CharacterBook._number(folded, "skill", 0, 999), None
    return None, raw


def damage_option(options: dict) -> str | None:
    """``/char weapon damage:`` as a dice expression (``1D8``, ``1D6+2``), upper-cased, or
    None when not given; raises InvalidInput for one that cannot be read or rolled (1D0)."""
    damage = raw = opt.text(options, "damage")
    if damage is None:
        return None
    damage = unicodedata.normalize("NFKC", damage).upper().replace(" ", "")
    try:  # a die that cannot be rolled (1D0) is refused now, not at the first hit
        readable = bool(re.fullmatch(r"[0-9D+\-*/()]{1,40}", damage)) and (damage.isdigit() or parse(damage) is not None)
        if readable:
            check_expression(damage)
    except DiceError as err:
        raise InvalidInput(f"damage「{raw.strip()[:20]}」は振れません: {err}（例: 1D8, 1D6+2）。") from None
    if not readable:
        raise InvalidInput(f"damage「{raw.strip()[:20]}」はダイス式として読めません（例: 1D8, 1D6+2, 2D3+1D4）。")
    return damage
