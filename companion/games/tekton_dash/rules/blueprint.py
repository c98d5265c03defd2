"""Blueprints as data, and whether a board matches one.

A Blueprint file (TOML) gives its two sides, each a pattern of rows on the 5x5 board, one
letter a cell: ``R`` red, ``B`` blue, ``Y`` yellow, ``G`` green, ``.`` no tile::

    name = "Step"
    example = true            # made for testing, not a card from the box
    green = \"\"\"
    R B
    . Y
    \"\"\"
    red = \"\"\"
    G . G
    . R .
    \"\"\"

A side is complete when the board holds exactly its tiles: each pattern cell with a tile of
its colour (either side up) and no other tile anywhere ("without any excess Tiles", 362).
Where on the board the pattern may lie is a ruling (``blueprint_fit``): ``shift`` (the
default: anywhere, never turned, as the rulebook reads), ``fixed`` (as drawn, from the
board's top-left) or ``shift-and-turn`` (also turned a quarter, half or three quarters).

>>> bp = parse_pattern("R B\\n. Y")
>>> check({(1, 1): "red", (1, 2): "blue", (2, 2): "yellow"}, bp).complete
True
>>> c = check({(1, 1): "red", (2, 2): "yellow", (4, 4): "green"}, bp)
>>> c.complete, c.missing, c.extra, c.correct
(False, {(1, 2): 'blue'}, [(4, 4)], 2)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from companion.games.tekton_dash.rules.board import SIZE

LETTERS = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
EMPTY = {".", "-", "_"}
Pattern = dict  # (row, col) -> kind
FOLDER = Path(__file__).resolve().parents[1] / "blueprints"


class BlueprintError(ValueError):
    pass


def parse_pattern(text: str, source: str = "pattern") -> Pattern:
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    if not rows or len(rows) > SIZE or any(len(r) > SIZE for r in rows):
        raise BlueprintError(f"{source}: a pattern is 1 to {SIZE} rows of 1 to {SIZE} cells")
    out = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch.upper() in LETTERS:
                out[(r, c)] = LETTERS[ch.upper()]
            elif ch not in EMPTY:
                raise BlueprintError(f"{source}: {ch!r} at row {r + 1}: use R, B, Y, G or .")
    if not out:
        raise BlueprintError(f"{source}: the pattern has no tile")
    return out


@dataclass(frozen=True)
class Blueprint:
    name: str
    green: Pattern
    red: Pattern
    example: bool = False

    def side(self, colour: str) -> Pattern:
        return self.green if colour == "green" else self.red

    def as_data(self) -> dict:
        def text(p):
            h, w = max(r for r, _ in p) + 1, max(c for _, c in p) + 1
            inv = {v: k for k, v in LETTERS.items()}
            return "\n".join(" ".join(inv[p[(r, c)]] if (r, c) in p else "." for c in range(w)) for r in range(h))
        return {"name": self.name, "green": text(self.green), "red": text(self.red), "example": self.example}


def blueprint_from_dict(data: dict, source: str = "blueprint") -> Blueprint:
    try:
        return Blueprint(str(data["name"]), parse_pattern(str(data["green"]), f"{source} green"),
                         parse_pattern(str(data["red"]), f"{source} red"), bool(data.get("example", False)))
    except KeyError as exc:
        raise BlueprintError(f"{source}: missing {exc.args[0]!r} (name, green and red are needed)") from None


def load_blueprint(name_or_path: str) -> Blueprint:
    """A shipped Blueprint by name (blueprints/NAME.toml) or a TOML file of your own."""
    path = FOLDER / f"{name_or_path}.toml"
    if not path.exists():
        path = Path(name_or_path).expanduser()
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BlueprintError(f"cannot read Blueprint {name_or_path!r}: {exc}") from None
    return blueprint_from_dict(data, path.name)


def shipped() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.toml"))


@dataclass(frozen=True)
class Check:
    complete: bool
    correct: int                                  # pattern cells with the right tile, at the best placement
    missing: dict = field(default_factory=dict)   # board cell -> the kind it needs
    extra: list = field(default_factory=list)     # board cells with a tile the pattern does not want there
    placement: tuple = (0, 0, 0)                  # (row shift, col shift, quarter turns)


def _turn(p: Pattern, quarters: int) -> Pattern:
    out = dict(p)
    for _ in range(quarters % 4):
        out = {(c, -r): k for (r, c), k in out.items()}
    r0, c0 = min(r for r, _ in out), min(c for _, c in out)
    return {(r - r0, c - c0): k for (r, c), k in out.items()}


def placements(pattern: Pattern, fit: str = "shift"):
    """Every (row shift, col shift, turns, placed pattern) the ruling allows on the board."""
    turns = range(4) if fit == "shift-and-turn" else range(1)
    seen = set()
    for q in turns:
        p = _turn(pattern, q) if q else pattern
        h, w = max(r for r, _ in p) + 1, max(c for _, c in p) + 1
        shifts = [(0, 0)] if fit == "fixed" else [(dr, dc) for dr in range(SIZE - h + 1) for dc in range(SIZE - w + 1)]
        for dr, dc in shifts:
            placed = {(r + dr, c + dc): k for (r, c), k in p.items()}
            key = frozenset(placed.items())
            if key not in seen:                  # a symmetric pattern turned onto itself counts once
                seen.add(key)
                yield dr, dc, q, placed


def check(board: dict, pattern: Pattern, fit: str = "shift") -> Check:
    """``board``: cell -> kind (a reading or the race's board). The placement with the most
    right tiles (then the fewest extra) is the one reported."""
    best = None
    for dr, dc, q, placed in placements(pattern, fit):
        correct = sum(1 for cell, k in placed.items() if board.get(cell) == k)
        extra = sorted(cell for cell in board if cell not in placed or board[cell] != placed[cell])
        key = (correct, -len(extra))
        if best is None or key > best[0]:
            missing = {cell: k for cell, k in placed.items() if board.get(cell) != k}
            best = (key, Check(correct == len(placed) and not extra, correct, missing, extra, (dr, dc, q)))
    return best[1]
