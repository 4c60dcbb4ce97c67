"""A channel's dice edition (issue 20): 6th unless the KP set 7 with ``/kp setting 版 7``;
a battle's system implies its edition (all battle systems are 6th-edition play)."""
from __future__ import annotations

from dataclasses import dataclass

from bot.commands.settings import EDITION
from rules.dice.editions import COC6, COC7, EDITION_NAMES

#: The dice edition a battle implies: every battle system plays 6th-edition rules.
BATTLE_EDITION = COC6
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


async def channel_edition(keeper_store, channel: str, in_battle: bool) -> Edition:
    """The channel's edition: the battle's when one is active (``in_battle``), else the KP's
    setting (one read of the channel's settings)."""
    if in_battle:
        return Edition(BATTLE_EDITION, True)
    stored = await keeper_store.channel_settings(channel)
    return Edition(from_setting(stored.get("edition")))


def battle_edition_note(setting, title: str) -> str:
    """The line a battle opened in a 7th-edition channel adds: battles play 6th rules
    (``title``), and the battle's dice are 6th until it ends; '' in a 6th channel."""
    if from_setting(setting) != COC7:
        return ""
    return (f"\n※このチャンネルのダイスは7版ですが、戦闘は6版のルール（{title}）で行います。"
            "戦闘中のダイスは6版で振り、戦闘が終わると7版に戻ります。")


async def sheet_edition(keeper_store, channel: str) -> str:
    """The edition a new sheet takes by default here: the KP's setting of the channel (a
    battle's 6th rules decide its dice, not what sheets the table keeps)."""
    return from_setting((await keeper_store.channel_settings(channel)).get("edition"))


#: A 6th sheet whose characteristics mostly reach this looks typed in 7th percentages.
PERCENT_LIKE = 30


def percent_note(options: dict) -> str:
    """A note for a 6th ``/char new`` whose characteristics look like 7th percentages (five
    or more of the eight at 30 or above), else ''."""
    values = [options.get(k.lower()) for k in ("STR", "CON", "POW", "DEX", "APP", "SIZ", "INT", "EDU")]
    high = sum(1 for v in values if str(v or "").strip().isdigit() and int(str(v).strip()) >= PERCENT_LIKE)
    if high < 5:
        return ""
    return ("\n※能力値が7版（%）の値のようです。新クトゥルフ神話TRPGの探索者なら、"
            "同じコマンドに edition:7 を付けて作り直してください（/char delete で消してから）。")
