"""The translator gives Discord the spec's Japanese text for Japanese and nothing else."""
from __future__ import annotations

from discord import Locale, app_commands

from bot.transports.discord.translator import SpecTranslator, ja

CONTEXT = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)


async def test_japanese_gets_the_spec_text_and_other_locales_the_default():
    translator = SpecTranslator()
    name = ja("battle", "戦闘")
    assert await translator.translate(name, Locale.japanese, CONTEXT) == "戦闘"
    assert await translator.translate(name, Locale.american_english, CONTEXT) is None
    assert await translator.translate(app_commands.locale_str("plain"), Locale.japanese, CONTEXT) is None
    assert name.message == "battle"
