"""Takkure measuring, on the board plane in inches ("HOW TO MEASURE").

Bases are circles. "Checking a distance" is from the closest points of the two
objects; the pass and reception modifiers come from that distance, the best
one applying exactly on a band edge. Every answer carries the numbers behind
it, so the screen can explain it. Pure math: no numpy, exact closed forms.

>>> a, b = Base(0.0, 0.0, 0.5), Base(4.0, 0.0, 0.5)
>>> distance(a, b)
3.0
>>> pass_modifier(2.0)
Modifier(value=4, band='0-2 in', distance=2.0)
>>> reception_modifier(8.0).value
-2
"""

from __future__ import annotations

import math
from dataclasses import dataclass

EPS = 1e-9
PASS_BANDS = ((0.0, 2.0, 4), (2.0, 4.0, 2), (4.0, 8.0, 0), (8.0, math.inf, -2))
RECEPTION_BANDS = ((0.0, 2.0, 2), (2.0, 4.0, 0), (4.0, 8.0, -2), (8.0, math.inf, -4))
PRESSURE_IN = 2.0
TOKEN_R = 0.375       # the ball and the movement tokens: 0.75 in across (TABLE_SPEC)


@dataclass(frozen=True)
class Base:
    x: float
    y: float
    r: float          # radius in inches (a 40 mm base: 40 / 25.4 / 2)

    @classmethod
    def mm(cls, x: float, y: float, diameter_mm: float) -> "Base":
        return cls(x, y, diameter_mm / 25.4 / 2)


@dataclass(frozen=True)
class Modifier:
    value: int
    band: str
    distance: float


def _centres(a: Base, b: Base) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


def distance(a: Base, b: Base) -> float:
    """Closest-point distance between two bases (0 when they touch or overlap)."""
    return max(0.0, _centres(a, b) - (a.r + b.r))  # the sum first: the same answer whoever measures


def _band_name(lo: float, hi: float) -> str:
    return f"{lo:g}+ in" if math.isinf(hi) else f"{lo:g}-{hi:g} in"


def band_modifier(d: float, bands) -> Modifier:
    """The best modifier of the bands that ``d`` falls in (a band edge belongs to both)."""
    fits = [(m, lo, hi) for lo, hi, m in bands if lo - EPS <= d <= hi + EPS]
    m, lo, hi = max(fits)
    return Modifier(m, _band_name(lo, hi), d)


def pass_modifier(d: float) -> Modifier:
    return band_modifier(d, PASS_BANDS)


def reception_modifier(d: float) -> Modifier:
    return band_modifier(d, RECEPTION_BANDS)


def pressuring(attacker: Base, defenders: list[Base]) -> list[int]:
    """Indexes of the pressuring defenders within 2 in of the attacker (-1 each, stacking)."""
    return [i for i, d in enumerate(defenders) if distance(attacker, d) <= PRESSURE_IN + EPS]


# --- segments and the marked movement -------------------------------------------------

def closest_on_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> tuple[float, float]:
    """The point of a segment nearest a point."""
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return ax + t * dx, ay + t * dy


def point_segment(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from a point to a segment."""
    qx, qy = closest_on_segment(px, py, ax, ay, bx, by)
    return math.hypot(px - qx, py - qy)


@dataclass(frozen=True)
class Movement:
    path: tuple[tuple[float, float], ...]   # the base centre's path, start to end
    length: float
    stopped_by: str                         # "token" (contact) or "MOV" (used it all)

    @property
    def end(self) -> tuple[float, float]:
        return self.path[-1]


def marked_move(base: Base, mov: float, movement_token: tuple[float, float], token_r: float = TOKEN_R,
                turn_token: tuple[float, float] | None = None) -> Movement:
    """The 1st-action MOVE marked with tokens: straight to the movement token until the
    base touches it, or first straight onto the turn token (its centre) and then on;
    never further than ``mov`` (the attack MOV). The player always moves as far as it can."""
    legs = [(base.x, base.y)]
    if turn_token is not None:
        legs.append(turn_token)
    mx, my = movement_token
    lx, ly = legs[-1]
    gap = math.hypot(mx - lx, my - ly)
    reach = max(0.0, gap - base.r - token_r)        # the last leg ends on contact with the token
    if gap > 0:
        legs.append((lx + (mx - lx) * reach / gap, ly + (my - ly) * reach / gap))
    path, left = [legs[0]], mov
    for (x0, y0), (x1, y1) in zip(legs, legs[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg <= left + EPS:
            path.append((x1, y1))
            left -= seg
        else:
            f = left / seg
            path.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
            return Movement(tuple(path), mov, "MOV")
    return Movement(tuple(path), mov - max(left, 0.0), "token")


def distance_to_trajectory(defender: Base, mover: Base, path) -> float:
    """Closest distance from a defender's base to the area the moving base sweeps along ``path``."""
    pts = list(path)
    if len(pts) == 1:
        pts = pts * 2
    d = min(point_segment(defender.x, defender.y, *a, *b) for a, b in zip(pts, pts[1:]))
    return max(0.0, d - defender.r - mover.r)


def can_reach_trajectory(defender: Base, defensive_mov: float, mover: Base, path) -> bool:
    """Whether a defensive move of ``defensive_mov`` can bring the defender into contact
    with the active player's trajectory."""
    return distance_to_trajectory(defender, mover, path) <= defensive_mov + EPS


# --- interception -------------------------------------------------------------------------

def distance_to_pass_lines(defender: Base, passer: Base, receiver: Base) -> float:
    """Distance from a defender's base to the area any line from the passer's base to the
    receiver's base covers (the convex hull of the two circles): 0 means it intercepts.

    The hull is the union of the circles C(t), r(t) interpolated between the two bases;
    the nearest one to a point has a closed form.
    """
    dx, dy = receiver.x - passer.x, receiver.y - passer.y
    L = math.hypot(dx, dy)
    px, py = defender.x - passer.x, defender.y - passer.y
    if L < EPS:
        return max(0.0, math.hypot(px, py) - max(passer.r, receiver.r) - defender.r)
    ux, uy = dx / L, dy / L
    s = px * ux + py * uy                     # along the pass
    h = abs(px * uy - py * ux)                # across it
    dr = receiver.r - passer.r
    k = -dr / L
    if abs(k) >= 1:                           # one base inside the other's reach: just circles
        return max(0.0, min(math.hypot(px, py) - passer.r,
                            math.hypot(px - dx, py - dy) - receiver.r) - defender.r)
    x = k * h / math.sqrt(1 - k * k)
    t = max(0.0, min(1.0, (s - x) / L))
    gap = math.hypot(s - t * L, h) - (passer.r + t * dr)
    return max(0.0, gap - defender.r)


def intercepts(defender: Base, passer: Base, receiver: Base) -> bool:
    return distance_to_pass_lines(defender, passer, receiver) <= EPS


# --- placing ---------------------------------------------------------------------------------

def place_at(reference: Base, inches: float, toward: tuple[float, float], radius: float) -> tuple[float, float]:
    """"Place AT X": the centre of an object of ``radius`` whose near edge is ``inches``
    from the reference base's edge, in the direction of ``toward``."""
    dx, dy = toward[0] - reference.x, toward[1] - reference.y
    L = math.hypot(dx, dy)
    if L < EPS:
        raise ValueError("a direction is needed to place an object")
    reach = reference.r + inches + radius
    return reference.x + dx / L * reach, reference.y + dy / L * reach


# --- scatter, repositioning and space occupation -------------------------------------------
# The scatter template's picture is lost: it is taken as twelve arrows 30 degrees
# apart, numbered clockwise from 1 (which points where the coach causing the
# scatter chooses), their tips ``template_r`` from the centre.

SCATTER_TEMPLATE_R = 2.0     # inches from the centre to an arrow's tip (an assumption: see above)


def scatter_direction(facing_deg: float, number: int) -> float:
    """The direction (degrees, counter-clockwise from +x) of arrow ``number`` (1-12)."""
    if not 1 <= number <= 12:
        raise ValueError(f"the scatter template has arrows 1 to 12, not {number}")
    return facing_deg - 30.0 * (number - 1)


def scatter(centre: tuple[float, float], facing_deg: float, die: int, object_r: float = 0.0,
            template_r: float = SCATTER_TEMPLATE_R) -> tuple[float, float]:
    """Where a scattered object's centre goes: in contact with the arrow tip the die names.

    >>> x, y = scatter((10.0, 10.0), 90.0, 4, object_r=0.25)     # arrow 4: 90 degrees clockwise
    >>> round(x, 9), round(y, 9)
    (12.25, 10.0)
    """
    a = math.radians(scatter_direction(facing_deg, die))
    reach = template_r + object_r
    return centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a)


def reposition(centre: tuple[float, float], facing_deg: float, die: int, fits, object_r: float = 0.0,
               template_r: float = SCATTER_TEMPLATE_R) -> tuple[int, tuple[float, float]] | None:
    """REPOSITIONING: from the rolled arrow, go up the numbers on an even roll and down on
    an odd one (12 wraps to 1 and back) until ``fits(x, y)`` says the object can be placed.
    Returns the arrow used and the place, or None when no arrow fits."""
    step = 1 if die % 2 == 0 else -1
    for k in range(12):
        number = (die - 1 + step * k) % 12 + 1
        spot = scatter(centre, facing_deg, number, object_r, template_r)
        if fits(*spot):
            return number, spot
    return None


def overlaps(a: Base, b: Base) -> bool:
    return _centres(a, b) < a.r + b.r - EPS


def displace(landing: Base, other: Base) -> tuple[float, float] | None:
    """SPACE OCCUPATION: an opponent under the active player's landing spot moves away from
    it by the shortest route, to contact. None when the active player landed exactly on
    top of it: then the defending coach chooses where it goes."""
    dx, dy = other.x - landing.x, other.y - landing.y
    L = math.hypot(dx, dy)
    if L < EPS:
        return None
    if L >= landing.r + other.r - EPS:
        return other.x, other.y
    reach = landing.r + other.r
    return landing.x + dx / L * reach, landing.y + dy / L * reach
