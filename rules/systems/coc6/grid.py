"""The battle map: squares written column letter + row number (``C4``), 1 square = 1 m
(H-UNIT-01); distances count every step, diagonal or not, as 1 square (X-REACH-01);
touch = the same square (X-TOUCH-01). Pure geometry plus :func:`board`, the picture of a
battle that the map renderers draw. Units are read by their ``square``, ``hp``, ``hp_max``
and conditions, so any CoC state with ``units`` and ``objects`` has a board (the 7th
edition's too, rules.systems.coc7)."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rules.errors import InvalidInput
from rules.systems.coc6.state import CocState, CocUnit

Square = tuple[int, int]
"""(column, row), both 0-based: ``A1`` = (0, 0), ``C4`` = (2, 3)."""

WALL, COVER = "壁", "遮蔽物"
OBJECT_KINDS = (COVER, WALL)

MELEE_REACH = 1
"""X-REACH-01: unarmed and hand-held melee attacks reach the same or an adjacent square."""


def parse_square(text: str) -> Square:
    """``"C4"`` → (2, 3). Accepts lower case and full-width input; raises InvalidInput."""
    key = unicodedata.normalize("NFKC", text or "").strip().upper()
    match = re.fullmatch(r"([A-Z])\s*(\d{1,2})", key)
    if not match or int(match.group(2)) < 1:
        raise InvalidInput(f"マス「{text}」は読めません。列の英字と行の数字で書いてください（例: C4）。")
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


def square_name(square: Square) -> str:
    """(2, 3) → ``"C4"``."""
    col, row = square
    return f"{chr(ord('A') + col)}{row + 1}"


def normalize(text: str) -> str:
    """The canonical spelling of a square (``"ｃ４"`` → ``"C4"``); raises InvalidInput."""
    return square_name(parse_square(text))


def parse_squares(text: str) -> list[str]:
    """A square or a straight/rectangular run ``"A1-A5"`` → every square name in it."""
    parts = re.split(r"[-~〜－]", unicodedata.normalize("NFKC", text or ""))
    if len(parts) == 1:
        return [normalize(parts[0])]
    if len(parts) != 2:
        raise InvalidInput(f"マスの範囲「{text}」は読めません（例: A1-A5）。")
    (c1, r1), (c2, r2) = parse_square(parts[0]), parse_square(parts[1])
    return [square_name((c, r)) for r in range(min(r1, r2), max(r1, r2) + 1)
            for c in range(min(c1, c2), max(c1, c2) + 1)]


def distance(a: str, b: str) -> int:
    """Squares between ``a`` and ``b`` counting diagonal steps as 1 (X-REACH-01)."""
    (c1, r1), (c2, r2) = parse_square(a), parse_square(b)
    return max(abs(c1 - c2), abs(r1 - r2))


def between(a: str, b: str) -> list[str]:
    """The squares a straight line from ``a`` to ``b`` crosses, ends excluded."""
    (c1, r1), (c2, r2) = parse_square(a), parse_square(b)
    steps = max(abs(c2 - c1), abs(r2 - r1))
    seen = []
    for i in range(1, steps):
        col = c1 + round((c2 - c1) * i / steps)
        row = r1 + round((r2 - r1) * i / steps)
        name = square_name((col, row))
        if name not in seen:
            seen.append(name)
    return seen


def direction(a: str, b: str) -> Square:
    """The unit step from ``a`` towards ``b`` (each of dx, dy in −1..1); (0, 0) if equal."""
    (c1, r1), (c2, r2) = parse_square(a), parse_square(b)
    sign = lambda v: (v > 0) - (v < 0)  # noqa: E731
    return sign(c2 - c1), sign(r2 - r1)


def step(square: str, delta: Square) -> str | None:
    """The square one step from ``square`` along ``delta``, or None off the lettered map."""
    col, row = parse_square(square)
    col, row = col + delta[0], row + delta[1]
    if not (0 <= col < 26 and 0 <= row < 99):
        return None
    return square_name((col, row))


def object_at(state: CocState, square: str) -> tuple[str, dict] | None:
    """The object ``(name, {"kind", "siz", "square"})`` on ``square``, walls first, or None."""
    found = [(n, o) for n, o in state.objects.items() if o.get("square") == square]
    found.sort(key=lambda item: item[1].get("kind") != WALL)
    return found[0] if found else None


def obstacle_between(state: CocState, a: str, b: str) -> str | None:
    """The name of a cover object 「遮蔽物」 on the line from ``a`` to ``b`` (H-FIRE-02: shoot
    past it at −20%), or None. A wall is not cover (:func:`wall_between`)."""
    for square in between(a, b):
        found = [n for n, o in state.objects.items() if o.get("square") == square and o.get("kind") != WALL]
        if found:
            return found[0]
    return None


def wall_between(state: CocState, a: str, b: str) -> tuple[str, str] | None:
    """``(name, square)`` of the first wall 「壁」 on the line from ``a`` to ``b``, or None: no
    line of fire passes through a wall square (seed 000 keeps 壁 apart from 遮蔽物; X-LOF-01)."""
    for square in between(a, b):
        hit = object_at(state, square)
        if hit is not None and hit[1].get("kind") == WALL:
            return hit[0], square
    return None


def path_length(state: CocState, start: str, dest: str, mover: str = "") -> int | None:
    """X-REACH-01: the squares of the shortest path from ``start`` to ``dest`` (each step,
    diagonal or not, 1 square) over free squares of the map: no object (wall or cover) is
    entered; no square held by another unit than ``mover`` is crossed (``dest`` may be one:
    units may share a square, X-TOUCH-01); no diagonal step passes between two walls.
    None when no path leads there within the map (:func:`size`, widened to hold ``dest``)."""
    if start == dest:
        return 0
    width, height = size(state)
    (c0, r0), (c1, r1) = parse_square(start), parse_square(dest)
    width, height = max(width, c1 + 1, c0 + 1), max(height, r1 + 1, r0 + 1)
    objects = {parse_square(o["square"]): o.get("kind", COVER) for o in state.objects.values() if o.get("square")}
    held = {parse_square(u.square) for u in state.units.values()
            if getattr(u, "square", None) and u.id != mover}
    goal = (c1, r1)
    if goal in objects:
        return None
    seen = {(c0, r0): 0}
    frontier = [(c0, r0)]
    while frontier:
        following = []
        for col, row in frontier:
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    nxt = (col + dc, row + dr)
                    if nxt in seen or not (0 <= nxt[0] < width and 0 <= nxt[1] < height) or nxt in objects:
                        continue
                    if dc and dr and objects.get((col + dc, row)) == WALL and objects.get((col, row + dr)) == WALL:
                        continue  # squeezing diagonally between two walls
                    seen[nxt] = seen[(col, row)] + 1
                    if nxt == goal:
                        return seen[nxt]
                    if nxt not in held:
                        following.append(nxt)
        frontier = following
    return None


def apart(state: CocState, one: CocUnit, other: CocUnit) -> int | None:
    """Squares between two units, or None when either has no square (the KP's call)."""
    if one.square is None or other.square is None:
        return None
    return distance(one.square, other.square)


@dataclass(frozen=True)
class Piece:
    """A unit on the board: ``name``, ``square``, ``label`` (its initials), ``side`` PC/NPC,
    ``state`` (無傷, 負傷, 重傷, 瀕死, 気絶, 死亡 …), ``turn`` (it is acting now)."""

    name: str
    square: str
    label: str
    side: str
    state: str
    turn: bool


@dataclass(frozen=True)
class Thing:
    """An object on the board: ``name``, ``kind`` (遮蔽物 or 壁), ``square``, ``siz``."""

    name: str
    kind: str
    square: str
    siz: int | None


@dataclass(frozen=True)
class Board:
    """What a map picture shows: ``width`` × ``height`` squares, ``pieces``, ``things``,
    units without a square (``off_map``), the round and whose turn it is."""

    width: int
    height: int
    pieces: tuple[Piece, ...]
    things: tuple[Thing, ...]
    off_map: tuple[str, ...]
    round: int
    turn: str | None


def _hp_state(unit: CocUnit) -> str:
    for condition in ("死亡", "気絶", "ノックアウト"):
        if condition in unit.conditions:
            return condition
    if unit.hidden:
        return "不明"
    ratio = unit.hp / unit.hp_max if unit.hp_max else 1
    return "無傷" if ratio >= 1 else "負傷" if ratio >= 0.5 else "重傷" if ratio >= 0.2 else "瀕死"


def initials(name: str, taken: set[str]) -> str:
    """A one-character label for ``name``: its first character, else its last (信者A → A),
    else any other of its characters, else a digit."""
    for label in (name[:1], name[-1:], *name[1:-1], *"123456789"):
        if label and label not in taken:
            return label
    return name[:1]


def size(state: CocState, minimum: int = 6) -> Square:
    """(width, height) in squares of the map of ``state``: big enough for every square in
    use plus one, at least ``minimum`` × ``minimum``, at most 26 × 99 (A1〜Z99)."""
    used = [u.square for u in state.units.values() if getattr(u, "square", None)]
    used += [o["square"] for o in state.objects.values() if o.get("square")]
    cols = [parse_square(s)[0] for s in used] or [0]
    rows = [parse_square(s)[1] for s in used] or [0]
    return min(26, max(minimum, max(cols) + 2)), min(99, max(minimum, max(rows) + 2))


def outside(state: CocState, square: str) -> str | None:
    """Why ``square`` cannot be moved to: off the map as drawn now (:func:`size`; the KP's
    ``/kp place`` may put units anywhere and so widen it), e.g. ``「Z99 はマップの外です（A1〜F6）」``;
    None on the map."""
    width, height = size(state)
    col, row = parse_square(square)
    if col < width and row < height:
        return None
    return f"{square} はマップの外です（A1〜{square_name((width - 1, height - 1))}）。"


def board(state: CocState, minimum: int = 6) -> Board:
    """The board of ``state``, :func:`size` squares."""
    width, height = size(state, minimum)
    taken: set[str] = set()
    pieces, off = [], []
    for unit in state.units.values():
        if getattr(unit, "square", None) is None:
            off.append(unit.id)
            continue
        label = initials(unit.id, taken)
        taken.add(label)
        pieces.append(Piece(unit.id, unit.square, label, unit.side, _hp_state(unit),
                            unit.id == state.turn))
    things = tuple(Thing(n, o.get("kind", COVER), o["square"], o.get("siz"))
                   for n, o in state.objects.items() if o.get("square"))
    return Board(width, height, tuple(pieces), things, tuple(off), state.round, state.turn)
