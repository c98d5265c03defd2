"""Camera calibration recovers a known (simulated) lens, and makes its lines straight."""


import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.calibrate import CalibrationError, calibrate
from companion.vision.camera_model import CameraModel, load_camera
from companion.vision.registration import Registration
from companion.vision.sheets import CHARUCO_SQUARES, charuco_board

W, H = 1280, 720
K_TRUE = np.array([[900.0, 0, 652.0], [0, 900.0, 351.0], [0, 0, 1]])
DIST_TRUE = np.array([-0.28, 0.09, 0.0, 0.0, -0.012])     # a wide-angle Pi lens bends like this
PPI = 120


def _rot(rx, ry, rz):
    return cv2.Rodrigues(np.radians([rx, ry, rz]))[0]


def views(n=12, seed=0):
    """The ChArUco board seen through the lens above from n poses."""
    board = charuco_board()
    cols, rows = CHARUCO_SQUARES
    art = board.generateImage((cols * PPI, rows * PPI), marginSize=0, borderBits=1)
    art = cv2.copyMakeBorder(art, PPI // 2, PPI // 2, PPI // 2, PPI // 2, cv2.BORDER_CONSTANT, value=255)
    rng = np.random.default_rng(seed)
    # where each distorted pixel comes from in the undistorted picture
    grid = np.stack(np.meshgrid(np.arange(W), np.arange(H)), -1).reshape(-1, 1, 2).astype(np.float64)
    und = cv2.undistortPoints(grid, K_TRUE, DIST_TRUE, P=K_TRUE).reshape(H, W, 2).astype(np.float32)
    out = []
    for _ in range(n):
        R = _rot(rng.uniform(-30, 30), rng.uniform(-30, 30), rng.uniform(-20, 20))
        t = np.array([rng.uniform(-4, 1), rng.uniform(-3, 0.5), rng.uniform(9, 14)])
        # board inches (origin at the art's top-left square corner) -> undistorted pixels
        Hb = K_TRUE @ np.column_stack([R[:, 0], R[:, 1], t])
        to_art = np.array([[1 / PPI, 0, -0.5], [0, 1 / PPI, -0.5], [0, 0, 1]])
        flat = cv2.warpPerspective(art, Hb @ to_art, (W, H), flags=cv2.INTER_AREA, borderValue=120)
        out.append(cv2.remap(flat, und[..., 0], und[..., 1], cv2.INTER_LINEAR))
    return out


@pytest.fixture(scope="module")
def result():
    return calibrate(views())


def test_the_lens_is_recovered(result):
    K = result.model.K
    assert K[0, 0] == pytest.approx(900, rel=0.01) and K[1, 1] == pytest.approx(900, rel=0.01)
    assert K[0, 2] == pytest.approx(652, abs=5) and K[1, 2] == pytest.approx(351, abs=5)
    assert result.model.dist[0] == pytest.approx(-0.28, abs=0.03)
    assert result.model.rms_px < 0.5 and result.views_used >= 10


def test_lines_come_out_straight(result):
    xs = np.linspace(60, W - 60, 40)
    for y in (40.0, 360.0, 680.0):                   # straight lines in the undistorted world...
        line = np.column_stack([xs, np.full_like(xs, y)])
        bent = CameraModel(K_TRUE, DIST_TRUE, (W, H)).distort(line)     # ...as the lens shows them
        assert np.ptp(bent[:, 1]) > 5 or y == 360.0                    # near the edges they bend
        straight = result.model.undistort(bent)

        def crookedness(pts):
            a, b = np.polyfit(pts[:, 0], pts[:, 1], 1)
            return np.abs(pts[:, 1] - (a * pts[:, 0] + b)).max()
        assert crookedness(straight) < 1.0                       # within a pixel, even in the corners
        assert crookedness(straight) < crookedness(bent) / 10 or y == 360.0


def test_camera_file_round_trip(result, tmp_path):
    path = tmp_path / "CAMERA.toml"
    path.write_text(result.model.to_toml())
    again = load_camera(path)
    assert np.allclose(again.K, result.model.K, atol=1e-4) and np.allclose(again.dist, result.model.dist, atol=1e-6)


def test_too_few_views_is_a_clear_error():
    with pytest.raises(CalibrationError, match="found in 0 views"):
        calibrate([np.zeros((H, W, 3), np.uint8)] * 3)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([4, 5, 8, 12]), st.integers(0, 2**32 - 1))
def test_a_lens_bends_points_as_opencv_projects_them(terms, seed):
    """CameraModel.distort is OpenCV's distortion model written in numpy (projectPoints always
    computes its Jacobian, a third of a raised picture's first frame): for every model of 4 to 12
    terms, the same points to a billionth of a pixel."""
    rng = np.random.default_rng(seed)
    dist = rng.normal(0.0, [0.2, 0.05, 0.002, 0.002, 0.01, 0.05, 0.01, 0.005, 0.002, 0.002, 0.002, 0.002][:terms])
    K = np.array([[rng.uniform(500, 1500), 0, rng.uniform(500, 780)], [0, rng.uniform(500, 1500), rng.uniform(260, 460)],
                  [0, 0, 1]])
    cam = CameraModel(K, dist, (1280, 720))
    pts = rng.uniform((0, 0), (1280, 720), (200, 2))
    obj = np.column_stack([(pts - K[:2, 2]) / (K[0, 0], K[1, 1]), np.ones(len(pts))])
    by_opencv = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), K, dist)[0].reshape(-1, 2)
    assert np.abs(cam.distort(pts) - by_opencv).max() < 1e-9


def test_a_sensor_tilt_is_left_to_opencv():
    """A 14-term model's last two terms tilt the sensor, which the numpy model does not write out:
    those lenses are bent by projectPoints itself."""
    K = np.array([[900.0, 0, 640], [0, 900, 360], [0, 0, 1]])
    dist = np.array([-0.2, 0.05, 0.001, -0.001, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.01, -0.02])
    pts = np.array([[100.0, 80.0], [1200.0, 650.0]])
    obj = np.column_stack([(pts - (640, 360)) / 900, np.ones(2)])
    by_opencv = cv2.projectPoints(obj, np.zeros(3), np.zeros(3), K, dist)[0].reshape(-1, 2)
    untilted = CameraModel(K, dist[:12], (1280, 720)).distort(pts)
    assert np.abs(CameraModel(K, dist, (1280, 720)).distort(pts) - by_opencv).max() < 1e-9
    assert np.abs(untilted - by_opencv).max() > 0.1          # the tilt moves them: it was applied


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([5, 8, 14]), st.integers(0, 2**32 - 1))
def test_board_points_as_planes_land_where_they_do_one_by_one(terms, seed):
    """Registration.to_image_planes applies the homography and the lens plane by plane (a rim's
    rays are sampled as x and y planes): the same pixels as to_image point by point, to a
    thousandth of a pixel in float32, for a tilted sensor (left to OpenCV) too."""
    rng = np.random.default_rng(seed)
    dist = rng.normal(0.0, [0.2, 0.05, 0.002, 0.002, 0.01, 0.05, 0.01, 0.005, 0.002, 0.002, 0.002, 0.002,
                            0.01, 0.01][:terms])
    cam = CameraModel(np.array([[900.0, 0, 640], [0, 900, 360], [0, 0, 1]]), dist, (1280, 720))
    H = np.array([[40.0, rng.uniform(-3, 3), 200.0], [rng.uniform(-3, 3), 40.0, 60.0],
                  [rng.uniform(-1e-3, 1e-3), rng.uniform(-1e-3, 1e-3), 1.0]])
    reg = Registration("ok", H, (0, 1, 2, 3))
    x, y = rng.uniform(0, 25, (7, 9)), rng.uniform(0, 14, (7, 9))
    u, v = reg.to_image_planes(x, y, cam)
    one_by_one = reg.to_image(np.column_stack([x.ravel(), y.ravel()]), cam)
    assert u.shape == v.shape == x.shape and u.dtype == np.float32
    assert np.abs(np.column_stack([u.ravel(), v.ravel()]) - one_by_one).max() < 1e-3
