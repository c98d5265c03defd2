"""Raised bases: from the rim seen on top of a base to the centre of its footprint.

A base stands 3 to 4 mm tall and its coloured rim is on its top face, so a
tilted camera sees the rim displaced from the footprint (TABLE_SPEC). The
detector measures the rim by projecting its image onto the board plane; that
projection is a central projection from the camera's centre C, which maps the
plane of the rim (height h) onto the board plane (height 0) by a homothety of
ratio H / (H - h) about the point of the board below C (H: the camera's height
above the board). So the footprint centre is

    X = C_xy + (c0 - C_xy) * (H - h) / H

where c0 is the centre measured on the board plane. The camera's pose comes from
the board homography and the lens intrinsics (CAMERA.toml): [r1 r2 t] ~ K^-1 H.

The outline a rim is measured by is not quite its top circle: on the side toward
the camera the base's side wall shows below it, and the rim's outer edge may take
in part of the wall (:func:`wall_seen`). Its centre is then where a top circle
lower by half that part would be seen, so the footprint is found from
:func:`outline_height`, not from the base's full height.

>>> import cv2
>>> K = np.array([[1000.0, 0, 640], [0, 1000.0, 360], [0, 0, 1]])
>>> R = cv2.Rodrigues(np.array([0.3, 0.0, 0.0]))[0]; t = np.array([-11.0, -12.0, 50.0])
>>> H = K @ np.column_stack([R[:, 0], R[:, 1], t])
>>> C = camera_centre(H, K)
>>> np.allclose(C, -R.T @ t)
True
>>> x, y = to_footprint(np.array([[20.0, 5.0]]), C, 0.14)[0]
>>> bool(np.hypot(x - 20.0, y - 5.0) < 0.1), round(float(np.hypot(*(C[:2] - [20.0, 5.0]))), 1) > 0
(True, True)
"""

from __future__ import annotations

import numpy as np

MM = 1 / 25.4

# The most of a raised base's side wall, on its side toward the camera, that the rim's outer edge
# takes in: the share that leaves no mean error toward the camera on the project's wider set of
# raised cases (1628 bases: turf, felt, mat and wood, dark and light walls). More is taken in
# through JPEG at 16-20 px/in (0.45 on the project's turf) and on the shared raised pictures
# (another renderer's walls: 0.4 and more), where the wall is a pixel wide under a wider blur of
# the picture's colour. See docs/PERFORMANCE.md, "Thirty-seventh pass".
WALL_SEEN = 0.35


def camera_centre(H: np.ndarray, K: np.ndarray) -> np.ndarray | None:
    """The camera's centre in board coordinates (x, y in inches; z its signed height), from the
    board-to-undistorted-image homography and the intrinsics; None if the pose is degenerate."""
    A = np.linalg.inv(K) @ np.asarray(H, float)
    scale = (np.linalg.norm(A[:, 0]) + np.linalg.norm(A[:, 1])) / 2
    if not np.isfinite(scale) or scale <= 0:
        return None
    A = A / scale
    if A[2, 2] < 0:                     # the board in front of the camera: t_z > 0
        A = -A
    r1, r2, t = A[:, 0], A[:, 1], A[:, 2]
    R = np.column_stack([r1, r2, np.cross(r1, r2)])
    u, _, vt = np.linalg.svd(R)         # the nearest rotation
    R = u @ vt
    C = -R.T @ t
    return C if np.all(np.isfinite(C)) and abs(C[2]) > 1e-6 else None


def to_footprint(centres: np.ndarray, C: np.ndarray, height_in) -> np.ndarray:
    """Footprint centres of rims measured at ``centres`` on the board plane (N x 2), at
    ``height_in`` (one height, or one for each: N x 1)."""
    k = (abs(C[2]) - height_in) / abs(C[2])
    return C[None, :2] + (np.asarray(centres, float) - C[None, :2]) * k


def to_plane(footprints: np.ndarray, C: np.ndarray, height_in) -> np.ndarray:
    """The inverse: where a rim on a base at ``footprints`` appears on the board plane."""
    k = abs(C[2]) / (abs(C[2]) - height_in)
    return C[None, :2] + (np.asarray(footprints, float) - C[None, :2]) * k


def wall_seen(surface_score: float, paint_score: float) -> float:
    """The share of a raised base's side wall, on its side toward the camera, that its rim's outer
    edge (at half the team score) takes in. The wall, a grey (dark or light: it scores 0), is 1-2 px
    wide at 16-40 px/in and blurs into the rim's edge. Where the surface scores below a grey (turf
    round a magenta, blue or red rim), the wall's blend with the rim scores above the surface's
    and the half-score edge moves out onto the wall; where the surface scores as a grey does
    (grey felt), the edge stays on the rim. ``surface_score``: the rim colour's score of the
    surface, not clipped at 0; ``paint_score``: of the rim's paint. The share grows with how far
    below a grey the surface lies, as a part of the whole step to the paint, up to
    :data:`WALL_SEEN` at half of it.

    >>> wall_seen(0.0, 40.0), wall_seen(-40.0, 40.0), round(wall_seen(-10.0, 40.0), 6)
    (0.0, 0.35, 0.14)
    """
    below = max(0.0, -surface_score) / max(paint_score - surface_score, 1e-6)
    return WALL_SEEN * min(1.0, 2.0 * below)


def outline_height(height_in: float, wall_share: float) -> float:
    """The height at which the outline of a base ``height_in`` tall is centred, as seen: its top
    circle drawn out toward the camera by ``wall_share`` of the wall below it is fitted by a
    circle whose centre lies half that share of the wall lower (to first order in the base's
    height over the camera's).

    >>> round(outline_height(3.5 * MM, 0.25) / MM, 4), outline_height(0.14, 0.0)
    (3.0625, 0.14)
    """
    return height_in * (1 - wall_share / 2)


def radius_scale(C: np.ndarray, height_in: float) -> float:
    """A rim's true radius over its radius measured on the board plane."""
    return (abs(C[2]) - height_in) / abs(C[2])

