import pytest

from companion.errors import IllegalMove
from companion.rules.events import Event as E
from companion.rules.table import apply, replay

START = E("game_started", {"game": "tekken", "fighters": ["Kazuya", "Jin"], "max_hp": 20})


def test_hp_enters_rage_at_6_and_stops_at_zero():
    s = replay([START, E("hp_changed", {"side": 1, "delta": -14})])
    assert s.g.hp[1].hp == 6 and s.g.hp[1].in_rage and "RAGE" in s.message
    s = apply(s, E("hp_changed", {"side": 1, "delta": -30}))
    assert s.g.hp[1].hp == 0 and s.g.hp[1].knocked_out and "K.O." in s.message


def test_the_fighters_are_the_two_sides_and_a_new_round_refills_both_bars():
    s = replay([START, E("hp_changed", {"side": 0, "delta": -3}), E("hp_changed", {"side": 1, "delta": -9})])
    assert s.teams == ("Kazuya", "Jin") and (s.g.hp[0].hp, s.g.hp[1].hp) == (17, 11)
    s = apply(s, E("hp_reset"))
    assert (s.g.hp[0].hp, s.g.hp[1].hp) == (20, 20) and s.message == "New round"


def test_damage_is_an_action_an_undo_takes_back():
    s = replay([START, E("hp_changed", {"side": 1, "delta": -5}), E("undo")])
    assert s.g.hp[1].hp == 20


def test_a_side_that_is_not_0_or_1_is_refused():
    with pytest.raises(IllegalMove, match="side must be 0 or 1"):
        apply(replay([START]), E("hp_changed", {"side": 2, "delta": -1}))
