"""One frame in, everything the camera knows out; and the thread that runs it.

The worker reads the newest camera frame, processes it, and publishes the
newest result. It never queues: a frame that arrives while one is being
processed replaces the previous waiting one, and the screen only ever reads
the latest result.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.vision import parallax
from companion.vision.base_reading import Base
from companion.vision.bases import FULL_SIZE_BELOW_PPI, BaseFinder
from companion.vision.camera_model import CameraModel
from companion.vision.colours import Palette, colourless
from companion.vision.overlaps import add_reading
from companion.vision.profile import BoardProfile
from companion.vision.registration import (BoardRegistrar, MarkerFinder, MarkerSighting, Registration, apply_h,
                                          read_missing_frame_markers)
from companion.vision.small_tokens import SmallTokenReader
from companion.vision.tokens import TOKEN_NAMES, Token, find_tokens, off_tokens
from companion.vision.tracker import Track, Tracker
from companion.vision.white import gains_from_markers

log = logging.getLogger(__name__)

SEARCH_EVERY = 4   # frames between full searches (new bases, new tokens) while tracking
# Below this many pixels per inch a 3 mm rim is under 2.4 px wide and blurs into the surface:
# on the wider synthetic set bases are missed about four times as often (PERFORMANCE.md). The
# base search goes to full size there, so the advice and the search share one threshold.
LOW_PPI = FULL_SIZE_BELOW_PPI


def board_ppi(reg: Registration, board_in: tuple[float, float], camera: CameraModel | None = None) -> float:
    """Image pixels per board inch at the board's centre.

    >>> board_ppi(Registration("ok", np.diag([17.0, 17.0, 1.0]), (0, 1, 2, 3)), (22.0, 30.0))
    17.0
    """
    return reg.ppi(board_in[0] / 2, board_in[1] / 2, camera)


def board_upright(reg: Registration, board_in: tuple[float, float], frame_size: tuple[int, int],
                  camera: CameraModel | None = None) -> bool:
    """Whether the board's long side runs along the picture's short side (a camera above the
    pitch's short side sees it so in a landscape frame). Turned a quarter, the board fills
    the picture's long side and is seen at more pixels per inch: at 1280x720 a Takkure pitch
    with its markers (26 x 34 in) fits at 27 px/in at most, against 21 upright.

    >>> pitch, frame = (22.0, 30.0), (1280, 720)
    >>> upright = Registration("ok", np.diag([17.0, 17.0, 1.0]), (0, 1, 2, 3))   # y, the long side, down
    >>> lying = Registration("ok", np.array([[0.0, 25.0, 0.0], [25.0, 0.0, 0.0], [0.0, 0.0, 1.0]]), (0, 1, 2, 3))
    >>> board_upright(upright, pitch, frame), board_upright(lying, pitch, frame)
    (True, False)
    >>> board_upright(upright, pitch, (720, 1280))          # a portrait picture: upright is along it
    False
    """
    (w, h), (width, height) = board_in, frame_size
    if w == h or width == height:
        return False
    c = np.array([w / 2, h / 2])
    p = reg.to_image(np.array([c, c + ((0.0, 1.0) if h > w else (1.0, 0.0))]), camera)
    dx, dy = np.abs(p[1] - p[0])
    return bool(dy > dx) if width > height else bool(dx > dy)


NO_COLOUR = ("the picture shows no colour (a monochrome camera, or its colour turned off): bases are "
             "told apart by their rims' team colours, and none can be read")


def advice_at(ppi: float | None, upright: bool = False) -> str:
    """A sentence for the player when the board is seen at ``ppi`` (:func:`board_ppi`), fewer
    than LOW_PPI pixels per inch, else '' (also for None); ``upright``: its long side runs
    along the picture's short side (:func:`board_upright`), and turning it comes first.

    >>> advice_at(17.0).split(":")[0]
    'the board is seen at 17.0 pixels per inch'
    >>> advice_at(17.0, upright=True).split("(")[1].split(",")[0]
    "turn the camera or the board so that the board's long side runs along the picture's"
    >>> advice_at(24.0), advice_at(None)
    ('', '')
    """
    if ppi is None or ppi >= LOW_PPI:
        return ""
    turn = "turn the camera or the board so that the board's long side runs along the picture's, " if upright else ""
    return (f"the board is seen at {ppi:.1f} pixels per inch: bases are found more reliably at "
            f"{LOW_PPI:.0f} or more ({turn}move the camera closer, let the board fill more of the picture, "
            f"or use a higher resolution)")


@dataclass
class VisionResult:
    frame_no: int
    status: str                       # "ok", "held", "lost", "no frame"
    message: str = ""
    registration: Registration | None = None
    bases: list[Base] = field(default_factory=list)
    pieces: list[Track] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    markers: tuple[int, ...] = ()
    ms: dict[str, float] = field(default_factory=dict)
    # the board's pixels per inch when under LOW_PPI (bases are read less reliably there: the
    # camera panel says so, as the log does once); None when the board is seen well enough
    low_ppi: float | None = None
    upright: bool = False             # ... and its long side runs along the picture's short side
    # the picture shows no colour at all (a monochrome camera): no team's rims can be read
    colourless: bool = False


class VisionPipeline:
    def __init__(self, profile: BoardProfile, camera: CameraModel | None = None,
                 palette: Palette | None = None, teams: list[str] | None = None, track: bool = True,
                 seed: int = 0):
        # ``seed``: the base search's RANSAC draws (fixed, so a picture always reads the same;
        # benchmarks/vision_accuracy.py --finder-seed measures how much the answers depend on it)
        self.profile = profile
        self.camera = camera
        # the homography needs the frame markers' corners to a tenth of a pixel; tokens do not
        self.markers = MarkerFinder(profile.dictionary, camera, refine_ids=set(profile.markers))
        self.registrar = BoardRegistrar(profile)
        self.bases = BaseFinder(palette, teams, camera, seed=seed, board_in=(profile.width_in, profile.height_in))
        self.tracker = Tracker() if track else None
        self.frames = 0
        self._was_lost = True
        self._last_small: np.ndarray | None = None
        self._last_bases: list[Base] = []
        self._last_tokens: dict[int, MarkerSighting] = {}   # every token read or kept last frame
        self._board_changed = True     # anything on the board changed since the small-token reader ran
        self.small_tokens = SmallTokenReader({i: self.markers.bits(i) for i in TOKEN_NAMES}, camera)
        self.height_in = profile.base_height_mm * parallax.MM
        self.low_ppi: float | None = None   # the board's pixels per inch, when under LOW_PPI (see advice)
        self.upright = False                # ... and its long side along the picture's short side
        self.colourless = False             # the last searched picture showed no colour (see _advise)
        if camera is None and self.height_in > 0:
            log.info("no CAMERA.toml: bases are taken as flat on the board; a rim %.1f mm up can read up to "
                     "~0.07 in off under a tilted camera (calibrate the lens to correct it)", profile.base_height_mm)

    def _changes(self, gray: np.ndarray, reg: Registration) -> np.ndarray | None:
        """Where the picture changed since the last frame (a quarter-size map, above sensor
        noise); None when there is no last frame to compare or the board moved. A picture
        brighter or darker everywhere by one factor (a camera's exposure hunting, a lamp's
        flicker) is compared as the last one lit so: the table did not change."""
        small = _quarter(gray)
        last, self._last_small = self._last_small, small
        if last is None or last.shape != small.shape or reg.moved:
            return None
        gain = exposure_gain(small, last)
        if gain != 1.0:
            last = cv2.convertScaleAbs(last, alpha=gain)        # (saturating: a white clips as it does)
        return cv2.absdiff(small, last) > CHANGE_LEVEL

    def _patch_changed(self, changed: np.ndarray | None, reg: Registration, uv, radii_in) -> np.ndarray:
        """For each point ``uv`` (undistorted image pixels), whether the picture changed within
        its radius in ``radii_in`` (board inches, and a little more) since the last frame (all
        True without a change map)."""
        uv = np.asarray(uv, float).reshape(-1, 2)
        if changed is None:
            return np.ones(len(uv), bool)
        if self.camera is not None:
            uv = self.camera.distort(uv)
        p = apply_h(reg.H, np.array([[0.0, 0.0], [1.0, 0.0]]))
        ppi = float(np.hypot(*(p[1] - p[0]))) / 4
        out = []
        for (u, v), radius_in in zip(uv / 4, np.broadcast_to(radii_in, len(uv))):
            r = int(ppi * (radius_in + 0.15)) + 2
            x0, y0 = max(0, int(u) - r), max(0, int(v) - r)
            out.append(bool(changed[y0:int(v) + r + 1, x0:int(u) + r + 1].any()))
        return np.array(out, bool)

    def _unchanged(self, changed: np.ndarray | None, reg: Registration, search: bool) -> list[Base]:
        """The bases of the last frame whose patch of the picture is as it was (none on a search)."""
        if search or changed is None or not self._last_bases:
            return []
        moved = self._patch_changed(changed, reg, apply_h(reg.H, [[b.x_in, b.y_in] for b in self._last_bases]),
                                    [b.radius_in for b in self._last_bases])
        return [b for b, m in zip(self._last_bases, moved) if not m]

    def _kept_tokens(self, changed: np.ndarray | None, reg: Registration, missing) -> dict[int, MarkerSighting]:
        """Tokens of the last frame not read in this one whose patch of the picture is as it
        was: a token only the small-token reader can read, or one a tracked frame does not
        look for, is still there (it does not blink off between full searches)."""
        kept = {i: self._last_tokens[i] for i in missing if i in self._last_tokens}
        if not kept:
            return {}
        moved = self._patch_changed(changed, reg, [s.corners.mean(axis=0) for s in kept.values()], 0.55)
        return {i: s for (i, s), m in zip(kept.items(), moved) if not m}

    def _tokens(self, gray: np.ndarray, reg: Registration, found: dict[int, MarkerSighting],
                changed: np.ndarray | None, search: bool, rims) -> list[Token]:
        """The tokens: those ArUco read (``found``, every marker read by id), those of the last
        frame whose patch has not changed, and on a full search those too small for ArUco's
        decoder, read as the known ones (``rims()``: the bases' rims, where no token lies),
        unless nothing on the board changed since that last look."""
        found = dict(found)
        found.update(self._kept_tokens(changed, reg, [i for i in TOKEN_NAMES if i not in found]))
        missing = [i for i in TOKEN_NAMES if i not in found]
        if search and missing and self._board_changed:
            read = reg.to_board(np.array([s.corners.mean(axis=0) for s in found.values()])) if found else ()
            for sighting in self.small_tokens.find(gray, reg, (self.profile.width_in, self.profile.height_in),
                                                   missing, rims(), read, self.markers.last_rejected):
                found[sighting.id] = sighting
            self._board_changed = False
        self._last_tokens = {i: s for i, s in found.items() if i in TOKEN_NAMES}
        return find_tokens(found, reg)

    def _board_touched(self, changed: np.ndarray | None, reg: Registration) -> bool:
        """Whether the picture changed anywhere over the board since the last frame."""
        if changed is None:
            return True
        w, h = self.profile.width_in, self.profile.height_in
        uv = reg.to_image(np.array([[0, 0], [w, 0], [w, h], [0, h]], float), self.camera) / 4
        (x0, y0), (x1, y1) = np.maximum(np.floor(uv.min(axis=0)).astype(int), 0), np.ceil(uv.max(axis=0)).astype(int)
        return bool(changed[y0:y1 + 1, x0:x1 + 1].any())

    def _white_balance(self, frame: np.ndarray) -> np.ndarray | None:
        """Gains that undo the picture's tint, from the frame markers seen (the last ones
        measured when none can be read now: a hand over a marker does not change the light)."""
        ids = [i for i in self.profile.markers if i in self.markers.last_raw]
        gains = gains_from_markers(frame, {i: self.markers.last_raw[i] for i in ids},
                                   {i: self.markers.bits(i) for i in ids})
        return gains if gains is not None else self.bases.gains

    @property
    def advice(self) -> str:
        """:func:`advice_at` for the board as last searched ('' when seen well enough)."""
        return advice_at(self.low_ppi, self.upright)

    def _advise(self, reg: Registration, frame: np.ndarray) -> None:
        """Say once in the log, and keep in ``low_ppi`` (which each result carries to the
        screen), when the board has too few pixels per inch (the camera moved further off:
        said again); and likewise in ``colourless`` when the picture shows no colour at all."""
        board_in = (self.profile.width_in, self.profile.height_in)
        ppi = board_ppi(reg, board_in, self.camera)
        low = ppi if ppi < LOW_PPI else None
        upright = low is not None and board_upright(reg, board_in, (frame.shape[1], frame.shape[0]), self.camera)
        if low is not None and (self.low_ppi is None or upright != self.upright):
            log.warning("%s", advice_at(low, upright))
        self.low_ppi, self.upright = low, upright
        grey = colourless(frame)
        if grey and not self.colourless:
            log.warning("%s", NO_COLOUR)
        self.colourless = grey

    def _rims(self, bases: list[Base], centre) -> list[Base]:
        """``bases`` where their rims are on the board plane (raised rims seen under a tilt
        are displaced from their footprints)."""
        return _moved(bases, parallax.to_plane, centre, self._outline_in) if centre is not None and bases else bases

    def _outline_in(self, name: str) -> float:
        """The height at which the outline of a raised base of colour ``name`` is centred, as
        seen: below its top by half the share of its side wall its rim's colour takes in on
        this surface."""
        try:
            colour = self.bases.colour(name)
        except StopIteration:           # a colour neither seen nor in the palette: its top
            return self.height_in
        surface = colour.signed_score(*self.bases.surface_ab)
        return parallax.outline_height(self.height_in, parallax.wall_seen(surface, colour.chroma))

    def process(self, frame: np.ndarray | None) -> VisionResult:
        self.frames += 1
        n = self.frames
        if frame is None or not isinstance(frame, np.ndarray) or frame.ndim != 3 or frame.shape[2] != 3 \
                or frame.shape[0] < 48 or frame.shape[1] < 48:
            if self.tracker:
                self.tracker.hold()
            return VisionResult(n, "no frame", "the camera sent no picture",
                                pieces=self.tracker.pieces if self.tracker else [])
        t0 = time.perf_counter()
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        # While tracking, the frame markers are found again where they were (their sides fitted,
        # their bits checked); the whole frame is searched with the bases (new tokens), and
        # whenever a frame marker is not found again (a bump, a hand).
        search = not self.tracker or n % SEARCH_EVERY == 1 or self._was_lost
        sightings = None
        if not search:
            sightings = self.markers.track(gray, sorted(self.profile.markers))
            if sightings is not None:                   # tokens seen last time, where they still are
                tokens = [i for i in self.markers.last_raw if i not in self.profile.markers]
                sightings += [t for i in tokens for t in (self.markers.track(gray, [i]) or [])]
        if sightings is None:
            sightings = self.markers.find_all(gray)
            # frame markers ArUco could not decode (far and blurred, at 12-15 px/in), read where
            # the others put them: too few read to hold the board, or three (the fourth puts
            # the board's far corner right), or four, one out of line with the other three
            sightings += read_missing_frame_markers(self.markers, self.profile, gray, sightings, self.camera)
        reg = self.registrar.update(sightings)
        found = {}
        for sighting in sightings:  # tokens: first read of each id
            found.setdefault(sighting.id, sighting)
        t1 = time.perf_counter()
        if reg.status == "lost":
            self._was_lost = True
            if self.tracker:
                self.tracker.hold()
            return VisionResult(n, "lost", reg.message, reg, markers=reg.visible,
                                pieces=self.tracker.pieces if self.tracker else [],
                                ms={"markers": (t1 - t0) * 1000})
        if search:                                  # the light's tint, from the frame markers' white
            self.bases.gains = self._white_balance(frame)
            self._advise(reg, frame)
        centre = parallax.camera_centre(reg.H, self.camera.K) if self.camera is not None else None
        known = self.tracker.known_bases() if self.tracker else []
        # A base seen last frame whose part of the picture has not changed is not measured again
        # (a still table costs little); every full search measures them all.
        changed = self._changes(gray, reg)
        self._board_changed |= self._board_touched(changed, reg)
        still = self._unchanged(changed, reg, search)
        if still:
            known = [k for k in known if not any(abs(k.x_in - b.x_in) + abs(k.y_in - b.y_in) < 1e-6 for b in still)]
        known = self._rims(known, centre)           # the rims of tracked bases, where the image shows them
        # While tracking, the whole image is searched for new bases every SEARCH_EVERY frames
        # (and always when the board was just found again); known ones are measured each frame.
        self._was_lost = False
        bases = self.bases.find(frame, reg, known, search)
        if centre is not None and bases:            # raised rims: their footprints (TABLE_SPEC)
            bases = _moved(bases, parallax.to_footprint, centre, self._outline_in)
        # bases never overlap: a piece that a later search read better by a reading over it (a
        # cloak read as a base, then the pale rim round it) is still tracked and measured again,
        # and gives way to the kept reading that stands, as it did in that search (a search
        # keeps none: its own readings were judged so already)
        if still:
            merged = list(still)
            for base in bases:
                add_reading(merged, base, self.bases.surface_ab)
            bases = merged
        bases = sorted(bases, key=lambda b: (b.y_in, b.x_in))
        t2 = time.perf_counter()
        tokens = self._tokens(gray, reg, found, changed, search, lambda: self._rims(bases, centre))
        bases = off_tokens(bases, tokens)           # a ring round a token is its paper's margin
        self._last_bases = bases
        pieces = self.tracker.update(bases, n, searched=search) if self.tracker else []
        t3 = time.perf_counter()
        return VisionResult(n, reg.status, reg.message, reg, bases, pieces, tokens, reg.visible,
                            {"markers": (t1 - t0) * 1000, "bases": (t2 - t1) * 1000,
                             "tokens+tracking": (t3 - t2) * 1000, "total": (t3 - t0) * 1000},
                            low_ppi=self.low_ppi, upright=self.upright, colourless=self.colourless)


def _moved(bases: list[Base], how, centre: np.ndarray, height_in) -> list[Base]:
    """``bases`` moved by ``how`` (to or from the board plane), each at the height
    ``height_in`` gives its colour."""
    heights = {name: height_in(name) for name in {b.color for b in bases}}
    h = np.array([[heights[b.color]] for b in bases])
    xy = how(np.array([[b.x_in, b.y_in] for b in bases]), centre, h)
    return [replace(b, x_in=float(x), y_in=float(y)) for b, (x, y) in zip(bases, xy)]


CHANGE_LEVEL = 14      # grey levels (quarter-size picture) that count as a change, above sensor noise


def _quarter(gray: np.ndarray) -> np.ndarray:
    return cv2.resize(gray, (gray.shape[1] // 4, gray.shape[0] // 4), interpolation=cv2.INTER_AREA)


GAIN_NOISE = 0.01      # an exposure gain within this of 1 is sensor noise: the pictures are compared as they are
GAIN_RANGE = (0.5, 2.0)  # beyond these the light changed, not the exposure (a lamp off): no gain is taken


def exposure_gain(small: np.ndarray, last: np.ndarray) -> float:
    """The factor one exposure gain puts between grey picture ``last`` and ``small`` (the median
    ratio of their pixels that are neither dark nor clipped, a quarter of them), or 1.0: within
    ``GAIN_NOISE`` of it (or their mean levels within half that of each other), outside
    ``GAIN_RANGE``, or too few pixels to tell. A hand or a moved piece changes less than half
    the picture, and the median does not see it.

    >>> rng = np.random.default_rng(1)
    >>> last = rng.integers(20, 220, (180, 320)).astype(np.uint8)
    >>> round(exposure_gain(cv2.convertScaleAbs(last, alpha=1.15), last), 2)
    1.15
    >>> hand = cv2.convertScaleAbs(last, alpha=1.15)
    >>> hand[:, :120] = 40                                   # a hand over a third of it
    >>> round(exposure_gain(hand, last), 2), exposure_gain(last, last), exposure_gain(last // 4, last)
    (1.15, 1.0, 1.0)
    """
    mean_small, mean_last = cv2.mean(small)[0], cv2.mean(last)[0]
    if mean_last <= 0 or abs(mean_small / mean_last - 1.0) <= GAIN_NOISE / 2:
        return 1.0            # (most frames, a still table's: the median's cost is spared)
    a = small[::2, ::2].astype(np.float32)
    b = last[::2, ::2].astype(np.float32)
    lit = (a > 16) & (a < 240) & (b > 16) & (b < 240)
    if np.count_nonzero(lit) < 0.1 * lit.size:
        return 1.0
    gain = float(np.median(a[lit] / b[lit]))
    if abs(gain - 1.0) <= GAIN_NOISE or not GAIN_RANGE[0] <= gain <= GAIN_RANGE[1]:
        return 1.0
    return gain


class VisionWorker:
    """Runs a pipeline on a FrameGrabber's newest frames, off the screen's thread."""

    def __init__(self, pipeline: VisionPipeline, grabber):
        self.pipeline, self.grabber = pipeline, grabber
        self._latest: VisionResult | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.dropped = 0
        self._last = 0
        self._binds: list[tuple[str, tuple[float, float] | None]] = []
        self._thread = threading.Thread(target=self._run, name="vision", daemon=True)

    def start(self) -> "VisionWorker":
        self._thread.start()
        return self

    def latest(self) -> VisionResult | None:
        with self._lock:
            return self._latest

    def bind_at_active_player(self, player: str) -> None:
        """Bind ``player`` (a tapped card) to the piece nearest the active-player token,
        on the vision thread, which alone touches the tracker."""
        with self._lock:
            self._binds.append((player, None))

    def bind_near(self, player: str, x_in: float, y_in: float) -> None:
        """Bind ``player`` to the piece nearest a point of the board (the simulated table
        knows where its figures stand; at a real table an NFC tap does this)."""
        with self._lock:
            self._binds.append((player, (x_in, y_in)))

    def _apply_binds(self, result: VisionResult) -> None:
        with self._lock:
            binds, self._binds = self._binds, []
        token = next((t for t in result.tokens if t.name == "active-player"), None)
        for player, point in binds:
            if point is None and token is not None:
                point = (token.x_in, token.y_in)
            if point is None or not result.pieces or self.pipeline.tracker is None:
                continue
            nearest = min(result.pieces, key=lambda p: np.hypot(p.x_in - point[0], p.y_in - point[1]))
            self.pipeline.tracker.bind(nearest.id, player)

    def step(self) -> bool:
        """Process the newest frame if there is a new one; True if it did."""
        count, frame = self.grabber.latest()
        if count == self._last:
            return False
        self.dropped += max(0, count - self._last - 1)   # frames that came while we were busy
        self._last = count
        try:
            result = self.pipeline.process(frame)
            self._apply_binds(result)
            if self.pipeline.tracker is not None:
                result.pieces = self.pipeline.tracker.pieces
        except Exception:                                # a bug must not blind the companion for good
            log.exception("vision failed on frame %s", count)
            return True
        with self._lock:
            self._latest = result
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self.step():
                self._stop.wait(0.005)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2)
