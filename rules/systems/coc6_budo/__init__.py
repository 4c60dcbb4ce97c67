"""``coc6-budo``: seed 002's 武道 house rules (B- clauses) on the CoC 6 engine of
``rules/systems/coc6`` — 武道受け流し with the shared escalating penalty, カウンター, サルト,
タックル, ラッシュ, フェイント and the called shots 急所／腕／足／武器."""
from __future__ import annotations

from rules.systems.coc6_budo.chat_words import WORDS
from rules.systems.coc6_budo.rules import RULES
from rules.systems.coc6_budo.system import BudoSystem

SYSTEM = BudoSystem(RULES, WORDS)
