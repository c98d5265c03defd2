"""Medians and percentiles (companion/vision/stats.py) give NumPy's values to the last bit."""

import numpy as np
from hypothesis import given
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
