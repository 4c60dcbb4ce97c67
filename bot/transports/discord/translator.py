"""Japanese localisation of the app commands.

Every name and description built by :mod:`bot.transports.discord.slash` is a ``locale_str`` whose
``extras`` carry the Japanese text from :mod:`bot.commands.spec` under the key ``"ja"``;
this translator hands it to Discord for ``Locale.japanese`` and nothing for other locales
(they see the default strings).
"""
from __future__ import annotations

from discord import Locale, app_commands

JA = "ja"
"""The ``locale_str.extras`` key holding the Japanese text."""


def ja(message: str, japanese: str) -> app_commands.locale_str:
    """A translatable string: ``message`` is what Discord receives as the default (and sends
    back when the command is invoked), ``japanese`` its Japanese localisation."""
    return app_commands.locale_str(message, **{JA: japanese})


class SpecTranslator(app_commands.Translator):
    """Returns the spec's Japanese names and descriptions for ``Locale.japanese``."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        """The Japanese text of ``string`` when ``locale`` is Japanese, else None."""
        if locale is not Locale.japanese:
            return None
        return string.extras.get(JA)
