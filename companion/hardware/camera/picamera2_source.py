"""The Raspberry Pi camera through picamera2.

picamera2 comes from Raspberry Pi OS's apt (``python3-picamera2``) and is never
a pip dependency; the venv must be made with ``--system-site-packages``.
This backend cannot run on the development machine (no Pi, no camera): it is
kept thin, and everything above it is tested through the simulated source.

The ``RGB888`` format gives pixels in B, G, R order in memory, which is what
OpenCV expects. A video configuration with two buffers keeps latency low: we
always take the newest frame.
"""

from __future__ import annotations

import numpy as np

from companion.hardware.errors import DeviceError


class Picamera2Source:
    def __init__(self, width: int = 1280, height: int = 720, fps: int = 30):
        try:
            from picamera2 import Picamera2
        except ImportError:
            raise DeviceError("camera", "picamera2 is not installed", "camera.backend",
                              "on the Pi: sudo apt install python3-picamera2 and make the venv with "
                              "--system-site-packages; elsewhere use backend = \"opencv\"") from None
        try:
            self._cam = Picamera2()
            # queue=False: capture_array waits for the next frame instead of handing back one
            # that waited in the queue (lower latency); two buffers are enough for that.
            config = self._cam.create_video_configuration(
                main={"size": (width, height), "format": "RGB888"}, buffer_count=2, queue=False,
                controls={"FrameRate": float(fps)})
            self._cam.configure(config)
            self._cam.start()
        except Exception as exc:  # libcamera raises many kinds; all mean "no usable camera"
            raise DeviceError("camera", f"the Pi camera did not start ({exc})", "camera.backend",
                              "check the ribbon cable and `rpicam-hello --list-cameras`") from None
        self.name = f"Pi camera {width}x{height}"

    def read(self) -> np.ndarray | None:
        try:
            return self._cam.capture_array("main")
        except Exception as exc:
            raise DeviceError("camera", f"the Pi camera stopped ({exc})", "camera.backend") from None

    def close(self) -> None:
        try:
            self._cam.stop()
            self._cam.close()
        except Exception:
            pass
