"""The command reference, ``docs/commands.md`` (issue 27), written from the code that serves
the commands: every command of the spec (bot.commands.spec) with its Japanese and English
path, who may use it (bot.commands.permissions), every option (Japanese name, type, range,
required, choices with their labels), the chat forms (bot.render.chat_forms, the list
``/help`` shows) and every KP setting (bot.commands.settings with its Japanese names from
bot.commands.setting_names, its default in each rule system, its clause).

The file is never edited by hand: ``bash scripts/run.sh docs`` (``python -m bot docs``)
writes it again, and tests/render/test_reference.py fails while it and the code disagree.
"""
from __future__ import annotations

from bot.commands import permissions
from bot.commands import settings as kp_settings
from bot.commands.setting_names import ALIASES, show_value
from bot.commands.spec import COMMANDS, SYSTEM_CHOICES, Cmd, Opt
from bot.render.chat_forms import CHAT_FORMS, CHAT_FORMS7
from rules.systems import SYSTEMS

DOCS_PATH = "docs/commands.md"
"""Where the reference lives in the repository (``/help`` names it)."""

REGENERATE = "bash scripts/run.sh docs"
"""The one command that writes the reference again (``python -m bot docs``)."""

TYPE_NAMES = {"str": "文字", "int": "整数", "bool": "オン/オフ", "user": "ユーザー", "role": "ロール",
              "attachment": "ファイル"}
"""Each option type (bot.commands.spec.TYPES) as the reference names it."""

WHO = {permissions.ANYONE: "だれでも", permissions.PLAYER: "参加者（自分のユニット。KPは as: で誰でも）",
       permissions.KEEPER: "KP"}
"""Each access class of the permission table as the reference names it."""

GROUP_TITLES = {"roll": "ダイス", "char": "キャラクター", "battle": "戦闘", "kp": "KP",
                "session": "セッション", "help": "ヘルプ"}
"""Section titles of the command groups; a first word not named here (``attack``, ``react``
…) falls in 「戦闘中の行動」."""

ACTIONS = "戦闘中の行動"


def command_groups() -> list[tuple[str, str, list[Cmd]]]:
    """The commands of the spec grouped by their first word, in the spec's order:
    ``[(first word, its Japanese, [commands])]`` (``("battle", "戦闘", [/battle new, …])``)."""
    groups: dict[str, tuple[str, str, list[Cmd]]] = {}
    for cmd in COMMANDS:
        first = cmd.path.split(" ")[0]
        groups.setdefault(first, (first, cmd.ja.split(" ")[0], []))[2].append(cmd)
    return list(groups.values())


def _sections() -> list[tuple[str, list[Cmd]]]:
    """The reference's sections: a titled group per first word, the one-word rules commands
    (``/attack``, ``/react`` …) together under :data:`ACTIONS`."""
    sections: dict[str, list[Cmd]] = {}
    for first, _ja, cmds in command_groups():
        sections.setdefault(GROUP_TITLES.get(first, ACTIONS), []).extend(cmds)
    return list(sections.items())


def _cell(text: str) -> str:
    """``text`` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _range(option: Opt) -> str:
    """The allowed values of ``option``: its range, its choices (``value``（label）), or —."""
    if option.low is not None or option.high is not None:
        return f"{option.low}〜{option.high}"
    if option.choices:
        return "、".join(f"`{value}`" + (f"（{label}）" if label != value else "") for value, label in option.choices)
    return "—"


def _option_rows(cmd: Cmd) -> list[str]:
    rows = ["| オプション | 英字名 | 型 | 必須 | 範囲・選択肢 | 説明 |", "|---|---|---|---|---|---|"]
    for o in cmd.options:
        also = f"（`{'`・`'.join(o.aliases)}` でも）" if o.aliases else ""
        rows.append(f"| `{o.ja}` | `{o.name}` | {TYPE_NAMES[o.type]} | {'必須' if o.required else '—'} | "
                    f"{_cell(_range(o))} | {_cell(o.desc)}{also} |")
    return rows


def _command(cmd: Cmd) -> list[str]:
    head = f"### `/{cmd.ja}`（`/{cmd.path}`）"
    facts = [f"使える人: {WHO[permissions.access(cmd.path)]}"]
    if cmd.private:
        facts.append("返事は本人にだけ表示")
    lines = [head, "", cmd.desc, "", "・".join(facts), ""]
    if cmd.options:
        lines += [*_option_rows(cmd), ""]
    return lines


def _defaults(reminder_minutes: int, autoskip_minutes: int) -> dict[str, dict[str, object]]:
    """``{setting: {system id: default}}`` for every setting any rule system knows."""
    found: dict[str, dict[str, object]] = {}
    for name, system in SYSTEMS.items():
        for key, value in kp_settings.defaults(system.settings(), reminder_minutes, autoskip_minutes).items():
            found.setdefault(key, {})[name] = value
    return found


def _default_text(by_system: dict[str, object]) -> str:
    """The default: one value when every rule system has it so (``オン``), else each value
    with the systems that have it (``11（CoC6 ハウスルール）、1（CoC6 基本ルール・CoC6 武道ルール）``)."""
    labels = dict(SYSTEM_CHOICES)
    systems: dict[str, list[str]] = {}
    for name, value in by_system.items():
        systems.setdefault(show_value(value), []).append(labels.get(name, name))
    if len(systems) == 1 and len(by_system) == len(SYSTEMS):
        return next(iter(systems))
    return "、".join(f"{value}（{'・'.join(names)}）" for value, names in systems.items())


def _settings(reminder_minutes: int, autoskip_minutes: int) -> list[str]:
    defaults = _defaults(reminder_minutes, autoskip_minutes)
    lines = ["## KP設定（`/kp setting`）", "",
             "KPが `/kp setting key:項目 value:値` でチャンネルごとに変えます（引数なしで今の値の一覧）。"
             "項目は日本語名でも英字名でも指定できます。既定がルールシステムごとに違うものは、システムごとに書いています。",
             "", "| 項目 | 英字名 | 内容 | 値 | 既定 | 条項 |", "|---|---|---|---|---|---|"]
    for key in [*kp_settings.OPTIONS, *(k for k in defaults if k not in kp_settings.OPTIONS)]:
        option = kp_settings.OPTIONS.get(key)
        names = [alias for alias, name in ALIASES.items() if name == key]
        shown = f"`{names[0]}`" + (f"（`{'`・`'.join(names[1:])}` でも）" if names[1:] else "") if names else "—"
        values = "、".join(f"`{c}`" for c in option.choices) if option and option.choices else _kind(defaults.get(key))
        default = _default_text(defaults[key]) if key in defaults else "—"
        lines.append(f"| {shown} | `{key}` | {_cell(option.label if option else '')} | {_cell(values)} | "
                     f"{_cell(default)} | {option.clause if option else '—'} |")
    return [*lines, ""]


def _kind(by_system: dict[str, object] | None) -> str:
    """What a setting without fixed choices takes, by the type of its default."""
    value = next(iter(by_system.values()), None) if by_system else None
    if isinstance(value, bool):
        return "オン / オフ"
    if isinstance(value, int):
        return "整数"
    if isinstance(value, (list, dict)):
        return "一覧（JSON）"
    return "文字"


def reference(reminder_minutes: int, autoskip_minutes: int) -> str:
    """The whole of docs/commands.md (Markdown, Japanese). ``reminder_minutes`` /
    ``autoskip_minutes``: the bot-wide defaults of the turn timings (bot.config.Settings)."""
    lines = ["# コマンドとチャットの書き方",
             "",
             f"> このファイルはボットのコードから生成しています（手で書き換えないでください）。"
             f"コマンドや設定を変えたら `{REGENERATE}` で書き直します。",
             "",
             "Discord ではコマンド名もオプション名も日本語で表示されます（`/戦闘 開始`）。"
             "英字名（`/battle start`）でも同じです。コンソールではどちらの名前でも打てます。"
             "オプションは `名前:値` で書きます（例: `/攻撃 対象:ゾンビ 武器:こぶし`）。",
             "",
             "## 目次", ""]
    sections = _sections()
    lines += [f"- {title}: " + "、".join(f"`/{c.ja}`" for c in cmds) for title, cmds in sections]
    lines += ["- チャットの書き方", "- KP設定（`/kp setting`）", ""]
    for title, cmds in sections:
        lines += [f"## {title}", ""]
        for cmd in cmds:
            lines += _command(cmd)
    lines += ["## チャットの書き方", "", "戦闘の外で `/help` が表示するものと同じです。", ""]
    lines += [("  " if form.startswith("  ") else "") + "- " + form.strip() for form in CHAT_FORMS[1:]]
    lines += ["", "7版のチャンネル（`/kp setting key:版 value:7`）では:", ""]
    lines += [("  " if form.startswith("  ") else "") + "- " + form.strip() for form in CHAT_FORMS7[1:]]
    lines += ["", *_settings(reminder_minutes, autoskip_minutes)]
    return "\n".join(lines).rstrip("\n") + "\n"
