"""The Stage: spaces in rows and columns, walled all round, and what the rules measure on it
(rulebook "Possible positions"; the Stage Help Sheets are not in the extracted text, so the
stage's size and its walls' types are data, ``[tekken]`` settings).

Two miniatures are at Close Range on adjacent spaces (the eight around); otherwise the
Distance is the number of spaces between them by the shortest way. A Push moves the opponent
straight away from the attacker; a wall in the way stops it and hurts: 1 for a regular
wall, 2 for a blasting one.

>>> s = Stage(rows=3, cols=7, walls={"west": "blasting"})
>>> s.between((1, 1), (1, 4)), s.close_range((1, 1), (2, 2))
(2, True)
>>> s.push((1, 3), (1, 2), 3)          # pushed west from (1, 2): two spaces, then the wall
((1, 0), 'blasting')
"""

from __future__ import annotations

from dataclasses import dataclass, field

Cell = tuple[int, int]
WALL_DAMAGE = {"regular": 1, "blasting": 2}


@dataclass(frozen=True)
class Stage:
    rows: int = 3
    cols: int = 7
    walls: dict = field(default_factory=dict)      # "north", "south", "east", "west" -> wall type

    def on_stage(self, c: Cell) -> bool:
        return 0 <= c[0] < self.rows and 0 <= c[1] < self.cols

    def steps(self, a: Cell, b: Cell) -> int:
        """Moves from ``a`` to ``b``, one space at a time in any of eight directions."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def close_range(self, a: Cell, b: Cell) -> bool:
        return self.steps(a, b) == 1

    def between(self, a: Cell, b: Cell) -> int:
        """The Distance: spaces between the two miniatures by the shortest way (0 at Close Range)."""
        return max(0, self.steps(a, b) - 1)

    def wall_at(self, c: Cell) -> str:
        """The type of the wall a miniature leaving the stage at ``c`` would hit."""
        r, col = c
        side = "north" if r < 0 else "south" if r >= self.rows else "west" if col < 0 else "east"
        return self.walls.get(side, "regular")

    def push(self, attacker: Cell, target: Cell, spaces: int) -> tuple[Cell, str]:
        """Where a Push of ``spaces`` leaves the target, and the wall it hit ('' for none). The
        push runs straight away from the attacker (same row, column or diagonal)."""
        dr, dc = target[0] - attacker[0], target[1] - attacker[1]
        if dr and dc and abs(dr) != abs(dc) or (dr, dc) == (0, 0):
            raise ValueError("a Push runs in a straight line from the attacker through the opponent")
        step = (dr // max(1, abs(dr)) if dr else 0, dc // max(1, abs(dc)) if dc else 0)
        at = target
        for _ in range(spaces):
            nxt = (at[0] + step[0], at[1] + step[1])
            if not self.on_stage(nxt):
                return at, self.wall_at(nxt)
            at = nxt
        return at, ""
