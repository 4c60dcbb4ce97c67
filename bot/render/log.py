"""The battle log: every step with who did it, every roll, reaction, KP ruling (marked) and
undo, as plain text and as an HTML page in the manner of the chat logs Japanese tables
export (ココフォリア / どどんとふ: one line per message in its speaker's colour, with its tab).
Secret rolls of hidden units are hidden from players' copies.

A session's log (bot.render.session_log) is the same format: its rolls and checks are
entries like a battle's steps (with a time and the KP's secret rolls marked), its battles'
steps are these entries. Long logs come as pages of at most a given size
(:func:`text_pages`, :func:`html_pages`) for Discord's upload limit."""
from __future__ import annotations

import dataclasses
import html
import itertools
import re
from dataclasses import dataclass

from bot.commands.setting_names import show_value, shown_name
from bot.render import battle as render
from bot.render.line_table import LineTable
from rules.battle import events as ev
from rules.battle import keeper as kc
from rules.battle.protocol import BattleView
from rules.battle.steps import Step, StepsReverted, StepsRestored, StepStarted
from rules.coc6.character import Character
from rules.systems.coc6 import events as ce
from rules.systems.coc6.window import DeclarationAnswered, DeclarationsClosed, DeclarationsOpened

SECRET = "🔒シークレットダイス"

_SHOCK_REASON = re.compile(r"\d+ダメージ ≧ 耐久力\d+の半分：")
"""Why a shock check is rolled, as its purpose says it (rules/systems/coc6/damage.py,
「ショック（7ダメージ ≧ 耐久力13の半分：CON×5）」): a hidden unit's HP, left out of the
players' line (「ショック（CON×5）」)."""

_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")
"""Control characters a log file must not hold: C0 (all but the line feed) and C1 controls,
DEL, line/paragraph separators, bidirectional marks and overrides, the byte-order mark."""


def printable(text: str) -> str:
    """``text`` without control characters: CR LF and CR become a line feed, a tab or other
    spacing control a space; the rest (ESC, NUL, BEL, bidi overrides …) are dropped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub(lambda m: " " if m.group() in "\t\x0b\x0c\u2028\u2029" else "", text)


def who(names: dict[str, str], user: str) -> str:
    """A user as a line shows them: their display name when known, else a Discord user id
    as a mention ``<@id>`` (Discord shows the name; lines never ping), else as given."""
    if user in names:
        return names[user]
    return f"<@{user}>" if str(user).isdigit() else user


def keeper_line(e: ev.Event, names: dict[str, str] | None = None) -> str | None:
    """The log line of a keeper event, or None for other events; ``names`` maps user ids
    to display names."""
    return KEEPER(e, names or _NO_NAMES)


_NO_NAMES: dict[str, str] = {}  # read only


def _ruling(e: kc.KeeperRuling, names: dict[str, str]) -> str:
    clause = f"（{e.clause}）" if e.clause else ""
    return f"⚖ KP裁定［{e.action}］{e.detail}{clause}（{who(names, e.by)}）"


def _reverted(e: StepsReverted, names: dict[str, str]) -> str:
    what = "取り消し" if e.reason == "undo" else "上書きのため取り消し"
    return f"⏪ {what}: 手順 {', '.join(map(str, e.steps))}（{who(names, e.by)}）"


KEEPER = LineTable({
    kc.KeeperRuling: _ruling,
    StepsReverted: _reverted,
    StepsRestored: lambda e, names: f"⏩ やり直し: 手順 {', '.join(map(str, e.steps))}（{who(names, e.by)}）",
    kc.KeeperChanged: lambda e, names: f"👑 KPが{who(names, e.keeper)}に交代しました（{who(names, e.by)}）",
    kc.OrderChanged: lambda e, _: f"行動順: {' → '.join(e.order)}",
    kc.SettingChanged: lambda e, names:
        f"⚙ 設定「{shown_name(e.key)}」を {show_value(e.value)} にしました（{who(names, e.by)}）",
})
"""The keeper events' lines by class (bot.render.line_table; the context: display names)."""


def hidden_units(events: list[ev.Event], view: BattleView | None) -> dict[str, int]:
    """``{unit: hp_max}`` of hidden units, from the view and from their joining events."""
    found = {r.name: r.hp_max or 0 for r in (view.rows if view else ()) if r.hidden}
    for e in events:
        if isinstance(e, ev.UnitJoined) and e.hidden and e.unit not in found:
            found[e.unit] = Character.from_dict(e.sheet).hp_max
    return found


def secret_names(events: list[ev.Event]) -> set[str]:
    """The names a players' copy must not see typed: each hidden unit's and the name of the
    sheet it joined with (the KP's NPC sheet, 「黒衣の信者A」)."""
    found = set()
    for e in events:
        if isinstance(e, ev.UnitJoined) and e.hidden:
            found |= {e.unit, str(e.sheet.get("name") or e.unit)}
    return found


def players_label(label: str, events: list[ev.Event], secret: set[str]) -> str:
    """A step's typed ``label`` as players see it: a slash command that adds a hidden unit
    or has an option naming one (or its sheet, ``secret``: :func:`secret_names`) is shown
    as the command alone (``/battle add``, ``/kp set``); chat, said in the channel, and
    button labels as they are. A step that answers a hidden unit's round-start declaration
    (:func:`_asked`: its answer is the KP's secret) shows no label at all ("")."""
    if any(isinstance(e, (ce.Declared, DeclarationAnswered)) and e.unit in secret for e in events):
        return ""
    if not label.startswith("/"):
        return label
    words = label.split(" ")
    path = list(itertools.takewhile(lambda w: ":" not in w, words))
    values = {w.split(":", 1)[1] for w in words[len(path):] if ":" in w}
    if values & secret or any(isinstance(e, ev.UnitJoined) and e.hidden for e in events):
        return " ".join(path)
    return label


def lines(events: list[ev.Event], view: BattleView | None, reveal: bool,
          hidden: dict[str, int] | None = None, names: dict[str, str] | None = None) -> list[str]:
    """The lines of ``events``; without ``reveal`` a hidden unit's checks are 🔒 and its HP
    is a word (無傷, 負傷, 重傷, 瀕死, 死亡), never a number."""
    return [line for line in each_line(events, view, reveal, hidden, names) if line]


def each_line(events: list[ev.Event], view: BattleView | None, reveal: bool,
              hidden: dict[str, int] | None = None, names: dict[str, str] | None = None) -> list[str | None]:
    """The line of each of ``events`` in order, None where it shows none (see :func:`lines`):
    the players' and the KP's copies pair up event by event."""
    hidden = hidden_units(events, view) if hidden is None else hidden
    shown = dataclasses.replace(view, rows=()) if (view and reveal) else view
    redacting = not reveal and hidden  # only then who dies or acts later in the step matters
    dying = dying_ahead(events) if redacting else itertools.repeat(frozenset())
    acting = acting_ahead(events) if redacting else itertools.repeat(None)
    out: list[str | None] = []
    for e, dies, actor in zip(events, dying, acting):
        if isinstance(e, StepStarted):
            out.append(None)
            continue
        line = keeper_line(e, names)
        if redacting and (redacted := _redacted(e, line, hidden, actor)) is not None:
            line = redacted
        if redacting and line is None and getattr(e, "unit", None) in hidden:
            if isinstance(e, ce.CheckRolled):
                line = f"{e.unit} {_SHOCK_REASON.sub('', e.purpose)}：{SECRET}"
            elif isinstance(e, ce.HpChanged):
                line = f"{e.unit}：{render.wound_word(e.after, hidden[e.unit], ('死亡',) if e.unit in dies else ())}"
        if line is None:
            line = render.event_line(e, shown)
        out.append(line or None)
    return out


def dying_ahead(events: list[ev.Event]) -> list[frozenset[str]]:
    """For each of ``events``, the units that die (死亡 added, X-HP-02) later in the same
    step: a hidden unit's wound word for the blow that kills it is 死亡, never 瀕死."""
    ahead: list[frozenset[str]] = []
    dying: frozenset[str] = frozenset()
    for e in reversed(events):
        if isinstance(e, StepStarted):
            dying = frozenset()
        elif isinstance(e, ce.ConditionChanged) and e.added and e.condition == "死亡":
            dying = dying | {e.unit}
        ahead.append(dying)
    return ahead[::-1]


def acting_ahead(events: list[ev.Event]) -> list[str | None]:
    """For each of ``events``, the unit that the first later event of the same step acts
    for (:func:`actor_of`), or None: the unit a /kp allow ruling let act."""
    ahead: list[str | None] = []
    actor: str | None = None
    for e in reversed(events):
        ahead.append(actor)
        actor = None if isinstance(e, StepStarted) else actor_of(e) or actor
    return ahead[::-1]


def acting_for(events: list[ev.Event]) -> str | None:
    """The unit the first of ``events`` that names one acts for (:func:`actor_of`), or None."""
    return next((actor for e in events if (actor := actor_of(e))), None)


def actor_of(e: ev.Event) -> str | None:
    """The unit ``e`` acts for: an attack's attacker, else the event's unit (a declaration's,
    a check's, a reaction's …); None for a step marker or an event naming no unit."""
    if isinstance(e, StepStarted):
        return None
    return getattr(e, "attacker", None) or getattr(e, "unit", None) or None


def _redacted(e: ev.Event, line: str | None, hidden: dict[str, int], actor: str | None = None) -> str | None:
    """A players' line for an event that would show a hidden unit's numbers: its attack
    chance, the dice of its damage (they give away its db), a KP 設定 ruling that names its
    values; or that would show what it is asked or has declared (its options, whether its
    round-start declaration is awaited, its answer: those go to the KP alone), or why the
    KP's /kp allow was needed for it (``actor``: the unit the ruling let act, see
    :func:`acting_ahead`); "" for no line. None when the event shows nothing hidden."""
    if (asked := _asked(e, hidden)) is not None:
        return asked
    if isinstance(e, ce.AttackDeclared) and e.attacker in hidden:
        return f"⚔ {e.attacker} → {e.target}：{e.weapon}で攻撃"
    if isinstance(e, ce.DamageRolled) and e.attacker in hidden and e.unit not in hidden:
        return f"ダメージ：{e.total}"
    if isinstance(e, ce.ReductionRolled) and e.unit in hidden:
        return f"{e.unit}は防御で軽減した（数値はKPのみ）"
    if isinstance(e, ce.WeaponChanged) and e.unit in hidden:
        return f"{e.unit}は武器で受け止めた（数値はKPのみ）"
    if isinstance(e, (ce.AttackResolved, ce.PendingClosed)) and any(w in e.outcome for w in ("装甲", "耐久力", "軽減")):
        name = next((n for n in hidden if n in e.outcome), None)
        if name:
            return f"→ {name}への攻撃の処理が終わった（数値はKPのみ）"
    if isinstance(e, kc.KeeperRuling) and (e.action == "設定" and any(name in e.detail for name in hidden)
                                          or e.action == "許可" and actor in hidden):
        return f"⚖ KP裁定［{e.action}］非公開のNPCについて（詳細はKPのみ）"
    return None


def _asked(e: ev.Event, hidden: dict[str, int]) -> str | None:
    """The players' line of a round-start window event (a hidden unit's declaration or
    「宣言しない」 included: players learn of a parry when it parries) or handed-over question
    event that names hidden units (:func:`_redacted`), "" for none; None when it names none."""
    if isinstance(e, DeclarationsOpened) and any(u in hidden for u in e.units):
        units = [u for u in e.units if u not in hidden]
        return render.window_line(dataclasses.replace(e, units=units)) if units else ""
    if isinstance(e, DeclarationsClosed) and any(u in hidden for u in e.silent):
        silent = [u for u in e.silent if u not in hidden]  # none: it closed for hidden NPCs alone
        return render.window_line(dataclasses.replace(e, silent=silent)) if silent else ""
    if isinstance(e, (DeclarationAnswered, ce.Declared)) and e.unit in hidden:
        return ""
    if isinstance(e, ce.PendingHandedOver) and e.unit in hidden:
        return f"{e.unit}の対応を待っています。"
    return None


@dataclass(frozen=True)
class Entry:
    """One step in the log: ``number``, ``by`` (display name), ``label`` (the command typed),
    ``lines``, ``keeper`` (a KP ruling or bookkeeping), ``undone`` (taken back later);
    in a session's log also ``time`` (``21:03``, shown instead of the step number), ``tab``
    (ココフォリア's tab: ``main``, or the battle, ``戦闘1``) and ``secret`` (a secret roll:
    only the KP's copy has it); ``kind``: ``say`` for a line spoken as a character (its
    ``portrait``: a key of the page's portraits, or ""), ``ooc`` for a player's aside (tab
    雑談), "" for everything else (issue 31)."""

    number: int
    by: str
    label: str
    lines: tuple[str, ...]
    keeper: bool
    undone: bool
    time: str = ""
    tab: str = "main"
    secret: bool = False
    kind: str = ""
    portrait: str = ""


def entries(steps: list[Step], view: BattleView | None, reveal: bool) -> list[Entry]:
    """The log entries of a battle's steps (undone ones kept and marked); without
    ``reveal`` the labels are the players' (:func:`players_label`)."""
    every = [e for s in steps for e in s.events]
    hidden = hidden_units(every, view)
    secret = secret_names(every)
    names = {s.by: s.speaker for s in steps if s.speaker}
    found = []
    for step in steps:
        body = lines(step.events, view, reveal, hidden, names)
        label = step.label if reveal else players_label(step.label, step.events, secret)
        if not body and not label:
            continue
        keeper = any(isinstance(e, (kc.KeeperRuling, StepsReverted, StepsRestored, kc.SettingChanged,
                                    kc.KeeperChanged)) for e in step.events)
        found.append(Entry(step.number, names.get(step.by, step.by), label, tuple(body), keeper,
                           not step.active))
    return found


def text_log(items: list[Entry], title: str) -> str:
    """The log as plain text: ``[手順 N] 名前: /command`` (in a session's log ``[21:03]
    [戦闘1] 名前: …``) then the indented lines (no control characters but line feeds, see
    :func:`printable`)."""
    return _text_page(title, [_text_item(item) for item in items])


def _text_page(title: str, blocks: list[str]) -> str:
    return printable("\n".join([title, "=" * 40, *blocks])) + "\n"


def _text_item(item: Entry) -> str:
    if item.kind in ("say", "ooc"):  # as ココフォリア's log reads: [main] アリス : こんにちは
        tab = f" [{item.tab}]" if item.tab != "main" else ""
        lines = "\n".join(item.lines).replace("\n", "\n    ")
        return f"[{item.time}]{tab} {item.by}: {lines}"
    mark = "［KP裁定］" if item.keeper else ""
    undone = "［取り消し済み］" if item.undone else ""
    secret = "［シークレット］" if item.secret else ""
    where = f"[{item.time}]" + (f" [{item.tab}]" if item.tab != "main" else "") if item.time else f"[手順 {item.number}]"
    out = [f"{where} {item.by}{mark}{undone}{secret}: {item.label}".rstrip(": ")]
    out.extend(f"    {line}" for line in item.lines)
    return "\n".join(out)


def text_pages(items: list[Entry], title: str, limit: int, preface: tuple[str, ...] = ()) -> list[str]:
    """:func:`text_log` in pages of at most ``limit`` bytes (UTF-8) each, whole entries
    per page, each page titled 「（2/3）」 when there are several; one page for a short log.
    ``preface``: lines shown first, under 【集計】 (a session's statistics)."""
    first = printable("\n".join(["【集計】", *preface, "-" * 40])) if preface else None
    return _pages(title, items, _text_item, _text_page, limit, first)


STYLE = """
body{background:#1e1f22;color:#dcdcdc;font-family:"Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK JP",Meiryo,sans-serif;
margin:0;padding:24px;line-height:1.7}
h1{font-size:20px;color:#fff;border-bottom:1px solid #444;padding-bottom:8px}
p{margin:0 0 6px 0;padding:6px 10px;border-radius:6px;background:#2b2d31}
p .tab{color:#8a8a8a;margin-right:6px}
p .name{font-weight:bold;margin-right:4px}
p .cmd{color:#9ecbff}
p{border-left:4px solid var(--c,#7fd1ae)}
p .name{color:var(--c,#7fd1ae)}
p .time{color:#8a8a8a;margin-right:6px;font-size:12px}
p.kp{background:#3a2f1c;border-left:4px solid #e0a030}
p.kp .name{color:#ffcc66}
p.secret{background:#2c2438;border-left:4px dashed #b48cff}
.badge.secret{background:#b48cff}
p.undone{opacity:.55}
div.stats{margin:0 0 14px 0;padding:8px 12px;border-radius:6px;background:#24323a;border-left:4px solid #66d9e8}
div.stats .name{font-weight:bold;color:#66d9e8}
p.undone .body{text-decoration:line-through}
p.say{display:flex;gap:10px;align-items:flex-start;background:#2b2d31}
p.say .face{flex:0 0 48px;width:48px;height:48px;border-radius:8px;background-color:#3a3c42;background-position:center;background-size:cover;background-repeat:no-repeat}
p.say .text{flex:1}
p.ooc{background:#232428;border-left:4px dotted #6b6f78;color:#a0a4ab;font-size:13px;margin-left:58px}
p.ooc .name{color:#a0a4ab;font-weight:normal}
.badge{display:inline-block;font-size:11px;padding:0 6px;margin-left:6px;border-radius:8px;background:#e0a030;color:#1e1f22}
.badge.undo{background:#888}
.body{display:block;white-space:pre-wrap;margin-top:2px}
"""


PALETTE = ("#7fd1ae", "#8ab4ff", "#ff8a8a", "#e8c46b", "#d79bff", "#66d9e8", "#ff9f5a", "#b5e06b",
           "#f78fb3", "#a0a8ff", "#9fe0d0", "#ffb3d9")
"""The speakers' colours, in the order they first speak (a colour per character, as
ココフォリア's logs have; all legible on the page's dark background)."""


def speaker_colours(items: list[Entry]) -> dict[str, str]:
    """``{speaker: colour}``: :data:`PALETTE` in order of first appearance (round again
    after twelve)."""
    colours: dict[str, str] = {}
    for item in items:
        if item.by not in colours and item.kind != "ooc":  # an aside is the player's, in grey
            colours[item.by] = PALETTE[len(colours) % len(PALETTE)]
    return colours


def html_log(items: list[Entry], title: str, portraits: dict[str, str] | None = None) -> str:
    """The log as a standalone HTML page (UTF-8, inline CSS, no scripts, no control
    characters but line feeds); each speaker's name and line in their own colour; a line
    spoken as a character beside its portrait (``portraits``: ``{key: image address}``, a
    ``data:`` URI of a kept picture or an https URL)."""
    colours = speaker_colours(items)
    return _html_page(title, [_html_item(item, colours) for item in items], _portrait_style(portraits))


def html_pages(items: list[Entry], title: str, limit: int, preface: tuple[str, ...] = (),
               portraits: dict[str, str] | None = None) -> list[str]:
    """:func:`html_log` in pages of at most ``limit`` bytes (UTF-8) each: whole entries per
    page, every page a standalone document titled 「（2/3）」 when there are several, a
    speaker's colour the same on every page (and the ``portraits`` in every page's style);
    ``preface`` lines first, in a 集計 box."""
    colours = speaker_colours(items)
    first = (printable('<div class="stats"><span class="name">集計</span>'
                       f'<span class="body">{html.escape(chr(10).join(preface))}</span></div>') if preface else None)
    style = _portrait_style(portraits)
    return _pages(title, items, lambda item: _html_item(item, colours),
                  lambda page_title, blocks: _html_page(page_title, blocks, style), limit, first)


def _portrait_style(portraits: dict[str, str] | None) -> str:
    """The CSS that puts each portrait on its entries (``.face.pt-<key>``): every picture
    once per page, however many lines show it."""
    rules = []
    for key, address in (portraits or {}).items():
        if re.fullmatch(r"[\w-]+", key) and re.fullmatch(r"(?:data:image/png;base64,[A-Za-z0-9+/=]+|https://[^\s\"'()\\]+)",
                                                          address):
            rules.append(f'.face.pt-{key}{{background-image:url("{address}")}}')
    return "\n".join(rules)


def _html_page(title: str, blocks: list[str], style: str = "") -> str:
    out = ["<!DOCTYPE html>", '<html lang="ja"><head><meta charset="utf-8">',
           f"<title>{html.escape(title)}</title><style>{STYLE}{style}</style></head><body>",
           f"<h1>{html.escape(title)}</h1>", *blocks, "</body></html>"]
    return printable("\n".join(out)) + "\n"


def _html_spoken(item: Entry, colours: dict[str, str]) -> str:
    """A line spoken as a character (its portrait, name and words), or a player's aside."""
    time = f'<span class="time">{html.escape(item.time)}</span>'
    body = html.escape("\n".join(item.lines))
    anchor = html.escape(f"{item.tab}-{item.number}")
    if item.kind == "ooc":
        return (f'<p class="ooc" id="{anchor}">{time}<span class="tab">[{html.escape(item.tab)}]</span>'
                f'<span class="name">{html.escape(item.by)}</span>：<span class="body">{body}</span></p>')
    face = f' pt-{html.escape(item.portrait)}' if item.portrait else ""
    return (f'<p class="say" id="{anchor}" style="--c:{colours.get(item.by, PALETTE[0])}">'
            f'<span class="face{face}"></span><span class="text">{time}'
            f'<span class="name">{html.escape(item.by)}</span>'
            f'<span class="body">{body}</span></span></p>')


def _html_item(item: Entry, colours: dict[str, str]) -> str:
    if item.kind in ("say", "ooc"):
        return _html_spoken(item, colours)
    classes = ["kp" if item.keeper else "player"] + (["undone"] if item.undone else []) + \
              (["secret"] if item.secret else [])
    badges = ('<span class="badge">KP裁定</span>' if item.keeper else "") + \
             ('<span class="badge undo">取り消し済み</span>' if item.undone else "") + \
             ('<span class="badge secret">シークレット（KPのみ）</span>' if item.secret else "")
    body = html.escape("\n".join(item.lines))
    time = f'<span class="time">{html.escape(item.time)}</span>' if item.time else ""
    anchor = f"{item.tab}-{item.number}" if item.time else f"step-{item.number}"
    return (f'<p class="{" ".join(classes)}" id="{html.escape(anchor)}" style="--c:{colours.get(item.by, PALETTE[0])}">'
            f'{time}<span class="tab">[{html.escape(item.tab)}]</span>'
            f'<span class="name">{html.escape(item.by or "bot")}</span>：'
            f'<span class="cmd">{html.escape(item.label)}</span>{badges}'
            f'<span class="body">{body}</span></p>')


def _pages(title: str, items: list[Entry], block, page, limit: int, first: str | None = None) -> list[str]:
    """``items`` rendered by ``block(item)`` and laid out on pages by ``page(title, blocks)``
    of at most ``limit`` bytes each (an entry too big for a page alone has its label and
    lines cut to fit, marked 「…（長すぎるため省略）」), after the block ``first`` if given
    (it must fit a page). Raises ValueError for a ``limit`` that cannot hold the page
    itself, ``first`` and a short entry."""
    room = limit - len(page(f"{title}（999/999）", []).encode())
    used = len(first.encode()) + 1 if first else 0
    if room - used < 600:
        raise ValueError(f"pages of {limit} bytes are too small for this log")
    groups: list[list[str]] = [[first] if first else []]
    for item in items:
        text = printable(block(item))
        size = len(text.encode()) + 1
        body = "\n".join(item.lines)
        for _ in range(20):  # escaping may make the cut body bigger again: cut until it fits
            if size <= room:
                break
            keep = max(0, len(body.encode()) - (size - room) - 100)
            body = _cut(body, keep if keep else len(body.encode()) // 2)
            item = dataclasses.replace(item, label=_cut(item.label, 200), lines=(body,))
            text = printable(block(item))
            size = len(text.encode()) + 1
        if used + size > room and groups[-1]:
            groups.append([])
            used = 0
        groups[-1].append(text)
        used += size
    if len(groups) == 1:
        return [page(title, groups[0])]
    return [page(f"{title}（{n}/{len(groups)}）", group) for n, group in enumerate(groups, 1)]


def _cut(block: str, size: int) -> str:
    """``block`` shortened to at most ``size`` bytes (UTF-8) with a note."""
    note = "…（長すぎるため省略）"
    if len(block.encode()) <= size:
        return block
    raw = block.encode()[: max(0, size - len(note.encode()))]
    return raw.decode(errors="ignore") + note
