"""Tekton Dash tiles in the profile's grid: the top tile of each cell.

The board's grid is first drawn flat (a remap at ``PPI`` pixels per inch), so that every
cell is the same square of pixels whatever the camera's tilt. Then, for all cells at once:

1. **The paper.** The board's own colour is the median of its least coloured, lighter pixels.
   Light, tint and white balance move paper, tiles and stars alike, so everything below
   is measured against it.
2. **A tile or not.** A tile is a square of strong colour that stands apart from the paper.
   A pixel belongs to a tile if its colour is at least ``TILE_CHROMA`` away from the paper's,
   or is darker than the paper with some colour. A faint printed hint is a tint of the
   paper: pale, weakly coloured and as light as the paper. A cell holds a tile when such
   pixels cover ``FULL_SHARE`` of its inside; colour over only part of a cell is something
   else lying across it (a hand): the cell is ``unclear``.
3. **Its kind.** The median colour of the tile's pixels, named by hue (the nominal
   colours, or those taught).
4. **Its side.** The Power-Up star is white on the tile. Each pixel within
   ``STAR_RADIUS_IN`` of the tile's centre is scored by how far its colour has moved from
   the tile's towards the paper's white (0 on the tile, 1 on white). The sum of those
   scores, in square inches, is the star's area. Blur spreads a star but keeps that sum,
   which is why a small, soft star still counts. A star covers at least 0.03 in²; a plain
   tile scores about 0.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.files import write_atomic
from companion.vision.colours import NOMINAL_RGB, Palette, TeamColour, lab_of_rgb
from companion.vision.profile import Grid
from companion.vision.projective import warp_perspective
from companion.vision.registration import Registration

TILE_KINDS = ("red", "blue", "yellow", "green")
PPI = 24                    # the flat drawing of the grid
TILE_CHROMA = 30.0          # Lab chroma away from the paper that only a tile's paint reaches
FULL_SHARE = 0.7            # of a cell's inside covered by tile pixels: a tile (they cover 0.8-1)
DARK_L = 25.0               # this much darker than the paper, without a tile's colour: a shadow, a hand
UNCLEAR_SHARE = 0.3         # colour over 0.3-0.7 of a cell: something lies across it (empty cells: < 0.2)
RINGS_IN = (0.0, 0.12, 0.24, 0.36, 0.5)   # rings about a tile's centre (taught tiles' marks)
STAR_RADIUS_IN = 0.3        # the star lies within this of its tile's centre
STAR_MIN_IN2 = 0.012        # whiteness summed over that disc, in square inches, that makes a star
MAX_HUE_GAP = 50.0          # degrees from the nearest kind's hue (kinds are 61 degrees apart or more)
PALE_L = 25.0               # colour over part of a cell, within this of the paper's L: a printed hint
PAPER_MAX_CHROMA = 45.0     # a "paper" more coloured than this is tiles (a cream paper is under 40)


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    kind: str
    power_up: bool


def on_its_tile(base, tiles, grid) -> bool:
    """Whether ``base`` is read where a tile of its own colour lies (``tiles``, in ``grid``):
    that tile, not a figure (a red rim on a red tile would not be seen at all).

    >>> from types import SimpleNamespace as B
    >>> from companion.vision.profile import Grid
    >>> grid, tiles = Grid(5, 5, 1.2, (0.0, 0.0)), [B(row=1, col=2, kind="red")]
    >>> on_its_tile(B(x_in=3.0, y_in=1.8, color="red"), tiles, grid)
    True
    >>> on_its_tile(B(x_in=3.0, y_in=1.8, color="blue"), tiles, grid)      # another colour's rim on it
    False
    >>> on_its_tile(B(x_in=1.0, y_in=1.8, color="red"), tiles, grid)       # the next cell, empty
    False
    """
    row = math.floor((base.y_in - grid.origin_in[1]) / grid.cell_in)
    col = math.floor((base.x_in - grid.origin_in[0]) / grid.cell_in)
    return any(t.row == row and t.col == col and t.kind == base.color for t in tiles)


def tile_palette() -> Palette:
    return Palette([TeamColour(k, tuple(lab_of_rgb(NOMINAL_RGB[k]))) for k in TILE_KINDS])


def grid_lab(frame: np.ndarray, reg: Registration, grid: Grid, camera=None, ppi: int = PPI,
             gains: np.ndarray | None = None) -> np.ndarray:
    """The grid drawn flat: float Lab (L 0-100), ``rows * n`` x ``cols * n`` pixels, n pixels a
    cell; with the light's tint (``gains``, from the frame markers' white: white.py) divided out."""
    n = max(8, int(round(grid.cell_in * ppi)))
    h, w = grid.rows * n, grid.cols * n
    s = grid.cell_in / n                         # flat pixel (x, y) -> board inches
    to_board = np.array([[s, 0, grid.origin_in[0] + s / 2], [0, s, grid.origin_in[1] + s / 2], [0, 0, 1]])
    if camera is None:                           # one homography: flat pixel -> image
        flat = warp_perspective(frame, reg.H @ to_board, (w, h), inverse=True, border_mode=cv2.BORDER_REPLICATE)
    else:                                        # through the lens: a map per pixel
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
        pts = np.column_stack([xs.ravel() * s + to_board[0, 2], ys.ravel() * s + to_board[1, 2]])
        uv = reg.to_image(pts, camera).astype(np.float32).reshape(h, w, 2)
        flat = cv2.remap(frame, uv[..., 0], uv[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    flat = flat.astype(np.float32) * np.float32(1 / 255.0)
    if gains is not None:
        flat *= np.asarray(gains, np.float32)
        np.minimum(flat, 1.0, out=flat)
    return cv2.cvtColor(flat, cv2.COLOR_BGR2Lab)


@dataclass(frozen=True)
class Cells:
    """A grid's reading: its tiles, and the cells covered by something that is not a tile
    (a hand, a sleeve: colour over part of the cell, or of no tile's hue)."""
    tiles: list[Tile]
    unclear: list[tuple[int, int]]


def read_cells(lab: np.ndarray, grid: Grid, palette: Palette | None = None,
               library: "TileLibrary | None" = None) -> Cells:
    """The tiles in a flat Lab drawing of the grid (:func:`grid_lab`), all cells at once;
    named by the taught ``library`` when there is one, else by hue and star."""
    palette = palette or tile_palette()
    n = lab.shape[0] // grid.rows
    ppi = n / grid.cell_in
    L = lab[..., 0]
    paper, tile_px = _paper_and_tile_pixels(lab)
    blocks = _per_cell(tile_px, grid)                                           # row, col, y, x
    m = max(1, int(round(0.12 * n)))                                            # a cell's inside
    share = blocks[:, :, m:n - m, m:n - m].mean(axis=(2, 3))
    # A tile fills its cell. Colour over part of a cell, or a cell darkened with no tile's
    # colour (a hand, its shadow), is something else lying across it.
    covers = _per_cell(tile_px | (L < paper[0] - DARK_L), grid)[:, :, m:n - m, m:n - m]
    odd = (covers.mean(axis=(2, 3)) >= UNCLEAR_SHARE) & (share < FULL_SHARE)
    Ls = _per_cell(L, grid)[:, :, m:n - m, m:n - m]
    # but a printed hint, a tint as light as the paper, is no more than an empty cell
    unclear = [(int(r), int(c)) for r, c in zip(*np.nonzero(odd))
               if np.median(Ls[r, c][covers[r, c]]) < paper[0] - PALE_L]
    rr, cc = np.nonzero(share >= FULL_SHARE)
    if len(rr) == 0:
        return Cells([], unclear)
    taught = library is not None and bool(library.examples)
    look = _appearance(lab, grid, blocks, rr, cc, paper, ppi, rings=taught)
    tiles = []
    for i, (r, c) in enumerate(zip(rr, cc)):
        if taught:
            named = library.name(look.lab[i], look.rings[i])
        else:
            kind, gap = palette.classify(look.lab[i])
            named = (kind, bool(look.star_in2[i] >= STAR_MIN_IN2)) if gap <= MAX_HUE_GAP else None
        if named is None:
            unclear.append((int(r), int(c)))
        else:
            tiles.append(Tile(int(r), int(c), *named))
    return Cells(tiles, sorted(unclear))


@dataclass(frozen=True)
class Appearance:
    """What the classifier sees of the tiles in cells ``rr, cc``: their colour (Lab, the
    median of their pixels), their star's area (in²), and how far towards the paper's white
    they go in rings about their centre (``RINGS_IN``): a Power-Up side's printed mark."""
    lab: np.ndarray          # k, 3
    star_in2: np.ndarray     # k
    rings: np.ndarray        # k, len(RINGS_IN) - 1


def _per_cell(arr: np.ndarray, grid: Grid) -> np.ndarray:
    """A flat drawing's pixels cell by cell: (rows, cols, n, n[, channels]), a view."""
    n = arr.shape[0] // grid.rows
    return arr.reshape(grid.rows, n, grid.cols, n, *arr.shape[2:]).swapaxes(1, 2)


def _paper_and_tile_pixels(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The paper's colour (:func:`paper_colour`) and the pixels of tile paint against it."""
    L, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    paper = paper_colour(L, a, b)
    return paper, _tile_pixels(L, np.hypot(a - paper[1], b - paper[2]), paper)


def _appearance(lab, grid, blocks, rr, cc, paper, ppi, rings: bool = True) -> Appearance:
    n = blocks.shape[2]
    mask = blocks[rr, cc]                                                       # k, y, x
    labs = _per_cell(lab, grid)[rr, cc]                                         # k, y, x, 3
    count = mask.sum(axis=(1, 2))
    # the median of every other pixel each way (a quarter of them: the same colour, 4x cheaper)
    half = mask[:, ::2, ::2]
    kept = np.maximum(half.sum(axis=(1, 2)), 1)
    ordered = np.sort(np.where(half[..., None], labs[:, ::2, ::2], np.inf).reshape(len(rr), -1, 3), axis=1)
    k = np.arange(len(rr))
    tiles = (ordered[k, (kept - 1) // 2] + ordered[k, kept // 2]) / 2                    # k, 3
    # 4. the star: how far each pixel near the tile's centre went from the tile to white
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64)
    cy = (mask * yy).sum(axis=(1, 2)) / count
    cx = (mask * xx).sum(axis=(1, 2)) / count
    dist_in = np.hypot(yy - cy[:, None, None], xx - cx[:, None, None]) / ppi
    square = _tile_square(mask)
    span = paper - tiles                                                        # k, 3
    t = np.einsum("kyxc,kc->kyx", labs - tiles[:, None, None, :], span) / \
        np.maximum((span * span).sum(axis=1), 1e-6)[:, None, None]
    t = np.clip(t, -0.5, 1.0) * square
    star_in2 = (t * (dist_in <= STAR_RADIUS_IN)).sum(axis=(1, 2)) / (ppi * ppi)
    if not rings:                               # the proxy tiles' rule needs the star alone
        return Appearance(tiles, star_in2, np.zeros((len(rr), len(RINGS_IN) - 1)))
    means = []
    for lo, hi in zip(RINGS_IN[:-1], RINGS_IN[1:]):
        ring = (dist_in >= lo) & (dist_in < hi) & square
        means.append((t * ring).sum(axis=(1, 2)) / np.maximum(ring.sum(axis=(1, 2)), 1))
    return Appearance(tiles, star_in2, np.stack(means, axis=1))


def appearance_of(lab: np.ndarray, grid: Grid, cells) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
    """Colour and rings of the tiles in ``cells`` of a flat drawing (what teaching stores);
    a cell without a tile in it is left out."""
    paper, tile_px = _paper_and_tile_pixels(lab)
    blocks = _per_cell(tile_px, grid)
    wanted = [(r, c) for r, c in cells if 0 <= r < grid.rows and 0 <= c < grid.cols and blocks[r, c].mean() > 0.3]
    if not wanted:
        return {}
    rr, cc = np.array(wanted).T
    look = _appearance(lab, grid, blocks, rr, cc, paper, blocks.shape[2] / grid.cell_in)
    return {cell: (look.lab[i], look.rings[i]) for i, cell in enumerate(wanted)}


class TileLibrary:
    """Real tiles, taught from one example of each kind and side (``companion teach tiles``).

    A cell's tile is named after the taught example nearest in colour (CIE76 distance),
    then its side after the nearer of that kind's two examples in colour and rings.

    >>> lib = TileLibrary({("red", False): ((50, 60, 40), (0, 0, 0, 0)),
    ...                    ("red", True): ((50, 60, 40), (0.6, 0.3, 0.0, 0.0)),
    ...                    ("blue", False): ((35, 10, -50), (0, 0, 0, 0))})
    >>> lib.name(np.array([48, 58, 42]), np.array([0.5, 0.2, 0.0, 0.0]))
    ('red', True)
    >>> lib.name(np.array([80, 0, 80]), np.zeros(4)) is None      # no taught kind near it
    True
    """
    MAX_DELTA_E = 40.0       # further than this from every taught colour: not a tile
    RING_WEIGHT = 60.0       # a ring's whiteness (0-1) against colour distance (Lab units)

    def __init__(self, examples: dict[tuple[str, bool], tuple] | None = None):
        self.examples = {(str(k), bool(up)): (np.asarray(v[0], float), np.asarray(v[1], float))
                         for (k, up), v in (examples or {}).items()}

    def name(self, lab: np.ndarray, rings: np.ndarray) -> tuple[str, bool] | None:
        dist = {key: float(np.linalg.norm(lab - ex_lab)) for key, (ex_lab, _) in self.examples.items()}
        best = min(dist, key=dist.get)
        if dist[best] > self.MAX_DELTA_E:
            return None
        kind = best[0]
        sides = [key for key in self.examples if key[0] == kind]
        return min(sides, key=lambda key: dist[key] + self.RING_WEIGHT *
                   float(np.linalg.norm(rings - self.examples[key][1])))

    def to_json(self) -> str:
        return json.dumps([{"kind": k, "power_up": up, "lab": lab.round(2).tolist(), "rings": rings.round(4).tolist()}
                           for (k, up), (lab, rings) in sorted(self.examples.items())], indent=1)

    @classmethod
    def load(cls, path) -> "TileLibrary":
        """The taught tiles at ``path``; none (the proxy tiles' rules) when there is no file.
        A broken file is an error that names it: the classifier must not silently fall back."""
        p = Path(path).expanduser()
        if not p.exists():
            return cls()
        try:
            data = json.loads(p.read_text())
            return cls({(e["kind"], e["power_up"]): (e["lab"], e["rings"]) for e in data})
        except (OSError, ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"{p}: not a taught-tiles file ({exc}); teach them again with "
                             f"`companion teach tiles`") from exc

    def save(self, path) -> None:
        write_atomic(path, self.to_json())


def _tile_pixels(L: np.ndarray, away: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """2. Pixels of a tile's paint: strongly coloured, or darker than the paper and coloured."""
    return (away > TILE_CHROMA) | ((away > TILE_CHROMA / 2) & (L < paper[0] - 20))


def paper_colour(L: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The board's paper (Lab): the median of its whitest tenth (light and colourless: paper
    between the tiles, and stars, which are as white). With the light's tint divided out a
    cream paper is still weakly coloured. A player board holds at most 16 tiles (4 per colour),
    so paper shows in 9 cells or more; a grid covered with plain tiles shows none, and then
    neutral white stands in."""
    L, a, b = L[::2, ::2], a[::2, ::2], b[::2, ::2]      # a quarter of the pixels is plenty
    chroma = np.hypot(a, b)
    whiteness = L - chroma
    pale = whiteness >= np.percentile(whiteness, 90)
    paper = np.array([np.median(L[pale]), np.median(a[pale]), np.median(b[pale])])
    if np.hypot(paper[1], paper[2]) > PAPER_MAX_CHROMA:    # no paper in view: every cell a tile
        paper = np.array([np.percentile(L, 95), 0.0, 0.0])
    return paper


def _tile_square(mask: np.ndarray) -> np.ndarray:
    """Each tile's whole square, its star included (``mask``: k, y, x): every pixel with tile
    pixels on both sides of it along its row or its column. Within a convex tile, that fills
    the star; it costs a few array passes where a convex hull per tile cost as much again."""
    def span(m: np.ndarray, axis: int) -> np.ndarray:
        before = np.maximum.accumulate(m, axis=axis)
        after = np.flip(np.maximum.accumulate(np.flip(m, axis=axis), axis=axis), axis=axis)
        return before & after
    return span(mask, 2) | span(mask, 1)
