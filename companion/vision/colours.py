"""Team colours in CIE Lab: the TABLE_SPEC palette, colours learned from a sample,
and the warning when a team colour is too close to the surface it plays on.

A pixel's "team score" is its chroma along the team colour's hue minus
``SIDE`` times its chroma across it: high on the rim, about zero on the dark
base top, on grey figures and on a surface of another hue. Brightness barely
matters, so a lighting gradient does not move the rim's edges.

>>> p = Palette.nominal()
>>> p.classify(lab_of_rgb((190, 40, 45)))[0], p.classify(lab_of_rgb((40, 90, 190)))[0]
('red', 'blue')
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

NOMINAL_RGB = {
    "red": (200, 30, 40), "blue": (30, 80, 200), "yellow": (230, 200, 30),
    "green": (40, 160, 60), "magenta": (200, 40, 170), "cyan": (20, 180, 200),
}
SIDE = 1.5            # how strongly off-hue chroma counts against a pixel (half-width ~34 degrees)
TOO_CLOSE_DEG = 35.0  # a team hue this close to a surface hue (with the surface's chroma) is warned about


def lab_of_rgb(rgb) -> np.ndarray:
    px = np.array([[rgb]], np.float32) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_RGB2Lab)[0, 0].astype(np.float64)


def lab_of_bgr_u8(bgr: np.ndarray) -> np.ndarray:
    """Float Lab (L 0-100, a and b around 0) of an array of BGR uint8 pixels (N x 3)."""
    px = np.asarray(bgr, np.float32).reshape(-1, 1, 3) / 255.0
    return cv2.cvtColor(px, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float64)


@dataclass(frozen=True)
class TeamColour:
    name: str
    lab: tuple[float, float, float]

    @property
    def chroma(self) -> float:
        return math.hypot(self.lab[1], self.lab[2])

    @property
    def hue(self) -> float:
        return math.atan2(self.lab[2], self.lab[1])

    def score(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Team score of pixels with Lab chroma (a, b)."""
        ua, ub = math.cos(self.hue), math.sin(self.hue)
        along = a * ua + b * ub
        across = np.abs(a * ub - b * ua)
        return np.maximum(along - SIDE * across, 0.0)


class Palette:
    def __init__(self, colours: list[TeamColour]):
        self.colours = colours

    @classmethod
    def nominal(cls) -> "Palette":
        return cls([TeamColour(n, tuple(lab_of_rgb(rgb))) for n, rgb in NOMINAL_RGB.items()])

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
        best = min(self.colours, key=lambda c: _hue_gap(c.hue, hue))
        return best.name, math.degrees(_hue_gap(best.hue, hue))


def _hue_gap(h1: float, h2: float) -> float:
    d = abs(h1 - h2) % (2 * math.pi)
    return min(d, 2 * math.pi - d)


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
    p = Path(path).expanduser()
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps({k: list(v) for k, v in learned.items()}, indent=1))
    tmp.replace(p)


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
            if math.degrees(_hue_gap(c.hue, math.atan2(lab[2], lab[1]))) < TOO_CLOSE_DEG:
                out.append(f"team colour {name} is too close to the surface colour {tuple(rgb)}: "
                           f"its bases may not be found; choose another colour")
    return out
