"""Reading a tokenized chat line as the declaration it is (issue 9), without the battle's
state: which frame the words fill (an answer, a turn action, a round-start declaration)
and the words in each slot. :mod:`rules.chat.resolve` then checks the slots against the
battle (whose question, which weapon) and makes the command.

Every frame must use every word: a line with a word left over is not a declaration.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.chat import lexicon as lx
from rules.chat.lexicon import Token
from rules.chat.normalize import fold

P_WO, P_NI, P_DE, P_HE, P_NO, P_HA, P_MADE, P_COLON = (fold(p) for p in ("を", "に", "で", "へ", "の", "は", "まで", ":"))
P_TO, P_GA, P_MO, P_KARA = fold("と"), fold("が"), fold("も"), fold("から")
SEPARATORS = {fold("、"), fold(",")}
P_AGAINST = {fold(p) for p in ("に対して", "に対し", "にたいして")}
"""「ゾンビに対して受け流しを宣言」: に対して as に."""
P_BEHIND = {fold(p) for p in ("に", "へ", "の陰に", "の影に", "の後ろに", "のうしろに", "の裏に", "の陰へ", "の後ろへ")}
"""What ties a cover object to 隠れる (「木箱に隠れる」「木箱の陰に隠れる」)."""
ACTOR_MARKS = {P_COLON, P_HA, P_GA, P_MO, *SEPARATORS}
"""What may follow the unit a line is for (アリス：回避, アリスは回避, アリス、回避で, アリスも回避)."""
THROW_WORD = fold("投げ")
AGAIN = {fold(w) for w in ("もう一回", "もう1回", "もっかい", "もういっかい", "もう一度", "再度", "もう一回だけ")}
"""Words that repeat the last attack (「じゃあもっかいメスを投擲で」: at the same target)."""
POLITE = {fold(p) for p in ("ます", "まーす", "ました", "ましょう", "まs")}
"""The polite ending that makes a word a verb (蹴ります, not the noun 蹴り)."""
ANY = "*"
"""The target of a line that names none by its name (あいつ, an unknown word: rules.chat.cut):
each opponent, asked (rules.chat.resolve)."""
PUNCTUATION = {fold(p) for p in ("!", "!!", "!!!", "。", ".", "…", "...", "~", "〜")}
"""Marks that may stand between a declaration's words (「刺客2に気弾！パワー4」) and mean nothing."""
NONE_ANSWER, PARRY = "なし", "受け流し"
"""受ける (take the blow) and the parry it is when a weapon takes it (ナイフで受ける)."""
OBJECT = "object"
"""A cover object's name (an unknown word before に 隠れる, see rules.chat._unknown_word)."""


@dataclass(frozen=True)
class Intent:
    """What a line says, before the battle is consulted.

    Attributes:
        frame: ``answer`` (a question's option or a reaction), ``attack``, ``move``,
            ``check``, ``end``, ``turn`` (another turn command: ``path``), ``declare``.
        actor: the unit names the line starts with (``アリス：回避``), or () for none.
        slots: the frame's words: ``option``, ``reaction``, ``weapon``, ``target`` (unit
            names, several when a base name is shared), ``special``, ``aim``, ``mode``,
            ``shots``, ``power``, ``square``, ``skill``, ``action``, ``amount``, ``path``.
    """

    frame: str
    actor: tuple[str, ...] = ()
    slots: dict = field(default_factory=dict)
    called: bool = False
    """The actor is named as one calls someone (「アリス、回避！」): the line acts for that
    unit when the speaker may move it, and is no declaration for anyone else's unit (a
    player calling out to another)."""


def _strip(tokens: list[Token]) -> list[Token]:
    """Without leading fillers (じゃあ) and trailing endings (します, で！) or separators."""
    start, end = 0, len(tokens)
    while start < end and tokens[start].is_(lx.FILLER) and not tokens[start].is_(lx.UNIT, lx.OPTION):
        start += 1
        while start < end and tokens[start].text in SEPARATORS:
            start += 1
    while end > start and (tokens[end - 1].is_(lx.ENDING) or tokens[end - 1].text in SEPARATORS) \
            and not _content(tokens[end - 1]):
        end -= 1
    return tokens[start:end]


def _content(token: Token, *besides: str) -> bool:
    """Whether the word carries meaning of its own (not only an ending or a particle, nor
    one of the kinds ``besides``)."""
    return any(k not in (lx.ENDING, lx.PARTICLE, lx.FILLER, *besides) for k, _ in token.meanings)


def _particle(token: Token, *texts: str) -> bool:
    return token.is_(lx.PARTICLE) and token.text in texts


def read(tokens: list[Token]) -> list[Intent]:
    """Every reading of ``tokens`` (a line cut by :class:`~rules.chat.lexicon.Lexicon`),
    most specific first; [] when the words make no declaration."""
    if any(t.is_(lx.NEGATION) and not _content(t, lx.NEGATION) for t in tokens):
        return []  # 「回避、不可」「攻撃やめる」: a refusal never acts (issue 26)
    again = any(t.text in AGAIN for t in tokens)  # もっかい: the last attack's target (rules.chat.resolve)
    result = None
    body = _strip(tokens)
    if len(body) >= 2 and body[-1].is_(lx.RESULT) and not _content(body[-1], lx.RESULT):
        result = body[-1].value(lx.RESULT)  # 「暴漢①、こぶし成功」: the KP's report of its roll
        tokens = _strip(body[:-1])
        if not any(t.is_(lx.ATTACK, lx.REACT) for t in tokens) and tokens[-1].is_(lx.WEAPON, lx.SPECIAL):
            tokens = [*tokens, Token("", ((lx.ATTACK, "攻撃"),))]  # こぶし成功: the attack it rolled
    tokens = _reordered([_thrown_weapon(tokens, i) for i in range(len(tokens))])
    tokens = [Token(t.text, tuple(m for m in t.meanings if m[0] != lx.WEAPON))
              if t.is_(lx.ATTACK) and t.is_(lx.WEAPON) and i + 1 < len(tokens) and tokens[i + 1].text in POLITE else t
              for i, t in enumerate(tokens)]  # 蹴ります: the verb (its weapon is the verb's: キック)
    struck = any(t.is_(lx.WEAPON, lx.SPECIAL) and not t.is_(lx.STYLE) for t in tokens)
    styled = struck and any(t.is_(lx.STYLE) for t in tokens)
    tokens = _strip([t for i, t in enumerate(tokens) if not (0 < i < len(tokens) - 1 and t.text in PUNCTUATION)
                     and not (t.is_(lx.MANNER) and len(t.meanings) == 1)
                     and not (struck and t.is_(lx.STYLE))  # 武道キック: the style is the strike's colour
                     and not (struck and i and tokens[i - 1].is_(lx.STYLE) and _particle(t, P_DE))])  # 武道でキック
    if not tokens:
        return []
    if (styled or again) and len(tokens) == 1 and tokens[0].is_(lx.WEAPON):
        tokens = [*tokens, Token("", ((lx.ATTACK, "攻撃"),))]  # 「武道キックで」「もう一回杖で」: that strike
    readings = [(tokens, ())]
    called = len(tokens) >= 3 and tokens[1].text in SEPARATORS
    if len(tokens) >= 3 and tokens[0].is_(lx.UNIT) and (_particle(tokens[1], *ACTOR_MARKS) or tokens[1].text in SEPARATORS):
        readings.insert(0, (_strip(tokens[2:]), tokens[0].names(lx.UNIT)))  # ゾンビ：アリスを攻撃
    elif len(tokens) >= 2 and tokens[0].is_(lx.UNIT) and tokens[1].is_(lx.UNIT):
        readings.insert(0, (_strip(tokens[1:]), tokens[0].names(lx.UNIT)))  # 【ゾンビ】アリスを攻撃
    elif len(tokens) >= 3 and tokens[0].is_(lx.UNIT) and _particle(tokens[1], P_NO) \
            and all(t.is_(lx.END, lx.TURN) for t in _strip(tokens[2:])) and len(_strip(tokens[2:])) == 1:
        readings.insert(0, (_strip(tokens[2:]), tokens[0].names(lx.UNIT)))  # ゾンビの手番終了
    elif len(tokens) == 2 and tokens[0].is_(lx.UNIT) and tokens[1].is_(lx.END):
        readings.insert(0, (tokens[1:], tokens[0].names(lx.UNIT)))  # ゾンビ1ターンエンド, グールD終了
    elif len(tokens) >= 4 and tokens[0].is_(lx.UNIT) and _particle(tokens[1], P_DE) \
            and any(t.is_(lx.UNIT) for t in tokens[2:]):
        readings.insert(0, (_strip(tokens[2:]), tokens[0].names(lx.UNIT)))  # ゾンビでアリスにこぶし
    found: list[Intent] = []
    for body, actor in readings:
        if not body:
            continue
        for frame in FRAMES:
            for intent in frame(body):
                slots = {**intent.slots, "again": True} if again and intent.frame == "attack" else intent.slots
                if result is not None:
                    slots = {**slots, "result": result}
                found.append(Intent(intent.frame, actor, slots, called and bool(actor)))
    return found


def _thrown_weapon(tokens: list[Token], i: int) -> Token:
    """The word at ``i``, where 投げ after ``<weapon>を`` is the throw of that weapon
    (「メスを投げる」), not the サルト it spells elsewhere (「ゾンビ1に投げ」)."""
    token = tokens[i]
    if token.text == THROW_WORD and token.is_(lx.SPECIAL) and i >= 2 and _particle(tokens[i - 1], P_WO) \
            and tokens[i - 2].is_(lx.WEAPON) and not tokens[i - 2].is_(lx.UNIT):
        return Token(token.text, ((lx.ATTACK, "投擲"),))
    return token


def _reordered(tokens: list[Token]) -> list[Token]:
    """A target said after the verb (「殴ります、Bを」「殴ります腹を」「撃つぜ、野犬をショットガンで」)
    put before it."""
    comma = next((k for k, t in enumerate(tokens) if t.text in SEPARATORS), None)
    if comma is not None and comma >= 1:
        head, tail = tokens[:comma], _strip(tokens[comma + 1:])
        if head[0].is_(lx.ATTACK) and not head[0].is_(*ROLE_KINDS) and all(
                t.is_(lx.ENDING) and not _content(t) for t in head[1:]) \
                and len(tail) >= 2 and any(t.is_(lx.UNIT) for t in tail) \
                and not any(t.is_(lx.ATTACK, lx.REACT, lx.END, lx.CHECK) and not t.is_(lx.UNIT, lx.WEAPON)
                            for t in tail) and all(t.is_(lx.UNIT, lx.WEAPON, lx.PARTICLE) for t in tail) \
                and _particle(tail[1], P_WO, P_NI, P_HE):
            return [*tail, head[0]]  # 撃つぜ、野犬をショットガンで
    end = len(tokens)
    while end and tokens[end - 1].text in PUNCTUATION:
        end -= 1
    said = end >= 3 and (tokens[end - 3].text in SEPARATORS or tokens[end - 3].is_(lx.ENDING))
    if said and _particle(tokens[end - 1], P_WO, P_NI, P_HE) and tokens[end - 2].is_(lx.UNIT) \
            and any(t.is_(lx.ATTACK) for t in tokens[:end - 2]):
        head = [t for t in tokens[:end - 2] if t.text not in SEPARATORS]
        return [tokens[end - 2], tokens[end - 1], *head, *tokens[end:]]
    if said and _particle(tokens[end - 1], P_DE) and tokens[end - 2].is_(lx.WEAPON) \
            and not tokens[end - 2].is_(lx.UNIT) and any(t.is_(lx.ATTACK, lx.REACT) for t in tokens[:end - 2]):
        head = [t for t in tokens[:end - 2] if t.text not in SEPARATORS]  # うけながします、杖で
        return [tokens[end - 2], tokens[end - 1], *head, *tokens[end:]]
    return tokens


# --- frames -------------------------------------------------------------------------


def _take_power(tokens: list[Token]) -> tuple[list[Token], int | None] | None:
    """``tokens`` without a ``パワー3`` / ``PR3`` / ``パワーは5`` (and a following で), the
    rest stripped again (:func:`_strip`: 「靠でカウンター、パワー4」); None if malformed."""
    for i, token in enumerate(tokens):
        if token.is_(lx.POWER):
            gap = 1 if i + 2 < len(tokens) and _particle(tokens[i + 1], P_HA, P_WO, P_COLON) else 0
            if i + 1 + gap >= len(tokens) or not tokens[i + 1 + gap].is_(lx.NUMBER):
                return None
            rest = tokens[:i] + tokens[i + 2 + gap:]
            if i < len(rest) and _particle(rest[i], P_DE):
                rest = rest[:i] + rest[i + 1:]
            return _strip(rest), int(tokens[i + 1 + gap].value(lx.NUMBER))
    return tokens, None


def _end(tokens: list[Token]):
    if len(tokens) == 1 and tokens[0].is_(lx.END):
        yield Intent("end")


def _turn(tokens: list[Token]):
    taken = _take_power(tokens)
    if taken is None:
        return
    rest, power = taken
    rest = [t for t in rest if not _particle(t, P_DE, P_WO)]
    if len(rest) == 2 and rest[1].is_(lx.DO):
        rest = rest[:1]
    if len(rest) == 1 and rest[0].is_(lx.TURN):
        yield Intent("turn", slots={"path": rest[0].value(lx.TURN), "power": power})


def _answer(tokens: list[Token]):
    """回避 / ナイフで受け流し / 受け流し：ナイフ / アリスをかばう / パワー3でカウンター / an option."""
    taken = _take_power([t for t in tokens if not t.is_(lx.MANNER)])  # 加減してパワー3で防御: 加減 is how
    if taken is None:
        return
    rest, power = taken
    if rest and rest[-1].is_(lx.DO) and len(rest) >= 2:
        rest = rest[:-1]
        if rest and _particle(rest[-1], P_WO):
            rest = rest[:-1]
    if len(rest) == 3 and rest[0].is_(lx.ATTACK) and _particle(rest[1], P_DE) and rest[2].is_(lx.REACT):
        rest = rest[2:]  # 靠でカウンター: the technique's name is colour
    if len(rest) == 3 and rest[0].is_(OBJECT) and _particle(rest[1], *P_BEHIND) and rest[2].is_(lx.REACT):
        for reaction in rest[2].values(lx.REACT):
            yield Intent("answer", slots={"reaction": reaction, "power": power, "object": rest[0].value(OBJECT)})
        return
    typed = None
    if len(rest) == 2 and rest[0].is_(lx.REACT) and rest[1].is_(lx.NUMBER) and not rest[1].is_(lx.UNIT):
        rest, typed = rest[:1], int(rest[1].value(lx.NUMBER))  # かいひ54: the player's number
    if len(rest) == 1:
        token = rest[0]
        for kind, label in token.meanings:  # 組付き is the option 組み付き; resolve keeps offered ones
            if kind in (lx.OPTION, lx.WEAPON, lx.SPECIAL, lx.DECL) and not token.is_(lx.REACT):
                yield Intent("answer", slots={"option": label, "power": power})
        for reaction in token.values(lx.REACT):
            yield Intent("answer", slots={"reaction": reaction, "power": power, **({"typed": typed} if typed else {})})
        return
    weapon = reaction = target = None
    if len(rest) == 3 and rest[0].is_(lx.WEAPON) and _particle(rest[1], P_DE) and rest[2].is_(lx.REACT):
        weapon, reaction = rest[0], rest[2]  # ナイフで受け流し
    elif len(rest) in (2, 3, 4) and rest[0].is_(lx.REACT) and rest[-1 if len(rest) < 4 else -2].is_(lx.WEAPON):
        middle = rest[1:-1] if len(rest) < 4 else rest[1:-2]
        tail_ok = len(rest) < 4 or _particle(rest[-1], P_DE)
        if tail_ok and all(_particle(t, P_COLON, P_HA, P_DE, P_WO, *SEPARATORS) for t in middle):
            reaction, weapon = rest[0], rest[-1 if len(rest) < 4 else -2]  # 受け流し：ナイフ / 受け流しはナイフで
    elif len(rest) in (2, 3) and rest[0].is_(lx.UNIT) and rest[-1].is_(lx.REACT) \
            and (len(rest) == 2 or _particle(rest[1], P_WO, P_NI)):
        target, reaction = rest[0], rest[-1]  # アリスをかばう
    elif len(rest) == 2 and rest[0].is_(lx.REACT) and rest[1].is_(lx.UNIT):
        reaction, target = rest[0], rest[1]  # かばう アリス
    if reaction is None:
        return
    for value in reaction.values(lx.REACT):
        if weapon is not None and value == NONE_ANSWER:
            value = PARRY  # 日本刀で受けます: taken on the blade, a parry (not 受ける, taking the blow)
        slots = {"reaction": value, "power": power}
        if weapon is not None:
            slots["weapon"] = weapon.names(lx.WEAPON)
        if target is not None:
            slots["target"] = target.names(lx.UNIT)
        yield Intent("answer", slots=slots)


def _declare(tokens: list[Token]):
    """回避に集中 / 受け流しを宣言 / ゾンビに受け流し宣言 / 行動遅延5 / DEX5遅延 / 矢をつがえる."""
    rest = list(tokens)
    said = False
    if rest and rest[-1].is_(lx.DECLARE):
        rest, said = rest[:-1], True
        if rest and _particle(rest[-1], P_WO, P_NO):
            rest = rest[:-1]
    if len(rest) in (2, 3) and rest[0].is_(lx.REACT) and rest[-1].is_(lx.FOCUS) \
            and (len(rest) == 2 or _particle(rest[1], P_NI)):
        for value in rest[0].values(lx.REACT):
            yield Intent("declare", slots={"action": value + "に集中"})
        return
    amount = None
    numbers = [t for t in rest if t.is_(lx.NUMBER) and not t.is_(lx.UNIT)]
    if len(numbers) == 1:
        amount = int(numbers[0].value(lx.NUMBER))
        rest = [t for t in rest if t is not numbers[0] and not t.is_(lx.DEX)]
    decl = [t for t in rest if t.is_(lx.DECL)]
    if len(rest) == 1 and decl:
        for value in decl[0].values(lx.DECL):
            yield Intent("declare", slots={"action": value, "amount": amount})
        return
    if not said or amount is not None:
        return
    parry = [t for t in rest if t.value(lx.REACT) == "受け流し"]
    if not parry:
        return
    body = [t for t in rest if t is not parry[0]]
    if not body:
        yield Intent("declare", slots={"action": "受け流し"})
    elif body[0].is_(lx.UNIT) and all(_particle(t, P_NI, P_HE, P_NO, P_TO, *P_AGAINST) for t in body[1:]) \
            and len(body) <= 3:
        yield Intent("declare", slots={"action": "受け流し", "target": body[0].names(lx.UNIT)})


def _move(tokens: list[Token]):
    """C4へ移動 / C4に移動 / C4まで / 移動C4 / C4へ."""
    squares = [t for t in tokens if t.is_(lx.SQUARE) and not t.is_(lx.UNIT)]
    if len(squares) != 1:
        return
    rest = [t for t in tokens if t is not squares[0]]
    verb = bool(rest) and (rest[-1].is_(lx.MOVE) or rest[0].is_(lx.MOVE))
    if verb:
        rest = rest[:-1] if rest[-1].is_(lx.MOVE) else rest[1:]
    if len(rest) > 1 or (rest and not _particle(rest[0], P_HE, P_NI, P_MADE)):
        return
    if not verb and not (rest and _particle(rest[0], P_HE, P_MADE)):
        return
    yield Intent("move", slots={"square": squares[0].value(lx.SQUARE)})


def _check(tokens: list[Token]):
    """応急手当 / 応急手当をボブに / ボブに応急手当をする / 医学をアリスへ / 自分に応急手当
    (oneself: the skill with no target, as ``/check`` treats the acting unit)."""
    skills = [t for t in tokens if t.is_(lx.CHECK)]
    if len(skills) != 1:
        return
    rest = [t for t in tokens if t is not skills[0]]
    while rest and rest[-1].is_(lx.DO) and not rest[-1].is_(lx.UNIT):
        rest = rest[:-1]
    units = [t for t in rest if t.is_(lx.UNIT, lx.SELF)]
    others = [t for t in rest if t not in units]
    if len(units) > 1 or not all(_particle(t, P_WO, P_NI, P_HE) for t in others) or len(others) > 2:
        return
    for skill in skills[0].values(lx.CHECK):
        slots = {"skill": skill}
        if units and units[0].is_(lx.UNIT):
            slots["target"] = units[0].names(lx.UNIT)
        elif units:
            slots["self"] = True  # 自分に応急手当
        yield Intent("check", slots=slots)


ROLE_KINDS = (lx.UNIT, lx.WEAPON, lx.SPECIAL, lx.AIM, lx.MODE)


def _attack(tokens: list[Token]):
    """ゾンビをこぶしで攻撃 / こぶしでゾンビ / ゾンビにキック / ゾンビにサルト /
    精密射撃でゾンビの脚を狙う / ゾンビにフルオートで撃つ / 3発 / パワー3で."""
    taken = _take_power(tokens)
    if taken is None:
        return
    rest, power = taken
    verb = None
    if rest and rest[-1].is_(lx.ATTACK) and not rest[-1].is_(*ROLE_KINDS):
        rest, verb = rest[:-1], rest[-1].value(lx.ATTACK)
    slots: dict = {"power": power, "verb": verb}
    i = 0
    while i < len(rest):
        token = rest[i]
        nxt = rest[i + 1] if i + 1 < len(rest) else None
        prev = rest[i - 1] if i else None
        if token.is_(lx.WEAPON) and "weapon" in slots and "weapon2" not in slots and prev is not None \
                and (_particle(prev, P_TO) or prev.text in SEPARATORS) and not token.is_(lx.UNIT):
            slots["weapon2"] = token.names(lx.WEAPON)  # ナイフと大型ナイフで連続攻撃
            i += 1
        elif token.is_(lx.ATTACK) and not token.is_(*ROLE_KINDS):
            verb = slots["verb"] = slots["verb"] or token.value(lx.ATTACK)  # 刺客にとどめ、パワー2で攻撃
            i += 1
        elif token.is_(lx.FAMILY) and "family" not in slots:
            slots["family"] = token.value(lx.FAMILY)  # 二刀流で
            i += 1
        elif token.is_(lx.NUMBER) and nxt is not None and nxt.is_(lx.SHOTS):
            if "shots" in slots:
                return
            slots["shots"] = int(token.value(lx.NUMBER))
            i += 2
        elif token.is_(lx.UNIT) and nxt is not None and _particle(nxt, P_NO) and i + 2 < len(rest) \
                and rest[i + 2].is_(lx.AIM):
            if "target" in slots or "aim" in slots:
                return
            slots["target"], slots["aim"] = token.names(lx.UNIT), rest[i + 2].value(lx.AIM)
            i += 3
        elif token.is_(lx.UNIT) and nxt is not None and _particle(nxt, P_NO) and i + 3 < len(rest) \
                and rest[i + 2].is_(lx.WEAPON) and not rest[i + 2].is_(lx.UNIT) and _particle(rest[i + 3], P_WO, P_KARA):
            if "target" in slots or "held" in slots:
                return
            slots["target"], slots["held"], slots["held_of"] = token.names(lx.UNIT), rest[i + 2].names(lx.WEAPON), True
            i += 4  # 信者Aのナイフを叩き落とす: the target's weapon (resolve keeps it for a verb that takes one)
        elif token.is_(lx.WEAPON) and not token.is_(lx.UNIT, lx.SPECIAL) and nxt is not None \
                and _particle(nxt, P_WO, P_KARA) and "held" not in slots and "weapon" not in slots \
                and verb is not None:  # 蹴りを入れる (no verb left): the strike itself
            slots["held"] = token.names(lx.WEAPON)  # ナイフを叩き落とす (else the attack's own weapon: メスを投げる)
            i += 2
        elif token.is_(lx.PRONOUN) and "target" not in slots:
            slots["target"] = (ANY,)  # あいつにキック: the foe, asked among several
            i += 1
        elif token.is_(*ROLE_KINDS):
            role = _role(token, slots, nxt)
            if role is None:
                return
            kind, name = role
            slots[name] = token.names(kind) if kind in (lx.UNIT, lx.WEAPON) else token.value(kind)
            i += 1
        elif token.is_(lx.ATTACK) and i == len(rest) - 1:
            verb = slots["verb"] = token.value(lx.ATTACK)
            i += 1
        else:
            return
        while i < len(rest) and (rest[i].is_(lx.PARTICLE) and not _content(rest[i]) and rest[i].text != P_NO):
            i += 1
    if "target" not in slots:
        if verb or "special" in slots or "family" in slots:  # そのままサルト！ / 射る: the target is the only one, or asked
            yield Intent("attack", slots=slots)
        return
    if not (verb or any(k in slots for k in ("weapon", "special", "aim", "mode", "shots", "family")) or power is not None):
        return
    yield Intent("attack", slots=slots)


def _role(token: Token, slots: dict, nxt: Token | None) -> tuple[str, str] | None:
    """Which free slot ``token`` fills: a unit is the target, then the weapon, the special,
    the aim, the mode; None when every slot it could fill is taken."""
    order = ((lx.UNIT, "target"), (lx.SPECIAL, "special"), (lx.WEAPON, "weapon"), (lx.AIM, "aim"), (lx.MODE, "mode"))
    if token.is_(lx.UNIT) and "target" not in slots and not (nxt is not None and _particle(nxt, P_DE)):
        return lx.UNIT, "target"
    for kind, name in order[1:]:
        if token.is_(kind) and name not in slots:
            return kind, name
    return None


FRAMES = (_end, _turn, _answer, _declare, _move, _check, _attack)
