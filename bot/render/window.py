"""The round-start declaration window as messages (issue 22, a round start that stays quiet):
one public message with every shown unit's declaration buttons and the KP's 「宣言を締め切る」,
each player and the KP pinged once, and one message for the KP alone for hidden NPCs
(H-GEN-01). The prompts themselves come from rules/systems/coc6/declarations.py."""
from __future__ import annotations

import functools

from rules.battle.protocol import BattleView, Prompt

from bot.render import battle as render
from bot.render import buttons
from rules.battle.frozen import replaced
from bot.render.reply import Button, Reply, clip

WINDOW_KINDS = ("declare", "declarations")
"""The prompts of the round-start declaration window, posted together (issue 22)."""
MENU = "宣言…"
"""A unit's button in the window's message when its own buttons do not all fit: pressing
it shows that unit's buttons to the presser alone (bot.service)."""


def prompts_replies(battle_id: int, prompts, keeper: str, view: BattleView, chat: bool = True) -> list[Reply]:
    """The messages of ``prompts`` (new ones, in view order): each prompt as
    :func:`prompt_replies`, except the round-start declaration window, which is one public
    message holding every shown unit's buttons and pinging each player and the KP once
    (:func:`window_replies`), plus one message to the KP alone for hidden NPCs. With a
    window, a user pinged by it is not pinged again by the turn prompt posted with it (a
    round start pings each user once, issue 22)."""
    prompts = list(prompts)
    window = [p for p in prompts if p.kind in WINDOW_KINDS]
    offers = _cover_groups(prompts, view)
    found: list[Reply] = []
    for prompt in prompts:
        group = offers.get(id(prompt))
        if group is not None:
            if prompt is group[0]:  # one message per attack's offer (issue 29)
                found.append(cover_reply(battle_id, group, keeper, view, chat))
        elif prompt.kind not in WINDOW_KINDS:
            found += render.prompt_replies(battle_id, prompt, keeper, view, chat)
        elif prompt is window[0]:  # the window's messages where its first prompt stands
            found += window_replies(battle_id, window, keeper, view)
    return _pinged_once(found) if window else found


def _cover_groups(prompts: list[Prompt], view: BattleView) -> dict[int, list[Prompt]]:
    """``{id(prompt): its group}`` of the かばう offers: those about the same attack on the
    same ally, shown ones and hidden NPCs' (the KP's alone) apart."""
    groups: dict[tuple, list[Prompt]] = {}
    for p in prompts:
        if p.kind == "cover":
            groups.setdefault((p.key.split("-", 1)[0], p.about, render.private_prompt(p, view)), []).append(p)
    return {id(p): group for group in groups.values() for p in group}


def cover_reply(battle_id: int, group: list[Prompt], keeper: str, view: BattleView, chat: bool = True) -> Reply:
    """The かばう offer of an attack as one message (issue 29: offered once per attack): one
    protector's prompt as it is; several protectors named together, a 「<protector>：かばう」
    button each, each of their players (the KP for NPCs) mentioned once."""
    first = render.prompt_reply(battle_id, group[0], keeper, view, chat)
    if len(group) == 1:
        return first
    names = [p.unit for p in group]
    text = first.text.replace(f"{names[0]}は", f"{'・'.join(names)}は", 1)
    btns = tuple(Button(f"{p.unit}：{label}", buttons.encode(battle_id, p.key, label), "success")
                 for p in group for label in p.options)
    mentions = () if first.ephemeral else tuple(dict.fromkeys(p.owner or keeper for p in group))
    return replaced(first, text=clip(text), buttons=btns, mentions=mentions)


def _pinged_once(replies: list[Reply]) -> list[Reply]:
    """``replies`` with each user mentioned only by the first message that mentions them."""
    seen: set[str] = set()
    out = []
    for reply in replies:
        fresh = tuple(m for m in reply.mentions if m not in seen)
        seen.update(reply.mentions)
        out.append(reply if fresh == reply.mentions else replaced(reply, mentions=fresh))
    return out


def window_replies(battle_id: int, window: list[Prompt], keeper: str, view: BattleView) -> list[Reply]:
    """The round-start window as at most two messages (issue 22, 「ラウンド開始が静か」): a
    public one with the shown units' declaration buttons and the KP's 「宣言を締め切る」,
    mentioning each player and the KP once, and, for hidden NPCs, one for the KP alone
    (H-GEN-01). Every button of every unit when they fit in one message (25, labelled
    「アリス：回避に集中」), else per unit 「アリス：宣言…」 (its buttons, shown to the presser)
    and 「アリス：宣言しない」. More than 12 units continue in a second message."""
    units = [p for p in window if p.kind == "declare"]
    closing = [p for p in window if p.kind == "declarations"]
    hidden: list[Prompt] = []
    shown: list[Prompt] = []
    for p in units:
        (hidden if render.private_prompt(p, view) else shown).append(p)
    close_private = bool(closing) and render.private_prompt(closing[0], view)  # the same for any: the view's
    replies: list[Reply] = []
    if shown or (closing and not close_private):
        replies += _window_message(battle_id, shown, [] if close_private else closing, keeper, view, private=False)
    if hidden or close_private:
        replies += _window_message(battle_id, hidden, closing if close_private else [], keeper, view, private=True)
    return replies


def _window_message(battle_id: int, units: list[Prompt], closing: list[Prompt], keeper: str,
                    view: BattleView, private: bool) -> list[Reply]:
    """One window message (continued in more when over 25 buttons)."""
    many = len(units) > 1
    flat = sum(len(p.options) for p in units) + len(closing) <= buttons.MAX_CHOICES - 1  # room for [ターン終了]
    btns: list[Button] = []
    for p in units:
        shown = tuple(p.options) if flat else (MENU, "宣言しない")
        texts, styles = _faces(p.unit, shown, many)
        btns += map(Button, texts, buttons.encode_each(battle_id, p.key, shown), styles)
    for p in closing:
        btns += [Button(label, custom_id, "danger")
                 for label, custom_id in zip(p.options, buttons.encode_each(battle_id, p.key, p.options))]
    lines = [_window_head(view, units)]
    lines += [f"・{p.unit}: {'／'.join(o for o in p.options)}" for p in units if not flat]
    lines += [p.text for p in closing]
    text = clip("\n".join(lines))
    mentions = tuple(dict.fromkeys([p.owner or keeper for p in units] + [keeper] * bool(closing)))
    chunks = [btns[i:i + buttons.MAX_CHOICES] for i in range(0, len(btns), buttons.MAX_CHOICES)] or [[]]
    return [Reply(text=text if i == 0 else "（宣言のボタンの続き）", buttons=tuple(chunk),
                  mentions=mentions if i == 0 and not private else (), ephemeral=private,
                  to=keeper if private else None)
            for i, chunk in enumerate(chunks)]


WINDOW_STYLE = {"宣言しない": "secondary", "以後宣言しない": "secondary", MENU: "primary"}


@functools.lru_cache(maxsize=1024)  # a pure function; a unit's window buttons read the same every round
def _faces(unit: str, labels: tuple[str, ...], many: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a unit's window buttons for ``labels`` show (「アリス：回避に集中」 when ``many``
    units are asked, and for the menu button) and their styles."""
    texts = tuple(f"{unit}：{label}" if many or label == MENU else label for label in labels)
    return texts, tuple(WINDOW_STYLE.get(label, "success") for label in labels)


def _window_head(view: BattleView, units: list[Prompt]) -> str:
    """The window message's first line: who is called and how to answer."""
    if not units:
        return f"ラウンド{view.round}開始時の宣言"
    delay = "、行動遅延は /declare action:行動遅延 amount:下げるDEX" if view.system == "coc6-house" else ""
    return (f"ラウンド{view.round}開始時の宣言: {'、'.join(p.unit for p in units)}は宣言しますか？"
            f"（ボタンか /declare action:…{delay}。なければ「宣言しない」、この戦闘ずっとなら「以後宣言しない」）")
