"""A rim cut into arcs by its figure, some too small to be searched alone (issue 10)."""

import math
from dataclasses import replace

import numpy as np

from companion.sim.testset import make_turned_case
from companion.vision.base_reading import Base
from companion.vision.bases import _joined_arcs
from companion.vision.colours import TeamColour
from companion.vision.pipeline import VisionPipeline


def _arc(cx, cy, r, start_deg, end_deg, n):
    t = np.radians(np.linspace(start_deg, end_deg, n))
    return np.column_stack([cx + r * np.cos(t), cy + r * np.sin(t)])


CYAN, RED = TeamColour("cyan", (60.0, -30.0, -20.0)), TeamColour("red", (50.0, 60.0, 40.0))


def test_a_small_arc_joins_a_group_that_gave_no_circle_but_never_makes_a_join_alone():
    top = (CYAN, _arc(5.0, 5.0, 0.7, 20, 160, 27))          # searched, no circle: too little of one
    bottom = (CYAN, _arc(5.0, 5.0, 0.7, 220, 320, 12))      # too small to be searched alone
    far = (CYAN, _arc(9.0, 5.0, 0.7, 220, 320, 12))
    other_colour = (RED, _arc(5.0, 5.0, 0.7, 200, 240, 8))
    joined = _joined_arcs([top], [], [bottom, far, other_colour])
    assert len(joined) == 1 and joined[0][0] is CYAN and len(joined[0][1]) == 27 + 12
    # two small arcs of one rim are not searched on their own
    assert _joined_arcs([], [], [bottom, (CYAN, _arc(5.0, 5.0, 0.7, 20, 160, 12))]) == []
    # nor is an arc beside a base already found
    found = Base(5.0, 5.0, 40, "cyan", 0.75, 1.0, 0.01)
    assert _joined_arcs([(CYAN, _arc(5.0, 3.2, 0.7, 20, 160, 27))], [found], [bottom]) == []


def test_a_thin_rim_cut_into_arcs_by_its_figure_is_found_from_them_all(pitch):
    """Turned seed 36144 saved as JPEG 90 (turf, 16.1 px/in): a cyan 40 mm rim 3.8 mm wide
    round a sand top, a dark figure leaning over one side. Its cyan score clears the search's
    threshold in four arcs; the largest (27 pixels, the rim's far side) is too little of a
    circle for one to be drawn through it, and the others were each too small to be searched
    at all, so the base was missed. The arcs too small to search alone now join the one that
    gave no circle, and the four make the rim."""
    case = replace(make_turned_case(36144), jpeg_quality=90)
    assert case.conditions["surface"] == "turf" and 16 <= case.pixels_per_inch() < 20
    found = VisionPipeline(pitch, track=False).process(case.image()).bases
    near = [b for b in found if math.hypot(b.x_in - 14.675, b.y_in - 28.724) < 0.1]
    assert [(b.color, b.diameter_mm) for b in near] == [("cyan", 40)]
    assert math.hypot(near[0].x_in - 14.675, near[0].y_in - 28.724) < 0.03


def test_an_arc_in_a_group_that_gave_its_neighbour_joins_the_rims_other_arc(pitch):
    """Turned seed 54936 at JPEG 90 (turf, 25.1 px/in, flat): a red 40 mm rim touching a red
    50 mm one, a grey figure leaning over the side between them and a sand one over the far
    side. Its near arc lies in the 50 mm rim's group, which gave that base and was not searched
    again; its far arc, alone, draws too small a circle, and the base was missed. What no base
    explains of a group that gave one now joins the arcs that gave none."""
    case = replace(make_turned_case(54936), jpeg_quality=90)
    found = VisionPipeline(pitch, track=False).process(case.image()).bases
    near = [b for b in found if math.hypot(b.x_in - 19.07, b.y_in - 16.28) < 0.1]
    assert [(b.color, b.diameter_mm) for b in near] == [("red", 40)]
    assert math.hypot(near[0].x_in - 19.07, near[0].y_in - 16.28) < 0.03
