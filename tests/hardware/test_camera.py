import time

import cv2
import numpy as np
import pytest

from companion.config import Config
from companion.hardware.camera import open_camera
from companion.hardware.camera.file_source import FileSource
from companion.hardware.camera.grabber import FrameGrabber
from companion.hardware.camera.simulated_source import SimulatedSource
from companion.hardware.errors import DeviceError
from companion.sim.scene import load_scene


def test_the_simulated_camera_shows_all_four_frame_markers():
    source = SimulatedSource(load_scene("takkure-demo"))
    frame = source.read()
    assert frame.shape == (720, 1280, 3)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    _, ids, _ = detector.detectMarkers(frame)
    assert {0, 1, 2, 3, 10, 13} <= set(ids.ravel().tolist())


def test_moving_a_piece_changes_the_picture_where_it_stood():
    scene = load_scene("takkure-demo")
    source = SimulatedSource(scene)
    before = source.read().astype(int)
    scene.move_piece("Ronin", 2.0, 2.0)
    after = source.read().astype(int)
    changed = np.abs(after - before).max(axis=2) > 60
    assert 200 < changed.sum() < 20_000  # the piece left one place and arrived at another, nothing else


def test_an_image_folder_cycles_and_skips_unreadable_files(tmp_path):
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((10, 12, 3), np.uint8))
    (tmp_path / "b.png").write_bytes(b"not a png")
    source = FileSource(str(tmp_path))
    assert source.read().shape == (10, 12, 3)
    assert source.read() is None
    assert source.read().shape == (10, 12, 3)


@pytest.mark.parametrize("backend, key", [("file", "camera.path"), ("opencv", "camera.device")])
def test_a_missing_camera_names_the_setting(tmp_path, backend, key):
    cfg = Config().replace("camera", backend=backend, path=str(tmp_path / "none.mp4"), device=57)
    with pytest.raises(DeviceError) as exc:
        open_camera(cfg.camera)
    assert exc.value.setting == key and "companion demo" in str(exc.value)


@pytest.mark.skipif(__import__("importlib").util.find_spec("picamera2") is not None,
                    reason="picamera2 is installed here")
def test_picamera2_missing_is_a_clear_message():
    cfg = Config()
    with pytest.raises(DeviceError, match="picamera2 is not installed"):
        open_camera(cfg.camera)


class Flaky:
    """A camera that sends frames, then disappears, then comes back."""
    name = "flaky"

    def __init__(self, log):
        self.log, self.n = log, 0

    def read(self):
        self.n += 1
        if self.n > 3:
            raise DeviceError("camera", "unplugged", "camera.device")
        return np.full((4, 4, 3), self.n, np.uint8)

    def close(self):
        self.log.append("closed")


def test_the_grabber_keeps_the_newest_frame_and_survives_a_camera_that_disappears():
    log = []
    grabber = FrameGrabber(lambda: Flaky(log), max_fps=200).start()
    deadline = time.monotonic() + 3
    while len(log) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    grabber.stop()
    count, frame = grabber.latest()
    assert len(log) >= 2            # it reopened the camera after losing it
    assert count >= 6 and frame is not None


def test_the_grabber_reports_a_camera_that_cannot_open():
    def never():
        raise DeviceError("camera", "no camera at OpenCV index 3", "camera.device")
    grabber = FrameGrabber(never).start()
    time.sleep(0.2)
    grabber.stop()
    assert not grabber.ok and grabber.status.startswith("camera lost: no camera at OpenCV index 3")
    assert grabber.latest() == (0, None)
