import pytest

from companion.rules.events import Event as E
from companion.rules.events import IllegalMove
from companion.rules.table import TableState, apply, effective_events, replay, undo_target

START = E("game_started", {"game": "takkure", "teams": ["Yamato", "Teriomorph"]})


def test_kick_off_gives_the_ball_to_the_receivers():
    s = replay([START, E("kick_off", {"kicking": 1})])
    assert s.g.attacker == 0 and s.g.kicked_off_first == 1


def test_an_activation_walks_the_six_steps_and_uses_one_token():
    events = [START, E("kick_off", {"kicking": 1}), E("activation_tokens_taken", {"team": 0}),
              E("activation_started", {"team": 0, "player": "Ronin"})]
    s = replay(events)
    assert (s.g.activation_tokens, s.g.step, s.g.step_name) == (3, 1, "1st offensive action")
    for expected in ("Defense", "Movement execution", "2nd offensive action",
                     "Measurements and dice rolls", "Token removal"):
        s = apply(s, E("activation_step"))
        assert s.g.step_name == expected
    s = apply(s, E("activation_step"))
    assert s.g.step == 0 and s.g.active_player is None


def test_the_defending_team_cannot_activate():
    s = replay([START, E("kick_off", {"kicking": 1}), E("activation_tokens_taken", {"team": 0})])
    with pytest.raises(IllegalMove, match="not the attacking team"):
        apply(s, E("activation_started", {"team": 1}))


def test_no_activation_without_tokens():
    s = replay([START, E("kick_off", {"kicking": 1})])
    with pytest.raises(IllegalMove, match="no activation token"):
        apply(s, E("activation_started", {"team": 0}))


def test_time_up_ends_the_half_then_the_match():
    events = [START, E("kick_off", {"kicking": 1})]
    s = replay(events)
    for _ in range(6):  # 5 sets of tokens, the 6th take finds time up
        s = apply(s, E("activation_tokens_taken", {"team": 0}))
        if s.g.activation_tokens:
            s = s.with_game(activation_tokens=0)  # as if all 4 were used
    assert s.g.half_time and not s.g.match_over
    s = apply(apply(s, E("second_half_started")), E("kick_off", {"kicking": 0}))
    assert s.g.half == 2 and s.g.dashboard.slot == 5 and s.g.attacker == 1


def test_checked_d12_roll_is_explained():
    s = replay([START, E("dice_rolled", {"sides": 12, "values": [6], "label": "Pass", "base": 7,
                                         "modifiers": [[2, "2-4 in"], [-1, "pressure"]], "index": 0})])
    assert s.last_roll.outcome == "success"
    assert s.message == "Pass: 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success"
    assert s.chance_draws == 1


def test_impossible_dice_are_refused():
    with pytest.raises(IllegalMove):
        apply(TableState(), E("dice_rolled", {"sides": 6, "values": [7]}))


def test_undo_takes_back_actions_but_never_rolls():
    events = [START, E("try_scored", {"team": 0}), E("dice_rolled", {"sides": 6, "values": [4]}), E("undo")]
    s = replay(events)
    assert s.score == (0, 0) and s.last_roll.values == (4,)
    assert undo_target(events) is None


def test_two_undos_take_back_two_actions():
    events = [START, E("try_scored", {"team": 0}), E("try_scored", {"team": 1}), E("undo"), E("undo")]
    assert [e.kind for e in effective_events(events)] == ["game_started"]


def test_unknown_event_is_refused():
    with pytest.raises(IllegalMove):
        apply(TableState(), E("teleport"))
