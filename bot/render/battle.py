"""Japanese text for battle events, prompts and the status board."""
from __future__ import annotations

from rules.battle import events as ev
from rules.battle.protocol import BattleView, Prompt, UnitRow
from rules.battle.state import OUT_OF_ACTION
from rules.battle.steps import StepStarted
from rules.systems.coc6 import events as ce

from bot.render import buttons
from bot.render.event_lines import event_line, hidden as _hidden, window_line  # noqa: F401 - read as render.event_line
from bot.render.reply import MAX_TEXT, Button, Reply, clip

WOUNDS = ((1.0, "無傷"), (0.5, "負傷"), (0.2, "重傷"), (0.0, "瀕死"))


def wound_word(hp: int | None, hp_max: int | None, conditions: tuple[str, ...] = ()) -> str:
    """A hidden unit's condition in words (無傷, 負傷, 重傷, 瀕死, 死亡), never its numbers."""
    if "死亡" in conditions:
        return "死亡"
    if hp is None or not hp_max:
        return "不明"
    ratio = hp / hp_max
    for floor, word in WOUNDS:
        if ratio >= floor:
            return word
    return "瀕死"


TURN_HINTS = {
    "coc6": "/attack で攻撃、終わったら [ターン終了] か /end。",
    "coc6-house": "/attack で攻撃・/move で移動・/check で技能、終わったら [ターン終了] か /end。",
    "charge-rank": "",  # its main-phase prompt says what may be done (rules/systems/charge_rank/view.py)
    "coc6-budo": "/attack で攻撃（special:サルト／タックル／ラッシュ／フェイント、aim:急所／腕／足／武器）"
                 "・/check で技能、終わったら [ターン終了] か /end。",
    "coc7": "/attack で攻撃（special:マヌーバー／至近距離、shots:2、bonus:±1）・/move で移動・/check で技能、"
            "終わったら [ターン終了] か /end。",
}
"""What the acting unit can do, by system, under its turn prompt."""

CHAT_TURN_HINTS = {
    "coc6": "チャットで「{foe}をこぶしで攻撃」「ターン終了」のように宣言できます。",
    "coc6-house": "チャットで「{foe}をこぶしで攻撃」「C4へ移動」「ターン終了」のように宣言できます。",
    "coc6-budo": "チャットで「{foe}にサルト」「{foe}の腕を狙う」「ターン終了」のように宣言できます。",
    "charge-rank": "チャットで「パワー3で{foe}を攻撃」「待機」のように宣言できます。",
    "coc7": "チャットで「{foe}をこぶしで攻撃」「マヌーバーで{foe}に組み付く」「ターン終了」のように宣言できます。",
}
"""The chat form of a turn's declarations (issue 9), with an opponent's name as the example."""

PRIVATE_KINDS = ("reaction", "declare", "cover")
"""The prompts a hidden NPC gets only privately: their options (its weapons, what it may
declare, whom it may protect) are the KP's secret (H-GEN-01). Its turn prompt stays public."""


def private_prompt(prompt: Prompt, view: BattleView) -> bool:
    """Whether ``prompt`` goes to the KP alone: a hidden NPC's question, declaration or かばう
    offer, and the KP's 「宣言を締め切る」 when only hidden NPCs' declarations are awaited."""
    if prompt.kind == "declarations":
        declaring = [p for p in view.prompts if p.kind == "declare"]
        return bool(declaring) and all(private_prompt(p, view) for p in declaring)
    return prompt.kind in PRIVATE_KINDS and prompt.owner is None and _hidden(view, prompt.unit)


def prompt_replies(battle_id: int, prompt: Prompt, keeper: str, view: BattleView, chat: bool = True) -> list[Reply]:
    """The message of ``prompt`` (see :func:`prompt_reply`) and, when a hidden NPC's question
    goes to the KP alone, the public word that the battle waits for its answer."""
    reply = prompt_reply(battle_id, prompt, keeper, view, chat)
    if prompt.kind == "reaction" and private_prompt(prompt, view):
        return [reply, Reply(text=f"{prompt.unit}の対応を待っています（KPが選びます）。")]
    return [reply]


def prompt_reply(battle_id: int, prompt: Prompt, keeper: str, view: BattleView, chat: bool = True) -> Reply:
    """A prompt message mentioning whoever answers it (the KP for an NPC), with its buttons;
    a hidden NPC's question, declaration and かばう offer go privately to the KP
    (:func:`private_prompt`); ``chat``: chat declarations are on here, so the prompt says how to type the answer."""
    who = prompt.owner or keeper
    text = prompt.text
    if prompt.kind == "turn":
        row = next((r for r in view.rows if r.name == prompt.unit), None)
        if row is not None and row.ap is not None and not row.hidden:  # a hidden NPC's numbers: the KP's board only
            text += f"（行動ポイント {row.ap}）"
        if row is not None and row.conditions:
            text += f" 状態: {'・'.join(row.conditions)}"
        hint = TURN_HINTS.get(view.system, TURN_HINTS["coc6"])
        text += "\n" + hint if hint else ""
        if prompt.owner is None:
            text += f"（KPは as:{prompt.unit} を付けて行動させます）"
        foe = _foe(view, row)
        if chat and foe and view.system in CHAT_TURN_HINTS:
            text += "\n" + CHAT_TURN_HINTS[view.system].format(foe=foe)
    elif prompt.kind not in ("declare", "declarations"):  # a declaration's text says how to answer
        typed = f"チャットで「{prompt.options[0]}」のように書くか、" if chat and prompt.options else ""
        listed = "\n選べる対応: " + "／".join(prompt.options) + f"（{typed}/react action:… でも選べます）"
        if len(text) + len(listed) > MAX_TEXT:  # the buttons or menu below hold every choice
            listed = f"\n選べる対応: 下のボタン・メニューの{len(prompt.options)}件（{typed}/react action:… でも選べます）"
        text += listed
    btns = tuple(Button(label, custom_id, PROMPT_STYLE.get(label, "success"))
                 for label, custom_id in zip(prompt.options, buttons.encode_each(battle_id, prompt.key, prompt.options)))
    if private_prompt(prompt, view):  # posting it would tell the table what a hidden NPC may do
        return Reply(text=clip(text, note=IN_MENU), ephemeral=True, to=keeper, buttons=btns)
    return Reply(text=clip(text, note=IN_MENU), mentions=(who,), buttons=btns)


PROMPT_STYLE = {"ターン終了": "primary", "なし": "secondary", "宣言しない": "secondary", "宣言を締め切る": "danger"}
"""A prompt's button style by label (``success`` for any other)."""


IN_MENU = "\n…（長いため省略しました。選べる対応はすべて下のボタン・メニューにあります）"
"""The note of a clipped question: its choices are all in its buttons (or menu, past 25:
bot.transports.discord.choices), not in the battle log (issue 28)."""


def _foe(view: BattleView, own: UnitRow | None) -> str | None:
    """The first unit standing on the other side of ``own`` (a hint's example target)."""
    if own is None:
        return None
    return next((r.name for r in view.rows if (r.owner is None) != (own.owner is None)
                 and not any(c in OUT_OF_ACTION for c in r.conditions)), None)


def finish_button(battle_id: int) -> Button:
    """The [戦闘終了] button offered when one side is out of action."""
    return Button("戦闘終了", buttons.encode(battle_id, "end", "戦闘終了"), "danger")


AS_ATTACK = "攻撃として扱う"
"""The label of the KP's button under a plain skill check in a battle (issue 26)."""
AS_ATTACK_CHOICE = "as_attack"
"""Its choice code; its key is ``atk<the check's step number>`` (bot.battle.as_attack)."""


def as_attack_buttons(battle_id: int, events: list[ev.Event]) -> tuple[Button, ...]:
    """[攻撃として扱う] under a plain skill check of a battle (a ``/check`` or a palette roll
    of a skill that is no attack, 「CCB<=60 【芸術(バレエ)】」, naming no patient): the KP may read
    its die as the unit's attack (bot.battle.as_attack). Empty when ``events`` hold none."""
    for e in events:
        command = e.command if isinstance(e, StepStarted) else None
        if command and command.get("type") == "SkillCheck" and not command.get("target") \
                and any(isinstance(x, ce.CheckRolled) for x in events):
            return (Button(AS_ATTACK, buttons.encode_key(battle_id, f"atk{e.step}", AS_ATTACK_CHOICE), "secondary"),)
    return ()


def combatant(row: UnitRow, reveal: bool) -> dict:
    """The ``data.combatants`` entry of the console contract (COMMANDS.md)."""
    shown = reveal or not row.hidden
    return {"name": row.name, "hp": row.hp if shown else None, "hp_max": row.hp_max if shown else None,
            "ap": row.ap, "dex": row.dex if shown else None, "conditions": list(row.conditions),
            "weapons": [{"name": w["name"], "hp": w["hp"], "broken": w["broken"]} for w in row.weapons]
            if shown else [],
            **({"extra": dict(row.extra)} if shown and row.extra else {}),
            **({"notes": list(row.notes)} if shown and row.notes else {}),
            **({"state": wound_word(row.hp, row.hp_max, row.conditions)} if not shown else {})}


def status_reply(view: BattleView, title: str, reveal: bool = False, tag: str | None = None) -> Reply:
    """The status board: order, round, whose turn, HP, AP, conditions, pending questions;
    ``tag``: the reply's (see :class:`Reply`)."""
    if view.phase == "setup":
        head = f"【{title}】開始前（参加者 {len(view.rows)}人）"
    elif view.phase == "ended":
        head = f"【{title}】終了（ラウンド{view.round}）"
    else:
        head = f"【{title}】ラウンド{view.round}　手番: {view.turn or '―'}"
    lines = [head]
    ordered = sorted(view.rows, key=lambda r: view.order.index(r.name) if r.name in view.order else 999)
    for row in ordered:
        mark = "▶" if row.name == view.turn else "・"
        if row.hidden and not reveal:
            body = wound_word(row.hp, row.hp_max, row.conditions)
        else:
            body = f"HP {row.hp}/{row.hp_max}" if row.hp is not None else ""
            if row.ap is not None and view.phase == "active" and row.name == view.turn:
                body += f" AP {row.ap}"
            if row.dex is not None:
                body += f" DEX {row.dex}"
            if row.weapons:
                body += _weapons(row.weapons)
            if row.extra:
                body += "".join(f" {k} {v}" for k, v in row.extra.items())
        conditions = f" [{'・'.join(row.conditions)}]" if row.conditions else ""
        notes = f" 〔{'・'.join(row.notes)}〕" if row.notes and (reveal or not row.hidden) else ""
        lines.append(f"{mark}{row.name}　{body}{conditions}{notes}")
    for prompt in view.prompts:
        if prompt.kind == "reaction":
            options = "" if private_prompt(prompt, view) and not reveal else f"（{'／'.join(prompt.options)}）"
            lines.append(f"保留中: {prompt.unit}の対応{options}")
    data = {"round": view.round, "turn": view.turn, "phase": view.phase,
            "combatants": [combatant(r, reveal) for r in ordered]}
    return Reply(text=clip("\n".join(lines)), data=data, tag=tag)


def _weapons(weapons: tuple[dict, ...]) -> str:
    """A board row's broken or unusable weapons and guns not full (X-AMMO-01), or ""."""
    body = ""
    broken = [w["name"] + ("（破壊）" if w["broken"] else "（故障）" if w.get("jammed") else "（射撃不能）")
              for w in weapons if w["broken"] or w.get("cannot_fire")]
    if broken:
        body += " 武器: " + "、".join(broken)
    spent = [f"{w['name']} {w['rounds']}/{w['ammo']}" for w in weapons
             if w.get("ammo") and w.get("rounds") is not None and w["rounds"] < w["ammo"] and not w["broken"]]
    if spent:
        body += " 残弾: " + "、".join(spent)
    return body
