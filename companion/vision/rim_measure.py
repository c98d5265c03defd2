"""A base measured where a search or the last frame put it: its rim's edges read along rays
across it, its size, its team and its centre.

Along 60 rays across the rim (board-plane rays, sampled where they fall in the full-size
camera image), the team score is read with bilinear interpolation, and the rim's outer edge
(to the surface) and inner edge (to the base's dark top) are placed where the score crosses
half the rim's level. Those edge points, in board inches, are fitted with two concentric
circles; rays that disagree (a figure across the rim, a shadow) are dropped and the fit
repeated. A rim whose inner edge a figure of its colour hides is fitted by its outer edge
alone. A reading with a ring of another colour round it is a figure: the ring is measured as
the base. The rim's centre line picks the standard size (30, 40, 50 mm), the rim's own paint
(its most saturated colour across the rim, whichever team's score found it) the team, and
the outer edge, the base's own edge against the surface, the centre.

:class:`RimMeasure` is a part of :class:`companion.vision.bases.BaseFinder`, which searches
the picture for the places to measure; it uses the finder's state (``seen``, ``surface_ab``,
``gains`` and their tables ``_lut``, ``camera``, ``outer_spreads``, ``_rescuing``, ``_between``,
``_known_size``: a tracked base's size while it is measured again), its ``colour``, and the
late readings' ``surface_turns_hues``, ``_unghosted`` and ``_team_blended``. Where a rim's
edges and paint lie along the rays is :mod:`companion.vision.rim_edges`; the circle fits,
:mod:`companion.vision.circles`.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from companion.vision.base_reading import (MM, RIM_MIDS_IN, RIM_MM, SIZE_WITHIN_MM, SIZES_MM, Base, next_size,
                                          nominal_radius, rim_mid)
from companion.vision.circles import (crossings, fit_concentric, fit_concentric_algebraic, outermost_crossings,
                                      robust_circle)
from companion.vision.blends import BLEND_MOST_SURFACE, NEUTRAL_OFF, blend_position, blend_reach, blended_paint, blends
from companion.vision.colours import BlendColour, TeamColour
from companion.vision.overlaps import ONE_CENTRE_IN, better, blur_of, hue_angle
from companion.vision.registration import Registration
from companion.vision.rim_edges import (DIRS, MAX_RESIDUAL_IN, OUTER_RADII_IN, RAYS, SAMPLES, circle_planes,
                                        halfway_radius, mixed_radius, outer_circle, outer_size, rim_paint)
from companion.vision.stats import median, median_ab, row_medians
from companion.vision.white import neutral

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
PAINT_WITHIN_DEG = 30.0  # a rim's paint is a seen colour's when this near it in hue (else: no team's)
MIN_COVERAGE = 0.45      # a two-edge reading's rays cover this share of its round (of the round that
#                          rays not running into a touching base of its colour leave it)
PART_RAYS = 0.3          # a rim crossed with both edges by fewer than 40 % of its rays, this share or
PART_FIT_IN = 0.025      # more, is read if they fit within this (a figure's outline and a top fit
#                          0.05-0.06 in; a part of a rim under a figure 0.011-0.017)
FAINT_SCORE = 8.0        # a ray's peak team score below this sees no rim (a rim's level below it: no rim at all)
KNOWN_REACH_MM = 6.0     # a tracked base read between sizes this near its known size is that size (its
#                          outer edge alone read again 3.8-5.9 mm off it, army 150000-150399)
PALER_FIT_IN = 0.015     # a paler rim round a figure of its colour, read by its outer edge, fits this (0.008-
#                          0.010 in; a figure's outline taken so, beside a rim of another colour, 0.022-0.059)


class RimMeasure:
    """The measurement of one base at a time, and of several known ones at once
    (:meth:`measure_many`): a part of :class:`~companion.vision.bases.BaseFinder`."""

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
        if follow and base is not None and base.color == colour.name:
            base = self._blend_of_team(frame, reg, base, others)
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

    def _blend_of_team(self, frame, reg: Registration, base: Base, others) -> Base:
        """``base`` named for the team whose blend into the surface its paint is (:meth:`_team_blended`),
        where that team's own colour shows a rim there too: fitted about the same centre and
        round (measured as a base or not: a thin rim's colour is not its team's, and can
        measure between two sizes). A blue rim 1-2 px wide round a grey figure
        on turf is a dull cyan in hue, read as a cyan base beside a cyan team (army case 145888)."""
        team = self._team_blended(base.paint_ab, base.color)
        if team is None:
            return base
        centre, between = np.array([base.x_in, base.y_in]), self._between
        self._measure_aimed(frame, reg, team, centre, rim_mid(base.diameter_mm), others)
        fitted, self._between = self._fitted, between     # (a look, not a reading: no rescue follows from it)
        if fitted is None or np.hypot(*(fitted[0] - centre)) > ONE_CENTRE_IN or \
                abs(fitted[1] - rim_mid(base.diameter_mm)) > RIM_MM * MM:
            return base
        return replace(base, color=team.name)

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
        return self._gain_tables()[0]

    def _gain_lut(self) -> np.ndarray:
        """The gains as cv2.multiply applies them to a uint8 picture (the search's half-size one),
        as a table of the 256 levels (1 x 256 x 3, uint8): each level's product is its own, so
        the table gives the same pixels, for a quarter of cv2.multiply's time. Only with gains."""
        return self._gain_tables()[1]

    def _gain_tables(self) -> tuple[np.ndarray, np.ndarray | None]:
        """:meth:`_neutral_lut`'s table and :meth:`_gain_lut`'s (None without gains), made again
        when the gains change."""
        key = None if self.gains is None else self.gains.tobytes()
        if self._lut is None or self._lut_key != key:
            levels = neutral(np.repeat(np.arange(256.0)[:, None], 3, axis=1), self.gains)
            as_multiplied = None if self.gains is None else np.ascontiguousarray(cv2.multiply(
                np.repeat(np.arange(256, dtype=np.uint8)[:, None, None], 3, axis=2), (*self.gains, 0.0)).reshape(1, 256, 3))
            self._lut = ((levels.astype(np.float32) / 255.0).reshape(1, 256, 3), as_multiplied)
            self._lut_key = key
        return self._lut

    def measure_many(self, frame: np.ndarray, reg: Registration, items,
                     sizes: list[int] | None = None) -> list[tuple[Base | None, tuple | None]]:
        """Measure several bases at once: ``items`` are (colour, centre, r_mid, others). Their rays
        are read from the image in one pass, which is most of the cost of a measurement.
        ``sizes``: each one's known size (a tracked base's: see ``_known_size``).
        Returns (base or None, the fit's (centre, r_mid) or None) for each."""
        if not items:
            return []
        rays = [self._rays(np.asarray(centre, float), r_mid) for _, centre, r_mid, _ in items]
        lab = self._sample(frame, reg, np.concatenate([xy for _, xy in rays], axis=1))
        out = []
        for k, (colour, centre, r_mid, others) in enumerate(items):
            self._known_size = sizes[k] if sizes is not None else None
            try:
                base = self._analyse(reg, colour, np.asarray(centre, float), r_mid, others, rays[k][0],
                                     lab[k * RAYS:(k + 1) * RAYS])
            finally:
                self._known_size = None
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
                peak_lab = lab[rows, peak_at]
                if np.count_nonzero(ok_rim) >= RAYS * 0.5:
                    paler = self._paler_rim(reg, colour, centre, score, rho, level, ok, rim_out[ok_rim], peak_lab, lab)
                    if paler is not None:
                        return paler
                    outer_r, ok = np.where(rim_found, rim_out, outer_r), ok_rim
                return self._outer_only(reg, colour, centre, outer_r, ok, peak_lab, lab, rho, score)
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
        if abs(size - diameter) > SIZE_WITHIN_MM and ri > 0:
            # Between two sizes: a raised base's light side or a wide blur spreads the rim outward
            # (its outer edge moves 2-4 mm), never inward. The inner edge, against the base's top,
            # stays: the size whose inner edge it is, if the outer edge is not inside that size's.
            by_inner = 2 * ri / MM + 2 * RIM_MM
            nearest = min(SIZES_MM, key=lambda s: abs(s - by_inner))
            if abs(nearest - by_inner) <= SIZE_WITHIN_MM and (nearest / 2 - 1) * MM <= ro <= (nearest / 2 + 4.5) * MM:
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
            if abs(size - diameter) > SIZE_WITHIN_MM and self._rescuing:
                # Nor that: the centre line with the outer edge where the colour is half the
                # surface's (on turf, and more so through JPEG, the score's half lies inside it)
                ro_mix = mixed_outer()
                # (beyond the score's edge by less than a rim's least width: further out, it
                # is another ring's edge, a rim of another team's round a figure of this one's)
                if ro_mix is not None and 0.0 <= ro_mix - ro <= 3 * MM:
                    by_mix = (ro_mix + ri) / MM + RIM_MM
                    mix_size = min(SIZES_MM, key=lambda s: abs(s - by_mix))
                    if abs(mix_size - by_mix) <= SIZE_WITHIN_MM:
                        size, diameter, mixed = mix_size, by_mix, True
        if abs(size - diameter) > SIZE_WITHIN_MM:
            size = self._known_near(diameter) or size
        if abs(size - diameter) > SIZE_WITHIN_MM or coverage < least_coverage or ri <= 0 or \
                not 1.5 * MM <= ro - ri <= 10 * MM:
            self._between |= abs(size - diameter) > SIZE_WITHIN_MM and ri > 0     # (a rescue may size it)
            return self._reject(f"diameter {diameter:.1f} mm, coverage {coverage:.2f}, rim {(ro - ri) / MM:.1f} mm")
        (ox, oy), (ix, iy) = outer[keep].T, inner[keep].T
        res = np.concatenate([np.hypot(ox - c[0], oy - c[1]) - ro, np.hypot(ix - c[0], iy - c[1]) - ri])
        residual = math.sqrt(float(res @ res) / len(res))
        if residual > (PART_FIT_IN if partial else MAX_RESIDUAL_IN):     # before the paint: it costs more
            return self._reject(f"residual {residual:.4f} in")
        rim, peak = paint(), median_ab(rim_lab[keep])
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
        >>> [RimMeasure._mix_at_larger(40, 47.1 / 2 * MM, at(d)) for d in (49.5, 48.0, 54.0)]  # turned case 40920
        [True, False, False]
        >>> RimMeasure._mix_at_larger(30, 34.0 / 2 * MM, at(38.2)), RimMeasure._mix_at_larger(50, 50 * MM, at(53.0))
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

    def _paler_rim(self, reg: Registration, colour: TeamColour, centre: np.ndarray, score, rho, level: float,
                   ok: np.ndarray, edges: np.ndarray, peak_lab: np.ndarray, lab) -> Base | None:
        """The base read by the outer edge of a rim paler than the figure inside it, when the
        outermost ring's ``edges`` at half the score's ``level`` lie inside any base's: they are
        the figure's. Its team's colour learned from its figures, a rim 20 degrees off their
        hue scores under half their level (army case 150580); its ring is the outermost above a
        third of it, read only if it fits within ``PALER_FIT_IN`` (a navy figure's outline, so
        read where it leans over a magenta rim, fits 0.022 in: army case 152992). Else None,
        and the reading is made as before (``_fitted`` with it)."""
        if median(edges) >= OUTER_RADII_IN[0]:
            return None
        rim_out, rim_found = outermost_crossings(score, rho, max(FAINT_SCORE, level / 3))
        ok_rim = ok & rim_found
        if np.count_nonzero(ok_rim) < RAYS * 0.5:
            return None
        fitted = self._fitted
        base = self._outer_only(reg, colour, centre, rim_out, ok_rim, peak_lab, lab, rho, score)
        if base is None or base.residual_in > PALER_FIT_IN:
            self._fitted = fitted
            return None
        return base

    def _known_near(self, diameter: float) -> int | None:
        """The known size of the tracked base being measured again (``_known_size``), when a
        reading ``diameter`` mm across that names no size lies within ``KNOWN_REACH_MM`` of it."""
        known = self._known_size
        return known if known is not None and abs(known - diameter) <= KNOWN_REACH_MM else None

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
        size = outer_size(diameter) or self._known_near(diameter)
        if size is None:
            return self._reject(f"outer edge: diameter {diameter:.1f} mm, coverage {coverage:.2f}")
        rim, peak = rim_paint(lab, rho, centre, rows[keep], c, ro), median_ab(peak_lab[rows[keep]])
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
        ``name``, for its half-score edge: the spread that colour's own two-edge readings show in
        the picture (:func:`outer_spreads`), when that is the wider (a JPEG at quality 75 smears
        a dull rim 2 mm out at 16-20 px/in, which the model misses). A colour with no two-edge
        readings of its own keeps the model: the spread is the paint's against the surface, not
        the picture's alone (raised turned case 148060: the pale yellow rims' edges, their light
        side walls beyond them, read 4.2 mm wide; taken off a red cloak's 50 mm rim, 47.5 mm
        across at half the score, they made it a 40)."""
        ppi = reg.ppi(float(c[0]), float(c[1]), self.camera)
        model = OUTER_SPREAD_MM_PPI2 / max(ppi, 1.0) ** 2
        seen = self.outer_spreads.get(name) if name is not None else None
        return model if seen is None else max(model, seen)

    def _reject(self, why: str) -> None:
        self.last_reject = why  # for tests and debugging: why the last candidate was not a base
        return None


def _sectors(rays: np.ndarray) -> float:
    """The share of a rim's round its ``rays`` (indices of the ``RAYS`` round it) cover, counted
    in 24 sectors: a rim half hidden covers half of them however its rays fall."""
    return int(np.count_nonzero(np.bincount(rays * 24 // RAYS, minlength=24))) / 24
