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
2. Measurement, in the full-size camera image, of each candidate where it lies: its rim's
   two edges along rays across it, its size from the rim's centre line, its team from the
   rim's own paint, its centre from its outer edge (:mod:`companion.vision.rim_measure`).
   A circle that gave no base because its centre line fell between sizes is measured
   again with the outer edge where its colour is half the surface's (on turf, and through
   JPEG, the score halves well inside it); that reading, like one in the rim's own paint,
   stands only where the search found no base.

How one base is measured is :mod:`companion.vision.rim_measure`; where a rim's edges and
paint lie along the rays, :mod:`companion.vision.rim_edges`; which of two overlapping
readings is the base, :mod:`companion.vision.overlaps`; a reading and the standard sizes,
:mod:`companion.vision.base_reading`; the readings left to the end of the search (in a rim's
own paint, or rescued), :mod:`companion.vision.late_readings`.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.vision.base_reading import (MM, RIM_MIDS_IN, RIM_MM, SIZE_WITHIN_MM, SIZES_MM, Base, nominal_radius,
                                          rim_mid, within)
from companion.vision.camera_model import CameraModel
from companion.vision.circles import each_ransac_circle
from companion.vision.blends import between, blend_position, blends, lighter_than_blend
from companion.vision.colours import Palette, TeamColour, hue_gap
from companion.vision.picture_colours import (MERGE_DEG, TEAMS_APART_DEG, nameable, paint_apart, paint_named,
                                              picture_colours, surface_colour)
from companion.vision.late_readings import LateReadings
from companion.vision.overlaps import ONE_CENTRE_IN, add_reading, neighbours_of, overlap
from companion.vision.registration import Registration
from companion.vision.rim_edges import DIRS, RAYS, circle_planes, outer_spreads, resized
from companion.vision.rim_measure import FAINT_SCORE, RimMeasure
from companion.vision.stats import median, median_ab

RIM_MID_MIN_IN, RIM_MID_MAX_IN = 12 * MM, 24 * MM      # rim centre-line radius of 30 to 50 mm bases
BASE_BOX_IN = SIZES_MM[-1] * MM + 0.6   # a box round the largest base, its blur and the grouping's dilation (inches)
HUGE_IN = 8.0            # a group this long is far bigger than any base or cluster of them (a cloth, a margin)
OFF_BOARD_IN = 1.0       # a rim circle centred further off the board is a ring among the markers, not measured
NEXT_HUE_DEG = 60.0      # a circle of one colour measured as no base is measured in the next colour this near
RIMS_NEARER_DEG = 15.0  # rims whose paint names another colour by this much more than theirs ...
RIMS_NAMING = 2         # ... this many at least, are that colour's team (_named_by_rims)
MARGIN_BLUR_SHARE = 0.25  # a ring of the margin round the play area's corner, blurred this far into the surface
SURFACE_PAINT = 6.0     # a rim's paint this near the surface's (Lab a, b) shows no paint: it holds no name there
TAKEN_NEARER_DEG = 5.0  # a rim whose paint lies this much nearer in hue to a cluster passed over is its (_taken_over)
NEARER_NAME_DEG = 10.0  # a cluster passed over this much nearer its name's palette hue than the holder: searched
ANY_RIM_SEARCH = (RIM_MID_MIN_IN, (RIM_MID_MIN_IN * 0.85, RIM_MID_MAX_IN * 1.15))   # rim mid radius, range: any size
FAR_MORE_ROUND = 0.25    # a base measured again apart from its neighbours on this much more of its round: far truer
STILL_SCORE = 0.4        # a tracked base that reads as none is still there where its team's colour scores this
STILL_ROUND = 0.6        # share of its chroma on this share of its rim's round (_still_there)
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


class BaseFinder(LateReadings, RimMeasure):
    """``palette`` names the colours (the nominal ones and any taught); ``teams`` limits the
    search to those names. The colours searched for are the ones the picture shows
    (:func:`~companion.vision.picture_colours.picture_colours`), learned again at each full search,
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
        self._lut: tuple | None = None           # the gains as tables of levels (_gain_tables), and the
        self._lut_key: bytes | None = None       # gains they were made for
        self._displaced: dict[Base, list[Base]] = {}   # what each standing base beat, over one search (add_reading)
        self._apart: dict[Base, list[Base]] = {}       # the touching bases each was measured without, ditto
        self.outer_spreads: dict[str | None, float] = {}   # an outer edge's spread in these pictures (_outer_spread_mm)
        self._rescuing = False                   # measuring a circle again for a rescue (_rescue)
        self._known_size: int | None = None      # a tracked base's size, while it is measured again
        self._last_found: list[Base] = []        # the last search's bases (_still_there)
        self._between = False                    # a centre line fell between sizes (since reset)
        # the last search's late readings (_late_readings): where each stood, and the own paint
        # it was measured in (None: a rescue)
        self._late: list[tuple[np.ndarray, TeamColour | None]] = []
        # the readings of the last search that stand and were read by the score of a colour
        # not their name's (their paint named another seen colour), or rescued: where each
        # stands, and that colour (_read_by_at)
        self._read_by: list[tuple] = []
        # the same, of the search before it, for the known bases the last search measured so
        # (it reads no base again that stands): used on the tracked frames after it, not by a
        # search, which measures each known base as its own last search read it (find)
        self._late_kept: list[tuple[np.ndarray, TeamColour | None]] = []
        self._read_by_kept: list[tuple] = []
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
            small = cv2.LUT(small, self._gain_lut())
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
        return median_ab(lab)

    def _margin_only(self, frame: np.ndarray, reg: Registration, base: Base,
                     margin_ab: tuple[float, float] | None) -> bool:
        """Whether ``base`` is the margin round the play area, not a rim: a ring in the margin's
        colour ``margin_ab`` (:meth:`_margin_colour`; or in that blurred a little into the
        surface, :meth:`_margin_paint`), centred off the play area, or seen where
        it runs off the play area and not where it runs on it: a circle drawn about the play
        area's corner in a margin of a colour near a team's (a brown frame read as red, or as
        yellow). A base at the edge shows its rim on the play area too, in its own paint; and a
        ring drawn beside the margin's colour is another colour's."""
        if self.board_in is None or margin_ab is None:
            return False
        pa, pb = base.ab
        if not self._margin_paint(base.ab, margin_ab):
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

    def _margin_paint(self, ab: tuple[float, float], margin_ab: tuple[float, float]) -> bool:
        """Whether a ring's colour ``ab`` is the margin's ``margin_ab`` (:func:`_same_paint`), or
        that blurred a little into the surface: a quarter of the way to it at most, and within 8
        of the line. A circle drawn about the play area's corner reads the margin mixed with the
        turf and the corner's lines, 8.0-8.5 off the margin's median toward the turf (a brown
        table: army 160204, 172536, 173488)."""
        if _same_paint(ab[0], ab[1], margin_ab):
            return True
        t, off, _ = blend_position(np.asarray(ab, float), margin_ab, self.surface_ab)
        return float(t) <= MARGIN_BLUR_SHARE and float(off) <= 8.0

    @staticmethod
    def _kernel(ppi: float) -> np.ndarray:
        r = max(1, int(round(ppi * 0.15)))
        return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))

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
        if search:
            self._late_kept, self._read_by_kept = [], []
        measured = self.measure_many(frame, reg, items, [old.diameter_mm for old in known])
        carried = []
        for old, (colour, centre, r_mid, touching), (base, fitted) in zip(known, items, measured):
            self._known_size = old.diameter_mm
            try:
                base = self._tracked(frame, reg, colour, centre, r_mid, touching, base, fitted)
            finally:
                self._known_size = None
            if base is None and not search:
                base = self._still_there(frame, reg, old, colour)
            if base is not None and np.hypot(base.x_in - old.x_in, base.y_in - old.y_in) < 0.5:
                add_reading(bases, base, self.surface_ab, self._displaced)
                if search:                 # (how it was read: kept after the search, below)
                    carried.append((base, self._late_at(centre), self._read_by_at(centre)))
        if not search:
            return sorted(self._on_board(bases), key=lambda b: (b.y_in, b.x_in))
        found_before = list(bases)
        self._read_by = []
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
        # A known base this search measured again as the last one read it (late, or by another
        # colour's score) is so measured on the tracked frames after it too: the search reads
        # no base again that stands, and those frames measured it as a first reading, which
        # can fail (a blue rim read late, stale on every frame whose light changed). The next
        # search does not: measured as a first reading there, it is searched for afresh when
        # that fails (a first search's misreading is not held for ever).
        for base, late, read_by in carried:
            if any(base is s for s in bases):
                self._late_kept += [late] if late is not None else []
                self._read_by_kept += [(np.array([base.x_in, base.y_in]), read_by)] if read_by is not None else []
        # (only the readings that stand: one a better reading replaced was not the base)
        self._read_by = [(np.array([b.x_in, b.y_in]), c) for b, c in self._read_by if any(b is s for s in bases)]
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
        self._last_found = list(bases)
        return sorted(bases, key=lambda b: (b.y_in, b.x_in))

    def _passed_over(self, frame, reg: Registration, half: HalfPicture, bases: list[Base]) -> None:
        """Add to ``bases`` a team's lost to another cluster that took its name, searched in the
        picture's cluster that wanted that name and was passed over (:func:`picture_colours`'
        ``passed``): an army of purple figures, more of it than the blue rims 35-40 degrees from
        it, took the name blue, and the blue bases were lost. The cluster is searched unless it
        is a shade of a colour bases were read in (:meth:`_shade_of`), or, when bases were read
        in its name (the figures' colour reads a base or two by a figure's outline, and holds
        the name with them), a blend of any other colour the picture shows into the surface
        that is no lighter than such a blend can be (:func:`lighter_than_blend`).
        Rims whose paint names another colour (:meth:`_rims_of_another`: they are renamed
        later) hold no name here.

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
            if any(self._shade_of(other, c, held) for c in self.seen.colours if c.name in holding):
                continue
            # a name held: nor a blend of any other colour the picture shows (pale blue rims on
            # turf at hue -118 want cyan, held by their blur at -173; their team is blue's), unless
            # lighter than any blend of it (pale yellow rims, L 66-68, on a dark red army's line
            # to the turf, held by a brown army's outlines: army 151776, 154256)
            if held and any(self._blended_from(other, c) for c in self.seen.colours if c.name != other.name):
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
            elif not held and self._taken_over(other, bases, moving):
                self._rims_colours[other.name] = other
            else:
                self.seen = was

    def _taken_over(self, other: TeamColour, bases: list[Base], moving: set[int]) -> bool:
        """Rename the rims of ``bases`` that another colour read but whose paint is the cluster
        ``other``'s, passed over for its name and searched in vain (:meth:`_passed_over`): each
        whose paint lies ``TAKEN_NEARER_DEG`` nearer in hue to ``other`` than to the colour that
        holds it, and is named ``other``'s name by the palette too (:func:`paint_named`: dull
        red rims beside a dark army, 7-12 degrees from its cluster passed over for magenta, are
        nearer red's palette hue; army 163960), two at least (``RIMS_NAMING``). Returns whether
        they were; rims in ``moving`` (:meth:`_named_by_rims` renames them later) are left.

        Army 163344 (18.2 px/in): a cyan team's purple figures took the name blue, and the
        blue team's pale rims (hue -87) were read by cyan's colour (-119), wider than their
        own, before the rims' cluster was searched: it found nothing left to read."""
        taken = []
        palette = nameable(self.palette, self.teams, self.surface_ab)
        for k, b in enumerate(bases):
            if b.color == other.name or id(b) in moving or b.paint_ab is None:
                continue
            h = math.atan2(b.paint_ab[1], b.paint_ab[0])
            holder = self.colour(b.color)
            lab = (b.paint_L if b.paint_L is not None else holder.lab[0], *b.paint_ab)
            if math.degrees(hue_gap(h, holder.hue) - hue_gap(h, other.hue)) >= TAKEN_NEARER_DEG and \
                    paint_named(lab, b.color, palette, self.surface_ab, self.surface_L)[0] == other.name:
                taken.append(k)
        if len(taken) < RIMS_NAMING:
            return False
        for k in taken:
            bases[k] = replace(bases[k], color=other.name)
        return True

    def _shade_of(self, other: TeamColour, colour: TeamColour, held: list[Base]) -> bool:
        """Whether ``other``, a cluster passed over for its name (:meth:`_passed_over`), is a shade
        of ``colour``, a colour bases were read in (``held``: those read in ``other``'s name):

        - within ``TEAMS_APART_DEG`` of it in hue (cyan rims turned 26 degrees toward blue). Not
          when ``colour`` holds the cluster's own name and is its figures' paint: most of the
          bases read in it (two at least) have rims painted nearer the cluster's hue
          (:func:`_paints_nearer`: olive figures 28 degrees from their team's green rims took
          the name), or the cluster lies ``NEARER_NAME_DEG`` nearer the name's palette colour
          in hue than ``colour`` does (army 151548, 19.7 px/in: a purple army at Lab hue -46
          holds blue, 20 degrees from blue's palette hue, and the pale blue rims' cluster, 28
          degrees from it, lies 8 from blue's; a base or two read by a figure's outline is too
          few for their paint to tell);
        - or its blend into the surface (a pale blue rim's under 16 px/in, at cyan's hue; of the
          colour that holds its name, only a blend well inside the line: a purple army's line
          to the turf passes within a quarter of its length of the blue rims), unless it is
          lighter than any blend of the two (:func:`lighter_than_blend`: pale yellow rims, L 65,
          lie on a dark red army's line to the turf, where no mix is lighter than 40)."""
        if math.degrees(hue_gap(other.hue, colour.hue)) < TEAMS_APART_DEG:
            if colour.name != other.name:
                return True
            palette_hue = self.palette.get(other.name).hue      # (a cluster is named from the palette)
            nearer = math.degrees(hue_gap(colour.hue, palette_hue) - hue_gap(other.hue, palette_hue))
            if not (_paints_nearer(held, other, colour) or nearer >= NEARER_NAME_DEG):
                return True
        return self._blended_from(other, colour, well_inside=colour.name == other.name)

    def _blended_from(self, other: TeamColour, colour: TeamColour, well_inside: bool = False) -> bool:
        """Whether cluster ``other`` lies on ``colour``'s line to the surface (:func:`blends`; with
        ``well_inside``, :func:`between`) and is no lighter than a blend of the two can be
        (:func:`lighter_than_blend`)."""
        ab = np.asarray(other.lab[1:])
        on_line = between(ab, colour.lab[1:], self.surface_ab) if well_inside else \
            blends(colour.lab[1:], ab, self.surface_ab)
        return bool(on_line) and not lighter_than_blend(other.lab[0], colour.lab[0], self.surface_L)

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

    def _surface_paint(self, base: Base) -> bool:
        """Whether ``base``'s rim's paint is the surface's own colour (within ``SURFACE_PAINT``)."""
        paint = base.shown_paint
        return bool(np.hypot(paint[0] - self.surface_ab[0], paint[1] - self.surface_ab[1]) <= SURFACE_PAINT)

    def _rims_of_another(self, bases: list[Base]) -> dict[str, list[tuple[Base, tuple]]]:
        """:meth:`_named_by_rims`' rims of ``bases`` whose paint is another colour's, under that
        colour's name, each with its paint (Lab)."""
        moved: dict[str, list[tuple[Base, tuple]]] = {}
        held = {b.color for b in bases if not self._surface_paint(b)}
        colours = nameable(self.palette, self.teams, self.surface_ab)
        for b in bases:
            paint = b.shown_paint
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
                if base is not None and base.color != colour.name:
                    self._read_by.append((base, colour))
                if base is None:
                    base, neighbours = self._next_hue(frame, reg, colour, centre, r, bases)
                if base is None:
                    self._unmeasured.append((colour, centre, r))
                    # measured again only where a centre line fell between sizes: nowhere else
                    # can the rescue size a reading (one a first frame, 1 ms, on the speed cases)
                    rescued = self._rescue(frame, reg, colour, centre, r, neighbours) if between else None
                    if rescued is not None:
                        self._rescued.append(rescued)
                        self._read_by.append((rescued, colour))
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

    def _tracked(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray, r_mid: float,
                 touching: list[Base], base: Base | None, fitted) -> Base | None:
        """A known base measured again (``base``: :meth:`measure_many`'s reading, ``fitted`` its
        fit): from where its fit moved to, and as the last search read it."""
        base = self._second_look(frame, reg, colour, centre, touching, base, fitted)  # it moved?
        late, read_by = self._late_at(centre), self._read_by_at(centre)
        if late is None and base is None and read_by is not None:
            # read in the last search by another colour's score: measured so again
            base = self._as_read(frame, reg, read_by, centre, r_mid, touching)
        if late is None and base is None and fitted is not None and _between_sizes(fitted[1]):
            # its rim's centre line fell between sizes, as the search's rescues' did
            base = self._rescue(frame, reg, colour, centre, r_mid, touching)
        if late is not None:
            # the last search found it late (in its own paint, by its blend, or rescued): it is
            # measured so again, as its team's colour can read a cloak inside it as the base:
            # from where it was last, then from where the search found it (a pale rim read in
            # the paint inside its blur reads from one spot and not from 0.02 in beside it)
            own, again = late[1], None
            for start in [centre] if np.allclose(late[0], centre) else [centre, late[0]]:
                if own is None:
                    again = self._as_read(frame, reg, read_by or colour, start, r_mid, touching, self._rescue)
                else:
                    again = self._measured_in(frame, reg, own, start, r_mid, touching)
                if again is not None:
                    break
            base = again if again is not None else base
        return base

    def _still_there(self, frame, reg: Registration, old: Base, colour: TeamColour) -> Base | None:
        """The last search's reading of tracked base ``old`` (there, of its colour and size), if
        its team's colour still shows where that reading's rim runs: a score of at least
        ``STILL_SCORE`` of the colour's chroma on ``STILL_ROUND`` of the round, 1 mm either side
        of the size's centre line; else None. A tracked frame measures a base again where its
        part of the picture changed, and 2-3 % of bases measured again on their own picture
        read as none (a reading between sizes, an outer edge read on another path than the
        search's): under a light that changes from frame to frame each of them was marked
        stale on every tracked frame (``vision_tracking.py --exposure-hunting``). A lifted base
        or a hand over it takes its colour away; the next full search is the word on it."""
        last = next((b for b in self._last_found if b.color == old.color and b.diameter_mm == old.diameter_mm
                     and np.hypot(b.x_in - old.x_in, b.y_in - old.y_in) < ONE_CENTRE_IN), None)
        if last is None:
            return None
        r = rim_mid(last.diameter_mm)
        lab = self._sample(frame, reg, circle_planes(last.x_in, last.y_in, np.array([r - MM, r, r + MM])))
        score = colour.score(lab[..., 1], lab[..., 2]).max(axis=0)         # each ray's best of the three
        shown = np.count_nonzero(score >= max(FAINT_SCORE, STILL_SCORE * colour.chroma))
        return last if shown >= STILL_ROUND * len(score) else None

    def _read_by_at(self, centre: np.ndarray) -> TeamColour | None:
        """The colour whose score read the base about ``centre`` in the last search, where that
        was not its name's, or rescued it (``_read_by``): a tracked base its own colour reads
        as nothing is measured again in it (a rescue, rescued in it). Army 153216: a yellow rim
        whose paint names it red is nothing to red's score, and a pale blue rim rescued in the
        cluster passed over for blue is nothing to the blue the picture learned from its purple
        figures; both were lost on every tracked frame whose picture changed about them. On a
        tracked frame, also where the last search measured a known base so (``_read_by_kept``)."""
        return next((colour for at, colour in self._read_by + self._read_by_kept
                     if np.hypot(*(at - centre)) < ONE_CENTRE_IN), None)

    def _as_read(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray, r_mid: float,
                 others: list[Base], how=None) -> Base | None:
        """A tracked base measured again as the last search read it: by ``how`` (:meth:`refine`,
        or :meth:`_rescue`) in ``colour``, which stands for its name's colour in the palette
        meanwhile (a cluster passed over for a name reads and names a rim while it is searched
        in that name: :meth:`_passed_over`)."""
        with self._standing_for(colour):
            return (how or self.refine)(frame, reg, colour, centre, r_mid, others)

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
        its colour (their rims merge on the side where they touch). The new reading is kept
        when it is of the same size, or far truer (:func:`_far_truer`: a circle drawn through
        a rim's outer edge and its neighbour's, on half its round, gives way to that rim read
        on most of its round, fitted far more tightly). One that moves onto a neighbour so (a
        cloak leaning out of a rim over the board's edge, read by its outline and beside the
        rim, then measured again up against it) is judged against it as the search judges two
        readings on one spot (:func:`add_reading`): bases cannot overlap."""
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
                if again is not None and (again.diameter_mm == base.diameter_mm or _far_truer(again, base)):
                    base = again
            out.append(base)
        self._lost_beside_touching(frame, reg, bases, out)
        if any(overlap(a, b) for k, a in enumerate(out) for b in out[k + 1:]):
            kept: list[Base] = []
            for base in out:
                add_reading(kept, base, self.surface_ab)
            out = kept
        return out

    def _lost_beside_touching(self, frame, reg, bases: list[Base], out: list[Base]) -> None:
        """Add to ``out`` each reading that lost to one of ``bases`` (``_displaced``) while a base
        of its colour that it touches was not yet found, measured again without the rays that
        run into that base, where that fits it at least twice as tightly at its size (judged
        then as any reading is: :func:`add_reading`). A yellow 50 mm rim measured beside a
        yellow 30 that only a late reading found fitted 0.059 in, its rays into the 30's rim
        pulling it 0.1 in off, and lost to a figure's outline read as a 30 (0.038); without
        those rays it fits 0.008 (army 152516, 29.2 px/in)."""
        asked = set()
        for reading in (r for b in bases for r in self._displaced.get(b, ())):
            if id(reading) in asked:
                continue
            asked.add(id(reading))
            touching = [t for t in _touching(reading, out) if not overlap(t, reading)]
            if not touching or all(t in self._apart.get(reading, ()) for t in touching):
                continue
            again = self.refine(frame, reg, self.colour(reading.color), np.array([reading.x_in, reading.y_in]),
                                rim_mid(reading.diameter_mm), touching)
            if again is not None and again.diameter_mm == reading.diameter_mm and \
                    again.residual_in <= 0.5 * reading.residual_in:
                add_reading(out, again, self.surface_ab)


def _between_sizes(r_mid: float) -> bool:
    """Whether a rim whose centre line has radius ``r_mid`` (inches) lies more than
    ``SIZE_WITHIN_MM`` from every standard size, as :meth:`RimMeasure._finish` judges a
    two-edge reading (which a rescue then sizes by its outer edge where the colour is half the
    surface's).

    >>> _between_sizes(rim_mid(40)), _between_sizes(rim_mid(40) + 2.5 * MM)
    (False, True)
    """
    diameter = 2 * r_mid / MM + RIM_MM
    return min(abs(s - diameter) for s in SIZES_MM) > SIZE_WITHIN_MM


def _far_truer(again: Base, base: Base) -> bool:
    """``again``, a base measured again without the rays into its touching neighbours, is far
    truer than ``base`` as first read: seen on ``FAR_MORE_ROUND`` more of its round, and
    fitted at least twice as tightly.

    >>> across = Base(12.31, 15.14, 40, "cyan", 0.787, 0.46, 0.0436)       # wide case 141410
    >>> rim = Base(12.48, 15.27, 30, "cyan", 0.62, 0.79, 0.0091, edges=1)
    >>> _far_truer(rim, across), _far_truer(across, rim)
    (True, False)
    """
    return again.coverage >= base.coverage + FAR_MORE_ROUND and again.residual_in <= 0.5 * base.residual_in


def _paints_nearer(held: list[Base], passed: TeamColour, holder: TeamColour) -> bool:
    """Most of the bases ``held`` in a name, and two at least (``RIMS_NAMING``: one rim's paint
    is too little to go by), have their rims' own paint nearer in hue to the cluster
    ``passed`` over for that name than to ``holder``, the colour that took it: the rims are
    the passed cluster's, and the holder is the figures' paint, however near in hue.

    >>> olive, rims = TeamColour("green", (41.6, -10.5, 19.9)), TeamColour("green", (52.9, -22.9, 15.3))
    >>> read = [Base(6.0, 25.7, 40, "green", 0.8, 0.7, 0.03, edges=1, paint_ab=(-7.0, 18.0)),    # wide case 141190
    ...         Base(8.05, 13.92, 40, "green", 0.8, 0.9, 0.02, edges=1, paint_ab=(-19.1, 16.0)),
    ...         Base(12.67, 28.97, 30, "green", 0.6, 0.9, 0.02, paint_ab=(-22.5, 16.7))]
    >>> _paints_nearer(read, rims, olive), _paints_nearer(read[:2], rims, olive), _paints_nearer(read[1:2], rims, olive)
    (True, False, False)
    """
    hues = [math.atan2(b.paint_ab[1], b.paint_ab[0]) for b in held if b.paint_ab is not None]
    nearer = sum(hue_gap(h, passed.hue) < hue_gap(h, holder.hue) for h in hues)
    return nearer >= RIMS_NAMING and nearer * 2 > len(hues)


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


