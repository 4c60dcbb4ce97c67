"""Speaking as one's character (issue 31): portraits and their variants, voice modes and
proxy prefixes, dice in speech, and the desk that serves them (bot.sheets.voice.voice_desk)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from bot.sheets.characters import CharacterBook
from bot.sheets.dice_desk import DiceDesk
from bot.sheets.growth import Growth
from bot.sheets.session_notes import SessionNotes
from bot.sheets.table import BattleLookup, Dispatch, Once
from bot.sheets.voice.portraits import PortraitBook
from bot.sheets.voice.spoken import SpokenRolls
from bot.sheets.voice.voice_desk import VoiceDesk
from bot.sheets.voice.voices import VoiceBook
from bot.store import Store


def voice_desk(store: Store, characters: CharacterBook, notes: SessionNotes, lookup: BattleLookup, dice: DiceDesk,
               growth: Growth, dispatch: Dispatch, once: Once, clock: Callable[[], datetime],
               portrait_url: str | None = None) -> VoiceDesk:
    """The desk of the character voices, its parts made over the service's (``portrait_url``:
    the bot's public address its kept portraits are served under, or None)."""
    portraits, voices = PortraitBook(store, clock, portrait_url), VoiceBook(store)
    characters.exchange.portraits, characters.voices = portraits, voices
    return VoiceDesk(store, characters, notes, lookup, portraits, voices, SpokenRolls(dice, growth, notes),
                     dispatch, once, dice.first_delivery, clock)
