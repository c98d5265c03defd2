"""Medians and percentiles of small arrays, the same values as NumPy's, for less of its cost.

``np.median`` and ``np.percentile`` check their arguments, copy, and dispatch before
the one partition that does the work; on the arrays a rim measurement makes (tens to a
few thousand values, thousands of calls a frame) that overhead is most of their cost.
These do the partition alone and combine the middle values as NumPy does, so every
answer is the same to the last bit (property tests in tests/vision/test_stats.py).

>>> median(np.array([3.0, 1.0, 2.0, 10.0])), percentile(np.arange(11.0), 70)
(2.5, 7.0)
"""

from __future__ import annotations

import math

import numpy as np


def median(x: np.ndarray) -> float:
    """np.median of a 1-D array. Two middle values are averaged in the array's own precision,
    as np.median's mean of them is (a float32 array's in float32)."""
    n = len(x)
    k = n // 2
    p = np.partition(x, k)
    return float(p[k]) if n % 2 else float((p[:k].max() + p[k]) / 2)


def median_ab(lab: np.ndarray) -> tuple[float, float]:
    """The median Lab a and b of colour samples (N x 3).

    >>> median_ab(np.array([[50.0, 10.0, -4.0], [60.0, 20.0, 0.0], [40.0, 12.0, 2.0]]))
    (12.0, 0.0)
    """
    return median(lab[:, 1]), median(lab[:, 2])


def row_medians(x: np.ndarray) -> np.ndarray:
    """np.median(x, axis=1) of a 2-D array."""
    n = x.shape[1]
    k = n // 2
    if n % 2:
        return np.partition(x, k, axis=1)[:, k]
    p = np.partition(x, (k - 1, k), axis=1)
    return (p[:, k - 1] + p[:, k]) / 2


def percentile(x: np.ndarray, q: float) -> float:
    """np.percentile(x, q) of a 1-D float64 array, by its default (linear) method: the order
    statistics either side of the virtual index (n - 1) q / 100, interpolated from the nearer
    one as NumPy's ``_lerp`` does."""
    n = len(x)
    q = q / 100
    virtual = (n - 1) * q
    if virtual >= n - 1:
        return float(np.max(x))
    lo = math.floor(virtual)
    t = virtual - lo
    p = np.partition(x, (lo, lo + 1))
    a, b = float(p[lo]), float(p[lo + 1])
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t
