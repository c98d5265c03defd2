"""CAMERA.toml: the intrinsics and lens distortion `companion calibrate camera` measured.

Vision works in undistorted pixels: detected points are undistorted before the
homography, and board points are distorted again to sample the real image.
Without a camera file, the lens is taken as distortion-free.
"""

from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError


class CameraFileError(CompanionError, ValueError):
    pass


@dataclass(frozen=True)
class CameraModel:
    K: np.ndarray
    dist: np.ndarray
    size: tuple[int, int]
    rms_px: float = 0.0

    def undistort(self, pts: np.ndarray) -> np.ndarray:
        pts = np.asarray(pts, np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(pts, self.K, self.dist, P=self.K).reshape(-1, 2)

    def distort(self, pts: np.ndarray) -> np.ndarray:
        """Undistorted pixel positions ``pts`` (N x 2) where the lens puts them: OpenCV's
        distortion model (``cv2.projectPoints``), in numpy. projectPoints always computes its
        Jacobian too, which cost a raised picture's first frame about a third of its time (the
        rays of every rim measured are distorted to be sampled); the sensor tilt of a 14-term
        model is left to it.

        >>> cam = CameraModel(np.array([[900.0, 0, 640], [0, 900, 360], [0, 0, 1]]),
        ...                   np.array([-0.3, 0.12, 0.001, -0.002, -0.02]), (1280, 720))
        >>> pts = np.array([[100.0, 50.0], [640.0, 360.0], [1200.0, 700.0]])
        >>> obj = np.column_stack([(pts - (640, 360)) / 900, np.ones(3)])
        >>> by_opencv = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), cam.K, cam.dist)[0].reshape(-1, 2)
        >>> bool(np.abs(cam.distort(pts) - by_opencv).max() < 1e-9)
        True
        """
        pts = np.asarray(pts, np.float64).reshape(-1, 2)
        if self._tilted:
            return self._projected(pts)
        return np.column_stack(self.distort_planes(pts[:, 0], pts[:, 1]))

    def distort_planes(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`distort` for undistorted pixels given as u and v planes (any shape, float64):
        numpy is slow on a last axis of 2, and a rim's rays are sampled as planes."""
        if self._tilted:
            uv = self._projected(np.column_stack([np.ravel(u), np.ravel(v)]))
            return uv[:, 0].reshape(np.shape(u)), uv[:, 1].reshape(np.shape(u))
        k1, k2, p1, p2, k3, k4, k5, k6, s1, s2, s3, s4 = self._terms
        (fx, _, cx), (_, fy, cy) = self.K[0], self.K[1]
        x, y = (u - cx) / fx, (v - cy) / fy
        r2 = x * x + y * y
        r4, r6 = r2 * r2, r2 * r2 * r2
        radial = (1 + k1 * r2 + k2 * r4 + k3 * r6) / (1 + k4 * r2 + k5 * r4 + k6 * r6)
        xy2 = 2 * x * y
        xd = x * radial + p1 * xy2 + p2 * (r2 + 2 * x * x) + s1 * r2 + s2 * r4
        yd = y * radial + p1 * (r2 + 2 * y * y) + p2 * xy2 + s3 * r2 + s4 * r4
        return xd * fx + cx, yd * fy + cy

    def _projected(self, pts: np.ndarray) -> np.ndarray:
        """:meth:`distort` of ``pts`` (N x 2) by ``cv2.projectPoints`` itself: a tilted sensor."""
        norm = cv2.undistortPoints(pts.reshape(-1, 1, 2), self.K, None).reshape(-1, 2)  # K^-1 only
        obj = np.column_stack([norm, np.ones(len(norm))])
        out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), self.K, self.dist)
        return out.reshape(-1, 2)

    @functools.cached_property
    def _tilted(self) -> bool:
        """Whether a 14-term model tilts the sensor (its last two terms), which only OpenCV bends."""
        return len(np.ravel(self.dist)) > 12 and bool(np.any(np.ravel(self.dist)[12:]))

    @functools.cached_property
    def _terms(self) -> tuple[float, ...]:
        """The model's first 12 terms (k1, k2, p1, p2, k3, k4, k5, k6, s1-s4), zeros for those not given."""
        return tuple(float(t) for t in np.pad(np.ravel(self.dist), (0, 14))[:12])

    def to_toml(self) -> str:
        k = self.K
        return (f"# written by `companion calibrate camera`; reprojection error {self.rms_px:.3f} px\n"
                f"width = {self.size[0]}\nheight = {self.size[1]}\nrms_px = {self.rms_px:.4f}\n"
                f"fx = {k[0, 0]:.6f}\nfy = {k[1, 1]:.6f}\ncx = {k[0, 2]:.6f}\ncy = {k[1, 2]:.6f}\n"
                f"dist = [{', '.join(f'{d:.8f}' for d in np.ravel(self.dist))}]\n")


def load_camera(path: str | Path) -> CameraModel:
    """A CAMERA.toml (TABLE_SPEC): every key checked, each problem one line naming the key."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CameraFileError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CameraFileError(f"{path}: cannot be read ({exc})") from None
    return camera_from_toml(text, str(path))


def camera_from_toml(text: str, path: str = "CAMERA.toml") -> CameraModel:
    r"""A CAMERA.toml's ``text``, checked as :func:`load_camera` checks a file; ``path`` names it
    in each problem.

    >>> camera_from_toml("width = 1280\nheight = 720\nfx = 900\nfy = 900\ncx = 640\ncy = 360\n").size
    (1280, 720)
    >>> camera_from_toml("width = 1280", "test.toml")
    Traceback (most recent call last):
    ...
    companion.vision.camera_model.CameraFileError: test.toml: missing key height (needs width, height, fx, fy, cx, cy, dist)
    """
    try:
        d = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CameraFileError(f"{path}: cannot be read ({exc})") from None

    def number(key: str, positive: bool = False, default=None) -> float:
        value = d.get(key, default)
        if value is None:
            raise CameraFileError(f"{path}: missing key {key} (needs width, height, fx, fy, cx, cy, dist)")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise CameraFileError(f"{path}: {key} must be a finite number, got {value!r}")
        if positive and value <= 0:
            raise CameraFileError(f"{path}: {key} must be above zero, got {value!r}")
        return float(value)

    width, height = number("width", True), number("height", True)
    if width != int(width) or height != int(height) or width > 20000 or height > 20000:
        raise CameraFileError(f"{path}: width and height must be whole pixels (at most 20000), "
                              f"got {width:g} x {height:g}")
    fx, fy, cx, cy = number("fx", True), number("fy", True), number("cx"), number("cy")
    if not (0 <= cx <= width and 0 <= cy <= height):
        raise CameraFileError(f"{path}: the principal point ({cx:g}, {cy:g}) must lie in the "
                              f"{width:g} x {height:g} picture")
    dist = d.get("dist", [])
    # OpenCV reads 4, 5, 8, 12 or 14 distortion terms; k1 k2 p1 p2 [k3] is what calibrate writes
    if not isinstance(dist, list) or len(dist) not in (0, 4, 5, 8, 12, 14) or \
            any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) for v in dist):
        raise CameraFileError(f"{path}: dist must be a list of 4, 5, 8, 12 or 14 finite numbers "
                              f"(k1, k2, p1, p2, k3 ...), got {dist!r}")
    rms = number("rms_px", default=0.0)
    K = np.array([[fx, 0, cx], [0, fy, cy], [0, 0, 1]])
    return CameraModel(K, np.array(dist, np.float64), (int(width), int(height)), rms)
