"""Frames from a video file or a folder of images, looping at the end."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.hardware.errors import DeviceError

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff"}


class FileSource:
    def __init__(self, path: str):
        p = Path(path).expanduser()
        if not path or not p.exists():
            raise DeviceError("camera", f"no video file or image folder at {path!r}", "camera.path")
        self.name = f"file {p.name}"
        self._images: list[Path] = []
        self._cap = None
        self._index = 0
        if p.is_dir():
            self._images = sorted(f for f in p.iterdir() if f.suffix.lower() in IMAGE_SUFFIXES)
            if not self._images:
                raise DeviceError("camera", f"the folder {p} holds no images", "camera.path")
        else:
            self._cap = cv2.VideoCapture(str(p))
            if not self._cap.isOpened():
                raise DeviceError("camera", f"{p} is not a video OpenCV can read", "camera.path")

    def read(self) -> np.ndarray | None:
        if self._images:
            path = self._images[self._index % len(self._images)]
            self._index += 1
            return cv2.imread(str(path), cv2.IMREAD_COLOR)  # None for an unreadable file
        ok, frame = self._cap.read()
        if not ok:  # end of the video: start again
            self._cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._cap.read()
        return frame if ok else None

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
