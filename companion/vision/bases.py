"""Miniature bases, found by their coloured rims and measured to sub-pixel precision.

1. Candidates: pixels whose team score is high, on a half-size image (full size when
   the board is seen at under 20 px/in: halved, a rim would blur into the surface), mapped to
   board inches; RANSAC finds circles of a base's rim radius among them, so a
   rim half hidden by its figure, or two rims touching, still give circles. A group's
   circles are drawn one at a time, none more from the points a base of its colour explains.
   When a candidate measures as nothing, it is measured in the colour next in hue
   (a rim lit paler than its team's, among its fringes' pixels); when it still does
   (a circle drawn across touching rims), the search runs again without the bases
   found, one standard size at a time, and once more where a whole rim's worth of
   pixels is still unexplained. A circle no base explains at the end is measured in
   its rim's own paint (a team's colour learned from its rims' blur into a coloured
   surface reads only their outer half).
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
   found it) picks the team. A circle that gave no base because its centre line
   fell between sizes is measured again with the outer edge where its colour is
   half the surface's (on turf, and through JPEG, the score halves well inside
   it); that reading, like one in the rim's own paint, stands only where the
   search found no base.

Where a rim's edges and paint lie along the rays is :mod:`companion.vision.rim_edges`; which
of two overlapping readings is the base, :mod:`companion.vision.overlaps`; a reading and the
standard sizes, :mod:`companion.vision.base_reading`; the readings left to the end of the
search (in a rim's own paint, or rescued), :mod:`companion.vision.late_readings`.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.vision.base_reading import (MM, RIM_MIDS_IN, RIM_MM, SIZES_MM, Base, next_size, nominal_radius, rim_mid,
                                          within)
from companion.vision.camera_model import CameraModel
from companion.vision.circles import (crossings, fit_concentric, fit_concentric_algebraic, outermost_crossings,
                                      each_ransac_circle, robust_circle)
from companion.vision.colours import (BLEND_MOST_SURFACE, MERGE_DEG, NEUTRAL_OFF, TEAMS_APART_DEG, BlendColour,
                                     Palette, TeamColour, between, blend_position, blend_reach, blended_paint, blends,
                                     hue_gap, nameable, paint_apart, paint_named, picture_colours, surface_colour)
from companion.vision.late_readings import LateReadings
from companion.vision.overlaps import ONE_CENTRE_IN, add_reading, better, blur_of, hue_angle, neighbours_of, overlap
from companion.vision.registration import Registration
from companion.vision.rim_edges import (DIRS, MAX_RESIDUAL_IN, RAYS, SAMPLES, circle_planes, halfway_radius,
                                        mixed_radius, outer_circle, outer_size, outer_spreads, resized, rim_paint)
from companion.vision.stats import median, row_medians
from companion.vision.white import neutral

RIM_MID_MIN_IN, RIM_MID_MAX_IN = 12 * MM, 24 * MM      # rim centre-line radius of 30 to 50 mm bases
_STEPS = np.arange(SAMPLES, dtype=float)
_DIR_PLANES = np.ascontiguousarray(np.broadcast_to(DIRS.T[:, :, None], (2, RAYS, SAMPLES)))  # x, y of each ray
OUTER_SPREAD_MM_PPI2 = 200.0  # an outer edge's blur spread (diameter, mm) is about this / (pixels per inch)^2
DOUBTFUL_RESIDUAL_IN = 0.03   # looser than this (or one edge only): measured again as the larger sizes too
HALFWAY_REACH_MM = 4.0   # the halfway edge moves an outer edge's diameter by less than this (96-97 % of them)
MIX_BEYOND_MM = 2.0      # a two-edge reading sized by its inner edge whose colour's half-surface edge lies this
MIX_AT_SIZE_MM = 3.0     # far beyond its half-score one, and this near the next size, is measured as that too
AIM_IN = 0.08            # a rim's two edges fitted this far from where its rays started: measured again
AIM_AGAIN_IN = 0.02      # the same for a looser reading (an outer edge alone; a tracked base's)
FIGURE_INSIDE_MM = 3.0   # a reading whose outer edge lies this far inside its size's may be a figure in a rim
BASE_BOX_IN = SIZES_MM[-1] * MM + 0.6   # a box round the largest base, its blur and the grouping's dilation (inches)
HUGE_IN = 8.0            # a group this long is far bigger than any base or cluster of them (a cloth, a margin)
OFF_BOARD_IN = 1.0       # a rim circle centred further off the board is a ring among the markers, not measured
NEXT_HUE_DEG = 60.0      # a circle of one colour measured as no base is measured in the next colour this near
PAINT_WITHIN_DEG = 30.0  # a rim's paint is a seen colour's when this near it in hue (else: no team's)
RIMS_NEARER_DEG = 15.0  # rims whose paint names another colour by this much more than theirs ...
RIMS_NAMING = 2         # ... this many at least, are that colour's team (_named_by_rims)
MIN_COVERAGE = 0.45      # a two-edge reading's rays cover this share of its round (of the round that
#                          rays not running into a touching base of its colour leave it)
PART_RAYS = 0.3          # a rim crossed with both edges by fewer than 40 % of its rays, this share or
PART_FIT_IN = 0.025      # more, is read if they fit within this (a figure's outline and a top fit
#                          0.05-0.06 in; a part of a rim under a figure 0.011-0.017)
FAINT_SCORE = 8.0        # a ray's peak team score below this sees no rim (a rim's level below it: no rim at all)
ANY_RIM_SEARCH = (RIM_MID_MIN_IN, (RIM_MID_MIN_IN * 0.85, RIM_MID_MAX_IN * 1.15))   # rim mid radius, range: any size
FULL_SIZE_BELOW_PPI = 20.0   # a board seen at fewer pixels per inch is searched at full size: a 3 mm rim
#                              is then under 2.4 px wide, and halving the picture would blur it into the surface


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


class BaseFinder(LateReadings):
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
        self._arcs: list = []                    # rim groups too small to search alone (_joined_arcs)
        self.last_reject = ""
        self.seen = Palette([c for c in self.palette.colours if teams is None or c.name in teams])
        self._learned: set[str] = set()        # the names some picture has shown
        self._rims_colours: dict[str, TeamColour] = {}   # colours learned from rims (_named_by_rims)
        self._passed: list[TeamColour] = []      # clusters that wanted a name and did not keep it
        self.surface_ab = (0.0, 0.0)             # the board's own colour (Lab a, b), as last seen
        self.surface_L: float | None = None      # ... and its lightness (L, 0-100)
        self.gains: np.ndarray | None = None     # the picture's white balance undone (B, G, R), see white.py
        self._lut: np.ndarray | None = None      # the gains as a table of levels (_neutral_lut), and the
        self._lut_key: bytes | None = None       # gains it was made for
        self._displaced: dict[Base, list[Base]] = {}   # what each standing base beat, over one search (add_reading)
        self._apart: dict[Base, list[Base]] = {}       # the touching bases each was measured without, ditto
        self.outer_spreads: dict[str | None, float] = {}   # an outer edge's spread in these pictures (_outer_spread_mm)
        self._rescuing = False                   # measuring a circle again for a rescue (_rescue)
        self._between = False                    # a centre line fell between sizes (since reset)
        # the last search's late readings (_late_readings): where each stood, and the own paint
        # it was measured in (None: a rescue)
        self._late: list[tuple[np.ndarray, TeamColour | None]] = []
        self._ghosts_of: tuple = (None, {})      # (palette, surface) and the ghost colours in it (_ghosts)
        # how much of a colour's paint in the last searched picture lies apart from others' (paint_apart),
        # and the answers so far (_a_team_of_its_own)
        self._apart_of = None
        self._stands_apart: dict[str, bool] = {}

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
        a2, b2 = a, b
        a, b, L = a[mask], b[mask], L[mask]
        self.surface_ab = surface_colour(a, b)
        L = L * (100 / 255)
        self.surface_L = median(L[::5])
        self._apart_of = lambda weak, strong: paint_apart(a2, b2, mask, weak, strong, ppi * MM)
        self._stands_apart = {}
        self._passed = []
        found = picture_colours(a, b, L, self.palette, self.teams, min_mass, max_mass, self.surface_ab,
                                apart=self._apart_of, surface_L=self.surface_L, passed=self._passed)
        names = {c.name for c in found}
        # a team this picture does not show (a hand over its bases) keeps what the frames so
        # far showed of it; a configured team never seen yet, its palette colour
        kept = [c for c in self.seen.colours if c.name not in names and
                (c.name in self._learned or (self.teams is not None and c.name in self.teams))]
        self._learned |= names
        self.seen = Palette(self._with_rims_colours(found + kept))

    def _with_rims_colours(self, found: list[TeamColour]) -> list[TeamColour]:
        """The colours ``found`` (the picture's, and those kept), with each colour an earlier
        search learned from its team's rims (:meth:`_named_by_rims`) in place: the colour of its
        name far from it in hue (the figures that took the name) and one of another name within
        a merge of it (its rims, named as they were before) give way to it, frame after frame."""
        for name, rims in self._rims_colours.items():
            found = [c for c in found if (c.name == name) == (math.degrees(hue_gap(c.hue, rims.hue)) < MERGE_DEG)]
            if name not in {c.name for c in found}:
                found.append(rims)
        return found

    def rim_groups(self, half: HalfPicture, reg: Registration, exclude: list[Base] = (),
                   colours: list[TeamColour] | None = None) -> list[tuple[TeamColour, np.ndarray]]:
        """The pixels of each learned colour in the half-size picture (:meth:`half_lab`) that
        could be rims, in groups that lie close together, as board inches: [(colour, points)].
        None near a base in ``exclude`` (those are already measured). ``colours``: these
        instead of the learned ones (their blends into the surface, for the blend search), in
        groups no larger than two large rims (or no wider than a base, ``BASE_BOX_IN``: a pale
        rim round a grey top fills a disc with the blend's pixels), with no arcs kept aside
        for joining."""
        a, b, ppi = half.a, half.b, half.ppi
        # where the already-measured bases are (half size), the same for every team
        holes = [(int(u), int(v), int(ppi * (base.radius_in + 0.15)) + 1) for base, (u, v) in
                 zip(exclude, half.from_full(self._to_image(reg, np.array([[e.x_in, e.y_in] for e in exclude]))))] \
            if exclude else []
        min_area = max(6, int(0.25 * 2 * np.pi * RIM_MID_MIN_IN * 3 * MM * ppi * ppi))
        # a blend's pixels in more than two 50 mm rims' worth (5 mm wide) are no lone pale rim: the
        # turf's line to a colour runs through a pitch line's or the margin's colour too
        most = 2 * 2 * np.pi * 25 * MM * 5 * MM * ppi * ppi if colours is not None else np.inf
        out = []
        for colour in self.seen.colours if colours is None else colours:
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
                # (unless it is no wider than a base: a grey top, on the turf's line to a cyan
                # too, fills a pale cyan rim round it with the blend's pixels; searched with
                # draws of its own, the other groups draw as they did without it)
                disc = len(members) > most
                if disc and max(stats[k, 2], stats[k, 3]) * 2 > ppi * BASE_BOX_IN:
                    continue
                if len(members) < min_area:
                    if len(members) >= min_area / 3 and colours is None:   # one only joins others (_joined_arcs)
                        px = np.column_stack([xs[members], ys[members]])
                        self._arcs.append((colour, self._to_board(reg, half.to_full(px))))
                    continue
                px = np.column_stack([xs[members], ys[members]])
                huge = max(stats[k, 2], stats[k, 3]) * 2 > ppi * HUGE_IN
                # far bigger than any base and solid: a cloth, a sleeve (a row of touching bases
                # can be as long, but its rims leave most of its box empty)
                if huge and len(members) > 0.35 * stats[k, 2] * stats[k, 3] * 4:
                    continue
                out.append((colour, self._to_board(reg, half.to_full(px))))
                if disc:
                    self._own_draws.add(_key(out[-1][1]))
                if huge:
                    # far bigger and sparse: grain (a dark, noisy margin) that the grouping's
                    # dilation joined into one with the rims beside it, where RANSAC finds none.
                    # Its solid parts are searched too, with draws of their own: the other
                    # groups draw as they would without them. A part itself far bigger than
                    # any base, across the play area's edge, is searched again on the play
                    # area alone: a brown margin reads as red, and a red figure leaning out
                    # over the edge joins its rim to the margin's whole frame.
                    for part in _solid_parts(px, min_area, self._kernel(ppi)):
                        boards = [self._to_board(reg, half.to_full(part))]
                        inside = self._in_play(boards[0])
                        if np.ptp(boards[0], axis=0).max() > HUGE_IN and \
                                min_area <= np.count_nonzero(inside) < len(inside):
                            boards += [self._to_board(reg, half.to_full(piece))
                                       for piece in _solid_parts(part[inside], min_area, self._kernel(ppi))]
                        for board in boards:
                            self._own_draws.add(_key(board))
                            out.append((colour, board))
        return out

    def candidates(self, groups, ppi: float, per_size: bool = False) -> list[tuple[TeamColour, np.ndarray, float]]:
        """Rim circles among the ``groups`` of :meth:`rim_groups`: [(colour, centre, radius)].
        ``per_size``: one search per standard size, largest first, instead of one for any rim radius."""
        # a circle RANSAC draws across several touching small rims is bigger than any of them:
        # searched for one size at a time, each rim is a circle of its own
        searches = [(mid, (mid * 0.85, mid * 1.15)) for mid in sorted(RIM_MIDS_IN, reverse=True)] if per_size \
            else [ANY_RIM_SEARCH]
        out = []
        for colour, board in groups:
            for mid, radii in searches:
                out += list(self._circles(colour, board, ppi, mid, radii))
        return out

    def _circles(self, colour: TeamColour, board: np.ndarray, ppi: float, mid: float, radii: tuple[float, float],
                 explained=None):
        """RANSAC's rim circles, of rim centre-line radius about ``mid`` (within ``radii``), among
        the points ``board`` of a group of ``colour``, one at a time (:func:`each_ransac_circle`,
        ``explained`` passed on): (colour, centre, radius)."""
        key = _key(board) if self._own_draws else None
        rng = np.random.default_rng([self.seed, key]) if key in self._own_draws else self.rng
        min_pts = max(5, int(0.35 * np.pi * mid * 3 * MM * ppi * ppi * 0.5))   # a third of a 3 mm rim
        for centre, r in each_ransac_circle(board, rng, min_pts, radii, (RIM_MID_MIN_IN * 0.8, RIM_MID_MAX_IN * 1.2),
                                            explained=explained):
            yield colour, centre, r

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
        on = self._in_play(ring)
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
            # a blur ring is of another hue than its rim (as blur_of asks): none to look for inside
            # a ring of the colour's own hue, which is most bases
            if hue_angle(colour.lab[1:], base.ab) <= np.radians(20) or \
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
            if (apart < 0.05 and blur_of(base, rim, self.surface_ab)) or \
                    (apart < ONE_CENTRE_IN and rim.chroma >= base.chroma and better(rim, base)):
                return rim
        return base

    def _ringed(self, frame: np.ndarray, reg: Registration, base: Base) -> tuple[tuple[float, float], int] | None:
        """The ring of one other colour that runs round ``base`` where a larger base's rim would
        (or one of its own size, when its outer edge lies ``FIGURE_INSIDE_MM`` inside that
        size's), as (its Lab (a, b), that size), or None: ``base`` is then a figure's body or
        a base's painted top (a sand top reads as a yellow ring) inside a rim too faint, too
        hidden or too far between sizes to be measured itself. The larger sizes are asked
        first: a figure inside a larger rim can show that rim's inner edge at its own size."""
        larger = [size for size in SIZES_MM if size > base.diameter_mm]
        ring = self._ring_at(frame, reg, base, larger) if larger else None
        if ring is None and base.radius_in < (base.diameter_mm / 2 - FIGURE_INSIDE_MM) * MM:
            ring = self._ring_at(frame, reg, base, [base.diameter_mm])
        return ring

    def _ring_at(self, frame: np.ndarray, reg: Registration, base: Base,
                 sizes: list[int]) -> tuple[tuple[float, float], int] | None:
        """:meth:`_ringed`'s ring where the rims of ``sizes`` about ``base`` would run."""
        sa, sb = self.surface_ab
        near_surface = max(12.0, 0.6 * float(np.hypot(sa, sb)))
        # across where each size's rim would lie (its 4 mm and a blur's width), read in one go
        offsets = np.array([-4.0, -3.0, -2.0, -1.0, 0.0, 1.0])
        rho = ((np.array(sizes, float)[:, None] / 2 + offsets[None]) * MM).ravel()
        xy = circle_planes(base.x_in, base.y_in, rho)
        lab = self._sample(frame, reg, xy).reshape(len(sizes), len(offsets), RAYS, 3)
        # each ray's most saturated sample that is not the surface, the reading's own colour, or
        # a blend of the two (every ring at once: the arrays are small, the calls are what cost)
        a, b = lab[..., 1], lab[..., 2]
        chroma = np.sqrt(a * a + b * b)
        paint = (chroma >= 8.0) & ((a - sa) ** 2 + (b - sb) ** 2 > near_surface ** 2) & \
            (hue_angle(lab[..., 1:], base.ab) > np.radians(30)) & ~blends(base.ab, lab[..., 1:], self.surface_ab)
        best = np.argmax(np.where(paint, chroma, -1.0), axis=1)                  # rings x RAYS
        at = (np.arange(len(sizes))[:, None], best, np.arange(RAYS)[None, :])
        seen, a, b = paint[at], a[at], b[at]
        for size, ring_seen, ring_a, ring_b in zip(sizes, seen, a, b):
            if np.count_nonzero(ring_seen) < 0.5 * RAYS:
                continue
            ring_a, ring_b = ring_a[ring_seen], ring_b[ring_seen]
            ma, mb = median(ring_a), median(ring_b)
            if np.count_nonzero(np.hypot(ring_a - ma, ring_b - mb) < 12.0) >= 0.5 * RAYS:
                return (ma, mb), size
        return self._blend_ringed(base, sizes, lab)

    def _blend_ringed(self, base: Base, sizes: list[int], lab: np.ndarray) -> tuple[tuple[float, float], int] | None:
        """The ring round ``base`` of another team's blend into the surface (:func:`blended_paint`),
        where the rim of a base of one of ``sizes`` would lie (``lab``: :meth:`_ring_at`'s
        samples), as (its Lab (a, b), that size), or None: a rim 3 mm wide at 16-20 px/in, through JPEG, is nowhere far
        enough from the turf for :meth:`_ringed` to see it, and a sand top inside it reads as a
        yellow base a size small. The ring's median, across it, that lies furthest from the
        surface and on one team's line to it (and is no blend of the reading's own paint), with
        half the rays or more within 8 of it."""
        sa, sb = self.surface_ab
        rings = lab.reshape(-1, RAYS, 3)                  # (size, offset) x RAYS
        ma, mb = np.split(row_medians(np.concatenate([rings[..., 1], rings[..., 2]])), 2)
        far = np.hypot(ma - sa, mb - sb)
        # what blended_paint asks first, of every median at once (each colour's line in turn):
        # on another team's line to the surface, a quarter of the way from it or more (most
        # readings' surroundings are the surface, and are done with here; so are those within
        # NEUTRAL_OFF of it, which lie on its line to grey)
        medians = np.column_stack([ma, mb])
        on_line = np.zeros(len(medians), bool)
        for c in self.seen.colours:
            if c.name != base.color:
                t, off, length = blend_position(medians, c.lab[1:], self.surface_ab)
                on_line |= (off <= blend_reach(length)) & (t <= BLEND_MOST_SURFACE)
        for k in np.argsort(-far):
            if far[k] < NEUTRAL_OFF:
                break
            if not on_line[k]:
                continue
            ring_ab = (float(ma[k]), float(mb[k]))
            name = blended_paint(ring_ab, self.seen.colours, self.surface_ab)
            if name is None or name == base.color or blends(base.ab, np.array(ring_ab), self.surface_ab):
                continue
            if np.count_nonzero(np.hypot(rings[k, :, 1] - ma[k], rings[k, :, 2] - mb[k]) < 8.0) >= 0.5 * RAYS:
                return ring_ab, sizes[k // lab.shape[1]]
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
        fitted, rest, partial = self._fitted, self._rest, self._partial
        if rest is None:                           # the rim's outer edge alone, or no rim: done
            return self._second_look(frame, reg, colour, centre, others, base, fitted)
        if np.hypot(*(fitted[0] - centre)) > AIM_IN:
            again = self._measure(frame, reg, colour, fitted[0], fitted[1], others)
            # (aimed by a part of a rim, it is held to a part's fit: see PART_FIT_IN)
            if again is not None and not (partial and again.residual_in > PART_FIT_IN):
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
        ``_rest()`` the rest of the measurement; ``_partial``: whether the rays saw only a part
        of the rim, ``PART_RAYS``)."""
        self._fitted = self._rest = None
        self._partial = False
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
        # rim in view), or 30 % when its two edges fit tightly (PART_RAYS); of a rim touching
        # another of its colour, 40 % of those that do not run into it, and 30 % at least: a
        # figure over half of it leaves no more
        need, least_coverage = RAYS * 0.4, MIN_COVERAGE
        if others:
            free = np.ones(RAYS, bool)
            tip = centre + (r_mid + 0.2) * dirs
            for other in others:  # rays that run into a touching base of the same colour
                free &= np.hypot(tip[:, 0] - other.x_in, tip[:, 1] - other.y_in) > nominal_radius(other)
            ok &= free
            need = max(RAYS * 0.3, 0.4 * np.count_nonzero(free))
            # and the round it must cover, of the round those rays leave it
            least_coverage = MIN_COVERAGE * _sectors(np.flatnonzero(free))
        ok &= (peak >= 0.6 * level) & (peak <= 1.6 * level)
        both = ok & found_in & (outer_r - inner_r >= 1.5 * MM)
        partial = False
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
            if not others and np.count_nonzero(both) >= RAYS * PART_RAYS:
                # a figure of another colour over half the rim, the arc left blurred into it at
                # both ends: a part, read only if its two edges fit tightly (``_finish``)
                need, partial = RAYS * PART_RAYS, True
                self._partial = partial
            elif np.count_nonzero(both) < need:
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
                                    lambda surface=(0.0, 0.0): rim_paint(lab, rho, centre, used[keep], c, ro, surface),
                                    lambda: mixed_radius(lab, rho, peak_at, centre, used[keep], c, colour.lab[1:],
                                                         self.surface_ab), colour, least_coverage, partial)
        if quick:
            self._rest = rest
            return None
        return rest()

    def _finish(self, c, ro, ri, outer, inner, used, keep, rim_lab, outer_edge, paint, mixed_outer,
                colour: TeamColour, least_coverage: float = MIN_COVERAGE, partial: bool = False) -> Base | None:
        """The rest of :meth:`_analyse` once the rim's two edges are fitted: its size, colour and
        fit checked (its rays' share of the round at least ``least_coverage``; a ``partial`` rim,
        crossed by fewer rays than a whole one needs, within ``PART_FIT_IN``), its centre from
        the outer edge."""
        coverage = _sectors(used[keep])
        # The size from the rim's centre line, which blur, JPEG's coarse chroma and a pale paint
        # widen to both sides alike (its outer edge moves out with them); rims are 3-5 mm wide.
        diameter = 2 * (ro + ri) / 2 / MM + RIM_MM
        size = min(SIZES_MM, key=lambda s: abs(s - diameter))
        mixed = wider = False
        if abs(size - diameter) > 3.5 and ri > 0:
            # Between two sizes: a raised base's light side or a wide blur spreads the rim outward
            # (its outer edge moves 2-4 mm), never inward. The inner edge, against the base's top,
            # stays: the size whose inner edge it is, if the outer edge is not inside that size's.
            by_inner = 2 * ri / MM + 2 * RIM_MM
            nearest = min(SIZES_MM, key=lambda s: abs(s - by_inner))
            if abs(nearest - by_inner) <= 3.5 and (nearest / 2 - 1) * MM <= ro <= (nearest / 2 + 4.5) * MM:
                size, diameter = nearest, by_inner
                # unless both edges moved in: a figure of the rim's colour over a dark top pulls
                # the inner edge in, and the score's half lies inside the outer edge on turf
                # through JPEG. The edge where the colour is half the surface's then lies out at
                # the next size's: that size is measured by the late readings (``_cloaked_rims``)
                wider = self._mix_at_larger(nearest, ro, mixed_outer)
            else:
                # Nor is it where a size's inner edge lies, but the outer edge is on one size's
                # own edge and the inner edge inside that size's (a pale top, sand or light grey,
                # reads as a pale shade of the rim and pulls the inner edge inward): that size.
                by_outer = 2 * ro / MM
                outer_size = min(SIZES_MM, key=lambda s: abs(s - by_outer))
                if abs(outer_size - by_outer) <= 1.5 and ri < (outer_size / 2 - 3) * MM:
                    size, diameter = outer_size, by_outer
            if abs(size - diameter) > 3.5 and self._rescuing:
                # Nor that: the centre line with the outer edge where the colour is half the
                # surface's (on turf, and more so through JPEG, the score's half lies inside it)
                ro_mix = mixed_outer()
                # (beyond the score's edge by less than a rim's least width: further out, it
                # is another ring's edge, a rim of another team's round a figure of this one's)
                if ro_mix is not None and 0.0 <= ro_mix - ro <= 3 * MM:
                    by_mix = (ro_mix + ri) / MM + RIM_MM
                    mix_size = min(SIZES_MM, key=lambda s: abs(s - by_mix))
                    if abs(mix_size - by_mix) <= 3.5:
                        size, diameter, mixed = mix_size, by_mix, True
        if abs(size - diameter) > 3.5 or coverage < least_coverage or ri <= 0 or not 1.5 * MM <= ro - ri <= 10 * MM:
            self._between |= abs(size - diameter) > 3.5 and ri > 0     # (a rescue may size it)
            return self._reject(f"diameter {diameter:.1f} mm, coverage {coverage:.2f}, rim {(ro - ri) / MM:.1f} mm")
        (ox, oy), (ix, iy) = outer[keep].T, inner[keep].T
        res = np.concatenate([np.hypot(ox - c[0], oy - c[1]) - ro, np.hypot(ix - c[0], iy - c[1]) - ri])
        residual = math.sqrt(float(res @ res) / len(res))
        if residual > (PART_FIT_IN if partial else MAX_RESIDUAL_IN):     # before the paint: it costs more
            return self._reject(f"residual {residual:.4f} in")
        rim, peak = paint(), _median_ab(rim_lab[keep])
        name = self._paint_name(rim, colour)
        if name is None:
            # On turf a pale rim's most saturated pixels are its blend into the turf, turned
            # 30 degrees or more toward it: the samples furthest from the turf are its paint
            rim = paint(self.surface_ab)
            name = self._far_paint_name(rim, colour)
            if name is None:
                return None
        # The centre from the outer edge alone: it is the base's own edge against the surface,
        # where the inner edge meets the figure and moves with its paint (a cloak of the team's
        # colour, shaded on one side, pulls a two-edge fit by 1-2 px).
        co = self._outer_centre(outer_edge, c)
        if co is not None:
            c = co
        return Base(float(c[0]), float(c[1]), size, name, float(ro), coverage, residual,
                    chroma=float(np.hypot(rim[1], rim[2])), ab=peak, mixed=mixed, wider=wider,
                    paint_ab=(float(rim[1]), float(rim[2])), paint_L=float(rim[0]), part=partial)

    @staticmethod
    def _mix_at_larger(size: int, ro: float, mixed_outer) -> bool:
        """Whether a rim sized ``size`` by its inner edge, its outer edge at half the score at
        ``ro``, may be the next size's: that edge lies past halfway to the next size, and the
        edge where its colour is half the surface's (``mixed_outer()``, :func:`mixed_radius`)
        lies ``MIX_BEYOND_MM`` or more beyond it (diameter) and within ``MIX_AT_SIZE_MM`` of
        the next size's diameter. Where the inner edge names the size truly, a wide blur has
        spread the whole rim outward, and the two outer edges agree within 1-2 mm; or a raised
        base's side wall lies beyond its rim, which a red rim's colour line to turf passes
        near (a grey is half red's way there), and the half-surface edge lies out on the wall
        while the rim's own edge stays within halfway (the shared picture raised/301 through
        JPEG 75: a red 30 mm rim's edges at 34 and 38 mm).

        >>> at = lambda d_mm: (lambda: d_mm / 2 * MM)
        >>> [BaseFinder._mix_at_larger(40, 47.1 / 2 * MM, at(d)) for d in (49.5, 48.0, 54.0)]  # turned case 40920
        [True, False, False]
        >>> BaseFinder._mix_at_larger(30, 34.0 / 2 * MM, at(38.2)), BaseFinder._mix_at_larger(50, 50 * MM, at(53.0))
        (False, False)
        """
        if size >= SIZES_MM[-1]:
            return False
        larger = next_size(size)
        if 2 * ro / MM < (size + larger) / 2:
            return False
        ro_mix = mixed_outer()
        if ro_mix is None:
            return False
        return 2 * (ro_mix - ro) / MM >= MIX_BEYOND_MM and abs(2 * ro_mix / MM - larger) <= MIX_AT_SIZE_MM

    def _paint_name(self, rim, colour: TeamColour) -> str | None:
        """The team whose paint a rim's paint ``rim`` (Lab) is: the seen colour nearest in hue, or
        (a thin rim blended into a coloured surface) the one it is a blend of; or, measured by a
        team's blend (``colour``) as the larger size of a base of that team read by its outer
        edge alone (a cloak; ``BlendColour.names_unseen``), that team: a pale rim 2 px wide is
        duller than the turf it blends into, its most saturated pixels are the turf's, and the
        blend's own line names it (``_blend_named``); None, rejected."""
        name, gap = self.seen.classify(rim)
        if gap <= PAINT_WITHIN_DEG:
            return self._unghosted(rim[1:], name)
        blend = blended_paint(rim[1:], self.seen.colours, self.surface_ab)
        if blend is None and isinstance(colour, BlendColour) and colour.names_unseen:
            blend = colour.name
        return blend if blend is not None else self._reject(f"colour {name} off by {gap:.0f} degrees")

    def _far_paint_name(self, far, colour: TeamColour) -> str | None:
        """``colour``'s team, when a rim it measured, whose most saturated paint names no team,
        has its paint furthest from a coloured surface (``far``, Lab: :func:`rim_paint`) within
        ``PAINT_WITHIN_DEG`` of that team's colour in hue; else None (the rejection stands).
        Turf is more saturated than a pale rim (a cyan 3 mm wide on turf through JPEG): its
        most saturated pixels are its blend, turned toward the turf. Asked only where the paint
        named no team: the rules that name a rim by its blend were made on the most saturated."""
        if not self.surface_turns_hues():
            return None
        name, gap = self.seen.classify(far)
        return name if gap <= PAINT_WITHIN_DEG and name == colour.name else None

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
        them); its size may come from the halfway edge (:func:`halfway_radius`)."""
        rows = np.nonzero(ok)[0]
        outer = centre + outer_r[rows, None] * DIRS[rows]
        c, ro, keep, residual = outer_circle(outer, centre, median(outer_r[rows]))
        if c is None:
            return self._reject(f"only {np.count_nonzero(keep)} outer edges agree")
        self._fitted = (c, ro - RIM_MM * MM / 2)
        coverage = int(np.count_nonzero(np.bincount(rows[keep] * 24 // RAYS, minlength=24))) / 24
        diameter = 2 * ro / MM - self._outer_spread_mm(reg, c, colour.name)
        halfway = False
        # the cheap checks first: a reading they reject is not worth its halfway edge and paint
        # (nearly half of the outer-edge readings on a first frame are too loose a fit)
        if coverage < 0.6:
            return self._reject(f"outer edge: diameter {diameter:.1f} mm, coverage {coverage:.2f}")
        if residual > MAX_RESIDUAL_IN:
            return self._reject(f"residual {residual:.4f} in")
        # the edge where the colour is halfway to the surface's is truer than half the score's,
        # and dearer: it is measured only where it could name another size
        if outer_size(diameter - HALFWAY_REACH_MM) != outer_size(diameter + HALFWAY_REACH_MM):
            edge = halfway_radius(lab, score, rho, centre, rows[keep], c, ro)
            if edge is not None:                # (the pictures' own spread is a half-score edge's)
                halfway, diameter = True, 2 * edge / MM - self._outer_spread_mm(reg, c)
        size = outer_size(diameter)
        if size is None:
            return self._reject(f"outer edge: diameter {diameter:.1f} mm, coverage {coverage:.2f}")
        rim, peak = rim_paint(lab, rho, centre, rows[keep], c, ro), _median_ab(peak_lab[rows[keep]])
        name = self._paint_name(rim, colour)
        if name is None:
            return None
        return Base(float(c[0]), float(c[1]), size, name, float(ro), coverage, residual, edges=1,
                    chroma=float(np.hypot(rim[1], rim[2])), ab=peak, halfway=halfway,
                    paint_ab=(float(rim[1]), float(rim[2])), paint_L=float(rim[0]))

    def _outer_spread_mm(self, reg: Registration, c: np.ndarray, name: str | None = None) -> float:
        """How much wider than the base the half-level outer edge of its thin, blurred rim reads
        (diameter, mm). The blur is a pixel or two whatever the scale, and the rim's 3-5 mm are
        fewer pixels on a smaller picture: measured on 667 outer-edge readings of three wider
        sets (5000, 6000, 9000), the median spread is 0.2-0.8 mm at 16-24 px/in and none at 24
        and more, about 200 / ppi^2. (It was 800 / ppi^2 and 1 mm at least while the renderer
        drew every base 0.6 px too large: see TableRenderer's ``_fill_true``.) With the colour's
        ``name``, for its half-score edge: the spread the pictures' own two-edge readings show
        (:func:`outer_spreads`), when that is the wider (a JPEG at quality 75 smears a dull rim
        2 mm out at 16-20 px/in, which the model misses)."""
        ppi = reg.ppi(float(c[0]), float(c[1]), self.camera)
        model = OUTER_SPREAD_MM_PPI2 / max(ppi, 1.0) ** 2
        seen = self.outer_spreads.get(name, self.outer_spreads.get(None)) if name is not None else None
        return model if seen is None else max(model, seen)

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
        self._displaced, self._apart, self._own_draws, self._unmeasured, self._rescued = {}, {}, set(), [], []
        self._arcs = []
        items = []
        for old in known:
            items.append((self.colour(old.color), np.array([old.x_in, old.y_in]),
                          rim_mid(old.diameter_mm), _touching(old, known)))
        for old, (colour, centre, r_mid, touching), (base, fitted) in zip(known, items,
                                                                          self.measure_many(frame, reg, items)):
            base = self._second_look(frame, reg, colour, centre, touching, base, fitted)  # it moved?
            late = self._late_at(centre)
            if late is not None:
                # the last search found it late (in its own paint, by its blend, or rescued): it is
                # measured so again, as its team's colour can read a cloak inside it as the base
                own = late[1]
                again = self._rescue(frame, reg, colour, centre, r_mid, touching) if own is None else \
                    self._measured_in(frame, reg, own, centre, r_mid, touching)
                base = again if again is not None else base
            if base is not None and np.hypot(base.x_in - old.x_in, base.y_in - old.y_in) < 0.5:
                add_reading(bases, base, self.surface_ab, self._displaced)
        if not search:
            return sorted(self._on_board(bases), key=lambda b: (b.y_in, b.x_in))
        found_before = list(bases)
        half = self.half_lab(frame, reg)
        self.learn_colours(half, reg)
        groups = self.rim_groups(half, reg, bases)
        failed, empty = self._measure_candidates(frame, reg, groups, half.ppi, bases)
        unread = {id(g) for g in failed + empty}
        gave = [g for g in groups if id(g) not in unread]      # each circle drawn in them a base
        margin = _explained_margin(half.ppi)
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
        # colour that gave no base, beyond the bases found, are searched together, with the
        # arcs too small to be searched alone (a thin rim through JPEG clears the threshold
        # in pieces) joining them.
        rest = [(c, pts[~within(pts, bases, margin)]) for c, pts in empty]
        joined = _joined_arcs(rest, bases, self._arcs)
        if joined:
            self._measure_candidates(frame, reg, joined, half.ppi, bases)
        # A group that gave a base can hold an arc of another rim (a rim touching a base of its
        # colour, a figure over its other side): what no base explains of it joins those arcs
        # too, in joins searched after them, with draws of their own (the searches after go as
        # they would without them).
        beside = [(c, pts[~within(pts, bases, margin)]) for c, pts in gave] if rest else []
        beside = [g for g in beside if len(g[1])]
        if beside:         # (only a join holding a group that gave no base is searched: none without one)
            searched = {_key(pts) for _, pts in joined}
            more = [g for g in _joined_arcs(rest, bases, self._arcs + beside) if _key(g[1]) not in searched]
            self._own_draws |= {_key(pts) for _, pts in more}
            self._measure_candidates(frame, reg, more, half.ppi, bases)
        self._passed_over(frame, reg, half, bases)
        bases = self._late_readings(frame, reg, bases, half)
        bases = self._separate_touching(frame, reg, bases, found_before)
        # rings of the margin are dropped only now, as rings off the board are: the search goes
        # as it would without the check (a group whose circle failed is searched again); the
        # margin's colour is read only when the search found a new base
        bases = self._on_board(bases)
        if any(b not in found_before for b in bases):
            margin_ab = self._margin_colour(frame, reg)
            bases = [b for b in bases if b in found_before or not self._margin_only(frame, reg, b, margin_ab)]
        bases = self._named_by_rims(bases)
        # the picture's own outer-edge spread, from its two-edge readings: kept for the frames
        # after, and the bases sized by an outer edge alone sized again with it (they were
        # measured before it was known)
        spreads = outer_spreads(bases)
        if spreads:
            self.outer_spreads = spreads
            bases = resized(bases, lambda b: self._outer_spread_mm(reg, np.array([b.x_in, b.y_in]), b.color))
        return sorted(bases, key=lambda b: (b.y_in, b.x_in))

    def _passed_over(self, frame, reg: Registration, half: HalfPicture, bases: list[Base]) -> None:
        """Add to ``bases`` a team's lost to another cluster that took its name, searched in the
        picture's cluster that wanted that name and was passed over (:func:`picture_colours`'
        ``passed``): an army of purple figures, more of it than the blue rims 35-40 degrees from
        it, took the name blue, and the blue bases were lost. The cluster is searched when no
        base was read in its name, or when those read were read in a colour ``TEAMS_APART_DEG``
        or more from it of which it is no blend into the surface (:func:`between`), and it is no
        blend of any other colour the picture shows: the figures' colour reads a base or two by
        a figure's outline, and holds the name with them. Rims whose paint names another colour
        (:meth:`_rims_of_another`: they are renamed later) hold no name here. One within
        ``TEAMS_APART_DEG`` of another colour bases were read in, or a blend of it into the
        surface, is that team's shade, and is not searched.

        When the cluster gives bases where none was read, each base read before in the name by
        an outer edge alone (a figure's outline) is measured again in the cluster's colour, and
        the rim read by both its edges stands in its place. When the cluster read as many of
        the name's bases as are left of those read before, it is that name's colour, kept for
        the frames after (:meth:`_with_rims_colours`)."""
        moving = {id(b) for group in self._rims_of_another(bases).values() for b, _ in group} \
            if self._passed else set()

        def named(name: str) -> list[Base]:      # the bases that hold ``name``
            return [b for b in bases if b.color == name and id(b) not in moving]
        for other in self._passed:
            if not any(c.name == other.name for c in self.seen.colours):
                continue
            held = named(other.name)
            before = {id(b) for b in held}
            holding = {b.color for b in bases if id(b) not in moving}
            ab = np.asarray(other.lab[1:])
            # a shade of a team whose bases were read (cyan rims turned 26 degrees toward blue), or
            # its blend into the surface (a pale blue rim's under 16 px/in, at cyan's hue): theirs.
            # (Of the colour that holds its name, only a blend well inside the line: a purple
            # army's line to the turf passes within a quarter of its length of the blue rims.)
            if any(math.degrees(hue_gap(other.hue, c.hue)) < TEAMS_APART_DEG or
                   (between(ab, c.lab[1:], self.surface_ab) if c.name == other.name else
                    blends(c.lab[1:], ab, self.surface_ab))
                   for c in self.seen.colours if c.name in holding):
                continue
            # a name held: nor a blend of any other colour the picture shows (pale blue rims on
            # turf at hue -118 want cyan, held by their blur at -173; their team is blue's)
            if held and any(blends(c.lab[1:], ab, self.surface_ab) for c in self.seen.colours if c.name != other.name):
                continue
            was = self.seen
            self.seen = Palette([other])                       # its groups alone, as the search makes them
            try:
                groups = self.rim_groups(half, reg, bases)
            finally:
                self.seen = Palette([other if c.name == other.name else c for c in was.colours])
            self._measure_candidates(frame, reg, groups, half.ppi, bases)
            theirs = named(other.name)
            if held and any(id(b) not in before for b in theirs):
                self._read_again_in(frame, reg, other, [b for b in held if b.edges == 1], bases)
                theirs = named(other.name)
            new = len([b for b in theirs if id(b) not in before])
            if new and new >= len(theirs) - new:
                self._rims_colours[other.name] = other
            else:
                self.seen = was

    def _read_again_in(self, frame, reg: Registration, colour: TeamColour, readings: list[Base],
                       bases: list[Base]) -> None:
        """Each of ``readings`` still in ``bases`` measured again in ``colour`` (its name's) about
        its centre; a rim read by both its edges, overlapping no other base, stands in its place."""
        for b in readings:
            at = next((k for k, x in enumerate(bases) if x is b), None)
            if at is None:
                continue
            centre, rest = np.array([b.x_in, b.y_in]), [x for x in bases if x is not b]
            rim = self.refine(frame, reg, colour, centre, rim_mid(b.diameter_mm),
                              neighbours_of(rest, colour.name, centre, b.radius_in))
            if rim is not None and rim.color == colour.name and rim.edges == 2 and \
                    not any(overlap(rim, x) for x in rest):
                bases[at] = rim

    def _named_by_rims(self, bases: list[Base]) -> list[Base]:
        """``bases`` with those whose rims' paint is another colour's renamed, and that colour
        learned from them. A team's figures all of one paint (an army), more of it than its
        rims and within a merge of another team's rim hue, make the picture's cluster there,
        named for the figures: purple figures (Lab hue -45) took the name blue and the magenta
        rims beside them in hue (-15 to -34) were read as blue. Two rims at least whose paint
        names another colour (:func:`paint_named`), by ``RIMS_NEARER_DEG`` more than it names
        theirs, and no base is read in that colour: they are its team's, and that colour is
        what their paint shows. A rim whose paint lies on the line from the colour it was read
        in to the surface is that colour's blend (a pale blue rim 2 px wide on turf, at cyan's
        hue under 16 px/in), and keeps its name."""
        moved = self._rims_of_another(bases)
        if not moved:
            return bases
        for name, group in moved.items():
            learned = TeamColour(name, tuple(float(v) for v in np.median([lab for _, lab in group], axis=0)))
            self._learned.add(name)
            self._rims_colours[name] = learned
        self.seen = Palette(self._with_rims_colours(self.seen.colours))
        renamed = {id(b): name for name, group in moved.items() for b, _ in group}
        return [replace(b, color=renamed[id(b)]) if id(b) in renamed else b for b in bases]

    def _rims_of_another(self, bases: list[Base]) -> dict[str, list[tuple[Base, tuple]]]:
        """:meth:`_named_by_rims`' rims of ``bases`` whose paint is another colour's, under that
        colour's name, each with its paint (Lab)."""
        moved: dict[str, list[tuple[Base, tuple]]] = {}
        held = {b.color for b in bases}
        colours = nameable(self.palette, self.teams, self.surface_ab)
        for b in bases:
            paint = b.paint_ab if b.paint_ab is not None else b.ab
            read_in = self.colour(b.color)
            if between(paint, read_in.lab[1:], self.surface_ab):   # its colour's blend into the surface
                continue
            lab = (b.paint_L if b.paint_L is not None else read_in.lab[0], *paint)
            name, nearer = paint_named(lab, b.color, colours, self.surface_ab, self.surface_L)
            if name not in held and nearer >= RIMS_NEARER_DEG:
                moved.setdefault(name, []).append((b, lab))
        return {name: group for name, group in moved.items() if len(group) >= RIMS_NAMING}

    def _measure_candidates(self, frame, reg: Registration, groups, ppi: float, bases: list[Base],
                            per_size: bool = False) -> tuple[list, list]:
        """Measure the rim circles found in ``groups`` and add the bases among them to ``bases``;
        returns the groups where a circle measured as no base, and those with no circle.

        A group's circles are drawn and measured one at a time (with ``per_size``, all of them
        first, each size in turn): once a base of its colour stands, RANSAC draws no more from
        the points it explains. Drawn all at once, a rim's inner edge and its figure gave a
        circle or two more, passed over or measured as none; on the speed cases that was two
        in five of the draws and 0.6 ms of a first frame's 15 (PERFORMANCE.md, forty-eighth
        pass)."""
        failed, empty = [], []
        margin = _explained_margin(ppi)
        for group in groups:
            bad = False
            if per_size:
                circles = self.candidates([group], ppi, per_size)
            else:
                # (a reading of another colour round its points explains none of them: it can be
                # their rim's blur ring)
                circles = self._circles(*group, ppi, *ANY_RIM_SEARCH, explained=lambda pts, name=group[0].name: within(
                    pts, [b for b in bases if b.color == name], margin))
            none = True
            for colour, centre, r in circles:
                none = False
                if self._needless(colour, centre, r, bases):
                    continue
                # rays that would run into a base of its colour it touches are left out
                neighbours = neighbours_of(bases, colour.name, centre, r + RIM_MM * MM / 2)
                centre, r = np.asarray(centre, float), float(r)
                self._between = False
                base = self.refine(frame, reg, colour, centre, r, neighbours)
                between = self._between
                if base is None:
                    base, neighbours = self._next_hue(frame, reg, colour, centre, r, bases)
                if base is None:
                    self._unmeasured.append((colour, centre, r))
                    # measured again only where a centre line fell between sizes: nowhere else
                    # can the rescue size a reading (one a first frame, 1 ms, on the speed cases)
                    rescued = self._rescue(frame, reg, colour, centre, r, neighbours) if between else None
                    if rescued is not None:
                        self._rescued.append(rescued)
                if base is not None:
                    self._apart[base] = neighbours
                    add_reading(bases, base, self.surface_ab, self._displaced)
                bad |= base is None
            if none:
                empty.append(group)
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
        neighbours = neighbours_of(bases, other.name, centre, r + RIM_MM * MM / 2)
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

    def _in_play(self, board: np.ndarray) -> np.ndarray:
        """Which of the points ``board`` (N x 2, inches) lie on the play area (all of them when
        its size is not known)."""
        if self.board_in is None:
            return np.ones(len(board), bool)
        w, h = self.board_in
        return (board[:, 0] >= 0) & (board[:, 0] <= w) & (board[:, 1] >= 0) & (board[:, 1] <= h)

    def _on_board(self, bases: list[Base]) -> list[Base]:
        """Pieces stand on the play area: a ring among the frame markers or on the table is not one."""
        if self.board_in is None:
            return bases
        w, h = self.board_in
        return [b for b in bases
                if -b.radius_in <= b.x_in <= w + b.radius_in and -b.radius_in <= b.y_in <= h + b.radius_in]

    def _separate_touching(self, frame, reg, bases: list[Base], done: list[Base] = ()) -> list[Base]:
        """Measure again, without the rays that run into it, each new base touching another of
        its colour (their rims merge on the side where they touch). One that moves onto a
        neighbour so (a cloak leaning out of a rim over the board's edge, read by its outline
        and beside the rim, then measured again up against it) is judged against it as the
        search judges two readings on one spot (:func:`add_reading`): bases cannot overlap."""
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
        if any(overlap(a, b) for k, a in enumerate(out) for b in out[k + 1:]):
            kept: list[Base] = []
            for base in out:
                add_reading(kept, base, self.surface_ab)
            out = kept
        return out


def _explained_margin(ppi: float) -> float:
    """How far outside a measured base's rim (inches) a search picture's pixels, at ``ppi``,
    are still taken as that base's: 0.08 in and a pixel."""
    return 0.08 + 1 / ppi


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


def _same_paint(a, b, ref_ab: tuple[float, float]):
    """Whether Lab (a, b) (numbers or arrays) is the colour ``ref_ab``: within 8, or within 35 %
    of its chroma for a saturated one (:meth:`BaseFinder._margin_only`'s ring, margin and rays).

    >>> bool(_same_paint(45.0, 10.0, (40.0, 0.0))), _same_paint(np.array([45.0, 60.0]), np.zeros(2), (40.0, 0.0)).tolist()
    (True, [True, False])
    """
    ra, rb = ref_ab
    return np.hypot(a - ra, b - rb) <= max(8.0, 0.35 * float(np.hypot(ra, rb)))


def _sectors(rays: np.ndarray) -> float:
    """The share of a rim's round its ``rays`` (indices of the ``RAYS`` round it) cover, counted
    in 24 sectors: a rim half hidden covers half of them however its rays fall."""
    return int(np.count_nonzero(np.bincount(rays * 24 // RAYS, minlength=24))) / 24


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


def _joined_arcs(groups, bases, arcs=(), extent_in: float = SIZES_MM[-1] * MM + 0.2):
    """Rim groups (colour, points) of one colour, none near a found base, that fit together in
    a box the size of the largest base: the arcs one rim may be cut into. Only the joins (two
    or more groups) holding one of ``groups`` are returned: ``arcs``, too small to be searched
    alone, only join them."""
    groups = [(c, p) for c, p in groups if len(p) >= 3 and not within(p.mean(axis=0)[None], bases)[0]]
    whole = len(groups)
    groups += [(c, p) for c, p in arcs if not within(p.mean(axis=0)[None], bases)[0]]
    lo = [p.min(axis=0).tolist() for _, p in groups]     # (plain floats: the pairs below are many and small)
    hi = [p.max(axis=0).tolist() for _, p in groups]
    parent = list(range(len(groups)))

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            if groups[i][0].name == groups[j][0].name and \
                    max(hi[i][0], hi[j][0]) - min(lo[i][0], lo[j][0]) <= extent_in and \
                    max(hi[i][1], hi[j][1]) - min(lo[i][1], lo[j][1]) <= extent_in:
                parent[root(j)] = root(i)
    sets: dict[int, list[int]] = {}
    for i in range(len(groups)):
        sets.setdefault(root(i), []).append(i)
    return [(groups[m[0]][0], np.concatenate([groups[k][1] for k in m])) for m in sets.values()
            if len(m) > 1 and min(m) < whole]


