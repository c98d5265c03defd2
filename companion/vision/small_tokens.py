"""Token markers too small for ArUco's own decoder, read as one of the known tokens.

A 0.75 in token marker is 12-20 px wide in a 1280x720 picture of a whole
pitch: 2-3 px a cell, which blur and JPEG smear past what ArUco's thresholded
bit reading accepts. But the board is known (its homography) and only four
ids can be tokens, so a dark square of the right size on the board plane is
compared with those four markers' patterns in their four turns, by
correlation of its cells' brightness (no threshold), and taken when one fits
clearly better than any other. The patterns are blurred as the picture is
(a pixel's worth: the lens, the sensor's colour filter, JPEG), which at 2 px
a cell mixes every cell with its neighbours.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.base_reading import within
from companion.vision.camera_model import CameraModel
from companion.vision.registration import MarkerSighting, Registration, refine_corners_by_edges

SIDE_IN = 0.75             # TABLE_SPEC: token markers are 0.75 in
# Chosen on 60 cases of the wider set and the 12 shared samples (257 tokens read, 145 dark
# squares that were not tokens): no false token above 0.6 / 0.15 once squares inside a base
# are left out; 255 of the 257 kept.
MIN_CORRELATION = 0.65     # the 6 x 6 cells' brightness against the best pattern
MIN_MARGIN = 0.2           # ... and that much better than the best other token
MIN_SIDE_IN = 0.55        # a dark square's sides, board inches: 0.55-0.95 (a 0.75 in marker, roughly thresholded)
# Cells under 2.25 px (a board under 18 px/in) take looser limits: blur mixes every cell with
# its neighbours, and flattens even the right pattern's fit (PERFORMANCE.md, seventeenth pass:
# against the sharp patterns, a blind set gave a false token at its limits then, 0.55 and 0.13,
# on a missed base's dark top). Since the patterns are blurred as the picture is (BLUR_PX), the
# right one fits 99 % of the tokens with cells under 2.25 px at 0.63 or more, and these limits
# take none of the dark squares that are no token (turned cases 34000-34599 and 20000-20599 at
# JPEG 90: 2650 tokens, 193 such squares; benchmarks/token_fits.py). Under them the sharp
# patterns read 2484 of those tokens, the blurred ones 2622.
LOW_CELL_PX = 2.25
LOW_MIN_CORRELATION = 0.6
LOW_MIN_MARGIN = 0.1
BLUR_PX = 1.0              # the picture's blur (Gaussian sigma, pixels) the patterns are compared with
MATCH_MIN = 0.5            # a place that looks this much like a token (normalised correlation) is read
MATCH_MOST = 8             # ... the best this many of them, after the thresholded squares
MATCH_TURN_DEG = 15.0      # the look is turned in these steps (a square read is turned by up to 8)
# A place found by its look alone has no thresholded square round it to say it is one: it is
# read only when its pattern fits at 0.75 or more. Of 2484 such places that were no token (turned
# cases 34000-34599 and 20000-20599 at JPEG 90), three fit a token at 0.63-0.71 with margins of
# 0.14-0.19 (the best, 20235's, a missed base's dark top); 2832 of the 2907 that were tokens
# fit theirs at 0.75 or more.
MATCHED_MIN_CORRELATION = 0.75
MATCH_BELOW_PPI = 20.0     # ... on a board seen at fewer pixels per inch (at more, the threshold finds them)
MIN_PAPER = 1.0            # the paper round a marker is brighter than its border (tokens: 1.7 and up)
# the 6 x 6 cells' centres, as fractions of the marker's side (x, y), row by row
_GRID = np.array([((c + 0.5) / 6, (r + 0.5) / 6) for r in range(6) for c in range(6)])
_BOX = np.array([[0, 0], [1, 0], [1, 1], [0, 1]])     # a box's corners, in its width and height
_BORDER = [k for k in range(36) if k // 6 in (0, 5) or k % 6 in (0, 5)]


@functools.lru_cache(maxsize=8)
def _token_looks(scale: float) -> tuple[np.ndarray, np.ndarray]:
    """What every token looks like from above at ``scale`` pixels an inch, whatever its id: a
    black border a cell wide in a cell of paper, turned by ``MATCH_TURN_DEG`` steps through a
    quarter turn, as correlation kernels (turns x size x size, float32: mean 0 and spread 1
    over the mask); and that mask, the same for every turn (size x size): the square they lie
    in but for a disc in its middle, which holds a token's own cells at any turn.

    >>> kernels, mask = _token_looks(14.0)
    >>> kernels.shape, mask.shape, bool(mask[7, 7] == 0 and mask[0, 0] == 1)
    ((6, 14, 14), (14, 14), True)
    >>> [round(abs(float(k.sum())), 3) for k in kernels]                  # mean 0: a flat place fits none
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    """
    fine = 8                                               # drawn 8x finer, then shrunk
    size = int(round((SIDE_IN + 2 * SIDE_IN / 6) * scale))
    n = size * fine
    cell = SIDE_IN / 6 * scale * fine
    c = (n - 1) / 2
    held = np.ones((n, n), np.float32)
    cv2.circle(held, (int(round(c * 16)), int(round(c * 16))), int(round(2 * cell * 16)), 0.0, -1, cv2.LINE_AA, 4)
    mask = cv2.resize(held, (size, size), interpolation=cv2.INTER_AREA)
    kernels = []
    for k in range(int(90 // MATCH_TURN_DEG)):
        img = np.full((n, n), 1.0, np.float32)                  # the paper
        box = cv2.boxPoints(((c, c), (6 * cell, 6 * cell), MATCH_TURN_DEG * k))
        cv2.fillConvexPoly(img, np.round(box * 16).astype(np.int32), 0.0, cv2.LINE_AA, 4)   # the border
        box = cv2.boxPoints(((c, c), (4 * cell, 4 * cell), MATCH_TURN_DEG * k))
        cv2.fillConvexPoly(img, np.round(box * 16).astype(np.int32), 0.5, cv2.LINE_AA, 4)   # its cells, unknown
        look = cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)
        off = look - (mask * look).sum() / mask.sum()
        kernels.append(mask * off / np.sqrt((mask * off * off).sum()))
    return np.array(kernels, np.float32), mask


def _square_corners(box: np.ndarray) -> np.ndarray:
    """cv2.boxPoints' corners, ordered so side 0->1 is x and 0->3 is y of a square seen from
    above (y down): the handedness of a marker's own corners."""
    a, b, d = box[0], box[1], box[3]
    cross = (b - a)[0] * (d - a)[1] - (b - a)[1] * (d - a)[0]
    return box if cross > 0 else box[::-1].copy()


def _square_sized(short: float, long: float) -> bool:
    """Sides ``short`` and ``long`` (board inches) are a token marker's, roughly found: 0.55-0.95
    in, and about square."""
    return MIN_SIDE_IN <= short and long <= 0.95 and long / max(short, 1e-6) < 1.3


def _to_marker_size(corners: np.ndarray, side: float) -> np.ndarray:
    """A square's ``corners`` (board inches, 4 x 2), its sides ``side`` long, scaled about its
    centre to a marker's 0.75 in and in :func:`_square_corners`' order."""
    centre = corners.mean(axis=0)
    return _square_corners(centre + (corners - centre) * (SIDE_IN / max(side, 1e-6)))


def _moves() -> tuple[np.ndarray, np.ndarray]:
    """The small moves tried on a rough square: (V x 2 x 2 turn-and-scale, V x 2 shift)."""
    mats, shifts = [], []
    for deg in (-8, -4, 0, 4, 8):
        c, s = np.cos(np.radians(deg)), np.sin(np.radians(deg))
        for scale in (0.92, 1.0, 1.08):
            for dx in (-0.08, -0.04, 0.0, 0.04, 0.08):
                for dy in (-0.08, -0.04, 0.0, 0.04, 0.08):
                    mats.append(scale * np.array([[c, s], [-s, c]]))
                    shifts.append((dx, dy))
    return np.array(mats), np.array(shifts)


_TURNS, _SHIFTS = _moves()
_TURN_ROWS = (np.ascontiguousarray(_TURNS[:, None, 0, :]), np.ascontiguousarray(_TURNS[:, None, 1, :]))  # V x 1 x 2 each


def _variations(square: np.ndarray) -> np.ndarray:
    """``square`` moved by up to 0.08 in, turned by up to 8 degrees and scaled by 8 %: V x 4 x 2.
    Each corner's turn written out as its two products and their sum (the einsum's values, to
    the last bit, for a third of its cost: a token read tries all 375 variations)."""
    centre = square.mean(axis=0)
    d = square - centre
    return centre + _SHIFTS[:, None, :] + (d[None, :, :1] * _TURN_ROWS[0] + d[None, :, 1:] * _TURN_ROWS[1])


@dataclass(frozen=True)
class TokenFit:
    """The token pattern that fits a dark square best: its ``id``, its correlation (``best``),
    the best other token's (``other``), the cells' size (px), and where it fits: the square's
    corners in the marker's own order (board inches) and its 36 cells' brightness."""
    id: int
    best: float
    other: float
    cell_px: float
    square: np.ndarray
    cells: np.ndarray

    def clear(self, by_look: bool = False) -> bool:
        """It fits well and clearly better than any other token (looser limits for small cells);
        ``by_look``, a place found by its look alone (no thresholded square round it), more
        closely still (``MATCHED_MIN_CORRELATION``)."""
        small = self.cell_px < LOW_CELL_PX
        least = LOW_MIN_CORRELATION if small else MIN_CORRELATION
        return self.best >= (max(least, MATCHED_MIN_CORRELATION) if by_look else least) and \
            self.best - self.other >= (LOW_MIN_MARGIN if small else MIN_MARGIN)


class SmallTokenReader:
    """Finds the tokens that ArUco did not."""

    def __init__(self, bits: dict[int, np.ndarray], camera: CameraModel | None = None, blur_px: float = BLUR_PX):
        """``bits``: the tokens' markers (id -> its 4 x 4 cells, 1 white). A square is read as a
        token only when no other token fits it about as well, whichever are being looked for.
        (Other markers of the dictionary are not compared: at 2 px a cell one of the fifty
        nearly always fits about as well, and none of them lies on the play area.) ``blur_px``:
        the picture's blur the patterns are compared with (0: the sharp patterns)."""
        self.camera = camera
        self.blur_px = blur_px
        # every marker in its four turns (k: which of the marker's corners is the square's first),
        # its black border round it, and paper round that (what the blur mixes in at its edge)
        self.patterns = [(i, k) for i in bits for k in range(4)]
        self._cells = [np.pad(np.pad(np.rot90(bits[i], -k), 1).astype(np.float32), 2, constant_values=1.0)
                       for i, k in self.patterns]
        self._templates: dict[float, np.ndarray] = {}

    def templates(self, cell_px: float) -> np.ndarray:
        """The patterns' 6 x 6 cells as a picture with ``cell_px`` pixels a cell shows them at
        their centres (blurred by ``blur_px``), each standardised (mean 0, spread 1): patterns x 36.

        >>> r = SmallTokenReader({10: np.eye(4, dtype=int)})
        >>> sharp = r.templates(20.0)[0]          # a twentieth of a cell's blur: the pattern itself
        >>> [round(float(r.templates(px)[0] @ sharp / 36), 2) for px in (20.0, 2.25, 1.5)]
        [1.0, 0.98, 0.53]
        >>> bool(r.templates(1.5)[0].reshape(6, 6)[0, 0] > 0)     # a border corner, two sides on paper
        True
        """
        sigma = round(self.blur_px / max(cell_px, 0.5), 2)    # in cells; a few dozen values at most
        if sigma not in self._templates:
            t = np.array([(cv2.GaussianBlur(c, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE) if sigma >= 0.05 else c)
                          [2:-2, 2:-2].ravel() for c in self._cells], float)
            self._templates[sigma] = (t - t.mean(axis=1, keepdims=True)) / t.std(axis=1, keepdims=True)
        return self._templates[sigma]

    def _to_image(self, reg: Registration, pts: np.ndarray) -> np.ndarray:
        return reg.to_image(pts, self.camera)

    def _to_board(self, reg: Registration, uv: np.ndarray) -> np.ndarray:
        return reg.to_board(uv, self.camera)

    def candidates(self, gray: np.ndarray, reg: Registration, board_in: tuple[float, float],
                   bases=(), read=()) -> list[np.ndarray]:
        """Dark squares about 0.75 in a side on the board, none centred inside one of ``bases``
        or on a token already ``read`` (their centres, board inches): their corners, board inches."""
        w, h = board_in
        corners = self._to_image(reg, np.array([[0, 0], [w, 0], [w, h], [0, h]], float))
        x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int), 0)
        x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int), [gray.shape[1], gray.shape[0]])
        if x1 - x0 < 16 or y1 - y0 < 16:
            return []
        roi = gray[y0:y1, x0:x1]
        ppi = reg.ppi(w / 2, h / 2)
        block = max(5, int(ppi * SIDE_IN * 1.5) | 1)
        dark = cv2.adaptiveThreshold(roi, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 12)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=4)
        expected = (SIDE_IN * ppi) ** 2
        out = []
        box = stats[:, 2] * stats[:, 3]
        short, long = np.minimum(stats[:, 2], stats[:, 3]), np.maximum(stats[:, 2], stats[:, 3])
        # a square's bounding box is square however it is turned (a line, a shadow's edge is not)
        sized = (box >= 0.15 * expected) & (box <= 4 * expected) & (short >= 6) & (long <= 2 * short)
        blobs = np.nonzero(sized[1:])[0] + 1       # thousands of specks: only the token-sized ones
        if (bases or len(read)) and len(blobs):    # a base's dark top, a token read: not looked at
            at = self._to_board(reg, stats[blobs, :2] + stats[blobs, 2:4] / 2 + [x0, y0])
            near = within(at, bases)
            for x, y in read:
                near |= np.hypot(at[:, 0] - x, at[:, 1] - y) < SIDE_IN
            blobs = blobs[~near]
        if not len(blobs):
            return []
        # A blob whose box spans less than a square's shortest side (0.55 in) across the board,
        # in x or in y, holds no square: _square is not asked (all boxes' corners in one go).
        box_corners = (stats[blobs, None, :2] + _BOX * stats[blobs, None, 2:4] + [x0 - 0.5, y0 - 0.5])
        on_board = self._to_board(reg, box_corners.reshape(-1, 2).astype(np.float64)).reshape(-1, 4, 2)
        wide_enough = (on_board.max(axis=1) - on_board.min(axis=1)).min(axis=1) >= MIN_SIDE_IN
        for k, wide in zip(blobs, wide_enough):
            x, y, bw, bh, area = stats[k]
            square = None
            if wide:
                patch = (labels[y:y + bh, x:x + bw] == k).astype(np.uint8)
                square = self._square(patch, (x + x0, y + y0), reg, board_in)
            if square is None and 0.3 * expected <= bw * bh <= 2.5 * expected:
                # the adaptive threshold can cut a blurred marker's thin border: threshold the
                # spot again on its own (Otsu between the marker's black and its paper margin)
                m = int(max(bw, bh) * 0.4) + 2
                xa, ya = max(x - m, 0), max(y - m, 0)
                spot = roi[ya:y + bh + m, xa:x + bw + m]
                _, local = cv2.threshold(spot, 0, 1, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
                nl, ll = cv2.connectedComponents(local, connectivity=4)
                mid = ll[(y - ya) + bh // 2, (x - xa) + bw // 2]
                if mid:
                    square = self._square((ll == mid).astype(np.uint8), (xa + x0, ya + y0), reg, board_in)
            if square is not None:
                out.append(square)
        return out

    def matched(self, gray: np.ndarray, reg: Registration, board_in: tuple[float, float],
                bases=(), read=()) -> list[np.ndarray]:
        """Token-sized squares found by their look rather than a threshold: a dark 0.75 in square
        in its paper margin, matched (normalised correlation) on the board seen from above at its
        own pixels per inch, turned in 15 degree steps (``read`` turns a square by up to 8). At
        1.5-2 px a cell a token's black border is a pixel wide and its paper margin as light as a
        pitch line; on turf no darker than the turf, its cells threshold into specks that hold
        no square. The best ``MATCH_MOST`` places above ``MATCH_MIN``, none inside one of
        ``bases`` or on a token already ``read``: their corners, board inches."""
        w, h = board_in
        scale = reg.ppi(w / 2, h / 2, self.camera)                # the board's own pixels an inch
        nx, ny = int(w * scale), int(h * scale)
        if scale >= MATCH_BELOW_PPI or min(nx, ny) < 16:
            return []
        kernels, mask = _token_looks(round(scale, 1))          # (drawn once for each tenth of a pixel an inch)
        size = len(mask)
        if min(nx, ny) <= size:                                # a board smaller than a token: none on it
            return []
        mu, mv = self._board_maps(reg, nx, ny, scale)
        board = cv2.remap(gray, mu, mv, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        # normalised correlation over the mask, as plain correlations at each place where the
        # mask lies wholly on the board (matchTemplate's, through the DFT: a quarter of
        # filter2D's time): the picture's own mean and spread under the mask, and each turn's
        # kernel (mean 0 over the mask) against it
        correlate = lambda im, k: cv2.matchTemplate(im, k, cv2.TM_CCORR)  # noqa: E731
        weight = float(mask.sum())
        s1, s2 = correlate(board, mask), correlate(board * board, mask)
        sd = np.sqrt(np.maximum(s2 - s1 * s1 / weight, 1e-6))
        # the best turn's fit at each place, then divided by the place's spread (one positive
        # number: the same turn is best, and the same value, as dividing each turn's first);
        # which turn it is, asked only at the places kept (a mask written over the whole board
        # each turn cost more than the correlations)
        fits = [correlate(board, kernel) for kernel in kernels]
        most = fits[0].copy()
        for fit in fits[1:]:
            np.maximum(most, fit, out=most)
        best = most / sd
        best[sd < 4.0 * np.sqrt(weight)] = 0.0                  # flat: nothing printed there
        reach = max(3, int(0.6 * scale)) | 1
        peaks = (best >= MATCH_MIN) & (best >= cv2.dilate(best, np.ones((reach, reach), np.uint8)))
        py, px = np.nonzero(peaks)
        order = np.argsort(-best[py, px])
        out = []
        for y, x in zip(py[order], px[order]):
            centre = np.array([(x + size / 2) / scale, (y + size / 2) / scale])
            if within(centre[None], bases)[0] or any(np.hypot(*(centre - r)) < SIDE_IN for r in read):
                continue
            turn = int(np.argmax([fit[y, x] for fit in fits]))   # (the first turn of a tie)
            a = math.radians(MATCH_TURN_DEG * turn)
            rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
            out.append(centre + (_BOX - 0.5) * SIDE_IN @ rot.T)
            if len(out) == MATCH_MOST:
                break
        return out

    def _board_maps(self, reg: Registration, nx: int, ny: int, scale: float) -> tuple[np.ndarray, np.ndarray]:
        """Where each pixel of the board seen from above (``nx`` x ``ny`` at ``scale`` pixels an
        inch) lies in the picture: remap's maps. Through a lens, worked out every 4th pixel and
        interpolated (the lens bends smoothly; pixel by pixel it costs 60 ms a picture). The
        board's columns and rows go in as a row and a column, which numpy broadcasts: each
        pixel's sums are the same as from a meshgrid, without its two planes and half the
        products over them."""
        if self.camera is None:
            return reg.to_image_planes(((np.arange(nx) + 0.5) / scale)[None, :], ((np.arange(ny) + 0.5) / scale)[:, None])
        mx, my = -(-nx // 4) + 1, -(-ny // 4) + 1
        mu, mv = reg.to_image_planes(((4 * np.arange(mx) + 2) / scale)[None, :], ((4 * np.arange(my) + 2) / scale)[:, None],
                                     self.camera)
        return tuple(cv2.resize(m, (4 * mx, 4 * my), interpolation=cv2.INTER_LINEAR)[:ny, :nx] for m in (mu, mv))

    def _square(self, patch: np.ndarray, origin, reg: Registration, board_in) -> np.ndarray | None:
        """A marker's square (corners in board inches, marker order up to a turn) if the dark
        blob ``patch`` (its top-left at image pixel ``origin``) is one, else None."""
        contours, _ = cv2.findContours(patch, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not contours:
            return None
        c = max(contours, key=len).reshape(-1, 2).astype(np.float64) + origin
        board = self._to_board(reg, c).astype(np.float32)
        (cx, cy), (sw, sh), _ = rect = cv2.minAreaRect(board)
        if not _square_sized(min(sw, sh), max(sw, sh)):
            return None
        if cv2.contourArea(cv2.convexHull(board)) < 0.8 * sw * sh:       # a disc, a blob: not a square
            return None
        if not (0 <= cx <= board_in[0] and 0 <= cy <= board_in[1]):
            return None
        # the threshold's contour lies about half a pixel inside the dark square: scale to 0.75 in
        return _to_marker_size(cv2.boxPoints(rect).astype(np.float64), float(np.mean([sw, sh])))

    def fit(self, gray: np.ndarray, reg: Registration, square: np.ndarray) -> TokenFit:
        """How the tokens' patterns fit the dark square ``square`` (board inches). The square
        from a threshold is rough by a pixel or two, a lot for 2 px cells, so it is moved,
        turned and scaled a little to where its 6 x 6 cells fit a pattern best."""
        squares = _variations(square)                                   # V x 4 x 2
        o, ux, uy = squares[:, 0], squares[:, 1] - squares[:, 0], squares[:, 3] - squares[:, 0]
        # the cells' centres as x and y planes (V x 36): numpy is slow on a last axis of 2
        gx, gy = _GRID[:, 0], _GRID[:, 1]
        px = o[:, :1] + gx * ux[:, :1] + gy * uy[:, :1]
        py = o[:, 1:] + gx * ux[:, 1:] + gy * uy[:, 1:]
        mu, mv = reg.to_image_planes(px, py, self.camera)
        v = cv2.remap(gray, mu, mv, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(float)
        spread = v.std(axis=1, keepdims=True)
        z = (v - v.mean(axis=1, keepdims=True)) / (spread + 1e-9)
        cell_px = reg.ppi(*square.mean(axis=0), self.camera) * SIDE_IN / 6
        corr = z @ self.templates(cell_px).T / 36                         # V x patterns
        corr[spread[:, 0] < 4] = -1.0                                     # flat: nothing printed
        best_v, best_p = np.unravel_index(int(np.argmax(corr)), corr.shape)
        i, k = self.patterns[best_p]
        others = [q for q, (j, _) in enumerate(self.patterns) if j != i]
        other = float(corr[:, others].max()) if others else -1.0
        return TokenFit(i, float(corr[best_v, best_p]), other, cell_px,
                        np.roll(squares[best_v], -k, axis=0), v[best_v])  # the marker's own first corner first

    def read(self, gray: np.ndarray, reg: Registration, square: np.ndarray, wanted,
             by_look: bool = False) -> MarkerSighting | None:
        """The token whose marker fills ``square`` (board inches), if it is one of ``wanted`` and
        fits clearly better than any other marker (:meth:`fit`, :meth:`TokenFit.clear`), with
        paper round it."""
        fit = self.fit(gray, reg, square)
        if fit.id not in wanted or not fit.clear(by_look):
            return None
        if self._paper(gray, reg, fit.square, fit.cells) < MIN_PAPER:
            return None
        raw = refine_corners_by_edges(gray, self._to_image(reg, fit.square))
        return MarkerSighting(fit.id, self.camera.undistort(raw) if self.camera is not None else raw)

    def _paper(self, gray: np.ndarray, reg: Registration, square: np.ndarray, cells: np.ndarray) -> float:
        """How much brighter a ring half a cell outside the marker is than its black border, in
        units of the cells' own spread: the paper a printed marker needs round it."""
        centre = square.mean(axis=0)
        axes = np.array([square[1] - square[0], square[3] - square[0]])
        ring = centre + (_GRID[_BORDER] - 0.5) @ axes * (7 / 5)          # the border's cells, pushed out
        uv = self._to_image(reg, ring).astype(np.float32)
        out = cv2.remap(gray, uv[:, 0].reshape(1, -1), uv[:, 1].reshape(1, -1), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE).ravel().astype(float)
        return float((np.median(out) - np.median(cells[_BORDER])) / (cells.std() + 1e-9))

    def hinted(self, quads, reg: Registration, board_in: tuple[float, float]) -> list[np.ndarray]:
        """The ``quads`` (raw image pixels, 4 x 2: ArUco's, found but not decoded) that could be a
        token's marker: on the board, 0.55-0.95 in a side and about square. Their corners in
        board inches, scaled to 0.75 in about their centre, as :meth:`candidates` gives them."""
        out = []
        for quad in quads:
            board = self._to_board(reg, np.asarray(quad, np.float64).reshape(4, 2))
            sides = np.linalg.norm(board - np.roll(board, -1, axis=0), axis=1)
            cx, cy = board.mean(axis=0)
            if _square_sized(sides.min(), sides.max()) and 0 <= cx <= board_in[0] and 0 <= cy <= board_in[1]:
                out.append(_to_marker_size(board, float(sides.mean())))
        return out

    def find(self, gray: np.ndarray, reg: Registration, board_in: tuple[float, float], wanted,
             bases=(), read=(), hints=()) -> list[MarkerSighting]:
        """The tokens ``wanted`` (ids) found; none inside one of ``bases`` (a base's dark top
        with a light figure on it can look like a marker with a light middle) or where a
        token was ``read`` already (its centre, board inches). The quads ArUco found and could
        not decode (``hints``, raw image pixels) are read first: a token too small for its
        decoder nearly always is one, and the whole board's dark blobs, which cost as much
        as ArUco's own detection, are looked at only while a token is still missing."""
        out: list[MarkerSighting] = []
        wanted = set(wanted)
        read = list(read)
        for squares, by_look in ((lambda: self.hinted(hints, reg, board_in), False),
                                 (lambda: self.candidates(gray, reg, board_in, bases, read), False),
                                 (lambda: self.matched(gray, reg, board_in, bases, read), True)):
            if not wanted:
                break
            for square in squares():
                if not wanted:
                    break
                if within(square.mean(axis=0)[None], bases)[0]:   # its square can sit off its blob's box
                    continue
                s = self.read(gray, reg, square, wanted, by_look)
                if s is not None:
                    out.append(s)
                    wanted.discard(s.id)
                    read.append(reg.to_board(s.corners).mean(axis=0))     # (undistorted pixels)
        return out
