"""`companion detect` as TABLE_SPEC.md says: JSON, and exit statuses 2 and 3."""

import json
import subprocess
import sys

import cv2
import pytest

from companion.sim.testset import make_case
from tests.vision.conftest import PROFILE


def detect(*args):
    return subprocess.run([sys.executable, "-m", "companion", "detect", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    case = make_case(41)
    path = tmp_path_factory.mktemp("img") / "table.jpg"
    cv2.imwrite(str(path), case.image(), [cv2.IMWRITE_JPEG_QUALITY, 90])
    return case, path


def test_json_with_markers_pieces_and_tokens(image):
    case, path = image
    out = detect(str(path), "--board", PROFILE)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"markers", "pieces", "tokens"} and data["markers"] == [0, 1, 2, 3]
    assert len(data["pieces"]) == len(case.scene.pieces)
    piece = data["pieces"][0]
    assert set(piece) == {"x_in", "y_in", "diameter_mm", "color"} and piece["diameter_mm"] in (30, 40, 50)
    for token in data["tokens"]:
        assert set(token) == {"id", "name", "x_in", "y_in", "angle_deg"}
        assert token["name"] == {10: "ball", 11: "movement", 12: "turn", 13: "active-player"}[token["id"]]


def test_tiles_appear_when_the_profile_has_a_grid(image, tmp_path):
    case, path = image
    profile = tmp_path / "grid.toml"
    profile.write_text(open(PROFILE).read().replace('[markers]', 'rows = 2\ncols = 2\ncell_in = 2.0\n'
                                                     'grid_origin_in = [0.0, 0.0]\n[markers]'))
    data = json.loads(detect(str(path), "--board", str(profile)).stdout)
    assert isinstance(data["tiles"], list)


def test_fewer_than_three_markers_exits_3_with_a_reason(tmp_path):
    case = make_case(41)
    for marker in (1, 2):
        case.scene.board.markers.pop(marker)
    path = tmp_path / "two.png"
    cv2.imwrite(str(path), case.image())
    out = detect(str(path), "--board", PROFILE)
    assert out.returncode == 3 and out.stdout == ""
    assert out.stderr.strip() == "board lost: 2 of 4 frame markers visible, 3 needed"


@pytest.mark.parametrize("profile_text, message", [
    ("not = [toml", "not valid TOML"),
    ("name = 'x'\nwidth_in = 22.0\n", "missing key 'height_in'"),
    ("width_in = 22.0\nheight_in = 30.0\n[markers]\n0 = [1, 2]\n", "at least 3 entries"),
    ("width_in = 'wide'\nheight_in = 30.0\n[markers]\n0 = [0,0]\n1 = [1,0]\n2 = [1,1]\n", "expected a number"),
    ("width_in = 22.0\nheight_in = 30.0\nmarker_dictionary = 'DICT_NOPE'\n[markers]\n0 = [0,0]\n1 = [1,0]\n"
     "2 = [1,1]\n", "unknown marker dictionary"),
])
def test_a_broken_profile_exits_2(image, tmp_path, profile_text, message):
    _, path = image
    bad = tmp_path / "bad.toml"
    bad.write_text(profile_text)
    out = detect(str(path), "--board", str(bad))
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_an_unreadable_image_exits_2(tmp_path):
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not a png at all")
    for path in (junk, tmp_path / "missing.png"):
        out = detect(str(path), "--board", PROFILE)
        assert out.returncode == 2 and "not an image" in out.stderr


def test_a_broken_camera_file_exits_2(image, tmp_path):
    _, path = image
    cam = tmp_path / "CAMERA.toml"
    cam.write_text("fx = 1000\n")
    out = detect(str(path), "--board", PROFILE, "--camera", str(cam))
    assert out.returncode == 2 and "CAMERA.toml" in out.stderr
