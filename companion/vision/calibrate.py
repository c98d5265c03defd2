"""`companion calibrate camera`: intrinsics and lens distortion from a ChArUco board.

Print the ChArUco sheet (`companion markers`), glue it flat, and show it to the
camera in 10 to 20 positions: near the corners of the picture, tilted, at
different distances. Wide-angle lenses need the board near the picture's
edges, where they bend lines most. The result (CAMERA.toml) makes lines
straight again: vision undistorts every point it measures.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError
from companion.vision.camera_model import CameraModel
from companion.vision.sheets import charuco_board

MIN_VIEWS = 4
MIN_CORNERS = 8


class CalibrationError(CompanionError, ValueError):
    pass


@dataclass(frozen=True)
class Calibration:
    model: CameraModel
    views_used: int
    views_rejected: int


def find_board_corners(gray: np.ndarray, board=None):
    """(object points, image points) of the ChArUco corners seen, or None."""
    board = board or charuco_board()
    detector = cv2.aruco.CharucoDetector(board)
    corners, ids, _, _ = detector.detectBoard(gray)
    if ids is None or len(ids) < MIN_CORNERS:
        return None
    obj, img = board.matchImagePoints(corners, ids)
    if obj is None or len(obj) < MIN_CORNERS:
        return None
    return obj.reshape(-1, 3).astype(np.float32), img.reshape(-1, 2).astype(np.float32)


def calibrate(frames, rational: bool = False) -> Calibration:
    """Calibrate from BGR or gray frames. ``rational`` adds k4-k6 for very wide lenses."""
    objs, imgs, size, rejected = [], [], None, 0
    board = charuco_board()
    for frame in frames:
        if frame is None:
            rejected += 1
            continue
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        size = size or (gray.shape[1], gray.shape[0])
        if (gray.shape[1], gray.shape[0]) != size:
            raise CalibrationError("all views must have the same size")
        found = find_board_corners(gray, board)
        if found is None:
            rejected += 1
            continue
        objs.append(found[0])
        imgs.append(found[1])
    if len(objs) < MIN_VIEWS:
        raise CalibrationError(f"the ChArUco board was found in {len(objs)} views; at least {MIN_VIEWS} are "
                               f"needed (10 to 20 is better): show it in more positions")
    flags = cv2.CALIB_RATIONAL_MODEL if rational else 0
    rms, K, dist, _, _ = cv2.calibrateCamera(objs, imgs, size, None, None, flags=flags)
    return Calibration(CameraModel(K, dist.ravel(), size, float(rms)), len(objs), rejected)


def load_folder(folder: str | Path) -> list[np.ndarray]:
    if not Path(folder).is_dir():
        raise CalibrationError(f"{folder}: no such folder of calibration pictures")
    paths = sorted(p for p in Path(folder).iterdir()
                   if p.suffix.lower() in {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff"})
    if not paths:
        raise CalibrationError(f"{folder}: no images")
    return [cv2.imread(str(p), cv2.IMREAD_COLOR) for p in paths]
