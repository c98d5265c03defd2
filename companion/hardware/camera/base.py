"""The camera interface and the factory that picks a backend from the settings."""

from __future__ import annotations

from typing import Protocol

import numpy as np

from companion.hardware.errors import DeviceError


class CameraSource(Protocol):
    name: str

    def read(self) -> np.ndarray | None:
        """The next BGR frame, or None when none is available right now.

        Raises DeviceError when the camera is gone for good.
        """

    def close(self) -> None: ...


def open_camera(settings, scene=None) -> CameraSource:
    """Open the camera ``settings.backend`` names (a CameraSettings)."""
    backend = settings.backend
    if backend == "picamera2":
        from companion.hardware.camera.picamera2_source import Picamera2Source
        return Picamera2Source(settings.width, settings.height, settings.fps)
    if backend == "opencv":
        from companion.hardware.camera.opencv_source import OpenCVSource
        return OpenCVSource(settings.device, settings.width, settings.height, settings.fps)
    if backend == "file":
        from companion.hardware.camera.file_source import FileSource
        return FileSource(settings.path)
    if backend == "simulated":
        from companion.hardware.camera.simulated_source import SimulatedSource
        from companion.sim.scene import load_scene
        return SimulatedSource(scene if scene is not None else load_scene(settings.scene),
                               settings.width, settings.height)
    raise DeviceError("camera", f"backend {backend!r} opens no camera", "camera.backend")
