"""Helpers the vision tests share: a test-set case read through the pipeline, and what was
found near a point."""

import math

import numpy as np

from companion.vision.colours import lab_of_rgb
from companion.vision.pipeline import VisionPipeline


def read_case(case, pitch, seed=0):
    """The pipeline that read a test-set case, through its CAMERA.toml if it has one, and the
    bases it found; ``seed``: its base search's RANSAC draws (the companion's are seed 0's)."""
    camera = getattr(case, "camera_model", lambda: None)()
    pipeline = VisionPipeline(pitch, camera, track=False, seed=seed)
    return pipeline, pipeline.process(case.image()).bases


def found_in(case, pitch, seed=0):
    """The bases the pipeline finds in a test-set case, through its CAMERA.toml if it has one
    (``seed``: as :func:`read_case`'s)."""
    return read_case(case, pitch, seed)[1]


def near(found, x, y, within):
    """(colour, size) of the bases found within ``within`` in of (x, y)."""
    return [(b.color, b.diameter_mm) for b in found if math.hypot(b.x_in - x, b.y_in - y) < within]


def pixels(*groups):
    """Lab planes (a, b, L) of ``groups`` of (RGB, count) pixels, as a picture's would be."""
    lab = np.vstack([np.repeat(lab_of_rgb(rgb)[None], n, axis=0) for rgb, n in groups])
    return lab[:, 1], lab[:, 2], lab[:, 0]
