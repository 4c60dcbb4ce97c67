"""What differs between the CoC 6 rule sets: the clause ids cited and the rule options."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CocRules:
    """A CoC 6 rule set.

    Attributes:
        name: the system id (``coc6-house``, ``coc6``); title: its Japanese name.
        rule_set: ``"H"`` (seed 000) or ``"P"`` (seed 001): selects clause ids and the
            parry damage table (parry.py).
        uses_ap: 3 action points per turn (H-AP-01) are tracked and spent.
        clauses: the clause cited for each refusal, by topic.
        defaults: the KP-configurable settings with the catalog's defaults.
        repeat_defense: 回避 and 受け流し may be used several times a round (coc6-budo,
            B-PARRY-02, with an escalating penalty); False keeps the once-per-round limit
            (H-DEF-01, P-PARRY-01).
    """

    name: str
    title: str
    rule_set: str
    uses_ap: bool
    clauses: dict[str, str] = field(default_factory=dict)
    defaults: dict = field(default_factory=dict)
    repeat_defense: bool = False

    sources: str = ""
    """Where matters the rule set does not state are settled (H-GEN-02/03), for the KP's
    settings list; '' when the rule set names no books."""

    def clause(self, topic: str) -> str:
        """The clause id for ``topic`` in this rule set ('' where the seed has none)."""
        return self.clauses.get(topic, "")
