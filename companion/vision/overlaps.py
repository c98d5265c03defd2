"""Two readings on one spot: which one is the base. Bases cannot overlap, so one of two
overlapping readings is an artefact: a figure's cloak inside a rim, a rim's blur ring or its
paint's blend into the surface, a circle drawn across two touching rims, or the same rim read
twice. :func:`add_reading` keeps the better one; the rules are plain predicates on two
:class:`~companion.vision.base_reading.Base` readings.
"""

from __future__ import annotations

import math

import numpy as np

from companion.vision.base_reading import MM, Base, nominal_radius
from companion.vision.blends import between, blend_position, blends
from companion.vision.colours import hue_gap

LEANING_OUT_IN = 0.08    # a figure's outline can stand out of its rim by this much (2 mm)
BLUR_RING_MM = 6.0       # a rim's blur reaches this far out of it at most (radius): a ring further out is no blur
ONE_CENTRE_IN = 0.15     # two readings closer than this are about one centre (a rim and its blur ring)
BLUR_CENTRE_IN = 0.12    # a blur ring lies this near its rim's centre (a raised base's side moves it so far),
BLUR_CENTRED_SEEN = 0.6  # where it is seen on this share of its circle (a fringe seen on one side fits off it)
BLUR_OFF_SHARE = 0.15    # a blur ring's colour lies this near (a share of its length) its rim's line to the surface
BLUR_PAINT_ALONG = 0.25  # and, on the line from the rim's own paint, this far along it at least (a quarter turf)


def overlap(a: Base, b: Base) -> bool:
    """Two bases cannot stand on the same spot: overlapping circles are one base seen twice.
    Nominal radii, less 0.15 in: two touching bases, one measured 0.1 in off (a rim half hidden
    in a cluster of its colour), are still two; one base seen twice overlaps far more."""
    return np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < nominal_radius(a) + nominal_radius(b) - 0.15


def add_reading(bases: list[Base], base: Base, surface_ab=(0.0, 0.0), displaced: dict | None = None,
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
    rivals = [b for b in bases if overlap(b, base)]
    for r in rivals:
        if _never_beats(base, r, surface_ab):
            return _remember(displaced, r, base)
    crossed = [r for r in rivals if not inside(r, base, surface_ab)]
    if len(crossed) >= 2 and not all(base.edges > r.edges for r in crossed):
        return      # overlapping two bases is not seeing one of them twice: it is measured across them
    for r in rivals:
        if not (_never_beats(r, base, surface_ab) or better(base, r)):
            return _remember(displaced, r, base)
    for r in rivals:
        bases.remove(r)
    bases.append(base)
    if displaced is not None:
        displaced[base] = list(rivals)
        for r in rivals:
            for back in displaced.pop(r, ()):
                if depth < 3:
                    add_reading(bases, back, surface_ab, displaced, depth + 1)


def _never_beats(a: Base, b: Base, surface_ab) -> bool:
    """``a`` is no rival to ``b`` it overlaps, whatever their fits: a ring inside it, its blur,
    a circle drawn across it and a neighbour, or its paint's blend (:func:`add_reading`)."""
    return inside(a, b, surface_ab) or blur_of(a, b, surface_ab) or _across(a, b) or _blend_of(a, b, surface_ab)


def _remember(displaced: dict | None, winner: Base, loser: Base) -> None:
    """``loser`` lost to ``winner``: judged again if ``winner`` goes (see :func:`add_reading`)."""
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


def inside(a: Base, b: Base, surface_ab=(0.0, 0.0), blur: bool = True) -> bool:
    """``a`` is a ring within ``b``'s rim, a size step smaller (3.5 mm on the radius, or 2 mm
    when it also measures a smaller size: a shade of the rim's paint on a cloak, read as a
    smaller rim, has an outer edge near the rim's own): a base's top painted in a
    colour like a team's, or a figure's cloak, never a base (the rim is the top's edge).
    Unless ``b`` is only ``a``'s blend into the surface: its colour between theirs, and either
    about ``a``'s centre, at most 6 mm wider and paler (a blur ring; a raised base's side moves
    it by up to 0.12 in; paler by its paint too, read at no larger size: :func:`_blur_by_paint`)
    or nearer the surface's colour than ``a``'s (hardly a rim at all). A ring
    off-centre within a rim of a paler shade of its colour, or two sizes smaller, is the
    figure's cloak (a yellow cloak leaning out of a raised yellow rim: the rim reads paler
    than the cloak). A figure's outline can stand out of its rim by up to 2 mm
    (``LEANING_OUT_IN``) and still be the figure, when the rim fits about as well as it does
    (a circle drawn across two touching rims, standing as far out of one of them, fits far
    worse than either). ``blur``: False when ``b`` cannot be ``a``'s blur ring, however
    dull it is.

    >>> cloak = Base(0.19, 0.1, 30, "yellow", 0.65, 0.9, 0.05, ab=(-16.0, 55.0))
    >>> rim = Base(0.0, 0.0, 40, "yellow", 0.91, 0.9, 0.03, ab=(-12.0, 44.0))      # a paler yellow
    >>> small_rim = Base(0.02, 0.0, 30, "yellow", 0.6, 0.9, 0.03, ab=(-16.0, 55.0))
    >>> blur_ring = Base(0.0, 0.0, 40, "yellow", 0.76, 0.9, 0.03, ab=(-12.0, 44.0))
    >>> mat = (2.0, 15.0)
    >>> inside(cloak, rim, mat), inside(small_rim, blur_ring, mat)
    (True, False)
    >>> blue_cloak = Base(0.11, 0.03, 30, "blue", 0.61, 0.6, 0.02, ab=(0.8, -37.8))
    >>> pale_rim = Base(0.0, 0.0, 50, "blue", 1.0, 0.9, 0.015, ab=(-1.5, -22.2))
    >>> inside(blue_cloak, pale_rim, (0.0, 0.0))       # 10 mm within: no blur is that wide
    True
    >>> shade = Base(0.01, 0.02, 40, "green", 0.959, 0.46, 0.024, ab=(-15.0, 28.3))
    >>> green_rim = Base(0.0, 0.0, 50, "green", 1.042, 1.0, 0.033, ab=(-29.1, 24.3))
    >>> inside(shade, green_rim, (-1.0, 5.0))         # 2.1 mm within, a size smaller
    True
    >>> figure = Base(4.182, 14.816, 30, "yellow", 0.639, 0.83, 0.0385, ab=(-5.4, 60.4))
    >>> rim_40 = Base(4.312, 14.658, 40, "yellow", 0.783, 0.71, 0.0367, ab=(-6.2, 59.2))
    >>> inside(figure, rim_40, (-8.0, 20.0))     # shared picture 204: the figure stands 0.06 in out
    True
    >>> real = Base(13.916, 3.893, 30, "magenta", 0.611, 0.5, 0.0066, ab=(60.7, -30.9))
    >>> across = Base(14.066, 3.629, 40, "magenta", 0.853, 0.54, 0.0595, ab=(62.2, -32.8))
    >>> inside(real, across, (0.0, 15.0))        # wide case 1078: a circle across it and its neighbour
    False
    >>> rim_and_top = Base(6.94, 15.95, 40, "yellow", 0.94, 0.46, 0.037, chroma=30.1, ab=(-2.5, 32.7))
    >>> yellow_rim = Base(6.96, 15.93, 50, "yellow", 1.04, 1.0, 0.026, edges=1, chroma=29.0, ab=(-2.9, 33.6))
    >>> inside(rim_and_top, yellow_rim, (4.0, -2.0))     # turned case 21209: as saturated, so no blur
    True
    >>> filling = Base(19.61, 16.16, 30, "blue", 0.697, 0.62, 0.014, edges=1, chroma=35.4, ab=(6.0, -42.0))
    >>> pale = Base(19.62, 16.18, 40, "blue", 0.83, 0.88, 0.0129, edges=1, chroma=22.1, ab=(2.0, -27.0))
    >>> turf = (-35.0, 28.0)         # turned case 37744: a cloak filling its rim, the rim read by its blend
    >>> inside(filling, pale, turf), inside(filling, pale, turf, blur=False)
    (False, True)
    >>> rim = Base(19.41, 9.74, 50, "blue", 0.919, 0.67, 0.0195, ab=(-1.6, -17.1), paint_ab=(-4.6, -18.1))
    >>> fringe = Base(19.41, 9.73, 50, "cyan", 1.069, 0.96, 0.0133, edges=1, ab=(-5.1, -17.7), paint_ab=(-23.5, 6.2))
    >>> inside(rim, fringe, (-31.0, 25.0))       # turned case 150420: its paint is the rim's blur
    False
    """
    smaller = a.diameter_mm < b.diameter_mm
    if not (_ring_within(a, b) or (smaller and _ring_within(a, b, 2.0)) or
            (smaller and b.residual_in <= 1.5 * a.residual_in and _ring_within(a, b, 3.5, LEANING_OUT_IN))):
        return False
    if blur and _own_blur_ring(b, a):
        return False
    if not blends(a.ab, b.ab, surface_ab):
        return True
    toward_surface = float(blend_position(b.ab, a.ab, surface_ab)[0])
    nearer_surface = toward_surface > 0.5
    # a blur spreads a rim by BLUR_RING_MM at most: a ring 10 mm within another is not its rim;
    # and a blur is paler than its rim (a ring as saturated round a ring is the base's own rim)
    blur_ring = blur and np.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < BLUR_CENTRE_IN and \
        b.radius_in - a.radius_in <= BLUR_RING_MM * MM and (toward_surface > 0.1 or _blur_by_paint(a, b, surface_ab))
    return not (blur_ring or nearer_surface)


def _blur_by_paint(rim: Base, ring: Base, surface_ab) -> bool:
    """``ring``, read round ``rim`` at no larger size (so no rim round it), is its blur by its
    paint: the paint read in the ring's outer 3 mm lies on the line from the rim's paint to the
    surface's, toward the surface. A ring read by a colour's blend peaks where the rim's own
    paint is (its ``ab`` cannot tell); its outer part is the fringe (a dark blue 50 mm rim's on
    turf is cyan: turned 150420, 16.0 px/in)."""
    if ring.diameter_mm > rim.diameter_mm or rim.paint_ab is None or ring.paint_ab is None:
        return False
    return bool(blends(rim.paint_ab, ring.paint_ab, surface_ab)) and \
        float(blend_position(ring.paint_ab, rim.paint_ab, surface_ab)[0]) > 0.1


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


def hue_angle(ab, other_ab):
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
    as a blur; :func:`inside` judges that).

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
    if a.color == b.color:     # the geometry first: most pairs add_reading weighs are one team's
        if not (_ring_within(b, a, 1.0) and a.radius_in - b.radius_in <= BLUR_RING_MM * MM):
            return False
        return between(a.ab, b.ab, surface_ab) and float(blend_position(a.ab, b.ab, surface_ab)[0]) > 0.5
    return between(a.ab, b.ab, surface_ab)


def blur_of(a: Base, b: Base, surface_ab=(0.0, 0.0)) -> bool:
    """``a`` is only ``b``'s blur into the surface: a ring just around it in a colour between
    theirs, of another hue (a blue rim on green turf has a cyan fringe, as saturated as the rim
    itself; a magenta rim on a tan mat, a red one). Its paint, read across it, may be ``b``'s.
    Its colour lies near the line from ``b``'s to the surface's, within ``BLUR_OFF_SHARE`` of
    its length (8 Lab units at least): that fringe lies a tenth of it off, where a cyan rim of
    its own round a blue figure lies a fifth (turned case 62464, and the shared picture
    raised/303 with its hue turned 8 degrees: the rim was taken for the figure's blur, and the
    figure read as the base).
    A blur spreads evenly round its rim: the ring lies about its centre, as :func:`inside`'s
    blur ring does (``BLUR_CENTRE_IN``), where enough of it is seen for its centre to tell
    (``BLUR_CENTRED_SEEN``: a blue rim's cyan fringe seen on 46 % of its circle, on one side,
    was fitted 0.13 in off the rim's centre in the shared picture flat/202 through JPEG 60).
    Off it is another rim round a figure that leans out of it (turned case 56764: a pale
    yellow rim round a red-brown figure 0.14 in off its centre, seen on 79 % of its circle).
    ``b``'s colour is its ring's, where its score peaks, or its own paint (``paint_ab``, read
    in its outer 3 mm): a rim 2 px wide round a figure of another colour peaks on their
    mix (army case 152692: a blue rim round a red-brown figure peaks 25 degrees toward red,
    and its cyan fringe lies 17 % of that line's length off it, 7 % off its paint's).

    >>> turf = (-34.0, 27.0)
    >>> rim = Base(4.50, 21.75, 40, "blue", 0.718, 1.0, 0.019, chroma=25.6, ab=(-1.3, -25.6))   # turned case 48112
    >>> fringe = Base(4.50, 21.75, 50, "cyan", 0.903, 0.54, 0.011, chroma=23.7, ab=(-23.7, -1.4))
    >>> from dataclasses import replace
    >>> blur_of(fringe, rim, turf), blur_of(replace(fringe, x_in=4.64), rim, turf)   # 0.14 in off, seen on 54 %
    (True, True)
    >>> blur_of(replace(fringe, x_in=4.64, coverage=0.79), rim, turf)     # seen on 79 %: its centre tells
    False
    >>> thin = Base(11.39, 3.27, 30, "blue", 0.516, 0.71, 0.019, ab=(12.5, -14.4), paint_ab=(8.2, -28.6))
    >>> ring = Base(11.38, 3.28, 40, "cyan", 0.684, 0.62, 0.010, ab=(-19.5, -0.8))   # army case 152692
    >>> blur_of(ring, thin, (-35.0, 27.0)), blur_of(ring, replace(thin, paint_ab=None), (-35.0, 27.0))
    (True, False)
    >>> figure = Base(7.76, 22.62, 30, "blue", 0.549, 1.0, 0.034, edges=1, chroma=41.5, ab=(19.3, -36.7))
    >>> cyan = Base(7.70, 22.57, 40, "cyan", 0.739, 0.96, 0.023, chroma=27.7, ab=(-15.5, -22.9))
    >>> blur_of(cyan, figure, (-36.0, 27.0))       # raised/303, its hue turned 8 degrees
    False
    """
    return bool(hue_angle(a.ab, b.ab) > np.radians(20) and _ring_within(b, a, 1.0) and
                a.radius_in - b.radius_in <= 5 * MM and
                (a.coverage < BLUR_CENTRED_SEEN or math.hypot(a.x_in - b.x_in, a.y_in - b.y_in) < BLUR_CENTRE_IN) and
                (blends(b.ab, a.ab, surface_ab, BLUR_OFF_SHARE) or _fringe_of_own_paint(a, b, surface_ab)))


def _fringe_of_own_paint(a: Base, b: Base, surface_ab) -> bool:
    """``a``'s colour is a blend of ``b``'s own paint into the surface (:func:`blur_of`): near
    that line, of another hue than the paint, and a quarter of the way to the surface at
    least. A ring of about the paint's own colour, near its end of the line, is no blur of
    it: a cyan rim round a figure read in blue with a cyan paint (army case 154636: 21
    degrees off that paint, a fifth of the way along), or a yellow rim's two readings.

    >>> rim = Base(3.88, 4.48, 40, "cyan", 0.837, 1.0, 0.019, ab=(-26.5, -3.3))
    >>> inner = Base(3.88, 4.47, 40, "blue", 0.762, 1.0, 0.031, ab=(-7.4, -10.9), paint_ab=(-23.2, -12.2))
    >>> _fringe_of_own_paint(rim, inner, (-37.0, 30.0))
    False
    """
    if b.paint_ab is None or hue_angle(a.ab, b.paint_ab) <= np.radians(20):
        return False
    t, _, _ = blend_position(a.ab, b.paint_ab, surface_ab)
    return float(t) >= BLUR_PAINT_ALONG and bool(blends(b.paint_ab, a.ab, surface_ab, BLUR_OFF_SHARE))


def better(a: Base, b: Base) -> bool:
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
    >>> better(rim, figure), better(figure, rim)
    (True, False)
    >>> cyan = Base(10.284, 6.29, 40, "cyan", 0.8, 1.0, 0.0097, edges=1, chroma=35.0)   # wide case 20038
    >>> blend = Base(9.749, 6.253, 30, "green", 0.68, 0.5, 0.0583, chroma=18.5)
    >>> better(cyan, blend), better(blend, cyan)
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


def neighbours_of(bases, colour: str, centre, radius_in: float) -> list[Base]:
    """The bases of ``colour`` that touch a rim of outer radius ``radius_in`` at ``centre``, a
    circle not yet measured (``bases._touching`` is for a base). One it overlaps is no neighbour:
    it may be that rim's own cloak, measured as a base.

    >>> near, cloak = Base(2.0, 0.0, 40, "red", 0.8, 1, 0), Base(0.3, 0.0, 40, "red", 0.8, 1, 0)
    >>> [b.x_in for b in neighbours_of([near, cloak, Base(2.0, 0.0, 40, "blue", 0.8, 1, 0)], "red", (0.0, 0.0), 1.2)]
    [2.0]
    """
    return [b for b in bases if b.color == colour and
            nominal_radius(b) + radius_in - 0.2 < np.hypot(b.x_in - centre[0], b.y_in - centre[1])
            < nominal_radius(b) + radius_in + 0.1]
