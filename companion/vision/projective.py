"""Homographies fitted and pictures warped by them, computed here rather than by OpenCV.

OpenCV 5.1 changed both calls this replaces. ``cv2.findHomography`` (least squares, method 0)
stops its refinement short of the least-squares minimum, and 5.0 and 5.1 stop at points 1e-5
apart (relative): the same marker corners gave homographies that put a board point 0.01 px
apart. ``cv2.warpPerspective`` with bilinear interpolation moved pixels by a level or two. Both
moved the detector's readings and the synthetic test set's pictures with the OpenCV release
pip happened to install. Here the fit is iterated to the minimum, whatever the start, and a
warp is a map computed in double precision, sampled by ``cv2.remap`` (which did not change).
"""

from __future__ import annotations

import cv2
import numpy as np

GN_STEPS = 8            # Gauss-Newton steps at most (from the normalised DLT, 2-3 reach the minimum)
GN_SETTLED = 1e-10      # a step this small (relative to each parameter) ends the fit: what is left
#                         moves a board point by 1e-7 px


def fit_homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The homography H (3 x 3, H[2, 2] = 1) that maps the points ``src`` (N x 2) nearest to
    ``dst`` in the least-squares sense (summed squared distances in ``dst``'s plane), or None
    for fewer than four points or points that fix none (three on a line).

    A normalised direct linear transform starts it; Gauss-Newton steps then reach the
    minimum of the geometric error, so that the answer does not depend on where a solver
    chose to stop.

    >>> H0 = np.array([[40.0, 2.0, 100.0], [1.0, 41.0, 50.0], [1e-4, 2e-4, 1.0]])
    >>> src = np.array([[0, 0], [30, 0], [30, 20], [0, 20], [15, 10.0]])
    >>> dst = apply(H0, src)
    >>> bool(np.allclose(fit_homography(src, dst), H0, rtol=1e-9, atol=1e-12))
    True
    >>> fit_homography(src[:3], dst[:3]) is None
    True
    """
    src = np.asarray(src, np.float64).reshape(-1, 2)
    dst = np.asarray(dst, np.float64).reshape(-1, 2)
    if len(src) < 4 or len(src) != len(dst):
        return None
    H = _dlt(src, dst)
    if H is None:
        return None
    return _gauss_newton(H, src, dst)


def apply(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """The points ``pts`` (N x 2) mapped by ``H``."""
    pts = np.asarray(pts, np.float64).reshape(-1, 2)
    q = pts @ H[:, :2].T + H[:, 2]
    return q[:, :2] / q[:, 2:]


def _normaliser(pts: np.ndarray) -> np.ndarray | None:
    """The similarity that moves ``pts`` to their mean and scales them to sqrt(2) from it on
    average (Hartley's normalisation), or None when they all coincide."""
    m = pts.mean(axis=0)
    spread = float(np.mean(np.hypot(*(pts - m).T)))
    if spread <= 0.0:
        return None
    s = np.sqrt(2.0) / spread
    return np.array([[s, 0.0, -s * m[0]], [0.0, s, -s * m[1]], [0.0, 0.0, 1.0]])


def _dlt(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    Ts, Td = _normaliser(src), _normaliser(dst)
    if Ts is None or Td is None:
        return None
    s = src @ Ts[:2, :2].T + Ts[:2, 2]
    d = dst @ Td[:2, :2].T + Td[:2, 2]
    n = len(s)
    A = np.zeros((2 * n, 9))
    A[0::2, 0:2], A[0::2, 2], A[0::2, 6:8], A[0::2, 8] = s, 1.0, -d[:, :1] * s, -d[:, 0]
    A[1::2, 3:5], A[1::2, 5], A[1::2, 6:8], A[1::2, 8] = s, 1.0, -d[:, 1:] * s, -d[:, 1]
    _, sv, vt = np.linalg.svd(A)
    if sv[-2] <= 1e-12 * sv[0]:           # more than one solution: the points fix no homography
        return None
    H = np.linalg.solve(Td, vt[-1].reshape(3, 3) @ Ts)
    if abs(H[2, 2]) < 1e-12:
        return None
    return H / H[2, 2]


def _gauss_newton(H: np.ndarray, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """``H`` moved to the minimum of the summed squared distances in ``dst``'s plane, by
    Gauss-Newton steps on its eight free entries (each solved from its 8 x 8 normal equations)."""
    h = H.ravel()[:8].copy()
    x, y = src[:, 0], src[:, 1]
    n = len(src)
    J = np.zeros((2 * n, 8))
    J[:n, 2] = J[n:, 5] = 1.0
    for _ in range(GN_STEPS):
        w = h[6] * x + h[7] * y + 1.0
        u = (h[0] * x + h[1] * y + h[2]) / w
        v = (h[3] * x + h[4] * y + h[5]) / w
        r = np.concatenate([u - dst[:, 0], v - dst[:, 1]])
        J[:n, 0] = J[n:, 3] = x
        J[:n, 1] = J[n:, 4] = y
        J[:n, 6], J[:n, 7], J[n:, 6], J[n:, 7] = -u * x, -u * y, -v * x, -v * y
        Jw = J / np.concatenate([w, w])[:, None]
        try:
            step = np.linalg.solve(Jw.T @ Jw, -(Jw.T @ r))
        except np.linalg.LinAlgError:
            break
        h += step
        if np.all(np.abs(step) <= GN_SETTLED * (np.abs(h) + 1e-12)):
            break
    return np.append(h, 1.0).reshape(3, 3)


def warp_perspective(img: np.ndarray, M: np.ndarray, size: tuple[int, int], *, inverse: bool = False,
                     border_mode: int = cv2.BORDER_CONSTANT, border_value=0) -> np.ndarray:
    """``img`` warped by the homography ``M`` into a picture of ``size`` (width, height),
    bilinearly, as ``cv2.warpPerspective(img, M, size, flags=cv2.INTER_LINEAR)`` (with
    ``inverse``: ``M`` maps the output's pixels to ``img``'s, as ``cv2.WARP_INVERSE_MAP``).

    >>> img = np.arange(12, dtype=np.uint8).reshape(3, 4) * 20
    >>> shift = np.array([[1.0, 0, 1], [0, 1, 0], [0, 0, 1]])       # one pixel right
    >>> warp_perspective(img, shift, (4, 3))[1].tolist()
    [0, 80, 100, 120]
    """
    to_src = np.asarray(M, np.float64) if inverse else np.linalg.inv(np.asarray(M, np.float64))
    w, h = size
    xs = np.arange(w, dtype=np.float64)[None, :]
    ys = np.arange(h, dtype=np.float64)[:, None]
    W = to_src[2, 0] * xs + to_src[2, 1] * ys + to_src[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):      # (beyond the horizon: off the picture)
        u = (to_src[0, 0] * xs + to_src[0, 1] * ys + to_src[0, 2]) / W
        v = (to_src[1, 0] * xs + to_src[1, 1] * ys + to_src[1, 2]) / W
    return cv2.remap(img, u.astype(np.float32), v.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=border_mode, borderValue=border_value)
