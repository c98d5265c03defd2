"""How many teams a board holds: bases read in more team colours than that, named for the
teams they belong to.

A board holds two teams (every game here that moves figures on bases is played by two
sides; a profile's ``teams_at_most`` may allow more). A pale rim's blend into the surface
can be read as a colour no team plays: a blue rim's blend into turf is cyan in hue.
`companion detect`, told no teams, names such bases for the team whose colour blended into
the surface they are (:func:`named_for_sides`); `companion run` searches only its
configured teams' colours and never reads another.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.vision.colours import Palette, blend_position
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


def named_for_sides(bases, most: int, seen: Palette, surface_ab, turns_hues: bool) -> tuple[list, list[str]] | None:
    """``bases`` read in more than ``most`` colours, each named for one of ``most`` teams, and
    those teams; or None (no more colours than that, or none renamed). Where the teams are not
    clear, only the first step below renames, and more colours than ``most`` are left.

    A pale rim blended into the surface lies on its own team's line from its colour to the
    surface's, whatever hue the blend turns it to. First, a colour the picture learned
    (``seen``) that is another read colour's blend into the surface (``ghost_of``; on a surface
    coloured enough to turn hues, ``turns_hues``) is that colour's team: a blue team's rims
    blended into turf are learned as a cyan, and can outnumber those read as blue. If too many
    colours are left, the teams are the colours (learned or read, less those) whose lines the
    most bases' rim paint lies nearest, and each base of another colour is named for the team
    whose line is nearest to its paint."""
    counts = Counter(b.color for b in bases)
    if len(counts) <= most:
        return None
    learned = {c.name: c.lab[1:] for c in seen.colours}
    nominal = {c.name: c.lab[1:] for c in Palette.nominal().colours}
    # each colour's line to the surface: from its learned colour, else its nominal one (a taught
    # colour's name that the picture did not learn has neither, and no line)
    lines = {**{name: nominal[name] for name in counts if name in nominal}, **learned}
    renamed: dict[str, str] = {}
    for name in sorted(counts, key=lambda n: (counts[n], n)) if turns_hues else ():     # the fewest first
        if len(counts) <= most:
            break
        teams = [t for t in counts if t != name and name in learned and t in learned and
                 ghost_of(learned[name], learned[t], surface_ab)]
        if len(teams) == 1:
            counts[teams[0]] += counts.pop(name)
            renamed = {k: (teams[0] if v == name else v) for k, v in renamed.items()} | {name: teams[0]}
    names = [renamed.get(b.color, b.color) for b in bases]

    def nearest(base, among) -> str:
        paint = base.paint_ab if base.paint_ab is not None else base.ab
        return min(among, key=lambda n: (float(blend_position(paint, lines[n], surface_ab)[1]), n))
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
    return [b if n == b.color else replace(b, color=n) for n, b in zip(named, bases)], sides
