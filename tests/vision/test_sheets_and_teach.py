import json
import re
import subprocess
import sys

import cv2
import numpy as np
import pytest

from companion.sim.testset import make_case
from companion.vision.sheets import DPI, write_all
from tests.vision.conftest import PROFILE


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    return folder, write_all(folder, "a4")


def test_frame_and_token_markers_print_true_to_scale(sheets):
    folder, _ = sheets
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    for name, ids, size_in in (("frame-markers-0-3.png", [0, 1, 2, 3], 1.5), ("tokens.png", [10, 11, 12, 13], 0.75)):
        img = cv2.imread(str(folder / name), cv2.IMREAD_GRAYSCALE)
        corners, found, _ = detector.detectMarkers(img)
        assert sorted(found.ravel().tolist()) == ids
        for c in corners:
            side = np.linalg.norm(c[0][1] - c[0][0]) + 1   # ArUco's corners sit on pixel centres
            assert side / DPI == pytest.approx(size_in, abs=0.005)


def test_the_png_says_300_dpi_and_the_pdf_page_is_the_paper(sheets):
    folder, written = sheets
    png = (folder / "ruler.png").read_bytes()
    i = png.index(b"pHYs")
    assert int.from_bytes(png[i + 4:i + 8], "big") == round(300 / 0.0254)
    pdf = (folder / "ruler.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-1.4") and pdf.rstrip().endswith(b"%%EOF")
    assert b"/MediaBox [0 0 595.44 841.68]" in pdf                       # A4 in points
    start = int(re.search(rb"startxref\n(\d+)", pdf).group(1))
    offsets = [int(m) for m in re.findall(rb"(\d{10}) 00000 n", pdf[start:])]
    for k, off in enumerate(offsets, start=1):                           # a valid cross-reference table
        assert pdf[off:off + len(f"{k} 0 obj")] == f"{k} 0 obj".encode()
    assert len([p for p in written if p.suffix == ".pdf"]) == len([p for p in written if p.suffix == ".png"])


def test_the_charuco_sheet_is_a_board_calibration_finds(sheets):
    from companion.vision.calibrate import find_board_corners
    folder, _ = sheets
    img = cv2.imread(str(folder / "charuco.png"), cv2.IMREAD_GRAYSCALE)
    obj, _ = find_board_corners(cv2.resize(img, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA))
    assert len(obj) == 24                                                # all inner corners of a 7 x 5 board


def teach(tmp_path, image, at, team="yamato"):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[vision]\ncolours = "{tmp_path / "colours.json"}"\n')
    return subprocess.run([sys.executable, "-m", "companion", "teach", str(image), "--board", PROFILE,
                           "--team", team, f"--at={at}", "--config", str(cfg)], capture_output=True, text=True)


def test_teach_learns_a_teams_paint_from_one_base(tmp_path):
    case = make_case(51)
    path = tmp_path / "t.png"
    cv2.imwrite(str(path), case.image())
    piece = case.scene.pieces[0]
    out = teach(tmp_path, path, f"{piece.x_in},{piece.y_in}")
    assert out.returncode == 0, out.stderr
    lab = json.loads((tmp_path / "colours.json").read_text())["yamato"]
    from companion.vision.colours import Palette
    assert Palette.nominal().classify(lab)[0] == piece.team


def test_teaching_the_turf_is_warned_about(tmp_path):
    case = make_case(51)
    case.scene.pieces.clear()
    path = tmp_path / "t.png"
    cv2.imwrite(str(path), case.image())
    out = teach(tmp_path, path, "11,15")          # no base there: the green turf is what it sees
    assert out.returncode == 0
    assert "team colour yamato is too close to the surface colour" in out.stderr


def test_teaching_a_grey_spot_is_refused(tmp_path):
    img = make_case(51).image()
    path = tmp_path / "t.png"
    cv2.imwrite(str(path), img)
    out = teach(tmp_path, path, "-1.25,-1.25")     # the middle of frame marker 0: black and white
    assert out.returncode == 1 and "no colourful rim there" in out.stderr


def test_an_unknown_team_colour_in_the_settings_is_named(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[vision]\nteams = "red, purple"\nboard = "{PROFILE}"\n[camera]\nbackend = "simulated"\n'
                   f'[controller]\nbackend = "none"\n[gpio]\nbackend = "none"\n[screen]\nbackend = "headless"\n'
                   f'[journal]\npath = "{tmp_path / "j.sqlite"}"\n')
    out = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(cfg)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "[vision.teams]: unknown team colour purple" in out.stderr


def test_teach_learns_the_paint_as_vision_reads_it_with_the_lights_tint_divided_out(tmp_path):
    case = make_case(51)
    piece = case.scene.pieces[0]
    labs = []
    for name, tint in (("plain", (1.0, 1.0, 1.0)), ("tinted", (0.88, 1.1, 1.0))):   # B, G, R gains
        img = np.clip(case.image().astype(np.float32) * np.float32(tint), 0, 255).astype(np.uint8)
        path = tmp_path / f"{name}.png"
        cv2.imwrite(str(path), img)
        (tmp_path / "colours.json").unlink(missing_ok=True)
        out = teach(tmp_path, path, f"{piece.x_in},{piece.y_in}")
        assert out.returncode == 0, out.stderr
        labs.append(np.array(json.loads((tmp_path / "colours.json").read_text())["yamato"]))
    plain, tinted = labs
    # the tint moves the rim's hue by more than 5 degrees; divided out, it is back within 2
    assert abs(np.degrees(np.arctan2(tinted[2], tinted[1]) - np.arctan2(plain[2], plain[1]))) < 2
