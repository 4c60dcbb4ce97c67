"""Called shots 「部位狙い」 (H-CALL-01/02, H-CALL-VITAL-01/02, H-CALL-ARM-01..04,
H-CALL-LEG-01..04) and the knockout-only attack (X-KOATK-01): what ``aim:`` changes."""
from __future__ import annotations

from dataclasses import dataclass

from rules.errors import RuleViolation
from rules.systems.coc6.state import CocState, CocUnit
from rules.systems.coc6.traits import AMORPHOUS, has

KNOCKOUT = "ノックアウト"
"""``aim:ノックアウト``: an attack aimed only at the knockout effect (X-KOATK-01)."""

CALLED = {"急所": -30, "腕": -15, "足": -15, "羽": -15}
"""H-CALL-VITAL-01 (−30%), H-CALL-ARM-01 (−15%), H-CALL-LEG-01 (−15%)."""

FINER = {"眼球": -70, "心臓": -70, "肩": -40, "膝": -40, "喉": -70}
"""The finer shots of 精密射撃 (H-KYU-PREC-07/09/10/16); only through it (H-KYU-PREC-06)."""

ALIASES = {"頭": "急所", "頭部": "急所", "脚": "足", "翼": "羽", "目": "眼球", "眼": "眼球",
           "関節": "膝", "KO": KNOCKOUT, "気絶": KNOCKOUT, "ノックアウト狙い": KNOCKOUT}


def canonical_aim(aim: str | None) -> str | None:
    """The aim's name in the catalog's words (``脚`` → ``足``), or None."""
    if not aim:
        return None
    key = aim.strip().removesuffix("狙い") if aim.strip() != "ノックアウト狙い" else aim.strip()
    return ALIASES.get(key, key)


@dataclass(frozen=True)
class Aim:
    """What an aim adds to an attack: ``modifier`` (%), ``extra`` damage dice (``"+1D6"``),
    ``effects`` on a hit (effects.py), ``on_special`` effects when the roll is a special,
    ``knockout_only`` (X-KOATK-01)."""

    modifier: int = 0
    extra: str = ""
    effects: tuple[dict, ...] = ()
    on_special: tuple[dict, ...] = ()
    knockout_only: bool = False


def called_shot(state: CocState, target: CocUnit, aim: str | None) -> Aim:
    """The effect of ``aim:`` for an ordinary attack on ``target``.

    Raises RuleViolation: H-CALL-02 against an amorphous creature (trait 不定形);
    H-KYU-PREC-06 for a finer shot (眼球, 心臓, 肩, 膝, 喉) outside 精密射撃.
    """
    name = canonical_aim(aim)
    if name is None:
        return Aim()
    if name == KNOCKOUT:
        return Aim(knockout_only=True)
    if name in FINER:
        raise RuleViolation("H-KYU-PREC-06", f"「{name}狙い」は〈武道：弓道〉の精密射撃でだけ狙えます（special:精密射撃）。")
    if name not in CALLED:
        raise RuleViolation("H-CALL-01", f"「{name}」は狙える部位ではありません。選べるのは: 急所、腕、足、羽")
    if has(state.settings, target.id, AMORPHOUS):
        raise RuleViolation("H-CALL-02", f"{target.id}は不定形で、狙える部位がありません。")
    if name == "急所":
        return Aim(CALLED[name], extra="+1D6")
    if name == "腕":
        return Aim(CALLED[name], effects=({"kind": "wound", "part": "腕"},),
                   on_special=({"kind": "drop"},))
    return Aim(CALLED[name], effects=({"kind": "wound", "part": name},))


def aim_context(aim: Aim) -> dict:
    """The pending-context entries for ``aim`` (``extra``, ``effects``, ``knockout_only``)."""
    context: dict = {}
    if aim.extra:
        context["extra"] = aim.extra
    effects = list(aim.effects)
    if aim.on_special:
        context["effects_on_special"] = list(aim.on_special)
    if effects:
        context["effects"] = effects
    if aim.knockout_only:
        context["knockout_only"] = True
    return context


def merged_context(context: dict, aim: Aim) -> dict:
    """``context`` with ``aim``'s entries added (H-MA-02: a called shot combines with any
    special): its ``extra`` dice after the context's, its ``effects`` after the context's."""
    added = aim_context(aim)
    merged = {**context, **added}
    if "extra" in context and "extra" in added:
        merged["extra"] = context["extra"] + added["extra"]
    if "effects" in context and "effects" in added:
        merged["effects"] = list(context["effects"]) + list(added["effects"])
    return merged
