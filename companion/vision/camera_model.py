"""CAMERA.toml: the intrinsics and lens distortion `companion calibrate camera` measured.

Vision works in undistorted pixels: detected points are undistorted before the
homography, and board points are distorted again to sample the real image.
Without a camera file, the lens is taken as distortion-free.
"""

from __future__ import annotations

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
        pts = np.asarray(pts, np.float64).reshape(-1, 2)
        norm = cv2.undistortPoints(pts.reshape(-1, 1, 2), self.K, None).reshape(-1, 2)  # K^-1 only
        obj = np.column_stack([norm, np.ones(len(norm))])
        out, _ = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), self.K, self.dist)
        return out.reshape(-1, 2)

    def to_toml(self) -> str:
        k = self.K
        return (f"# written by `companion calibrate camera`; reprojection error {self.rms_px:.3f} px\n"
                f"width = {self.size[0]}\nheight = {self.size[1]}\nrms_px = {self.rms_px:.4f}\n"
                f"fx = {k[0, 0]:.6f}\nfy = {k[1, 1]:.6f}\ncx = {k[0, 2]:.6f}\ncy = {k[1, 2]:.6f}\n"
                f"dist = [{', '.join(f'{d:.8f}' for d in np.ravel(self.dist))}]\n")


def load_camera(path: str | Path) -> CameraModel:
    path = Path(path)
    try:
        d = tomllib.loads(path.read_text(encoding="utf-8"))
        K = np.array([[float(d["fx"]), 0, float(d["cx"])], [0, float(d["fy"]), float(d["cy"])], [0, 0, 1]])
        dist = np.array([float(v) for v in d.get("dist", [])], np.float64)
        return CameraModel(K, dist, (int(d["width"]), int(d["height"])), float(d.get("rms_px", 0.0)))
    except FileNotFoundError:
        raise CameraFileError(f"{path}: file not found") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CameraFileError(f"{path}: cannot be read ({exc})") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise CameraFileError(f"{path}: missing or bad key {exc} (needs width, height, fx, fy, cx, cy, dist)") \
            from None
