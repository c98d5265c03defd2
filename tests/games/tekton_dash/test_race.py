"""The race, event by event: turns and actions, free actions, the build, boosts and walls,
Power-Ups and their cooldown, the Spawn Dice, the sabotage meter and marker, the Flip the
Blueprint line, both ways the race ends, the ranking, and the game modes."""

from __future__ import annotations

import pytest

from tests.games.tekton_dash.helpers import NAMES, Race, track

# Blueprint "step": green R B / . Y; the starting tiles (2,1) red and (2,2) blue lack (3,2) yellow.
STEP = ["step"] * 3
PLAIN = track(rows=8, lanes=3)


def plain(**kw) -> Race:
    kw.setdefault("track", PLAIN)
    kw.setdefault("blueprints", STEP)
    return Race(**kw)


def up(race: Race, name: str):
    """``name`` moves one row up its lane."""
    r, l = race.d(name).floor
    return race.do("dasher_moved", player=name, to=[r + 1, l])


def rounds(race: Race, n: int):
    """Every dasher moves up once and ends its turn, n times round the table."""
    for _ in range(n * len(race.g.dashers)):
        name = race.g.current.name
        up(race, name).end(name)


def set_down(race: Race, name: str, row: int, lane: int):
    return race.do("dasher_placed", player=name, floor=[row, lane], referee=True)


# --- setup ----------------------------------------------------------------------------

def test_meeples_are_placed_last_player_first():
    r = plain(place=False)
    assert "Cy places next" in r.refused("dasher_placed", player="Ana", lane=0)
    r.do("dasher_placed", player="Cy", lane=2).do("dasher_placed", player="Ben", lane=1)
    assert "taken" in r.refused("dasher_placed", player="Ana", lane=1)
    r.do("dasher_placed", player="Ana", lane=0)
    assert not r.g.placing and r.g.current.name == "Ana"


def test_starting_tiles_are_two_colours_in_the_central_three_by_three():
    from companion.errors import IllegalMove

    with pytest.raises(IllegalMove, match="central 3x3"):
        Race(track=PLAIN, boards=[[[0, 0, "red"], [2, 2, "blue"]]] * 3)
    r = plain(place=False)
    assert r.g.dasher("Ana").board.cells == {(2, 1): ("red", False), (2, 2): ("blue", False)}


def test_a_bad_setup_is_refused_with_its_reason():
    from companion.errors import IllegalMove
    from companion.rules.events import Event
    from companion.rules.table import TableState, apply

    for data, why in [({"players": ["A", "B"]}, "3 to 6 players"),
                      ({"players": ["A", "A", "B"]}, "share a name"),
                      ({"players": ["A", "B", "C"], "boards": [[[2, 2, "red"], [2, 3, "red"]]] * 3}, "different colours"),
                      ({"players": ["A", "B", "C"], "rulings": {"mekton_at": 5, "end": "never"}}, "end: 'never'")]:
        with pytest.raises(IllegalMove, match=why):
            apply(TableState(), Event("game_started", {"game": "tekton-dash", **data}))


# --- actions ----------------------------------------------------------------------------

def test_one_action_a_turn_in_lap_one():
    r = plain()
    up(r, "Ana")
    assert "used the action" in r.refused("dasher_moved", player="Ana", to=[2, 0])
    assert "Ana's turn" in r.refused("dasher_moved", player="Ben", to=[1, 1])
    r.end("Ana")
    assert r.g.current.name == "Ben" and r.g.actions_left == 1


def test_one_free_action_before_or_after_the_move_and_the_move_is_a_must():
    r = plain(floors={(0, 0): [("green", False)], (1, 0): [("yellow", False)], (0, 1): [("red", False)]})
    r.do("tile_taken", player="Ana", cell=[0, 0])                        # before moving
    assert "must move" in r.refused("turn_ended", player="Ana")
    assert "at most one free action" in r.refused("tile_taken", player="Ana", cell=[0, 1])
    up(r, "Ana").end("Ana")
    up(r, "Ben").do("tile_put", player="Ben", cell=[2, 1])              # after moving
    assert r.g.floors[(1, 1)] == (("red", False),)
    r.end("Ben")


def test_the_first_green_blueprint_done_unlocks_two_actions_for_everyone():
    r = plain(floors={(1, 0): [("yellow", False)]})
    up(r, "Ana").do("tile_taken", player="Ana", cell=[3, 2])
    assert r.g.two_actions and "two actions a turn" in r.st.message
    r.end("Ana")
    up(r, "Ben")
    up(r, "Ben")                                                         # the second action
    assert "both actions" in r.refused("dasher_moved", player="Ben", to=[3, 1])


def test_with_the_lap_one_ruling_the_green_blueprint_alone_does_not_unlock():
    r = plain(rulings={"two_actions_after": "lap-one"}, floors={(1, 0): [("yellow", False)]})
    up(r, "Ana").do("tile_taken", player="Ana", cell=[3, 2])
    assert not r.g.two_actions


def test_one_player_board_action_a_round_even_with_two_actions():
    r = plain(floors={(1, 0): [("yellow", False)]})
    up(r, "Ana").do("tile_taken", player="Ana", cell=[3, 2]).end("Ana")
    r.do("tile_built", player="Ben", **{"from": [2, 1], "to": [1, 1]})
    assert "one per round" in r.refused("tile_built", player="Ben", **{"from": [1, 1], "to": [0, 1]})
    up(r, "Ben").end("Ben")
    assert "never diagonally" in r.refused("tile_built", player="Cy", **{"from": [2, 1], "to": [1, 2]})


def test_a_build_is_a_whole_action_with_no_move():
    r = plain()
    r.do("tile_built", player="Ana", **{"from": [2, 1], "to": [1, 1]})
    assert "used the action" in r.refused("dasher_moved", player="Ana", to=[1, 0])


# --- the track ------------------------------------------------------------------------------

def test_one_dasher_a_floor_and_walls_block():
    r = plain(track=track(rows=8, lanes=3, walls=[{"row": 0, "lane": 0, "orientation": "h"}]))
    assert "one dasher per floor" in r.refused("dasher_moved", player="Ana", to=[0, 1])
    assert "wall" in r.refused("dasher_moved", player="Ana", to=[1, 0])
    assert "wall" in r.refused("dasher_moved", player="Ana", to=[1, 1])   # diagonal past its end
    assert "behind the starting line" in r.refused("dasher_moved", player="Ana", to=[-1, 0])


def test_a_boost_pushes_after_its_tile_is_taken_and_a_dasher_blocks_it():
    boost = {"kind": "boost", "floor": [1, 0], "direction": "N"}
    r = plain(track=track(rows=8, lanes=3, elements=[boost]), floors={(1, 0): [("green", False)]})
    up(r, "Ana")
    assert r.g.boost_pending == "Ana"
    assert "follow it" in r.refused("turn_ended", player="Ana")
    r.do("tile_taken", player="Ana", cell=[0, 0]).do("boosted", player="Ana")
    assert r.d("Ana").floor == (2, 0)
    r.end("Ana")
    r2 = plain(track=track(rows=8, lanes=3, elements=[boost]))
    set_down(r2, "Ben", 2, 0)
    up(r2, "Ana").do("boosted", player="Ana")
    assert r2.d("Ana").floor == (1, 0) and "stays on the boost" in r2.st.message


def test_a_stack_holds_two_and_a_special_stack_three_and_the_top_is_taken():
    r = plain(track=track(rows=8, lanes=3, elements=[{"kind": "stack", "floor": [1, 0]}]),
              floors={(1, 0): [("red", False), ("blue", False)]})
    up(r, "Ana")
    assert "full" in r.refused("tile_put", player="Ana", cell=[2, 1])
    r.do("tile_taken", player="Ana", cell=[0, 0])
    assert r.d("Ana").board.cells[(0, 0)] == ("blue", False) and r.g.floors[(1, 0)] == (("red", False),)
    special = plain(track=track(rows=8, lanes=3, elements=[{"kind": "special-stack", "floor": [1, 0]}]),
                    floors={(1, 0): [("red", False), ("blue", False)]})
    up(special, "Ana").do("tile_put", player="Ana", cell=[2, 1])
    assert len(special.g.floors[(1, 0)]) == 3


def test_the_board_limits_refuse_a_fifth_tile_of_a_colour():
    four_red = [[[2, 1, "red"], [2, 2, "blue"]], [[2, 1, "red"], [2, 2, "blue"]], [[2, 1, "red"], [2, 2, "blue"]]]
    r = plain(boards=four_red, floors={(1, 0): [("red", False)]})
    for cell in ([0, 0], [0, 1], [0, 2]):
        r.do("board_set", player="Ana", cell=cell, tile=["red", False])
    up(r, "Ana")
    assert "4 red tiles" in r.refused("tile_taken", player="Ana", cell=[4, 4])


# --- Power-Ups --------------------------------------------------------------------------------

def _power_up_race(**rulings):
    r = plain(rulings=rulings, floors={(3, 0): [("green", True)], (1, 0): [("red", True)]})
    return r


def test_power_up_tiles_are_only_tiles_before_round_three():
    r = _power_up_race()
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0])
    assert r.g.card is None and r.d("Ana").board.cells[(0, 0)] == ("red", True)


def test_from_round_three_a_power_up_tile_draws_a_card_and_declining_returns_it_and_skips():
    r = _power_up_race()
    rounds(r, 2)                                                     # Ana on row 2 now
    assert r.g.round == 3
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0])
    assert r.g.card is not None and "draw a Power-Up card" in r.st.message
    assert "use it or decline" in r.refused("turn_ended", player="Ana")
    r.do("power_up_declined", player="Ana")
    assert r.g.floors[(3, 0)] == (("green", True),) and (0, 0) not in r.d("Ana").board.cells
    assert r.g.current.name == "Ben"                                 # the turn is skipped


def test_a_returned_power_up_tile_cools_down_until_every_racer_has_had_a_turn():
    r = _power_up_race()
    rounds(r, 2)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_declined", player="Ana")
    assert r.g.current.name == "Ben"                                     # Ana's turn was skipped
    up(r, "Ben").end("Ben")
    up(r, "Cy").end("Cy")
    assert r.g.current.name == "Ana" and r.g.round == 4
    r.do("tile_taken", player="Ana", cell=[0, 0])                        # a turn cycle later: free again
    assert r.g.card is not None


def test_with_the_next_round_ruling_it_cools_down_for_the_whole_next_round():
    r = _power_up_race(cooldown="next-round")
    rounds(r, 2)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_declined", player="Ana")
    up(r, "Ben").end("Ben")
    up(r, "Cy").end("Cy")
    assert r.g.round == 4
    assert "cools down" in r.refused("tile_taken", player="Ana", cell=[0, 0])
    r.do("dasher_moved", player="Ana", to=[4, 0]).end("Ana")
    up(r, "Ben").end("Ben")
    up(r, "Cy").end("Cy")
    assert r.g.round == 5
    set_down(r, "Ana", 3, 0).do("tile_taken", player="Ana", cell=[0, 0])
    assert r.g.card is not None


def test_the_meter_moves_on_every_card_by_default_or_only_on_sabotage():
    for ruling, meter in [("every-card", 1), ("sabotage-only", 0)]:
        r = _power_up_race(sabotage_meter=ruling)
        rounds(r, 2)
        up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_used", player="Ana", card="Plus Action")
        assert r.d("Ana").meter == meter, ruling


def test_the_sabotage_marker_protects_its_holder_until_another_is_sabotaged():
    r = _power_up_race()
    rounds(r, 2)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_used", player="Ana", card="Freeze",
                                                                 target="Ben")
    assert r.g.marker == "Ben" and r.d("Ana").meter == 1 and r.d("Ben").frozen
    r.end("Ana")
    assert r.g.current.name == "Cy" and "frozen" in r.st.message          # Ben's turn was skipped
    set_down(r, "Cy", 3, 2).do("floor_set", floor=[4, 2], tiles=[["blue", True]])
    up(r, "Cy").do("tile_taken", player="Cy", cell=[0, 0])
    assert "sabotage marker" in r.refused("power_up_used", player="Cy", card="Burn Tiles", target="Ben")
    r.do("power_up_used", player="Cy", card="Put Away", target="Ana")
    assert r.g.marker == "Ana"


def test_in_mayhem_there_is_no_marker():
    r = _power_up_race(mode="mayhem")
    rounds(r, 2)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_used", player="Ana", card="Freeze",
                                                                 target="Ben")
    assert r.g.marker == ""


def test_with_the_next_card_ruling_any_card_ends_the_protection():
    r = _power_up_race(sabotage_marker="next-card")
    rounds(r, 2)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0]).do("power_up_used", player="Ana", card="Swap Tiles",
                                                                 target="Ben").end("Ana")
    set_down(r, "Ben", 5, 1).do("floor_set", floor=[6, 1], tiles=[["blue", True]])
    up(r, "Ben").do("tile_taken", player="Ben", cell=[0, 0]).do("power_up_used", player="Ben", card="Burn Tiles")
    assert r.g.marker == ""


# --- the Spawn Dice ------------------------------------------------------------------------

SPAWNS = track(rows=8, lanes=3, elements=[{"kind": "spawn", "floor": [4, 1], "colours": ["yellow"]},
                                          {"kind": "special-spawn", "floor": [5, 2], "colours": ["red", "blue"]}])


def test_the_spawn_dice_faces_do_what_they_say():
    r = plain(track=SPAWNS, floors={(4, 1): [("green", False)]})
    assert "roll the Spawn Dice" in r.refused("tile_spawned", player="Ana", kind="red")
    r.roll_spawn(1).do("tile_spawned", player="Ana", kind="red")             # face 1: on self
    assert r.g.floors[(0, 0)] == (("red", False),)
    assert "roll the Spawn Dice" in r.refused("tile_spawned", player="Ana", kind="red")   # one roll, one spawn
    up(r, "Ana").end("Ana")
    r.roll_spawn(5)                                                           # face 5: Power-Up on a spawn
    assert "makes yellow tiles" in r.refused("tile_spawned", player="Ben", kind="red", floor=[4, 1])
    r.do("tile_spawned", player="Ben", kind="yellow", floor=[4, 1])
    assert r.g.floors[(4, 1)] == (("yellow", True),)                          # the green one replaced
    up(r, "Ben").end("Ben")
    r.roll_spawn(3).do("tile_spawned", player="Cy", kind="blue", floor=[5, 2])  # special spawn: its 2nd colour
    assert r.g.floors[(5, 2)] == (("blue", False),)
    up(r, "Cy").end("Cy")
    r.roll_spawn(6).do("tile_spawned", player="Ana", kind="red")             # face 6: nothing
    assert "no tile" in r.st.message


def test_the_spawn_dice_faces_are_a_setting():
    r = plain(track=SPAWNS, rulings={"spawn_faces": ["none"] * 6})
    r.roll_spawn(1).do("tile_spawned", player="Ana", kind="red")
    assert r.g.floors.get((0, 0), ()) == ()


# --- the Flip the Blueprint line and the finish ------------------------------------------------

def _near_the_flip(**rulings) -> Race:
    r = plain(track=track(rows=4, lanes=3), rulings=rulings, floors={(3, 1): [("yellow", False)]})
    set_down(r, "Ana", 3, 0)
    return r


def test_the_flip_line_needs_the_green_blueprint_exactly():
    r = _near_the_flip()
    assert "Green Blueprint complete" in r.refused("dasher_moved", player="Ana", to=[4, 0])
    r.do("board_set", player="Ana", cell=[3, 2], tile=["yellow", False])
    r.do("board_set", player="Ana", cell=[0, 4], tile=["green", False])       # one tile too many
    assert "1 extra" in r.refused("dasher_moved", player="Ana", to=[4, 0])
    r.do("board_set", player="Ana", cell=[0, 4], tile=None)
    r.do("dasher_moved", player="Ana", to=[4, 0])
    a = r.d("Ana")
    assert (a.lap, a.side, a.lap1_place, a.abilities) == (2, "red", 1, 2)
    assert r.g.podium == ("Ana",) and r.g.current.name == "Ben"               # the turn passes
    assert "podium 1" in r.st.message


def _finishing(end: str) -> Race:
    r = plain(track=track(rows=4, lanes=3), rulings={"end": end})
    red = {(0, 0): "green", (0, 2): "green", (1, 1): "red", (2, 0): "blue", (2, 2): "yellow"}   # "step" red
    for name in NAMES:
        r.do("board_set", player=name, cell=[2, 1], tile=None).do("board_set", player=name, cell=[2, 2], tile=None)
    for (row, col), kind in red.items():
        r.do("board_set", player="Ana", cell=[row, col], tile=[kind, False])
    return r


def test_first_finish_ends_the_race_at_once_and_ranks_by_row_then_correct_tiles():
    r = _finishing("first-finish")
    from dataclasses import replace                      # Ana in lap 2 on row 0; Ben and Cy in lap 1
    g = r.g
    g = g.with_dasher(replace(g.dasher("Ana"), lap=2, side="red", floor=(0, 0)))
    g = g.with_dasher(replace(g.dasher("Ben"), floor=(2, 1)))
    g = g.with_dasher(replace(g.dasher("Cy"), floor=(2, 2)))
    r.st = replace(r.st, g=g)
    r.do("board_set", player="Cy", cell=[1, 1], tile=["red", False])         # Cy: one right red tile
    r.do("dasher_moved", player="Ana", to=[-1, 0])
    assert r.g.over and r.g.ranking == ((1, "Ana"), (2, "Cy"), (3, "Ben"))
    assert "race is over" in r.refused("dasher_moved", player="Ben", to=[3, 1])


def test_the_finish_needs_the_red_blueprint_and_keep_racing_waits_for_everyone():
    r = _finishing("keep-racing")
    from dataclasses import replace
    g = r.g.with_dasher(replace(r.g.dasher("Ana"), lap=2, side="red", floor=(0, 0)))
    r.st = replace(r.st, g=g)
    r.do("dasher_moved", player="Ana", to=[-1, 0])
    assert not r.g.over and r.d("Ana").finish_place == 1 and r.g.current.name == "Ben"
    g = r.g.with_dasher(replace(r.g.dasher("Ben"), lap=2, side="red", floor=(0, 1)))
    r.st = replace(r.st, g=g)
    assert "Red Blueprint complete" in r.refused("dasher_moved", player="Ben", to=[-1, 1])


def test_ties_share_a_place_or_go_by_seat():
    for ruling, expected in [("shared", ((1, "Ana"), (1, "Ben"), (1, "Cy"))),
                             ("turn-order", ((1, "Ana"), (2, "Ben"), (3, "Cy")))]:
        r = plain(rulings={"tiebreak": ruling})
        assert tuple(r.g.standing()) == expected, ruling


# --- modes -------------------------------------------------------------------------------------

def test_kids_play_has_no_track_elements_cards_or_tokens():
    r = Race(rulings={"mode": "kids-play"}, floors={(1, 0): [("red", True)]})
    assert r.g.track.elements == () and r.d("Ana").abilities == 0
    assert "no Ability Tokens" in r.refused("ability_used", player="Ana", name="Dig it up")
    rounds(r, 2)
    set_down(r, "Ana", 0, 0)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0])
    assert r.g.card is None


def test_tile_building_journey_keeps_the_track_elements_but_no_cards_or_tokens():
    r = Race(rulings={"mode": "tile-building"}, floors={(1, 0): [("red", True)]})
    assert r.g.track.elements and r.d("Ana").abilities == 0 and not r.g.rulings.power_up_cards
    rounds(r, 2)
    set_down(r, "Ana", 0, 0)
    up(r, "Ana").do("tile_taken", player="Ana", cell=[0, 0])
    assert r.g.card is None and r.g.marker == ""


def test_a_turn_without_an_action_passes_and_says_so():
    r = plain()
    r.end("Ana")
    assert r.g.current.name == "Ben" and "passes without an action" in r.st.message


def test_super_dash_is_one_lap_on_the_red_blueprint_with_tokens_on_the_fourth_row():
    r = plain(rulings={"mode": "super-dash"}, track=track(rows=6, lanes=3))
    assert r.d("Ana").side == "red" and r.d("Ana").abilities == 1
    set_down(r, "Ana", 2, 0)
    up(r, "Ana")
    assert r.d("Ana").abilities == 2 and "4th row" in r.st.message


def test_ability_tokens_are_spent_any_time_and_counted():
    r = plain()
    r.do("ability_used", player="Cy", name="No Dice")                        # not Cy's turn: still fine
    assert r.d("Cy").abilities == 0
    assert "holds no Ability Token" in r.refused("ability_used", player="Cy", name="Reject")
