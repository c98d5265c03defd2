"""Tash-Kalar cards as data, and the finder: where can I summon?

A card file (TOML)::

    name = "Example Guard"
    example = true              # made for testing, not a card from the box
    rank = "heroic"             # the rank of the piece it summons
    pattern = \"\"\"
    c . c
    . T .
    c . c
    \"\"\"

One letter a square: ``.`` a square the pattern does not care about; ``c`` one of your
pieces, common or higher; ``h`` yours, heroic or higher; ``l`` yours, legendary; ``x`` an
enemy piece, any rank. ``T`` is the white-framed target square, where the summoned piece
is placed; ``Tc``-style is not needed: what may stand on it is the ``target`` ruling
(:data:`TARGET_RULINGS`).

A pattern fits where all its squares are met under any of the eight rotations and mirrors
(a required rank is met by that rank or higher, 79). Placements that cover the same squares
with the same requirements and the same target are one summon: a symmetric pattern is
found once.

>>> card = Card("Tower", 2, parse_pattern("c\\nT\\nc"))
>>> board = Board.empty(9)
>>> for cell in ((3, 4), (5, 4)): board = board.place(cell, 0, 1)
>>> [p.target for p in find(board, 0, [card])]
[(4, 4)]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RANKS = {"common": 1, "heroic": 2, "legendary": 3}
RANK_NAMES = {v: k for k, v in RANKS.items()}
LETTERS = {"c": ("mine", 1), "h": ("mine", 2), "l": ("mine", 3), "x": ("enemy", 1)}
TARGET_RULINGS = ("empty-or-lower", "empty")   # what may stand on the target square (14, 40)
FOLDER = Path(__file__).resolve().parents[1] / "cards"


class CardError(ValueError):
    pass


@dataclass(frozen=True)
class Board:
    """``owner[r][c]``: -1 empty, else the player (0 or 1); ``rank[r][c]``: 0 empty, 1-3.
    Plain tuples (the rules import no numpy): the finder works on bit masks of them."""
    owner: tuple[tuple[int, ...], ...]
    rank: tuple[tuple[int, ...], ...]

    @classmethod
    def empty(cls, size: int = 9) -> "Board":
        return cls(((-1,) * size,) * size, ((0,) * size,) * size)

    @property
    def size(self) -> int:
        return len(self.owner)

    def _with(self, cell, owner: int, rank: int) -> "Board":
        r, c = cell
        o = list(self.owner)
        k = list(self.rank)
        o[r] = o[r][:c] + (owner,) + o[r][c + 1:]
        k[r] = k[r][:c] + (rank,) + k[r][c + 1:]
        return Board(tuple(o), tuple(k))

    def place(self, cell, player: int, rank: int) -> "Board":
        return self._with(cell, player, rank)

    def remove(self, cell) -> "Board":
        return self._with(cell, -1, 0)

    def squares(self):
        for r, (orow, krow) in enumerate(zip(self.owner, self.rank)):
            for c, (o, k) in enumerate(zip(orow, krow)):
                yield r, c, o, k

    def pieces(self, player: int) -> int:
        return sum(1 for _, _, o, _ in self.squares() if o == player)

    def upgraded(self, player: int) -> int:
        return sum(1 for _, _, o, k in self.squares() if o == player and k >= 2)

    def legendary(self, player: int) -> int:
        return sum(1 for _, _, o, k in self.squares() if o == player and k == 3)

    def masks(self, player: int) -> tuple[dict[int, int], int, dict[int, int]]:
        """Bit masks (bit r * size + c): the player's pieces of each rank or higher (1-3), the
        enemy's pieces, and the squares free for a summoned piece of each rank (empty or lower)."""
        mine = {1: 0, 2: 0, 3: 0}
        enemy = 0
        below = {1: 0, 2: 0, 3: 0, 4: 0}               # squares holding less than rank k (empty: 0)
        n = self.size
        for r, c, o, k in self.squares():
            bit = 1 << (r * n + c)
            if o == player:
                for m in range(1, k + 1):
                    mine[m] |= bit
            elif o >= 0:
                enemy |= bit
            for m in range(k + 1, 5):
                below[m] |= bit
        return mine, enemy, below


@dataclass(frozen=True)
class Pattern:
    cells: tuple[tuple[int, int, str, int], ...]     # (row, col, "mine"/"enemy", minimum rank)
    target: tuple[int, int]


@dataclass(frozen=True)
class Card:
    name: str
    rank: int                       # the summoned piece's rank
    pattern: Pattern
    example: bool = False
    images: tuple[Pattern, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        if not self.images:
            object.__setattr__(self, "images", symmetries(self.pattern))


@dataclass(frozen=True)
class Placement:
    card: str
    target: tuple[int, int]
    squares: tuple[tuple[int, int], ...]             # the pattern's squares on the board


def parse_pattern(text: str, source: str = "pattern") -> Pattern:
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    cells, target = [], None
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "T":
                if target is not None:
                    raise CardError(f"{source}: two target squares (T)")
                target = (r, c)
            elif ch in LETTERS:
                cells.append((r, c, *LETTERS[ch]))
            elif ch != ".":
                raise CardError(f"{source}: {ch!r} at row {r + 1}: use c, h, l, x, T or .")
    if target is None:
        raise CardError(f"{source}: no target square (T)")
    if not cells:
        raise CardError(f"{source}: the pattern needs at least one piece")
    return Pattern(tuple(cells), target)


def _normalise(cells, target) -> Pattern:
    r0 = min([r for r, *_ in cells] + [target[0]])
    c0 = min([c for _, c, *_ in cells] + [target[1]])
    return Pattern(tuple(sorted((r - r0, c - c0, k, m) for r, c, k, m in cells)), (target[0] - r0, target[1] - c0))


def symmetries(p: Pattern) -> tuple[Pattern, ...]:
    """The pattern's images under the four rotations and their mirrors, each once."""
    out: list[Pattern] = []
    for mirror in (False, True):
        for quarter in range(4):
            cells, target = list(p.cells), p.target
            if mirror:
                cells = [(r, -c, k, m) for r, c, k, m in cells]
                target = (target[0], -target[1])
            for _ in range(quarter):
                cells = [(c, -r, k, m) for r, c, k, m in cells]
                target = (target[1], -target[0])
            image = _normalise(cells, target)
            if image not in out:
                out.append(image)
    return tuple(out)


def find(board: Board, player: int, cards, target_rule: str = "empty-or-lower") -> list[Placement]:
    """Every placement where a card of ``cards`` can be summoned by ``player`` on ``board``.

    Each pattern image is tried at every offset at once: a bit mask of the offsets where it
    fits inside the board, ANDed with each of its squares' masks shifted onto the offset."""
    n = board.size
    mine, enemy, below = board.masks(player)
    empty = below[1]
    out: list[Placement] = []
    for card in cards:
        free = below[card.rank] if target_rule == "empty-or-lower" else empty
        seen = set()
        for image in card.images:
            h = max([r for r, *_ in image.cells] + [image.target[0]]) + 1
            w = max([c for _, c, *_ in image.cells] + [image.target[1]]) + 1
            if h > n or w > n:
                continue
            ok = _origins(n, h, w) & (free >> (image.target[0] * n + image.target[1]))
            for r, c, kind, minimum in image.cells:
                if not ok:
                    break
                ok &= (mine[minimum] if kind == "mine" else enemy) >> (r * n + c)
            while ok:
                low = ok & -ok
                at = low.bit_length() - 1
                ok ^= low
                dr, dc = divmod(at, n)
                squares = tuple(sorted((r + dr, c + dc) for r, c, *_ in image.cells))
                target = (image.target[0] + dr, image.target[1] + dc)
                if (target, squares) not in seen:
                    seen.add((target, squares))
                    out.append(Placement(card.name, target, squares))
    return out


_ORIGINS: dict[tuple[int, int, int], int] = {}


def _origins(n: int, h: int, w: int) -> int:
    """The bit mask of the offsets where an h x w pattern lies inside an n x n board."""
    key = (n, h, w)
    if key not in _ORIGINS:
        _ORIGINS[key] = sum(1 << (r * n + c) for r in range(n - h + 1) for c in range(n - w + 1))
    return _ORIGINS[key]


def card_from_dict(data: dict, source: str = "card") -> Card:
    try:
        rank = RANKS[str(data["rank"])]
        return Card(str(data["name"]), rank, parse_pattern(str(data["pattern"]), source), bool(data.get("example")))
    except KeyError as exc:
        raise CardError(f"{source}: missing or unknown {exc.args[0]!r} (name, rank: common, heroic or "
                        f"legendary, and pattern)") from None


def load_card(name_or_path: str) -> Card:
    path = FOLDER / f"{name_or_path}.toml"
    if not path.exists():
        path = Path(name_or_path).expanduser()
    try:
        return card_from_dict(tomllib.loads(path.read_text()), path.name)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CardError(f"cannot read card {name_or_path!r}: {exc}") from None


def shipped() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.toml"))
