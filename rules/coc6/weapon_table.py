"""The CoC 6th weapon table (X-WPN-01, X-IMPALE-01): the base rulebook 「クトゥルフ神話TRPG」
and the supplements the house rules admit, 「クトゥルフ2010」 and 「クトゥルフ2015」 (H-GEN-02/03).

Each row gives the Japanese name, the skill it is rolled with, damage (without db), class,
range (m; 1 square = 1 m, X-REACH-01), attacks per round, weapon hit points (耐久力) and
whether it can impale 「貫通可」. Aliases are the names tables write (バット, 警棒, 和弓 …);
an alias that names several rows (斧: 手斧 or 木斧) is settled by the skill on the sheet
(:func:`resolve`).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.coc6.weapon_class import ParryClass

SINGLE = ("単発",)
AUTOMATIC = ("単発", "セミオート", "フルオート")


@dataclass(frozen=True)
class KnownWeapon:
    """A row of the weapon table.

    Attributes:
        damage: damage dice without db (``"1D8+1"``); a shotgun's is at its first range band
            (the farther bands are in ``note``).
        parry_class: its class (parrying, damage processing, db: X-DB-01).
        hp: weapon hit points 耐久力 (X-WPN-01), or None.
        skill: the skill it is rolled with (``"拳銃"``), or None for the row's own name.
        rof: fire modes of a firearm (H-FIRE-); empty for others.
        range_m: 基本射程 in metres, or None for melee reach (「タッチ」, X-REACH-01).
        attacks: 攻撃回数 per round as the table writes it (``"1"``, ``"2"``, ``"1/2"``, ``"1 or バースト"``).
        impale: 貫通可 (X-IMPALE-01).
        aliases: other names tables write for it.
        book: ``"基本"``, ``"2010"`` or ``"2015"``.
        add_db: ``"none"`` where the class would add db but the weapon does not (grenades).
        note: what the columns above cannot say (shotgun damage by range, area, stun).
        ammo: 装弾数, the rounds a firearm holds (X-AMMO-01), or None for other weapons.
        malfunction: 故障ナンバー, the 1D100 at or above which a firing jams the gun
            (X-JAM-01; 100 is the table's 「00」), or None.
    """

    damage: str
    parry_class: ParryClass
    hp: int | None = None
    skill: str | None = None
    rof: tuple[str, ...] = ()
    range_m: int | None = None
    attacks: str = "1"
    impale: bool = False
    aliases: tuple[str, ...] = ()
    book: str = "基本"
    add_db: str | None = None
    note: str = ""
    ammo: int | None = None
    malfunction: int | None = None


C = ParryClass
K = KnownWeapon

TABLE: dict[str, KnownWeapon] = {
    # 近接武器 (melee). Skill bases are X-SKILL-01's.
    "手斧": K("1D6+1", C.CLUB, 12, "手斧", aliases=("ハチェット", "斧")),
    "木斧": K("1D8+2", C.CLUB, 15, "木斧", aliases=("木こりの斧", "薪割り斧", "斧")),
    "ブラックジャック": K("1D8", C.CLUB, 4, "ブラックジャック"),
    "鞭": K("1D3", C.CLUB, 2, "鞭", range_m=3, aliases=("ムチ", "ブルウィップ")),
    "チェーンソー": K("2D8", C.CLUB, 20, "チェーンソー"),
    "大きい棍棒": K("1D8", C.CLUB, 20, "大きい棍棒", aliases=("バット", "野球バット", "火かき棒", "クリケットバット", "大きな棍棒")),
    "小さい棍棒": K("1D6", C.CLUB, 15, "小さい棍棒", aliases=("警棒", "ナイトスティック", "小さな棍棒")),
    "フェンシング・フォイル": K("1D6", C.SWORD, 10, "フェンシング・フォイル", impale=True, aliases=("フルーレ",)),
    "レイピア": K("1D6+1", C.SWORD, 15, "レイピア", impale=True, aliases=("エペ",)),
    "騎兵用サーベル": K("1D8+1", C.SWORD, 20, "サーベル", impale=True, aliases=("サーベル",)),
    "肉切り包丁": K("1D6", C.KNIFE, 12, "肉切り包丁", impale=True, aliases=("包丁",)),
    "ファイティングナイフ": K("1D4+2", C.KNIFE, 15, "ナイフ", impale=True,
                             aliases=("大型ナイフ", "コンバットナイフ", "サバイバルナイフ", "ダガー", "短刀")),
    "小型ナイフ": K("1D4", C.KNIFE, 9, "ナイフ", impale=True, aliases=("ナイフ", "飛び出しナイフ", "ポケットナイフ")),
    "槍": K("1D8+1", C.SPEAR, 15, "槍", impale=True, aliases=("スピア", "長槍")),
    "日本刀": K("1D10", C.SWORD, 20, "日本刀", impale=True, book="2010", aliases=("刀",)),
    "脇差": K("1D6+1", C.SWORD, 15, "日本刀", impale=True, book="2010"),
    "木刀": K("1D6", C.CLUB, 15, "日本刀", book="2010", aliases=("竹刀",)),
    "スタンガン": K("1D3", C.CLUB, 5, "スタンガン", book="2010", note="命中で気絶の判定（KPの裁定）"),
    # 投擲 (thrown): half db (X-DB-01); grenades and fire none.
    "投石": K("1D4", C.THROWN, None, "投擲", range_m=20),
    "投げナイフ": K("1D4", C.THROWN, 9, "投擲", range_m=10, impale=True),
    "投げ槍": K("1D8", C.THROWN, 15, "投擲", range_m=20, impale=True, aliases=("ジャベリン",)),
    "手榴弾": K("4D6", C.THROWN, None, "投擲", range_m=20, add_db="none", note="爆発半径4m"),
    "ダイナマイト": K("5D6", C.THROWN, None, "投擲", range_m=20, add_db="none", note="1本、爆発半径4m"),
    "火炎瓶": K("2D6", C.THROWN, None, "投擲", range_m=20, add_db="none", note="炎上"),
    # 弓 (bows): no db (H-KYU-01).
    "弓": K("1D6", C.BOW, 8, "弓", range_m=60, impale=True, aliases=("和弓", "洋弓", "弓矢", "ロングボウ", "ショートボウ")),
    "クロスボウ": K("1D6+2", C.BOW, 10, "弓", range_m=50, attacks="1/2", impale=True, aliases=("ボウガン",)),
    # 拳銃 (handguns)
    ".22口径オートマチック": K("1D6", C.HANDGUN, 6, "拳銃", SINGLE, 10, "3", True, ammo=6, malfunction=100),
    ".25口径デリンジャー": K("1D6", C.HANDGUN, 5, "拳銃", SINGLE, 3, "1", True, ("デリンジャー",), ammo=1, malfunction=100),
    ".32口径リボルバー": K("1D8", C.HANDGUN, 10, "拳銃", SINGLE, 15, "2", True, ammo=6, malfunction=100),
    ".32口径オートマチック": K("1D8", C.HANDGUN, 8, "拳銃", SINGLE, 15, "3", True, ammo=8, malfunction=99),
    ".357マグナム": K("1D8+1D4", C.HANDGUN, 12, "拳銃", SINGLE, 20, "2", True, ammo=6, malfunction=100),
    ".38口径リボルバー": K("1D10", C.HANDGUN, 10, "拳銃", SINGLE, 15, "2", True,
                        (".38リボルバー", "拳銃", "リボルバー"), ammo=6, malfunction=100),
    ".38口径オートマチック": K("1D10", C.HANDGUN, 8, "拳銃", SINGLE, 15, "3", True, ("オートマチック",), ammo=8, malfunction=99),
    "9mmルガーP08": K("1D10", C.HANDGUN, 8, "拳銃", SINGLE, 20, "2", True, ("ルガー",), ammo=8, malfunction=99),
    "9mmグロック17": K("1D10", C.HANDGUN, 8, "拳銃", SINGLE, 20, "3", True, ("グロック",), "2010", ammo=17, malfunction=98),
    ".44マグナム": K("1D10+1D4+2", C.HANDGUN, 12, "拳銃", SINGLE, 30, "1", True, ammo=6, malfunction=100),
    ".45口径リボルバー": K("1D10+2", C.HANDGUN, 10, "拳銃", SINGLE, 15, "1", True, ammo=6, malfunction=100),
    ".45口径オートマチック": K("1D10+2", C.HANDGUN, 8, "拳銃", SINGLE, 15, "1", True, ("コルト・ガバメント",), ammo=7, malfunction=100),
    # ライフル (rifles)
    ".22口径ボルトアクション": K("1D6+2", C.RIFLE, 9, "ライフル", SINGLE, 30, "1", True, ammo=6, malfunction=100),
    ".30口径レバーアクション": K("2D6", C.RIFLE, 10, "ライフル", SINGLE, 50, "1", True, ("ウィンチェスター",), ammo=6, malfunction=98),
    ".30-06口径ボルトアクション": K("2D6+4", C.RIFLE, 12, "ライフル", SINGLE, 110, "1/2", True, ("ライフル",), ammo=5, malfunction=100),
    ".303口径リー・エンフィールド": K("2D6+4", C.RIFLE, 12, "ライフル", SINGLE, 110, "1", True, ammo=10, malfunction=100),
    ".444口径マーリン": K("2D8+4", C.RIFLE, 12, "ライフル", SINGLE, 110, "1", True, ammo=5, malfunction=98),
    "エレファントガン": K("3D6+4", C.RIFLE, 12, "ライフル", SINGLE, 100, "1 or 2", True, ("象撃ち銃",), ammo=2, malfunction=100),
    # ショットガン (shotguns): pellets do not impale (X-IMPALE-01).
    "20ゲージショットガン": K("2D6", C.SHOTGUN, 10, "ショットガン", SINGLE, 10, "1 or 2",
                           note="2D6/1D6/1D3（10m/20m/50m）", ammo=2, malfunction=100),
    "16ゲージショットガン": K("2D6+2", C.SHOTGUN, 10, "ショットガン", SINGLE, 10, "1 or 2",
                           note="2D6+2/1D6+1/1D4（10m/20m/50m）", ammo=2, malfunction=100),
    "12ゲージショットガン": K("4D6", C.SHOTGUN, 10, "ショットガン", SINGLE, 10, "1 or 2", aliases=("ショットガン", "散弾銃"),
                           note="4D6/2D6/1D6（10m/20m/50m）", ammo=2, malfunction=100),
    "12ゲージショットガン（銃身切り詰め）": K("4D6", C.SHOTGUN, 14, "ショットガン", SINGLE, 5, "1 or 2",
                                    aliases=("ソードオフ",), note="4D6/1D6（5m/10m）", ammo=2, malfunction=100),
    "10ゲージショットガン": K("4D6+2", C.SHOTGUN, 10, "ショットガン", SINGLE, 10, "1 or 2",
                           note="4D6+2/2D6+1/1D4（10m/20m/50m）", ammo=2, malfunction=100),
    # サブマシンガン (SMG)
    "トンプソン": K("1D10+2", C.SMG, 8, "サブマシンガン", AUTOMATIC, 20, "1 or バースト", True, ("トミーガン",), ammo=20, malfunction=96),
    "ウージー": K("1D10", C.SMG, 8, "サブマシンガン", AUTOMATIC, 20, "2 or バースト", True, ("UZI", "サブマシンガン"), ammo=32, malfunction=98),
    "イングラムMAC-11": K("1D10", C.SMG, 8, "サブマシンガン", AUTOMATIC, 15, "2 or バースト", True, ("イングラム",), ammo=32, malfunction=98),
    "スコーピオン": K("1D8", C.SMG, 8, "サブマシンガン", AUTOMATIC, 15, "2 or バースト", True, book="2010", ammo=20, malfunction=96),
    "MP5": K("1D10", C.SMG, 8, "サブマシンガン", AUTOMATIC, 20, "2 or バースト", True, book="2010", ammo=30, malfunction=97),
    # アサルトライフル (assault rifles, rolled with 〈ライフル〉)
    "AK-47": K("2D6+1", C.ASSAULT_RIFLE, 12, "ライフル", AUTOMATIC, 90, "2 or バースト", True, ("AK47", "カラシニコフ"), ammo=30, malfunction=100),
    "M16": K("2D6", C.ASSAULT_RIFLE, 12, "ライフル", AUTOMATIC, 90, "2 or バースト", True, ("アサルトライフル",), ammo=30, malfunction=97),
    "FN FAL": K("2D6+4", C.ASSAULT_RIFLE, 12, "ライフル", AUTOMATIC, 110, "2 or バースト", True, ammo=20, malfunction=97),
    # マシンガン (machine guns)
    "ブローニングM1917": K("2D6+4", C.MACHINE_GUN, 14, "マシンガン", ("フルオート",), 150, "バースト", True,
                         ("マシンガン", "機関銃"), ammo=250, malfunction=96),
    "ルイス軽機関銃": K("2D6+4", C.MACHINE_GUN, 14, "マシンガン", ("フルオート",), 110, "バースト", True, ("ルイス",), ammo=47, malfunction=96),
    "M60": K("2D6+4", C.MACHINE_GUN, 14, "マシンガン", ("フルオート",), 110, "バースト", True, book="2010", ammo=100, malfunction=98),
    "ミニガン": K("2D6+4", C.MACHINE_GUN, 18, "マシンガン", ("フルオート",), 200, "バースト", True, ammo=4000, malfunction=98),
}
"""The rows, by the table's Japanese name."""

del C, K


def _names() -> dict[str, tuple[str, ...]]:
    """Every name and alias → the rows it names (one, or several for 斧)."""
    found: dict[str, list[str]] = {}
    for name, row in TABLE.items():
        for word in (name, *row.aliases):
            found.setdefault(word, []).append(name)
    return {word: tuple(rows) for word, rows in found.items()}


NAMES: dict[str, tuple[str, ...]] = _names()
"""A name or alias → the rows it may mean (``斧`` → ``("手斧", "木斧")``)."""

BY_LENGTH: tuple[str, ...] = tuple(sorted(NAMES, key=len, reverse=True))
"""Every name and alias, longest first (a hand-entered name is matched to the longest)."""


def resolve(word: str, skills: Mapping[str, int] | None = None) -> str | None:
    """The row ``word`` names (a name or alias), or None. Where it names several (``斧``),
    the first whose skill the sheet's ``skills`` hold (〈木斧〉 → 木斧), else the first."""
    rows = NAMES.get(word)
    if not rows:
        return None
    held = [r for r in rows if skills and (TABLE[r].skill or r) in skills]
    return (held or list(rows))[0]


def matching(name: str, skills: Mapping[str, int] | None = None) -> str | None:
    """The row a hand-entered ``name`` matches: its own, else the longest name or alias it
    contains (``ナイフ（右）`` → 小型ナイフ, ``和弓`` → 弓, ``拳銃（改造）`` → .38口径リボルバー),
    resolved as :func:`resolve`; None when it contains none."""
    word = name if name in NAMES else next((w for w in BY_LENGTH if w in name), None)
    return resolve(word, skills) if word else None
