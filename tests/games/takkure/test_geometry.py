"""Measuring: exact on constructed cases (1e-9 in), and the rulebook's tables and example."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.takkure.rules import geometry as g
from companion.games.takkure.rules import rolls

EXACT = 1e-9


def test_checking_a_distance_is_from_the_closest_points():
    a, b = g.Base(1.0, 1.0, 0.75), g.Base(1.0, 6.0, 0.5)
    assert g.distance(a, b) == pytest.approx(3.75, abs=EXACT)


def test_tangent_bases_are_at_zero():
    a = g.Base.mm(0.0, 0.0, 40)
    b = g.Base.mm(40 / 25.4, 0.0, 40)        # centres exactly one diameter apart
    assert abs(g.distance(a, b)) <= EXACT


@pytest.mark.parametrize("d, pass_mod, reception_mod", [
    (0.0, 4, 2), (1.99, 4, 2), (2.0, 4, 2), (2.01, 2, 0), (3.1, 2, 0), (4.0, 2, 0), (4.01, 0, -2),
    (8.0, 0, -2), (8.01, -2, -4), (20.0, -2, -4)])
def test_both_modifier_tables_with_the_best_modifier_on_an_edge(d, pass_mod, reception_mod):
    assert g.pass_modifier(d).value == pass_mod
    assert g.reception_modifier(d).value == reception_mod


def test_the_rulebook_example_of_modifiers_7_plus_2_minus_1():
    # "The active player wants to throw a 3" pass but is being pressured by a defending player."
    passer, receiver = g.Base(5.0, 10.0, 0.5), g.Base(5.0, 14.0, 0.5)     # 3 in between the bases
    defender = g.Base(6.5, 10.0, 0.5)                                     # 0.5 in away: pressuring
    d = g.distance(passer, receiver)
    mod = g.pass_modifier(d)
    pressure = g.pressuring(passer, [defender, g.Base(15.0, 15.0, 0.5)])
    mods = [(mod.value, mod.band), *[(-1, "pressure") for _ in pressure]]
    assert rolls.modified(7, mods) == 8
    assert rolls.explain(f"Pass {d:.1f} in", 7, mods, 6) == \
        "Pass 3.0 in: 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success"


def test_pressure_stacks_and_ends_at_2_in():
    att = g.Base(0.0, 0.0, 0.5)
    defenders = [g.Base(3.0, 0.0, 0.5), g.Base(0.0, -3.0, 0.5), g.Base(3.0 + 1e-6, 0.0, 0.5)]
    assert g.pressuring(att, defenders) == [0, 1]


def test_a_straight_marked_move_stops_on_contact_with_the_token():
    m = g.marked_move(g.Base(0.0, 0.0, 0.5), 6.0, (3.0, 0.0), token_r=0.375)
    assert m.stopped_by == "token" and m.end == pytest.approx((2.125, 0.0), abs=EXACT)
    assert m.length == pytest.approx(2.125, abs=EXACT)


def test_a_marked_move_never_exceeds_the_attack_mov():
    m = g.marked_move(g.Base(0.0, 0.0, 0.5), 5.0, (30.0, 0.0))
    assert m.stopped_by == "MOV" and m.end == pytest.approx((5.0, 0.0), abs=EXACT)


def test_a_move_through_the_turn_token():
    m = g.marked_move(g.Base(0.0, 0.0, 0.5), 10.0, (3.0, 4.0 + 6.0), token_r=0.5, turn_token=(3.0, 4.0))
    # 5 in to the turn token, then straight up until touching the movement token: 6 - 1 = 5 in
    assert m.path[1] == pytest.approx((3.0, 4.0), abs=EXACT)
    assert m.end == pytest.approx((3.0, 9.0), abs=EXACT) and m.length == pytest.approx(10.0, abs=EXACT)
    short = g.marked_move(g.Base(0.0, 0.0, 0.5), 7.0, (3.0, 10.0), token_r=0.5, turn_token=(3.0, 4.0))
    assert short.end == pytest.approx((3.0, 6.0), abs=EXACT) and short.stopped_by == "MOV"


def test_a_defender_grazing_the_trajectory():
    mover = g.Base(0.0, 0.0, 0.5)
    path = [(0.0, 0.0), (10.0, 0.0)]
    defender = g.Base(5.0, 2.0, 0.5)                  # swept base edge at y=0.5, defender edge at 1.5
    assert g.distance_to_trajectory(defender, mover, path) == pytest.approx(1.0, abs=EXACT)
    assert g.can_reach_trajectory(defender, 1.0, mover, path)
    assert not g.can_reach_trajectory(defender, 1.0 - 1e-6, mover, path)
    behind = g.Base(-3.0, 0.0, 0.5)                   # beyond the start: measured to the start circle
    assert g.distance_to_trajectory(behind, mover, path) == pytest.approx(2.0, abs=EXACT)


def test_a_pass_line_touching_a_bases_edge_intercepts():
    passer, receiver = g.Base(0.0, 0.0, 0.5), g.Base(10.0, 0.0, 0.5)
    touching = g.Base(5.0, 1.0, 0.5)                  # its edge meets the lines' edge y = 0.5
    assert g.intercepts(touching, passer, receiver)
    assert g.distance_to_pass_lines(g.Base(5.0, 1.0 + 1e-6, 0.5), passer, receiver) == \
        pytest.approx(1e-6, abs=EXACT)


def test_interception_between_bases_of_different_sizes():
    passer, receiver = g.Base(0.0, 0.0, 15 / 25.4), g.Base(9.0, 0.0, 25 / 25.4)
    L, dr = 9.0, receiver.r - passer.r
    n = (-dr / L, math.sqrt(1 - (dr / L) ** 2))       # outer tangent's outward normal
    t1 = (passer.x + passer.r * n[0], passer.y + passer.r * n[1])
    t2 = (receiver.x + receiver.r * n[0], receiver.y + receiver.r * n[1])
    mid = ((t1[0] + t2[0]) / 2, (t1[1] + t2[1]) / 2)
    rd = 20 / 25.4
    for gap in (0.0, 0.25):
        d = g.Base(mid[0] + (rd + gap) * n[0], mid[1] + (rd + gap) * n[1], rd)
        assert g.distance_to_pass_lines(d, passer, receiver) == pytest.approx(gap, abs=EXACT)


def test_place_at_x_in():
    ref = g.Base(0.0, 0.0, 0.5)
    x, y = g.place_at(ref, 2.0, (0.0, 10.0), 0.25)
    assert (x, y) == pytest.approx((0.0, 2.75), abs=EXACT)
    assert g.distance(ref, g.Base(x, y, 0.25)) == pytest.approx(2.0, abs=EXACT)


coords = st.floats(-30, 30, allow_nan=False)
radius = st.sampled_from([15 / 25.4, 20 / 25.4, 25 / 25.4])


@given(coords, coords, radius, coords, coords, radius)
def test_distances_are_symmetric_and_never_negative(x1, y1, r1, x2, y2, r2):
    a, b = g.Base(x1, y1, r1), g.Base(x2, y2, r2)
    assert g.distance(a, b) == g.distance(b, a) >= 0.0


@given(st.floats(0, 50, allow_nan=False), st.floats(0, 50, allow_nan=False))
def test_modifiers_never_get_better_further_away(d1, d2):
    near, far = sorted((d1, d2))
    assert g.pass_modifier(near).value >= g.pass_modifier(far).value
    assert g.reception_modifier(near).value >= g.reception_modifier(far).value


@given(coords, coords, coords, coords, radius, radius, coords, coords, radius)
def test_interception_distance_matches_a_dense_sample(px, py, qx, qy, rp, rq, dx, dy, rd):
    passer, receiver, defender = g.Base(px, py, rp), g.Base(qx, qy, rq), g.Base(dx, dy, rd)
    exact = g.distance_to_pass_lines(defender, passer, receiver)
    sampled = min(max(0.0, math.hypot(dx - (px + t * (qx - px)), dy - (py + t * (qy - py)))
                      - (rp + t * (rq - rp)) - rd) for t in [k / 2000 for k in range(2001)])
    assert exact <= sampled + 1e-9 and sampled - exact <= 0.02
