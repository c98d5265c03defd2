"""The picture's white balance, read from the white cells of the frame markers.

A camera's white balance (or a warm lamp) tints every colour: a cyan rim turns
towards green or blue, a magenta one towards red, enough to name the wrong team
when paint is pale. The frame markers are printed on white paper, and which of
their cells are white is known from their ids, so the tint is measured where
the picture must be neutral and divided out before colours are read.

>>> frame = np.full((60, 60, 3), (200, 220, 240), np.uint8)       # white paper under a warm light
>>> corners = {0: np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float)}
>>> bits = {0: np.ones((4, 4), np.uint8)}
>>> g = gains_from_markers(frame, corners, bits)
>>> [round(float(v), 3) for v in g * (200, 220, 240)]                # neutral again
[220.0, 220.0, 220.0]
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.registration import marker_points

MIN_CELLS = 6              # white cells needed to trust the measurement
MAX_GAIN = 1.35            # beyond this the "white" is not paper (a coloured light, a reflection)


def white_cells(frame: np.ndarray, corners: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """BGR samples from the middle of each white inner cell of one marker (``corners``: its
    outer corners in ArUco order, in this frame's pixels; ``bits``: its n x n cells, 1 white)."""
    js, is_ = np.nonzero(bits)
    offsets = np.array([(dx, dy) for dx in (-0.2, 0.0, 0.2) for dy in (-0.2, 0.0, 0.2)])
    uv = marker_points(corners, bits.shape[0], np.column_stack([is_ + 1.5, js + 1.5])[:, None, :] + offsets[None])
    inside = (uv[:, 0] >= 0) & (uv[:, 1] >= 0) & (uv[:, 0] <= frame.shape[1] - 1) & (uv[:, 1] <= frame.shape[0] - 1)
    uv = uv[inside]
    if not len(uv):
        return np.zeros((0, 3))
    px = cv2.remap(frame, uv[:, 0].reshape(1, -1), uv[:, 1].reshape(1, -1), cv2.INTER_LINEAR)
    return px.reshape(-1, 3).astype(np.float64)


def gains_from_markers(frame: np.ndarray, corners: dict[int, np.ndarray],
                       bits: dict[int, np.ndarray]) -> np.ndarray | None:
    """Per-channel (B, G, R) gains that make the markers' white cells grey, keeping their
    brightness; None when too few white cells are seen or they are too dark or too tinted
    to be paper, or clipped in every channel.

    Under a bright tinted lamp the paper clips at 255 in the light's strongest channel
    only: the other channels still give the tint, and the clipped one's white is at least
    its 255, so the gains undo part of the tint (most of it, when the paper clips only just)
    and never turn it past neutral (a cyan rim under a bright cool light, left as blue as
    the light made it, was missed).

    >>> corners, bits = {0: np.array([[10, 10], [50, 10], [50, 50], [10, 50]], float)}, {0: np.ones((4, 4), np.uint8)}
    >>> g = gains_from_markers(np.full((60, 60, 3), (255, 232, 190), np.uint8), corners, bits)   # blue clipped
    >>> [round(float(v), 3) for v in g * (264, 232, 190) / 2]                # a grey card, half as lit
    [116.816, 112.833, 112.833]
    """
    samples = [white_cells(frame, c, bits[i]) for i, c in corners.items() if i in bits]
    samples = np.concatenate(samples) if samples else np.zeros((0, 3))
    if len(samples) < MIN_CELLS * 9:
        return None
    white = np.median(samples, axis=0)
    if white.min() < 40 or white.min() >= 254:      # in shadow, or clipped in every channel: no colour to read
        return None
    gains = white.mean() / white
    if gains.max() > MAX_GAIN or gains.min() < 1 / MAX_GAIN:
        return None
    return gains


def neutral(bgr: np.ndarray, gains: np.ndarray | None) -> np.ndarray:
    """BGR pixels (any shape ... x 3) with the picture's tint divided out (as they are when
    ``gains`` is None), as float."""
    bgr = np.asarray(bgr, np.float64)
    return bgr if gains is None else np.minimum(bgr * gains, 255.0)
