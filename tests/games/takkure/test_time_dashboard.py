import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.events import IllegalMove
from companion.games.takkure.rules.time_dashboard import TimeDashboard


def test_fig1_both_tokens_start_active_on_slot_5():
    d = TimeDashboard()
    assert (d.slot, d.active, d.time_up) == (5, (True, True), False)


def test_fig2_to_fig4():
    d = TimeDashboard().take_activation_tokens(0)          # Fig 2: flip own token
    assert (d.slot, d.active) == (5, (False, True))
    d = d.take_activation_tokens(0)                         # Fig 3: both down and active; Fig 4: flip own
    assert (d.slot, d.active) == (4, (False, True))


def test_the_other_team_flips_its_own_active_token_without_moving():
    d = TimeDashboard().take_activation_tokens(0).take_activation_tokens(1)
    assert (d.slot, d.active) == (5, (False, False))
    d = d.take_activation_tokens(1)
    assert (d.slot, d.active) == (4, (True, False))


def test_one_team_attacking_all_half_gets_five_sets_then_time_is_up():
    d, sets = TimeDashboard(), 0
    while True:
        d = d.take_activation_tokens(0)
        if d.time_up:
            break
        sets += 1
    assert sets == 5 and d.slot == 1
    with pytest.raises(IllegalMove):
        d.take_activation_tokens(1)


def test_kicking_out_only_on_slot_1_and_when_behind():
    d = TimeDashboard(slot=1)
    assert d.can_kick_out(0, 1) and not d.can_kick_out(1, 1) and not TimeDashboard().can_kick_out(0, 1)


@given(st.lists(st.integers(0, 1), max_size=40))
def test_time_never_runs_backwards(teams):
    d = TimeDashboard()
    for team in teams:
        if d.time_up:
            break
        nxt = d.take_activation_tokens(team)
        assert nxt.slot <= d.slot and 1 <= nxt.slot <= 5
        d = nxt
