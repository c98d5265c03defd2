"""The readings a base search leaves to its end: rim circles that measured as no base in
their team's colour, measured in the rim's own paint; circles whose centre line fell
between sizes, sized by the outer edge where their colour is half the surface's (a rescue);
and last, the weakest, circles measured by their colour's blend into a coloured surface (a
thin pale rim on turf through JPEG), circles that blend alone draws, and the bases read by
their outer edge alone, or by two edges loosely, measured so as the larger sizes (a
saturated cloak inside a pale rim; a pale rim read a size small), and the parts of rims
read by two edges on fewer rays than a whole rim needs, measured by their blend, which can
see more of their round. Each stands only where the search found no base, or only a ring
inside it (or a part of the rim it reads): tried at once, any of them could read a base a
size wrong, or a neighbour's blend as a base, where the team's colour would read it right.
The frames that follow measure a base found late as it was found.

:class:`LateReadings` is a part of :class:`companion.vision.bases.BaseFinder`, whose search
state it shares (``_unmeasured``, ``_rescued``, ``_late``, ``_rescuing``, ``seen``,
``surface_ab``) and whose measurements it calls (``_needless``; and ``refine``,
``_measure_aimed``, ``_rays``, ``_sample`` of :class:`~companion.vision.rim_measure.RimMeasure`).
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import replace

import numpy as np

from companion.vision.base_reading import MM, RIM_MM, SIZES_MM, Base, next_size, rim_mid
from companion.vision.blends import BLEND_MOST_SURFACE, between, blend_position, blend_reach, blends, lighter_than_blend
from companion.vision.colours import BlendColour, Palette, TeamColour, hue_gap
from companion.vision.picture_colours import APART_RIMS_MM2
from companion.vision.overlaps import (BLUR_CENTRE_IN, BLUR_OFF_SHARE, BLUR_RING_MM, ONE_CENTRE_IN, add_reading, blur_of,
                                       hue_angle, inside, neighbours_of, overlap)
from companion.vision.registration import Registration
from companion.vision.rim_edges import circle_planes, own_paint
from companion.vision.rim_measure import PART_FIT_IN

OWN_PAINT_DEG = 10.0     # a rim's own paint this far in hue from its team's learned colour is measured in it
BLEND_SURFACE_CHROMA = 15.0   # a surface this colourful (turf, a printed mat) turns a thin rim's hue toward its own
BLEND_OUT_MM = (1.5, 3.0)     # a blend reading's outside, looked at this far beyond its outer edge,
BLEND_OFF_LINE = 10.0         # is the surface or the paint's blend into it: this near the line (Lab a, b)
BLEND_HALFWAY = 0.5           # a blend reading's paint lies at most this far from the paint to the surface,
BLEND_APART = 10.0            # and nearer its team's line than any other's; by this much when its hue names another
BLEND_ONWARD = 0.5            # ... its line run on past the paint by this share of its length
GHOST_OFF, GHOST_SHARE = 8.0, 0.12   # a learned colour this near a team's line to the surface (or 12 % of
#                                      it) is that team's blend, learned as a colour of its own (5.4 off
#                                      blue's in turned 42836)
GHOST_NEARER = 0.1            # a rim's paint this much nearer the team's paint on that line is the team's,
GHOST_APART = 4.0             # or one off the colour's own line by twice its distance from the team's, and 4
BLEND_LOOSER = 2.0            # a blend reading gives way to a ring inside it fitted more than twice as tightly
LEANING_TIGHTER = 1.5         # and stands over a figure leaning out of it that it fits this much more tightly
SAME_RING_MM = 2.5            # a reading's outer edge this near a larger one's about its centre: one ring
LOOSE_FIT_IN = 0.035          # a base read by two edges this loosely is measured by its blend as the larger sizes
LOOSE_TIGHTER = 2.5           # (and a figure leaning out of a rim it overlaps that fits this much more tightly)
PART_ROUND = 0.7              # as is one whose rays cover less than this share of its round
WHOLE_ROUND = 0.9             # a blend reading on this share of its round stands over a cloak on part of it
INSIDE_BLUR_MM = (1, 7)       # a blur ring's rim is measured in the paint this far inside its outer edge,
INSIDE_BLUR_DEG = 40.0        # and is of a hue this far from the ring's (a figure inside a rim, 20-31 degrees)


def leaning_out(figure: Base, rim: Base) -> bool:
    """``figure``, read by its outer edge alone, is a figure of ``rim``'s colour leaning out of
    ``rim`` (seen off the camera's axis, a tall figure's cloak stands out of its base, by up to
    its own width on a wide lens): smaller, and fitted ``LEANING_TIGHTER`` more loosely (a circle
    drawn round a cloak's outline fits it loosely; the rim's round edge fits tightly). Two bases
    never overlap, so one of the two readings is wrong; the tighter fit is the rim. Smaller is
    a smaller size, or the same size with an outer edge more than ``SAME_RING_MM`` inside the
    rim's: a 30 mm base's cloak, read as the smallest size, can be no size smaller, and a
    cloak 0.13 in off its rim's centre is as much a figure as one 0.3 in off. A figure
    of another colour leans out so too (a red-brown figure read as a red base by the picture's
    clusters, which learn its paint as a colour), when the rim is read by both its edges: a
    figure has no inner edge.

    Or ``figure`` is read by two edges, loosely (over ``LOOSE_FIT_IN``: a figure's outline and
    a top, or a sand figure's edge, are no rim's two round edges), no larger than ``rim``,
    fitted ``LOOSE_TIGHTER`` more loosely, and its centre within ``rim`` or half its own radius
    beyond (a figure stands on its base; a neighbour touching a ring read a size large stands
    beyond it), whatever its colour.

    Or, whatever the two fits' ratio and colours, the rim fits tightly (within ``LOOSE_FIT_IN``),
    no more loosely than the figure, on as much of its round or more, and the figure stands on
    it: its centre off the rim's (a blur ring shares its base's) and within its round (a navy
    figure over half a magenta 30 mm rim, read as a blue base 0.24 in off, where the rim shows
    only its outer edge: army case 152992). A pale rim
    round a saturated cloak leaning out of it is read by its blend as tightly as the cloak's
    outline, not half as tightly again (turned cases 78440 and 79604). The figure then need
    not be smaller, only no larger: one ring read twice shares its centre, and a figure's
    outline as wide as its rim, a third of an inch off it, is a figure (a red figure over a
    blue 30 mm rim, read as a red base of the rim's size, turned case 108636). So too a
    figure read loosely by two edges, if a size smaller than the rim: a pale cloak leaning
    out of a blue 50 mm rim, its edge into the turf read as a cyan 40 mm base 0.8 in off,
    fitted 2.3 times as loosely as the rim (turned case 121640), stands on it as a figure
    does. A two-edge ring as large as the rim, on it, is as likely the rim, and the other
    reading the figure's outline (turned case 59040: a blue 30 mm rim, read loosely by both
    edges, under a red figure read by its outline as a 30 mm base); unless it is of the rim's
    own colour and no wider than it: a figure of its team's paint leaning 0.57 in out of a
    blue 30 mm rim, read loosely by two edges as a base of the rim's size (turned and army
    case 172104).

    >>> cloak = Base(19.54, 1.47, 30, "blue", 0.525, 0.62, 0.0327, edges=1)
    >>> rim = Base(18.75, 1.94, 50, "blue", 1.08, 0.71, 0.0155, edges=1)      # turned case 36072
    >>> leaning_out(cloak, rim), leaning_out(cloak, replace(rim, residual_in=0.03))
    (True, True)
    >>> looser, less = replace(rim, residual_in=0.034), replace(rim, residual_in=0.03, coverage=0.6)
    >>> leaning_out(cloak, looser), leaning_out(cloak, less)
    (False, False)
    >>> leaning_out(cloak, replace(rim, residual_in=0.03, x_in=19.5, y_in=1.5))   # about one centre
    False
    >>> pale = Base(1.63, 5.27, 40, "cyan", 0.868, 0.83, 0.031, edges=1)
    >>> leaning_out(Base(1.64, 4.91, 30, "cyan", 0.638, 0.75, 0.043, edges=1), pale)   # turned case 79604
    True
    >>> small_rim = Base(8.72, 15.83, 30, "cyan", 0.650, 0.88, 0.031, edges=1)   # turned case 74612
    >>> small_cloak = Base(8.76, 16.10, 30, "cyan", 0.496, 0.62, 0.052, edges=1)
    >>> leaning_out(small_cloak, small_rim), leaning_out(replace(small_cloak, radius_in=0.66), small_rim)
    (True, False)
    >>> figure = Base(16.66, 23.75, 30, "red", 0.59, 0.79, 0.054, edges=1)
    >>> cyan_rim = Base(16.46, 22.99, 50, "cyan", 0.91, 0.75, 0.013)         # turned case 49112
    >>> leaning_out(figure, cyan_rim), leaning_out(figure, replace(cyan_rim, edges=1))
    (True, False)
    >>> sand = Base(10.95, 19.70, 40, "yellow", 0.74, 0.58, 0.047)
    >>> red_rim = Base(10.69, 19.49, 40, "red", 0.826, 0.79, 0.010, edges=1)  # turned case 65348
    >>> leaning_out(sand, red_rim), leaning_out(replace(sand, residual_in=0.03), red_rim)
    (True, False)
    >>> red = Base(9.16, 25.98, 30, "red", 0.600, 0.62, 0.022, edges=1)
    >>> blue_rim = Base(8.89, 25.72, 30, "blue", 0.620, 0.71, 0.021)      # turned case 108636
    >>> leaning_out(red, blue_rim), leaning_out(replace(red, radius_in=0.63), blue_rim)
    (True, False)
    >>> leaning_out(replace(red, x_in=8.95, y_in=25.8), blue_rim)      # about its centre: one ring
    False
    >>> pale_cloak = Base(3.50, 27.58, 40, "cyan", 0.702, 0.62, 0.0431)
    >>> dark_rim = Base(3.78, 26.80, 50, "blue", 1.041, 0.79, 0.0191, edges=1)   # turned case 121640
    >>> leaning_out(pale_cloak, dark_rim), leaning_out(pale_cloak, replace(dark_rim, coverage=0.6))
    (True, False)
    >>> leaning_out(replace(pale_cloak, y_in=27.9), dark_rim)            # its centre beyond the rim
    False
    >>> leaning_out(replace(pale_cloak, diameter_mm=50, radius_in=1.0), dark_rim)     # as large as it
    False
    >>> navy = Base(11.31, 23.76, 30, "blue", 0.558, 0.62, 0.0125, edges=1)
    >>> magenta = Base(11.31, 23.52, 30, "magenta", 0.626, 0.83, 0.0117, edges=1)  # army case 152992
    >>> leaning_out(navy, magenta), leaning_out(navy, replace(magenta, coverage=0.6))
    (True, False)
    >>> outline = Base(6.94, 27.20, 30, "blue", 0.551, 0.71, 0.040)
    >>> blue_rim = Base(7.34, 26.79, 30, "blue", 0.621, 0.75, 0.019, edges=1)   # turned case 172104
    >>> leaning_out(outline, blue_rim), leaning_out(replace(outline, color="red"), blue_rim)
    (True, False)
    >>> neighbour = Base(18.62, 28.08, 40, "blue", 0.83, 0.9, 0.036)
    >>> ring = Base(20.18, 28.44, 50, "blue", 1.004, 0.46, 0.012)           # turned case 62456
    >>> leaning_out(neighbour, ring)
    False
    """
    if figure.edges != 1:
        d = math.hypot(figure.x_in - rim.x_in, figure.y_in - rim.y_in)
        # standing on the rim: a size smaller, or of the rim's own colour and no wider
        under = figure.diameter_mm < rim.diameter_mm or \
            (figure.color == rim.color and figure.radius_in <= rim.radius_in)
        return figure.diameter_mm <= rim.diameter_mm and figure.residual_in > LOOSE_FIT_IN and (
            (LOOSE_TIGHTER * rim.residual_in <= figure.residual_in and d <= rim.radius_in + figure.radius_in / 2) or
            (under and _stands_on(figure, rim)))
    smaller = figure.diameter_mm < rim.diameter_mm or (
        figure.diameter_mm == rim.diameter_mm and figure.radius_in < rim.radius_in - SAME_RING_MM * MM)
    if smaller and LEANING_TIGHTER * rim.residual_in <= figure.residual_in and \
            (figure.color == rim.color or rim.edges == 2):
        return True
    # standing on the rim, off its centre, the figure may be as large as it (no larger)
    no_larger = smaller or (figure.diameter_mm <= rim.diameter_mm and figure.radius_in <= rim.radius_in)
    return no_larger and _stands_on(figure, rim)


def _stands_on(figure: Base, rim: Base) -> bool:
    """:func:`leaning_out`'s last test: ``rim`` fits tightly (within ``LOOSE_FIT_IN``), no more
    loosely than ``figure``, on as much of its round or more, and ``figure``'s centre lies
    within the rim's round, off its centre."""
    d = math.hypot(figure.x_in - rim.x_in, figure.y_in - rim.y_in)
    return rim.residual_in <= min(figure.residual_in, LOOSE_FIT_IN) and \
        rim.coverage >= figure.coverage and ONE_CENTRE_IN <= d <= rim.radius_in


def _truer_ring(large: Base, small: Base) -> bool:
    """``large``, measured round ``small`` as the next size and the same ring (:func:`same_ring`),
    is the truer reading of it: fitted at least ``BLEND_LOOSER`` times as tightly; or as
    tightly or more on most of its round (``PART_ROUND``), where ``small`` was measured again
    for covering less. A figure over a pale blue 50 mm rim left a two-edge reading on 46 % of
    its round, sized 40 mm by its centre line though its outer edge lay 1.4 mm inside the
    50 mm's; the rim's blend read that edge on 88 % of the round, 1.8 times as tightly
    (turned case 125480).

    >>> part = Base(4.43, 18.60, 40, "blue", 0.962, 0.46, 0.0177)
    >>> whole = Base(4.43, 18.60, 50, "blue", 1.019, 0.88, 0.0099, edges=1)
    >>> _truer_ring(whole, part), _truer_ring(replace(whole, coverage=0.6), part)
    (True, False)
    >>> _truer_ring(replace(whole, coverage=0.6, residual_in=0.0088), part)   # twice as tight
    True

    Or ``small``, read by its outer edge alone, was sized by its halfway edge (``Base.halfway``)
    though its half-score edge lies nearer ``large``'s size than its own, and ``large`` fits
    within ``BLEND_LOOSER`` of it: the halfway edge ran to a cloak's colour inside the rim, not
    the rim's (turned case 148024: a cyan 40 mm rim under a cyan cloak, its half-score edge
    36.9 mm across, its halfway edge 33.9, read as a 30; its blend read it as a 40, 40.2 mm).

    >>> cloak = Base(15.82, 28.39, 30, "cyan", 0.727, 0.88, 0.016, edges=1, halfway=True)
    >>> rim = Base(15.82, 28.41, 40, "cyan", 0.791, 0.96, 0.022, edges=1)
    >>> _truer_ring(rim, cloak), _truer_ring(rim, replace(cloak, halfway=False))
    (True, False)
    >>> _truer_ring(rim, replace(cloak, radius_in=0.65))        # its half-score edge a 30's too
    False
    """
    across = 2 * small.radius_in / MM
    return BLEND_LOOSER * large.residual_in <= small.residual_in or (
        large.residual_in <= small.residual_in and large.coverage >= PART_ROUND > small.coverage) or (
        small.halfway and large.residual_in <= BLEND_LOOSER * small.residual_in and
        abs(across - large.diameter_mm) < abs(across - small.diameter_mm))


def _round_about(rim: Base, cloak: Base) -> bool:
    """``rim``, read round ``cloak`` as the next size on nearly all its round (``WHOLE_ROUND``)
    and within ``LOOSE_FIT_IN``, is the base ``cloak``, read by its outer edge on less than
    ``PART_ROUND`` of its round, stands on: about one centre. A saturated cloak
    and top inside a pale blue 40 mm rim, their edge against the rim read as a 30 mm base's
    outer edge 36 mm across on 62-67 % of its round, fitted 0.008-0.011 in; the rim, by its
    blend, 41.5 mm across on 92-100 %, 0.019-0.024 in (turned 152680, 150376).

    >>> cloak = Base(13.80, 26.24, 30, "blue", 0.708, 0.625, 0.0106, edges=1)
    >>> rim = Base(13.79, 26.24, 40, "blue", 0.828, 1.0, 0.0244, edges=1)        # turned 150376
    >>> _round_about(rim, cloak), _round_about(replace(rim, coverage=0.8), cloak)
    (True, False)
    >>> _round_about(rim, replace(cloak, coverage=0.75)), _round_about(rim, replace(cloak, edges=2))
    (False, False)
    """
    return cloak.edges == 1 and cloak.coverage < PART_ROUND and rim.coverage >= WHOLE_ROUND and \
        rim.residual_in <= LOOSE_FIT_IN and rim.diameter_mm == next_size(cloak.diameter_mm) and \
        math.hypot(rim.x_in - cloak.x_in, rim.y_in - cloak.y_in) < ONE_CENTRE_IN


def _more_of(whole: Base, part: Base) -> bool:
    """``whole`` reads the rim that ``part``, read by two edges on fewer rays than a whole rim
    needs (``Base.part``: a figure over half of it), read in part: the same size, about one
    centre, by both edges on more of its round (``PART_ROUND``) as tightly as ``BLEND_LOOSER``
    allows. A part's centre leans toward the arc it saw: a blue 30 mm rim under a red figure,
    read by blue's colour on half its round 0.054 in off, by its blend on 0.71 of it 0.039 in
    off (turned case 108636, JPEG 88).

    >>> part = Base(8.85, 25.66, 30, "blue", 0.512, 0.50, 0.018, part=True)
    >>> whole = Base(8.89, 25.72, 30, "blue", 0.620, 0.71, 0.021)
    >>> _more_of(whole, part), _more_of(whole, replace(part, part=False))
    (True, False)
    >>> _more_of(replace(whole, coverage=0.5), part), _more_of(replace(whole, edges=1), part)
    (False, False)
    """
    return bool(part.part and whole.edges == 2 and whole.diameter_mm == part.diameter_mm and
                whole.coverage >= PART_ROUND > part.coverage and whole.residual_in <= BLEND_LOOSER * part.residual_in
                and np.hypot(whole.x_in - part.x_in, whole.y_in - part.y_in) < ONE_CENTRE_IN)


def ghost_of(colour_ab, paint_ab, surface_ab) -> bool:
    """A learned colour ``colour_ab`` (Lab a, b) is paint ``paint_ab`` blended into the surface,
    learned as a colour of its own: on that line, within ``GHOST_OFF`` of it (or ``GHOST_SHARE``
    of its length). The picture's clusters learn a blue rim's blend into turf as a cyan, and
    sand tops as a "yellow" on red's line to the turf.

    >>> turf, blue = (-35.0, 27.0), (0.0, -21.0)
    >>> ghost_of((-19.0, 6.0), blue, turf), ghost_of((-24.1, -3.2), blue, turf)
    (True, False)
    """
    return between(colour_ab, paint_ab, surface_ab, least=GHOST_OFF, share=GHOST_SHARE)


def same_ring(small: Base, large: Base) -> bool:
    """``small``, a size smaller than ``large``, is the same ring read a size small: about one
    centre, its outer edge within ``SAME_RING_MM`` of ``large``'s. A pale rim 4-5 mm wide round
    a sand top of about its colour reads, with the top, as one wide band; its inner edge at the
    top's is a size's inner edge, while its outer edge stays the rim's own (turned case 48236:
    a yellow 50 mm rim read as 40 mm, its outer edge 24.2 mm out).

    >>> small = Base(14.26, 26.45, 40, "yellow", 24.2 * MM, 0.75, 0.05)
    >>> large = Base(14.25, 26.45, 50, "yellow", 26.0 * MM, 1.0, 0.02, edges=1)
    >>> same_ring(small, large), same_ring(replace(small, radius_in=20 * MM), large)
    (True, False)
    """
    return small.diameter_mm < large.diameter_mm and \
        np.hypot(small.x_in - large.x_in, small.y_in - large.y_in) < ONE_CENTRE_IN and \
        abs(large.radius_in - small.radius_in) <= SAME_RING_MM * MM


def blur_round(ring: Base, rim: Base, surface_ab, surface_L: float | None) -> bool:
    """Whether ``ring`` is the blur into the surface of ``rim``, read inside it in the paint
    just within the ring (:meth:`LateReadings._rims_inside_blurs`): its blur as :func:`blur_of`
    asks, of a hue ``INSIDE_BLUR_DEG`` from the rim's at least, and no lighter than the two mixed
    there (:func:`lighter_than_blend`). A pale blue rim's fringe into turf is cyan, 58-105
    degrees from it (army 153216, 151516, 153716); a purple figure inside a blue rim, a red one
    inside a red rim, lies 20-31 degrees from it, its rim looking its blur (army 150384,
    152680, 154292). A blue figure inside a pale cyan rim is 54 degrees from it, and the rim
    far lighter than the figure's blur (army 155760, 12.7 px/in).

    >>> turf = (-35.0, 29.0)
    >>> ring = Base(6.95, 3.88, 40, "cyan", 0.705, 0.83, 0.016, ab=(-20.1, 0.1), paint_L=43.1)     # army 153216
    >>> rim = Base(6.96, 3.89, 30, "cyan", 0.530, 1.0, 0.013, edges=1, ab=(11.3, -35.0), paint_L=50.1)
    >>> blur_round(ring, rim, turf, 42.7)
    True
    >>> blur_round(replace(ring, ab=(4.0, -37.0)), rim, turf, 42.7)             # of about its hue
    False
    >>> blur_round(replace(ring, paint_L=66.0), rim, turf, 42.7)               # lighter than both
    False
    """
    if ring.paint_L is None or rim.paint_L is None or hue_angle(ring.ab, rim.ab) < math.radians(INSIDE_BLUR_DEG):
        return False
    t = float(blend_position(ring.ab, rim.ab, surface_ab)[0])
    return blur_of(ring, rim, surface_ab) and not lighter_than_blend(ring.paint_L, rim.paint_L, surface_L, at=t)


class LateReadings:
    """The late readings of a :class:`~companion.vision.bases.BaseFinder` search."""

    def _own_paint(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray,
                   r_mid: float) -> TeamColour | None:
        """The colour of the rim round ``centre`` as its own paint shows it, when that is well
        apart in hue from ``colour`` (its team's colour as the picture's clusters learned it);
        else None. On a coloured surface a thin rim's pixels are mostly its blend into the
        surface, and the cluster its team's colour is learned from lies on the way from the
        paint to the surface (a cyan rim on turf is learned 25-30 degrees toward green): its
        score then reads the rim's outer, blended half as the rim. The paint is where each ray's
        colour lies furthest from the surface's, beyond ``colour``, on the line from the
        surface through it (another paint, a figure's, lies off that line)."""
        _, pts = self._rays(centre, r_mid)
        paint = own_paint(self._sample(frame, reg, pts), self.surface_ab, colour.lab[1:])
        if paint is None:
            return None
        own = TeamColour(colour.name, paint)
        if math.degrees(hue_gap(own.hue, colour.hue)) < OWN_PAINT_DEG:
            return None
        # nearer another team's colour, it is that team's rim (``colour`` its blend: a blue rim's
        # on turf is learned as a cyan of its own)
        return own if self.seen.classify(own.lab)[0] == colour.name else None

    def _rescue(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray, r: float,
                others: list[Base]) -> Base | None:
        """A rim circle that gave no base measured again, a centre line between sizes taken
        with the outer edge where the colour is half the surface's (:meth:`_finish`, :func:`mixed_radius`): the
        reading so sized, or None. Measured apart, it changes nothing the search itself finds;
        the search keeps it for its end (:meth:`_late_readings`)."""
        self._rescuing = True
        try:
            base = self._measure_aimed(frame, reg, colour, centre, r, others)
        finally:
            self._rescuing = False
        return base if base is not None and base.mixed and base.color == colour.name else None

    def _late_readings(self, frame, reg: Registration, bases: list[Base], half=None) -> list[Base]:
        """``bases`` with the readings left to the end of the search, each where no base found
        stands: the rim circles that measured as no base in their team's colour and that no
        base found explains, measured in their own paint (:meth:`_own_paint`; tried at once,
        such a reading can be a base's inner part, a size too small, and stand where the team's
        colour would read the base), and the readings sized by the edge where their colour is
        half the surface's (:meth:`_finish`; a ring round a base can be one, a size too large),
        which also replace a reading that is only a ring inside them (a dark top inside a pale
        rim, read by two edges on part of its round) or their own blur into the surface (read
        in a colour the picture learned from such blurs); last, the circles still unread, measured
        by their colour's blend into the surface (:meth:`_blend_of`), which also replace a
        reading that is only a ring inside them and fits no far tighter (a top or a cloak read
        as a base inside a rim too pale for its team's colour to read), and then, given the
        search's picture ``half``, the circles its blend draws where no circle was drawn
        (:meth:`_blend_search`); and last of all, the rims read in the paint just inside a
        ring that is their blur (:meth:`_rims_inside_blurs`).
        Where each stood is kept for the frames that follow (:meth:`_late_at`)."""
        self._late = []
        unread = []
        for colour, centre, r in self._unmeasured:
            if self._needless(colour, centre, r, bases):
                continue
            own = self._own_paint(frame, reg, colour, centre, r)
            base = None
            if own is not None:
                others = neighbours_of(bases, colour.name, centre, r + RIM_MM * MM / 2)
                base = self._measured_in(frame, reg, own, centre, r, others)
            if base is None:
                unread.append((colour, centre, r))
            elif not any(overlap(base, b) for b in bases):
                self._add_late(bases, base, own)
        # a rescued rim stands over what is only a ring inside it (its top or a figure, read
        # by two edges on part of its round), as any reading does (add_reading), and over its
        # own blur into the surface (a blue rim's cyan fringe on turf, read as a base a size
        # large where cyan is a colour the picture learned), its ring's colour well inside
        # the line from the rim's to the surface's (``between``: a rim of the other team round
        # a figure read as a rescue lies off it), or its paint so and no lighter than a blur
        # (:meth:`_rescued_over_blur`)
        for base in self._rescued:
            rivals = [b for b in bases if overlap(base, b)]
            if all(inside(b, base, self.surface_ab) or (blur_of(b, base, self.surface_ab) and
                                                        (between(b.ab, base.ab, self.surface_ab) or
                                                         self._rescued_over_blur(base, b)))
                   for b in rivals):
                for b in rivals:
                    bases.remove(b)
                self._add_late(bases, base, None)
        # last, the weakest: a blend reading names the paint of a rim's blend into the surface,
        # where another team's rim blends the same way (a blue rim's into turf passes cyan)
        for colour, centre, r in unread:
            if self._blend_of(colour) is None or self._needless(colour, centre, r, bases):
                continue
            base, blend = self._blend_reading(frame, reg, colour, centre, r, bases)
            if base is not None:
                self._stand_over(base, blend, bases)
        # a part of a rim (``Base.part``: two edges on fewer rays than a whole one needs) read
        # again by its colour's blend, which can see more of its round, and stands over it then
        # (:func:`_more_of`)
        for part in [b for b in bases if b.part]:
            blend = self._blend_of(self.colour(part.color))
            if blend is not None:
                centre, r = np.array([part.x_in, part.y_in]), rim_mid(part.diameter_mm)
                others = neighbours_of([b for b in bases if b is not part], part.color, centre, r + RIM_MM * MM / 2)
                whole = self._measured_in(frame, reg, blend, centre, r, others, {b.color for b in bases})
                if whole is not None:
                    self._stand_over(whole, blend, bases)
        if half is not None:
            self._blend_search(frame, reg, bases, half)
        self._cloaked_rims(frame, reg, bases)
        self._ghosts_rims(frame, reg, bases)
        self._rims_inside_blurs(frame, reg, bases)
        return bases

    def _rescued_over_blur(self, rim: Base, ring: Base) -> bool:
        """Whether rescued ``rim`` stands over ``ring`` as its blur by their paints: ``ring``'s
        (read in its outer 3 mm) well inside the line from ``rim``'s to the surface's
        (:func:`between`; stricter than :func:`~companion.vision.overlaps.inside`'s
        ``_blur_by_paint``), and no lighter than the two mixed there (:func:`lighter_than_blend`).
        A ring's ``ab`` is its rays' peak, which for a fringe read a little off its rim's centre
        can lie beside that line: a dark blue 50 mm rim's fringe on turf, read as a cyan base 0.09
        in off, its paint at L 36 (the turf's 36, the rim's 48; army 150420, 16.0 px/in). A pale
        cyan rim of its own round a blue figure is lighter than blue's blend into the turf."""
        if ring.paint_ab is None or rim.paint_ab is None or ring.paint_L is None or rim.paint_L is None:
            return False
        if not between(ring.paint_ab, rim.paint_ab, self.surface_ab):
            return False
        t = float(blend_position(ring.paint_ab, rim.paint_ab, self.surface_ab)[0])
        return not lighter_than_blend(ring.paint_L, rim.paint_L, self.surface_L, at=t)

    def _ghosts_rims(self, frame, reg: Registration, bases: list[Base]) -> None:
        """Each base read in a colour that is a team's blend into the surface (:meth:`_ghosts`: a
        blue rim's fringe on turf, learned as a cyan), measured again in that team's own colour
        about its centre: where no circle of the team's colour was drawn round a rim (a red
        figure over a pale blue one), the fringe alone was read, a size large. A rim the team's
        colour reads by both its edges, a size smaller about the reading's centre, whose blur ring
        the reading is (its colour near the rim's line into the surface, as :func:`blur_of` asks;
        read by its outer edge, the fringe lies 5-6 mm out), stands in its place; so does one
        read by its outer edge alone, fitted as tightly as a part of a rim is held to
        (``PART_FIT_IN``; a figure's outline fits 0.05-0.06 in), with the reading no further
        out of it than a blur reaches (``BLUR_RING_MM``): a rim whose inner edge does not show
        in its colour, the top inside it of about its hue or filled by a figure that scores
        partly as it (army 151476, 19.4 px/in: a pale blue top; its outer edge fitted within
        0.01 in, the fringe read 3.2 mm out of it; read so, the fringes lie 3-4.5 mm out). A
        round blue figure inside a cyan rim fits as tightly, 7.5 mm inside the rim's reading
        (army 150400, 13.9 px/in). And the team's rim read by both its edges a size larger, with
        the reading inside it (:func:`_ring_inside`): the reading is the band where the rim
        meets a pale top or figure, of the rim's colour mixed, which lies on its line to the
        turf too (army 184912, 17.8 px/in: a magenta 40 mm rim round a sand figure read as a red
        30 by two edges, 4.1 mm inside the rim's outer edge, red being the magenta's blend the
        picture learned)."""
        ghosts = self._ghosts()
        for base in [b for b in bases if ghosts.get(b.color)]:
            centre = np.array([base.x_in, base.y_in])
            for team, _ in ghosts[base.color]:
                others = neighbours_of(bases, team.name, centre, base.radius_in)
                rim = self.refine(frame, reg, team, centre, rim_mid(base.diameter_mm), others)
                if rim is None or rim.color != team.name:
                    continue
                blur = (rim.edges == 2 or (rim.residual_in <= PART_FIT_IN and
                                           base.radius_in - rim.radius_in <= BLUR_RING_MM * MM)) and \
                    rim.diameter_mm < base.diameter_mm == next_size(rim.diameter_mm)
                if (blur or _ring_inside(base, rim)) and \
                        math.hypot(rim.x_in - base.x_in, rim.y_in - base.y_in) < BLUR_CENTRE_IN and \
                        blends(rim.ab, base.ab, self.surface_ab, BLUR_OFF_SHARE) and \
                        not any(overlap(rim, b) for b in bases if b is not base):
                    bases[bases.index(base)] = rim
                    break

    def _rims_inside_blurs(self, frame, reg: Registration, bases: list[Base]) -> None:
        """Each base larger than the smallest measured again in the paint just inside its ring
        (``INSIDE_BLUR_MM``; :func:`own_paint` on the line from the surface through the ring's
        colour), under its name: the rim found so, a size smaller, stands in its place. A pale
        blue rim on turf, too pale for any learned colour to read (army 153216: the team's blue
        learned from its purple figures), leaves only its cyan fringe, read a size large. A
        paint within half of ``INSIDE_BLUR_DEG`` of the ring's own hue is not measured: it is
        the ring's own rim or a figure of its colour. The rim is named by its paint (a blue rim
        touching a blue 50 mm one, read by its fringe as a cyan 50: army 151516), and must be
        read by both its edges, or by its outer edge as tightly as a part of a rim is held to
        (``PART_FIT_IN``: a purple figure's outline inside a blue rim fits 0.055 in, army
        146452) and more tightly than the ring (a blur is read more loosely than its rim; a
        blue figure's outline 2 mm inside a blue 50 mm rim fits it no better: army 146084,
        14.8 px/in), and the ring be its blur by :func:`blur_round`. The last of the late
        readings: each rule before reads a rim more surely (tried first, it read a blue rim's
        cyan fringe as a cyan base about it where a later rule reads the rim: turned 48112,
        56004). The frames that follow measure the rim in that paint again, under the rim's
        name."""
        for base in [b for b in bases if b.diameter_mm > SIZES_MM[0]]:
            xy = circle_planes(base.x_in, base.y_in, base.radius_in - np.arange(*INSIDE_BLUR_MM) * MM)
            paint = own_paint(self._sample(frame, reg, xy).transpose(1, 0, 2), self.surface_ab, base.ab)
            # a paint of about the ring's own hue is its own rim or a figure of its colour: no
            # blur's (nearly every base; a pale blue rim's paint lies 58-105 degrees off its fringe)
            if paint is None or hue_angle(base.ab, paint[1:]) < math.radians(INSIDE_BLUR_DEG / 2):
                continue
            own = TeamColour(base.color, paint)
            centre = np.array([base.x_in, base.y_in])
            others = neighbours_of([b for b in bases if b is not base], base.color, centre, base.radius_in)
            smaller = SIZES_MM[SIZES_MM.index(base.diameter_mm) - 1]
            rim = self._measured_in(frame, reg, own, centre, rim_mid(smaller), others, any_name=True)
            if rim is not None and rim.diameter_mm < base.diameter_mm and \
                    (rim.edges == 2 or rim.residual_in <= min(PART_FIT_IN, base.residual_in)) and \
                    blur_round(base, rim, self.surface_ab, self.surface_L) and \
                    not any(overlap(rim, b) for b in bases if b is not base):
                bases[bases.index(base)] = rim
                self._late.append((centre, replace(own, name=rim.color)))
                # what the ring stood over, beside the rim, is judged again (a yellow 50 mm rim
                # touching a blue 30 lost to the blue's cyan fringe, read as a 40: army 153216)
                for back in self._displaced.pop(base, ()):
                    if not overlap(back, rim):
                        add_reading(bases, back, self.surface_ab, self._displaced)

    def _blend_search(self, frame, reg: Registration, bases: list[Base], half) -> None:
        """The picture (``half``, :meth:`half_lab`'s) searched for rims by each colour's blend into
        the surface, where no base was found; each circle drawn is read as a blend reading. A
        pale rim 2-3 px wide, on a board seen under 20 px/in (searched at full size), is too
        faint along its team's hue for enough of its pixels to clear that colour's threshold
        (8-20 of a 30 mm rim's 100-150, under a figure of another colour), and no circle was
        drawn round it; its blend into turf clears the blend's. At 20 px/in or more a rim is
        wide enough for its team's colour."""
        if half.step != 1:
            return
        blend_colours = [blend for blend in map(self._blend_of, self.seen.colours) if blend is not None]
        if not blend_colours:                                # a surface of too little colour
            return
        groups = self.rim_groups(half, reg, bases, colours=blend_colours)
        for blend, centre, r in self.candidates(groups, half.ppi):
            colour = self.colour(blend.name)
            if self._needless(colour, centre, r, bases):
                continue
            base, how = self._blend_reading(frame, reg, colour, np.asarray(centre, float), float(r), bases)
            if base is not None:
                self._stand_over(base, how, bases)

    def _stand_over(self, base: Base, blend: BlendColour, bases: list[Base], over: Base | None = None) -> bool:
        """Add blend reading ``base`` to ``bases`` (True), or not (False): where a base stands, it
        stands; unless it is only a ring inside this one (a sand top read as a yellow rim inside
        a pale blue one) that fits no far tighter (as elsewhere, "far" is twice: a rim's own edge,
        under a pale blend ring round it, fitted three times as tightly), a figure leaning
        out of it (:func:`leaning_out`), its own blur into the surface (:func:`blur_of`: a
        pale blue rim's cyan fringe on turf, read first as a base a size large), or a part of
        the rim it reads on more of its round (:func:`_more_of`). Those it stands over go.
        ``over``: a base it must stand over, measured round it as a larger size; it is not
        refused for looking like that base's blur ring (a pale rim round a saturated cloak
        is as dull as one), and it stands over that base's own ring read a size small
        (:func:`same_ring`) when it is the truer reading of it (:func:`_truer_ring`), and over
        a cloak read on part of its round when it reads nearly all of it (:func:`_round_about`)."""
        rivals = [b for b in bases if overlap(base, b)]
        if (over is not None and over not in rivals) or not all(
                (inside(b, base, self.surface_ab, blur=b is not over) and
                 base.residual_in <= BLEND_LOOSER * b.residual_in) or leaning_out(b, base) or
                blur_of(b, base, self.surface_ab) or
                (b is over and ((same_ring(b, base) and _truer_ring(base, b)) or _round_about(base, b))) or
                _more_of(base, b)
                for b in rivals):
            return False
        for b in rivals:
            bases.remove(b)
        self._add_late(bases, base, blend)
        return True

    def _add_late(self, bases: list[Base], base: Base, how: TeamColour | None) -> None:
        """Add late reading ``base`` to ``bases``, kept with ``how`` it was measured (its own paint,
        a blend, or None: a rescue) for the frames that follow (:meth:`_late_at`)."""
        bases.append(base)
        self._late.append((np.array([base.x_in, base.y_in]), how))

    def _cloaked_rims(self, frame, reg: Registration, bases: list[Base]) -> None:
        """Each base read by its outer edge alone (a figure of its colour over its inner edge),
        or by two edges fitted loosely (``LOOSE_FIT_IN``) or on part of its round only
        (``PART_ROUND``), measured again by its colour's blend into the surface as each larger
        size: a figure's cloak, saturated, inside a pale rim 3 mm wide, is read as a base a
        size or two small and up to 0.25 in off (its outer edge was read as the rim's, with a
        sand top's crescent between it and the rim); a pale rim whose half-score outer edge
        lies 1-2 mm inside it, under JPEG and light that turn its hue, is read a size small by
        its centre line; a dark top inside a pale rim gives two edges where they meet, tightly
        fitted on the part of the round where the rim is paler still. The rim so read stands
        over it (:meth:`_stand_over`). A base sized by its inner edge whose colour's half-surface edge
        lies at the next size (``Base.wider``: a figure of its colour over a dark top pulled
        its inner edge in) is measured so too, and is that size if its blend does not read it."""
        shown = {b.color for b in bases}
        for base in [b for b in bases if b.diameter_mm < SIZES_MM[-1] and
                     (b.edges == 1 or b.residual_in > LOOSE_FIT_IN or b.wider or b.coverage < PART_ROUND)]:
            if base not in bases:
                continue
            blend = self._blend_of(self.colour(base.color))
            # round a cloak read by its outer edge alone, the blend names a rim whose paint is unseen
            measure = None if blend is None else replace(blend, names_unseen=base.edges == 1)
            centre = np.array([base.x_in, base.y_in])
            for size in (s for s in SIZES_MM if s > base.diameter_mm) if blend is not None else ():
                others = neighbours_of(bases, base.color, centre, size / 2 * MM)   # (not the base it is round)
                rim = self._measured_in(frame, reg, measure, centre, rim_mid(size), others, shown)
                if rim is not None and rim.diameter_mm > base.diameter_mm and \
                        self._stand_over(rim, blend, bases, over=base):
                    break
            else:
                # nor did its blend read it: a base whose colour's half-surface edge named the
                # next size (``Base.wider``) is that size where no neighbour stands in the way
                if base.wider:
                    larger = replace(base, diameter_mm=next_size(base.diameter_mm), wider=False)
                    if not any(overlap(larger, b) for b in bases if b is not base):
                        bases[bases.index(base)] = larger

    def _late_at(self, centre: np.ndarray) -> tuple[np.ndarray, TeamColour | None] | None:
        """The last search's late reading (:meth:`_late_readings`) about ``centre``, if one stood there:
        a tracked base measured again as it was found, and no other is (a hand over the board
        fails every base under it, each frame); or the one before it, where the last search
        measured the base so (``_late_kept``)."""
        return next((late for late in self._late + self._late_kept if np.hypot(*(late[0] - centre)) < ONE_CENTRE_IN),
                    None)

    def surface_turns_hues(self) -> bool:
        """Whether the surface is colourful enough (``BLEND_SURFACE_CHROMA``: turf, a printed mat)
        to turn a thin rim's hue toward its own."""
        return math.hypot(*self.surface_ab) >= BLEND_SURFACE_CHROMA

    def _blend_of(self, colour: TeamColour) -> BlendColour | None:
        """``colour`` scored by its blend into the surface (:class:`~companion.vision.colours.BlendColour`),
        or None on a surface of too little colour to turn a rim's hue. A rim 2-3 px wide, pale,
        through JPEG, is too faint along its own hue to be measured; its blend into turf is not."""
        if not self.surface_turns_hues():
            return None
        return BlendColour(colour.name, colour.lab, colour.spread, surface=tuple(self.surface_ab))

    def _blend_reading(self, frame, reg: Registration, colour: TeamColour, centre: np.ndarray, r: float,
                       bases: list[Base]) -> tuple[Base | None, BlendColour | None]:
        """The circle of ``colour`` at ``centre`` measured by a blend into the surface: its own
        colour's first, then each colour a base found shows, and the blend it was read in; or
        (None, None). A blue rim's blend into turf is learned as a cyan of its own: the circles
        its search draws are cyan's, and only blue's blend reads them. A colour no base shows
        names none: the picture's clusters can learn a team's pale rims as a colour of their own,
        and the turf's line to red runs through a sand top's colour."""
        shown = {b.color for b in bases}
        nearest_first = sorted((c for c in self.seen.colours if c.name in shown - {colour.name}),
                               key=lambda c: hue_gap(c.hue, colour.hue))
        for c in [colour] + nearest_first:
            blend = self._blend_of(c)
            others = neighbours_of(bases, c.name, centre, r + RIM_MM * MM / 2)
            base = self._measured_in(frame, reg, blend, centre, r, others, shown)
            if base is not None:
                return base, blend
        return None, None

    def _blend_named(self, base: Base, blend: BlendColour, shown: set[str] | None = None) -> Base | None:
        """``base``, read by ``blend``, named as that blend's team when its paint is that team's
        blend into the surface, or as it is when its rim's own paint is its own team's
        (:meth:`_own_teams_paint`); else None. Its paint must lie nearest that team's line to the
        surface, and no more than halfway along it from the paint (a reading more the surface's
        colour than the paint's is a pale rim of a colour not learned: such colours lie near
        every line out of the surface). Named by hue, a blue rim's blend into turf is cyan: it
        is named by its line when that is the nearest by ``BLEND_APART`` and, if ``shown`` is
        given, the team is one of those (the teams whose bases were found). A reading named
        its blend's team and lying on that team's line (:func:`blend_reach`) is not refused for
        a nearer line it lies more than halfway along, toward the surface: it is no blend of
        that colour either (a dark blue's and a cyan's lines into turf run side by side near
        it; a pale cyan rim's ring 4.1 off cyan's line, 36 % of the way, lay 2.3 off blue's, 58 %
        of the way: turned 108932). A reading whose
        rim's paint names the blend's team already is refused for a nearer line of a colour no
        base shows (given ``shown``) only when it lies on that line (:func:`blend_reach`): such a
        colour is a figure's paint (the shared pictures' dark blue figures stand on every team's
        bases), and a pale cyan rim read by its blend round such a figure, its ring darkened
        toward blue, was refused for lying nearer blue's line, on neither (shared raised/302
        with noise of 3-5 levels added). One renamed stays clear of every colour's line: a grey
        side wall round a red rim, read by red's blend as the next size, lies near the line of a
        magenta that picture teaches (raised/301 at JPEG 75). A reading whose rim's paint names
        another team whose bases were found, and is that team's rim read through the blend
        (lighter than any blur of the blend's colour: :meth:`_read_through`), stands as it is."""
        named = base.color == blend.name
        if not named and self._read_through(base, blend, shown):
            return base
        t, off, own_length = blend_position(base.ab, blend.lab[1:], self.surface_ab)
        lines = []                  # (how far off its line, on it, colour, how far along it) for every other colour
        for c in self.seen.colours:
            if c.name != blend.name:
                c_t, c_off, length = blend_position(base.ab, c.lab[1:], self.surface_ab)
                lines.append((float(c_off), bool(c_off <= blend_reach(length)), c.name, float(c_t)))
        lines.sort()
        # on its own line, a named reading is no blend of a colour it lies more than halfway
        # along the line of (more the surface's colour than that paint's): no rival. Its line
        # runs on past the paint (``BLEND_ONWARD``): a ring more saturated than the colour the
        # picture learned lies out there, off the paint by more than a blend's reach and beside
        # it (army 184256: a pale yellow 40 mm rim round a brown figure, its ring 4.6 from the
        # yellow learned and 2.5 off its line run on, refused for red's line into the turf,
        # which passes 4.5 from it and 4 from the yellow learned)
        _, onward, _ = blend_position(base.ab, blend.lab[1:], self.surface_ab, beyond=BLEND_ONWARD)
        on_own = float(onward) <= float(blend_reach(own_length))
        rivals = [line for line in lines if (shown is None or line[2] in shown or line[1]) and
                  not (on_own and line[3] > BLEND_HALFWAY)] if named else lines
        if float(t) > BLEND_HALFWAY or (rivals and rivals[0][0] < float(off) and not self._paint_on_its_line(base, blend)):
            return None
        if named:
            return base
        if self._own_teams_paint(base, blend):
            return base
        clear = not lines or lines[0][0] >= float(off) + BLEND_APART
        return replace(base, color=blend.name) if clear and (shown is None or blend.name in shown) else None

    def _read_through(self, base: Base, blend: BlendColour, shown: set[str] | None) -> bool:
        """Whether ``base``, read by ``blend`` but named by its rim's own paint as another team
        whose bases were found (``shown``), is that team's rim read through the blend: its paint
        lies on that team's line to the surface (within :func:`blend_reach`, no more than
        halfway along it) and nearer it than the blend's line, and is lighter than any mix of
        the blend's colour and the surface where it lies along that line (a blur mixes colours
        in light: :func:`lighter_than_blend`). Only for a team of its own
        (:meth:`_a_team_of_its_own`) whose learned colour is no ghost of the blend's
        (:func:`ghost_of`), or is lighter than the blend there too (no blur is).

        A dark blue's and a cyan's lines into turf run side by side near it: a thin cyan 50 mm
        rim round a sand top, blurred into the turf, lies on both, 11 lighter than blue's blend
        there and as light as cyan's (turned case 102184). A pale cyan 30 mm rim beside a pale
        blue team (turned 104484) lies on both lines too; the cyan the picture learned lies 7.3
        off blue's, a ghost's distance, but 15 lighter than blue's blend there."""
        if shown is None or base.color not in shown or base.paint_ab is None or base.paint_L is None or \
                base.color not in {c.name for c in self.seen.colours}:
            return False
        own = self.seen.get(base.color)
        if not self._a_team_of_its_own(own):
            return False
        if ghost_of(own.lab[1:], blend.lab[1:], self.surface_ab):
            t_learned, _, _ = blend_position(own.lab[1:], blend.lab[1:], self.surface_ab)
            if not lighter_than_blend(own.lab[0], blend.lab[0], self.surface_L, at=float(t_learned)):
                return False
        paint = np.array(base.paint_ab)
        t_own, off_own, length = blend_position(paint, own.lab[1:], self.surface_ab)
        t, off, _ = blend_position(paint, blend.lab[1:], self.surface_ab)
        return float(t_own) <= BLEND_HALFWAY and float(off_own) <= blend_reach(length) and off_own < off and \
            lighter_than_blend(base.paint_L, blend.lab[0], self.surface_L, at=float(t))

    def _paint_on_its_line(self, base: Base, blend: BlendColour) -> bool:
        """Whether ``base``, whose rim's paint names it ``blend``'s team, has that paint on the
        team's own line to the surface (within :func:`blend_reach`) and well off every other
        seen colour's (twice as far and 2 more), where its ring's median lies nearer another's:
        a pale cyan rim round a dark figure on turf has a ring whose median, mixed with the
        figure, lies on blue's line, while its paint lies on cyan's. Only for a team of its own
        (:meth:`_a_team_of_its_own`): a pale blue rim's paint lies on the line of the cyan
        that blue's blur into turf is learned as."""
        own = next((c for c in self.seen.colours if c.name == blend.name), None)
        if base.paint_ab is None or base.color != blend.name or own is None or not self._a_team_of_its_own(own):
            return False
        paint = np.array(base.paint_ab)
        _, off, length = blend_position(paint, blend.lab[1:], self.surface_ab)
        if float(off) > blend_reach(length):
            return False
        return all(float(blend_position(paint, c.lab[1:], self.surface_ab)[1]) >= 2 * float(off) + 2.0
                   for c in self.seen.colours if c.name != blend.name)

    def _a_team_of_its_own(self, colour: TeamColour) -> bool:
        """Whether learned ``colour`` is a team's, not only another colour's blur: a rim's worth
        of its paint (``APART_RIMS_MM2``) in the last searched picture lies apart from the
        other colours' (:func:`paint_apart`). A cyan team turned toward blue lies on blue's
        line to the turf as blue's blur does; its rims stand apart from blue's paint (270-3600
        mm2 in turned cases at JPEG 88-95), the blur's do not (under 200 in all but two of
        seventeen). True before any picture was searched: nothing tells."""
        if self._apart_of is None:
            return True
        if colour.name not in self._stands_apart:
            others = [c for c in self.seen.colours if c.name != colour.name]
            self._stands_apart[colour.name] = self._apart_of(colour, others)[1] >= APART_RIMS_MM2
        return self._stands_apart[colour.name]

    def _own_teams_paint(self, base: Base, blend: BlendColour) -> bool:
        """Whether ``base``'s rim paint, which named it another team than ``blend``'s, lies on
        that team's own line to the surface and off the blend's: a blue rim round a blue cloak,
        a sand crescent between them, read by magenta's blend, has a ring whose median lies on
        magenta's line while the rim's own paint is blue's (:func:`blend_reach` of each line).
        Not when that team's colour is itself the blend's team blended into the surface: the
        picture's clusters learn a blue rim's blend into turf as a cyan of its own."""
        if base.paint_ab is None or base.color not in {c.name for c in self.seen.colours}:
            return False
        own = self.seen.get(base.color)
        if ghost_of(own.lab[1:], blend.lab[1:], self.surface_ab):
            return False
        paint = np.array(base.paint_ab)

        def on_line(colour) -> bool:
            _, off, length = blend_position(paint, colour.lab[1:], self.surface_ab)
            return float(off) <= blend_reach(length)
        return on_line(own) and not on_line(blend)

    def _unghosted(self, paint_ab, name: str) -> str:
        """``name``, the seen colour nearest a rim's paint ``paint_ab`` (Lab a, b) in hue; or the
        team whose blend into the surface that colour is (``GHOST_OFF``), when the paint lies on
        that team's line to the surface and nearer its paint, by ``GHOST_NEARER`` of the line,
        than the colour does. On turf the picture's clusters learn sand tops as a "yellow" that
        lies on red's line to the turf; a pale red rim round a sand top, blended with it and the
        turf through JPEG, lies on that line too, redder than the sand, and nearer its hue than
        red's. Or further along the team's line than the colour, when it lies on that line and
        well off the colour's own: beyond its reach, and by twice its distance from the team's
        line and ``GHOST_APART`` (the two lines run within the ghost's few units of each
        other): a pale blue rim blended into turf is as near cyan's hue as the cyan rims, and
        off their line.

        >>> from companion.vision.bases import BaseFinder
        >>> finder = BaseFinder()
        >>> finder.surface_ab = (-37.0, 30.0)                         # turned case 49880: turf
        >>> red, sand = TeamColour("red", (50.2, 33.6, 17.5)), TeamColour("yellow", (54.5, 5.3, 23.8))
        >>> finder.seen = Palette([red, sand])
        >>> finder._unghosted((16.8, 23.6), "yellow"), finder._unghosted((4.0, 24.0), "yellow")
        ('red', 'yellow')
        >>> finder.surface_ab = (-33.0, 27.0)                         # turned case 55048: turf
        >>> blue, cyan = TeamColour("blue", (40.0, 6.3, -40.1)), TeamColour("cyan", (52.0, -17.1, -17.1))
        >>> finder.seen = Palette([blue, cyan])
        >>> finder._unghosted((-12.8, -9.2), "cyan"), finder._unghosted((-21.0, -8.6), "cyan")
        ('blue', 'cyan')
        """
        ghosts = self._ghosts().get(name, ())
        if not ghosts:
            return name
        paint = np.asarray(paint_ab, float)
        apart = self._off_own_line(paint, name)         # asked once for all its teams
        for team, ghost_t in ghosts:
            t, off, length = blend_position(paint, team.lab[1:], self.surface_ab)
            # on the team's line, and nearer its paint along it; or further along, well off the colour's own
            if float(off) <= blend_reach(length) and \
                    (float(t) <= ghost_t - GHOST_NEARER or apart >= 2 * float(off) + GHOST_APART):
                return team.name
        return name

    def _team_blended(self, paint_ab, name: str) -> TeamColour | None:
        """The seen colour, not ``name`` nor one whose blend ``name`` is learned as, on whose line
        to the surface a rim's paint ``paint_ab`` (Lab a, b) lies, short of the surface
        (``BLEND_MOST_SURFACE``), while it lies off ``name``'s own line by twice its distance from
        that one and ``GHOST_APART``; or None. A paint so placed is as likely a thin rim of that
        team as a dull one of ``name``'s (a pale yellow rim on turf lies on red's line to it):
        the team's own colour must show the rim as well (:meth:`_blend_of_team`).

        >>> from companion.vision.bases import BaseFinder
        >>> finder = BaseFinder()
        >>> finder.surface_ab = (-36.0, 29.0)                         # army case 145888: turf
        >>> blue, cyan = TeamColour("blue", (43.1, 8.7, -39.2)), TeamColour("cyan", (57.3, -27.9, -13.0))
        >>> finder.seen = Palette([blue, cyan])
        >>> finder._team_blended((-18.2, -1.7), "cyan").name         # a thin blue rim's paint
        'blue'
        >>> finder._team_blended((-30.9, 1.0), "cyan") is None       # a cyan rim's, on its own line
        True
        """
        if not self.surface_turns_hues() or name not in {c.name for c in self.seen.colours}:
            return None
        paint = np.asarray(paint_ab, float)
        apart = self._off_own_line(paint, name)
        if apart == -math.inf:
            return None
        ghosted = {team.name for team, _ in self._ghosts().get(name, ())}
        for team in self.seen.colours:
            if team.name == name or team.name in ghosted:
                continue
            t, off, length = blend_position(paint, team.lab[1:], self.surface_ab)
            if float(off) <= blend_reach(length) and float(t) <= BLEND_MOST_SURFACE and \
                    apart >= 2 * float(off) + GHOST_APART:
                return team
        return None

    def _off_own_line(self, paint: np.ndarray, name: str) -> float:
        """How far (Lab a, b) a rim's ``paint`` lies off seen colour ``name``'s line to the
        surface, when beyond that line's reach (:func:`blend_reach`); -inf when on it."""
        _, off, length = blend_position(paint, self.seen.get(name).lab[1:], self.surface_ab)
        return float(off) if float(off) > blend_reach(length) else -math.inf

    def _ghosts(self) -> dict[str, list[tuple[TeamColour, float]]]:
        """For each seen colour that is another's blend into the surface (``GHOST_OFF``), those
        others and how far along their line it lies: asked of the palette once, not a reading
        at a time. Empty on a surface of too little colour to turn a rim's hue."""
        key = (self.seen, self.surface_ab)
        if self._ghosts_of[0] != key:
            ghosts = {}
            if self.surface_turns_hues():
                for named in self.seen.colours:
                    ghosts[named.name] = [
                        (c, float(blend_position(named.lab[1:], c.lab[1:], self.surface_ab)[0]))
                        for c in self.seen.colours if c is not named and
                        ghost_of(named.lab[1:], c.lab[1:], self.surface_ab)]
            self._ghosts_of = (key, ghosts)
        return self._ghosts_of[1]

    def _blends_out(self, frame, reg: Registration, base: Base, blend: BlendColour) -> bool:
        """Whether round ``base``, just outside its outer edge, lies the surface or the paint's
        blend into it, as a thin rim's would: the surface's line to red runs through a sand top's
        colour, and a sand top inside a rim of another colour reads as a red blend, with that
        rim, off the line, round it."""
        xy = circle_planes(base.x_in, base.y_in, base.radius_in + np.array(BLEND_OUT_MM) * MM)
        _, off, _ = blend_position(self._sample(frame, reg, xy)[..., 1:], blend.lab[1:], blend.surface)
        return float(np.median(off)) <= BLEND_OFF_LINE

    def _measured_in(self, frame, reg: Registration, own: TeamColour, centre: np.ndarray, r_mid: float,
                     others: list[Base], shown: set[str] | None = None, any_name: bool = False) -> Base | None:
        """A rim circle that measured as no base in its team's colour, measured in its own paint
        ``own`` (:meth:`_own_paint`), which stands for its team's while it is measured; or by its
        blend into the surface (:meth:`_blend_of`), named by :meth:`_blend_named` (``shown``: the
        teams whose bases were found, which alone a blend's line names; None, any). A blend
        that ``names_unseen`` (round a cloak of its team, read by its outer edge alone) names a
        rim whose paint the picture shows nowhere too. (Round a two-edge reading, JPEG at
        quality 60-75 smears a raised magenta rim into a ring as dull, a size larger.) With
        ``any_name``, a reading in ``own`` whose paint names another seen colour is that colour's
        (a blue rim read in the paint inside its cyan fringe); else it is none."""
        if isinstance(own, BlendColour):
            base = self.refine(frame, reg, own, centre, r_mid, others)
            if base is None or not self._blends_out(frame, reg, base, own):
                return None
            return self._blend_named(base, own, shown)
        with self._standing_for(own):
            base = self.refine(frame, reg, own, centre, r_mid, others)
        return base if base is not None and (base.color == own.name or any_name) else None

    @contextmanager
    def _standing_for(self, colour: TeamColour):
        """``colour`` in the palette in place of its name's colour, while a rim is measured in it
        (its paint is what names the rim then)."""
        seen = self.seen
        self.seen = Palette([colour if c.name == colour.name else c for c in seen.colours])
        try:
            yield
        finally:
            self.seen = seen


def _ring_inside(ring: Base, rim: Base) -> bool:
    """Whether ``ring``, a reading by both its edges, lies inside ``rim``, read by both its
    edges as the next size: its outer edge 3 mm or more (a rim's least width, TABLE_SPEC)
    inside the rim's. Two bases cannot nest: the ring is the rim's inner part.

    >>> rim = Base(5.0, 5.0, 40, "magenta", 0.7735, 0.46, 0.022)
    >>> [_ring_inside(Base(5.0, 5.0, 30, "red", r, 0.62, 0.022), rim) for r in (0.611, 0.7)]
    [True, False]
    >>> _ring_inside(Base(5.0, 5.0, 30, "red", 0.611, 0.62, 0.022, edges=1), rim)     # an outline
    False
    >>> _ring_inside(Base(5.0, 5.0, 50, "red", 0.8, 0.62, 0.022), rim)                # no size larger
    False
    """
    return ring.edges == 2 and rim.edges == 2 and ring.diameter_mm < SIZES_MM[-1] and \
        rim.diameter_mm == next_size(ring.diameter_mm) and rim.radius_in - ring.radius_in >= 3 * MM
