"""A channel's dice edition (issue 20): 6th unless the KP set 7 with ``/kp setting 版 7``;
while a battle is active, the battle's system decides (its ``edition``: ``coc7`` for the 7th
edition's battle, ``coc6`` for the others, issue 30)."""
from __future__ import annotations

from dataclasses import dataclass

from bot.commands.settings import EDITION
from rules.dice.editions import COC6, COC7, EDITION_NAMES
from rules.systems import DEFAULT_SYSTEM

SEVENTH_SYSTEM = "coc7"
"""The battle system of the 7th edition (rules.systems.coc7)."""

#: What ``/roll system:`` takes (``coc6``/``coc7``, also ``6``/``7``/``6版``/``7版``).
SYSTEM_WORDS = {"coc6": COC6, "6": COC6, "6版": COC6, "coc7": COC7, "7": COC7, "7版": COC7}


@dataclass(frozen=True)
class Edition:
    """Where a roll is made: ``system`` (``coc6``/``coc7``) and whether a battle set it."""

    system: str
    in_battle: bool = False

    @property
    def name(self) -> str:
        """``6版`` or ``7版``."""
        return EDITION_NAMES[self.system]


def from_setting(value) -> str:
    """The dice system of a stored ``edition`` setting (``"7"`` → ``coc7``, else ``coc6``)."""
    return COC7 if str(value if value is not None else EDITION) == "7" else COC6


def system_edition(system) -> str:
    """The dice edition a battle system plays (its ``edition``; ``coc6`` when it names none)."""
    return getattr(system, "edition", COC6)


async def channel_edition(keeper_store, channel: str, battle: str | None) -> Edition:
    """The channel's edition: ``battle``'s (the active battle's edition, ``coc6``/``coc7``)
    when one is active, else the KP's setting (one read of the channel's settings)."""
    if battle:
        return Edition(battle, True)
    stored = await keeper_store.channel_settings(channel)
    return Edition(from_setting(stored.get("edition")))


def battle_edition_note(setting, title: str, battle: str = COC6) -> str:
    """The line a battle opened in a channel of the other edition adds: the battle plays its
    own edition's rules (``title``, ``battle``), and its dice follow them until it ends; ''
    when the channel's edition is the battle's."""
    channel = from_setting(setting)
    if channel == battle:
        return ""
    return (f"\n※このチャンネルのダイスは{EDITION_NAMES[channel]}ですが、戦闘は{EDITION_NAMES[battle]}のルール（{title}）"
            f"で行います。戦闘中のダイスは{EDITION_NAMES[battle]}で振り、戦闘が終わると{EDITION_NAMES[channel]}に戻ります。")


def default_system(setting) -> str:
    """The battle system ``/battle new`` (and ``/kp setting`` without a battle) takes in a
    channel whose ``edition`` setting is ``setting``: the 7th edition's ``coc7`` in a 7th
    channel, else the default 6th one (rules.systems.DEFAULT_SYSTEM)."""
    return SEVENTH_SYSTEM if from_setting(setting) == COC7 else DEFAULT_SYSTEM


async def sheet_edition(keeper_store, channel: str) -> str:
    """The edition a new sheet takes by default here: the KP's setting of the channel (a
    battle's rules decide its dice, not what sheets the table keeps)."""
    return from_setting((await keeper_store.channel_settings(channel)).get("edition"))


#: A 6th sheet whose characteristics mostly reach this looks typed in 7th percentages; a 7th
#: one whose characteristics mostly stay below it looks typed in the 6th scale (3–18).
PERCENT_LIKE = 30


def _typed(options: dict) -> list[int]:
    """The characteristics a ``/char new`` typed as whole numbers."""
    values = [str(options.get(k.lower()) or "").strip() for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")]
    return [int(v) for v in values if v.isdigit()]


def percent_note(options: dict) -> str:
    """A note for a 6th ``/char new`` whose characteristics look like 7th percentages (five
    or more of the eight at 30 or above), else ''."""
    if sum(1 for v in _typed(options) if v >= PERCENT_LIKE) < 5:
        return ""
    return ("\n※能力値が7版（%）の値のようです。新クトゥルフ神話TRPGの探索者なら、"
            "同じコマンドに edition:7 を付けて作り直してください（/char delete で消してから）。")


def sixth_scale_note(options: dict, hp: int) -> str:
    """A note for a 7th ``/char new`` whose characteristics look like the 6th scale (five or
    more of the eight below 30), which gives a tiny ``hp`` (7-SHEET-02), else ''."""
    if sum(1 for v in _typed(options) if v < PERCENT_LIKE) < 5:
        return ""
    return (f"\n※能力値が6版（3〜18）の値のようです（このままでは HP {hp} です）。7版の能力値は % で、6版の値の5倍です"
            "（例: STR:12 → STR:60）。同じコマンドを5倍の値でもう一度送ると能力値だけ直せます"
            "（6版のキャラクターなら edition:6 を付けて、/char delete で消してから作り直してください）。")
