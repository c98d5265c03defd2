"""Every grid board on the table, read from one frame: the racetrack and the player boards.

Each board has its own profile (its four frame markers and its grid). One marker search
serves them all; while the boards stay put, their markers are found again where they were
(far cheaper than a detection) and a full detection runs only when one is not.

A board is read afresh when at least three of its markers are seen and nothing covers its
grid. Otherwise its last reading stands, marked **stale** with the reason, so a hand
reaching over a board never empties it on the screen:

- its markers are hidden (fewer than three seen);
- something that is neither paper nor a tile lies on a cell (a hand, a sleeve, a die):
  colour over part of a cell, a cell darkened without a tile's colour, or of no tile's hue
  (``unclear``);
- the picture of its grid is still changing: a reading that differs from the last is taken
  only once the grid has looked the same for ``STEADY_FRAMES`` frames. A skin-coloured hand can look like a dull
  red tile in one picture; a hand is never that still. (The first frame of all is read at
  once: ``companion detect`` has only one.)

>>> from companion.sim.tiles import board_profile, make_tile_case
>>> case = make_tile_case(3)
>>> reader = GridBoards({f"board {b.k}": board_profile(b.k) for b in case.boards})
>>> readings = reader.read(case.image())
>>> sorted({r.status for r in readings.values()})
['seen']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

import cv2
import numpy as np

from companion.vision.profile import BoardProfile
from companion.vision.registration import BoardRegistrar, MarkerFinder
from companion.vision.tiles import Tile, TileLibrary, grid_lab, read_cells
from companion.vision.white import gains_from_markers

STEADY_FRAMES = 3        # frames a board's grid must look the same before a changed reading counts
STEADY_DELTA_E = 6.0     # a cell's mean colour moving more than this (beyond the whole board's drift)


@dataclass(frozen=True)
class BoardReading:
    name: str
    tiles: tuple[Tile, ...] = ()
    status: str = "never seen"        # "seen" (this frame), "stale" (an earlier frame's), "never seen"
    why: str = ""                     # why it is stale
    frame_no: int = 0                 # the frame it was read from
    unclear: tuple[tuple[int, int], ...] = ()   # cells covered by something that is not a tile


@dataclass
class _Board:
    profile: BoardProfile
    registrar: BoardRegistrar
    reading: BoardReading
    gains: np.ndarray | None = None
    cell_means: np.ndarray | None = None     # the last frame's mean Lab per cell
    steady: int = 0                          # frames the grid has looked the same


@dataclass
class GridBoards:
    """Reads every board in ``profiles`` (name -> profile with a grid) from each frame."""
    profiles: Mapping[str, BoardProfile]
    camera: object = None
    library: TileLibrary | None = None
    frames: int = 0
    _boards: dict[str, _Board] = field(default_factory=dict)
    _finder: MarkerFinder | None = None

    def __post_init__(self):
        dictionaries = {p.dictionary for p in self.profiles.values()}
        if len(dictionaries) > 1:
            raise ValueError(f"the boards use different marker dictionaries: {', '.join(sorted(dictionaries))}")
        missing = [name for name, p in self.profiles.items() if p.grid is None]
        if missing:
            raise ValueError(f"no grid (rows, cols, cell_in) in the profile of {', '.join(missing)}")
        ids = {i for p in self.profiles.values() for i in p.markers}
        self._finder = MarkerFinder(next(iter(dictionaries), "DICT_4X4_50"), self.camera, refine_ids=ids)
        self._boards = {name: _Board(p, BoardRegistrar(p), BoardReading(name)) for name, p in self.profiles.items()}

    def _sightings(self, gray: np.ndarray) -> tuple[list, bool]:
        """(marker sightings, whether a full detection ran)."""
        ids = sorted({i for b in self._boards.values() for i in b.profile.markers if i in self._finder.last_raw})
        if ids and self.frames > 1:
            tracked = self._finder.track(gray, ids)
            if tracked is not None and len(ids) == sum(len(b.profile.markers) for b in self._boards.values()):
                return tracked, False
        return self._finder.find_all(gray), True

    def read(self, frame: np.ndarray | None) -> dict[str, BoardReading]:
        """Every board's reading after this frame (a frame that is no picture leaves them all stale)."""
        self.frames += 1
        if frame is None or not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3:
            return {name: self._stale(b, "the camera sent no picture") for name, b in self._boards.items()}
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        sightings, full = self._sightings(gray)
        out = {}
        for name, board in self._boards.items():
            reg = board.registrar.update(sightings)
            if not reg.ok:
                out[name] = self._stale(board, reg.message or "its markers are hidden")
                continue
            if full or board.gains is None:       # the light's tint, from this board's markers' white
                raw = {i: self._finder.last_raw[i] for i in board.profile.markers if i in self._finder.last_raw}
                board.gains = gains_from_markers(frame, raw, {i: self._finder.bits(i) for i in raw})
            grid = board.profile.grid
            lab = grid_lab(frame, reg, grid, self.camera, gains=board.gains)
            first = board.reading.status == "never seen" and board.cell_means is None
            moving = self._moving(board, lab, reg.moved)
            cells = read_cells(lab, grid, library=self.library)
            if cells.unclear:
                out[name] = self._stale(board, "something covers the board (a hand?)", cells.unclear)
                continue
            if moving and not first and tuple(cells.tiles) != board.reading.tiles:
                out[name] = self._stale(board, "the board's picture is changing (a hand?)")
                continue
            board.reading = BoardReading(name, tuple(cells.tiles), "seen", "", self.frames)
            out[name] = board.reading
        return out

    def flat(self, name: str, frame: np.ndarray) -> np.ndarray:
        """Board ``name``'s grid drawn flat (:func:`~companion.vision.tiles.grid_lab`) from
        ``frame``, its markers detected afresh, with the light's tint the last reading measured
        (what teaching a tile reads). ValueError when the board is not in the picture."""
        board = self._boards[name]
        reg = board.registrar.update(self._finder.find_all(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)))
        if not reg.ok:
            raise ValueError(f"board {name} not found in the picture: {reg.message}")
        return grid_lab(frame, reg, board.profile.grid, self.camera, gains=board.gains)

    def _moving(self, board: _Board, lab: np.ndarray, moved: bool) -> bool:
        """Whether the board's grid has looked the same for fewer than STEADY_FRAMES frames
        (the camera or the board moving restarts the count too)."""
        g = board.profile.grid
        means = cv2.resize(lab, (g.cols, g.rows), interpolation=cv2.INTER_AREA)     # each cell's mean
        last, board.cell_means = board.cell_means, means
        if last is None or last.shape != means.shape or moved:
            board.steady = 0
        else:
            shift = np.linalg.norm(means - last, axis=2)
            board.steady = board.steady + 1 if float((shift - np.median(shift)).max()) <= STEADY_DELTA_E else 0
        return board.steady + 1 < STEADY_FRAMES

    def _stale(self, board: _Board, why: str, unclear=()) -> BoardReading:
        last = board.reading
        status = "stale" if last.status != "never seen" else "never seen"
        return BoardReading(last.name, last.tiles, status, why, last.frame_no, tuple(unclear))


@dataclass
class TilesResult:
    """One frame's readings of every board, in the shape the camera panel and the vision
    worker expect of a vision result (no pieces, no tokens)."""
    frame_no: int
    readings: dict[str, BoardReading]
    status: str = "ok"                # "ok", or "no frame"
    message: str = ""
    registration: object = None
    pieces: list = field(default_factory=list)
    tokens: list = field(default_factory=list)

    def status_line(self) -> str:
        seen = sum(1 for r in self.readings.values() if r.status == "seen")
        stale = [str(n) for n, r in self.readings.items() if r.status == "stale"]
        line = f"{seen} of {len(self.readings)} boards read"
        return line + (f"; {', '.join(stale)} stale (a hand?)" if stale else "")


class TilesPipeline:
    """:class:`GridBoards` behind the vision worker's ``process(frame)``."""
    tracker = None

    def __init__(self, boards: GridBoards):
        self.boards = boards

    def process(self, frame) -> TilesResult:
        readings = self.boards.read(frame)
        if frame is None:
            return TilesResult(self.boards.frames, readings, "no frame", "the camera sent no picture")
        return TilesResult(self.boards.frames, readings)
