"""A USB webcam (or any device OpenCV's VideoCapture opens)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.hardware.errors import DeviceError


class OpenCVSource:
    def __init__(self, device: int = 0, width: int = 1280, height: int = 720, fps: int = 30):
        self._cap = cv2.VideoCapture(device)
        if not self._cap.isOpened():
            raise DeviceError("camera", f"no camera at OpenCV index {device}", "camera.device",
                              "list cameras with `v4l2-ctl --list-devices`")
        self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        self._cap.set(cv2.CAP_PROP_FPS, fps)
        self._cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # newest frame, not a queue of old ones
        self.name = f"OpenCV camera {device}"
        self._failures = 0

    def read(self) -> np.ndarray | None:
        ok, frame = self._cap.read()
        if ok:
            self._failures = 0
            return frame
        self._failures += 1
        if self._failures > 30:
            raise DeviceError("camera", "the webcam stopped sending frames (unplugged?)", "camera.device")
        return None

    def close(self) -> None:
        self._cap.release()
