"""The shared table: starting a game, legality by game, undo declared on the event kind."""

import pytest

from companion.errors import IllegalMove
from companion.rules.events import Event as E
from companion.rules.moves import MoveSet
from companion.rules.table import TableState, apply, effective_events, replay, undo_target


def test_nothing_happens_before_a_game_starts():
    with pytest.raises(IllegalMove, match="no game has started"):
        apply(TableState(), E("dice_rolled", {"sides": 6, "values": [3]}))


def test_an_unknown_game_is_refused_with_the_known_ones():
    with pytest.raises(IllegalMove, match="unknown game 'chess'; one of takkure, tekton-dash"):
        apply(TableState(), E("game_started", {"game": "chess"}))


def test_an_unknown_event_is_refused():
    st = replay([E("game_started", {"game": "knockdown"})])
    with pytest.raises(IllegalMove, match="unknown event 'teleport'"):
        apply(st, E("teleport"))


def test_the_game_names_its_sides_and_the_setup_can_rename_them():
    assert replay([E("game_started", {"game": "tash-kalar"})]).teams == ("Player 1", "Player 2")
    assert replay([E("game_started", {"game": "tash-kalar", "teams": ["Ana", "Bo"]})]).teams == ("Ana", "Bo")


def test_facts_and_barriers_come_from_the_event_kind_in_its_game():
    start = E("game_started", {"game": "tash-kalar"})
    roll = E("dice_rolled", {"sides": 6, "values": [4], "index": 0})
    point = E("score_changed", {"side": 0, "delta": 2})
    # The score is an action (taken back), the die a fact (kept, and the undo reaches past it).
    events = [start, point, roll, E("undo")]
    assert [e.kind for e in effective_events(events)] == ["game_started", "dice_rolled"]
    st = replay(events)
    assert st.score == (0, 0) and st.last_roll.values == (4,)
    assert undo_target([start, roll]) is None


def test_a_barrier_stops_an_undo():
    start = E("game_started", {"game": "takkure"})
    tokens = [E("kick_off", {"kicking": 1}), E("activation_tokens_taken", {"team": 0})]
    scatter = E("ball_scattered", {"player": "x", "die": 3})        # a barrier (refused here, but kept)
    assert undo_target([start, *tokens]) == tokens[-1]
    assert undo_target([start, *tokens, scatter]) is None


def test_a_move_set_refuses_a_kind_declared_twice():
    moves = MoveSet("x")
    moves.move("a")(lambda s, e: s)
    with pytest.raises(ValueError, match="declared twice"):
        moves.move("a")(lambda s, e: s)


def test_a_negative_score_is_refused():
    st = replay([E("game_started", {"game": "tash-kalar"})])
    with pytest.raises(IllegalMove, match="cannot take 1 away"):
        apply(st, E("score_changed", {"side": 1, "delta": -1}))
