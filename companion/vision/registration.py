"""Board registration: the frame markers give the homography from board inches
to (undistorted) image pixels, every frame.

All four markers' 16 sub-pixel corners fix the homography. With one marker
hidden (a hand, a cup) the three others are checked against the last good
frame: if they have not moved, the last good homography is kept (it was made
from all four); if they have, the board or camera moved and the three fix a
new one. Fewer than three markers: the board is lost for this frame.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.camera_model import CameraModel
from companion.vision.profile import BoardProfile, aruco_dictionary, marker_corners
from companion.vision.projective import apply as apply_h
from companion.vision.projective import fit_homography

MOVED_PX = 1.5      # board corners shifting more than this since the last good frame: "moved"
AGREE_PX = 1.0      # visible markers this close to where the last homography puts them: "still"
AGREE_FIT_PX = 3.0  # a marker whose corners all lie this close to a proposed homography agrees with it


@dataclass(frozen=True)
class MarkerSighting:
    id: int
    corners: np.ndarray     # 4 x 2, undistorted image pixels, ArUco order


@dataclass(frozen=True)
class Registration:
    status: str                      # "ok", "held" (one hidden, last good kept), "lost"
    H: np.ndarray | None             # board inches -> undistorted image pixels
    visible: tuple[int, ...]         # frame markers seen
    moved: bool = False
    error_px: float = 0.0            # RMS of the frame-marker corners against H
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.H is not None and self.status != "lost"

    def to_board(self, pts: np.ndarray, camera=None) -> np.ndarray:
        """Image pixels to board inches; with the ``camera`` (a CameraModel), from the raw,
        distorted pixels the camera gives."""
        if camera is not None:
            pts = camera.undistort(pts)
        return apply_h(self._H_inverse, pts)

    @functools.cached_property
    def _H_inverse(self) -> np.ndarray:
        """Image pixels -> board inches, inverted once (the token search asks for it per blob)."""
        return np.linalg.inv(self.H)

    def ppi(self, x_in: float, y_in: float, camera=None) -> float:
        """Image pixels per board inch about the board point (x_in, y_in): the square root of
        the area a square inch there covers in the image (through the ``camera``'s lens)."""
        p = self.to_image(np.array([[x_in, y_in], [x_in + 1, y_in], [x_in, y_in + 1]], float), camera)
        (ax, ay), (bx, by) = p[1] - p[0], p[2] - p[0]
        return float(np.sqrt(abs(ax * by - ay * bx)))

    def to_image(self, pts: np.ndarray, camera=None) -> np.ndarray:
        """Board inches to image pixels; with the ``camera``, to its raw, distorted pixels."""
        uv = apply_h(self.H, pts)
        return camera.distort(uv) if camera is not None else uv

    def to_image_planes(self, x: np.ndarray, y: np.ndarray, camera=None) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`to_image` for board points given as x and y planes (any shape, or any two that
        broadcast: a row of x and a column of y make a grid): the pixels as float32 planes of
        that shape, ready as remap's maps. numpy is slow on a last axis of 2, so the homography
        and the lens are applied plane by plane."""
        H = self.H
        w = H[2, 0] * x + H[2, 1] * y + H[2, 2]
        u, v = (H[0, 0] * x + H[0, 1] * y + H[0, 2]) / w, (H[1, 0] * x + H[1, 1] * y + H[1, 2]) / w
        if camera is not None:
            u, v = camera.distort_planes(u, v)
        return u.astype(np.float32), v.astype(np.float32)


def refine_corners_by_edges(gray: np.ndarray, corners: np.ndarray, samples: int = 10) -> np.ndarray:
    """Corners as intersections of the four sides, each side fitted through sub-pixel edge points.

    OpenCV's cornerSubPix is made for checkerboard saddles; on the L-shaped outer corner
    of a blurred marker it is pulled inward by about a third of a pixel. Edges are not:
    the 50 % crossing between the dark inside and the bright outside of a blurred step
    stays where the step is. (The original ``corners`` array when a side cannot be fitted.)
    """
    return refine_many(gray, [corners], samples)[0]


def refine_many(gray: np.ndarray, markers: list[np.ndarray], samples: int = 10,
                max_move: float = 2.0) -> list[np.ndarray]:
    """:func:`refine_corners_by_edges` for many markers at once: one image lookup for all
    their edge profiles, every side's line fitted in one pass (a table of six boards has 24
    frame markers, and each frame's tracking refines them all). A corner that would move
    more than ``max_move`` pixels is left where it was."""
    if not markers:
        return []
    c = np.stack([np.asarray(m, np.float64) for m in markers])           # M x 4 x 2
    M = len(c)
    a, b = c, np.roll(c, -1, axis=1)                                      # side k: corner k to k+1
    d = (b - a) / np.linalg.norm(b - a, axis=2, keepdims=True)
    n = np.stack([-d[..., 1], d[..., 0]], axis=2)
    outward = np.sign(np.sum(n * ((a + b) / 2 - c.mean(axis=1, keepdims=True)), axis=2))
    n *= outward[..., None]                                               # normals point out
    side_len = np.linalg.norm(b - a, axis=2).mean(axis=1)                 # M
    half = np.clip(side_len * 0.12, 2.0, 5.0)
    T = 41                                                                # profile samples (at most 5 px each way)
    ts = np.linspace(-1.0, 1.0, T)[None, :] * half[:, None]               # M x T
    fr = np.linspace(0.2, 0.8, samples)
    base = a[:, :, None, :] + fr[None, None, :, None] * (b - a)[:, :, None, :]          # M x 4 x S x 2
    pts = base[:, :, :, None, :] + ts[:, None, None, :, None] * n[:, :, None, None, :]   # M x 4 x S x T x 2
    prof = cv2.remap(gray, pts[..., 0].reshape(-1, T).astype(np.float32),
                     pts[..., 1].reshape(-1, T).astype(np.float32), cv2.INTER_LINEAR).astype(np.float64)
    lo = prof[:, : T // 3].min(axis=1)
    hi = prof[:, -(T // 3):].max(axis=1)
    level = (lo + hi) / 2
    above = prof >= level[:, None]
    j = np.argmax(above, axis=1)
    ok = (hi - lo >= 20) & above.any(axis=1) & (j > 0)
    j = np.clip(j, 1, T - 1)
    rows = np.arange(len(j))
    y0, y1 = prof[rows, j - 1], prof[rows, j]
    tsr = np.repeat(ts, 4 * samples, axis=0)                              # (M*4*S) x T
    t = tsr[rows, j - 1] + (level - y0) / np.where(y1 != y0, y1 - y0, 1.0) * (tsr[rows, j] - tsr[rows, j - 1])
    edge = (base.reshape(-1, 2) + t[:, None] * np.repeat(n.reshape(-1, 2), samples, axis=0)).reshape(M, 4, samples, 2)
    ok = ok.reshape(M, 4, samples)
    # each side: the total-least-squares line through its good edge points
    w = ok.astype(np.float64)
    count = w.sum(axis=2)                                                 # M x 4
    mean = (edge * w[..., None]).sum(axis=2) / np.maximum(count, 1)[..., None]
    dev = (edge - mean[:, :, None, :]) * w[..., None]
    sxx, syy = (dev[..., 0] ** 2).sum(axis=2), (dev[..., 1] ** 2).sum(axis=2)
    sxy = (dev[..., 0] * dev[..., 1]).sum(axis=2)
    angle = 0.5 * np.arctan2(2 * sxy, sxx - syy)                          # the principal direction
    direction = np.stack([np.cos(angle), np.sin(angle)], axis=2)          # M x 4 x 2
    # corner k: where side k-1 meets side k (p + t d = q + u e, solved for every corner at once)
    p, dd = np.roll(mean, 1, axis=1), np.roll(direction, 1, axis=1)
    q, e = mean, direction
    det = -dd[..., 0] * e[..., 1] + e[..., 0] * dd[..., 1]
    qp = q - p
    t = (-qp[..., 0] * e[..., 1] + e[..., 0] * qp[..., 1]) / np.where(np.abs(det) < 1e-9, 1.0, det)
    corner = p + t[..., None] * dd
    keep = (np.abs(det) < 1e-9) | (np.linalg.norm(corner - c, axis=2) > max_move)
    corner = np.where(keep[..., None], c, corner)
    return [markers[m] if (count[m] < 4).any() else corner[m] for m in range(M)]


TRACK_MOVED_PX = 1.5     # a tracked corner moving further than this: a bump, detect afresh


def marker_bits(dictionary, marker_id: int) -> np.ndarray:
    """The inner bits of a marker (1 white), as OpenCV draws it: 4 x 4 for DICT_4X4_*."""
    size = dictionary.markerSize + 2
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, size)
    return (img[1:-1, 1:-1] > 127).astype(np.uint8)


def marker_points(corners: np.ndarray, n: int, cell_xy: np.ndarray) -> np.ndarray:
    """Image pixels of points given in a marker's own cell units (0 to n + 2 across, the black
    border included; (1.5, 1.5) is the middle of the first inner cell), for a marker of n x n
    inner cells whose outer corners are ``corners`` (ArUco order)."""
    cells = n + 2
    src = np.array([[0, 0], [cells, 0], [cells, cells], [0, cells]], np.float32)
    M = cv2.getPerspectiveTransform(src, corners.astype(np.float32))
    return cv2.perspectiveTransform(np.asarray(cell_xy, np.float32).reshape(-1, 1, 2), M).reshape(-1, 2)


def read_bits(gray: np.ndarray, corners: np.ndarray, n: int) -> np.ndarray:
    """The n x n inner cells of a marker whose outer corners are ``corners`` (ArUco order),
    each sampled at its centre and thresholded between the marker's dark and light cells."""
    uv = marker_points(corners, n, [(i + 1.5, j + 1.5) for j in range(n) for i in range(n)])
    v = cv2.remap(gray, uv[:, 0].reshape(1, -1), uv[:, 1].reshape(1, -1), cv2.INTER_LINEAR).ravel().astype(float)
    return (v > (v.min() + v.max()) / 2).astype(np.uint8).reshape(n, n)


class MarkerFinder:
    """ArUco detection, then corners refined by fitting the marker's four sides. While a
    board is tracked, :meth:`track` finds the markers again where they were, far cheaper
    than a detection, and checks each one's bits so a hand or a swap is not taken for it."""

    def __init__(self, dictionary: str = "DICT_4X4_50", camera: CameraModel | None = None,
                 refine_ids: set[int] | None = None):
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE  # we fit the sides instead
        # Token markers are small (0.75 in is about 20 px at 720p): read the bits from a finer
        # grid, away from the cell edges that blur smears, and threshold a little more gently.
        params.perspectiveRemovePixelPerCell = 8
        params.perspectiveRemoveIgnoredMarginPerCell = 0.25
        params.adaptiveThreshConstant = 5
        # One threshold window of 3 px, on the picture and, while a frame marker is missing, on
        # a half-size copy of it: the small tokens are found in the first, large frame markers
        # that a 3 px window breaks up in the second, for 55 % of the time of two windows (3 and
        # 13 px) on the whole picture. A 13 px window on the picture itself only when a frame
        # marker is still missing (a heavily blurred one can need it, and a hand over one costs
        # this every search).
        params.adaptiveThreshWinSizeMin = 3
        params.adaptiveThreshWinSizeMax = 3
        self.dictionary = aruco_dictionary(dictionary)
        self.detector = cv2.aruco.ArucoDetector(self.dictionary, params)
        params.adaptiveThreshWinSizeMin = 13
        params.adaptiveThreshWinSizeMax = 13
        self.wide_detector = cv2.aruco.ArucoDetector(self.dictionary, params)
        self.camera = camera
        self.refine_ids = refine_ids  # None: refine every marker's corners
        self.last_raw: dict[int, np.ndarray] = {}     # last corners seen, distorted pixels
        self.last_rejected: list[np.ndarray] = []      # quads the last detection could not decode, ditto
        self._bits: dict[int, np.ndarray] = {}

    def bits(self, marker_id: int) -> np.ndarray:
        """Marker ``marker_id``'s inner cells (1 white), drawn once and kept."""
        if marker_id not in self._bits:
            self._bits[marker_id] = marker_bits(self.dictionary, marker_id)
        return self._bits[marker_id]

    def _sighting(self, marker_id: int, pts: np.ndarray) -> MarkerSighting:
        return MarkerSighting(marker_id, self.camera.undistort(pts) if self.camera is not None else pts)

    def track(self, gray: np.ndarray, ids) -> list[MarkerSighting] | None:
        """The markers ``ids`` found again where they were in the last frame; None as soon as
        one is not (moved, covered, or its bits no longer read as its id)."""
        ids = list(ids)
        self.last_rejected = []
        olds = [self.last_raw.get(i) for i in ids]
        if any(o is None for o in olds):
            return None
        out = []
        for i, old, pts in zip(ids, olds, refine_many(gray, olds)):
            if pts is old or np.any(np.linalg.norm(pts - old, axis=1) > TRACK_MOVED_PX):
                return None                                     # a side not there, or a bump
            if not self._reads_as(gray, pts, i):
                return None
            self.last_raw[i] = pts
            out.append(self._sighting(i, pts))
        return out

    def detect(self, gray: np.ndarray) -> tuple[list[np.ndarray], list[int], list[bool]]:
        """ArUco's reads: of the picture; of a half-size copy where the picture has none (a
        marker read twice is read once), unless the picture itself read every frame marker
        (``refine_ids``; the copy is for those: on 406 synthetic pictures of three sets that
        read all four, it added no marker); and with a wider window when a frame marker is
        still missing. Raw corners (4 x 2), ids, and which of them were read at half size (their
        corners a pixel or two out). The quads ArUco found and could not decode are kept in
        ``last_rejected`` (a token marker too small for its decoder is nearly always one)."""
        detection = self.detector.detectMarkers(gray)
        raw, ids = _reads(detection, 1.0)
        coarse = [False] * len(raw)
        self.last_rejected = _rejected(detection, 1.0)

        def add(detection, at_half):
            reads = _reads(detection, 2.0 if at_half else 1.0)
            self.last_rejected += _rejected(detection, 2.0 if at_half else 1.0)
            centres = [c.mean(axis=0) for c in raw]
            for c, i in zip(*reads):
                side = np.linalg.norm(c[1] - c[0])
                if all(np.linalg.norm(c.mean(axis=0) - m) > side / 2 for m in centres):
                    raw.append(c)
                    ids.append(i)
                    coarse.append(at_half)

        def frame_markers_read() -> bool:
            return bool(self.refine_ids) and self.refine_ids <= set(ids)

        if not frame_markers_read():
            half = cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2), interpolation=cv2.INTER_AREA)
            add(self.detector.detectMarkers(half), True)
        if self.refine_ids and not frame_markers_read():
            add(self.wide_detector.detectMarkers(gray), False)
        return raw, ids, coarse

    def find_all(self, gray: np.ndarray) -> list[MarkerSighting]:
        """Every marker read, duplicates included (a token can be misread as a frame marker)."""
        raw, ids, coarse = self.detect(gray)
        self.last_raw = {}
        if not ids:
            return []
        # Corners refined: the frame markers' (the homography needs them to a tenth of a pixel)
        # and all those read at half size. ArUco's own corners can be 2 px out (a large marker
        # under a 3 px window, or read at half size): the sides are fitted twice, the first time
        # letting a corner move that far.
        todo = [k for k, i in enumerate(ids) if coarse[k] or self.refine_ids is None or i in self.refine_ids]
        for max_move in (4.0, 2.0):
            for k, pts in zip(todo, refine_many(gray, [raw[k] for k in todo], max_move=max_move)):
                raw[k] = pts
        out = []
        for i, pts in zip(ids, raw):
            self.last_raw.setdefault(i, pts)
            out.append(self._sighting(i, pts))
        return out

    def read_again(self, gray: np.ndarray, guesses: dict[int, np.ndarray],
                   at_guess: bool = False) -> list[MarkerSighting]:
        """Frame markers that ArUco found a quad for and could not decode, read where ``guesses``
        (id: raw corners, ArUco's order) put them: each quad it rejected (:attr:`last_rejected`)
        within a marker's side of a guess and of about its size, its corners taken in the
        guess's order, read by :meth:`_read_quad`. A far, blurred marker seen at 13-15 px/in can
        be a quad ArUco cannot decode whose bits read cleanly once its sides are fitted. With
        ``at_guess`` (a guess good to a pixel or two, from three markers), a marker no rejected
        quad reads is read from the guess itself."""
        out = []
        for i, guess in guesses.items():
            side = _mean_side(guess)
            for quad in self.last_rejected:
                if np.linalg.norm(quad.mean(axis=0) - guess.mean(axis=0)) <= side and \
                        0.6 * side <= _mean_side(quad) <= 1.8 * side:
                    pts = self._read_quad(gray, _turned_like(quad, guess), side, i)
                    if pts is not None:
                        out.append(self._sighting(i, pts))
                        break
            else:
                pts = self._read_quad(gray, guess, side, i) if at_guess else None
                if pts is not None:
                    out.append(self._sighting(i, pts))
        return out

    def read_anywhere(self, gray: np.ndarray, ids, like: np.ndarray) -> list[MarkerSighting]:
        """Frame markers ``ids`` read from any quad ArUco rejected of about the size of ``like``
        (a frame marker read: raw corners), its corners taken in ``like``'s turn (frame markers
        stand upright on the board, so the picture turns them alike), by :meth:`_read_quad`;
        one quad for each id at most. Nothing says where they are: what this reads must agree
        with the marker read on one homography (:func:`read_missing_frame_markers`)."""
        side, out, left = _mean_side(like), [], list(ids)
        for quad in self.last_rejected:
            if not left or not 0.6 * side <= _mean_side(quad) <= 1.8 * side:
                continue
            quad = _turned_along(quad, like)
            for i in left:
                pts = self._read_quad(gray, quad, side, i)
                if pts is not None:
                    out.append(self._sighting(i, pts))
                    left.remove(i)
                    break
        return out

    def _read_quad(self, gray: np.ndarray, quad: np.ndarray, side: float, marker_id: int) -> np.ndarray | None:
        """``quad`` (raw corners, in the marker's own order) read as marker ``marker_id``: scaled
        about its centre to ``side`` (a quad round the marker's white margin is a third
        larger), then as it was found, its sides fitted, its bits read (at most one wrong, as
        :meth:`track` reads them). Its fitted corners (kept in :attr:`last_raw`), or None. (The
        margin's own quad, fitted, can move its corners only part of the way in and still read
        with one bit wrong: the size expected is tried first.)"""
        centre = quad.mean(axis=0)
        for scale in (side / _mean_side(quad), 1.0):
            start = centre + (quad - centre) * scale
            pts = refine_many(gray, [start], max_move=4.0)[0]
            if pts is start:                                # its sides not found
                continue
            pts = refine_many(gray, [pts], max_move=2.0)[0]
            if self._reads_as(gray, pts, marker_id):
                self.last_raw[marker_id] = pts
                return pts
        return None

    def _reads_as(self, gray: np.ndarray, pts: np.ndarray, marker_id: int) -> bool:
        """Whether the marker with corners ``pts`` (raw, its own order) reads as ``marker_id``:
        its bits that id's, at most one wrong."""
        bits = self.bits(marker_id)
        return np.count_nonzero(read_bits(gray, pts, bits.shape[0]) != bits) <= 1

    def find(self, gray: np.ndarray) -> dict[int, MarkerSighting]:
        """One sighting per id: the first (see find_all for all of them)."""
        found: dict[int, MarkerSighting] = {}
        for s in self.find_all(gray):
            found.setdefault(s.id, s)
        return found


def _mean_side(quad: np.ndarray) -> float:
    return float(np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).mean())


def _turned_like(quad: np.ndarray, guess: np.ndarray) -> np.ndarray:
    """``quad``'s corners, in the order (of its four turns) that lies nearest ``guess``'s."""
    return min((np.roll(quad, -k, axis=0) for k in range(4)), key=lambda q: float(np.linalg.norm(q - guess)))


def _turned_along(quad: np.ndarray, like: np.ndarray) -> np.ndarray:
    """``quad``'s corners, in the order (of its four turns) whose first side runs most nearly
    as ``like``'s does."""
    along = like[1] - like[0]
    return max((np.roll(quad, -k, axis=0) for k in range(4)), key=lambda q: float(np.dot(q[1] - q[0], along)))


def _frame_sightings(profile: BoardProfile, sightings: list[MarkerSighting]) -> dict[int, MarkerSighting]:
    """The first sighting of each frame marker among ``sightings``."""
    read: dict[int, MarkerSighting] = {}
    for s in sightings:
        if s.id in profile.markers:
            read.setdefault(s.id, s)
    return read


def _board_homography(profile: BoardProfile, sightings: list[MarkerSighting]):
    """The least-squares homography board inches -> (undistorted) pixels of the frame markers'
    corners in ``sightings``: (H or None, board corners, their pixels)."""
    board = np.vstack([marker_corners(profile, s.id) for s in sightings])
    image = np.vstack([s.corners for s in sightings])
    return fit_homography(board, image), board, image


def guesses_from_read(profile: BoardProfile, sightings: list[MarkerSighting], camera: CameraModel | None = None
                      ) -> dict[int, np.ndarray]:
    """Where the frame markers not read lie (raw corners, ArUco's order), put by a homography of
    the two or three that were (:meth:`MarkerFinder.read_again`). Two markers place the others
    to within half a marker's side or so (their eight corners fix the tilt across the line
    between them only loosely: 5-13 px off at 14 px/in through a lens); three, to a pixel or
    two (up to 7 px through a lens no CAMERA.toml describes). Empty unless two or three are read."""
    read = _frame_sightings(profile, sightings)
    if len(read) not in (2, 3):
        return {}
    H, _, _ = _board_homography(profile, list(read.values()))
    return {} if H is None else _guesses(H, profile, set(profile.markers) - set(read), camera)


def _guesses(H: np.ndarray, profile: BoardProfile, ids, camera: CameraModel | None) -> dict[int, np.ndarray]:
    """Where homography ``H`` (board -> undistorted pixels) puts frame markers ``ids``: raw
    corners, ArUco's order, through the lens when there is one."""
    out = {}
    for i in sorted(ids):
        guess = apply_h(H, marker_corners(profile, i))
        out[i] = camera.distort(guess) if camera is not None else guess
    return out


def read_missing_frame_markers(finder: MarkerFinder, profile: BoardProfile, gray: np.ndarray,
                               sightings: list[MarkerSighting], camera: CameraModel | None = None
                               ) -> list[MarkerSighting]:
    """The frame markers ArUco could not decode, or decoded out of line. With two read (too
    few to hold the board: three are needed), where those two put the others
    (:func:`guesses_from_read`, :meth:`MarkerFinder.read_again`). With three, the fourth where
    they put it, from a quad ArUco rejected or from the guess itself, kept when it is where
    they put it (:func:`_agrees`): three markers hold the board, but its far corner,
    extrapolated from them, can be a pixel or two out (a tenth of an inch at 14 px/in), where
    four put it right. With four out of line, the one the other three disagree with, where
    they put it (:func:`_read_out_of_line`). With one, from any quad of its size
    (:meth:`MarkerFinder.read_anywhere`), kept only when at least two are read so and one
    homography puts all of them, the one read included, within ``AGREE_FIT_PX`` of where they
    were seen (a pattern read by chance in a quad elsewhere is not where the board puts that
    marker). A marker under a hand leaves no quad and reads as no marker: nothing is read
    for it."""
    read = _frame_sightings(profile, sightings)
    if len(read) == 2:
        return finder.read_again(gray, guesses_from_read(profile, list(read.values()), camera))
    if len(read) == 3:
        three = list(read.values())
        H, _, _ = _board_homography(profile, three)
        if H is None:
            return []
        more = finder.read_again(gray, _guesses(H, profile, set(profile.markers) - set(read), camera), at_guess=True)
        return [s for s in more if _agrees(H, profile, three, s)]
    if len(read) == 4:
        return _read_out_of_line(finder, profile, gray, read, camera)
    if len(read) != 1 or next(iter(read)) not in finder.last_raw:
        return []
    (only,) = read.values()
    more = finder.read_anywhere(gray, sorted(set(profile.markers) - set(read)), finder.last_raw[only.id])
    if len(more) < 2:
        return []
    H, board, image = _board_homography(profile, [only] + more)
    if H is None or np.linalg.norm(apply_h(H, board) - image, axis=1).max() > AGREE_FIT_PX:
        return []
    return more


def _read_out_of_line(finder: MarkerFinder, profile: BoardProfile, gray: np.ndarray,
                      read: dict[int, MarkerSighting], camera: CameraModel | None) -> list[MarkerSighting]:
    """With all four frame markers read and not in line (:func:`_in_line`), each that the
    other three put more than ``AGREE_FIT_PX`` off, read again at their guess and kept when it
    is where they put it (:func:`_agrees`). A far marker's corners decoded through blur and
    JPEG can be 4 px out; the registrar then drops it (:meth:`BoardRegistrar._consistent`) and
    three markers hold the board, its far corner extrapolated. Read again where they put it,
    it lands within 2 px (turned 26917), and all four hold it. A token misread as a frame
    marker is read again so too: the marker itself, where the three put it, is what is read."""
    if _in_line(profile, list(read.values())):
        return []
    out = []
    for i, sighting in read.items():
        three = [s for j, s in read.items() if j != i]
        H3, _, _ = _board_homography(profile, three)
        if H3 is None or _off(H3, profile, sighting) <= AGREE_FIT_PX:
            continue
        more = finder.read_again(gray, _guesses(H3, profile, {i}, camera), at_guess=True)
        out += [s for s in more if _agrees(H3, profile, three, s)]
    return out


def _agrees(H: np.ndarray, profile: BoardProfile, three: list[MarkerSighting], fourth: MarkerSighting) -> bool:
    """Whether frame marker ``fourth``, read where ``three`` put it (``H``, their homography),
    is where they put it: its corners within ``AGREE_FIT_PX`` of their guess, or all four on
    one homography (:func:`_in_line`). Three markers fix the perspective loosely, and with an
    unmodelled lens their far corner can be 7 px out (turned 77600, 14.7 px/in: six bases read
    0.08-0.17 in off) where the four fit within 0.62 px RMS."""
    return _off(H, profile, fourth) <= AGREE_FIT_PX or _in_line(profile, three + [fourth])


def _in_line(profile: BoardProfile, sightings: list[MarkerSighting]) -> bool:
    """Whether one homography puts all of ``sightings``' corners within a quarter of
    ``AGREE_FIT_PX`` (RMS) of where they were seen, as the registrar asks of four frame markers
    before it looks for one out of line (:meth:`BoardRegistrar._consistent`)."""
    H, board, image = _board_homography(profile, sightings)
    return H is not None and _rms(H, board, image) <= AGREE_FIT_PX / 4


def _rms(H: np.ndarray, board: np.ndarray, image: np.ndarray) -> float:
    """The RMS distance (pixels) between where ``H`` puts ``board`` points and ``image``'s."""
    return float(np.sqrt(np.mean(np.sum((apply_h(H, board) - image) ** 2, axis=1))))


def _off(H: np.ndarray, profile: BoardProfile, sighting: MarkerSighting) -> float:
    """How far (pixels) frame-marker ``sighting``'s corners lie from where ``H`` puts them."""
    return float(np.linalg.norm(apply_h(H, marker_corners(profile, sighting.id)) - sighting.corners, axis=1).max())


def _reads(detection, scale: float) -> tuple[list[np.ndarray], list[int]]:
    """ArUco's (corners, ids, rejected) as lists of 4 x 2 corners (:func:`_in_pixels`) and of ids."""
    corners, ids, _ = detection
    if ids is None:
        return [], []
    return _in_pixels(corners, scale), [int(i) for i in ids.ravel()]


def _rejected(detection, scale: float) -> list[np.ndarray]:
    """The quads of ArUco's (corners, ids, rejected) that it could not decode, as :func:`_reads`'s
    corners."""
    return _in_pixels(detection[2], scale)


def _in_pixels(quads, scale: float) -> list[np.ndarray]:
    """ArUco's quads as 4 x 2 corners in the pixels of a picture ``scale`` times the size of the
    one read (pixel centres kept in place)."""
    return [(c.reshape(4, 2).astype(np.float64) + 0.5) * scale - 0.5 for c in quads]


class BoardRegistrar:
    def __init__(self, profile: BoardProfile):
        self.profile = profile
        self.last_good: np.ndarray | None = None

    def _fit(self, sightings: list[MarkerSighting]) -> tuple[np.ndarray, float]:
        H, board, image = _board_homography(self.profile, sightings)
        return H, _rms(H, board, image)

    def _shift(self, H_new: np.ndarray) -> float:
        if self.last_good is None:
            return 0.0
        p = self.profile
        corners = np.array([[0, 0], [p.width_in, 0], [p.width_in, p.height_in], [0, p.height_in]], float)
        return float(np.max(np.linalg.norm(apply_h(H_new, corners) - apply_h(self.last_good, corners), axis=1)))

    def _consistent(self, sightings: list[MarkerSighting]) -> list[MarkerSighting]:
        """The largest set of frame-marker sightings that one homography explains.

        A misread token or a duplicate id would otherwise drag the homography away: every
        3-marker subset proposes one, and the proposal most markers agree with (all four
        corners within AGREE_FIT_PX) wins.
        """
        if len({s.id for s in sightings}) == len(sightings):
            if len(sightings) <= 3:
                return sightings
            if _in_line(self.profile, sightings):   # all of them agree already (the usual case): no search
                return sorted(sightings, key=lambda s: s.id)
        best: list[MarkerSighting] = []
        best_err = float("inf")
        for trio in itertools.combinations(sightings, 3):
            if len({s.id for s in trio}) < 3:
                continue
            H, _ = self._fit(list(trio))
            agree, err = [], 0.0
            for s in sightings:
                off = np.linalg.norm(apply_h(H, marker_corners(self.profile, s.id)) - s.corners, axis=1)
                if off.max() <= AGREE_FIT_PX and all(a.id != s.id for a in agree):
                    agree.append(s)
                    err += float(off.sum())
            if len(agree) > len(best) or (len(agree) == len(best) and err < best_err):
                best, best_err = agree, err
        return sorted(best, key=lambda s: s.id)

    def update(self, markers) -> Registration:
        """``markers``: a list of sightings (all reads), or a dict id -> sighting."""
        sightings = list(markers.values()) if isinstance(markers, dict) else list(markers)
        frame = self._consistent([s for s in sightings if s.id in self.profile.markers])
        visible = tuple(s.id for s in frame)
        if len(frame) < 3:
            return Registration("lost", self.last_good, visible,
                                message=f"board lost: {len(frame)} of {len(self.profile.markers)} frame markers "
                                        f"visible, 3 needed")
        if len(frame) < len(self.profile.markers) and self.last_good is not None:
            board = np.vstack([marker_corners(self.profile, s.id) for s in frame])
            image = np.vstack([s.corners for s in frame])
            off = np.linalg.norm(apply_h(self.last_good, board) - image, axis=1)
            if float(np.max(off)) <= AGREE_PX:
                hidden = sorted(set(self.profile.markers) - set(visible))
                return Registration("held", self.last_good, visible, False, float(np.sqrt(np.mean(off ** 2))),
                                    f"marker {', '.join(map(str, hidden))} hidden: using the last good frame")
        H, err = self._fit(frame)
        moved = self._shift(H) > MOVED_PX
        self.last_good = H
        status = "ok" if len(frame) == len(self.profile.markers) else "held"
        message = "the camera or the board moved" if moved else ""
        return Registration(status, H, visible, moved, err, message)
