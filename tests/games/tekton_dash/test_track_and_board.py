"""The racetrack's geometry (walls, boosts, one floor a move), the example tracks against the
placement rules, and the player board's limits and build."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.tekton_dash.rules.board import PlayerBoard
from companion.games.tekton_dash.rules.setup_tables import CLEAR_ROWS, SETUP, setup_for
from companion.games.tekton_dash.rules.track import DIRECTIONS, Element, Track, Wall, example_track

STEPS = [(dr, dl) for dr in (-1, 0, 1) for dl in (-1, 0, 1) if (dr, dl) != (0, 0)]


def test_a_horizontal_wall_stops_the_straight_and_both_diagonals_through_it():
    t = Track(8, 3, walls=(Wall(3, 1, "h"),))
    blocked = {(dr, dl) for dr, dl in STEPS if t.blocked((3, 1), (3 + dr, 1 + dl))}
    assert blocked == {(1, -1), (1, 0), (1, 1)}
    # from beside the wall, the diagonal across its end is blocked too; the straight is not
    assert t.blocked((3, 0), (4, 1)) and not t.blocked((3, 0), (4, 0))
    assert t.blocked((4, 1), (3, 1)) and t.blocked((4, 2), (3, 1))      # from the other side too


def test_with_the_straight_ruling_only_the_straight_move_is_blocked():
    t = Track(8, 3, walls=(Wall(3, 1, "h"),))
    assert t.blocked((3, 1), (4, 1), "straight")
    assert not t.blocked((3, 1), (4, 2), "straight") and not t.blocked((3, 0), (4, 1), "straight")


def test_a_vertical_wall_stops_sideways_and_diagonal_moves_across_it():
    t = Track(8, 4, walls=(Wall(4, 1, "v"),))
    assert t.blocked((4, 1), (4, 2)) and t.blocked((4, 1), (5, 2)) and t.blocked((4, 1), (3, 2))
    assert not t.blocked((4, 1), (5, 1)) and not t.blocked((6, 1), (6, 2))


def test_a_move_is_one_floor_onto_the_track_and_never_onto_another_dasher():
    t = Track(8, 3)
    assert t.blocked((2, 1), (4, 1)) == "a dasher moves one floor at a time"
    assert t.blocked((2, 2), (2, 3)) == "that is off the racetrack"
    assert "one dasher per floor" in t.blocked((2, 1), (3, 1), occupied={(3, 1)})
    assert all(not t.blocked((2, 1), (2 + dr, 1 + dl)) for dr, dl in STEPS)   # eight directions


def test_a_boost_pushes_one_floor_unless_a_dasher_a_wall_or_the_edge_is_in_the_way():
    t = Track(8, 3, elements=(Element("boost", (3, 1), (), "N"), Element("boost", (5, 2), (), "E")),
              walls=(Wall(3, 0, "v"),))
    assert t.boost_target((3, 1)) == (4, 1)
    assert t.boost_target((3, 1), occupied={(4, 1)}) == (3, 1)            # a dasher blocks
    assert t.boost_target((5, 2)) == (5, 2)                                # the edge
    walled = Track(8, 3, elements=(Element("boost", (3, 1), (), "N"),), walls=(Wall(3, 1, "h"),))
    assert walled.boost_target((3, 1)) == (3, 1)                           # a wall blocks


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_example_tracks_follow_the_placement_rules(players):
    s = setup_for(players)
    t = example_track(players)
    assert t.lanes == s.lanes
    assert len(t.elements) + len(t.walls) == s.track_elements
    assert all(e.floor[0] >= CLEAR_ROWS for e in t.elements)               # first two rows clear
    boosts = [e for e in t.elements if e.is_boost]
    assert len({b.direction for b in boosts}) == len(boosts)               # arrows all different
    for a in boosts:                                                       # no + or T shapes
        assert not any(abs(a.floor[0] - b.floor[0]) + abs(a.floor[1] - b.floor[1]) == 1 for b in boosts)
    h = [w.row for w in t.walls if w.orientation == "h"]
    v = [w.lane for w in t.walls if w.orientation == "v"]
    assert abs(len(h) - len(v)) <= 1 and len(set(h)) == len(h) and len(set(v)) == len(v)
    specials = [e for e in t.elements if e.kind.startswith("special")]
    assert len(specials) == 3 * s.sets.count("special")                    # 5-6 players only
    assert all(e.capacity == 3 for e in specials if "stack" in e.kind)
    assert all(len(e.colours) == 2 for e in specials if "spawn" in e.kind)


def test_the_setup_table_by_player_count():
    assert [(p, s.lanes, s.track_elements, s.tiles_per_colour) for p, s in sorted(SETUP.items())] == \
        [(3, 3, 13, 6), (4, 4, 16, 8), (5, 5, 20, 10), (6, 6, 24, 12)]
    with pytest.raises(ValueError, match="3 to 6 players"):
        setup_for(2)


def test_two_elements_on_one_floor_are_refused():
    with pytest.raises(ValueError, match="cannot be stacked"):
        Track(8, 3, elements=(Element("spawn", (3, 1), ("red",)), Element("stack", (3, 1))))


# --- the player board ----------------------------------------------------------------

def test_four_tiles_of_a_colour_is_the_limit():
    b = PlayerBoard.from_cells({(0, i): ("red", False) for i in range(4)})
    assert "4 red tiles" in b.why_not_add(("red", False), (1, 0))
    assert b.why_not_add(("blue", False), (1, 0)) == ""


def test_four_power_ups_is_the_limit():
    b = PlayerBoard.from_cells({(0, i): (k, True) for i, k in enumerate(("red", "blue", "yellow", "green"))})
    assert "4 Power-Up tiles" in b.why_not_add(("red", True), (1, 0))
    assert b.why_not_add(("red", False), (1, 0)) == ""


def test_whether_power_ups_count_in_the_colour_limit_is_a_ruling():
    b = PlayerBoard.from_cells({(0, 0): ("red", True), (0, 1): ("red", False), (0, 2): ("red", False),
                                (0, 3): ("red", False)})
    assert "4 red tiles" in b.why_not_add(("red", False), (1, 0), power_ups_in_colour_limit=True)
    assert b.why_not_add(("red", False), (1, 0), power_ups_in_colour_limit=False) == ""


@given(st.integers(0, 4), st.integers(0, 4), st.integers(-2, 2), st.integers(-2, 2))
def test_a_build_is_exactly_one_orthogonal_step_to_an_empty_square(r, c, dr, dc):
    b = PlayerBoard.from_cells({(r, c): ("green", False)})
    dst = (r + dr, c + dc)
    ok = abs(dr) + abs(dc) == 1 and 0 <= dst[0] < 5 and 0 <= dst[1] < 5
    assert (b.why_not_build((r, c), dst) == "") == ok
    if ok:
        assert b.build((r, c), dst).cells == {dst: ("green", False)}


def test_directions_are_the_eight_neighbours():
    assert sorted(DIRECTIONS.values()) == sorted(STEPS)
