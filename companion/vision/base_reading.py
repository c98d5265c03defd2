"""A reading of one base: where its footprint stands, its size and team, and how well its rim
was seen; and the standard sizes (TABLE_SPEC: 30, 40 and 50 mm, a rim at least 3 mm wide).

The finder (:mod:`companion.vision.bases`) makes these, the overlap rules
(:mod:`companion.vision.overlaps`) weigh two of them on one spot, and the tracker follows them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MM = 1 / 25.4
SIZES_MM = (30, 40, 50)
RIM_MM = 4.0                # a rim's typical width (TABLE_SPEC: at least 3 mm)
SIZE_WITHIN_MM = 3.5        # a diameter read this near a standard size is that size
RIM_MIDS_IN = tuple((s / 2 - 2) * MM for s in SIZES_MM)   # each size's rim centre line, a 4 mm rim


@dataclass(frozen=True)
class Base:
    x_in: float
    y_in: float
    diameter_mm: int
    color: str
    radius_in: float          # measured outer radius
    coverage: float           # share of the rim seen
    residual_in: float        # RMS of the edge points about the fitted circles
    edges: int = 2            # rim edges measured: 2, or 1 (outer only: a figure of its colour inside)
    chroma: float = 0.0       # the rim's paint's Lab chroma (a blend of a rim into the surface is duller)
    ab: tuple[float, float] = (0.0, 0.0)    # the ring's colour as its search saw it (Lab a, b): a
    #                                         blur ring's lies between its rim's and the surface's
    halfway: bool = False     # an outer edge alone sized by the halfway edge, not at half the score
    mixed: bool = False       # sized by the edge where its colour is half the surface's (a rescue)
    wider: bool = False       # sized by its inner edge, though its colour's half-surface edge names the next size
    paint_ab: tuple[float, float] | None = None   # the rim's own paint (Lab a, b: rim_paint), what named it
    paint_L: float | None = None                  # ... and its lightness (a blend into the surface is no lighter than both)
    part: bool = False        # read by two edges on fewer rays than a whole rim needs (rim_measure.PART_RAYS)

    @property
    def shown_paint(self) -> tuple[float, float]:
        """The rim's own paint (Lab a, b), or its ring's colour where the paint was not read.

        >>> Base(0.0, 0.0, 30, "red", 0.6, 1.0, 0.0, ab=(40.0, 20.0)).shown_paint
        (40.0, 20.0)
        >>> Base(0.0, 0.0, 30, "red", 0.6, 1.0, 0.0, ab=(40.0, 20.0), paint_ab=(45.0, 25.0)).shown_paint
        (45.0, 25.0)
        """
        return self.paint_ab if self.paint_ab is not None else self.ab


def within(pts: np.ndarray, bases, margin_in: float = 0.0) -> np.ndarray:
    """Which of ``pts`` (board inches, N x 2) lie within ``margin_in`` of a base's measured rim.

    >>> b = Base(1.0, 1.0, 30, "red", 0.6, 1.0, 0.0)
    >>> within(np.array([[1.5, 1.0], [2.0, 1.0]]), [b]).tolist(), within(np.array([[2.0, 1.0]]), [b], 0.5).tolist()
    ([True, False], [True])
    """
    near = np.zeros(len(pts), bool)
    for b in bases:
        near |= np.hypot(pts[:, 0] - b.x_in, pts[:, 1] - b.y_in) < b.radius_in + margin_in
    return near


def nominal_radius(base: Base) -> float:
    return base.diameter_mm * MM / 2


def next_size(size_mm: int) -> int:
    """The standard size after ``size_mm`` (not the largest).

    >>> next_size(30), next_size(40)
    (40, 50)
    """
    return SIZES_MM[SIZES_MM.index(size_mm) + 1]


def rim_mid(size_mm: int) -> float:
    """The radius (inches) of a standard size's rim centre line, from ``RIM_MIDS_IN``: where
    a base of that size is measured again or as another colour."""
    return RIM_MIDS_IN[SIZES_MM.index(size_mm)]

