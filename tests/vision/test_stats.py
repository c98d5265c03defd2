"""Medians and percentiles (companion/vision/stats.py) give NumPy's values to the last bit; so
does the rim mask computed in place (TeamColour.above)."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.stats import median, percentile, row_medians

values = st.lists(st.floats(-1e3, 1e3, width=32), min_size=1, max_size=120)


@given(values)
def test_median_is_numpys(xs):
    for dtype in (np.float64, np.float32):
        x = np.array(xs, dtype)
        assert median(x) == float(np.median(x))


@given(st.integers(1, 8), st.integers(1, 60), st.integers(0, 2 ** 32 - 1))
def test_row_medians_are_numpys(rows, cols, seed):
    x = np.random.default_rng(seed).normal(0, 10, (rows, cols))
    x[:, ::3] = np.round(x[:, ::3])                     # ties too
    assert np.array_equal(row_medians(x), np.median(x, axis=1))


@given(values, st.sampled_from([0, 5, 30, 50, 70, 90, 95, 100]) | st.floats(0, 100))
def test_percentile_is_numpys(xs, q):
    x = np.array(xs)
    assert percentile(x, q) == float(np.percentile(x, q))


def test_the_arguments_are_left_as_they_were():
    x = np.array([5.0, 1.0, 4.0, 2.0, 3.0])
    median(x), percentile(x, 70)
    assert x.tolist() == [5.0, 1.0, 4.0, 2.0, 3.0]


@settings(max_examples=80)
@given(st.floats(-180, 180), st.floats(0.5, 80), st.floats(0.1, 40), st.integers(0, 2**32 - 1))
def test_a_colours_rim_mask_is_its_score_above_the_level_to_the_last_bit(hue_deg, chroma, level, seed):
    """TeamColour.above computes the score in place, for a whole picture's planes; it must mark
    exactly the pixels whose score is above the level (a pixel on the edge counts alike)."""
    from companion.vision.colours import TeamColour
    h = math.radians(hue_deg)
    colour = TeamColour("x", (50.0, chroma * math.cos(h), chroma * math.sin(h)))
    rng = np.random.default_rng(seed)
    a, b = (rng.integers(0, 256, (37, 53)).astype(np.float32) - 128 for _ in range(2))   # as half_lab gives them
    mask = colour.above(a, b, level)
    assert mask.dtype == np.uint8 and np.array_equal(mask.astype(bool), colour.score(a, b) > level)
