"""The one-case tool (benchmarks/vision_case.py): what it says of a case is what the benchmark counts."""

import re
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import vision_case  # noqa: E402

from companion.sim.testset import make_turned_case  # noqa: E402


def _case():
    return replace(make_turned_case(49008), jpeg_quality=88)


def test_a_reading_of_the_wrong_colour_a_miss_and_an_invention_are_named():
    """Made-up readings against turned case 49008's truth: one right, one of the wrong colour,
    one 0.5 in off its base (a miss and an invention), all within 2 in of the point asked."""
    case = _case()
    by_name = {p.name: p for p in case.scene.pieces}
    m1, m0 = by_name["magenta1"], by_name["magenta0"]       # 30 mm at (16.67, 1.11); 30 mm at (12.86, 5.67)
    out = {"pieces": [{"x_in": m1.x_in + 0.01, "y_in": m1.y_in, "diameter_mm": 30, "color": "red"},
                      {"x_in": m0.x_in + 0.5, "y_in": m0.y_in, "diameter_mm": 30, "color": "magenta"}]}
    lines = vision_case.describe(case, out, (16.67, 1.11))
    assert lines == ["magenta 30 mm at (16.67, 1.11): read as red 30 mm, 0.010 in off   <- wrong"]
    lines = vision_case.describe(case, out, (12.86, 5.67))
    assert "magenta 30 mm at (12.86, 5.67): missed" in lines
    assert f"invented magenta 30 mm at ({m0.x_in + 0.5:.2f}, {m0.y_in:.2f})" in lines


def test_the_picture_is_cropped_round_the_point_and_enlarged():
    case = _case()
    image = np.zeros((case.size[1], case.size[0], 3), np.uint8)
    crop = vision_case.drawn(case, image, {"pieces": []}, (16.67, 1.11))
    side = 2 * int(vision_case.NEAR_IN * case.pixels_per_inch()) * vision_case.ZOOM
    assert crop.shape[0] <= side and crop.shape[1] <= side and crop.shape[0] > side // 3
    assert crop.max() == 255                    # the true bases near it, drawn in white


def test_the_trace_says_what_the_search_learned_measured_and_read_near_the_point(tmp_path):
    """Turned case 55048 at JPEG 90: a pale blue 40 mm rim whose circle is drawn in cyan's
    colour and whose reading is named blue by its paint's line. The trace says the learned
    colours, that circle, and that measurement with its reading; and the finder is left as
    it was."""
    from companion.vision.bases import BaseFinder
    before = BaseFinder.refine
    case = replace(make_turned_case(55048), jpeg_quality=90)
    lines = []
    with vision_case.traced((17.50, 18.84), say=lines.append):
        status, out, _ = vision_case.detect_case(case, tmp_path)
    assert status == 0 and BaseFinder.refine is before
    assert lines[0].startswith("learned: ") and "cyan (" in lines[0] and "blue (" in lines[0]

    def at(line, after=""):
        x, y = map(float, re.search(re.escape(after) + r"at \(([-\d.]+), ([-\d.]+)\)", line).groups())
        return np.hypot(x - 17.50, y - 18.84) < 0.03

    assert any(line.startswith("  circle cyan at (") and at(line) for line in lines)
    assert any(line.startswith("  measured by cyan's team colour at (") and at(line) and at(line, ": blue 40 mm ")
               for line in lines)
    # nothing further from the point is said
    for line in lines[1:]:
        x, y = map(float, re.search(r"at \(([-\d.]+), ([-\d.]+)\)", line).groups())
        assert np.hypot(x - 17.50, y - 18.84) < vision_case.TRACE_IN, line


def test_a_band_line_is_opened_as_the_band_made_its_picture():
    """``--armies --jpeg 88-95`` makes the army case with the JPEG quality the accuracy benchmark
    drew for that seed: a band's error line is looked at in the picture it was read from."""
    from vision_accuracy import quality_of

    from companion.sim.testset import make_army_case

    case = vision_case.case_of(150420, armies=True, jpeg=(88, 95))
    army = make_army_case(150420)
    assert case.conditions == army.conditions and case.conditions["armies"]
    assert case.jpeg_quality == quality_of(150420, 88, 95) != army.jpeg_quality
    assert vision_case.case_of(150420, turned=True, jpeg=(90, 90)).jpeg_quality == 90
    assert "armies" not in vision_case.case_of(150420, turned=True).conditions


def test_a_reading_near_the_point_whose_base_lies_just_beyond_it_is_no_invention():
    """Looking round a point, a reading 1.99 in from it of a base 2.02 in from it is that base's
    reading (listed with neither), not an invention (as the benchmark would not count it)."""
    case = _case()
    m1 = {p.name: p for p in case.scene.pieces}["magenta1"]
    at = (m1.x_in + 2.02, m1.y_in)
    out = {"pieces": [{"x_in": m1.x_in + 0.03, "y_in": m1.y_in, "diameter_mm": 30, "color": "magenta"}]}
    assert not any("invented" in line or "magenta 30 mm at (16.67" in line
                   for line in vision_case.describe(case, out, at))
    out["pieces"][0]["x_in"] += 0.5          # 0.5 in off its base: an invention, 1.52 in from the point
    assert any(line.startswith("invented magenta 30 mm") for line in vision_case.describe(case, out, at))
