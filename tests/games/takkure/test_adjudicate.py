"""Step 5: which rolls the declarations and the measured bases call for."""

import math
from dataclasses import replace

import pytest

from companion.rules.events import IllegalMove
from companion.games.takkure.rules import geometry
from companion.games.takkure.rules.adjudicate import follow_up, pressure_on, step5
from companion.games.takkure.rules.geometry import Base
from companion.games.takkure.rules.match import Declaration as D
from companion.games.takkure.rules.match import Pending, line_up
from companion.games.takkure.rules.roster import EXAMPLES, roster_from_toml

M = line_up([roster_from_toml(EXAMPLES["yamato"]), roster_from_toml(EXAMPLES["teriomorph"])])
R40 = 40 / 25.4 / 2


def match(*declared, carrier="Yokozuna"):
    return replace(M, carrier=carrier, ball="carried", declared=declared)


def at(**xy):
    sizes = {p.name: p.state.card.base_mm for p in M.players}
    return {name: Base.mm(x, y, sizes[name]) for name, (x, y) in xy.items()}


def beside(pos, name, other, dx, dy, gap=0.0):
    """Put ``name`` ``gap`` inches from ``other``'s edge in direction (dx, dy)."""
    size = next(p.state.card.base_mm for p in M.players if p.name == name)
    b, r = pos[other], size / 25.4 / 2
    reach = b.r + gap + r
    pos[name] = Base(b.x + dx * reach, b.y + dy * reach, r)
    return pos


def test_pressure_counts_each_pressuring_defender_within_2_in():
    m = match(D("Silverback", "pressure"), D("Rhino", "pressure"), D("Jaguar", "pressure"))
    pos = at(Yokozuna=(10, 10), Silverback=(10, 10 + 2 * R40 + 2.0), Rhino=(10 - 2 * R40 - 1, 10),
             Jaguar=(20, 20))
    assert pressure_on(m, "Yokozuna", pos) == 2              # exactly 2 in counts; 8 in away does not


def test_an_unopposed_pass_measures_the_distance_and_its_modifier():
    m = match(D("Yokozuna", "move"), D("Yokozuna", "pass", "Ronin"))
    pos = beside(at(Yokozuna=(10, 10)), "Ronin", "Yokozuna", 0, -1, gap=3.1)
    plans = step5(m, "Yokozuna", pos)
    assert len(plans) == 1 and plans[0].contest == "unopposed"
    assert plans[0].entries[0].check.explain() == "Pass 3.1 in: BaC 6 +2 (2-4 in) = 8"


def test_a_pass_from_the_ground_over_8_in_is_cancelled_without_a_roll():
    m = match(D("Yokozuna", "pass_from_ground", "Ronin"))
    pos = at(Yokozuna=(10, 20), Ronin=(10, 5))
    (plan,) = step5(m, "Yokozuna", pos)
    assert plan.entries[0].result == "cancelled"


def test_a_defender_on_the_pass_line_intercepts_first():
    m = match(D("Yokozuna", "move"), D("Jaguar", "steal", "in the air"), D("Yokozuna", "pass", "Ronin"))
    pos = at(Yokozuna=(10, 20), Ronin=(10, 10), Jaguar=(10.5, 15))
    plans = step5(m, "Yokozuna", pos)
    assert [p.entries[0].action for p in plans] == ["steal", "pass"]
    assert plans[0].entries[0].check.explain() == "Steal (in the air): BaC 7 -2 (in the air) = 5"


def test_a_tackle_that_missed_the_trajectory_counts_as_failed():
    m = match(D("Yokozuna", "move"), D("Silverback", "tackle", "Yokozuna"))
    pos = at(Yokozuna=(10, 14), Silverback=(15, 10))
    (plan,) = step5(m, "Yokozuna", pos, start=(10, 10))
    assert plan.entries[0].result == "fail"


def test_a_tackle_touching_the_trajectory_rolls_even_far_from_the_final_position():
    m = match(D("Yokozuna", "move"), D("Silverback", "tackle", "Yokozuna"))
    pos = at(Yokozuna=(10, 20), Silverback=(10 + 2 * R40, 12))          # tangent to the swept path
    (plan,) = step5(m, "Yokozuna", pos, start=(10, 10))
    assert plan.entries[0].result == "" and plan.entries[0].action == "tackle"


def test_dodge_dice_are_shared_among_tacklers_in_order():
    # Jaguar has Side step: two dice; against two tacklers, one each; the 2nd roll stops if grounded.
    m = match(D("Jaguar", "move"), D("Yokozuna", "tackle", "Jaguar"), D("Samurai", "tackle", "Jaguar"),
              D("Jaguar", "dodge"), carrier="Jaguar")
    pos = beside(beside(at(Jaguar=(10, 10)), "Yokozuna", "Jaguar", 0, 1), "Samurai", "Jaguar", 1, 0)
    plans = step5(m, "Jaguar", pos)
    assert [p.contest for p in plans] == ["face_to_face", "face_to_face"]
    assert [p.entries[0].dice for p in plans] == [1, 1]
    assert plans[1].unless_grounded == "Jaguar"


def test_one_tackler_against_two_dice_keeps_the_best():
    m = match(D("Jaguar", "move"), D("Yokozuna", "tackle", "Jaguar"), D("Jaguar", "dodge"), carrier="Jaguar")
    pos = beside(at(Jaguar=(10, 10)), "Yokozuna", "Jaguar", 0, 1)
    (plan,) = step5(m, "Jaguar", pos)
    assert plan.entries[0].dice == 2


def test_several_tacklers_against_a_try_make_a_melee_roll():
    m = match(D("Yokozuna", "move"), D("Silverback", "tackle", "Yokozuna"), D("Rhino", "tackle", "Yokozuna"),
              D("Yokozuna", "try"))
    pos = at(Yokozuna=(10, 28), Silverback=(10 + 2 * R40, 28), Rhino=(10 - 2 * R40, 28))
    (plan,) = step5(m, "Yokozuna", pos)
    assert plan.contest == "melee" and len(plan.entries) == 3


def test_a_base_the_camera_cannot_see_is_named():
    m = match(D("Yokozuna", "move"), D("Yokozuna", "pass", "Ronin"))
    with pytest.raises(IllegalMove, match="Ronin is not on the table"):
        step5(m, "Yokozuna", at(Yokozuna=(1, 1)))


def test_follow_up_rolls():
    pos = beside(at(Yokozuna=(10, 10)), "Ronin", "Yokozuna", 0, -1, gap=5.0)
    e = follow_up(M, Pending("reception", "Ronin"), pos, "Yokozuna")
    assert e.check.explain() == "Reception 5.0 in: BaC 7 -2 (4-8 in) = 5"
    assert follow_up(M, Pending("endurance", "Ronin"), pos, None).check.target == 3 + 1
    assert follow_up(M, Pending("injury", "Ronin"), pos, None) is None


# --- scatter, repositioning, space occupation --------------------------------------------

def test_scatter_arrows_go_clockwise_from_the_chosen_direction():
    for die, expected in ((1, (0.0, 2.5)), (4, (2.5, 0.0)), (7, (0.0, -2.5)), (10, (-2.5, 0.0))):
        x, y = geometry.scatter((0.0, 0.0), 90.0, die, object_r=0.5, template_r=2.0)
        assert math.isclose(x, expected[0], abs_tol=1e-9) and math.isclose(y, expected[1], abs_tol=1e-9)


def test_repositioning_goes_up_on_even_and_down_on_odd_wrapping_around():
    blocked = {2, 3}
    def fits_arrow(x, y):
        a = round(math.degrees(math.atan2(y, x)))
        number = ((90 - a) // 30) % 12 + 1
        return number not in blocked
    assert geometry.reposition((0.0, 0.0), 90.0, 2, fits_arrow)[0] == 4          # even: 2 -> 3 -> 4
    assert geometry.reposition((0.0, 0.0), 90.0, 3, fits_arrow)[0] == 1          # odd: 3 -> 2 -> 1
    blocked = {12, 1}
    assert geometry.reposition((0.0, 0.0), 90.0, 1, fits_arrow)[0] == 11         # odd from 1 wraps to 12, 11
    assert geometry.reposition((0.0, 0.0), 90.0, 12, lambda x, y: False) is None


def test_the_active_player_pushes_an_opponent_by_the_shortest_route_to_contact():
    landing, other = Base(0, 0, 0.8), Base(0.5, 0, 0.6)
    x, y = geometry.displace(landing, other)
    assert math.isclose(x, 1.4, abs_tol=1e-9) and y == 0
    assert not geometry.overlaps(landing, Base(x, y, 0.6))
    assert geometry.displace(landing, Base(0, 0, 0.6)) is None          # right on top: the defender chooses
    assert geometry.displace(landing, Base(3, 0, 0.6)) == (3, 0)         # not in the way: stays
