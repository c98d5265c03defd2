"""Where a rim's edges and paint lie along the rays the finder reads across it: the rays
themselves, the circle of an outer edge seen alone, the size it names, how much wider than
the base the picture shows an outer edge (:func:`outer_spreads`), the edge where the colour is halfway to the
surface's (in RGB, :func:`halfway_radius`; on the line from the surface's colour to the team's,
:func:`mixed_radius`), and the rim's own paint (:func:`rim_paint`, :func:`own_paint`). Plain arrays in, numbers out
(board inches; the Lab samples already read from the image).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from companion.vision.base_reading import MM, SIZE_WITHIN_MM, SIZES_MM, Base
from companion.vision.circles import consensus_circle, crossings, falls_below, robust_circle
from companion.vision.stats import median, row_medians

RAYS = 60
SAMPLES = 48                # along each ray
DIRS = np.column_stack([np.cos(np.linspace(0, 2 * np.pi, RAYS, endpoint=False)),
                        np.sin(np.linspace(0, 2 * np.pi, RAYS, endpoint=False))])
MAX_RESIDUAL_IN = 0.06   # a clean rim fits its circles to ~0.005 in; a small, noisy, JPEG one to ~0.05
OUTER_RADII_IN = ((SIZES_MM[0] / 2 - 3) * MM, (SIZES_MM[-1] / 2 + 5) * MM)   # a rim's outer edge, any size
OWN_PAINT_LINE = 0.25    # a rim's own paint lies within this slope of the line from the surface through its team's colour
CONSENSUS_IN = 0.03      # an outer edge point this near a circle lies on it (a pixel at 33 px/in; a looser
#                          tolerance, a pixel at 16 px/in, finds rings in noise: 6 more invented in 2,000 pictures)


def circle_planes(x: float, y: float, rho: np.ndarray) -> np.ndarray:
    """Board points on circles of radii ``rho`` (inches, 1-D) about (``x``, ``y``), one on each
    ray, as x and y planes (2 x len(rho) x RAYS): the form the finder's ``_sample`` reads.

    >>> xy = circle_planes(1.0, 2.0, np.array([0.5]))
    >>> xy.shape, [round(float(v), 6) for v in xy[:, 0, 0]]
    ((2, 1, 60), [1.5, 2.0])
    """
    xy = np.asarray(rho, float)[:, None] * DIRS.T[:, None, :]
    xy[0] += x
    xy[1] += y
    return xy


def _from_centre(rho: np.ndarray, centre: np.ndarray, rows: np.ndarray, c: np.ndarray) -> np.ndarray:
    """How far from a rim's centre ``c`` each sample lies of the rays ``rows`` cast from ``centre``
    (a few hundredths of an inch off it) at the radii ``rho``: rows x samples, inches."""
    u = DIRS[rows]
    dx, dy = centre[0] - c[0], centre[1] - c[1]
    ex, ey = dx + rho[None, :] * u[:, :1], dy + rho[None, :] * u[:, 1:]
    return np.sqrt(ex * ex + ey * ey)


def rim_paint(lab: np.ndarray, rho: np.ndarray, centre: np.ndarray, rows: np.ndarray, c: np.ndarray,
              ro: float, surface_ab=(0.0, 0.0)) -> np.ndarray:
    """The rim's own paint (Lab), whatever colour found it: on each ray of ``rows``, the sample
    within the rim's outer 3 mm that lies furthest from ``surface_ab`` (Lab a, b), the median
    over the rays. From grey, the default, that is the most saturated sample: a rim's blend
    into a grey surface or into the base's top is duller than its paint. Turf is more
    saturated than a pale rim, and there the most saturated pixels of a pale cyan rim 3 mm
    wide are its blend, turned 30 degrees toward the turf; from the turf's own colour, the
    furthest are its paint (the detector asks this only where the most saturated name no
    team: :meth:`~companion.vision.rim_measure.RimMeasure._far_paint_name`). The rays start at
    ``centre``, a few hundredths of an inch from the rim's centre ``c``; the band is measured
    from ``c``.

    >>> rho = np.linspace(0.85, 1.0, 16)                               # inches from the centre
    >>> ramp = np.clip((rho - 0.93) / 0.07, 0.0, 1.0)[:, None]         # a pale cyan rim into turf
    >>> ab = (1 - ramp) * (-26.0, -14.0) + ramp * (-35.0, 28.0)
    >>> lab = np.broadcast_to(np.column_stack([np.full(16, 55.0), ab]), (RAYS, 16, 3))
    >>> rows, c = np.arange(RAYS), np.zeros(2)
    >>> [round(float(v)) for v in rim_paint(lab, rho, c, rows, c, 1.0, (-35.0, 28.0))]
    [55, -26, -14]
    >>> [round(float(v)) for v in rim_paint(lab, rho, c, rows, c, 1.0)][1:]   # the most saturated: a blend
    [-32, 16]
    """
    d = _from_centre(rho, centre, rows, c)
    sub = lab[rows]
    sa, sb = surface_ab
    far2 = np.where((d > ro - 3 * MM) & (d < ro - 0.3 * MM), (sub[..., 1] - sa) ** 2 + (sub[..., 2] - sb) ** 2, -1.0)
    best = sub[np.arange(len(rows)), np.argmax(far2, axis=1)]
    return row_medians(best.T)


def outer_circle(outer: np.ndarray, centre: np.ndarray, r0: float):
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


def outer_size(diameter: float) -> int | None:
    """The size a rim's outer edge alone names, ``diameter`` mm across (its spread taken off):
    the nearest within 3.5 mm; between two sizes the smaller (blur, and a raised rim's cloak
    leaning out, spread the outermost ring's edge outward, never inward, by up to 5 mm);
    None if that is more than 5.5 mm off.

    >>> outer_size(41.0), outer_size(44.5), outer_size(26.0), outer_size(57.0)
    (40, 40, 30, None)
    """
    size = min(SIZES_MM, key=lambda s: abs(s - diameter))
    if abs(size - diameter) > SIZE_WITHIN_MM:
        size = max((s for s in SIZES_MM if s < diameter), default=size)
    return None if abs(size - diameter) > 5.5 else size


def outer_spreads(bases: list[Base], least: int = 3) -> dict[str | None, float]:
    """How much wider than the base a rim's half-score outer edge reads in this picture
    (diameter, mm), as its readings with both edges show it: their size comes from the rim's
    centre line, which a blur widening the rim to both sides does not move, so their outer
    diameter less their size is the spread. It is what the picture's blur and encoding do,
    whatever they are: JPEG keeps colour at half resolution, and at quality 75 smears a dull
    rim's colour 2 mm out at 16-20 px/in, 4 mm under 16.

    Under ``None``, the median over all of them (none with fewer than ``least``: then the dict
    is empty); under each colour that has readings of its own, the smaller of that and its own
    median: the smear depends on the paint against the surface (on orange wood a magenta rim
    spreads 3.5 mm where a green one reads 1.2 mm inside), so a colour with none of its own
    takes no spread from the others' (:meth:`RimMeasure._outer_spread_mm`).

    >>> two = [Base(0.0, 0.0, 30, "red", (30 + s) / 2 * MM, 1.0, 0.01) for s in (1.5, 2.0, 3.0)]
    >>> {k: round(v, 6) for k, v in outer_spreads(two).items()}, outer_spreads(two[:2])
    ({None: 2.0, 'red': 2.0}, {})
    >>> green = Base(3.0, 0.0, 40, "green", (40 - 1.2) / 2 * MM, 1.0, 0.01)
    >>> round(outer_spreads(two + [green])["green"], 6)
    -1.2
    """
    two = [b for b in bases if b.edges == 2]
    if len(two) < least:
        return {}
    spread = lambda group: median(np.array([2 * b.radius_in / MM - b.diameter_mm for b in group]))  # noqa: E731
    picture = spread(two)
    out: dict[str | None, float] = {None: picture}
    for colour in {b.color for b in two}:
        out[colour] = min(picture, spread([b for b in two if b.color == colour]))
    return out


def resized(bases: list[Base], spread_mm: Callable[[Base], float]) -> list[Base]:
    """``bases`` with those sized by their outer edge alone at half the score (not by the
    halfway edge) sized again, with the spread ``spread_mm`` gives for each (diameter, mm)
    taken off their outer diameter.

    >>> loose = Base(0.0, 0.0, 40, "yellow", 39.2 / 2 * MM, 0.67, 0.03, edges=1)   # turned case 25393
    >>> [resized([loose], lambda b: spread)[0].diameter_mm for spread in (0.8, 5.47)]    # the model, the picture
    [40, 30]
    """
    out = []
    for b in bases:
        if b.edges == 1 and not b.halfway:
            size = outer_size(2 * b.radius_in / MM - spread_mm(b))
            if size is not None and size != b.diameter_mm:
                b = replace(b, diameter_mm=size)
        out.append(b)
    return out


def halfway_radius(lab: np.ndarray, score: np.ndarray, rho: np.ndarray, centre: np.ndarray, rows: np.ndarray,
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



def mixed_radius(lab: np.ndarray, rho: np.ndarray, peak_at: np.ndarray, centre: np.ndarray, rows: np.ndarray,
                 c: np.ndarray, paint_ab, surface_ab) -> float | None:
    """The radius about ``c`` of a rim's outer edge where, going out from each ray's peak
    (``peak_at``), the colour is half the paint's (``paint_ab``, Lab a, b) and half the
    surface's: its projection on the line between them. The median over the rays ``rows``
    (cast from ``centre``) that reach the paint's colour at least 0.6 of the way; None when
    under half of them do, or the two colours lie too close for a line.

    On a coloured surface the team score falls to half well inside the edge (turf scores far
    below nothing: a cyan rim on turf at 16 px/in reads 3.5 mm narrow), and JPEG's coarse
    colour moves it further in; the mix moves only as far as the blur is uneven.
    """
    sa, sb = surface_ab
    pa, pb = paint_ab[0] - sa, paint_ab[1] - sb
    n2 = pa * pa + pb * pb
    if n2 < 100.0:                          # the paint is the surface's colour: no line between
        return None
    frac = ((lab[rows, :, 1] - sa) * pa + (lab[rows, :, 2] - sb) * pb) / n2
    top = frac[np.arange(len(rows)), peak_at[rows]] >= 0.6
    r, _, found, _ = crossings(frac, rho, peak_at[rows], 0.5)
    ok = top & found
    if np.count_nonzero(ok) < 0.5 * len(rows):
        return None
    pts = centre + r[ok, None] * DIRS[rows[ok]]
    return median(np.hypot(pts[:, 0] - c[0], pts[:, 1] - c[1]))


def own_paint(lab: np.ndarray, surface_ab, learned_ab) -> tuple[float, float, float] | None:
    """A rim's own paint (Lab) from its rays' samples ``lab`` (rays x samples x 3): on each ray
    the sample furthest from the surface's colour along the line from it through the colour
    the picture learned for the rim's team (``learned_ab``), within ``OWN_PAINT_LINE`` of that
    line (another paint, a figure's, lies off it); the median over the rays where that lies
    beyond the learned colour, or None when under 40 % do. On a coloured surface a thin rim's
    pixels are mostly its blend into the surface, and its team's colour can be learned from
    that blend: the paint lies further along the line.

    >>> ramp = np.linspace(0.0, 1.0, 9)[:, None]          # across a cyan rim into turf
    >>> ab = (1 - ramp) * (-25.0, -18.0) + ramp * (-33.0, 28.0)
    >>> lab = np.broadcast_to(np.column_stack([np.full(9, 50.0), ab]), (RAYS, 9, 3))
    >>> [round(v) for v in own_paint(lab, (-33.0, 28.0), (-30.0, -3.0))]   # learned from the blend
    [50, -25, -18]
    >>> own_paint(lab, (-33.0, 28.0), (-22.0, -40.0)) is None   # learned further out than the rim shows
    True
    """
    sa, sb = surface_ab
    da, db = learned_ab[0] - sa, learned_ab[1] - sb
    n = math.hypot(da, db)
    if n < 1.0:
        return None
    ua, ub = da / n, db / n
    ra, rb = lab[..., 1] - sa, lab[..., 2] - sb
    t = ra * ua + rb * ub
    t[np.abs(ra * ub - rb * ua) > OWN_PAINT_LINE * t] = -np.inf
    at = np.argmax(t, axis=1)
    rows = np.arange(len(lab))
    beyond = t[rows, at] > n
    if np.count_nonzero(beyond) < len(lab) * 0.4:
        return None
    paint = lab[rows[beyond], at[beyond]]
    return median(paint[:, 0]), median(paint[:, 1]), median(paint[:, 2])
