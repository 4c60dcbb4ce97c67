"""The classes of CoC 6 weapons for parrying and damage processing (P-CLASS, H-DEF-PARRY-04..12),
by their Japanese names."""
from __future__ import annotations

from enum import Enum


class ParryClass(Enum):
    """The class of a weapon for parrying and damage processing, by its Japanese name."""

    FIST = "こぶし"
    KICK = "キック"
    GRAPPLE = "組み付き"
    HEAD_BUTT = "頭突き"
    SWORD = "刀剣"
    MACE = "メイス"
    CLUB = "棍棒"
    KNIFE = "ナイフ"
    SPEAR = "槍"
    SHIELD = "盾"
    BOW = "弓"
    SLING = "スリング"
    THROWN = "投擲"
    HANDGUN = "拳銃"
    SMG = "サブマシンガン"
    ASSAULT_RIFLE = "アサルトライフル"
    RIFLE = "ライフル"
    SHOTGUN = "ショットガン"
    MACHINE_GUN = "マシンガン"

    @property
    def is_firearm(self) -> bool:
        """A gun (拳銃, サブマシンガン, アサルトライフル, ライフル, ショットガン, マシンガン)."""
        return self in FIREARMS

    @property
    def is_unarmed(self) -> bool:
        """格闘系 (H-DEF-BLOCK-01): fist, kick, head butt, grapple."""
        return self in UNARMED

    @property
    def is_ranged(self) -> bool:
        """A missile weapon: a firearm, bow, sling or thrown weapon."""
        return self in FIREARMS or self in (ParryClass.BOW, ParryClass.SLING, ParryClass.THROWN)

    @classmethod
    def parse(cls, text: str) -> "ParryClass":
        """The class named ``text`` (Japanese, or an alias such as パンチ, 剣, 銃); raises KeyError."""
        key = text.strip()
        for member in cls:
            if member.value == key:
                return member
        return _ALIASES[key]


FIREARMS = frozenset({ParryClass.HANDGUN, ParryClass.SMG, ParryClass.ASSAULT_RIFLE,
                      ParryClass.RIFLE, ParryClass.SHOTGUN, ParryClass.MACHINE_GUN})
UNARMED = frozenset({ParryClass.FIST, ParryClass.KICK, ParryClass.HEAD_BUTT, ParryClass.GRAPPLE})

_ALIASES = {
    "パンチ": ParryClass.FIST, "素手": ParryClass.FIST, "蹴り": ParryClass.KICK,
    "剣": ParryClass.SWORD, "刀": ParryClass.SWORD, "棒": ParryClass.CLUB,
    "短剣": ParryClass.KNIFE, "銃": ParryClass.HANDGUN, "ハンドガン": ParryClass.HANDGUN,
    "SMG": ParryClass.SMG, "散弾銃": ParryClass.SHOTGUN, "小銃": ParryClass.RIFLE,
}
