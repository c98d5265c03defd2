"""A picture brighter or darker everywhere by one factor is the camera's exposure, not a
changed table (the pipeline's change map, :func:`companion.vision.pipeline.exposure_gain`)."""

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.pipeline import GAIN_NOISE, exposure_gain


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), gain=st.floats(0.6, 1.6), covered=st.floats(0.0, 0.4))
def test_the_exposure_gain_is_found_under_a_hand_over_part_of_the_picture(seed, gain, covered):
    """Any picture, any factor between 0.6 and 1.6, and up to two fifths of the picture changed
    besides (a hand, moved pieces): the factor is found within 2 %, or 1.0 where it is within
    the sensor's noise of it; the same picture twice gives exactly 1.0."""
    rng = np.random.default_rng(seed)
    last = cv2.GaussianBlur(rng.integers(0, 256, (180, 320)).astype(np.uint8), (0, 0), 3)
    last = cv2.normalize(last, None, 20, 235, cv2.NORM_MINMAX)
    small = cv2.convertScaleAbs(last, alpha=gain)
    cols = int(covered * small.shape[1])
    small[:, :cols] = rng.integers(0, 256, (small.shape[0], cols))
    found = exposure_gain(small, last)
    if abs(gain - 1.0) > 2 * GAIN_NOISE:
        assert abs(found - gain) <= 0.02 * gain
    else:
        assert found == 1.0 or abs(found - gain) <= 0.02 * gain
    assert exposure_gain(last, last) == 1.0


def test_no_factor_is_taken_from_a_black_or_a_burnt_out_picture():
    """A camera that sends black, or a picture burnt white, leaves nothing to take a factor from:
    the pictures are compared as they are."""
    grey = np.full((180, 320), 120, np.uint8)
    assert exposure_gain(np.zeros_like(grey), grey) == 1.0
    assert exposure_gain(grey, np.zeros_like(grey)) == 1.0
    assert exposure_gain(np.full_like(grey, 255), grey) == 1.0
