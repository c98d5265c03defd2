"""Hue arithmetic (companion/vision/colours.py): two numbers are turned with plain floats, many
with numpy; both give the same angle to the last bit, so a palette's colour picked for one rim
is the one picked among many."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from companion.vision.colours import hue_gap, hue_turn

HUE = st.floats(-4 * math.pi, 4 * math.pi, allow_nan=False)


@given(h1=HUE, h2=HUE)
def test_two_hues_turn_as_an_array_of_them_does(h1, h2):
    one = hue_turn(h1, h2)
    many = hue_turn(np.array([h1, 0.0]), h2)[0]
    assert isinstance(one, float)
    assert one == float(many)
    assert -math.pi <= one < math.pi
    assert hue_gap(h1, h2) == abs(one) == float(hue_gap(np.array([h1]), np.float64(h2))[0])


@given(h1=HUE, h2=HUE)
def test_the_gap_between_two_hues_is_the_same_both_ways_and_at_most_half_a_turn(h1, h2):
    gap = hue_gap(h1, h2)
    assert 0.0 <= gap <= math.pi
    assert math.isclose(gap, hue_gap(h2, h1), abs_tol=1e-12)
    assert math.isclose(math.cos(gap), math.cos(h1 - h2), abs_tol=1e-9)
