"""Where a colour lies between a paint and the surface: a rim's blend, a blur, a shade.

A rim blurs into the surface round it, and a thin one (3 mm at 16-20 px/in, 2-3 px) is
nowhere its own paint: its colour lies on the straight line, in Lab (a, b), from its paint
to the surface's colour. These are the measures of that line the detector asks: where a
colour lies against it (:func:`blend_position`), whether it is on it (:func:`blends`, and the
stricter :func:`between`), which team's line it lies on (:func:`blended_paint`), and whether
it is too light to be a blend at all (:func:`lighter_than_blend`: two colours mixed are no
lighter than both).

>>> turf, blue = (-35.0, 28.0), (14.0, -36.0)
>>> halfway = (-10.5, -4.0)
>>> bool(blends(blue, halfway, turf)), between(halfway, blue, turf)
(True, True)
"""

from __future__ import annotations

import math

import numpy as np

from companion.vision.colours import grey_surface

BLEND_LIGHTER = 8.0         # a blend of a paint and the surface is no lighter than both by more than this (L)
NEUTRAL_OFF = 8.0           # a blend of the surface with grey (a line, a top, a shadow) lies this near its line
BLEND_MOST_SURFACE = 0.75   # a thin rim's paint read as a blend: at least a quarter of it the team's


def blend_position(ab, paint_ab, surface_ab, beyond: float = 0.0):
    """Where colours ``ab`` (Lab a, b in the last axis) lie against the line from a paint's
    colour ``paint_ab`` to the surface's ``surface_ab``, along which the paint's blurred edge
    runs: (t, how far along it, 0 to 1; their distance from it there) and the line's length.
    With ``beyond``, the line runs on past the paint, away from the surface, by that share of
    its length (t from -``beyond``): a paint lit brighter or blurred less lies out there.

    >>> t, off, length = blend_position(np.array([[5.0, 1.0], [20.0, 0.0]]), (0.0, 0.0), (10.0, 0.0))
    >>> t.tolist(), off.tolist(), length
    ([0.5, 1.0], [1.0, 10.0], 10.0)
    >>> t, off, _ = blend_position((-8.0, 3.0), (0.0, 0.0), (10.0, 0.0), beyond=1.0)
    >>> float(t), float(off)
    (-0.8, 3.0)
    """
    ab, p = np.asarray(ab, float), np.asarray(paint_ab, float)
    span = np.asarray(surface_ab, float) - p
    length2 = float(span @ span)
    da, db = ab[..., 0] - p[0], ab[..., 1] - p[1]
    # (a line of no length, the paint the surface's own colour: every colour is at its one point)
    t = np.clip((da * span[0] + db * span[1]) / (length2 or 1.0), -beyond, 1.0)
    return t, np.hypot(da - t * span[0], db - t * span[1]), math.sqrt(length2)


def blends(paint_ab, ab, surface_ab, share: float = 0.25) -> bool:
    """Colour ``ab`` (Lab a, b; or many, in a last axis) lies between ``paint_ab`` and the
    surface's ``surface_ab``: a blend of the two (a rim's blurred edge, a shade of its paint),
    within ``share`` of the line's length of it (8 Lab units at least).

    >>> green, mat = (-27.0, 24.0), (3.0, 17.0)
    >>> blends(green, np.array([[-14.0, 25.4], [-24.8, 3.0]]), mat).tolist()   # its shade; cyan
    [True, False]
    """
    _, off, length = blend_position(ab, paint_ab, surface_ab)
    return off <= max(8.0, share * length)


def between(ab, paint_ab, surface_ab, least: float = 4.0, share: float = 0.08) -> bool:
    """Colour ``ab`` (Lab a, b) lies on the line from ``paint_ab`` to the surface's ``surface_ab``,
    well inside it: a blend of the two, not a paint of its own (stricter than :func:`blends`).
    On the line: within ``share`` of its length of it, and ``least`` Lab units at least.

    >>> mat, magenta = (7.0, 13.0), (35.0, -9.5)
    >>> between((16.0, 4.6), magenta, mat), between((43.0, 14.0), magenta, mat)
    (True, False)
    """
    t, off, length = blend_position(ab, paint_ab, surface_ab)
    return length > 0 and 0.15 <= float(t) <= 0.85 and float(off) <= max(least, share * length)


def blend_reach(length):
    """How far off a colour's line to the surface (``length`` Lab units long; or many) a colour
    may lie and be a blend on it: 8 % of the line's length, and 3 at least.

    >>> float(blend_reach(20.0)), float(blend_reach(100.0))
    (3.0, 8.0)
    """
    return np.maximum(3.0, 0.08 * length)


def off_mixes(ab, paint_ab, surface_ab) -> float:
    """How far colour ``ab`` (Lab a, b) lies from every mix of a paint ``paint_ab``, the
    surface's ``surface_ab`` and grey (0 inside their triangle). A rim blurs into the surface
    and into its base's dark top, and a dim light or a pale rim's blur greys it: a red rim in
    dim light keeps red's hue at half its chroma, off red's line to the turf (by 13 Lab units
    in turned case 85148) but on its line to grey.

    >>> turf = (-37.0, 30.0)
    >>> round(off_mixes((22.9, 12.2), (42.7, 23.7), turf), 1), round(off_mixes((22.9, 12.2), (23.0, -1.3), turf), 1)
    (0.4, 11.9)
    >>> off_mixes((-5.0, 10.0), (42.7, 23.7), turf), round(off_mixes((60.0, 0.0), (42.7, 23.7), turf), 1)
    (0.0, 29.3)
    """
    x, y = float(ab[0]), float(ab[1])
    corners = ((float(paint_ab[0]), float(paint_ab[1])), (float(surface_ab[0]), float(surface_ab[1])), (0.0, 0.0))
    (px, py), (sx, sy), _ = corners
    # a triangle, not a line (a grey paint, a grey surface): its area against its size, whatever
    # the size (a triangle 1e-5 Lab across has an area of 5e-11, and is one)
    if abs(px * sy - py * sx) > 1e-9 * (px * px + py * py + sx * sx + sy * sy):
        sides = [(bx - ax) * (y - ay) - (by - ay) * (x - ax)      # which side of each edge
                 for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1])]
        if all(v >= 0 for v in sides) or all(v <= 0 for v in sides):
            return 0.0
    # outside: the nearest of its three edges, each a line of blends (blend_position's distance)
    return min(float(blend_position((x, y), a, b)[1]) for a, b in zip(corners, corners[1:] + corners[:1]))


def lighter_than_blend(L: float, paint_L: float, surface_L: float | None, at: float | None = None) -> bool:
    """Whether a colour of lightness ``L`` is too light to be a blend of a paint (``paint_L``)
    and the surface (``surface_L``): a blend of two colours is no lighter than both, by
    ``BLEND_LIGHTER`` (False when the surface's lightness is not known). ``at``: how far along
    the line from the paint to the surface the colour lies (:func:`blend_position`'s t); it is
    then held to the blend there, the two mixed in light (luminance, as a blur mixes them).

    >>> lighter_than_blend(66.9, 38.2, 42.4), lighter_than_blend(49.0, 46.7, 42.7), lighter_than_blend(90.0, 1.0, None)
    (True, False, False)
    >>> lighter_than_blend(49.6, 35.3, 41.6), lighter_than_blend(49.6, 35.3, 41.6, at=0.47)   # 38.5 there
    (False, True)
    """
    if surface_L is None:
        return False
    if at is None:
        return L > max(paint_L, surface_L) + BLEND_LIGHTER
    t = min(max(float(at), 0.0), 1.0)
    return L > _lightness((1 - t) * _luminance(paint_L) + t * _luminance(surface_L)) + BLEND_LIGHTER


def _luminance(L: float) -> float:
    """CIE luminance Y (0-1) of Lab lightness ``L``: blurred colours mix in it, not in L."""
    f = (L + 16.0) / 116.0
    return f ** 3 if f > 6 / 29 else (f - 4 / 29) * 3 * (6 / 29) ** 2


def _lightness(Y: float) -> float:
    """Lab lightness of CIE luminance ``Y`` (0-1): :func:`_luminance` undone."""
    f = Y ** (1 / 3) if Y > (6 / 29) ** 3 else Y / (3 * (6 / 29) ** 2) + 4 / 29
    return 116.0 * f - 16.0


def blur_of_paint(lab, paint_lab, surface: tuple[float, float], surface_L: float | None) -> bool:
    """Whether colour ``lab`` (Lab) can be paint ``paint_lab`` blurred into the surface: on the
    line from the paint to the surface (:func:`blends`), and no lighter than the two mixed in
    light where it lies along it (:func:`lighter_than_blend`; ``surface_L`` the surface's
    lightness, when known).

    >>> sand, turf = (49.8, 7.3, 18.9), (-35.0, 28.0)
    >>> blur_of_paint((58.8, -6.5, 32.4), sand, turf, None), blur_of_paint((58.8, -6.5, 32.4), sand, turf, 42.7)
    (True, False)
    >>> blur_of_paint((50.0, 40.0, -30.0), sand, turf, 42.7)           # off their line
    False
    """
    if not blends(paint_lab[1:], lab[1:], surface):
        return False
    t, _, _ = blend_position(lab[1:], paint_lab[1:], surface)
    return not lighter_than_blend(lab[0], paint_lab[0], surface_L, at=float(t))


def blended_paint(ab, colours, surface_ab) -> str | None:
    """The colour of ``colours`` whose blend into the surface's ``surface_ab`` a rim's paint
    ``ab`` (Lab a, b) is, when its hue is no palette colour's; None if none is, or more than
    one could be. A thin rim seen at few pixels an inch, more so through JPEG's coarse chroma,
    is nowhere its own paint: its most saturated pixel is a mix with the surface, and on turf
    that mix turns its hue 30 degrees or more (a yellow toward green, a cyan toward turf's
    yellow-green). Its colour is the one whose line to the surface's passes through ``ab``
    (within 8 % of its length) at least a quarter of the way from the surface, when

    - no other colour's line passes near (within its own reach, or twice as near as this
      one's plus 2) where ``ab`` would be a quarter of that colour or more: every line meets
      at the surface, and a blue's runs close to a dull cyan's there. A saturated blue's line
      is long, and a paint as near the surface as a third of a dull cyan is a fifth of blue:
      no rim a circle was drawn round is that faint;
    - ``ab`` is not the surface mixed with grey (a white line, a grey top, a shadow): a blue
      rim's blend into turf passes close by grey, and so would turf under a white line.

    On a grey surface the blend keeps the hue, so there is nothing to undo.

    >>> from companion.vision.colours import TeamColour
    >>> turf = (-34.0, 28.0)
    >>> yellow, cyan = TeamColour("yellow", (69.0, -1.0, 43.0)), TeamColour("cyan", (60.0, -30.0, -25.0))
    >>> blended_paint((-24.0, 33.0), [yellow, cyan], turf)     # 30 % yellow, 70 % turf
    'yellow'
    >>> blended_paint((-31.0, 6.0), [yellow, cyan], turf)      # 40 % cyan
    'cyan'
    >>> blended_paint((-33.0, 26.0), [yellow, cyan], turf) is None   # the turf itself
    True
    >>> blended_paint((10.0, 10.0), [yellow, cyan], (0.0, 0.0)) is None   # on grey felt
    True
    >>> blue = TeamColour("blue", (38.0, 14.0, -36.0))
    >>> blended_paint((-22.0, 17.0), [blue, yellow], turf) is None   # turf and a white line
    True
    >>> dull_cyan = TeamColour("cyan", (53.0, -27.0, -2.0))
    >>> blended_paint((-27.0, 12.0), [blue, dull_cyan], (-32.0, 28.0))   # 55 % dull cyan, 20 % blue
    'cyan'
    >>> blended_paint((-24.0, 13.0), [blue, dull_cyan], (-32.0, 28.0)) is None   # nearest blue's, 21 %
    True
    >>> pale_blue = TeamColour("blue", (58.0, -24.0, -30.0))          # its line runs along cyan's
    >>> blended_paint((-31.0, 6.0), [pale_blue, cyan], turf) is None    # either's blend
    True
    """
    if grey_surface(surface_ab):
        return None
    ab = np.asarray(ab, float)
    if float(blend_position(ab, (0.0, 0.0), surface_ab)[1]) < NEUTRAL_OFF:
        return None
    lines = []            # (how far off its line, how far off it may be, how far along it, colour)
    for c in colours:
        t, off, length = blend_position(ab, c.lab[1:], surface_ab)
        if length > 0:
            lines.append((float(off), float(blend_reach(length)), float(t), c.name))
    lines.sort()
    if not lines or lines[0][0] > lines[0][1] or lines[0][2] > BLEND_MOST_SURFACE:
        return None
    best = lines[0][0]
    if any(off <= max(reach, 2 * best + 2.0) and t <= BLEND_MOST_SURFACE for off, reach, t, _ in lines[1:]):
        return None
    return lines[0][3]
