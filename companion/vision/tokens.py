"""The marked tokens: a 0.75 in marker of the board's dictionary on each.

A token's position is its marker's centre, its angle the marker's rotation in
the board frame (degrees, clockwise as seen from above, since y points down).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from companion.vision.registration import MarkerSighting, Registration

TOKEN_NAMES = {10: "ball", 11: "movement", 12: "turn", 13: "active-player"}


@dataclass(frozen=True)
class Token:
    id: int
    name: str
    x_in: float
    y_in: float
    angle_deg: float


def find_tokens(markers: dict[int, MarkerSighting], reg: Registration) -> list[Token]:
    out = []
    for marker_id, name in TOKEN_NAMES.items():
        sighting = markers.get(marker_id)
        if sighting is None:
            continue
        corners = reg.to_board(sighting.corners)      # exact on the board plane
        centre = corners.mean(axis=0)
        # the marker's "right" direction from all four sides: top and bottom point right,
        # the two others point down and turn a quarter back (averaging halves the noise)
        right = (corners[1] - corners[0]) + (corners[2] - corners[3])
        down = (corners[3] - corners[0]) + (corners[2] - corners[1])
        v = right + np.array([down[1], -down[0]])
        angle = math.degrees(math.atan2(v[1], v[0]))
        out.append(Token(marker_id, name, float(centre[0]), float(centre[1]), round(angle, 2) + 0.0))
    return out


ON_TOKEN_IN = 0.3     # a base centred this near a token's centre stands on the token's square (0.75 in)


def off_tokens(bases: list, tokens: list[Token]) -> list:
    """``bases`` without those centred on a token read: a token's square lies where such a
    base's figure would stand (the ball is laid on its carrier's card or beside its base,
    never under the figure), so the ring is the token's white paper margin, tinted by the
    light or blurred into the surface (a margin on a pitch line under a warm lamp reads as
    a pale yellow ring, the size of a 30 mm rim).

    >>> from companion.vision.base_reading import Base
    >>> ring, beside = Base(5.0, 5.0, 30, "yellow", 0.6, 1.0, 0.01), Base(6.0, 5.0, 30, "red", 0.6, 1.0, 0.01)
    >>> [b.color for b in off_tokens([ring, beside], [Token(10, "ball", 5.05, 5.1, 0.0)])]
    ['red']
    """
    return [b for b in bases if all(math.hypot(b.x_in - t.x_in, b.y_in - t.y_in) > ON_TOKEN_IN for t in tokens)]


def token_positions(tokens: list[Token]) -> dict[str, np.ndarray]:
    return {t.name: np.array([t.x_in, t.y_in]) for t in tokens}
