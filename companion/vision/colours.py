"""Team colours in CIE Lab: the TABLE_SPEC palette, colours learned from a sample,
and the warning when a team colour is too close to the surface it plays on. (The colours a
picture shows are learned in :mod:`companion.vision.picture_colours`; where a colour lies
between a paint and the surface, in :mod:`companion.vision.blends`.)

A pixel's "team score" is its chroma along the team colour's hue minus
``SIDE`` times its chroma across it: high on the rim, about zero on the dark
base top, on grey figures and on a surface of another hue. Brightness barely
matters, so a lighting gradient does not move the rim's edges.

>>> p = Palette.nominal()
>>> p.classify(lab_of_rgb((190, 40, 45)))[0], p.classify(lab_of_rgb((40, 90, 190)))[0]
('red', 'blue')
"""

from __future__ import annotations

import colorsys
import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.files import write_atomic

NOMINAL_RGB = {
    "red": (200, 30, 40), "blue": (30, 80, 200), "yellow": (230, 200, 30),
    "green": (40, 160, 60), "magenta": (200, 40, 170), "cyan": (20, 180, 200),
}
SIDE = 1.0            # how strongly off-hue chroma counts against a pixel (half-width 45 degrees)
TOO_CLOSE_DEG = 35.0  # a team hue this close to a surface hue (with the surface's chroma) is warned about
GREY_LEVELS = 4          # a pixel whose channels lie this close (of 255) is grey, whatever JPEG did to it
COLOURED_SHARE = 0.002   # a picture with fewer coloured pixels than this has no colour to read


def colourless(frame: np.ndarray) -> bool:
    """Whether a BGR picture shows no colour at all: a monochrome camera, or a greyscale file
    (saved as colour, its three channels equal). Bases are told apart by their rims' team
    colours; in such a picture none can be read, and the player is told why. One pixel in 7
    each way is asked (a nearest-pixel shrink: 0.05 ms a 1280x720 frame, where numpy over a
    last axis of 3 took 1 ms): a whole board's rims are far more than the share needed.

    >>> grey = np.full((70, 70, 3), 120, np.uint8)
    >>> colourless(grey), colourless(np.dstack([grey[..., 0], grey[..., 1], grey[..., 2] + 40]))
    (True, False)
    """
    h, w = frame.shape[:2]
    small = cv2.resize(frame, (max(1, w // 7), max(1, h // 7)), interpolation=cv2.INTER_NEAREST)
    b, g, r = cv2.split(small)
    spread = cv2.max(cv2.max(cv2.absdiff(b, g), cv2.absdiff(g, r)), cv2.absdiff(b, r))
    coloured = cv2.countNonZero(cv2.compare(spread, GREY_LEVELS, cv2.CMP_GT))
    return bool(coloured < COLOURED_SHARE * spread.size)


def lab_of_rgb(rgb) -> np.ndarray:
    px = np.array([[rgb]], np.float32) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_RGB2Lab)[0, 0].astype(np.float64)


def lab_of_bgr_u8(bgr: np.ndarray) -> np.ndarray:
    """Float Lab (L 0-100, a and b around 0) of an array of BGR uint8 pixels (N x 3)."""
    px = np.asarray(bgr, np.float32).reshape(-1, 1, 3) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float64)


@dataclass(frozen=True)
class TeamColour:
    """A team's colour in Lab. ``spread``: the Lab hues (degrees, from this colour's) its paints
    take as real paint varies (see :func:`paint_spread`); (0, 0) for a colour taught from one
    table's own paint or learned from a picture."""
    name: str
    lab: tuple[float, float, float]
    spread: tuple[float, float] = (0.0, 0.0)

    @property
    def chroma(self) -> float:
        return math.hypot(self.lab[1], self.lab[2])

    @property
    def hue(self) -> float:
        return math.atan2(self.lab[2], self.lab[1])

    def score(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Team score of pixels with Lab chroma (a, b)."""
        return np.maximum(self._along_less_across(a, b), 0.0)

    def signed_score(self, a: float, b: float) -> float:
        """:meth:`score` of one colour before it is clipped at 0: how far below a grey a colour off
        this hue lies (turf, for a magenta rim: well below).

        >>> c = TeamColour("x", (50.0, 30.0, 40.0))
        >>> round(c.signed_score(30.0, 40.0), 6), round(c.signed_score(-30.0, -40.0), 6), float(c.score(-30.0, -40.0))
        (50.0, -50.0, 0.0)
        """
        return float(self._along_less_across(float(a), float(b)))

    def above(self, a: np.ndarray, b: np.ndarray, level: float) -> np.ndarray:
        """Where :meth:`score` is above ``level`` (> 0), as a uint8 mask.

        >>> c = TeamColour("x", (50.0, 30.0, 40.0))
        >>> a, b = np.float32([[30, -30, 10]]), np.float32([[40, 40, 10]])
        >>> c.above(a, b, 5.0).tolist(), (c.score(a, b) > 5.0).tolist()
        ([[1, 0, 1]], [[True, False, True]])
        """
        return (self._along_less_across(a, b) > level).view(np.uint8)

    def _along_less_across(self, a, b):
        """Chroma along this colour's hue less SIDE times the chroma across it. Computed in
        place (on a whole picture's planes each temporary is a pass over memory), in the
        order ``a ua + b ub - SIDE |a ub - b ua|``: the same values to the last bit as written
        out, for arrays and for single values alike."""
        ua, ub = math.cos(self.hue), math.sin(self.hue)
        along = a * ua
        along += b * ub
        across = a * ub
        across -= b * ua
        across = np.abs(across, out=across) if isinstance(across, np.ndarray) else abs(across)
        across *= SIDE
        along -= across
        return along


@dataclass(frozen=True)
class BlendColour(TeamColour):
    """A team colour scored from the surface's colour ``surface`` (Lab a, b) out: along the line
    from the surface to the paint. A rim 2-3 px wide (3 mm at 16-20 px/in) is nowhere its own
    paint, only its blend into the surface, which turns its hue toward the surface's: on turf
    a pale cyan rim's blend scores next to nothing along cyan's own hue, and its full length
    along this line. ``lab`` stays the paint's own.

    >>> turf, cyan = (-35.0, 28.0), TeamColour("cyan", (58.0, -14.5, -22.6))
    >>> half = (-24.75, 2.7)                     # half cyan, half turf
    >>> float(cyan.score(*half)) < 5, round(float(BlendColour("cyan", cyan.lab, surface=turf).score(*half)))
    (True, 27)
    """
    surface: tuple[float, float] = (0.0, 0.0)
    # a rim whose paint the picture shows nowhere is named by this blend's line (measured round
    # a cloak of its team: a pale rim 2 px wide is duller than the turf it blends into)
    names_unseen: bool = False

    @property
    def chroma(self) -> float:
        return math.hypot(self.lab[1] - self.surface[0], self.lab[2] - self.surface[1])

    @property
    def hue(self) -> float:
        return math.atan2(self.lab[2] - self.surface[1], self.lab[1] - self.surface[0])

    def _along_less_across(self, a, b):
        return super()._along_less_across(a - self.surface[0], b - self.surface[1])


PAINT_HUE_DEG = 10.0            # real paint of a team colour: its hue within this (HSV) of nominal,
PAINT_SATURATION = (0.6, 1.1)   # and its saturation within these shares (issue 10's wider set)


def paint_spread(rgb) -> tuple[float, float]:
    """The Lab hues (degrees, lowest and highest, from ``rgb``'s own) of the paints a team
    colour ``rgb`` covers: its HSV hue turned by up to ``PAINT_HUE_DEG`` and its saturation
    scaled by ``PAINT_SATURATION``. Lab hue is uneven: the same turn moves a cyan twice as far
    as a green, so a cyan rim can show further from its nominal hue than from green's.

    >>> [round(v) for v in paint_spread(NOMINAL_RGB["green"])], [round(v) for v in paint_spread(NOMINAL_RGB["cyan"])]
    ([-5, 10], [-26, 37])
    """
    h, s, v = colorsys.rgb_to_hsv(*(c / 255.0 for c in rgb))
    paints = [colorsys.hsv_to_rgb((h + dh / 360.0) % 1.0, min(1.0, s * k), v)
              for dh in np.linspace(-PAINT_HUE_DEG, PAINT_HUE_DEG, 11) for k in np.linspace(*PAINT_SATURATION, 3)]
    lab = cv2.cvtColor(np.array([paints], np.float32), cv2.COLOR_RGB2Lab)[0]
    base = lab_of_rgb(rgb)
    turn = np.degrees(hue_turn(np.arctan2(lab[:, 2], lab[:, 1]), math.atan2(base[2], base[1])))
    return float(turn.min()), float(turn.max())


@functools.lru_cache(maxsize=1)
def _nominal_colours() -> tuple[TeamColour, ...]:
    """TABLE_SPEC's colours in Lab with their paints' spread, converted once (OpenCV's first
    float conversion is slow)."""
    return tuple(TeamColour(n, tuple(lab_of_rgb(rgb)), paint_spread(rgb)) for n, rgb in NOMINAL_RGB.items())


class Palette:
    def __init__(self, colours: list[TeamColour]):
        self.colours = colours

    @classmethod
    def nominal(cls) -> "Palette":
        return cls(list(_nominal_colours()))

    def get(self, name: str) -> TeamColour:
        return next(c for c in self.colours if c.name == name)

    def with_learned(self, learned: dict[str, tuple[float, float, float]]) -> "Palette":
        """Learned colours replace the nominal one of the same name."""
        out = {c.name: c for c in self.colours}
        for name, lab in learned.items():
            out[name] = TeamColour(name, tuple(lab))
        return Palette(list(out.values()))

    def classify(self, lab) -> tuple[str, float]:
        """The nearest team colour by hue (with enough chroma), and the hue distance in degrees."""
        hue = math.atan2(lab[2], lab[1])
        best = min(self.colours, key=lambda c: hue_gap(c.hue, hue))
        return best.name, math.degrees(hue_gap(best.hue, hue))


_TWO_PI = 2 * math.pi


def hue_turn(h1, h2):
    """How far hue ``h1`` lies turned from ``h2`` (radians; numbers or arrays), -pi to pi.

    >>> round(math.degrees(hue_turn(math.radians(-170), math.radians(170))), 6)
    20.0
    """
    if isinstance(h1, float) and isinstance(h2, float):
        # two numbers, as a palette's colours are compared: plain floats cost a tenth of numpy's
        # calls on scalars (the same sums, so the same result to the last bit)
        return (h1 - h2 + math.pi) % _TWO_PI - math.pi
    return (np.subtract(h1, h2) + np.pi) % (2 * np.pi) - np.pi


def hue_gap(h1, h2):
    """The angle between hues ``h1`` and ``h2`` (radians; numbers or arrays), 0 to pi.

    >>> round(math.degrees(hue_gap(math.radians(170), math.radians(-170))), 6)
    20.0
    >>> hue_gap(np.array([0.5, -3.0]), 3.0).round(4).tolist()
    [2.5, 0.2832]
    """
    turn = hue_turn(h1, h2)
    return abs(turn) if isinstance(turn, float) else np.abs(turn)


def learn_colour(bgr_patch: np.ndarray) -> tuple[float, float, float]:
    """A team colour from a sample of its rim (the median, so stray pixels do not count)."""
    lab = lab_of_bgr_u8(bgr_patch.reshape(-1, 3))
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    strong = lab[chroma >= np.percentile(chroma, 50)]
    return tuple(float(v) for v in np.median(strong, axis=0))


def load_learned(path: str | Path) -> dict[str, tuple[float, float, float]]:
    p = Path(path).expanduser()
    if not p.exists():
        return {}
    try:
        data = json.loads(p.read_text())
        return {str(k): (float(v[0]), float(v[1]), float(v[2])) for k, v in data.items()}
    except (OSError, ValueError, TypeError, IndexError, AttributeError):
        return {}


def save_learned(path: str | Path, learned: dict[str, tuple[float, float, float]]) -> None:
    write_atomic(path, json.dumps({k: list(v) for k, v in learned.items()}, indent=1))


def surface_warnings(palette: Palette, teams: list[str], surface_rgb) -> list[str]:
    """Team colours too close to a colour of the surface (no green rims on a green pitch)."""
    out = []
    for rgb in surface_rgb:
        lab = lab_of_rgb(rgb)
        chroma = math.hypot(lab[1], lab[2])
        if chroma < 15:      # a grey surface takes any team colour
            continue
        for name in teams:
            c = palette.get(name)
            if math.degrees(hue_gap(c.hue, math.atan2(lab[2], lab[1]))) < TOO_CLOSE_DEG:
                out.append(f"team colour {name} is too close to the surface colour {tuple(rgb)}: "
                           f"its bases may not be found; choose another colour")
    return out


MIN_CHROMA = 12.0        # below this a pixel is grey: a figure, a line, the base's top


def grey_surface(surface_ab: tuple[float, float]) -> bool:
    """The surface is grey (felt): a rim on it mixes with grey only, and no palette hue is the
    surface's."""
    return math.hypot(*surface_ab) < MIN_CHROMA
