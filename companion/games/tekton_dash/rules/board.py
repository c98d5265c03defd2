"""A player's 5x5 board: the tiles on it, its limits, and the build action.

A tile is ``(kind, power_up)``. The limits (rulebook 358, 455): 4 tiles of each colour and
4 Power-Up tiles; whether a Power-Up tile counts in its colour's 4 is a ruling
(``power_ups_in_colour_limit``, default yes: it is a tile of that colour either side up).

>>> b = PlayerBoard.from_cells({(2, 2): ("red", False), (2, 3): ("blue", True)})
>>> b.why_not_add(("red", False), (0, 0)), b.why_not_add(("red", False), (2, 2))
('', 'cell (2, 2) already holds a tile')
>>> b.why_not_build((2, 2), (3, 3))
'a build moves a tile one square orthogonally, never diagonally'
>>> b.build((2, 3), (1, 3)).cells[(1, 3)]
('blue', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.tekton_dash.rules.setup_tables import BOARD_LIMIT_PER_COLOUR, BOARD_LIMIT_POWER_UPS, KINDS

SIZE = 5
Cell = tuple[int, int]
TileT = tuple[str, bool]


@dataclass(frozen=True)
class PlayerBoard:
    cells: Mapping[Cell, TileT] = field(default_factory=dict)

    @classmethod
    def from_cells(cls, cells) -> "PlayerBoard":
        return cls({(int(r), int(c)): (str(k), bool(up)) for (r, c), (k, up) in dict(cells).items()})

    def kinds(self) -> dict[Cell, str]:
        return {cell: kind for cell, (kind, _) in self.cells.items()}

    def count(self, kind: str, power_ups_count: bool = True) -> int:
        return sum(1 for k, up in self.cells.values() if k == kind and (power_ups_count or not up))

    def power_ups(self) -> int:
        return sum(1 for _, up in self.cells.values() if up)

    def why_not_add(self, tile: TileT, cell: Cell, power_ups_in_colour_limit: bool = True) -> str:
        kind, up = tile
        if kind not in KINDS:
            return f"{kind!r} is not a tile kind"
        if not (0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE):
            return f"cell {tuple(cell)} is off the 5x5 board"
        if tuple(cell) in self.cells:
            return f"cell {tuple(cell)} already holds a tile"
        if (not up or power_ups_in_colour_limit) and self.count(kind, power_ups_in_colour_limit) >= BOARD_LIMIT_PER_COLOUR:
            return f"the board holds {BOARD_LIMIT_PER_COLOUR} {kind} tiles already (the limit)"
        if up and self.power_ups() >= BOARD_LIMIT_POWER_UPS:
            return f"the board holds {BOARD_LIMIT_POWER_UPS} Power-Up tiles already (the limit)"
        return ""

    def add(self, tile: TileT, cell: Cell) -> "PlayerBoard":
        return PlayerBoard({**self.cells, tuple(cell): tuple(tile)})

    def remove(self, cell: Cell) -> tuple["PlayerBoard", TileT]:
        cells = dict(self.cells)
        tile = cells.pop(tuple(cell))
        return PlayerBoard(cells), tile

    def why_not_build(self, src: Cell, dst: Cell) -> str:
        src, dst = tuple(src), tuple(dst)
        if src not in self.cells:
            return f"no tile on cell {src} to move"
        if abs(src[0] - dst[0]) + abs(src[1] - dst[1]) != 1:
            return "a build moves a tile one square orthogonally, never diagonally"
        if not (0 <= dst[0] < SIZE and 0 <= dst[1] < SIZE):
            return f"cell {dst} is off the 5x5 board"
        if dst in self.cells:
            return f"cell {dst} already holds a tile"
        return ""

    def build(self, src: Cell, dst: Cell) -> "PlayerBoard":
        board, tile = self.remove(src)
        return board.add(tile, dst)


def explain_change(before: Mapping[Cell, TileT], after: Mapping[Cell, TileT]) -> tuple[str, dict] | str:
    """The one board event that turns ``before`` into ``after`` (a board as the race has it,
    and as the camera reads it): ``("tile_built", {from, to})``, ``("tile_taken", {cell})``
    or ``("tile_put", {cell})``; otherwise why not, in one line.

    >>> explain_change({(2, 2): ("red", False)}, {(2, 3): ("red", False)})
    ('tile_built', {'from': [2, 2], 'to': [2, 3]})
    >>> explain_change({}, {(0, 0): ("blue", True)})
    ('tile_taken', {'cell': [0, 0], 'tile': ['blue', True]})
    >>> explain_change({(1, 1): ("red", False)}, {(1, 1): ("red", False)})
    'the board as seen is the board the race has'
    """
    added = {c: t for c, t in after.items() if before.get(c) != t}
    removed = {c: t for c, t in before.items() if after.get(c) != t}
    if not added and not removed:
        return "the board as seen is the board the race has"
    if len(added) == 1 and len(removed) == 1:
        (a, ta), (b, tb) = next(iter(removed.items())), next(iter(added.items()))
        if ta == tb and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
            return "tile_built", {"from": list(a), "to": list(b)}
    if len(added) == 1 and not removed:
        cell, tile = next(iter(added.items()))
        return "tile_taken", {"cell": list(cell), "tile": list(tile)}
    if len(removed) == 1 and not added:
        return "tile_put", {"cell": list(next(iter(removed)))}
    cells = ", ".join(str(c) for c in sorted(set(added) | set(removed)))
    return f"{len(set(added) | set(removed))} cells differ ({cells}): more than one action; set them by hand"
