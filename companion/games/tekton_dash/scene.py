"""The simulated table for Tekton Dash: every player's board, drawn as the race has it.

The scene follows the session: after each event it takes the tiles on each player's board
from the race state and the camera renders them anew (companion/sim/tiles.py draws proxy
tiles on printed boards, seen by a tilted camera in uneven light), so the camera reader sees
what a real camera would and the screen shows the boards *as seen*. The racetrack itself is
not drawn: its tiles are in the race state (a racetrack profile with a grid reads a real
one, docs/TEKTON_DASH.md).
"""

from __future__ import annotations

import numpy as np

from companion.sim.render import TableRenderer
from companion.sim.tiles import PLACE_IN, TileBoard, TileCase


class TileTable:
    name = "tekton-dash table"

    def __init__(self, session=None, seed: int = 7):
        self.version = 0
        self.pieces: list = []                 # no bases on this table
        self.seed = seed
        self.names: tuple[str, ...] = ()
        self.boards: dict[int, dict] = {}
        if session is not None:
            self.sync(session.state)
            session.listeners.append(lambda event, state: self.sync(state))

    def sync(self, state) -> None:
        g = getattr(state, "g", None)
        if g is None or not hasattr(g, "dashers"):
            return
        boards = {k: dict(d.board.cells) for k, d in enumerate(g.dashers)}
        if boards != self.boards or self.names != g.names:
            self.boards, self.names = boards, g.names
            self.version += 1

    def case(self, width: int, height: int) -> TileCase:
        """The boards laid out three to a row, player k at board k's place."""
        boards = [TileBoard(k, (3.0 + (k % 3) * PLACE_IN, 3.0 + (k // 3) * PLACE_IN), dict(tiles))
                  for k, tiles in sorted(self.boards.items())]
        return TileCase(self.seed, boards, (width, height), {})

    def renderer(self, width: int, height: int) -> "TileTableRenderer":
        return TileTableRenderer(width, height)


class TileTableRenderer(TableRenderer):
    """The boards drawn by the tile renderer; each frame's sensor noise from the table
    renderer's precomputed bank (a fresh Gaussian draw per frame cost the camera thread
    tens of milliseconds)."""

    def render(self, table: TileTable) -> np.ndarray:
        if not table.boards:
            return np.full((self.height, self.width, 3), 90, np.uint8)
        return table.case(self.width, self.height).image()
