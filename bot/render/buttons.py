"""Custom ids of the bot's buttons: ``cb:<battle id>:<question key>:<choice code>``.

The id carries everything needed to act on a click, so a button keeps working after a
restart (discord.py ``DynamicItem``); the service re-checks it against the database.
"""
from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass

PATTERN = re.compile(r"cb:(?P<battle>\d+):(?P<key>[^:]{1,60}):(?P<choice>[a-z0-9_]{1,20})")
"""The regular expression of a custom id (also the DynamicItem template)."""

CHOICES = {
    "回避": "dodge", "受け流し": "parry", "なし": "none", "防御": "block", "隠れる": "hide",
    "かばう": "cover", "武道": "budo", "ターン終了": "end", "戦闘終了": "finish", "結果を公開": "publish",
    "カウンター": "cr_counter", "インターセプト": "cr_intercept", "カバーリング": "cr_covering", "妨害": "cr_obstruct",
    "反撃": "counter", "継続回避": "extra_dodge", "回避（+30%）": "dodge_focus",
    "防御（+30%）": "block_focus", "受け流し（+30%）": "parry_focus", "隠れる（+30%）": "hide_focus",
    "組み付き": "grapple", "吹き飛ばし": "knock_away",  # the tackler's choice (H-MA-TACKLE-06)
    "回避カウンター": "dodge_counter", "カウンター攻撃": "counter_strike",  # coc6-budo (B-COUNTER-01/03)
    "押し倒し": "push_down",  # coc6-budo tackle (B-TACKLE-03)
    "宣言しない": "no_declare", "宣言を締め切る": "close_declare",
    "以後宣言しない": "no_declare_on", "宣言…": "declare_menu",  # the round-start window
    "戦闘を終える": "end_confirm", "続ける": "end_keep",  # /battle end's confirmation
}
LABELS = {code: label for label, code in CHOICES.items()}


@dataclass(frozen=True)
class ButtonId:
    """A decoded custom id: ``battle`` id, question ``key`` (``a3`` = attack 3,
    ``t2-アリス`` = アリス's turn in round 2, ``end`` = battle end) and ``choice`` code."""

    battle: int
    key: str
    choice: str

    def matches(self, key: str) -> bool:
        """Whether this button answers the question ``key`` (also one too long to ride in a
        custom id, which carries its hash: :func:`key_code`)."""
        return self.key == key or (self.key.startswith(HASHED) and key_code(key) == self.key)

    @property
    def label(self) -> str:
        """The label of a fixed choice code (the code itself for a label-derived one)."""
        return LABELS.get(self.choice, self.choice)


@functools.lru_cache(maxsize=4096)  # a pure function of the label; the same labels come every turn
def choice_code(label: str) -> str:
    """The code of a button label: the fixed one of :data:`CHOICES`, else ``x`` and a hash
    of the label (such as ``受け流し：サーベル``), which the service matches against the
    question's options when the button is pressed."""
    return CHOICES.get(label) or "x" + hashlib.sha256(label.encode("utf-8")).hexdigest()[:12]


@functools.lru_cache(maxsize=1024)  # a question's options come again every round
def _choice_codes(labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(map(choice_code, labels))


MAX_KEY = 60
"""The longest question key a custom id carries (characters)."""
MAX_CHOICES = 25
"""The most buttons one message carries (Discord: 5 rows of 5)."""


HASHED = "~"
"""The mark of a question key carried as its hash (:func:`key_code`)."""


def key_code(key: str) -> str:
    """How a question key rides in a custom id: any character works (``:`` and ``%`` are
    escaped as ``%3A`` and ``%25``, so a unit named ``ゾンビ:A`` keeps its buttons); a key
    longer than :data:`MAX_KEY` once escaped is carried as ``~`` and a hash of it, matched
    against the open questions when pressed (:meth:`ButtonId.matches`)."""
    escaped = key.replace("%", "%25").replace(":", "%3A")
    if len(escaped) <= MAX_KEY:
        return escaped
    return HASHED + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def carries(key: str) -> bool:
    """Whether ``key`` rides in a custom id whole (not as a hash): what a button that must
    read its key back (a chat clarification's declaration) needs."""
    return not key_code(key).startswith(HASHED) or key.startswith(HASHED)


def _key_text(code: str) -> str:
    return code.replace("%3A", ":").replace("%25", "%")


def encode_key(battle: int, key: str, code: str) -> str:
    """The custom id of a button whose ``key`` carries its meaning and whose choice is the
    fixed ``code`` (a chat clarification: key = the declaration's text, code ``chat``)."""
    custom_id = f"cb:{battle}:{key_code(key)}:{code}"
    assert len(custom_id) <= 100
    return custom_id


def encode(battle: int, key: str, label: str) -> str:
    """The custom id for ``label`` on question ``key`` of ``battle`` (≤ 100 characters)."""
    return encode_each(battle, key, (label,))[0]


def encode_each(battle: int, key: str, labels: Iterable[str]) -> list[str]:
    """The custom ids of ``labels`` on question ``key`` of ``battle``, in order, each as
    :func:`encode` makes it (≤ 100 characters); the key's part is made once for them all
    (a round-start window has eight buttons per unit)."""
    head = f"cb:{battle}:{key_code(key)}:"
    ids = [head + code for code in _choice_codes(tuple(labels))]
    assert len(head) <= 100 - MAX_CODE or all(len(custom_id) <= 100 for custom_id in ids)
    return ids


MAX_CODE = 20
"""The longest choice code (:func:`choice_code`: a fixed one of :data:`CHOICES` or ``x`` and
12 hex digits; :data:`PATTERN` reads at most 20)."""
assert all(len(code) <= MAX_CODE for code in CHOICES.values())


def label_of(choice: str, options) -> str | None:
    """The label among ``options`` whose code is ``choice`` (fixed codes first), or None."""
    if choice in LABELS:
        return LABELS[choice]
    return next((o for o in options if choice_code(o) == choice), None)


DECLARATION_KEY = re.compile(r"d\d+-.+")
"""A unit's round-start declaration (``d1-アリス``): one of several questions in the
window's message (bot.render.window); any other message holds one question."""


def answered_with(clicked: str, other: str) -> bool:
    """Whether the button ``other`` (custom id) of the clicked message is answered by the
    click on ``clicked``: in the round-start window only that unit's buttons (the others
    stay for their players), in any other message every button. Ids that are not the
    bot's count as answered."""
    pressed, button = decode(clicked), decode(other)
    if pressed is None or button is None or not DECLARATION_KEY.fullmatch(pressed.key):
        return True
    return button.key == pressed.key


def decode(custom_id: str) -> ButtonId | None:
    """The parts of a custom id made by :func:`encode`, or None if it is not one."""
    match = PATTERN.fullmatch(custom_id or "")
    if not match:
        return None
    key = match["key"]
    return ButtonId(int(match["battle"]), key if key.startswith(HASHED) else _key_text(key), match["choice"])
