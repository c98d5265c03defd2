"""Board profiles, in the TOML form TABLE_SPEC.md fixes (optional keys may follow).

>>> p = load_profile("calibration/boards/takkure-pitch.toml")
>>> p.width_in, sorted(p.markers), p.grid is None
(22.0, [0, 1, 2, 3], True)
>>> marker_corners(p, 0).tolist()[0]
[-2.0, -2.0]
"""

from __future__ import annotations

import math
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
    # how many teams' bases the board holds at most: every game here that moves figures on bases
    # is played by two sides (Takkure's two coaches, TEKKEN's and Knockdown's two fighters)
    teams_at_most: int = 2


def aruco_dictionary(name: str):
    value = getattr(cv2.aruco, name, None)
    if not name.startswith("DICT_") or value is None:
        raise ProfileError(f"unknown marker dictionary {name!r} (e.g. DICT_4X4_50)")
    return cv2.aruco.getPredefinedDictionary(value)


def _need(data: dict, key: str, source: str, kind=float, default=None, positive: bool = True):
    """``data[key]`` as a finite number (``kind`` int: a whole one), above zero if ``positive``."""
    if key not in data and default is None:
        raise ProfileError(f"{source}: missing key {key!r}")
    value = data.get(key, default)
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if kind is int:
        ok = ok and float(value) == int(value)
    if not ok:
        what = "a whole number" if kind is int else "a finite number"
        raise ProfileError(f"{source}: [{key}] expected {what}, got {value!r}")
    if positive and value <= 0:
        raise ProfileError(f"{source}: [{key}] must be above zero, got {value!r}")
    return kind(value)


def _pair(value, source: str, key: str) -> tuple[float, float]:
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and
            all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in value)):
        raise ProfileError(f"{source}: [{key}] expected [x_in, y_in], two finite numbers, got {value!r}")
    return float(value[0]), float(value[1])


def profile_from_dict(data: dict, source: str = "<profile>") -> BoardProfile:
    """A board profile, every key checked: one line naming the key for anything wrong."""
    width, height = _need(data, "width_in", source), _need(data, "height_in", source)
    if width > 200 or height > 200:
        raise ProfileError(f"{source}: a board of {width:g} x {height:g} in is not a table (at most 200 in a side)")
    size = _need(data, "marker_size_in", source, default=1.5)
    dictionary_name = data.get("marker_dictionary", "DICT_4X4_50")
    if not isinstance(dictionary_name, str):
        raise ProfileError(f"{source}: [marker_dictionary] expected a name such as 'DICT_4X4_50', got {dictionary_name!r}")
    dictionary = aruco_dictionary(dictionary_name)
    markers_raw = data.get("markers")
    if not isinstance(markers_raw, dict) or len(markers_raw) < 3:
        raise ProfileError(f"{source}: [markers] needs at least 3 entries id = [x_in, y_in]")
    markers = {}
    for key, value in markers_raw.items():
        if not key.isdigit() or int(key) >= len(dictionary.bytesList):
            raise ProfileError(f"{source}: [markers] {key!r} is not a marker id of {dictionary_name} "
                               f"(0 to {len(dictionary.bytesList) - 1})")
        markers[int(key)] = _pair(value, source, f"markers.{key}")
    pts = np.array(list(markers.values()))
    gaps = np.linalg.norm(pts[:, None] - pts[None], axis=2) + np.eye(len(pts)) * 1e9
    if gaps.min() < size:
        raise ProfileError(f"{source}: [markers] two markers overlap (centres {gaps.min():.2f} in apart, "
                           f"markers {size:g} in wide)")
    hull = cv2.convexHull(pts.astype(np.float32))
    if cv2.contourArea(hull) < 0.25 * width * height:
        raise ProfileError(f"{source}: [markers] must surround the board (they span "
                           f"{cv2.contourArea(hull):.1f} sq in of a {width:g} x {height:g} in board)")
    grid = None
    if "rows" in data or "cols" in data or "cell_in" in data:
        rows, cols = _need(data, "rows", source, int), _need(data, "cols", source, int)
        if rows > 100 or cols > 100:
            raise ProfileError(f"{source}: a grid of {rows} x {cols} cells is too large (at most 100 a side)")
        grid = Grid(rows, cols, _need(data, "cell_in", source),
                    _pair(data.get("grid_origin_in", [0.0, 0.0]), source, "grid_origin_in"))
    surface_raw = data.get("surface_rgb", [])
    if not isinstance(surface_raw, list) or not all(
            isinstance(rgb, list) and len(rgb) == 3 and
            all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in rgb) for rgb in surface_raw):
        raise ProfileError(f"{source}: [surface_rgb] expected a list of [r, g, b] colours (0-255), got {surface_raw!r}")
    surface = tuple(tuple(rgb) for rgb in surface_raw)
    base_height = _need(data, "base_height_mm", source, default=3.5, positive=False)
    if not 0.0 <= base_height <= 20.0:
        raise ProfileError(f"{source}: [base_height_mm] expected 0 to 20 (mm), got {base_height!r}")
    teams_at_most = _need(data, "teams_at_most", source, int, default=2)
    if teams_at_most > 6:
        raise ProfileError(f"{source}: [teams_at_most] expected 1 to 6 (one per team colour), got {teams_at_most!r}")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise ProfileError(f"{source}: [name] expected a string, got {name!r}")
    return BoardProfile(name, width, height, markers, size, dictionary_name, grid, surface, source, base_height,
                        teams_at_most)


def load_profile(path: str | Path) -> BoardProfile:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8-sig"))
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
