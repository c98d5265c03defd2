"""The one-case tool (benchmarks/vision_case.py): what it says of a case is what the benchmark counts."""

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
