"""The project's own homography fit and warp (companion/vision/projective.py)."""

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.projective import apply, fit_homography, warp_perspective

H0 = np.array([[40.0, 2.0, 100.0], [1.0, 41.0, 50.0], [1e-4, 2e-4, 1.0]])


def _corners(seed: int, noise_px: float = 0.3):
    """Four markers' 16 corners on a 30 x 20 in board and their pixels, with noise."""
    rng = np.random.default_rng(seed)
    board = np.vstack([c + np.array([[0, 0], [1.5, 0], [1.5, 1.5], [0, 1.5]])
                       for c in ([0.5, 0.5], [28.0, 0.5], [28.0, 18.0], [0.5, 18.0])])
    return board, apply(H0, board) + rng.normal(0, noise_px, board.shape)


def _sse(H, board, image):
    return float(((apply(H, board) - image) ** 2).sum())


def test_the_fit_reaches_the_least_squares_minimum_opencvs_stops_short_of():
    """OpenCV's least-squares findHomography stops its refinement early, where its releases
    differ (5.0 and 5.1 by 1e-5); the fit here is at the minimum: no lower sum of squares is
    found by OpenCV nor by any small change of its entries."""
    board, image = _corners(1)
    H = fit_homography(board, image)
    cv_H, _ = cv2.findHomography(board, image, 0)
    assert _sse(H, board, image) <= _sse(cv_H, board, image)
    rng = np.random.default_rng(2)
    for _ in range(200):
        nudged = H * (1 + rng.normal(0, 1e-7, (3, 3)))
        assert _sse(nudged, board, image) >= _sse(H, board, image) - 1e-12


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000), st.permutations(range(16)))
def test_the_fit_does_not_depend_on_the_order_of_the_corners(seed, order):
    board, image = _corners(seed)
    a = fit_homography(board, image)
    b = fit_homography(board[list(order)], image[list(order)])
    assert np.abs(apply(a, board) - apply(b, board)).max() < 1e-8


def test_an_exact_homography_is_recovered_and_too_few_or_lined_up_points_give_none():
    board, _ = _corners(3)
    assert np.allclose(fit_homography(board, apply(H0, board)), H0, rtol=1e-9, atol=1e-12)
    assert fit_homography(board[:3], apply(H0, board[:3])) is None
    line = np.column_stack([np.arange(6.0), 2 * np.arange(6.0)])
    assert fit_homography(line, apply(H0, line)) is None


def test_the_warp_is_opencvs_to_a_level_and_its_inverse_map_is_the_same_warp():
    """The warp samples the picture where OpenCV's warpPerspective does (to a level on a few
    pixels in a thousand: which release's rounding it matches differs), and given the inverse
    map it makes the same picture."""
    rng = np.random.default_rng(4)
    img = cv2.GaussianBlur(rng.integers(0, 256, (300, 400, 3), np.uint8), (0, 0), 1.5)
    M = np.array([[1.01, 0.02, 3.3], [0.01, 0.98, -2.1], [1e-5, 2e-5, 1.0]])
    ours = warp_perspective(img, M, (400, 300))
    theirs = cv2.warpPerspective(img, M, (400, 300), flags=cv2.INTER_LINEAR)
    diff = np.abs(ours.astype(int) - theirs.astype(int))
    assert diff.max() <= 1 and np.count_nonzero(diff) <= 0.005 * diff.size
    assert np.array_equal(warp_perspective(img, np.linalg.inv(M), (400, 300), inverse=True), ours)
