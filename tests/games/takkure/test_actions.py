from dataclasses import replace

import pytest

from companion.rules.events import IllegalMove
from companion.games.takkure.rules import actions as a
from companion.games.takkure.rules.players import YOKOZUNA, PlayerState


def player(**chars):
    return PlayerState(replace(YOKOZUNA, chars=replace(YOKOZUNA.chars, **chars)))


def test_the_rulebook_modifier_example_as_a_pass():
    check = a.pass_check(player(bac=7), 3.0, pressure=1)
    assert check.target == 8
    assert check.explain(6) == "Pass 3.0 in: BaC 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success"


def test_a_pass_from_the_ground():
    check = a.pass_check(player(bac=7), 5.0, from_ground=True)
    assert check.target == 5 and "(from the ground)" in check.explain()
    assert a.pass_check(player(bac=7), 8.0, from_ground=True).target == 5            # 8 in is still allowed
    far = a.pass_check(player(bac=7), 8.5, from_ground=True)
    assert far.outcome(1) == "cancelled" and "8 in at most" in far.explain(1)


def test_precise_pass_rolls_two_dice_until_the_player_tires():
    p = replace(player(bac=7), card=replace(YOKOZUNA, positions=("Precise Pass",), position_skill="Precise Pass"))
    assert a.pass_check(p, 3.0).dice == 2
    assert a.pass_check(p.add_fatigue(), 3.0).dice == 1          # one fatigue: position skills lost


def test_reception_pick_up_and_the_three_steals():
    p = player(bac=6)
    assert a.reception_check(p, 1.0).target == 8 and a.reception_check(p, 9.0).target == 2
    assert a.pick_up_check(p, pressure=2).target == 8
    assert [a.steal_check(p, how).target for how in ("loose", "grounded carrier", "in the air")] == [10, 6, 4]
    with pytest.raises(IllegalMove, match="GROUNDED player cannot steal"):
        a.steal_check(replace(p, grounded=True), "loose")


def test_tackle_dodge_break_through_and_the_failed_tackle():
    p = player(str=8, ref=5)
    # L1439: "If during the defensive movement you do not make contact ... you are considered
    # to have failed the roll" (a failure, not L1445's cancelled roll)
    assert a.tackle_check(p).target == 8 and a.tackle_check(p, reached=False).outcome(1) == "fail"
    assert a.tackle_check(p, reached=False).explain().startswith("Tackle: fails - no contact")
    assert a.dodge_check(p, pressure=1).target == 4 and a.break_through_check(p).target == 8
    assert a.failed_tackle_check(p).characteristic == "REF"
    assert a.break_through_check(p).dice == 2                    # Yokozuna's Onslaught


def test_a_try_counts_each_fatigue_token_and_three_active_ones_cost_one_more():
    p = player(bac_try=8).add_fatigue().add_fatigue().rest()     # one active, one inactive
    assert a.try_check(p).target == 6
    tired = player(bac_try=8).add_fatigue().add_fatigue().add_fatigue()
    assert a.try_check(tired, pressure=1).target == 8 - 1 - 3 - 1


def test_endurance_is_bdy_plus_prt():
    assert a.endurance_check(player(bdy=4, prt=2)).target == 6
