"""The Raspberry Pi camera through picamera2.

picamera2 comes from Raspberry Pi OS's apt (``python3-picamera2``) and is never
a pip dependency; the venv must be made with ``--system-site-packages`` and keep
apt's numpy (docs/pi/install.sh does both). When the import fails, the error says
why and gives the one command that repairs the venv (``import_failure``).
This backend cannot run on the development machine (no Pi, no camera): it is
kept thin, and everything above it is tested through the simulated source.

The ``RGB888`` format gives pixels in B, G, R order in memory, which is what
OpenCV expects. A video configuration with two buffers keeps latency low: we
always take the newest frame.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from companion.hardware.errors import DeviceError

SYSTEM_SITE = "/usr/lib/python3/dist-packages"       # where Debian's apt puts Python packages


def system_numpy(site: str = SYSTEM_SITE) -> str:
    """The version of the numpy apt installed ('' if none), read from its metadata without
    importing it (the venv's own numpy may hide it).

    >>> system_numpy("/nonexistent")
    ''
    """
    from importlib.metadata import distributions

    try:
        return next((d.version for d in distributions(path=[site]) if (d.metadata["Name"] or "").lower() == "numpy"), "")
    except OSError:
        return ""


def repair_command(prefix: str, system_version: str, repo: Path | None) -> str:
    """The one command that gives the venv at ``prefix`` the system's numpy back: the install
    script of the repository it was installed from, else pip with the right pins.

    >>> repair_command("/opt/v", "1.24.2", None)
    "/opt/v/bin/pip install 'numpy==1.24.2' 'opencv-python-headless<4.12'"
    """
    if repo is not None and (repo / "docs" / "pi" / "install.sh").exists():
        return f"{repo / 'docs' / 'pi' / 'install.sh'} --venv {prefix} --no-system"
    opencv = " 'opencv-python-headless<4.12'" if system_version.startswith("1.") else ""
    return f"{prefix}/bin/pip install 'numpy=={system_version}'{opencv}"


def import_failure(exc: BaseException, numpy_version: str, numpy_file: str, prefix: str,
                   system_version: str, repo: Path | None) -> DeviceError:
    """What an ``import picamera2`` that raised ``exc`` means, for the user.

    apt's picamera2 imports simplejpeg, built against apt's numpy; a numpy of another ABI in
    the venv makes that import fail with "numpy.core.multiarray failed to import" or "numpy.dtype
    size changed" (picamera2's issues 1088, 1170, 1211).
    """
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] == "picamera2":
        return DeviceError("camera", "picamera2 is not installed", "camera.backend",
                           "on the Pi: sudo apt install python3-picamera2 and make the venv with "
                           "--system-site-packages (docs/pi/install.sh does both); elsewhere use "
                           "backend = \"opencv\"")
    shadowed = numpy_file.startswith(str(Path(prefix))) and system_version and numpy_version != system_version
    if shadowed or "numpy" in str(exc):
        return DeviceError(
            "camera", f"picamera2 cannot load ({type(exc).__name__}: {exc}): this venv's numpy {numpy_version} "
            f"hides the system's numpy {system_version or '(none found)'}, which apt's picamera2 and simplejpeg "
            "were built against", "camera.backend", fix=repair_command(prefix, system_version, repo))
    return DeviceError("camera", f"picamera2 is installed but does not load ({type(exc).__name__}: {exc})",
                       "camera.backend", "sudo apt install --reinstall python3-picamera2 python3-libcamera")


def _import_picamera2():
    try:
        from picamera2 import Picamera2
        return Picamera2
    except Exception as exc:          # ImportError, and ValueError for "numpy.dtype size changed"
        repo = Path(__file__).resolve().parents[3]
        raise import_failure(exc, np.__version__, np.__file__, sys.prefix, system_numpy(),
                             repo if (repo / "pyproject.toml").exists() else None) from None


class Picamera2Source:
    def __init__(self, width: int = 1280, height: int = 720, fps: int = 30):
        Picamera2 = _import_picamera2()
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
