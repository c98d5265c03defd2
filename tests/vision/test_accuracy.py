"""Accuracy on a few synthetic cases (the full figure: benchmarks/vision_accuracy.py)."""

import numpy as np
import pytest

from companion.sim.testset import make_case
from companion.vision.pipeline import VisionPipeline


@pytest.mark.parametrize("seed", [11, 12, 13, 14, 15, 16])
def test_every_base_found_to_within_hundredths_of_an_inch(pitch, seed):
    case = make_case(seed)
    result = VisionPipeline(pitch, track=False).process(case.image())
    assert result.status == "ok"
    matched = []
    for piece in case.scene.pieces:
        near = [b for b in result.bases if np.hypot(b.x_in - piece.x_in, b.y_in - piece.y_in) < 0.25]
        assert len(near) == 1, f"{piece} found {len(near)} times"
        b = near[0]
        assert (b.diameter_mm, b.color) == (piece.diameter_mm, piece.team)
        matched.append(np.hypot(b.x_in - piece.x_in, b.y_in - piece.y_in))
    assert len(result.bases) == len(case.scene.pieces)          # no ghost bases
    assert np.sqrt(np.mean(np.square(matched))) <= 0.02
    assert max(matched) <= 0.05


def test_tokens_centre_and_angle(pitch):
    case = make_case(21)
    result = VisionPipeline(pitch, track=False).process(case.image())
    truth = {t.id: t for t in case.scene.tokens}
    assert result.tokens
    for token in result.tokens:
        t = truth[token.id]
        assert np.hypot(token.x_in - t.x_in, token.y_in - t.y_in) <= 0.05
        assert abs((token.angle_deg - t.angle_deg + 180) % 360 - 180) <= 5.0
