"""From what a line says (rules.chat.grammar) to the command it makes in this battle
(issue 9): whose unit acts, which question it answers, which weapon and target the words
name. One meaning gives a :class:`Declaration`; two or more give an :class:`Ambiguous`
question (never a guess); none gives None, and the line is left alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.chat.context import ChatContext, ChatQuestion, ChatUnit
from rules.chat.grammar import ANY, Intent
from rules.chat.lexicon import weapon_spellings
from rules.chat.normalize import fold
from rules.chat.words import AGAIN_VERBS, COVER, NONE, NONE_OPTIONS, PARRY

ANSWER_KINDS = ("reaction", "cover")
"""Questions answered with ``/react``; any other (the round's declarations) is answered
by pressing its button: the command ``press`` with the question's ``key`` and ``label``."""


@dataclass(frozen=True)
class Declaration:
    """A line read as one command.

    Attributes:
        command: the English command path the slash command has (``react``, ``attack``,
            ``declare``, ``move``, ``check``, ``end``, ``wait``, ``escape``), or ``press``:
            the button ``options["label"]`` of the question ``options["key"]``.
        options: its options by English name, as the slash command takes them (``as``
            when the speaker acts for a unit that is not theirs).
        unit: the unit that acts; ``text``: the declaration in canonical words (a button
            of an :class:`Ambiguous` question reads it again); ``label``: a short name of
            this choice for such a button.
        typed_target: the target number a player typed with the roll (``CCB<=28 〈回避〉``).
        secret: the roll was secret (``SCCB<=20 【回避】``, the KP for an NPC): its result
            stays secret (rules.chat.palette).
        reported: see below.
    """

    command: str
    options: dict
    unit: str
    text: str
    label: str = ""
    typed_target: int | None = None
    secret: bool = False
    reported_level: str | None = None
    """The result the KP narrates for an NPC's roll made elsewhere (「こぶし成功」, issue 26)."""
    reported: int | None = None
    """The 1D100 face of a roll the player reports having made elsewhere (physical dice,
    another roller: 「（こぶし）1D100<=75 → 78です」, issue 26): the bot rolls its own die
    unless the KP lets reported dice stand (rules.chat.report)."""
    then_end: bool = False
    """The line ends the unit's turn after this action (「こぶしで殴ってターン終了」): the battle
    side ends it once the action and what it opened are settled (bot.battle.chat_play)."""


@dataclass(frozen=True)
class Ambiguous:
    """A line that could mean each of ``choices``; ``question`` asks which (Japanese)."""

    question: str
    choices: tuple[Declaration, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Untargeted(Ambiguous):
    """A declaration on one's turn that names no target (a palette roll, issue 21; a
    treatment typed in words, issue 26): ``choices`` one declaration per possible target
    (each opponent not out of action for an attack; each ally, the actor too, for a
    treatment). The battle side keeps the only legal one, else asks with ``question``; a
    palette roll's die (``typed_target`` set) is rolled once."""

    unit: str = ""


@dataclass(frozen=True)
class Several:
    """One line declaring for several units, in the order named (the KP's 「ゾンビ1と2はアリス
    を攻撃」, issue 26): each unit's declaration, made when that unit may act (its turn, for
    a turn action): the battle side runs the one whose turn it is and keeps the rest."""

    declarations: tuple[Declaration, ...]


@dataclass(frozen=True)
class Refused:
    """A line that would act but says something its declaration cannot carry (「プッシュして
    回避」「幸運を使って回避」: a push or Luck spent, which change the roll; rules.chat.spending):
    never acted. The battle side answers the speaker privately with ``message`` (Japanese),
    citing ``clause`` ("" where no clause covers it), then ``after`` (what to type instead;
    lines that start with a line break); the KP cannot lift it (acting would be a plain
    roll, not what was said)."""

    clause: str
    message: str
    after: str = ""


TURN_KEPT = "ターン終了はしていません。"
"""Said after the refusal of a line that would act and then end the turn (「回避してターン終了」
with nothing to dodge, a blow the rules refuse): the turn goes on (bot.battle.chat_play)."""


Outcome = Declaration | Ambiguous | None


def resolve(intents: list[Intent], ctx: ChatContext) -> Outcome:
    """The command ``intents`` make in ``ctx``: answers to open questions first, then
    round-start declarations, then actions on the speaker's turn; else, for a line that
    names the unit it is for, the declaration the rules refuse (:func:`_named_refusal`)."""
    reported = next((i.slots["result"] for i in intents if i.slots.get("result")), None)
    if reported is not None:
        return _narrated(_resolve(intents, ctx), reported, ctx)
    return _resolve(intents, ctx) or _named_refusal(intents, ctx)


def _narrated(outcome: Outcome, result: str, ctx: ChatContext) -> Outcome:
    """An NPC's attack or answer the KP narrates with its result (「暴漢①、こぶし成功」): the
    declaration, with ``reported_level``; None from anyone else, or for a PC (a player's
    result in words is a remark on a roll made: 「回避成功！」)."""
    choices = outcome.choices if isinstance(outcome, Ambiguous) else (outcome,) if outcome else ()
    if not choices or not ctx.is_kp or any(not getattr(ctx.unit(c.unit), "npc_side", False)
                                           or c.command not in ("attack", "react") for c in choices):
        return None
    marked = tuple(replace(c, reported_level=result) for c in choices)
    return marked[0] if isinstance(outcome, Declaration) else replace(outcome, choices=marked)


def _named_refusal(intents: list[Intent], ctx: ChatContext) -> Declaration | None:
    """A line naming the unit it is for that makes no command the speaker may give: the
    command it would be for the KP, with ``as:`` (a player typing for the KP's NPC:
    「ゾンビ：アリスを攻撃」), or an answer of a named unit that has no question open
    (「ゾンビは回避」). The permission check and the rules then refuse it as they refuse the
    slash command (COMMANDS.md: a refused declaration gets its command's refusal); a line
    that names no unit stays talk. (A round-start declaration question is no attack to
    answer: 「ゾンビは回避」 then is still a reaction, refused as /react is.)"""
    named = [i for i in intents if i.actor and not i.called]
    if not named or ctx.phase != "active":
        return None
    if not ctx.is_kp:
        others = [i for i in named if not any(ctx.may_move(u, True) for u in ctx.units if u.name in i.actor)]
        outcome = _resolve(others, replace(ctx, is_kp=True, kp_for_players=True)) if others else None
        if isinstance(outcome, Ambiguous):
            outcome = outcome.choices[0]
        if outcome is not None:
            return outcome
    for intent in named:
        units = [u for u in ctx.units if u.name in intent.actor]
        if ctx.is_kp and not all(ctx.may_move(u, True) for u in units):
            continue  # the KP naming a player's unit: talk unless the channel lets the KP declare for players
        reaction = intent.slots.get("reaction")
        if intent.frame == "answer" and reaction and len(units) == 1 \
                and not any(q.unit == units[0].name and q.kind in ANSWER_KINDS for q in ctx.questions):
            return _decl(ctx, units[0], "react", {"action": reaction}, reaction, reaction)
    return None


def _resolve(intents: list[Intent], ctx: ChatContext) -> Outcome:
    for group in (("answer",), ("declare",), ("attack", "move", "check", "end", "turn")):
        found: list[Outcome] = []
        for intent in intents:
            if intent.frame not in group:
                continue
            outcome = HANDLERS[intent.frame](intent, ctx)
            if outcome is not None and outcome not in found:
                found.append(outcome)
        offered = [o for o in found if isinstance(o, Declaration) and _offered(o, ctx)]
        found = offered if group == ("answer",) and offered else found  # 割り込み: the kind offered
        if len(found) == 1:
            return found[0]
        if found:
            choices = tuple(c for o in found for c in (o.choices if isinstance(o, Ambiguous) else (o,)))
            return Ambiguous("どの意味ですか？ 選んでください。", _unique(choices))
    return None


def _offered(declaration: Declaration, ctx: ChatContext) -> bool:
    """Whether the answer is one of the buttons of its unit's question."""
    action = declaration.options.get("action")
    return any(action in q.options for q in ctx.questions if q.unit == declaration.unit)


def _unique(choices) -> tuple[Declaration, ...]:
    seen, kept = set(), []
    for choice in choices:
        if choice.text not in seen:
            seen.add(choice.text)
            kept.append(choice)
    return tuple(kept)


def _one(choices: list[Declaration], question: str) -> Outcome:
    choices = list(_unique(choices))
    if not choices:
        return None
    if len(choices) == 1:
        return choices[0]
    return Ambiguous(question, tuple(choices))


def _actors(intent: Intent, ctx: ChatContext, units) -> list[ChatUnit]:
    """The units among ``units`` the line may be for: the one it names, else every one the
    speaker may move."""
    named = bool(intent.actor)
    return [u for u in units if (not named or u.name in intent.actor) and ctx.may_move(u, named)]


def _as(ctx: ChatContext, unit: ChatUnit) -> dict:
    return {} if unit.owner == ctx.speaker else {"as": unit.name}


def _decl(ctx: ChatContext, unit: ChatUnit, command: str, options: dict, phrase: str, label: str) -> Declaration:
    options = {k: v for k, v in options.items() if v is not None}
    return Declaration(command, {**options, **_as(ctx, unit)}, unit.name, f"{unit.name}：{phrase}", label)


# --- answers ------------------------------------------------------------------------


def _answer(intent: Intent, ctx: ChatContext) -> Outcome:
    asked = list(ctx.questions)
    units = [u for u in ctx.units if any(q.unit == u.name for q in asked)]
    choices: list[Declaration] = []
    option = intent.slots.get("option")
    if ctx.is_kp and option and not intent.actor:  # the KP's own question (「宣言を締め切る」)
        choices += [_press("", q, option, option) for q in asked if ctx.unit(q.unit) is None and option in q.options]
    for unit in _actors(intent, ctx, units):
        for question in (q for q in asked if q.unit == unit.name):
            found = _answer_one(intent, ctx, unit, question)
            if isinstance(found, Ambiguous):
                return found
            if found is not None:
                choices.append(found)
    if len({c.unit for c in choices}) > 1:
        choices = [Declaration(c.command, c.options, c.unit, c.text, c.unit) for c in choices]
    if intent.slots.get("typed"):  # かいひ54: the number the player typed, as with a roll
        choices = [replace(c, typed_target=intent.slots["typed"]) for c in choices]
    return _one(choices, "どのユニットの対応ですか？")


def _press(unit: str, q: ChatQuestion, label: str, short: str) -> Declaration:
    text = f"{unit}：{label}" if unit else label
    return Declaration("press", {"key": q.key, "label": label}, unit, text, short)


def _answer_one(intent: Intent, ctx: ChatContext, unit: ChatUnit, q: ChatQuestion) -> Outcome:
    slots = intent.slots
    if q.kind not in ANSWER_KINDS:
        return _press_one(slots, unit, q)
    power = slots.get("power")
    option = slots.get("option")
    if option == COVER:
        option, slots = None, {**slots, "reaction": COVER}
    if option is not None:
        if option not in q.options:
            return None
        return _decl(ctx, unit, "react", {"action": option, "power": power}, _power(option, power), option)
    reaction = slots["reaction"]
    if reaction == COVER or q.kind == "cover":
        if reaction != COVER or q.kind != "cover":
            return None
        ally = q.about
        if "target" in slots and ally not in slots["target"]:
            return None
        return _decl(ctx, unit, "react", {"action": COVER, "target": ally}, f"{ally}を{COVER}", ally or COVER)
    if "object" in slots:
        if reaction not in q.options:
            return None
        place = slots["object"]
        return _decl(ctx, unit, "react", {"action": reaction, "object": place}, f"{place}に{reaction}", place)
    with_weapon = [o for o in q.options if o.startswith(reaction + "：")]
    weapons = slots.get("weapon")
    if weapons:
        labels = [o for o in with_weapon if o.split("：", 1)[1] in weapons]
        if labels:
            return _one([_decl(ctx, unit, "react", {"action": o, "power": power}, o, o.split("：", 1)[1])
                         for o in labels], f"どの武器で{reaction}を行いますか？")
        mine = _held(weapons, unit)
        return _one([_decl(ctx, unit, "react", {"action": reaction, "weapon": x, "power": power},
                           _power(f"{x}で{reaction}", power), x) for x in mine], f"どの武器で{reaction}を行いますか？")
    if reaction in q.options or not with_weapon:
        return _decl(ctx, unit, "react", {"action": reaction, "power": power}, _power(reaction, power), reaction)
    return _one([_decl(ctx, unit, "react", {"action": o, "power": power}, o, o.split("：", 1)[1]) for o in with_weapon],
                f"どの武器で{reaction}を行いますか？")


def _press_one(slots: dict, unit: ChatUnit, q: ChatQuestion) -> Outcome:
    """The button a line presses on a question that is not a reaction: its label typed
    (宣言しない, 受け流し：ゾンビ1), なし for the question's "nothing", or 受け流し for the
    one parry it offers (a choice of opponents when it offers several)."""
    option, reaction = slots.get("option"), slots.get("reaction")
    if option is not None:
        return _press(unit.name, q, option, option) if option in q.options else None
    if reaction == NONE:
        labels = [o for o in q.options if o in NONE_OPTIONS]
    else:
        labels = [o for o in q.options if o.startswith(reaction + "：")]
        if "target" in slots:
            labels = [o for o in labels if o.split("：", 1)[1] in slots["target"]]
    return _one([_press(unit.name, q, o, o.split("：", 1)[-1]) for o in labels], f"誰に{reaction}を宣言しますか？")


def _held(weapons, unit: ChatUnit) -> list[str]:
    """The weapons ``unit`` uses for the names a line gave: those it holds; else the ones it
    holds that a name is part of (サーベル → 騎兵用サーベル, though the weapon table has a
    サーベル too); else the ones of that kind (拳銃, 銃: :attr:`ChatWeapon.kinds`), the usable
    ones if any; else the first name, which the rules then refuse by name."""
    mine = [x for x in weapons if x in unit.weapons]
    if mine:
        return mine
    typed = {fold(x) for x in weapons}
    parts = [x for x in unit.weapons if typed & weapon_spellings(x)]
    if parts:
        return parts
    kinds = [a for a in unit.arms if typed & {fold(k) for k in a.kinds}]
    return [a.name for a in kinds if a.usable] or [a.name for a in kinds] or list(weapons[:1])


def _armed(unit: ChatUnit) -> list[str]:
    """The weapons an attack naming none may mean, when the unit has several that are no
    unarmed attack: the usable ones (several make a question, never a guess); else [] (the
    rules take the only one, or こぶし, as ``/attack`` without ``weapon:`` does)."""
    armed = [a for a in unit.arms if not a.unarmed]
    return [a.name for a in armed if a.usable] if len(armed) > 1 else []


def _power(phrase: str, power: int | None) -> str:
    return phrase if power is None else f"パワー{power}で{phrase}"


# --- round-start declarations --------------------------------------------------------


def _declare(intent: Intent, ctx: ChatContext) -> Outcome:
    if ctx.phase != "active":
        return None
    slots = intent.slots
    action, amount = slots["action"], slots.get("amount")
    actors = [u for u in _actors(intent, ctx, ctx.units) if not u.out]
    if not intent.actor and ctx.is_kp:
        actors = [u for u in actors if u.owner == ctx.speaker] or actors
    choices: list[Declaration] = []
    for unit in actors:
        if action != PARRY:
            phrase = action + (str(amount) if amount is not None else "")
            choices.append(_decl(ctx, unit, "declare", {"action": action, "amount": amount}, phrase, unit.name))
            continue
        named = slots.get("target")
        pool = [u for u in ctx.units if u.name != unit.name and (u.name in named if named else _opponent(u, unit))]
        pool = [u for u in pool if not u.out] or pool
        if not pool and not named:
            choices.append(_decl(ctx, unit, "declare", {"action": PARRY}, "受け流しを宣言", unit.name))
        for target in pool:
            choices.append(_decl(ctx, unit, "declare", {"action": PARRY, "target": target.name},
                                 f"{target.name}に受け流しを宣言", target.name))
    question = "誰の宣言ですか？" if len({c.unit for c in choices}) > 1 else "誰に対する受け流しですか？"
    return _one(choices, question)


def _opponent(other: ChatUnit, unit: ChatUnit) -> bool:
    return unit.opposes(other)


# --- the speaker's turn ---------------------------------------------------------------


def _turn_unit(intent: Intent, ctx: ChatContext) -> ChatUnit | None:
    """The unit a turn action is for: the one whose turn it is, when the speaker may move
    it; out of turn, the unit the line names or the speaker's only unit — the rules then
    refuse it as they refuse the slash command («いまはアリスの手番です»)."""
    if ctx.phase != "active":
        return None
    unit = ctx.unit(ctx.turn) if ctx.turn else None
    if unit is not None and (not intent.actor or unit.name in intent.actor) and ctx.may_move(unit, bool(intent.actor)):
        return unit
    if intent.actor:
        named = [u for u in ctx.units if u.name in intent.actor and ctx.may_move(u, True)]
        return named[0] if len(named) == 1 else None
    own = [u for u in ctx.units if u.owner == ctx.speaker]
    return own[0] if len(own) == 1 else None


def _targets(names, unit: ChatUnit, ctx: ChatContext) -> list[ChatUnit]:
    if ANY in names:  # あいつ: each opponent
        return _foes(unit, ctx)
    pool = [u for u in ctx.units if u.name in names and u.name != unit.name]
    return [u for u in pool if not u.out] or pool


def _attack(intent: Intent, ctx: ChatContext) -> Outcome:
    unit = _turn_unit(intent, ctx)
    if unit is None:
        return None
    slots = _held_weapon(intent.slots, ctx)
    if slots is None:
        return None
    slots = _again(slots, unit, ctx)
    if "target" in slots:
        targets = _targets(slots["target"], unit, ctx)
    elif ctx.turn == unit.name:
        targets = _foes(unit, ctx)  # そのままサルト！: the only foe, else a question
    else:
        return None
    family = ctx.words.special_families.get(slots.get("family") or "", ())
    if family:
        if slots.get("special") in family:
            pass
        elif slots.get("special") is None:  # 二刀流でゾンビを攻撃: which of the two
            return _one([c for s in family for c in _as_list(_attack(_with_special(intent, s), ctx))],
                        "どの攻撃にしますか？")
        else:
            return None
    mine = _weapons(slots, unit, ctx)
    if "weapon2" in slots or slots.get("special") in DUAL:
        mine = _pairs(slots, unit)
    targets, hint, why = ctx.hinted(unit.name, targets)
    if hint is not None and ctx.act_on_hint and ("target" not in slots or ANY in slots["target"]):
        targets = targets[:1]  # the channel lets the context's target stand (issue 26)
    moot = ctx.turn != unit.name or any(t.stranger for t in targets)
    if len(mine) > 1 and slots.get("weapon") is None and moot:
        mine = []  # the rules refuse the turn or the target before any weapon matters
    choices = []
    for target in targets:
        for weapon in mine or [None]:
            options = {"target": target.name, "weapon": weapon, "special": slots.get("special"),
                       "aim": slots.get("aim"), "mode": slots.get("mode"), "shots": slots.get("shots"),
                       "power": slots.get("power")}
            choices.append(_decl(ctx, unit, "attack", options, _attack_phrase(options),
                                 _attack_label(target.name, weapon, len(targets) > 1, len(mine) > 1)))
    question = {(True, False): "どちらを攻撃しますか？", (False, True): "どの武器で攻撃しますか？"}.get(
        (len(targets) > 1, len(mine) > 1), "どちらを、どの武器で攻撃しますか？")
    if hint is not None and len(targets) > 1:
        question += f"（1番目の{hint}は{why}）"
    if ctx.words.power and slots.get("power") is None and not moot and choices:
        return _powers(ctx, unit, choices)  # 「刺客3を殴る」: how much of the charge, asked (issue 26)
    return _one(choices, question)


MAX_POWER_CHOICES = 10
"""The most power ranks offered as buttons when an attack names none (charge-rank)."""
MAX_BUTTONS = 25
"""The buttons one question carries (Discord's limit, bot.render.buttons.MAX_CHOICES)."""


def _powers(ctx: ChatContext, unit: ChatUnit, choices: list[Declaration]) -> Ambiguous:
    """A charge-rank attack that names no power rank, asked: each choice with パワー1 up to the
    unit's charge rank (the slash command's default, the whole charge, is never taken
    silently from chat: C-PHASE-, issue 26)."""
    top = min(unit.charge if unit.charge is not None else MAX_POWER_CHOICES, MAX_POWER_CHOICES,
              MAX_BUTTONS // len(choices))
    asked = []
    for choice in choices:
        for power in range(1, max(top, 1) + 1):
            options = {**choice.options, "power": power}
            phrase = _attack_phrase({k: v for k, v in options.items() if k != "as"})
            label = f"パワー{power}" if len(choices) == 1 else f"{choice.label}・パワー{power}"
            asked.append(Declaration("attack", options, unit.name, f"{unit.name}：{phrase}", label))
    charge = f"（{unit.name}のチャージランク {unit.charge}）" if unit.charge is not None else ""
    return Ambiguous(f"パワーランクをいくつ使いますか？{charge}", tuple(asked))


def _again(slots: dict, unit: ChatUnit, ctx: ChatContext) -> dict:
    """The slots of 「もう一発」 (:data:`AGAIN_VERBS`, or a line led by もっかい) filled from
    ``unit``'s last attack: its target and weapon where the line names none; other slots
    as they are."""
    if slots.get("verb") not in AGAIN_VERBS and not slots.get("again"):
        return slots
    last = next((a for a in ctx.last_attacks if a[0] == unit.name), None)
    if last is None:
        return slots
    filled = dict(slots)
    if "target" not in filled:
        filled["target"] = (last[1],)
    if not filled.get("weapon") and not filled.get("special") and last[2]:
        filled["weapon"] = (last[2],)
    return filled


def _held_weapon(slots: dict, ctx: ChatContext) -> dict | None:
    """The slots with a weapon named as the verb's object (``held``: 「ナイフを叩き落とす」)
    settled: for a verb of :attr:`Words.object_verbs` it is the target's weapon, and the
    verb names the attack's own (the disarm); for any other it is the attack's weapon, as
    before (「メスを投げる」); None when that leaves two weapons or a target's weapon
    (「ゾンビのナイフを攻撃」) that the verb does not take."""
    if "held" not in slots:
        return slots
    rest = {k: v for k, v in slots.items() if k not in ("held", "held_of")}
    if slots.get("verb") in ctx.words.object_verbs:
        return rest
    if slots.get("held_of") or "weapon" in slots:
        return None
    return {**rest, "weapon": slots["held"]}


def _with_special(intent: Intent, special: str) -> Intent:
    return replace(intent, slots={**intent.slots, "special": special})


def _as_list(outcome: Outcome) -> list[Declaration]:
    if outcome is None:
        return []
    return list(outcome.choices) if isinstance(outcome, Ambiguous) else [outcome]


DUAL = ("連続攻撃", "同時攻撃")
"""The two-weapon attacks (H-DUAL-): ``weapon:`` names both weapons, ``A,B``."""


def _foes(unit: ChatUnit, ctx: ChatContext) -> list[ChatUnit]:
    """The units an attack naming no target may be at: the other side's units still in
    the fight (a PC's foes are the KP's NPCs and the other way round)."""
    return [u for u in ctx.units if u.name != unit.name and not u.out and not u.stranger and _opponent(u, unit)]


def _pairs(slots: dict, unit: ChatUnit) -> list[str]:
    """The weapon pairs (``A,B``) of a two-weapon attack: the two the line names
    (「ナイフと大型ナイフで連続攻撃」); with one or none named (「二刀流で連続攻撃」), each pair of
    the unit's usable hand weapons that holds the named one (a question among several);
    [] when the unit has no pair (the rules then say that two weapons are needed)."""
    named = [_held(slots[k], unit)[0] for k in ("weapon", "weapon2") if slots.get(k)]
    if len(named) == 2:
        return [",".join(named)]
    hand = [a.name for a in unit.arms if a.usable and not a.unarmed and "銃" not in a.kinds]
    pairs = [f"{a},{b}" for i, a in enumerate(hand) for b in hand[i + 1:]]
    return [p for p in pairs if not named or named[0] in p.split(",")]


def _attack_label(target: str, weapon: str | None, targets: bool, weapons: bool) -> str:
    """A button's name for one attack among several: what differs (the target, the weapon,
    or both when ``targets`` and ``weapons`` both have several)."""
    if targets and weapons:
        return f"{target}を{weapon}で"
    return target if targets else (weapon or target)


def _weapons(slots: dict, unit: ChatUnit, ctx: ChatContext) -> list[str]:
    """The weapons an attack may be made with: the ones the line names; else the one its
    verb names (殴る: a fist, 撃つ: a gun; with a special, only a weapon of that kind: the 7th
    edition's 「マヌーバーで転ばせる」 is the maneuver 転倒); else, with no special or firing mode
    named, the unit's weapons when it has several (:func:`_armed`); [] leaves the choice to
    the rules."""
    weapons = slots.get("weapon") or ()
    implied = ctx.words.verb_weapons.get(slots.get("verb") or "")
    special = slots.get("special")
    if not weapons and implied:
        weapons = tuple(implied.split("|"))  # 噛みつく: the unit's bite, by any of its names
        if special:  # 「マヌーバーで転ばせる」: a verb naming what the special is done as
            weapons = tuple(w for w in weapons if any(a.name == w and special in a.kinds for a in unit.arms))
    if weapons:
        return _held(weapons, unit)
    return [] if slots.get("special") or slots.get("mode") else _armed(unit)


def _attack_phrase(o: dict) -> str:
    parts = [f"{o['target']}の{o['aim']}を" if o.get("aim") else f"{o['target']}を"]
    parts += [f"{o[k].replace(',', 'と')}で" for k in ("weapon", "special", "mode") if o.get(k)]
    if o.get("shots"):
        parts.append(f"{o['shots']}発")
    if o.get("power") is not None:
        parts.append(f"パワー{o['power']}で")
    parts.append("狙う" if o.get("aim") else "攻撃")
    return "".join(parts)


def _move(intent: Intent, ctx: ChatContext) -> Outcome:
    unit = _turn_unit(intent, ctx)
    if unit is None:
        return None
    square = intent.slots["square"]
    return _decl(ctx, unit, "move", {"to": square}, f"{square}へ移動", square)


def _check(intent: Intent, ctx: ChatContext) -> Outcome:
    unit = _turn_unit(intent, ctx)
    if unit is None:
        return None
    skill = intent.slots["skill"]
    if "target" not in intent.slots:
        if skill in ctx.words.checks and not intent.slots.get("self"):  # 応急手当: the hurt ally at hand, never oneself unasked (issue 26)
            allies = [u for u in ctx.units if not u.stranger and not _opponent(u, unit)]
            return Untargeted(f"誰に{skill}をしますか？", tuple(
                _decl(ctx, unit, "check", {"skill": skill, "target": t.name}, f"{skill}を{t.name}に", t.name)
                for t in allies), unit.name)
        return _decl(ctx, unit, "check", {"skill": skill}, skill, skill)
    pool = [u for u in ctx.units if u.name in intent.slots["target"]]
    return _one([_decl(ctx, unit, "check", {"skill": skill, "target": t.name}, f"{skill}を{t.name}に", t.name)
                 for t in pool], f"誰に{skill}をしますか？")


def _end(intent: Intent, ctx: ChatContext) -> Outcome:
    unit = _turn_unit(intent, ctx)
    if unit is None:
        return None
    return _decl(ctx, unit, "end", {}, "ターン終了", "ターン終了")


def _turn(intent: Intent, ctx: ChatContext) -> Outcome:
    unit = _turn_unit(intent, ctx)
    path = intent.slots["path"]
    if unit is None or path not in ctx.words.turn_actions:
        return None
    word = (ctx.words.turn_actions[path] or (path,))[0]
    power = intent.slots.get("power")
    return _decl(ctx, unit, path, {"power": power}, _power(word, power), word)


HANDLERS = {"answer": _answer, "declare": _declare, "attack": _attack, "move": _move,
            "check": _check, "end": _end, "turn": _turn}
