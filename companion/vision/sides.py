"""How many teams a board holds: bases read in more team colours than that, named for the
teams they belong to.

A board holds two teams (every game here that moves figures on bases is played by two
sides; a profile's ``teams_at_most`` may allow more). A pale rim's blend into the surface
can be read as a colour no team plays: a blue rim's blend into turf is cyan in hue.
`companion detect`, told no teams, names such bases for the team whose colour blended into
the surface they are (:func:`named_for_sides`); `companion run` searches only its
configured teams' colours and never reads another. Bases read in two colours are then
named by how the picture's own rims of each team look (:func:`named_by_own_rims`): a pale
rim's blend can turn its hue nearer the other team's colour.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np

from companion.vision.blends import blend_position, lighter_than_blend, off_mixes
from companion.vision.colours import Palette
from companion.vision.late_readings import ghost_of


def commonest_teams(counts: Counter, most: int) -> list[str] | None:
    """The ``most`` team colours with the most bases (``counts``: bases per colour), when those
    few are clear (the next colour has fewer bases than the last of them); else None.

    >>> commonest_teams(Counter(red=3, blue=3, cyan=1), 2), commonest_teams(Counter(red=2, blue=2, cyan=2), 2)
    (['blue', 'red'], None)
    """
    ranked = counts.most_common()
    if len(ranked) > most and ranked[most - 1][1] == ranked[most][1]:
        return None
    return sorted(name for name, _ in ranked[:most])


def named_for_sides(bases, most: int, seen: Palette, surface_ab, turns_hues: bool,
                    surface_L: float | None = None) -> tuple[list, list[str]] | None:
    """``bases`` read in more than ``most`` colours, each named for one of ``most`` teams, and
    those teams; or None (no more colours than that, or none renamed). Where the teams are not
    clear, only the first step below renames, and more colours than ``most`` are left.

    A pale rim blended into the surface lies on its own team's line from its colour to the
    surface's, whatever hue the blend turns it to. First, a colour the picture learned (``seen``)
    that is another read colour's blend into the surface (``ghost_of``; on a surface coloured enough
    to turn hues, ``turns_hues``) is that colour's team: a blue team's rims blended into turf are
    learned as a cyan, and can outnumber those read as blue. The other colour is its learned colour
    or its rims' (the median paint of the bases read in it): a team's colour can be learned from its
    figures, far from its rims (purple figures of a pale blue team, army 153216). A blur mixes two
    colours and is no lighter than both: rims read in a colour lighter than the other colour's rims
    and the surface (``surface_L``; :func:`_too_light_for_blend`) are no blend of them, whatever
    their (a, b) (a pale cyan team beside a blue one), and nor is a colour learned lighter than the
    other's paint and the surface (:func:`_learned_too_light`). If too many colours are left, the
    teams are the colours (learned or read, less those) whose mixes the most bases' rim paint lies
    nearest, and each base of another colour is named for the team whose mixes are nearest to its
    paint: a colour's mixes are those of it, the surface and grey
    (:func:`~companion.vision.blends.off_mixes`; a rim greyed by a dim light or a dark top keeps its
    hue, off its line to the surface), among several, the nearest line."""
    counts = Counter(b.color for b in bases)
    if len(counts) <= most:
        return None
    learned = {c.name: c.lab[1:] for c in seen.colours}
    lightness = {c.name: float(c.lab[0]) for c in seen.colours}
    nominal = {c.name: c.lab[1:] for c in Palette.nominal().colours}
    # each colour's line to the surface: from its learned colour, else its nominal one (a taught
    # colour's name that the picture did not learn has neither, and no line)
    lines = {**{name: nominal[name] for name in counts if name in nominal}, **learned}
    # each read colour's rims as the picture shows them (their median paint): a team's colour
    # can be learned from its figures, far from its rims
    rims = {name: _median_paint(b for b in bases if b.color == name) for name in counts}
    renamed: dict[str, str] = {}
    for name in sorted(counts, key=lambda n: (counts[n], n)) if turns_hues else ():     # the fewest first
        if len(counts) <= most:
            break
        teams = [t for t in counts if t != name and name in learned and
                 any(ghost_of(learned[name], paint, surface_ab)
                     for paint in (learned.get(t), rims[t]) if paint is not None) and
                 not _too_light_for_blend(name, t, bases, surface_L) and
                 not _learned_too_light(lightness[name], lightness.get(t), t, bases, surface_L)]
        if len(teams) == 1:
            counts[teams[0]] += counts.pop(name)
            renamed = {k: (teams[0] if v == name else v) for k, v in renamed.items()} | {name: teams[0]}
    names = [renamed.get(b.color, b.color) for b in bases]

    def nearest(base, among) -> str:
        paint = base.shown_paint
        # off every mix of the colour, the surface and grey (a dim red rim is red greyed, off
        # red's line to the turf); inside more than one, the nearer line to the surface
        return min(among, key=lambda n: (off_mixes(paint, lines[n], surface_ab),
                                         float(blend_position(paint, lines[n], surface_ab)[1]), n))
    # (with no clear teams by the lines, the colours left after the first step are kept)
    left = [name for name in lines if name not in renamed]
    if not left:
        return None
    sides = (commonest_teams(Counter(nearest(b, left) for b in bases), most) if len(counts) > most else None) \
        or sorted(counts)
    if not all(name in lines for name in sides):
        return None
    named = [n if n in sides else nearest(b, sides) for n, b in zip(names, bases)]
    if named == [b.color for b in bases]:
        return None
    return _renamed(bases, named), sides


OWN_RIMS_FAR = 3.0   # a paint this many times further off its team's rims' line than the other's,
OWN_RIMS_PAD = 5.0   # and this many Lab units besides, is the other team's rim
OWN_RIMS_LEAST = 2   # the other bases of a team that show its rims (their median paint)


def named_by_own_rims(bases, surface_ab, turns_hues: bool, surface_L: float | None = None) -> list | None:
    """``bases`` read in two colours, each named by how the picture's own rims of the two teams
    look, or None (nothing renamed). A base is the other team's when its rim's paint lies
    ``OWN_RIMS_FAR`` times as far and ``OWN_RIMS_PAD`` further off the line from its team's
    other rims' paint (their median) to the surface than off the other team's line; each
    team's line is drawn from ``OWN_RIMS_LEAST`` of its other bases at least.

    A rim's paint is named by the picture's colour nearest in hue, but on turf below 16 px/in a
    pale rim 2 px wide is nowhere its own paint: its blend into the turf turns its hue, a blue
    rim's toward cyan, a red's toward yellow, and the picture's learned colours come from
    figures and cloaks as much as rims. The other rims of its team show where its blends lie
    in this picture's light. Names read on a surface that turns no hue (grey felt) stand.

    A blend of two colours is no lighter than both (by ``BLEND_LIGHTER``): a rim whose paint lies
    on the other team's line toward the surface (past its rims' median), but lighter than those
    rims and the surface (``surface_L``), is no blend of theirs and keeps its name. A pale cyan
    rim greyed by its light-grey top lies halfway along blue's line to the turf in (a, b), 25
    lighter than the blue rims and the turf (turned case 87324).

    >>> from companion.vision.base_reading import Base
    >>> cyan = [Base(float(k), 0.0, 30, "cyan", 0.6, 1.0, 0.01, paint_ab=ab)
    ...         for k, ab in enumerate([(-34.6, 16.0), (-36.1, 16.8), (-37.3, 14.9)])]
    >>> blue = [Base(9.0 + k, 0.0, 50, "blue", 1.0, 1.0, 0.01, paint_ab=ab)
    ...         for k, ab in enumerate([(-22.4, 1.4), (-21.4, 6.2), (-23.4, 7.7)])]
    >>> pale = Base(20.0, 0.0, 50, "cyan", 1.0, 1.0, 0.01, paint_ab=(-18.2, 2.7))   # turned case 52052
    >>> [b.color for b in named_by_own_rims(cyan + blue + [pale], (-34.0, 28.0), True)][-1]
    'blue'
    >>> named_by_own_rims(cyan + blue + [pale], (-34.0, 28.0), False) is None
    True
    """
    names = [b.color for b in bases]
    teams = sorted(set(names))
    if len(teams) != 2 or not turns_hues:
        return None
    paints = [b.shown_paint for b in bases]
    named = []
    for i, (paint, name) in enumerate(zip(paints, names)):
        off, along = {}, {}
        for team in teams:
            others = [p for j, (p, n) in enumerate(zip(paints, names)) if n == team and j != i]
            if len(others) >= OWN_RIMS_LEAST:
                # the blend runs from the team's rims into the surface, and a rim of the team
                # lit brighter or blurred less lies beyond them (up to as far again)
                rims = np.median(np.asarray(others, float), axis=0)
                t, o, _ = blend_position(paint, rims, surface_ab, beyond=1.0)
                off[team], along[team] = float(o), float(t)
        other = teams[1] if name == teams[0] else teams[0]
        far = len(off) == 2 and off[name] > OWN_RIMS_FAR * off[other] + OWN_RIMS_PAD
        if far and along[other] > 0:      # toward the surface from the other team's rims: their blend?
            far = not _lighter_than_blend(bases[i], [b for b, n in zip(bases, names) if n == other], surface_L)
        named.append(other if far else name)
    if named == names:
        return None
    return _renamed(bases, named)


def _too_light_for_blend(name: str, team: str, bases, surface_L: float | None) -> bool:
    """Whether the rims read in colour ``name`` are too light to be ``team``'s rims blended into
    the surface (:func:`~companion.vision.blends.lighter_than_blend`, on the median paint
    lightness of the bases read in each; False when either has none). The rims' own paint, not
    the learned colours': a team's colour can be learned from its darker figures and cloaks,
    while its pale rims' blend into the turf is as light as the rims.

    >>> from companion.vision.base_reading import Base
    >>> rim = lambda colour, L: Base(0.0, 0.0, 30, colour, 0.6, 1.0, 0.01, paint_L=L)
    >>> bases = [rim("cyan", 62.6), rim("cyan", 63.8), rim("cyan", 52.1), rim("blue", 41.6), rim("blue", 47.7)]
    >>> _too_light_for_blend("cyan", "blue", bases, 43.1)                 # turned case 128840
    True
    >>> bases = [rim("cyan", 51.0), rim("blue", 48.3), rim("blue", 52.0)]       # turned case 75356
    >>> _too_light_for_blend("cyan", "blue", bases, 42.0), _too_light_for_blend("cyan", "blue", bases, None)
    (False, False)
    """
    rims = _median_lightness(b for b in bases if b.color == name)
    lights = _median_lightness(b for b in bases if b.color == team)
    return rims is not None and lights is not None and lighter_than_blend(rims, lights, surface_L)


def _learned_too_light(learned_L: float, team_L: float | None, team: str, bases, surface_L: float | None) -> bool:
    """Whether a colour learned at ``learned_L`` is too light to be ``team``'s paint blended
    into the surface (:func:`~companion.vision.blends.lighter_than_blend`): its paint the
    lighter of its learned colour (``team_L``; None when the picture learned none) and its rims'
    (their median paint lightness); False when neither is known.
    Pale yellow rims learned at L 68 beside a magenta team (51; its rims 48) on turf at 44 are
    no blend of it, though their own outer 3 mm, where a rim's paint is read, are their blend
    into the turf, at 53 (army 152992). A team learned from its dark figures (L 32) has rims
    as light as their blend (L 48-52, the blend learned at 54: turned 75356).

    >>> from companion.vision.base_reading import Base
    >>> rim = lambda colour, L: Base(0.0, 0.0, 30, colour, 0.6, 1.0, 0.01, paint_L=L)
    >>> _learned_too_light(68.2, 51.0, "magenta", [rim("magenta", 46.7), rim("magenta", 48.2)], 44.3)
    True
    >>> _learned_too_light(54.1, 32.5, "blue", [rim("blue", 48.3), rim("blue", 52.0)], 42.0)
    False
    """
    known = [L for L in (team_L, _median_lightness(b for b in bases if b.color == team)) if L is not None]
    return bool(known) and lighter_than_blend(learned_L, max(known), surface_L)


def _lighter_than_blend(base, rims, surface_L: float | None) -> bool:
    """Whether ``base``'s rim paint is lighter by more than ``BLEND_LIGHTER`` than both the
    ``rims``' paint (their median lightness) and the surface's ``surface_L``: too light to be
    their blend (False when a lightness is not known).

    >>> from companion.vision.base_reading import Base
    >>> rim = lambda L: Base(0.0, 0.0, 30, "blue", 0.6, 1.0, 0.01, paint_L=L)
    >>> _lighter_than_blend(rim(66.9), [rim(38.0), rim(38.4)], 42.4), _lighter_than_blend(rim(49.0), [rim(46.7)] * 2, 42.7)
    (True, False)
    """
    lights = _median_lightness(rims)
    return base.paint_L is not None and lights is not None and lighter_than_blend(base.paint_L, lights, surface_L)


def _median_lightness(bases) -> float | None:
    """The median rim paint lightness of those of ``bases`` that have one (None: none has)."""
    lights = [b.paint_L for b in bases if b.paint_L is not None]
    return float(np.median(lights)) if lights else None


def _median_paint(bases) -> np.ndarray | None:
    """The median rim paint (Lab a, b) of those of ``bases`` that have one (None: none has)."""
    paints = [b.paint_ab for b in bases if b.paint_ab is not None]
    return np.median(paints, axis=0) if paints else None


def _renamed(bases, names: list[str]) -> list:
    """``bases``, each with its colour from ``names`` (the same base where it is unchanged)."""
    return [b if n == b.color else replace(b, color=n) for n, b in zip(names, bases)]
