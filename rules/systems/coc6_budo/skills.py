"""Which 〈武道〉 a unit has for seed 002: the budo parry's skill (B-PARRY-01), the 60%
threshold of every special action (B-SPEC-01) and the style a special needs
(〈武道：組み技系〉 B-SALTO-01 / B-TACKLE-01, 〈武道：立ち技系〉 B-RUSH-01 / B-FEINT-01)."""
from __future__ import annotations

from rules.coc6.character import BASE_SKILLS
from rules.errors import refuse
from rules.systems.coc6.budo import GRAPPLING, STRIKING, Budo, budo_of
from rules.systems.coc6.state import CocUnit
from rules.systems.coc6_budo.rules import SPECIAL_MINIMUM

__all__ = ["GRAPPLING", "STRIKING", "parry_budo", "require_style"]


def parry_budo(unit: CocUnit, settings: dict) -> Budo | None:
    """The 〈武道〉 a budo parry is rolled with: the unit's best 武道 skill above its base
    value (any art or style, plain ``武道`` included), or None."""
    assert unit.character is not None
    base = BASE_SKILLS["武道"]
    found = [Budo(skill, value, "") for skill, value in unit.character.budo_skills().items() if value > base]
    found += [b for b in budo_of(unit.character, settings) if b.value > base]
    return max(found, key=lambda b: b.value, default=None)


def require_style(cmd, unit: CocUnit, settings: dict, style: str, clause: str, name: str) -> Budo:
    """The unit's best 〈武道：``style``〉 for the special ``name``: refused citing ``clause``
    without one, B-SPEC-01 below 60% (``refuse``: the KP may allow either for ``cmd``; an
    allowed unit without the style rolls its best 武道, or the base value)."""
    assert unit.character is not None
    styled = [b for b in budo_of(unit.character, settings) if b.style == style]
    if not styled:
        refuse(cmd, clause, f"{name}は〈武道：{style}〉を持つキャラクターの特殊行動です。")
        best = parry_budo(unit, settings)
        return Budo(best.skill, best.value, style) if best else Budo("武道", BASE_SKILLS["武道"], style)
    budo = styled[0]
    if budo.value < SPECIAL_MINIMUM:
        refuse(cmd, "B-SPEC-01", f"{name}などの特殊行動は武道スキル{SPECIAL_MINIMUM}以上で宣言できます（〈{budo.skill}〉{budo.value}%）。")
    return budo
