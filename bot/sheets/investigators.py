"""The ``/char`` commands for 7th-edition investigators (新クトゥルフ神話TRPG): new (with
characteristics in percent, Luck rolled 3D6×5 unless given), show, set and export. The
6th-edition sheets are :mod:`bot.sheets.characters`, which hands a 7th sheet over here."""
from __future__ import annotations

import dataclasses
import unicodedata

from bot.commands import options as opt
from bot.render.ccfolia7 import ccfolia_json7
from bot.render.investigator import investigator_text, weapon_line
from bot.render.reply import Reply, private
from bot.sheets.characters import (CURRENT_MAX_KEYS, HP_KEYS, bounded as _bounded, current_or_max, damage_option,
                                   new_sheet, weapon_skill_option)
from bot.sheets.exchange import json_reply
from bot.store import Store
from rules.coc7.character import CHARACTERISTICS, Investigator, is_investigator
from rules.coc7.skills import canonical
from rules.coc7.weapons import UNARMED, known, make_weapon7
from rules.dice import Dice
from rules.errors import InvalidInput

PERCENT_MAX_7 = 99
"""The most a 7th skill, 幸運 or SAN may be (a d100 roll under 100 always succeeds otherwise);
the same bound as ``/char new luck:``."""

HP_KEYS_7 = {key: ("hp_now", "HP") for key in HP_KEYS}
"""``/char set`` keys of a 7th investigator's current HP (HP, 耐久力, 現在HP …)."""
SHEET_VALUES_7 = ("hp_now", "hp_max_override", "mp_now", "mp_max_override")
"""The current and maximum HP and MP a 7th sheet keeps (SAN is set as a percentage: its
maximum is 99 − クトゥルフ神話)."""

CHARACTERISTIC_RANGE_7 = (1, 999)
"""A 7th characteristic in percent: 15–90 for investigators, more for the KP's monsters."""


def luck_roll(dice: Dice) -> tuple[int, str]:
    """Luck at creation: 3D6 × 5; returns ``(luck, "3D6(4,2,6)×5")``."""
    faces = [dice.roll(6) for _ in range(3)]
    return sum(faces) * 5, f"3D6({','.join(map(str, faces))})×5"


class InvestigatorBook:
    """7th-edition sheets in the same store as the 6th ones (marked ``edition: coc7``)."""

    def __init__(self, store: Store, dice: Dice) -> None:
        self.store, self.dice = store, dice

    async def new(self, scope: str, user: str, options: dict, scale_note=None) -> list[Reply]:
        """``/char new`` for 7th: the eight characteristics in %, ``luck:`` (else rolled
        3D6×5) and ``age:``; re-running it on one's own investigator updates them.
        ``scale_note(options, hp)``: a note under the sheet (characteristics in the 6th scale)."""
        name, record, stats = await new_sheet(self.store, scope, user, options, "（7版は%の値です。例: {key}:60）",
                                              CHARACTERISTIC_RANGE_7)
        if record is not None and not is_investigator(record.data):
            raise InvalidInput(f"「{name}」は6版のキャラクターとして登録されています。7版の探索者は別の名前で作るか、"
                               "/char delete で消してから作ってください。")
        age = opt.integer(options, "age", "age")
        luck = opt.integer(options, "luck", "luck")
        old = Investigator.from_dict(record.data) if record is not None and is_investigator(record.data) else None
        note = ""
        if luck is None and old is None:
            luck, shown = luck_roll(self.dice)
            note = f"\n幸運を振りました: {shown} = {luck}"
        changes = {"stats": stats}
        if luck is not None:
            changes["luck"] = _bounded(luck, "luck", 0, 99)
        if age is not None:
            changes["age"] = _bounded(age, "age", 1, 999)
        inv = dataclasses.replace(old or Investigator(name, stats), **changes)
        await self.store.put_character(scope, user, name, inv.to_dict())
        head = (f"「{name}」の能力値を更新しました（技能・SAN・成長チェックはそのままです）。" if old else
                f"7版の探索者「{name}」を登録しました。")
        tail = scale_note(options, inv.hp_max) if scale_note else ""
        return [private(user, head + note + "\n" + investigator_text(inv, full=old is None) + tail)]

    @staticmethod
    def show(inv: Investigator, user: str) -> list[Reply]:
        """``/char show`` of a 7th investigator."""
        return [private(user, f"【{inv.name}】\n" + investigator_text(inv, full=True))]

    async def set(self, scope: str, user: str, inv: Investigator, key: str, value: str) -> list[Reply]:
        """``/char set`` on a 7th investigator: a characteristic, 幸運, 年齢, the current HP/MP
        (``HP``, never above the maximum nor below 0) or their maximum (``最大HP``), SAN,
        攻撃回数 (attacks a round, 7-OUTN-02) or a skill."""
        folded = unicodedata.normalize("NFKC", key).strip()
        upper = folded.upper()
        number = opt.integer({"v": value}, "v", key)
        if number is None:
            raise InvalidInput(f"{key} の値には整数を指定してください。")
        fields = {"幸運": "luck", "LUCK": "luck", "年齢": "age", "AGE": "age", "SAN": "san_now", "正気度": "san_now",
                  "攻撃回数": "attacks"}
        current = HP_KEYS_7.get(folded.casefold()) or CURRENT_MAX_KEYS.get(folded.casefold())
        if current is not None and current[0] != "san_now":  # HP is the current HP, 最大HP the maximum (7-SHEET-01)
            field, label = current
            if field == "san_max_override":
                raise InvalidInput(f"7版の最大SANは 99 − 〈クトゥルフ神話〉です（{inv.name}は {inv.san_max}）。"
                                   "key:クトゥルフ神話 で変わります。")
            if field not in SHEET_VALUES_7:
                raise InvalidInput(f"「{key}」は7版の探索者のシートにはありません（HP・最大HP・MP・最大MP・SAN を設定できます）。")
            inv, shown = current_or_max(inv, field, label, value, lowest_hp=0)  # 7-HP-01: never below 0
        elif upper in CHARACTERISTICS:
            inv = dataclasses.replace(inv, stats={**inv.stats, upper: _bounded(number, upper, *CHARACTERISTIC_RANGE_7)})
            shown = f"{upper} = {number}"
        elif upper in fields or folded in fields:
            field = fields.get(upper) or fields[folded]
            high = PERCENT_MAX_7 if field in ("luck", "san_now") else 9 if field == "attacks" else 999
            inv = dataclasses.replace(inv, **{field: _bounded(number, key, 1 if field == "attacks" else 0, high)})
            shown = f"{folded} = {number}"
        else:
            inv = inv.with_skill(folded, _bounded(number, key, 0, PERCENT_MAX_7))
            shown = f"〈{folded}〉 = {number}%"
        await self.store.put_character(scope, user, inv.name, inv.to_dict())
        return [private(user, f"{inv.name}: {shown} に設定しました。")]

    async def weapon(self, scope: str, user: str, inv: Investigator, options: dict) -> list[Reply]:
        """``/char weapon`` on a 7th investigator (7-JOIN-02): a weapon from the 7th table
        (rules.coc7.weapons) with the values given instead — ``skill:`` a 7th skill name or
        the weapon's own %, ``damage:``, ``range:`` (m), ``impale:``, ``shots:`` (攻撃回数),
        ``ammo:`` (装弾数), ``malfunction:`` (故障ナンバー); ``delete:true`` removes it."""
        name = (opt.text(options, "weapon") or "").strip()
        if opt.boolean(options, "delete"):
            held = "、".join(w.name for w in inv.weapons) or "なし"
            if name == UNARMED.name and not any(w.name == name for w in inv.weapons):
                raise InvalidInput(f"こぶしはどの探索者も持っているので外せません（持たせた武器: {held}）。")
            if inv.weapon(name) is None:
                raise InvalidInput(f"{inv.name}は「{name}」を持っていません（持たせた武器: {held}）。")
            inv = inv.without_weapon(inv.weapon(name).name)
            await self.store.put_character(scope, user, inv.name, inv.to_dict())
            left = "、".join(w.name for w in inv.weapons) or "なし（こぶしだけ）"
            return [private(user, f"{inv.name}から武器「{name}」を外しました。残りの武器: {left}")]
        sixth = [f"{k}:" for k in ("class", "rof", "hp") if opt.text(options, k)]
        value, skill = weapon_skill_option(options)
        weapon = make_weapon7(name, skill=canonical(skill) if skill else None, value=value, damage=damage_option(options),
                              range_m=opt.integer(options, "range", "range"),
                              impale=opt.boolean(options, "impale") if opt.text(options, "impale") else None,
                              shots=opt.integer(options, "shots", "shots"), capacity=opt.integer(options, "ammo", "ammo"),
                              malfunction=opt.integer(options, "malfunction", "malfunction"))
        inv = dataclasses.replace(inv.with_weapon(weapon),
                                  weapon_state={k: v for k, v in inv.weapon_state.items() if k != weapon.name})
        await self.store.put_character(scope, user, inv.name, inv.to_dict())
        note = "" if known(name) or skill or value is not None else (
            f"\n（7版の武器表にない名前なので、〈{weapon.skill}〉・{weapon.damage} の近接武器にしました。"
            "skill: damage: range: で変えられます）")
        if sixth:  # a 6th weapon's fields: said, not refused (the weapon is given all the same)
            note += (f"\n（{'・'.join(sixth)} は6版の武器の項目なので使いません。7版の武器は skill: damage: range: "
                     "impale: shots:（攻撃回数） ammo:（装弾数） malfunction:（故障ナンバー）で指定します）")
        return [private(user, f"{inv.name}に武器「{weapon.name}」を持たせました（{weapon_line(inv, weapon)}）。{note}")]

    @staticmethod
    def export(inv: Investigator, user: str) -> list[Reply]:
        """``/char export``: the 7th ココフォリア piece (いあきゃら style palette) as a file,
        and in the message when it fits."""
        head = (f"「{inv.name}」（7版）のココフォリア用データです。ココフォリアの盤面に貼り付けると、"
                "CC<={目星} 形式のチャットパレット付きのコマになります。")
        return json_reply(head, ccfolia_json7(inv), f"{inv.name}-ccfolia.json", user)

