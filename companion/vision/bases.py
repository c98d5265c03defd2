"""Miniature bases, found by their coloured rims and measured to sub-pixel precision.

1. Candidates: pixels whose team score is high, on a half-size image (full size when
   the board is seen at under 20 px/in: halved, a rim would blur into the surface), mapped to
   board inches; RANSAC finds circles of a base's rim radius among them, so a
   rim half hidden by its figure, or two rims touching, still give circles.
   When a candidate measures as nothing, it is measured in the colour next in hue
   (a rim lit paler than its team's, among its fringes' pixels); when it still does
   (a circle drawn across touching rims), the search runs again without the bases
   found, one standard size at a time, and once more where a whole rim's worth of
   pixels is still unexplained.
2. Refinement, in the full-size camera image: along 60 rays across the rim
   (board-plane rays, sampled where they fall in the image), the team score is
   read with bilinear interpolation, and the rim's outer edge (to the surface)
   and inner edge (to the base's dark top) are placed where the score crosses
   half the rim's level. Those edge points, in board inches, are fitted with
   two concentric circles; rays that disagree (a figure across the rim, a
   shadow) are dropped and the fit repeated. A rim whose inner edge a figure of
   its colour hides is fitted by its outer edge alone. A reading with a ring of
   another colour round it is a figure: the ring is measured as the base.
3. The outer diameter picks the standard size (30, 40, 50 mm); the rim's own
   paint (its most saturated colour across the rim, whichever team's score
   found it) picks the team.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.camera_model import CameraModel
from companion.vision.circles import (crossings, falls_below, fit_concentric, fit_concentric_algebraic,
                                      consensus_circle, outermost_crossings, ransac_circles, robust_circle)
from companion.vision.colours import (Palette, TeamColour, between, blend_position, blends, hue_gap, picture_colours,
                                     surface_colour)
from companion.vision.registration import Registration
from companion.vision.stats import median, row_medians
from companion.vision.white import neutral

MM = 1 / 25.4
SIZES_MM = (30, 40, 50)
RIM_MM = 4.0                # a rim's typical width (TABLE_SPEC: at least 3 mm)
RIM_MID_MIN_IN, RIM_MID_MAX_IN = 12 * MM, 24 * MM      # rim centre-line radius of 30 to 50 mm bases
RIM_MIDS_IN = tuple((s / 2 - 2) * MM for s in SIZES_MM)   # each size's rim centre line, a 4 mm rim
RAYS = 60
SAMPLES = 48                # along each ray
_STEPS = np.arange(SAMPLES, dtype=float)
DIRS = np.column_stack([np.cos(np.linspace(0, 2 * np.pi, RAYS, endpoint=False)),
                        np.sin(np.linspace(0, 2 * np.pi, RAYS, endpoint=False))])
_DIR_PLANES = np.ascontiguousarray(np.broadcast_to(DIRS.T[:, :, None], (2, RAYS, SAMPLES)))  # x, y of each ray
MAX_RESIDUAL_IN = 0.06   # a clean rim fits its circles to ~0.005 in; a small, noisy, JPEG one to ~0.05
OUTER_SPREAD_MM_PPI2 = 200.0  # an outer edge's blur spread (diameter, mm) is about this / (pixels per inch)^2
DOUBTFUL_RESIDUAL_IN = 0.03   # looser than this (or one edge only): measured again as the larger sizes too
LEANING_OUT_IN = 0.08    # a figure's outline can stand out of its rim by this much (2 mm)
HALFWAY_REACH_MM = 4.0   # the halfway edge moves an outer edge's diameter by less than this (96-97 % of them)
BLUR_RING_MM = 6.0       # a rim's blur reaches this far out of it at most (radius): a ring further out is no blur
ONE_CENTRE_IN = 0.15     # two readings closer than this are about one centre (a rim and its blur ring)
AIM_IN = 0.08            # a rim's two edges fitted this far from where its rays started: measured again
AIM_AGAIN_IN = 0.02      # the same for a looser reading (an outer edge alone; a tracked base's)
OFF_BOARD_IN = 1.0       # a rim circle centred further off the board is a ring among the markers, not measured
OUTER_RADII_IN = ((SIZES_MM[0] / 2 - 3) * MM, (SIZES_MM[-1] / 2 + 5) * MM)   # a rim's outer edge, any size
CONSENSUS_IN = 0.03      # an outer edge point this near a circle lies on it (a pixel at 33 px/in; a looser
#                          tolerance, a pixel at 16 px/in, finds rings in noise: 6 more invented in 2,000 pictures)
NEXT_HUE_DEG = 60.0      # a circle of one colour measured as no base is measured in the next colour this near
PAINT_WITHIN_DEG = 30.0  # a rim's paint is a seen colour's when this near it in hue (else: no team's)
FAINT_SCORE = 8.0        # a ray's peak team score below this sees no rim (a rim's level below it: no rim at all)
FULL_SIZE_BELOW_PPI = 20.0   # a board seen at fewer pixels per inch is searched at full size: a 3 mm rim
#                              is then under 2.4 px wide, and halving the picture would blur it into the surface


@dataclass(frozen=True)
class Base:
    x_in: float
    y_in: float
    diameter_mm: int
    color: str
    radius_in: float          # measured outer radius
    coverage: float           # share of the rim seen
    residual_in: float        # RMS of the edge points about the fitted circles
    edges: int = 2            # rim edges measured: 2, or 1 (outer only: a figure of its colour inside)
    chroma: float = 0.0       # the rim's paint's Lab chroma (a blend of a rim into the surface is duller)
    ab: tuple[float, float] = (0.0, 0.0)    # the ring's colour as its search saw it (Lab a, b): a
    #                                         blur ring's lies between its rim's and the surface's


@dataclass(frozen=True)
class HalfPicture:
    """The picture at half size as Lab planes (L 0-255, a and b centred on 0), perhaps of a part
    of it whose top-left is ``origin`` (in its own pixels); ``ppi``: its pixels per inch about
    (10, 10) in on the board. ``step``: full-size pixels per pixel of it (2; 1 when the board
    is seen at fewer than ``FULL_SIZE_BELOW_PPI`` at its centre, and the picture is not halved)."""
    L: np.ndarray
    a: np.ndarray
    b: np.ndarray
    ppi: float
    origin: tuple[int, int] = (0, 0)
    step: int = 2

    def to_full(self, xy: np.ndarray) -> np.ndarray:
        """Its pixels' centres (x, y) in full-size pixels."""
        return (np.asarray(xy, np.float64) + self.origin) * self.step + (self.step - 1) / 2

    def from_full(self, uv: np.ndarray) -> np.ndarray:
        """Full-size pixel positions in its pixels (the top-left corner of its window at 0)."""
        return np.asarray(uv, np.float64) / self.step - self.origin


class BaseFinder:
    """``palette`` names the colours (the nominal ones and any taught); ``teams`` limits the
    search to those names. The colours searched for are the ones the picture shows
    (:func:`~companion.vision.colours.picture_colours`), learned again at each full search,
    so light, white balance and paint need no hand-tuned palette."""

    def __init__(self, palette: Palette | None = None, teams: list[str] | None = None,
                 camera: CameraModel | None = None, seed: int = 0, board_in: tuple[float, float] | None = None):
        self.palette = palette or Palette.nominal()
        self.teams = teams
        self.camera = camera
        self.board_in = board_in
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self._own_draws: set[int] = set()       # the groups (their _key) that draw RANSAC on their own
        self.last_reject = ""
        self.seen = Palette([c for c in self.palette.colours if teams is None or c.name in teams])
        self._learned: set[str] = set()        # the names some picture has shown
        self.surface_ab = (0.0, 0.0)             # the board's own colour (Lab a, b), as last seen
        self.gains: np.ndarray | None = None     # the picture's white balance undone (B, G, R), see white.py
        self._lut: np.ndarray | None = None      # the gains as a table of levels (_neutral_lut), and the
        self._lut_key: bytes | None = None       # gains it was made for
        self._displaced: dict[Base, list[Base]] = {}   # what each standing base beat, over one search (_add)
        self._apart: dict[Base, list[Base]] = {}       # the touching bases each was measured without, ditto

    def colour(self, name: str) -> TeamColour:
        """A team's colour as this table shows it (the palette's until the picture says)."""
        return next((c for c in self.seen.colours if c.name == name), None) or self.palette.get(name)

    # --- image <-> board ---------------------------------------------------------

    def _to_image(self, reg: Registration, pts: np.ndarray) -> np.ndarray:
        return reg.to_image(pts, self.camera)

    def _to_board(self, reg: Registration, uv: np.ndarray) -> np.ndarray:
        return reg.to_board(uv, self.camera)

    # --- 1. candidates ------------------------------------------------------------

    def half_lab(self, frame: np.ndarray, reg: Registration) -> HalfPicture:
        """The picture at half size as Lab planes: what the colours are learned from and the
        rims searched in. Only the part that can hold a base on the board is converted (see
        :meth:`_window`): on a board that fills half the picture, half of the cost."""
        x0, y0, x1, y1 = self._window(frame.shape, reg)
        ppi = reg.ppi(10.0, 10.0, self.camera)
        centre = (self.board_in[0] / 2, self.board_in[1] / 2) if self.board_in else (10.0, 10.0)
        step = 1 if reg.ppi(*centre, self.camera) < FULL_SIZE_BELOW_PPI else 2   # where the set-up advice is given
        small = frame[y0:y1, x0:x1] if step == 1 else \
            cv2.resize(frame[y0:y1, x0:x1], ((x1 - x0) // 2, (y1 - y0) // 2), interpolation=cv2.INTER_AREA)
        if self.gains is not None:
            small = cv2.multiply(small, (*self.gains, 0.0))
        L, a, b = cv2.split(cv2.cvtColor(small, cv2.COLOR_BGR2Lab))   # planes: casts of a strided view are slow
        a = a.astype(np.float32) - 128
        b = b.astype(np.float32) - 128
        return HalfPicture(L.astype(np.float32), a, b, ppi / step, (x0 // step, y0 // step), step)

    def _window(self, shape, reg: Registration) -> tuple[int, int, int, int]:
        """The box of the picture (x0, y0, x1, y1: full-size pixels) where a base on the board can
        be seen: the board and 2.2 in round it (a rim is measured when its centre is within
        ``OFF_BOARD_IN`` of the board, and a 50 mm rim reaches 1 in further). Its corners on
        multiples of 4 pixels, so the half- and quarter-size pixels inside it are the whole
        picture's. The whole picture when the board's size is not known or the picture's is not
        a multiple of 4."""
        h, w = shape[:2]
        if self.board_in is None or w % 4 or h % 4:
            return 0, 0, w, h
        bw, bh = self.board_in
        m = OFF_BOARD_IN + 1.2                           # a 50 mm rim's reach, and 0.2 in to spare
        t = np.linspace(0.0, 1.0, 9)[:, None]            # along each side: a lens bows them
        x = np.array([[-m, -m]]) + t * [[bw + 2 * m, 0]]
        y = np.array([[-m, -m]]) + t * [[0, bh + 2 * m]]
        ring = np.concatenate([x, y, x + [[0, bh + 2 * m]], y + [[bw + 2 * m, 0]]])
        uv = self._to_image(reg, ring)
        if not np.all(np.isfinite(uv)):
            return 0, 0, w, h
        x0, y0 = (max(0, int(np.floor(v)) // 4 * 4) for v in uv.min(axis=0))
        x1, y1 = min(w, -(-int(np.ceil(uv[:, 0].max())) // 4) * 4), min(h, -(-int(np.ceil(uv[:, 1].max())) // 4) * 4)
        return (x0, y0, x1, y1) if x1 - x0 >= 32 and y1 - y0 >= 32 else (0, 0, w, h)

    def learn_colours(self, half: HalfPicture, reg: Registration) -> None:
        """The team colours this picture shows, from the play area (:meth:`half_lab`)."""
        L, a, b, ppi = half.L, half.a, half.b, half.ppi
        mask = np.ones(a.shape, bool)
        if self.board_in is not None:
            w, h = self.board_in
            corners = half.from_full(self._to_image(reg, np.array([[0, 0], [w, 0], [w, h], [0, h]], float)))
            m = np.zeros(a.shape, np.uint8)
            cv2.fillPoly(m, [np.round(corners).astype(np.int32)], 1)
            mask = m.astype(bool)
        # at least half the rim of a 30 mm base (3 mm wide), at most 40 whole 50 mm bases in the
        # team's colour, figures and all (more is a hand or a sleeve), in half-size pixels
        min_mass = max(8.0, 0.5 * np.pi * 27 * MM * 3 * MM * ppi * ppi)
        max_mass = 40 * np.pi * (25 * MM) ** 2 * ppi * ppi
        a, b, L = a[mask], b[mask], L[mask]
        self.surface_ab = surface_colour(a, b)
        found = picture_colours(a, b, L * (100 / 255), self.palette, self.teams, min_mass, max_mass, self.surface_ab)
        names = {c.name for c in found}
        # a team this picture does not show (a hand over its bases) keeps what the frames so
        # far showed of it; a configured team never seen yet, its palette colour
        kept = [c for c in self.seen.colours if c.name not in names and
                (c.name in self._learned or (self.teams is not None and c.name in self.teams))]
        self._learned |= names
        self.seen = Palette(found + kept)

    def rim_groups(self, half: HalfPicture, reg: Registration,
                   exclude: list[Base] = ()) -> list[tuple[TeamColour, np.ndarray]]:
        """The pixels of each learned colour in the half-size picture (:meth:`half_lab`) that
        could be rims, in groups that lie close together, as board inches: [(colour, points)].
        None near a base in ``exclude`` (those are already measured)."""
        a, b, ppi = half.a, half.b, half.ppi
        # where the already-measured bases are (half size), the same for every team
        holes = [(int(u), int(v), int(ppi * (base.radius_in + 0.15)) + 1) for base, (u, v) in
                 zip(exclude, half.from_full(self._to_image(reg, np.array([[e.x_in, e.y_in] for e in exclude]))))] \
            if exclude else []
        min_area = max(6, int(0.25 * 2 * np.pi * RIM_MID_MIN_IN * 3 * MM * ppi * ppi))
        out = []
        for colour in self.seen.colours:
            # above what the surface itself scores (a felt tinted by the light), and a share of the rim's
            floor = 1.5 * float(colour.score(np.float64(self.surface_ab[0]), np.float64(self.surface_ab[1]))) + 4.0
            mask = colour.above(a, b, max(7.0, 0.3 * colour.chroma, floor))
            for u, v, r in holes:
                cv2.circle(mask, (u, v), r, 0, -1)
            # a figure can cut its rim in two arcs: group pixels that lie close together (a
            # dilated mask, labelled at half its size: grouping needs no fine detail, and
            # labelling is the costly step) and let RANSAC pick the circles out of each group
            grouped = cv2.dilate(mask, self._kernel(ppi))
            coarse = cv2.resize(grouped, (grouped.shape[1] // 2, grouped.shape[0] // 2),
                                interpolation=cv2.INTER_AREA)
            # Grana's labelling: the same labels as the default's, in about half its time
            n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
                (coarse > 0).view(np.uint8), 8, cv2.CV_32S, cv2.CCL_GRANA)
            nz = cv2.findNonZero(mask[:2 * coarse.shape[0], :2 * coarse.shape[1]])
            if n < 2 or nz is None:
                continue
            xs, ys = nz.reshape(-1, 2).T
            for k, members in enumerate(_by_label(labels[ys // 2, xs // 2], n), start=1):
                if len(members) < min_area:
                    continue
                px = np.column_stack([xs[members], ys[members]])
                huge = max(stats[k, 2], stats[k, 3]) * 2 > ppi * 8
                # far bigger than any base and solid: a cloth, a sleeve (a row of touching bases
                # can be as long, but its rims leave most of its box empty)
                if huge and len(members) > 0.35 * stats[k, 2] * stats[k, 3] * 4:
                    continue
                out.append((colour, self._to_board(reg, half.to_full(px))))
                if huge:
                    # far bigger and sparse: grain (a dark, noisy margin) that the grouping's
                    # dilation joined into one with the rims beside it, where RANSAC finds none.
                    # Its solid parts are searched too, with draws of their own: the other
                    # groups draw as they would without them.
                    for part in _solid_parts(px, min_area, self._kernel(ppi)):
                        board = self._to_board(reg, half.to_full(part))
                        self._own_draws.add(_key(board))
                        out.append((colour, board))
        return out

    def candidates(self, groups, ppi: float, per_size: bool = False) -> list[tuple[TeamColour, np.ndarray, float]]:
        """Rim circles among the ``groups`` of :meth:`rim_groups`: [(colour, centre, radius)].
        ``per_size``: one search per standard size, largest first, instead of one for any rim radius."""
        # a circle RANSAC draws across several touching small rims is bigger than any of them:
        # searched for one size at a time, each rim is a circle of its own
        searches = [(mid, (mid * 0.85, mid * 1.15)) for mid in sorted(RIM_MIDS_IN, reverse=True)] if per_size \
            else [(RIM_MID_MIN_IN, (RIM_MID_MIN_IN * 0.85, RIM_MID_MAX_IN * 1.15))]
        accept = (RIM_MID_MIN_IN * 0.8, RIM_MID_MAX_IN * 1.2)
        out = []
        for colour, board in groups:
            key = _key(board) if self._own_draws else None
            rng = np.random.default_rng([self.seed, key]) if key in self._own_draws else self.rng
            for mid, radii in searches:
                min_pts = max(5, int(0.35 * np.pi * mid * 3 * MM * ppi * ppi * 0.5))   # a third of a 3 mm rim
                out += [(colour, centre, r) for centre, r in ransac_circles(board, rng, min_pts, radii, accept)]
        return out

    # --- 2. refinement ---------------------------------------------------------------

    def refine(self, frame: np.ndarray, reg: Registration, colour: TeamColour, centre: np.ndarray,
               r_mid: float, others: list[Base] = (), follow: bool = True) -> Base | None:
        """Measure the base near ``centre``; measured again from the new centre when the first
        look moved it (see :meth:`_measure_aimed`). With ``follow``, a reading that points at
        another colour's rim is measured again as that colour's (:meth:`_measured_as`), once:
        - a reading whose paint is another team's than ``colour``, in its own colour (kept as
          it is when that measures as none);
        - a reading with a ring of another colour round it, a figure or a painted top
          (:meth:`_ringed`): the ring, as the base (a figure that leans out of its rim and hides
          half of it can leave too little of the rim to be a circle of its own, and read as a
          base); dropped when the ring measures as none."""
        base = self._measure_aimed(frame, reg, colour, centre, r_mid, others)
        if base is not None and (base.edges == 1 or base.residual_in > DOUBTFUL_RESIDUAL_IN):
            base = self._other_sizes(frame, reg, colour, others, base)
        if follow and base is not None and base.color != colour.name:
            # its paint is another team's: its edges are where this score falls to half, not
            # where its own does (a red score reads a yellow rim's inner part, a size too small)
            own = self._measured_as(frame, reg, base.color, [np.array([base.x_in, base.y_in])],
                                    rim_mid(base.diameter_mm))
            if own is not None:
                return own
        if base is not None:
            base = self._unblurred(frame, reg, base, others)
        ring = self._ringed(frame, reg, base) if base is not None else None
        if ring is None:
            return base
        (ring_ab, ring_size), why = ring, "inside another colour's rim: a figure or a painted top"
        name, gap = self.seen.classify((0.0, *ring_ab))
        if not follow or gap > PAINT_WITHIN_DEG or name == colour.name:
            return self._reject(why)
        # from the reading's centre, which the ring runs round, and from the circle's, which the
        # figure's outline gave: either can be the nearer to the rim's
        reading = np.array([base.x_in, base.y_in])
        starts = [reading, centre] if np.hypot(*(reading - centre)) > AIM_AGAIN_IN else [reading]
        rim = self._measured_as(frame, reg, name, starts, rim_mid(ring_size))
        return rim if rim is not None else self._reject(why)

    def _measured_as(self, frame, reg: Registration, name: str, starts: list[np.ndarray],
                     r_mid: float) -> Base | None:
        """The base of colour ``name`` measured from the first of ``starts`` that gives one (a
        reading of another colour there is not it), without following again. No touching
        bases are left out: those ``refine`` was given are of another colour, and a new base
        touching one of its own is measured again without it (:meth:`_separate_touching`)."""
        for start in starts:
            base = self.refine(frame, reg, self.colour(name), start, r_mid, (), follow=False)
            if base is not None and base.color == name:
                return base
        return None

    def _margin_colour(self, frame: np.ndarray, reg: Registration) -> tuple[float, float] | None:
        """The colour round the play area (Lab a, b): the median of a band 0.2-0.4 in outside its
        edges, between the frame markers (a wooden frame, a printed border, more of the turf)."""
        if self.board_in is None:
            return None
        w, h = self.board_in
        along_w, along_h = np.arange(1.5, w - 1.5, 0.25), np.arange(1.5, h - 1.5, 0.25)
        pts = []
        for out in (0.2, 0.3, 0.4):
            pts += [np.column_stack([along_w, np.full_like(along_w, -out)]),
                    np.column_stack([along_w, np.full_like(along_w, h + out)]),
                    np.column_stack([np.full_like(along_h, -out), along_h]),
                    np.column_stack([np.full_like(along_h, w + out), along_h])]
        xy = np.concatenate(pts).T[:, None, :]
        lab = self._sample(frame, reg, xy).reshape(-1, 3)
        return _median_ab(lab)

    def _margin_only(self, frame: np.ndarray, reg: Registration, base: Base,
                     margin_ab: tuple[float, float] | None) -> bool:
        """Whether ``base`` is the margin round the play area, not a rim: a ring in the margin's
        colour ``margin_ab`` (:meth:`_margin_colour`), centred off the play area, or seen where
        it runs off the play area and not where it runs on it: a circle drawn about the play
        area's corner in a margin of a colour near a team's (a brown frame read as red, or as
        yellow). A base at the edge shows its rim on the play area too, in its own paint; and a
        ring drawn beside the margin's colour is another colour's."""
        if self.board_in is None or margin_ab is None:
            return False
        ma, mb = margin_ab
        pa, pb = base.ab
        if not _same_paint(pa, pb, (ma, mb)):
            return False
        w, h = self.board_in
        if not (0 <= base.x_in <= w and 0 <= base.y_in <= h):
            return True             # centred off the play area, in its surround's colour
        ring = np.array([base.x_in, base.y_in]) + (base.radius_in - RIM_MM * MM / 2) * DIRS
        on = (ring[:, 0] >= 0) & (ring[:, 0] <= w) & (ring[:, 1] >= 0) & (ring[:, 1] <= h)
        if np.count_nonzero(~on) < 0.3 * RAYS:
            return False
        lab = self._sample(frame, reg, ring.T[:, None, :]).reshape(-1, 3)
        seen = _same_paint(lab[:, 1], lab[:, 2], (pa, pb))
        return np.count_nonzero(seen[~on]) >= 0.6 * np.count_nonzero(~on) and \
            np.count_nonzero(seen[on]) <= 0.2 * np.count_nonzero(on)

    def _unblurred(self, frame, reg, base: Base, others) -> Base:
        """The rim whose blur ``base`` is, if it is one: a ring in a colour between a team's and
        the surface's has that team's rim 1-5 mm inside it, about the same centre, seen with
        both its edges, or by its outer edge alone fitted far more tightly (a red figure over
        a red 40 mm rim on turf, whose yellowish fringe read as a two-edge 50 mm ring). A blue
        rim's cyan fringe on turf is as saturated as the rim, and when the rim is too dark to
        be a candidate (far from the camera) only the fringe is found; a cyan rim's greenish
        blend into a tan mat, or a magenta rim's reddish one, is found by another colour's
        score and named by the rim's paint, a size too large. Or a poor reading of the rim
        itself, pulled off its centre by the blend's colour (a pale cyan rim on a tan mat read
        as green, 0.1 in off): then the rim, measured from there in its own colour, fits far
        better and is the more saturated of the two."""
        for colour in self.seen.colours:
            # a blur ring is of another hue than its rim (as _blur asks): none to look for inside
            # a ring of the colour's own hue, which is most bases
            if _hue_turn(colour.lab[1:], base.ab) <= np.radians(20) or \
                    not blends(colour.lab[1:], base.ab, self.surface_ab):
                continue
            rim = self._measure_aimed(frame, reg, colour, np.array([base.x_in, base.y_in]),
                                      base.radius_in - 4 * MM, others)
            # the rim seen with both its edges; or by its outer edge alone (a figure of its
            # colour over its inner edge) when that fits far more tightly than the ring does
            if rim is None or rim.color != colour.name or \
                    (rim.edges != 2 and not (rim.coverage >= 0.75 and rim.residual_in <= 0.5 * base.residual_in)):
                continue
            apart = np.hypot(rim.x_in - base.x_in, rim.y_in - base.y_in)
            if (apart < 0.05 and _blur(base, rim, self.surface_ab)) or \
                    (apart < ONE_CENTRE_IN and rim.chroma >= base.chroma and _better(rim, base)):
                return rim
        return base

    def _ringed(self, frame: np.ndarray, reg: Registration, base: Base) -> tuple[tuple[float, float], int] | None:
        """The ring of one other colour that runs round ``base`` where a larger base's rim would,
        as (its Lab (a, b), that size), or None: ``base`` is then a figure's body or a base's
        painted top (a sand top reads as a yellow ring) inside a rim too faint, too hidden or
        too far between sizes to be measured itself."""
        larger = [size for size in SIZES_MM if size > base.diameter_mm]
        if not larger:
            return None
        sa, sb = self.surface_ab
        near_surface = max(12.0, 0.6 * float(np.hypot(sa, sb)))
        # across where each larger rim would lie (its 4 mm and a blur's width), read in one go
        offsets = np.array([-4.0, -3.0, -2.0, -1.0, 0.0, 1.0])
        rho = ((np.array(larger, float)[:, None] / 2 + offsets[None]) * MM).ravel()
        xy = rho[:, None] * DIRS.T[:, None, :]          # 2 x len(rho) x RAYS
        xy[0] += base.x_in
        xy[1] += base.y_in
        lab = self._sample(frame, reg, xy).reshape(len(larger), len(offsets), RAYS, 3)
        # each ray's most saturated sample that is not the surface, the reading's own colour, or
        # a blend of the two (every ring at once: the arrays are small, the calls are what cost)
        a, b = lab[..., 1], lab[..., 2]
        chroma = np.sqrt(a * a + b * b)
        paint = (chroma >= 8.0) & ((a - sa) ** 2 + (b - sb) ** 2 > near_surface ** 2) & \
            (_hue_turn(lab[..., 1:], base.ab) > np.radians(30)) & ~blends(base.ab, lab[..., 1:], self.surface_ab)
        best = np.argmax(np.where(paint, chroma, -1.0), axis=1)                  # rings x RAYS
        at = (np.arange(len(larger))[:, None], best, np.arange(RAYS)[None, :])
        seen, a, b = paint[at], a[at], b[at]
        for size, ring_seen, ring_a, ring_b in zip(larger, seen, a, b):
            if np.count_nonzero(ring_seen) < 0.5 * RAYS:
                continue
            ring_a, ring_b = ring_a[ring_seen], ring_b[ring_seen]
            ma, mb = median(ring_a), median(ring_b)
            if np.count_nonzero(np.hypot(ring_a - ma, ring_b - mb) < 12.0) >= 0.5 * RAYS:
                return (ma, mb), size
        return None

    def _other_sizes(self, frame, reg, colour: TeamColour, others, base: Base) -> Base:
        """A doubtful base (its rim's inner edge hidden, or a loose fit) measured again as each
        larger standard size: a figure of the rim's colour overhanging a 40 mm rim can make a
        30 mm circle inside it, tangent on one side and ~5 mm off. The fit that explains the
        edges best (lowest residual, the rim as well covered) wins; a rim's two edges fitted far
        tighter win even on less of its round (a second figure over its other side)."""
        best = base
        for size, mid in zip(SIZES_MM, RIM_MIDS_IN):
            if size <= base.diameter_mm:
                continue
            centre = np.array([base.x_in, base.y_in])
            other = self._measure_aimed(frame, reg, colour, centre, mid, others)
            if other is None or other.diameter_mm != size or other.residual_in >= 0.7 * best.residual_in:
                continue
            if other.coverage < best.coverage - 0.1 and \
                    not (other.edges > best.edges and other.residual_in <= 0.25 * best.residual_in):
                continue
            # an outer edge alone about the centre of a rim seen with both its edges is that
            # rim's blur (a thin rim, blurred, is a wide band of falling colour), not a larger base
            if other.edges < best.edges and np.hypot(other.x_in - best.x_in, other.y_in - best.y_in) < 0.05:
                continue
            best = other
        return best

    def _measure_aimed(self, frame, reg, colour: TeamColour, centre: np.ndarray, r_mid: float,
                       others) -> Base | None:
        """Measure the base near ``centre`` with rays from its own centre. A first look fits the
        rim's two edges and stops there; if that moved the centre more than ``AIM_IN`` (0.08
        in), the base is measured from the new one (falling back on the first look's rays if
        it cannot be). Rays from off the centre still cross the rim where its edges are, only
        obliquely: 0.08 in off a 30 mm rim tilts them 9 degrees at most, which stretches an
        edge's blur by 1 % and keeps the rim well inside the band they sample. (Measured again
        from 0.02 in off, as it was, the fifteen wide sets came out the same within the RANSAC
        draw's own spread, for 3 % more instructions a first frame.) A rim seen by its outer
        edge alone is a looser fit, and is measured again from ``AIM_AGAIN_IN`` (0.02 in) off."""
        rho, pts = self._rays(centre, r_mid)
        base = self._analyse(reg, colour, centre, r_mid, others, rho, self._sample(frame, reg, pts), quick=True)
        fitted, rest = self._fitted, self._rest
        if rest is None:                           # the rim's outer edge alone, or no rim: done
            return self._second_look(frame, reg, colour, centre, others, base, fitted)
        if np.hypot(*(fitted[0] - centre)) > AIM_IN:
            again = self._measure(frame, reg, colour, fitted[0], fitted[1], others)
            if again is not None:
                return again
        return rest()

    def _second_look(self, frame, reg, colour: TeamColour, centre: np.ndarray, others, base: Base | None,
                     fitted) -> Base | None:
        """If the first measurement's fit moved away from ``centre``, measure again from there."""
        if fitted is not None and np.hypot(*(fitted[0] - centre)) > AIM_AGAIN_IN:
            again = self._measure(frame, reg, colour, fitted[0], fitted[1], others)
            if again is not None or base is None:
                return again
        return base

    @staticmethod
    def _rays(centre: np.ndarray, r_mid: float):
        """The radii sampled across a rim of centre-line radius ``r_mid`` and the board points
        they make along each ray from ``centre``, as x and y planes (2 x RAYS x SAMPLES)."""
        lo, hi = max(0.2, r_mid - 0.3), r_mid + 0.32
        rho = _STEPS * ((hi - lo) / (SAMPLES - 1)) + lo      # np.linspace's values, for less of its cost
        rho[-1] = hi
        xy = rho * _DIR_PLANES                # planes, not N x 2 points: numpy is slow on a last axis of 2
        xy[0] += centre[0]
        xy[1] += centre[1]
        return rho, xy

    def _sample(self, frame: np.ndarray, reg: Registration, xy: np.ndarray) -> np.ndarray:
        """Lab colour at board points given as x and y planes (2 x ... x n: the image is read as
        rows of n), read from the camera image; the points' shape with Lab in a last axis."""
        u, v = reg.to_image_planes(xy[0].reshape(-1, xy.shape[-1]), xy[1].reshape(-1, xy.shape[-1]), self.camera)
        samples = cv2.remap(frame, u, v, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        lab = cv2.cvtColor(cv2.LUT(samples, self._neutral_lut()), cv2.COLOR_BGR2Lab)
        return lab.astype(np.float64).reshape(*xy.shape[1:], 3)

    def _neutral_lut(self) -> np.ndarray:
        """The picture's white balance undone and scaled to 0-1 (float32 BGR), as a table of the
        256 levels: the same values as ``lab_of_bgr_u8(neutral(...))`` computes pixel by pixel."""
        key = None if self.gains is None else self.gains.tobytes()
        if self._lut is None or self._lut_key != key:
            levels = neutral(np.repeat(np.arange(256.0)[:, None], 3, axis=1), self.gains)
            self._lut = (levels.astype(np.float32) / 255.0).reshape(1, 256, 3)
            self._lut_key = key
        return self._lut

    def measure_many(self, frame: np.ndarray, reg: Registration, items) -> list[tuple[Base | None, tuple | None]]:
        """Measure several bases at once: ``items`` are (colour, centre, r_mid, others). Their rays
        are read from the image in one pass, which is most of the cost of a measurement.
        Returns (base or None, the fit's (centre, r_mid) or None) for each."""
        if not items:
            return []
        rays = [self._rays(np.asarray(centre, float), r_mid) for _, centre, r_mid, _ in items]
        lab = self._sample(frame, reg, np.concatenate([xy for _, xy in rays], axis=1))
        out = []
        for k, (colour, centre, r_mid, others) in enumerate(items):
            base = self._analyse(reg, colour, np.asarray(centre, float), r_mid, others, rays[k][0],
                                 lab[k * RAYS:(k + 1) * RAYS])
            out.append((base, self._fitted))
        return out

    def _measure(self, frame: np.ndarray, reg: Registration, colour: TeamColour, centre: np.ndarray,
                 r_mid: float, others: list[Base] = ()) -> Base | None:
        rho, pts = self._rays(centre, r_mid)
        return self._analyse(reg, colour, centre, r_mid, others, rho, self._sample(frame, reg, pts))

    def _analyse(self, reg: Registration, colour: TeamColour, centre: np.ndarray, r_mid: float, others,
                 rho: np.ndarray, lab: np.ndarray, quick: bool = False) -> Base | None:
        """The base whose rim the rays ``rho`` from ``centre`` (Lab samples ``lab``) cross, or None;
        ``self._fitted`` is then the rim's fitted (centre, mid radius), or None. ``quick``: stop
        once a rim's two edges are fitted (None, with ``_fitted`` set: where to look again, and
        ``_rest()`` the rest of the measurement)."""
        self._fitted = self._rest = None
        dirs = DIRS
        score = colour.score(lab[..., 1], lab[..., 2])
        peak_at = np.argmax(score, axis=1)
        rows = np.arange(RAYS)
        peak = score[rows, peak_at]
        # the rim's level where it is seen: a figure of another colour over half of it leaves
        # rays with no peak at all, and their median would make the rest look too strong
        seen = peak >= FAINT_SCORE
        level = median(peak[seen]) if np.count_nonzero(seen) >= RAYS * 0.4 else median(peak)
        if level < FAINT_SCORE:
            return self._reject("faint")
        outer_r, inner_r, found_out, found_in = crossings(score, rho, peak_at, level / 2)
        ok = found_out.copy()
        # rays that cross the rim with both its edges: 40 % of them (TABLE_SPEC keeps half of each
        # rim in view); of a rim touching another of its colour, 40 % of those that do not run
        # into it, and 30 % at least: a figure over half of it leaves no more
        need = RAYS * 0.4
        if others:
            free = np.ones(RAYS, bool)
            tip = centre + (r_mid + 0.2) * dirs
            for other in others:  # rays that run into a touching base of the same colour
                free &= np.hypot(tip[:, 0] - other.x_in, tip[:, 1] - other.y_in) > nominal_radius(other)
            ok &= free
            need = max(RAYS * 0.3, 0.4 * np.count_nonzero(free))
        ok &= (peak >= 0.6 * level) & (peak <= 1.6 * level)
        both = ok & found_in & (outer_r - inner_r >= 1.5 * MM)
        if np.count_nonzero(both) < RAYS * 0.4:
            # A figure in its team's colour (a cloak) hides the rim's inner edge: the outer edge,
            # the base's own, still gives the centre and the size.
            if np.count_nonzero(ok) >= RAYS * 0.5 and np.count_nonzero(ok & ~found_in) >= RAYS * 0.3 and \
                    level >= 0.5 * colour.chroma:
                # the rim's own outer edge: at half the outermost ring's score, which may be paler
                # than the cloak inside it
                rim_out, rim_found = outermost_crossings(score, rho, level / 2)
                ok_rim = ok & rim_found
                if np.count_nonzero(ok_rim) >= RAYS * 0.5:
                    outer_r, ok = np.where(rim_found, rim_out, outer_r), ok_rim
                return self._outer_only(reg, colour, centre, outer_r, ok, lab[rows, peak_at], lab, rho, score)
            if np.count_nonzero(both) < need:
                return self._reject(f"only {np.count_nonzero(both)} rays cross a rim")
        ok_out = ok
        ok = both
        outer = centre + outer_r[ok, None] * dirs[ok]
        inner = centre + inner_r[ok, None] * dirs[ok]
        used, rim_lab = rows[ok], lab[rows[ok], peak_at[ok]]
        keep = np.ones(len(used), bool)
        (ox, oy), (ix, iy) = outer.T, inner.T
        for k in range(3):  # drop rays that disagree: a figure across the rim, a shadow
            c, ro, ri = fit_concentric_algebraic(outer[keep], inner[keep])
            res = np.maximum(np.abs(np.hypot(ox - c[0], oy - c[1]) - ro), np.abs(np.hypot(ix - c[0], iy - c[1]) - ri))
            mad = median(res[keep]) * 1.4826 + 1e-4
            was, keep = keep, res < max(3 * mad, 0.012)
            if np.count_nonzero(keep) < need:
                if k == 0:
                    return self._reject(f"only {np.count_nonzero(keep)} rays agree")
                # a later cut that would leave too few is not made: the rays the fit has
                # agreed on so far are fitted (a figure of the rim's colour over most of its
                # round can leave just enough, each cut of a tighter fit dropping one more)
                keep = was
                break
            if np.array_equal(keep, was):       # the same rays: another round would fit them again
                break
        c, ro, ri = fit_concentric(outer[keep], inner[keep], c)
        self._fitted = (c, (ro + ri) / 2)
        rest = lambda: self._finish(c, ro, ri, outer, inner, used, keep, rim_lab,  # noqa: E731
                                    centre + outer_r[ok_out, None] * dirs[ok_out],
                                    lambda: _rim_colour(lab, rho, centre, used[keep], c, ro))
        if quick:
            self._rest = rest
            return None
        return rest()

    def _finish(self, c, ro, ri, outer, inner, used, keep, rim_lab, outer_edge, paint) -> Base | None:
        """The rest of :meth:`_analyse` once the rim's two edges are fitted: its size, colour and
        fit checked, its centre from the outer edge."""
        coverage = int(np.count_nonzero(np.bincount(used[keep] * 24 // RAYS, minlength=24))) / 24
        # The size from the rim's centre line, which blur, JPEG's coarse chroma and a pale paint
        # widen to both sides alike (its outer edge moves out with them); rims are 3-5 mm wide.
        diameter = 2 * (ro + ri) / 2 / MM + RIM_MM
        size = min(SIZES_MM, key=lambda s: abs(s - diameter))
        if abs(size - diameter) > 3.5 and ri > 0:
            # Between two sizes: a raised base's light side or a wide blur spreads the rim outward
            # (its outer edge moves 2-4 mm), never inward. The inner edge, against the base's top,
            # stays: the size whose inner edge it is, if the outer edge is not inside that size's.
            by_inner = 2 * ri / MM + 2 * RIM_MM
            nearest = min(SIZES_MM, key=lambda s: abs(s - by_inner))
            if abs(nearest - by_inner) <= 3.5 and (nearest / 2 - 1) * MM <= ro <= (nearest / 2 + 4.5) * MM:
                size, diameter = nearest, by_inner
            else:
                # Nor is it where a size's inner edge lies, but the outer edge is on one size's
                # own edge and the inner edge inside that size's (a pale top, sand or light grey,
                # reads as a pale shade of the rim and pulls the inner edge inward): that size.
                by_outer = 2 * ro / MM
                outer_size = min(SIZES_MM, key=lambda s: abs(s - by_outer))
                if abs(outer_size - by_outer) <= 1.5 and ri < (outer_size / 2 - 3) * MM:
                    size, diameter = outer_size, by_outer
        if abs(size - diameter) > 3.5 or coverage < 0.45 or ri <= 0 or not 1.5 * MM <= ro - ri <= 10 * MM:
            return self._reject(f"diameter {diameter:.1f} mm, coverage {coverage:.2f}, rim {(ro - ri) / MM:.1f} mm")
        (ox, oy), (ix, iy) = outer[keep].T, inner[keep].T
        res = np.concatenate([np.hypot(ox - c[0], oy - c[1]) - ro, np.hypot(ix - c[0], iy - c[1]) - ri])
        residual = math.sqrt(float(res @ res) / len(res))
        if residual > MAX_RESIDUAL_IN:                 # before the paint: it costs more
            return self._reject(f"residual {residual:.4f} in")
        rim, peak = paint(), _median_ab(rim_lab[keep])
        name, gap = self.seen.classify(rim)
        if gap > PAINT_WITHIN_DEG:
            return self._reject(f"colour {name} off by {gap:.0f} degrees")
        # The centre from the outer edge alone: it is the base's own edge against the surface,
        # where the inner edge meets the figure and moves with its paint (a cloak of the team's
        # colour, shaded on one side, pulls a two-edge fit by 1-2 px).
        co = self._outer_centre(outer_edge, c)
        if co is not None:
            c = co
        return Base(float(c[0]), float(c[1]), size, name, float(ro), coverage, residual,
                    chroma=float(np.hypot(rim[1], rim[2])), ab=peak)

    @staticmethod
    def _outer_centre(outer: np.ndarray, c: np.ndarray):
        """The centre of a circle through the rim's outer edge points ``outer`` (board inches), with
        the rays that stray (into a touching rim, a shadow) dropped; None when too few agree or
        it lands far from the two-edge centre ``c``."""
        d = np.hypot(outer[:, 0] - c[0], outer[:, 1] - c[1])
        r = median(d)
        cc, _, _ = robust_circle(outer, np.abs(d - r) < 0.05, c, r, RAYS * 0.4, rounds=2, geometric=False,
                                 sectors=False)
        return cc if cc is not None and np.hypot(*(cc - c)) < 0.1 else None

    def _outer_only(self, reg: Registration, colour: TeamColour, centre: np.ndarray, outer_r: np.ndarray,
                    ok: np.ndarray, peak_lab: np.ndarray, lab, rho, score) -> Base | None:
        """Measure a base from its rim's outer edge alone (its inner edge hidden by a figure of
        the same colour): one circle, fitted robustly. Its ``radius_in`` is that circle's, at
        half the team score, as every reading's is (the rules for overlapping readings compare
        them); its size may come from the halfway edge (:func:`_halfway_radius`)."""
        rows = np.nonzero(ok)[0]
        outer = centre + outer_r[rows, None] * DIRS[rows]
        c, ro, keep, residual = _outer_circle(outer, centre, median(outer_r[rows]))
        if c is None:
            return self._reject(f"only {np.count_nonzero(keep)} outer edges agree")
        self._fitted = (c, ro - RIM_MM * MM / 2)
        coverage = int(np.count_nonzero(np.bincount(rows[keep] * 24 // RAYS, minlength=24))) / 24
        spread = self._outer_spread_mm(reg, c)
        diameter = 2 * ro / MM - spread
        # the cheap checks first: a reading they reject is not worth its halfway edge and paint
        # (nearly half of the outer-edge readings on a first frame are too loose a fit)
        if coverage < 0.6:
            return self._reject(f"outer edge: diameter {diameter:.1f} mm, coverage {coverage:.2f}")
        if residual > MAX_RESIDUAL_IN:
            return self._reject(f"residual {residual:.4f} in")
        # the edge where the colour is halfway to the surface's is truer than half the score's,
        # and dearer: it is measured only where it could name another size
        if _outer_size(diameter - HALFWAY_REACH_MM) != _outer_size(diameter + HALFWAY_REACH_MM):
            edge = _halfway_radius(lab, score, rho, centre, rows[keep], c, ro)
            if edge is not None:
                diameter = 2 * edge / MM - spread
        size = _outer_size(diameter)
        if size is None:
            return self._reject(f"outer edge: diameter {diameter:.1f} mm, coverage {coverage:.2f}")
        rim, peak = _rim_colour(lab, rho, centre, rows[keep], c, ro), _median_ab(peak_lab[rows[keep]])
        name, gap = self.seen.classify(rim)
        if gap > PAINT_WITHIN_DEG:
            return self._reject(f"colour {name} off by {gap:.0f} degrees")
        return Base(float(c[0]), float(c[1]), size, name, float(ro), coverage, residual, edges=1,
                    chroma=float(np.hypot(rim[1], rim[2])), ab=peak)

    def _outer_spread_mm(self, reg: Registration, c: np.ndarray) -> float:
        """How much wider than the base the half-level outer edge of its thin, blurred rim reads
        (diameter, mm). The blur is a pixel or two whatever the scale, and the rim's 3-5 mm are
        fewer pixels on a smaller picture: measured on 667 outer-edge readings of three wider
        sets (5000, 6000, 9000), the median spread is 0.2-0.8 mm at 16-24 px/in and none at 24
        and more, about 200 / ppi^2. (It was 800 / ppi^2 and 1 mm at least while the renderer
        drew every base 0.6 px too large: see TableRenderer's ``_fill_true``.)"""
        ppi = reg.ppi(float(c[0]), float(c[1]), self.camera)
        return OUTER_SPREAD_MM_PPI2 / max(ppi, 1.0) ** 2

    @staticmethod
    def _kernel(ppi: float) -> np.ndarray:
        r = max(1, int(round(ppi * 0.15)))
        return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))

    def _reject(self, why: str) -> None:
        self.last_reject = why  # for tests and debugging: why the last candidate was not a base
        return None

    # --- all of it ---------------------------------------------------------------------

    def find(self, frame: np.ndarray, reg: Registration, known: list[Base] = (), search: bool = True) -> list[Base]:
        """Every base on the board. ``known`` bases (from the last frame) are measured again
        where they were; with ``search`` the rest of the image is searched for new ones."""
        bases: list[Base] = []
        self._displaced, self._apart, self._own_draws = {}, {}, set()
        items = []
        for old in known:
            items.append((self.colour(old.color), np.array([old.x_in, old.y_in]),
                          rim_mid(old.diameter_mm), _touching(old, known)))
        for old, (colour, centre, r_mid, touching), (base, fitted) in zip(known, items,
                                                                          self.measure_many(frame, reg, items)):
            base = self._second_look(frame, reg, colour, centre, touching, base, fitted)  # it moved?
            if base is not None and np.hypot(base.x_in - old.x_in, base.y_in - old.y_in) < 0.5:
                _add(bases, base, self.surface_ab, self._displaced)
        if not search:
            return sorted(self._on_board(bases), key=lambda b: (b.y_in, b.x_in))
        found_before = list(bases)
        half = self.half_lab(frame, reg)
        self.learn_colours(half, reg)
        groups = self.rim_groups(half, reg, bases)
        failed, empty = self._measure_candidates(frame, reg, groups, half.ppi, bases)
        margin = 0.08 + 1 / half.ppi
        if failed:
            # A circle RANSAC drew across several touching rims of one colour measures as no
            # base; in the groups where that happened, with the bases found so far taken out
            # and one size searched for at a time, their neighbours come out clean.
            rest = [(c, pts[~within(pts, bases, margin)]) for c, pts in failed]
            failed, more = self._measure_candidates(frame, reg, rest, half.ppi, bases, per_size=True)
            # Which circles RANSAC draws from a faint or half-hidden rim decides whether one of
            # them measures as its base: a group still holding a whole 30 mm rim's worth of
            # pixels that no base explains (3 mm wide, all round) is searched once more, with
            # fresh draws.
            rim_px = 2 * np.pi * RIM_MID_MIN_IN * 3 * MM * half.ppi ** 2
            left = [(c, pts[~within(pts, bases, margin)]) for c, pts in failed]
            again = [g for g in left if len(g[1]) >= rim_px]
            if again:
                still, no_circle = self._measure_candidates(frame, reg, again, half.ppi, bases, per_size=True)
                failed = [g for g in left if len(g[1]) < rim_px] + still
                more += no_circle
            empty += failed + more
        # A figure across a rim can cut it into arcs that lie apart (one of them perhaps in a
        # touching neighbour's group), none enough of a circle on its own: the arcs of one
        # colour that gave no base, beyond the bases found, are searched together.
        joined = _joined_arcs([(c, pts[~within(pts, bases, margin)]) for c, pts in empty], bases)
        if joined:
            self._measure_candidates(frame, reg, joined, half.ppi, bases)
        bases = self._separate_touching(frame, reg, bases, found_before)
        # rings of the margin are dropped only now, as rings off the board are: the search goes
        # as it would without the check (a group whose circle failed is searched again); the
        # margin's colour is read only when the search found a new base
        bases = self._on_board(bases)
        if any(b not in found_before for b in bases):
            margin_ab = self._margin_colour(frame, reg)
            bases = [b for b in bases if b in found_before or not self._margin_only(frame, reg, b, margin_ab)]
        return sorted(bases, key=lambda b: (b.y_in, b.x_in))

    def _measure_candidates(self, frame, reg: Registration, groups, ppi: float, bases: list[Base],
                            per_size: bool = False) -> tuple[list, list]:
        """Measure the rim circles found in ``groups`` and add the bases among them to ``bases``;
        returns the groups where a circle measured as no base, and those with no circle."""
        failed, empty = [], []
        for group in groups:
            bad = False
            circles = self.candidates([group], ppi, per_size)
            if not circles:
                empty.append(group)
            for colour, centre, r in circles:
                if self._needless(colour, centre, r, bases):
                    continue
                # rays that would run into a base of its colour it touches are left out
                neighbours = _neighbours(bases, colour.name, centre, r + RIM_MM * MM / 2)
                centre, r = np.asarray(centre, float), float(r)
                base = self.refine(frame, reg, colour, centre, r, neighbours)
                if base is None:
                    base, neighbours = self._next_hue(frame, reg, colour, centre, r, bases)
                if base is not None:
                    self._apart[base] = neighbours
                    _add(bases, base, self.surface_ab, self._displaced)
                bad |= base is None
            if bad:
                failed.append(group)
        return failed, empty

    def _next_hue(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray, r: float,
                  bases: list[Base]) -> tuple[Base | None, list[Base]]:
        """A rim circle of ``colour`` that measured as no base, measured in the colour the picture
        shows next to it in hue (within ``NEXT_HUE_DEG``): a rim lit paler than the rest of its
        team's lands among the pixels of its blend into the surface (a light blue rim on turf,
        among the cyan of the blue rims' fringes), and only its own team's score reads it.
        Returns the base or None, and the touching bases of that colour it was measured without."""
        near = [c for c in self.seen.colours if c.name != colour.name and
                math.degrees(hue_gap(c.hue, colour.hue)) <= NEXT_HUE_DEG]
        if not near:
            return None, []
        other = min(near, key=lambda c: hue_gap(c.hue, colour.hue))
        if self._needless(other, centre, r, bases):
            return None, []
        neighbours = _neighbours(bases, other.name, centre, r + RIM_MM * MM / 2)
        return self.refine(frame, reg, other, centre, r, neighbours), neighbours

    def _needless(self, colour: TeamColour, centre: np.ndarray, r: float, bases: list[Base]) -> bool:
        """A rim circle not worth measuring: off the play area (a ring among the frame markers),
        a base already measured from another circle (unless it is a ring around it), or well
        inside a base of another colour (a figure's paint: bases do not overlap; a ring just
        inside another colour's may be a rim within its blur's fringe, and is measured)."""
        if self.board_in is not None and not (-OFF_BOARD_IN <= centre[0] <= self.board_in[0] + OFF_BOARD_IN and
                                              -OFF_BOARD_IN <= centre[1] <= self.board_in[1] + OFF_BOARD_IN):
            return True
        for b in bases:
            d = np.hypot(b.x_in - centre[0], b.y_in - centre[1])
            if d < ONE_CENTRE_IN and r < b.radius_in - RIM_MM * MM / 2 + 0.12:
                return True
            if b.color != colour.name and d + r < b.radius_in - 6 * MM:
                return True
        return False

    def _on_board(self, bases: list[Base]) -> list[Base]:
        """Pieces stand on the play area: a ring among the frame markers or on the table is not one."""
        if self.board_in is None:
            return bases
        w, h = self.board_in
        return [b for b in bases
                if -b.radius_in <= b.x_in <= w + b.radius_in and -b.radius_in <= b.y_in <= h + b.radius_in]

    def _separate_touching(self, frame, reg, bases: list[Base], done: list[Base] = ()) -> list[Base]:
        """Measure again, without the rays that run into it, each new base touching another of
        its colour (their rims merge on the side where they touch)."""
        out = []
        for base in bases:
            if base in done:
                out.append(base)
                continue
            touching = _touching(base, bases)
            # measured without them already: the same rays would be read again
            if touching and not all(t in self._apart.get(base, ()) for t in touching):
                again = self.refine(frame, reg, self.colour(base.color), np.array([base.x_in, base.y_in]),
                                    rim_mid(base.diameter_mm), touching)
                if again is not None and again.diameter_mm == base.diameter_mm:
                    base = again
            out.append(base)
        return out


def _key(points: np.ndarray) -> int:
    """A group's points as a number: the same points, the same number."""
    return zlib.crc32(np.ascontiguousarray(points).tobytes())


def _solid_parts(px: np.ndarray, min_area: int, kernel: np.ndarray) -> list[np.ndarray]:
    """The rims among pixels ``px`` (N x 2, x and y in the search picture) of one huge, sparse
    group: the pixels of connected pieces of ``min_area`` or more (a quarter of a 30 mm rim's:
    grain is specks of a few pixels, and a rim, even cut by figures into arcs, is longer),
    grouped again as :meth:`BaseFinder.rim_groups` groups them (``kernel``: its dilation).

    >>> rng = np.random.default_rng(1)
    >>> grain = rng.integers(0, 400, (30000, 2))                     # specks over 400 x 400 px
    >>> t = np.linspace(0, 2 * np.pi, 400)
    >>> ring = np.column_stack([200 + 20 * np.cos(t), 200 + 20 * np.sin(t)]).round().astype(int)
    >>> ring = np.concatenate([ring, ring + [1, 0]])                 # 2 px wide
    >>> parts = _solid_parts(np.unique(np.concatenate([grain, ring]), axis=0), 27, np.ones((5, 5), np.uint8))
    >>> [bool(np.ptp(p[:, 0]) <= 50) for p in parts]                 # the ring alone
    [True]
    """
    lo = px.min(axis=0)
    x, y = (px - lo).T
    mask = np.zeros((int(y.max()) + 1, int(x.max()) + 1), np.uint8)
    mask[y, x] = 1
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    keep = stats[:, cv2.CC_STAT_AREA] >= min_area
    keep[0] = False
    solid = keep[labels].astype(np.uint8)
    n, labels = cv2.connectedComponents(cv2.dilate(solid, kernel), connectivity=8)
    ys, xs = np.nonzero(solid)
    return [np.column_stack([xs[m], ys[m]]) + lo for m in _by_label(labels[ys, xs], n) if len(m) >= min_area]


def _by_label(label: np.ndarray, n: int) -> list[np.ndarray]:
    """The indices of ``label`` (one per pixel, 0 to ``n`` - 1) holding each label from 1 on
    (0, the background, left out), in their order: one sort for all of them.

    >>> [m.tolist() for m in _by_label(np.array([2, 0, 1, 2, 1]), 3)]
    [[2, 4], [0, 3]]
    """
    order = np.argsort(label, kind="stable")
    bounds = np.searchsorted(label[order], np.arange(n + 1))
    return [order[bounds[k]:bounds[k + 1]] for k in range(1, n)]


def _from_centre(rho: np.ndarray, centre: np.ndarray, rows: np.ndarray, c: np.ndarray) -> np.ndarray:
    """How far from a rim's centre ``c`` each sample lies of the rays ``rows`` cast from ``centre``
    (a few hundredths of an inch off it) at the radii ``rho``: rows x samples, inches."""
    u = DIRS[rows]
    dx, dy = centre[0] - c[0], centre[1] - c[1]
    ex, ey = dx + rho[None, :] * u[:, :1], dy + rho[None, :] * u[:, 1:]
    return np.sqrt(ex * ex + ey * ey)


def _rim_colour(lab: np.ndarray, rho: np.ndarray, centre: np.ndarray, rows: np.ndarray, c: np.ndarray,
                ro: float) -> np.ndarray:
    """The rim's own paint (Lab), whatever colour found it: on each ray of ``rows``, the most
    saturated sample within the rim's outer 3 mm (its blend into the surface or into the base's
    top is always duller than the paint), the median over the rays. The rays start at
    ``centre``, a few hundredths of an inch from the rim's centre ``c``; the band is measured
    from ``c``."""
    d = _from_centre(rho, centre, rows, c)
    sub = lab[rows]
    chroma2 = np.where((d > ro - 3 * MM) & (d < ro - 0.3 * MM), sub[..., 1] ** 2 + sub[..., 2] ** 2, -1.0)
    best = sub[np.arange(len(rows)), np.argmax(chroma2, axis=1)]
    return row_medians(best.T)


def _outer_circle(outer: np.ndarray, centre: np.ndarray, r0: float):
    """The circle of a rim's outer edge through the points ``outer`` (one a ray, in order
    round ``centre``), those that stray dropped: (centre, radius, keep, RMS residual), centre
    None when too few agree. A figure of the rim's colour can bulge past the edge on one side
    and hide it on another; when the robust fit cannot drop both arcs (its residual is a
    rejected reading's, or too few rays are left), the fit starts instead from the circle
    most of the edge points lie on."""
    def fitted(keep, start, r, sectors):
        c, ro, keep = robust_circle(outer, keep, start, r, RAYS * 0.5, sectors=sectors)
        if c is None:
            return c, ro, keep, math.inf
        res = np.hypot(outer[keep, 0] - c[0], outer[keep, 1] - c[1]) - ro
        return c, ro, keep, float(np.sqrt(np.mean(res ** 2)))
    fit = fitted(np.ones(len(outer), bool), centre, r0, True)
    if fit[3] > MAX_RESIDUAL_IN:
        found = consensus_circle(outer, np.ones(len(outer), bool), OUTER_RADII_IN, CONSENSUS_IN)
        if found is not None and np.count_nonzero(found[2]) >= RAYS * 0.5:
            again = fitted(found[2], found[0], found[1], False)
            if again[3] < fit[3]:
                return again
    return fit


def _outer_size(diameter: float) -> int | None:
    """The size a rim's outer edge alone names, ``diameter`` mm across (its spread taken off):
    the nearest within 3.5 mm; between two sizes the smaller (blur, and a raised rim's cloak
    leaning out, spread the outermost ring's edge outward, never inward, by up to 5 mm);
    None if that is more than 5.5 mm off.

    >>> _outer_size(41.0), _outer_size(44.5), _outer_size(26.0), _outer_size(57.0)
    (40, 40, 30, None)
    """
    size = min(SIZES_MM, key=lambda s: abs(s - diameter))
    if abs(size - diameter) > 3.5:
        size = max((s for s in SIZES_MM if s < diameter), default=size)
    return None if abs(size - diameter) > 5.5 else size


def _halfway_radius(lab: np.ndarray, score: np.ndarray, rho: np.ndarray, centre: np.ndarray, rows: np.ndarray,
                    c: np.ndarray, ro: float) -> float | None:
    """The radius about ``c`` of a rim's outer edge where, going out, the picture's colour is
    halfway from the rim's paint to the surface's: the median over the rays ``rows`` (from
    ``centre``; Lab samples ``lab``, their team score ``score``), or None when too few rays
    show the rim's paint and its blend into the surface. ``ro`` is the edge as first measured.

    A renderer's blur mixes the two colours linearly in the image's RGB, so halfway between
    them is the edge whatever the surface; a lens mixes them in linear light, and the
    camera's gamma puts halfway within 0.7 mm of the edge at 17 px/in. Half the team score
    does worse: Lab's chroma falls off slower than the mix where the surface is grey (a rim on
    grey felt read 1-2 mm wide), and faster where the surface scores below nothing (green
    on turf: 9 mm inside). The rim's paint on each ray is its sample of highest score within
    3 mm inside the edge (not further: a pale rim round a saturated cloak is the base, and
    halfway to the cloak's colour lies inside it), the surface the median of the rays' last
    samples. A first measure too wide reaches into the blur for the paint and reads wide
    itself, so the edge is found twice, the second time 3 mm inside the first."""
    d = _from_centre(rho, centre, rows, c)
    ends = cv2.cvtColor(lab[:, -3:].astype(np.float32), cv2.COLOR_Lab2BGR).reshape(-1, 3)
    surface = row_medians(ends.T.astype(np.float64))
    # each channel a plane (rays x samples), less the surface's: numpy is slow on a last axis of 3
    rel = [plane - v for plane, v in
           zip(cv2.split(cv2.cvtColor(lab[rows].astype(np.float32), cv2.COLOR_Lab2BGR).astype(np.float64)), surface)]
    n = np.arange(len(rows))
    edge = ro
    sub = score[rows]
    for last in (False, True):
        inside = np.where((d > edge - 3 * MM) & (d < edge - 0.3 * MM), sub, -1.0)
        start = np.argmax(inside, axis=1)
        paint = [plane[n, start] for plane in rel]
        apart = paint[0] * paint[0] + paint[1] * paint[1] + paint[2] * paint[2]
        t = (rel[0] * paint[0][:, None] + rel[1] * paint[1][:, None] + rel[2] * paint[2][:, None]) / \
            np.maximum(apart, 1e-9)[:, None]
        k, f, fell = falls_below(t, 0.5, start)
        # rays with an edge and the rim's paint a tenth of full scale from the surface's; and
        # at the last, the paint itself: a blur wider than the rim leaves only a ramp, its
        # every sample a mix (and a pale rim round a saturated cloak is not told from that)
        found = fell & (apart > 0.1 ** 2) & (inside.max(axis=1) > 0)
        if last:
            found &= sub[n, start] >= 0.75 * np.where(d < edge - 0.3 * MM, sub, 0.0).max(axis=1)
        if np.count_nonzero(found) < RAYS * 0.3:
            return None
        m, k, f = n[found], k[found], f[found]
        # rays where the colour there is a blend of those two, not a third: a figure inside a
        # rim of another colour has that rim round it, and a raised base its side wall (the
        # distance from the blend, in the paint's distance from the surface: 0.05-0.25 for a
        # rim's blur into the surface, 0.4-0.9 for such a figure's)
        off2 = sum((plane[m, k - 1] + f * (plane[m, k] - plane[m, k - 1]) - 0.5 * p[m]) ** 2
                   for plane, p in zip(rel, paint))
        blend = off2 <= 0.3 ** 2 * apart[m]
        if np.count_nonzero(blend) < RAYS * 0.3:
            return None
        edge = median((d[m, k - 1] + f * (d[m, k] - d[m, k - 1]))[blend])
    return edge


def _same_paint(a, b, ref_ab: tuple[float, float]):
    """Whether Lab (a, b) (numbers or arrays) is the colour ``ref_ab``: within 8, or within 35 %
    of its chroma for a saturated one (:meth:`BaseFinder._margin_only`'s ring, margin and rays).

    >>> bool(_same_paint(45.0, 10.0, (40.0, 0.0))), _same_paint(np.array([45.0, 60.0]), np.zeros(2), (40.0, 0.0)).tolist()
    (True, [True, False])
    """
    ra, rb = ref_ab
    return np.hypot(a - ra, b - rb) <= max(8.0, 0.35 * float(np.hypot(ra, rb)))


def _median_ab(lab: np.ndarray) -> tuple[float, float]:
    """The median Lab a and b of samples (N x 3)."""
    return median(lab[:, 1]), median(lab[:, 2])


def _touching(base: Base, bases) -> list[Base]:
    """The others of ``bases`` of ``base``'s colour that touch or overlap it (their rims merge).

    >>> a, b = Base(0.0, 0.0, 40, "red", 0.8, 1, 0), Base(1.6, 0.0, 40, "red", 0.8, 1, 0)
    >>> [t.x_in for t in _touching(a, [a, b, Base(3.5, 0.0, 40, "red", 0.8, 1, 0)])]
    [1.6]
    """
    return [o for o in bases if o is not base and o.color == base.color and
            np.hypot(o.x_in - base.x_in, o.y_in - base.y_in) < nominal_radius(o) + nominal_radius(base) + 0.1]


def _neighbours(bases, colour: str, centre, radius_in: float) -> list[Base]:
    """The bases of ``colour`` that touch a rim of outer radius ``radius_in`` at ``centre``, a
    circle not yet measured (:func:`_touching` is for a base). One it overlaps is no neighbour:
    it may be that rim's own cloak, measured as a base.

    >>> near, cloak = Base(2.0, 0.0, 40, "red", 0.8, 1, 0), Base(0.3, 0.0, 40, "red", 0.8, 1, 0)
    >>> [b.x_in for b in _neighbours([near, cloak, Base(2.0, 0.0, 40, "blue", 0.8, 1, 0)], "red", (0.0, 0.0), 1.2)]
    [2.0]
    """
    return [b for b in bases if b.color == colour and
            nominal_radius(b) + radius_in - 0.2 < np.hypot(b.x_in - centre[0], b.y_in - centre[1])
            < nominal_radius(b) + radius_in + 0.1]


def _joined_arcs(groups, bases, extent_in: float = SIZES_MM[-1] * MM + 0.2):
    """Rim groups (colour, points) of one colour, none near a found base, that fit together in
    a box the size of the largest base: the arcs one rim may be cut into. Only the joins (two
    or more groups) are returned."""
    groups = [(c, p) for c, p in groups if len(p) >= 3 and not within(p.mean(axis=0)[None], bases)[0]]
    lo = [p.min(axis=0) for _, p in groups]
    hi = [p.max(axis=0) for _, p in groups]
    parent = list(range(len(groups)))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            if groups[i][0].name == groups[j][0].name and \
                    (np.maximum(hi[i], hi[j]) - np.minimum(lo[i], lo[j])).max() <= extent_in:
                parent[root(j)] = root(i)
    sets: dict[int, list[int]] = {}
    for i in range(len(groups)):
        sets.setdefault(root(i), []).append(i)
    return [(groups[m[0]][0], np.concatenate([groups[k][1] for k in m])) for m in sets.values() if len(m) > 1]


def within(pts: np.ndarray, bases, margin_in: float = 0.0) -> np.ndarray:
    """Which of ``pts`` (board inches, N x 2) lie within ``margin_in`` of a base's measured rim.

    >>> b = Base(1.0, 1.0, 30, "red", 0.6, 1.0, 0.0)
    >>> within(np.array([[1.5, 1.0], [2.0, 1.0]]), [b]).tolist(), within(np.array([[2.0, 1.0]]), [b], 0.5).tolist()
    ([True, False], [True])
    """
    near = np.zeros(len(pts), bool)
    for b in bases:
        near |= np.hypot(pts[:, 0] - b.x_in, pts[:, 1] - b.y_in) < b.radius_in + margin_in
    return near


def nominal_radius(base: Base) -> float:
    return base.diameter_mm * MM / 2


def rim_mid(size_mm: int) -> float:
    """The radius (inches) of a standard size's rim centre line, from ``RIM_MIDS_IN``: where
    a base of that size is measured again or as another colour."""
    return RIM_MIDS_IN[SIZES_MM.index(size_mm)]


def _overlap(a: Base, b: Base) -> bool:
    """Two bases cannot stand on the same spot: overlapping circles are one base seen twice.
    Nominal radii, less 0.15 in: two touching bases, one measured 0.1 in off (a rim half hidden
    in a cluster of its colour), are still two; one base seen twice overlaps far more."""
    return np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < nominal_radius(a) + nominal_radius(b) - 0.15


def _add(bases: list[Base], base: Base, surface_ab=(0.0, 0.0), displaced: dict | None = None,
         depth: int = 0) -> None:
    """Add ``base`` unless it overlaps a better one (it replaces a worse one). A ring inside
    another is never the base, and a ring that is only another's blur into the surface, or
    only its paint's blend into the surface (:func:`_blend_of`), never beats it; otherwise a
    rim seen with both its edges beats one seen by its outer edge alone (the blend of a rim
    into the surface can look like an outer edge of another colour), then the better fit wins.
    A larger circle drawn across a base and its neighbour never beats that base
    (:func:`_across`). One that overlaps two bases is measured across them, unless
    it alone has both edges seen (the two then are a figure's and a stray outer edge).

    ``displaced`` (kept by the caller over one search) remembers, for each base standing, the
    readings it beat: a circle drawn across two touching rims can beat the first one's poor
    reading, and when the second rim is measured and replaces that circle, the first comes
    back to be judged against what stands then (a few steps deep at most: which of two
    readings is better is not transitive, and a cycle must end)."""
    rivals = [b for b in bases if _overlap(b, base)]
    for r in rivals:
        if _never_beats(base, r, surface_ab):
            return _remember(displaced, r, base)
    crossed = [r for r in rivals if not _inside(r, base, surface_ab)]
    if len(crossed) >= 2 and not all(base.edges > r.edges for r in crossed):
        return      # overlapping two bases is not seeing one of them twice: it is measured across them
    for r in rivals:
        if not (_never_beats(r, base, surface_ab) or _better(base, r)):
            return _remember(displaced, r, base)
    for r in rivals:
        bases.remove(r)
    bases.append(base)
    if displaced is not None:
        displaced[base] = list(rivals)
        for r in rivals:
            for back in displaced.pop(r, ()):
                if depth < 3:
                    _add(bases, back, surface_ab, displaced, depth + 1)


def _never_beats(a: Base, b: Base, surface_ab) -> bool:
    """``a`` is no rival to ``b`` it overlaps, whatever their fits: a ring inside it, its blur,
    a circle drawn across it and a neighbour, or its paint's blend (:func:`_add`)."""
    return _inside(a, b, surface_ab) or _blur(a, b, surface_ab) or _across(a, b) or _blend_of(a, b, surface_ab)


def _remember(displaced: dict | None, winner: Base, loser: Base) -> None:
    """``loser`` lost to ``winner``: judged again if ``winner`` goes (see :func:`_add`)."""
    if displaced is not None:
        displaced.setdefault(winner, []).append(loser)


def _across(big: Base, small: Base) -> bool:
    """``big`` is a circle drawn across ``small`` and a touching neighbour of its colour: a
    larger circle that cuts through ``small``, its centre outside ``big`` but not by more than
    half its radius. One base seen twice gives two circles about one centre, and a figure
    inside a rim a circle within it; only a larger circle runs through two touching rims. Not
    when ``small`` is the poorer reading (one edge against two, or a clearly looser fit): a
    stray arc beside a real base can give a small circle too.

    >>> a, b = Base(0.0, 0.0, 30, "red", 0.64, 0.5, 0.05), Base(0.6, 0.7, 40, "red", 0.86, 0.5, 0.047)
    >>> _across(b, a), _across(b, Base(0.0, 0.0, 30, "red", 0.64, 0.5, 0.05, edges=1))
    (True, False)
    """
    d = np.hypot(big.x_in - small.x_in, big.y_in - small.y_in)
    return big.color == small.color and big.diameter_mm > small.diameter_mm and \
        big.radius_in < d < big.radius_in + small.radius_in / 2 and \
        small.edges >= big.edges and small.residual_in <= 1.5 * big.residual_in + 0.005


def _ring_within(a: Base, b: Base, step_mm: float = 3.5, out_in: float = 0.04) -> bool:
    """``a`` is a ring within ``b``'s rim, ``step_mm`` or more smaller, standing out of it by
    ``out_in`` at most."""
    return b.radius_in - a.radius_in >= step_mm * MM and \
        np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) + a.radius_in <= b.radius_in + out_in


def _inside(a: Base, b: Base, surface_ab=(0.0, 0.0)) -> bool:
    """``a`` is a ring within ``b``'s rim, a size step smaller (3.5 mm on the radius, or 2 mm
    when it also measures a smaller size: a shade of the rim's paint on a cloak, read as a
    smaller rim, has an outer edge near the rim's own): a base's top painted in a
    colour like a team's, or a figure's cloak, never a base (the rim is the top's edge).
    Unless ``b`` is only ``a``'s blend into the surface: its colour between theirs, and either
    about ``a``'s centre, at most 6 mm wider and paler (a blur ring; a raised base's side moves
    it by up to 0.12 in) or nearer the surface's colour than ``a``'s (hardly a rim at all). A ring
    off-centre within a rim of a paler shade of its colour, or two sizes smaller, is the
    figure's cloak (a yellow cloak leaning out of a raised yellow rim: the rim reads paler
    than the cloak). A figure's outline can stand out of its rim by up to 2 mm
    (``LEANING_OUT_IN``) and still be the figure, when the rim fits about as well as it does
    (a circle drawn across two touching rims, standing as far out of one of them, fits far
    worse than either).

    >>> cloak = Base(0.19, 0.1, 30, "yellow", 0.65, 0.9, 0.05, ab=(-16.0, 55.0))
    >>> rim = Base(0.0, 0.0, 40, "yellow", 0.91, 0.9, 0.03, ab=(-12.0, 44.0))      # a paler yellow
    >>> small_rim = Base(0.02, 0.0, 30, "yellow", 0.6, 0.9, 0.03, ab=(-16.0, 55.0))
    >>> blur_ring = Base(0.0, 0.0, 40, "yellow", 0.76, 0.9, 0.03, ab=(-12.0, 44.0))
    >>> mat = (2.0, 15.0)
    >>> _inside(cloak, rim, mat), _inside(small_rim, blur_ring, mat)
    (True, False)
    >>> blue_cloak = Base(0.11, 0.03, 30, "blue", 0.61, 0.6, 0.02, ab=(0.8, -37.8))
    >>> pale_rim = Base(0.0, 0.0, 50, "blue", 1.0, 0.9, 0.015, ab=(-1.5, -22.2))
    >>> _inside(blue_cloak, pale_rim, (0.0, 0.0))       # 10 mm within: no blur is that wide
    True
    >>> shade = Base(0.01, 0.02, 40, "green", 0.959, 0.46, 0.024, ab=(-15.0, 28.3))
    >>> green_rim = Base(0.0, 0.0, 50, "green", 1.042, 1.0, 0.033, ab=(-29.1, 24.3))
    >>> _inside(shade, green_rim, (-1.0, 5.0))         # 2.1 mm within, a size smaller
    True
    >>> figure = Base(4.182, 14.816, 30, "yellow", 0.639, 0.83, 0.0385, ab=(-5.4, 60.4))
    >>> rim_40 = Base(4.312, 14.658, 40, "yellow", 0.783, 0.71, 0.0367, ab=(-6.2, 59.2))
    >>> _inside(figure, rim_40, (-8.0, 20.0))     # shared picture 204: the figure stands 0.06 in out
    True
    >>> real = Base(13.916, 3.893, 30, "magenta", 0.611, 0.5, 0.0066, ab=(60.7, -30.9))
    >>> across = Base(14.066, 3.629, 40, "magenta", 0.853, 0.54, 0.0595, ab=(62.2, -32.8))
    >>> _inside(real, across, (0.0, 15.0))        # wide case 1078: a circle across it and its neighbour
    False
    >>> rim_and_top = Base(6.94, 15.95, 40, "yellow", 0.94, 0.46, 0.037, chroma=30.1, ab=(-2.5, 32.7))
    >>> yellow_rim = Base(6.96, 15.93, 50, "yellow", 1.04, 1.0, 0.026, edges=1, chroma=29.0, ab=(-2.9, 33.6))
    >>> _inside(rim_and_top, yellow_rim, (4.0, -2.0))     # turned case 21209: as saturated, so no blur
    True
    """
    smaller = a.diameter_mm < b.diameter_mm
    if not (_ring_within(a, b) or (smaller and _ring_within(a, b, 2.0)) or
            (smaller and b.residual_in <= 1.5 * a.residual_in and _ring_within(a, b, 3.5, LEANING_OUT_IN))):
        return False
    if _own_blur_ring(b, a):
        return False
    if not blends(a.ab, b.ab, surface_ab):
        return True
    toward_surface = float(blend_position(b.ab, a.ab, surface_ab)[0])
    nearer_surface = toward_surface > 0.5
    # a blur spreads a rim by BLUR_RING_MM at most: a ring 10 mm within another is not its rim;
    # and a blur is paler than its rim (a ring as saturated round a ring is the base's own rim)
    blur_ring = np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < 0.12 and \
        b.radius_in - a.radius_in <= BLUR_RING_MM * MM and toward_surface > 0.1
    return not (blur_ring or nearer_surface)


def _own_blur_ring(ring: Base, rim: Base) -> bool:
    """``ring`` is ``rim``'s blur into the surface, read as a base in the rim's name (another
    team's score can find it): about the rim's centre (0.05 in), less than a size step out of
    it (3.5 mm), and its paint, read in its own outer 3 mm, far duller (under 0.7x). Its ``ab``
    (the rays' peak) is the rim's own paint and cannot tell; the ring's paint can. A real rim
    round a figure of its colour lies a size step out at least, or off the figure's centre.

    >>> rim = Base(10.333, 17.076, 30, "green", 0.648, 1.0, 0.027, edges=1, chroma=26.9, ab=(-25.3, 15.8))
    >>> ring = Base(10.337, 17.057, 40, "green", 0.735, 0.96, 0.050, edges=1, chroma=16.4, ab=(-25.3, 15.7))
    >>> _own_blur_ring(ring, rim), _own_blur_ring(rim, ring)        # wide case 25521, felt
    (True, False)
    """
    return ring.color == rim.color and 0 < ring.chroma < 0.7 * rim.chroma and \
        0 < ring.radius_in - rim.radius_in < 3.5 * MM and \
        math.hypot(ring.x_in - rim.x_in, ring.y_in - rim.y_in) < 0.05


def _hue_turn(ab, other_ab):
    """The angle between the hues of colours ``ab`` (Lab a, b; or many, in a last axis) and
    ``other_ab``, 0 to pi."""
    ab, other_ab = np.asarray(ab), np.asarray(other_ab)
    return hue_gap(np.arctan2(ab[..., 1], ab[..., 0]), np.arctan2(other_ab[1], other_ab[0]))


def _blend_of(a: Base, b: Base, surface_ab=(0.0, 0.0)) -> bool:
    """``a`` is only ``b``'s paint blended into the surface: paler than ``b`` and on the line
    between ``b``'s colour and the surface's, well inside it. Named another team, wherever it
    lies (a magenta figure's and rim's edges on a tan mat make a pale ring of a red hue, a
    little beside the magenta base, that both its edges can be fitted to). In ``b``'s own name,
    when it rings ``b``, at most ``BLUR_RING_MM`` wider, and its colour is nearer the surface's
    than ``b``'s: ``b``'s blur ring (a rim in the same name further out, or nearer the paint,
    may be the base round its figure's cloak: a pale thin rim on a small picture is as pale
    as a blur; :func:`_inside` judges that).

    >>> mat = (7.0, 13.0)
    >>> magenta = Base(13.70, 7.76, 30, "magenta", 0.59, 0.83, 0.028, edges=1, chroma=30.7, ab=(35.0, -9.5))
    >>> pale = Base(14.08, 7.58, 30, "red", 0.59, 0.67, 0.037, chroma=19.9, ab=(16.0, 4.6))   # wide case 17166
    >>> _blend_of(pale, magenta, mat), _blend_of(magenta, pale, mat)
    (True, False)
    >>> red = Base(14.08, 7.58, 30, "red", 0.59, 0.67, 0.037, chroma=45.0, ab=(43.0, 14.0))
    >>> _blend_of(red, magenta, mat)
    False
    >>> rim = Base(17.25, 13.73, 40, "magenta", 0.80, 0.83, 0.017, edges=1, chroma=37.8, ab=(42.1, -22.1))
    >>> ring = Base(17.29, 13.65, 50, "magenta", 1.0, 0.71, 0.051, chroma=22.1, ab=(14.9, 5.6))  # wide case 12786
    >>> _blend_of(ring, rim, (8.0, 13.0))
    True
    """
    if a.chroma >= b.chroma:
        return False
    if a.color == b.color:     # the geometry first: most pairs _add weighs are one team's
        if not (_ring_within(b, a, 1.0) and a.radius_in - b.radius_in <= BLUR_RING_MM * MM):
            return False
        return between(a.ab, b.ab, surface_ab) and float(blend_position(a.ab, b.ab, surface_ab)[0]) > 0.5
    return between(a.ab, b.ab, surface_ab)


def _blur(a: Base, b: Base, surface_ab=(0.0, 0.0)) -> bool:
    """``a`` is only ``b``'s blur into the surface: a ring just around it in a colour between
    theirs, of another hue (a blue rim on green turf has a cyan fringe, as saturated as the rim
    itself; a magenta rim on a tan mat, a red one). Its paint, read across it, may be ``b``'s."""
    return _hue_turn(a.ab, b.ab) > np.radians(20) and _ring_within(b, a, 1.0) and \
        a.radius_in - b.radius_in <= 5 * MM and \
        blends(b.ab, a.ab, surface_ab)


def _better(a: Base, b: Base) -> bool:
    """Whether ``a`` rather than ``b`` is the real one of two bases seen on one spot (bases
    cannot overlap, so one is an artefact): both edges seen (but an outer edge seen on 90 % of
    its circle or more beats a two-edge ring apart from it, seen on 60 % or less and fitted at
    least twice as loosely: that ring is a figure's edge, or a blend where paints meet); then,
    for two readings about one centre, a clearly more saturated rim (a rim's blend into the
    surface, which can look like a ring of another colour, is always duller; the same rim read
    along other rays differs by a few units); then the fit, for the rim seen all round. Two
    readings apart are a rim and a figure standing out past it, whose paint may well be
    brighter than the rim's: their saturation says nothing, and the figure's outline, a
    smaller circle on part of the rays, can fit as tightly as the rim does on most of them.

    >>> rim = Base(0.0, 0.0, 40, "green", 0.87, 0.75, 0.031, edges=1, chroma=23.0)
    >>> figure = Base(-0.13, -0.61, 30, "green", 0.69, 0.62, 0.029, edges=1, chroma=32.0)
    >>> _better(rim, figure), _better(figure, rim)
    (True, False)
    >>> cyan = Base(10.284, 6.29, 40, "cyan", 0.8, 1.0, 0.0097, edges=1, chroma=35.0)   # wide case 20038
    >>> blend = Base(9.749, 6.253, 30, "green", 0.68, 0.5, 0.0583, chroma=18.5)
    >>> _better(cyan, blend), _better(blend, cyan)
    (True, False)
    """
    if a.edges != b.edges:
        one, two = (a, b) if a.edges < b.edges else (b, a)
        if np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) >= ONE_CENTRE_IN and one.coverage >= 0.9 and \
                two.coverage <= 0.6 and one.residual_in <= 0.5 * two.residual_in:
            # an outer edge seen all round, tightly, is a base; a loose two-edge ring apart from
            # it seen on half its rays is a figure's edge, or the blend where a figure of another
            # colour meets its rim (a magenta ring between a red figure and a blue rim)
            return a is one
        return a.edges > b.edges
    if abs(a.chroma - b.chroma) > max(8.0, 0.2 * max(a.chroma, b.chroma)) and \
            np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < ONE_CENTRE_IN:
        return a.chroma > b.chroma
    # (refinement keeps no reading under 45 % coverage; the floor only keeps a hand-made Base safe)
    return a.residual_in / max(a.coverage, 0.05) < b.residual_in / max(b.coverage, 0.05)
