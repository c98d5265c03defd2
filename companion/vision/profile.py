"""Board profiles, in the TOML form TABLE_SPEC.md fixes (optional keys may follow).

>>> p = load_profile("calibration/boards/takkure-pitch.toml")
>>> p.width_in, sorted(p.markers), p.grid is None
(22.0, [0, 1, 2, 3], True)
>>> marker_corners(p, 0).tolist()[0]
[-2.0, -2.0]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError


class ProfileError(CompanionError, ValueError):
    """A profile that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int
    cell_in: float
    origin_in: tuple[float, float]


@dataclass(frozen=True)
class BoardProfile:
    name: str
    width_in: float
    height_in: float
    markers: dict[int, tuple[float, float]]
    marker_size_in: float = 1.5
    dictionary: str = "DICT_4X4_50"
    grid: Grid | None = None
    surface_rgb: tuple[tuple[int, int, int], ...] = field(default=())
    source: str = ""
    base_height_mm: float = 3.5        # how tall the bases stand (TABLE_SPEC: 3 to 4 mm)


def aruco_dictionary(name: str):
    value = getattr(cv2.aruco, name, None)
    if not name.startswith("DICT_") or value is None:
        raise ProfileError(f"unknown marker dictionary {name!r} (e.g. DICT_4X4_50)")
    return cv2.aruco.getPredefinedDictionary(value)


def _need(data: dict, key: str, source: str, kind=float):
    if key not in data:
        raise ProfileError(f"{source}: missing key {key!r}")
    try:
        return kind(data[key])
    except (TypeError, ValueError):
        raise ProfileError(f"{source}: [{key}] expected a number, got {data[key]!r}") from None


def profile_from_dict(data: dict, source: str = "<profile>") -> BoardProfile:
    width, height = _need(data, "width_in", source), _need(data, "height_in", source)
    markers_raw = data.get("markers")
    if not isinstance(markers_raw, dict) or len(markers_raw) < 3:
        raise ProfileError(f"{source}: [markers] needs at least 3 entries id = [x_in, y_in]")
    try:
        markers = {int(k): (float(v[0]), float(v[1])) for k, v in markers_raw.items()}
    except (TypeError, ValueError, IndexError, KeyError):
        raise ProfileError(f"{source}: [markers] entries must be id = [x_in, y_in]") from None
    grid = None
    if "rows" in data or "cols" in data or "cell_in" in data:
        origin = data.get("grid_origin_in", [0.0, 0.0])
        try:
            grid = Grid(_need(data, "rows", source, int), _need(data, "cols", source, int),
                        _need(data, "cell_in", source), (float(origin[0]), float(origin[1])))
        except (TypeError, ValueError, IndexError):
            raise ProfileError(f"{source}: [grid_origin_in] expected [x_in, y_in]") from None
    dictionary = str(data.get("marker_dictionary", "DICT_4X4_50"))
    aruco_dictionary(dictionary)
    surface = tuple(tuple(int(c) for c in rgb) for rgb in data.get("surface_rgb", []))
    base_height = _need({"base_height_mm": data.get("base_height_mm", 3.5)}, "base_height_mm", source)
    if not 0.0 <= base_height <= 20.0:          # also refuses NaN
        raise ProfileError(f"{source}: [base_height_mm] expected 0 to 20 (mm), got {base_height!r}")
    profile = BoardProfile(str(data.get("name", Path(source).stem)), width, height, markers, float(data.get("marker_size_in", 1.5)),
                           dictionary, grid, surface, source, base_height)
    if profile.width_in <= 0 or profile.height_in <= 0 or profile.marker_size_in <= 0:
        raise ProfileError(f"{source}: sizes must be positive")
    return profile


def load_profile(path: str | Path) -> BoardProfile:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProfileError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProfileError(f"{path}: cannot be read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path}: not valid TOML: {exc}") from None
    return profile_from_dict(data, str(path))


def marker_corners(profile: BoardProfile, marker_id: int, size_in: float | None = None) -> np.ndarray:
    """The 4 corners (top-left, top-right, bottom-right, bottom-left: ArUco's order) of an
    upright marker, in board inches."""
    x, y = profile.markers[marker_id]
    h = (size_in or profile.marker_size_in) / 2
    return np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]], float)


def profile_from_board(board) -> BoardProfile:
    """A profile from a simulated scene's board (the demo's camera reads the board it renders)."""
    return BoardProfile(board.name, board.width_in, board.height_in, dict(board.markers), board.marker_size_in,
                        source="simulated scene")
