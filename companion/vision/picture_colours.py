"""The team colours a picture shows, learned from its own pixels (:func:`picture_colours`),
and how a cluster of them, or a rim's paint, is named for a palette colour.

The palette (TABLE_SPEC's colours and any taught ones) only names what the picture shows:
paint, white balance and light turn a team's colour, and its figures, cloaks and the rims'
blur into the surface make clusters of their own, which this module tells apart from a
team's rims.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from companion.vision.blends import between, blend_position, blend_reach, blends, blur_of_paint, lighter_than_blend
from companion.vision.colours import MIN_CHROMA, Palette, TeamColour, grey_surface, hue_gap, hue_turn
from companion.vision.stats import median, percentile

SURFACE_GAP_DEG = 35.0   # a pixel this close in hue to the surface is the surface
NAME_WITHIN_DEG = 45.0   # a cluster is named after the palette colour this close in hue
BINS = 180               # 2-degree hue bins
COLOURED_SURFACE = 30.0  # a surface this colourful (Lab chroma: turf ~45, a sand mat ~25) rules out its hue
MERGE_DEG = 20.0         # two clusters closer in hue than this are one team's paint
TEAMS_APART_DEG = 30.0   # two teams' rims lie at least this far apart in hue (the palette's nearest: 42)
TEAM_SHARE = 0.15        # a team's paint is at least this share of the strongest cluster's (teams field alike)
APART_SHARE = 0.5        # a cluster with fewer of its pixels than this near a stronger one's lies apart
APART_MM = 21.0          # near: within a 50 mm base's top (its blur, a top, a figure are all this near its rim),
NEAR_PAINT_MM2 = 20.0    # where a stronger colour has this much paint (a few stray pixels do not count)
APART_RIMS_MM2 = 200.0   # this much of a cluster's paint apart is a team's rims, whatever its share of paint
#                          (a 30 mm rim 3 mm wide is 254 mm2)
PAINT_CHROMA = 0.5       # a cluster with less than a team's share of paint is a team's only with this share
#                          of its palette colour's chroma (real paint has 0.6-1.1; a sand top, a quarter of yellow's)
TIE_DEG = 18.0           # two palette colours this near (spread degrees, see _spread_gap) to a cluster: a tie
BLEND_NEAR = 12.0        # a cluster this near (Lab a, b) a paint's line into the surface can be its blend
#                          (and, off its reach, no lighter than both by more than BLEND_LIGHTER)
SPREAD_PAD_DEG = 15.0    # the light's tint, the white balance and a rim's blur widen every paint's spread
LIT_L = 15.0             # a pixel near the turf's colour this much lighter than it can be a pale rim's
LIT_CHROMA = 25.0        # ... with at least this chroma (a white line's blur into turf is duller)
LIT_GAP_DEG = 12.0       # ... and this far from the turf in hue (the line's blur keeps the turf's hue)
PALER_L = 15.0           # a peak this much lighter than a turned cluster near it in hue, and ...
PALER_CHROMA = 1.3       # ... this many times as saturated, is another paint (_paler_paint)
_KERNEL = np.exp(-0.5 * (np.arange(-6, 7) / 2.0) ** 2)     # a hue histogram's smoothing, 4 degrees wide
MORE_PAINT = 1.4         # a cluster this much more saturated than a dull one of its name is the name's paint


def picture_colours(a: np.ndarray, b: np.ndarray, L: np.ndarray, palette: Palette,
                    names: list[str] | None = None, min_mass: float = 30.0,
                    max_mass: float = float("inf"), surface: tuple[float, float] | None = None,
                    apart=None, surface_L: float | None = None, passed: list | None = None) -> list[TeamColour]:
    """The team colours a picture shows, learned from its own pixels (Lab, float, a and b centred).

    Rims are found by shape; their colour is what this picture's light, white balance
    and paint make of it. The colourful pixels that are not the surface are clustered
    by hue (a chroma-weighted hue histogram's peaks); each cluster takes the name of
    the nearest palette colour (the nominal TABLE_SPEC colours and any taught ones; in
    paint hue on a grey surface, see :func:`_name_gap`), and its Lab is the cluster's own.
    ``names`` limits the result to those teams. A cluster of more than ``max_mass``
    pixels is no team's rims (a hand, a sleeve, a cloth).
    ``surface``: the surface's own (a, b), when the caller has measured it; ``surface_L``, its
    lightness (the median of every fifth of ``L``), likewise.
    ``apart(weak, stronger)``: how much of a cluster's paint lies apart from every stronger
    one's in the picture, (share, mm2) (:func:`paint_apart`). A cluster on the line from a
    stronger one to the surface is that one's blur, unless a rim's worth of its paint lies
    apart (``APART_RIMS_MM2``), or most of it does and it has as much paint as a team shows
    (``TEAM_SHARE`` of the strongest cluster's). One with less than a team's share is a team's
    only if it is as saturated as paint (``PAINT_CHROMA``): a pale cyan team beside blue ones
    with figures and cloaks of their colour has a twentieth of blue's paint, sand tops
    beside a red team a tenth. A cluster lighter than any blend of the stronger colour and
    the surface (:func:`lighter_than_blend`) is asked that for its lightness (:func:`as_paint`):
    yellow rims in a dim light lie on red's line to the turf, 8 lighter than red and the turf.
    ``passed``: a list, filled with the clusters that wanted a name and did not keep it,
    strongest first (named as they wanted). On a surface as colourful as turf, a wanted name
    no cluster holds can go to pixels near its colour but far lighter (:func:`_lit_colour`).

    >>> from companion.vision.colours import lab_of_rgb
    >>> pal = Palette.nominal()
    >>> lab = np.array([lab_of_rgb((60, 150, 60))] * 900 + [lab_of_rgb((70, 90, 150))] * 60)
    >>> found = picture_colours(lab[:, 1], lab[:, 2], lab[:, 0], pal)
    >>> [c.name for c in found]                    # a pale blue on a green surface is still blue
    ['blue']
    """
    a, b, L = (np.asarray(v, np.float32).ravel() for v in (a, b, L))
    sa, sb = surface if surface is not None else surface_colour(a, b)
    if surface_L is None:
        surface_L = median(L[::5])     # the board's commonest lightness, as its colour
    # A grey felt under a warm or green light is a little coloured: nothing near the surface's
    # own colour counts, whatever its chroma.
    surface_chroma = float(np.hypot(sa, sb))
    near_surface = max(MIN_CHROMA, 0.6 * surface_chroma)
    colourful = (a * a + b * b >= MIN_CHROMA ** 2) & ((a - sa) ** 2 + (b - sb) ** 2 > near_surface ** 2)
    every_pixel = (a, b, L, colourful)      # (for _lit_colour, asked last)
    a, b, L = (v[colourful].astype(np.float64) for v in (a, b, L))    # the rest is never looked at again
    chroma = np.sqrt(a * a + b * b)        # np.hypot calls libm a pixel at a time: 3x the cost
    hue = np.arctan2(b, a)
    if surface_chroma >= COLOURED_SURFACE:      # a pale mat or a felt takes any team colour
        gap = hue_gap(hue, np.arctan2(sb, sa))
        off = gap > np.radians(SURFACE_GAP_DEG)
        a, b, L, chroma, hue = a[off], b[off], L[off], chroma[off], hue[off]
    every = nameable(palette, None, (sa, sb))
    wanted = nameable(palette, names, (sa, sb))
    if len(a) < min_mass:
        return []
    bins = ((hue + np.pi) / (2 * np.pi) * BINS).astype(int) % BINS
    smooth = _smoothed(bins, chroma)
    # where the peaks lie, by chroma squared: a rim is its hue's most saturated paint, and its
    # peak is not to slide toward a duller neighbour (a sand top beside a yellow rim, a rim's
    # blur into the surface)
    peaked = _smoothed(bins, chroma * chroma)
    counts = np.bincount(bins, minlength=BINS)
    found: dict[str, tuple[float, TeamColour]] = {}
    near_mass = _near_counts(counts)
    peaks = np.nonzero((peaked >= np.roll(peaked, 1)) & (peaked >= np.roll(peaked, -1)) &
                       (near_mass >= min_mass) & (near_mass <= max_mass))[0].tolist()
    kept: list[int] = []
    for k in sorted(peaks, key=lambda k: -smooth[k]):
        # Team colours on one table stand well apart; a weaker peak this close to a stronger
        # one is the same paint (its shades, a figure's cloak, the light across the board).
        if all(min(abs(k - j), BINS - abs(k - j)) * 360 / BINS > MERGE_DEG for j in kept):
            kept.append(k)
    turned = []         # clusters whose palette colour a stronger one far off in hue has (see below)
    second = []         # ... and were not named: the name's, if the stronger one is only a blend
    for k in kept:                                   # strongest first
        centre = (k + 0.5) / BINS * 2 * np.pi - np.pi
        if not wanted:
            break
        h, c_ab, lab = _peak_colour(bins, k, a, b, L, chroma)
        # its colour as near a stronger cluster's as two peaks of one paint: that paint's (its
        # saturated and its duller pixels can peak apart, their colours do not). Not a turned
        # cluster's when far lighter and more saturated than it: pale yellow rims (L 64, hue
        # 89) 18 degrees from their army's brown figures (L 37, hue 69), which turned from
        # red's name as a shade of the red team (army 161804, 21.8 px/in).
        if any(math.degrees(hue_gap(h, f.hue)) < MERGE_DEG for _, f in found.values()) or \
                any(math.degrees(hue_gap(h, math.atan2(t[2][2], t[2][1]))) < MERGE_DEG and
                    not _paler_paint(lab, t[2]) for t in turned):
            continue
        best = _paint_of(centre, lab, wanted, (sa, sb), surface_L)
        if math.degrees(hue_gap(best.hue, centre)) > NAME_WITHIN_DEG:
            continue
        if c_ab < max(15.0, 0.25 * lab[0]):          # tinted white (paper, lines under the light): no paint
            continue
        if best.name not in found:
            found[best.name] = (float(smooth[k]), TeamColour(best.name, lab))
            continue
        if names is not None and _another_paint(found[best.name][1], every, wanted, (sa, sb), surface_L) and \
                _paint_of(centre, lab, every, (sa, sb), surface_L).name == best.name:
            # Told the teams, a stronger cluster took this team's name as the nearest of theirs,
            # though another palette colour is its own (navy figures on magenta bases took
            # magenta): this cluster, the team's paint by the whole palette, takes the name.
            second.append(found[best.name])
            found[best.name] = (float(smooth[k]), TeamColour(best.name, lab))
            continue
        # A stronger cluster already has this name. Near it in hue, or a shade of its paint
        # toward the surface, this is that paint; well apart, and as much paint as a team
        # shows, another team's, its paint turned by the light past the nearest palette hue (a
        # red rim under warm light beside magenta ones, a cyan one on a mat beside green ones):
        # named once every cluster has its first choice, after the nearest name left. (A
        # little of it is a blur ring's colour, or a figure's paint: no team.) A holder too
        # dull to be paint gives the name to a paint of it (:func:`_more_paint`), near or turned.
        taker_mass, taker = found[best.name]
        if math.degrees(hue_gap(taker.hue, centre)) >= TEAMS_APART_DEG:     # (shade: on its line)
            turned.append((float(smooth[k]), centre, lab, best.name, blends(taker.lab[1:], lab[1:], (sa, sb))))
        elif _more_paint(TeamColour(best.name, lab), float(smooth[k]), taker, taker_mass,
                         palette.get(best.name), (sa, sb), surface_L):
            second.append((taker_mass, taker))   # a dull holder (a figure's olive): the paint takes its name
            found[best.name] = (float(smooth[k]), TeamColour(best.name, lab))
        else:
            second.append((float(smooth[k]), TeamColour(best.name, lab)))
    strongest = max((m for m, _ in found.values()), default=0.0)

    def own_team(mass, weak, stronger=None, lighter=False):   # a team of its own on another's line to the surface
        if apart is None:
            return False
        teams_share = mass >= TEAM_SHARE * strongest
        # (lighter than any blend it lies on: as saturated as paint for its lightness)
        if not teams_share and not as_paint(weak, palette.get(weak.name), dimmed=lighter):
            return False
        if stronger is None:
            stronger = [c for m, c in found.values() if m > mass and c.name != weak.name]
        share, area = apart(weak, stronger)
        return area >= APART_RIMS_MM2 or (teams_share and share > 1 - APART_SHARE)
    # A turned cluster is named after the nearest name left, if it has a team's share of paint;
    # one on the stronger team's line (a shade of its paint) is not named. But a weaker cluster
    # that is its blur into the surface, lying along its paint, holds no name of its own: a cyan
    # team's rims turned toward blue, beside a blue team, peak apart from their blur into turf,
    # which lies at cyan's own hue and took the name first. The name goes to the rims when it is
    # their nearest one left, whatever their share of paint (the team is named already); to a
    # shade of the stronger team's paint only when it stands apart from that paint (the
    # stronger team's own blur ring lies along it). A weaker cluster lighter than the turned
    # one and the surface mixed in light, where it lies on their line, is no blur of them:
    # pale yellow rims (L 51) beside their army of brown figures (L 33) on turf, which turned
    # from red's name and would have taken yellow from them.
    for mass, centre, lab, first, shade in turned:                          # strongest first
        paint = TeamColour(first, lab)
        blurs = {n for n, (m, f) in found.items() if m < mass and blur_of_paint(f.lab, lab, (sa, sb), surface_L)
                 and not own_team(m, f, [paint])}
        free = [c for c in wanted if c.name in blurs or (c.name not in found and not shade)]
        best = min(free, key=_name_gap(centre, lab, (sa, sb)), default=None)
        named = best is not None and math.degrees(hue_gap(best.hue, centre)) <= NAME_WITHIN_DEG
        if named and best.name in blurs:
            named = not shade or own_team(mass, TeamColour(best.name, lab), [found[first][1]])
        elif named:
            named = mass >= TEAM_SHARE * strongest
        if named:
            found[best.name] = (mass, TeamColour(best.name, lab))
        elif _more_paint(paint, mass, found[first][1], found[first][0], palette.get(first), (sa, sb), surface_L):
            second.append(found[first])         # the name's own paint, turned from a dull holder's hue
            found[first] = (mass, paint)
        else:
            second.append((mass, paint))

    # (whether a named cluster stands apart is asked once, and only of one that is a blend)
    def kept_as_blend(mass, colour):   # on a stronger one's line to the surface, and no team of its own
        of = [c for m, c in found.values() if m > mass and _a_blend(colour, c, (sa, sb))]
        lighter = all(lighter_than_blend(colour.lab[0], c.lab[0], surface_L) for c in of)
        return bool(of) and not own_team(mass, colour, lighter=lighter)
    kept = [f for f in found.values() if not kept_as_blend(*f)]
    # A name whose cluster is only a stronger team's blend goes to the next cluster it was
    # first choice of: a cyan team's rims blurred into turf peak beside their own paint, and
    # that blur, on a blue team's line too, took the name cyan before the rims' own paint.
    # (Whether a weaker cluster of a name stands apart is asked of the other names' paint.) It
    # must be as saturated as paint, whatever its share: a figure's olive is no yellow team.
    for f in sorted(second, key=lambda f: -f[0]):
        if f[1].name not in {c.name for _, c in kept} and \
                as_paint(f[1], palette.get(f[1].name)) and own_team(*f):
            kept.append(f)
    taken = {c.name for _, c in kept}
    if surface_chroma >= COLOURED_SURFACE and any(c.name not in taken for c in wanted):
        pale = _lit_colour(*every_pixel, (sa, sb), surface_L, min_mass, max_mass, wanted, taken)
        if pale is not None:
            kept.append(pale)
    if passed is not None:
        held = {id(c) for _, c in kept}
        passed.extend(c for _, c in sorted(second, key=lambda f: -f[0]) if id(c) not in held)
    return [colour for _, colour in sorted(kept, key=lambda f: -f[0])]


def _lit_colour(a: np.ndarray, b: np.ndarray, L: np.ndarray, counted: np.ndarray, surface: tuple[float, float],
                surface_L: float, min_mass: float, max_mass: float, wanted: list[TeamColour],
                taken: set[str]) -> tuple[float, TeamColour] | None:
    """A team's paint near a coloured surface's own colour but far lighter: (its mass, the
    colour), or None. Among the picture's pixels ``a``, ``b``, ``L`` those ``LIT_L`` lighter
    than the surface, with ``LIT_CHROMA`` (``counted``: those the other clusters were learned
    from, unless within ``SURFACE_GAP_DEG`` of its hue), the strongest peak of hue at least
    ``LIT_GAP_DEG`` from the surface's (a white line's blur into turf keeps the turf's hue) is
    named as any cluster is, if that name is ``wanted`` and not ``taken``.

    Pale yellow rims turned toward green, 2-3 px wide on turf, lie within ``SURFACE_GAP_DEG``
    of its hue and near its colour, and no cluster was learned from them (army 160288, 16.3
    px/in: L 71, hue 122; the turf L 38, hue 141). They are asked for apart from the other
    clusters, which stay as they were: a pale cyan rim's blur into turf is as light, and
    among them would take its rims' peak.

    >>> from companion.vision.colours import Palette
    >>> n = 400
    >>> pale = (np.full(n, -20.0), np.full(n, 38.0), np.full(n, 70.0), np.zeros(n, bool))
    >>> _lit_colour(*pale, (-33.0, 27.0), 38.0, 50, 1e6, Palette.nominal().colours, {"red"})[1].name
    'yellow'
    >>> _lit_colour(*pale, (-33.0, 27.0), 38.0, 50, 1e6, Palette.nominal().colours, {"yellow"}) is None
    True
    """
    lit = (L >= surface_L + LIT_L) & (a * a + b * b >= LIT_CHROMA ** 2)
    a, b, L, counted = a[lit].astype(np.float64), b[lit].astype(np.float64), L[lit].astype(np.float64), counted[lit]
    if len(a) < min_mass:
        return None
    hue = np.arctan2(b, a)
    gap = hue_gap(hue, math.atan2(surface[1], surface[0]))
    away = (gap >= np.radians(LIT_GAP_DEG)) & (~counted | (gap <= np.radians(SURFACE_GAP_DEG)))
    a, b, L, hue = a[away], b[away], L[away], hue[away]
    if len(a) < min_mass:
        return None
    chroma = np.sqrt(a * a + b * b)
    bins = ((hue + np.pi) / (2 * np.pi) * BINS).astype(int) % BINS
    mass = _near_counts(np.bincount(bins, minlength=BINS))
    k = int(np.argmax(mass))
    if not min_mass <= mass[k] <= max_mass:
        return None
    h, _, lab = _peak_colour(bins, k, a, b, L, chroma)
    best = _paint_of(h, lab, wanted, surface, surface_L)
    if best.name in taken or math.degrees(hue_gap(best.hue, h)) > NAME_WITHIN_DEG:
        return None
    return float(_smoothed(bins, chroma)[k]), TeamColour(best.name, lab)


def _paler_paint(lab, other) -> bool:
    """Whether colour ``lab``, a peak of its own near ``other`` in hue, is another paint by
    being ``PALER_L`` lighter and ``PALER_CHROMA`` times as saturated. (A paint's shades across
    the board keep its hue: a peak of their own apart from it in hue and this much paler is
    not one of them.)

    >>> _paler_paint((64.0, 1.0, 43.0), (37.6, 9.6, 24.6))     # yellow rims beside brown figures
    True
    >>> _paler_paint((50.0, 1.0, 30.0), (37.6, 9.6, 24.6))
    False
    """
    return bool(lab[0] >= other[0] + PALER_L and
                math.hypot(lab[1], lab[2]) >= PALER_CHROMA * math.hypot(other[1], other[2]))


def _near_counts(counts: np.ndarray) -> np.ndarray:
    """How many pixels lie within 8 bins (16 degrees) of each hue bin, round the circle."""
    return np.convolve(np.concatenate([counts[-8:], counts, counts[:8]]), np.ones(17, int), "valid")


def _peak_colour(bins: np.ndarray, k: int, a, b, L, chroma) -> tuple[float, float, tuple[float, float, float]]:
    """The colour of the pixels within 16 degrees of hue bin ``k``: (its hue, its chroma, its
    Lab). Its chroma is their 70th percentile's, the rim's own colour, not its blurred edge."""
    near = (bins - (k - 8)) % BINS <= 16
    c_near = chroma[near]
    c_ab = percentile(c_near, 70)
    h = math.atan2(median(b[near] / c_near), median(a[near] / c_near))
    return h, c_ab, (median(L[near]), c_ab * math.cos(h), c_ab * math.sin(h))


def _smoothed(bins: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The histogram of ``weights`` over the hue ``bins``, smoothed round the circle (4 degrees wide)."""
    hist = np.bincount(bins, weights=weights, minlength=BINS)
    return np.convolve(np.concatenate([hist[-6:], hist, hist[:6]]), _KERNEL, "same")[6:-6]


def nameable(palette: Palette, names: list[str] | None, surface_ab: tuple[float, float]) -> list[TeamColour]:
    """The colours of ``palette`` a rim on this surface can be named (those of ``names`` only,
    when given): on a surface as colourful as turf, none of its own hue (TABLE_SPEC: no green
    rims on a green pitch).

    >>> [c.name for c in nameable(Palette.nominal(), None, (-33.0, 29.0))]
    ['red', 'blue', 'yellow', 'magenta', 'cyan']
    >>> [c.name for c in nameable(Palette.nominal(), ["red", "green"], (0.0, 2.0))]
    ['red', 'green']
    """
    colours = [c for c in palette.colours if names is None or c.name in names]
    if math.hypot(*surface_ab) < COLOURED_SURFACE:
        return colours
    surface_hue = math.atan2(surface_ab[1], surface_ab[0])
    return [c for c in colours if math.degrees(hue_gap(c.hue, surface_hue)) > SURFACE_GAP_DEG]


def surface_colour(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """The surface's own (a, b): the board's commonest colour, the median of its pixels (it
    covers most of the board; every fifth pixel tells it as well as all of them)."""
    a, b = np.asarray(a).ravel(), np.asarray(b).ravel()
    return median(a[::5]), median(b[::5])


def paint_named(lab, name: str, colours: list[TeamColour], surface_ab: tuple[float, float],
                surface_L: float | None = None) -> tuple[str, float]:
    """The colour of ``colours`` a rim's paint ``lab`` is the paint of, as a cluster of it would
    be named (:func:`_paint_of`), and how much nearer it lies to that colour than to colour
    ``name`` (degrees of hue as :func:`_name_gap` weighs them; inf when ``name`` is none of
    ``colours``).

    >>> pal = Palette.nominal().colours
    >>> paint_named((32.0, 33.0, -13.0), "blue", pal, (-33.0, 29.0))[0]       # a magenta rim read as blue
    'magenta'
    >>> name, nearer = paint_named((40.0, 6.5, -34.3), "blue", pal, (-33.0, 29.0))
    >>> name, nearer                                                          # a blue rim
    ('blue', 0.0)
    """
    hue = math.atan2(lab[2], lab[1])
    best = _paint_of(hue, lab, colours, surface_ab, surface_L)
    own = next((c for c in colours if c.name == name), None)
    if own is None:
        return best.name, math.inf
    gap = _name_gap(hue, lab, surface_ab)
    return best.name, math.degrees(gap(own) - gap(best))


def as_paint(colour: TeamColour, nominal: TeamColour, dimmed: bool = False) -> bool:
    """Whether ``colour`` is as saturated as its name's paint can be: ``PAINT_CHROMA`` of the
    ``nominal`` colour's chroma. ``dimmed``: for its lightness (chroma over L + 16, which a
    dimmer light leaves as it is): a yellow rim in a dim light (turned case 101244) is nearly
    as dull in Lab chroma as a sand top, and far darker.

    >>> from companion.vision.colours import NOMINAL_RGB, lab_of_rgb
    >>> yellow = TeamColour("yellow", lab_of_rgb(NOMINAL_RGB["yellow"]))
    >>> dim_rims, sand = TeamColour("yellow", (47.6, -4.3, 34.9)), TeamColour("yellow", (67.8, -3.4, 27.3))
    >>> as_paint(dim_rims, yellow), as_paint(dim_rims, yellow, dimmed=True), as_paint(sand, yellow, dimmed=True)
    (False, True, False)
    """
    if dimmed:
        return bool(colour.chroma / (colour.lab[0] + 16) >= PAINT_CHROMA * nominal.chroma / (nominal.lab[0] + 16))
    return bool(colour.chroma >= PAINT_CHROMA * nominal.chroma)


def paint_apart(a: np.ndarray, b: np.ndarray, inside: np.ndarray, weak: TeamColour, strong: list[TeamColour],
                px_per_mm: float) -> tuple[float, float]:
    """How much of colour ``weak``'s paint lies apart from the paint of colours ``strong`` in
    one picture (Lab a, b, 2-D; ``inside``: where the play area is; ``px_per_mm`` on the
    board): (the share of its pixels, their area in mm2) that have less than
    ``NEAR_PAINT_MM2`` of theirs within ``APART_MM``, each colour's pixels those within 16
    degrees of its hue. A rim's blur into the surface lies along the rim, and a top or a figure
    lies inside a rim; another team's rims stand on their own. On turf, a cyan team's colour
    can lie on the line from blue to the turf, where a blue rim's blur would; a sand top's lies
    on red's line, and inside a blue rim. A few stray pixels of the stronger hue are no paint
    of theirs: a pale cyan rim blended into a red figure passes blue.

    >>> a, b = np.zeros((30, 60)), np.zeros((30, 60))
    >>> blue, cyan = TeamColour("blue", (40.0, 2.0, -37.0)), TeamColour("cyan", (45.0, -19.0, -11.0))
    >>> a[5:8, 5:15], b[5:8, 5:15] = 2.0, -37.0              # a blue rim's arc
    >>> a[8, 5:15], b[8, 5:15] = -19.0, -11.0                # its blur, along it
    >>> inside, px_per_mm = np.ones(a.shape, bool), 0.2      # 5 mm a pixel: 20 mm2 is 0.8 of one
    >>> paint_apart(a, b, inside, cyan, [blue], px_per_mm)
    (0.0, 0.0)
    >>> a[20:23, 35:55], b[20:23, 35:55] = -19.0, -11.0      # a cyan rim's arc of its own
    >>> share, area = paint_apart(a, b, inside, cyan, [blue], px_per_mm)
    >>> round(share, 2), round(area)
    (0.86, 1500)
    """
    hue = np.arctan2(b, a)
    colourful = inside & (a * a + b * b >= MIN_CHROMA ** 2)
    window = math.radians(16)
    weak_px = colourful & (hue_gap(hue, weak.hue) <= window)
    n = int(np.count_nonzero(weak_px))
    if n == 0:
        return 0.0, 0.0
    strong_px = np.zeros(a.shape, np.float32)
    for c in strong:
        strong_px[colourful & (hue_gap(hue, c.hue) <= window)] = 1.0
    reach = max(2, round(APART_MM * px_per_mm))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1)).astype(np.float32)
    paint_near = cv2.filter2D(strong_px, -1, disc, borderType=cv2.BORDER_CONSTANT)   # their pixels within reach
    apart = int(np.count_nonzero(weak_px & (paint_near < NEAR_PAINT_MM2 * px_per_mm ** 2 - 0.5)))
    return apart / n, apart / px_per_mm ** 2


@functools.lru_cache(maxsize=512)
def paint_hue(lab: tuple[float, float, float]) -> float:
    """The hue (radians, -pi to pi) of a Lab colour's sRGB in HSV: the hue a paint keeps when
    it is mixed with white or grey, or seen in a dimmer light. Its Lab hue moves: a pale red,
    or red blurred into a grey felt, turns toward magenta in Lab, a pale cyan toward green.

    >>> from companion.vision.colours import lab_of_rgb
    >>> red, pink = lab_of_rgb((200, 30, 40)), lab_of_rgb((200, 115, 120))   # pink: red and light grey
    >>> round(math.degrees(hue_gap(paint_hue(tuple(red)), paint_hue(tuple(pink)))))
    0
    >>> round(math.degrees(hue_gap(math.atan2(red[2], red[1]), math.atan2(pink[2], pink[1]))))
    13
    """
    rgb = np.clip(cv2.cvtColor(np.array([[lab]], np.float32), cv2.COLOR_Lab2RGB), 0.0, 1.0)
    return math.radians(float(cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)[0, 0, 0])) - math.pi


def _name_gap(hue: float, lab, surface_ab: tuple[float, float]):
    """How far in hue a palette colour is from a cluster of hue ``hue`` (Lab, radians: its
    peak's) and colour ``lab``, as a function of the colour. On a grey surface (felt), in
    paint hue (:func:`paint_hue`): a rim there is mixed only with grey, by its blur and the
    light, which leaves its paint hue and moves its Lab hue (a pale red rim on felt shows
    nearer magenta than red in Lab). On a coloured surface, in Lab hue: a rim there blends
    into the surface's colour, which moves its paint hue further (a green rim on a tan mat
    shows as yellow in paint hue, still nearer green in Lab), measured from the middle of each
    colour's paints and in units of their spread (:func:`_spread_gap`)."""
    if grey_surface(surface_ab):
        paint = paint_hue(tuple(lab))
        return lambda c: hue_gap(paint_hue(tuple(c.lab)), paint)
    return lambda c: _spread_gap(c, hue)


@functools.lru_cache(maxsize=1)
def _mean_spread() -> float:
    """Half the widened spread (degrees) of the average nominal colour: :func:`_spread_gap`'s unit."""
    return float(np.mean([(c.spread[1] - c.spread[0]) / 2 + SPREAD_PAD_DEG for c in Palette.nominal().colours]))


def _spread_gap(colour: TeamColour, hue: float) -> float:
    """How far Lab hue ``hue`` (radians) lies from the middle of ``colour``'s paints (its
    ``spread``), in widened half-spreads, scaled to the average colour's degrees (radians
    out). A cyan, whose paints spread over 63 degrees of Lab hue, claims hues further off
    than a green, whose paints spread over 14: hue 171, 29 degrees from green and 44 from
    cyan, is a cyan rim's.

    >>> pal = {c.name: c for c in Palette.nominal().colours}
    >>> hue = math.radians(171)                      # green at 142, cyan at 215
    >>> _spread_gap(pal["cyan"], hue) < _spread_gap(pal["green"], hue)
    True
    """
    lo, hi = colour.spread
    turn = math.degrees(hue_turn(hue, colour.hue))
    return math.radians(abs(turn - (lo + hi) / 2) / ((hi - lo) / 2 + SPREAD_PAD_DEG) * _mean_spread())


def _paint_of(hue: float, lab, colours: list[TeamColour], surface_ab: tuple[float, float],
              surface_L: float | None = None) -> TeamColour:
    """The palette colour a cluster of hue ``hue`` and colour ``lab`` is the paint of: the
    nearest in hue (see :func:`_name_gap`). When two are about as near on a coloured surface
    (a thin rim's colour is its paint blended into the surface, and can land halfway between
    two palette hues), the one whose blend into the surface runs through the cluster's colour:
    the line from its (a, b) to the surface's passes within ``BLEND_NEAR`` of the cluster's
    (the nearer, if both do). A line, not the arc of hues between the two: a blue rim's blend
    into turf runs close by grey, through hues no rim of that chroma shows (a cyan cluster
    between blue and cyan is no blend of blue), while a cyan rim's into a sand mat passes
    the cluster's colour, and the hue alone would call it green. A cluster near a line but
    off its reach (:func:`blend_reach`) is its blend only if it is no lighter than both the
    paint and the surface (``surface_L``, when known; by ``BLEND_LIGHTER``): a pale cyan
    turned toward blue lies near blue's line in (a, b), but a blue blurred into turf is darker
    than it. (On the line, a cluster is the paint itself as often as its blend, and a pale
    blue paint is as light.)

    >>> from companion.vision.colours import lab_of_rgb
    >>> pal = Palette.nominal().colours
    >>> olive = (50.0, 40 * math.cos(math.radians(118)), 40 * math.sin(math.radians(118)))
    >>> # halfway between green (Lab hue 142) and yellow (93)
    >>> hue = math.radians(118)
    >>> _paint_of(hue, olive, pal, (14.0, 26.0)).name      # a green rim's blend into orange wood
    'green'
    >>> _paint_of(hue, olive, pal, (-30.0, 5.0)).name      # a yellow rim's blend into a green cloth
    'yellow'
    >>> pink = lab_of_rgb((200, 115, 120))                 # red mixed with light grey, on grey felt
    >>> _paint_of(math.atan2(pink[2], pink[1]), tuple(pink), pal, (0.0, 0.0)).name
    'red'
    >>> cyanish = (58.8, -20.1, 2.5)                      # a cyan rim on a sand mat, hue 173
    >>> _paint_of(math.atan2(cyanish[2], cyanish[1]), cyanish, pal, (5.0, 14.0)).name
    'cyan'
    >>> bluish = (49.0, -13.2, -32.1)                     # a cyan rim turned toward blue, on turf
    >>> _paint_of(math.atan2(bluish[2], bluish[1]), bluish, pal, (-35.0, 28.0)).name
    'cyan'
    >>> pale = (55.0, -8.0, -30.0)                         # nearer blue's line, lighter than blue
    >>> _paint_of(math.atan2(pale[2], pale[1]), pale, pal, (-35.0, 28.0)).name
    'blue'
    >>> _paint_of(math.atan2(pale[2], pale[1]), pale, pal, (-35.0, 28.0), surface_L=36.0).name
    'cyan'
    >>> pale_blue = (50.2, -4.6, -19.9)                    # as light, but on blue's line: its paint
    >>> _paint_of(math.radians(-101), pale_blue, pal, (-36.0, 29.0), surface_L=42.0).name
    'blue'
    """
    gap = _name_gap(hue, lab, surface_ab)
    ranked = sorted(colours, key=gap)
    if len(ranked) < 2 or grey_surface(surface_ab) or \
            math.degrees(gap(ranked[1]) - gap(ranked[0])) > TIE_DEG:
        return ranked[0]
    off, reach = {}, {}
    for c in ranked[:2]:
        _, o, length = blend_position(np.asarray(lab[1:], float), c.lab[1:], surface_ab)
        off[c.name], reach[c.name] = float(o), float(blend_reach(length))

    def its_blend(c):            # on its line; or near it, and no lighter than a blend can be
        return off[c.name] <= reach[c.name] or (off[c.name] <= BLEND_NEAR and
                                                not lighter_than_blend(lab[0], c.lab[0], surface_L))
    near = [c for c in ranked[:2] if its_blend(c)]
    return min(near, key=lambda c: off[c.name]) if near else ranked[0]


def _a_blend(colour: TeamColour, paint: TeamColour, surface: tuple[float, float]) -> bool:
    """``colour`` is ``paint`` blended into the surface (a rim's blurred edge, enough of them
    to make a cluster of their own): its (a, b) lies on the line between theirs, well inside it.

    >>> mat, magenta = (3.0, 13.0), TeamColour("magenta", (45.5, 35.3, -10.4))
    >>> _a_blend(TeamColour("red", (51.0, 19.8, 3.3)), magenta, mat)
    True
    >>> turf, blue = (-35.0, 30.0), TeamColour("blue", (35.0, 15.0, -55.0))
    >>> _a_blend(TeamColour("cyan", (60.0, -33.0, -15.0)), blue, turf)   # a team of its own
    False
    """
    return between(colour.lab[1:], paint.lab[1:], surface)


def _another_paint(cluster: TeamColour, every: list[TeamColour], wanted: list[TeamColour],
                   surface: tuple[float, float], surface_L: float | None = None) -> bool:
    """Whether ``cluster``, named after the nearest of the ``wanted`` (the teams'), is by the
    whole palette (``every``) the paint of a colour no team has: a figure's, not a rim's.

    >>> turf, pal = (-33.0, 29.0), Palette.nominal().colours
    >>> teams = [c for c in pal if c.name in ("magenta", "yellow")]
    >>> navy = TeamColour("magenta", (24.7, 10.6, -28.2))        # shared picture 304's figures
    >>> _another_paint(navy, pal, teams, turf), _another_paint(navy, pal, pal, turf)
    (True, False)
    >>> _another_paint(TeamColour("magenta", (31.8, 32.0, -13.4)), pal, teams, turf)   # its rims
    False
    """
    if len(wanted) == len(every):
        return False
    return _paint_of(cluster.hue, cluster.lab, every, surface, surface_L).name not in {c.name for c in wanted}


def _more_paint(weak: TeamColour, weak_mass: float, holder: TeamColour, holder_mass: float,
                nominal: TeamColour, surface: tuple[float, float], surface_L: float | None = None) -> bool:
    """Whether ``weak``, a cluster near ``holder`` in hue and of the same name, is that name's
    paint rather than the stronger ``holder``: the holder is too dull to be paint (less than
    ``PAINT_CHROMA`` of the name's ``nominal`` chroma), ``weak`` is ``MORE_PAINT`` times as
    saturated with half the holder's mass at least, and it is no blend of the holder into the
    surface (a dull paint's blur toward turf can be more saturated than the paint): off their
    line, or lighter than any mix of the two where it lies along it (``surface_L``, the
    surface's lightness, when known: :func:`lighter_than_blend`).
    Pale yellow rims (saturation 0.6, cream under the light) beside figures and tops of a
    dull olive, more of it than the rims: the olive peaks stronger and took the name. In
    turned case 103768 the rims (L 58.8) lie on the line from sand tops (L 49.8) to the turf
    (L 42.7), 11 lighter than the mix there.

    >>> from companion.vision.colours import NOMINAL_RGB, lab_of_rgb
    >>> turf, yellow = (-36.0, 28.0), TeamColour("yellow", lab_of_rgb(NOMINAL_RGB["yellow"]))
    >>> olive, rims = TeamColour("yellow", (51.4, 5.6, 21.1)), TeamColour("yellow", (67.1, -5.5, 36.7))
    >>> _more_paint(rims, 7684, olive, 8516, yellow, turf)          # turf case 79264
    True
    >>> _more_paint(olive, 8516, rims, 9000, yellow, turf)          # the other way round: no
    False
    >>> blur = TeamColour("yellow", (45.0, -15.0, 34.0))             # the olive's blur into the turf
    >>> _more_paint(blur, 7684, olive, 8516, yellow, turf)
    False
    >>> sand, rims = TeamColour("yellow", (49.8, 7.3, 18.9)), TeamColour("yellow", (58.8, -6.5, 32.4))
    >>> _more_paint(rims, 2955, sand, 3191, yellow, (-35.0, 28.0)), _more_paint(rims, 2955, sand, 3191, yellow, (-35.0, 28.0), 42.7)
    (False, True)
    >>> _more_paint(blur, 7684, olive, 8516, yellow, turf, 42.0)    # the blur is no lighter than its mix
    False
    """
    if not (holder.chroma < PAINT_CHROMA * nominal.chroma and weak.chroma >= MORE_PAINT * holder.chroma
            and weak_mass >= 0.5 * holder_mass):
        return False
    return not blur_of_paint(weak.lab, holder.lab, surface, surface_L)
