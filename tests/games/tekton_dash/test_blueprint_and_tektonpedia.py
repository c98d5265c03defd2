"""Blueprints (complete exactly, missing and extra cells, where a pattern may lie) and the
whole Tektonpedia table with its verdict."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.tekton_dash.rules import blueprint as bp
from companion.games.tekton_dash.rules import tektonpedia as tp

STEP = bp.parse_pattern("R B\n. Y")           # cells (0,0) red, (0,1) blue, (1,1) yellow


def test_complete_exactly_means_every_tile_and_no_other():
    board = {(2, 2): "red", (2, 3): "blue", (3, 3): "yellow"}
    assert bp.check(board, STEP).complete
    extra = bp.check({**board, (0, 0): "green"}, STEP)
    assert not extra.complete and extra.extra == [(0, 0)] and extra.missing == {} and extra.correct == 3


def test_missing_cells_are_named_with_the_kind_they_need():
    c = bp.check({(2, 2): "red", (3, 3): "yellow"}, STEP)
    assert c.missing == {(2, 3): "blue"} and c.extra == [] and c.correct == 2


def test_a_wrong_colour_is_both_missing_and_extra():
    c = bp.check({(0, 0): "red", (0, 1): "green", (1, 1): "yellow"}, STEP)
    assert c.missing == {(0, 1): "blue"} and c.extra == [(0, 1)] and not c.complete


def test_the_default_ruling_shifts_but_never_turns():
    turned = {(0, 1): "red", (1, 1): "blue", (1, 0): "yellow"}          # STEP turned a quarter
    assert not bp.check(turned, STEP).complete
    assert bp.check(turned, STEP, "shift-and-turn").complete


def test_fixed_takes_the_pattern_as_drawn_from_the_top_left():
    board = {(2, 2): "red", (2, 3): "blue", (3, 3): "yellow"}
    assert not bp.check(board, STEP, "fixed").complete
    assert bp.check({(0, 0): "red", (0, 1): "blue", (1, 1): "yellow"}, STEP, "fixed").complete


def test_a_symmetric_pattern_turned_onto_itself_is_one_placement():
    square = bp.parse_pattern("G G\nG G")
    assert len(list(bp.placements(square, "shift-and-turn"))) == 16          # 4x4 shifts, once each
    assert len(list(bp.placements(STEP, "shift-and-turn"))) == 64


@given(st.integers(0, 3), st.integers(0, 3))
def test_the_pattern_shifted_anywhere_on_the_board_is_complete(dr, dc):
    board = {(r + dr, c + dc): k for (r, c), k in STEP.items()}
    assert bp.check(board, STEP).complete


@pytest.mark.parametrize("name", bp.shipped())
def test_the_shipped_blueprints_load_and_say_they_are_examples(name):
    b = bp.load_blueprint(name)
    assert b.example and b.green and b.red


def test_a_broken_blueprint_is_one_clear_line(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('name = "Mine"\ngreen = "R X"\nred = "B"\n')
    with pytest.raises(bp.BlueprintError, match="'X' at row 1"):
        bp.load_blueprint(str(f))
    f.write_text('name = "Mine"\ngreen = "R"\n')
    with pytest.raises(bp.BlueprintError, match="missing 'red'"):
        bp.load_blueprint(str(f))
    with pytest.raises(bp.BlueprintError, match="cannot read"):
        bp.load_blueprint(str(tmp_path / "absent.toml"))


# --- the Tektonpedia ---------------------------------------------------------------

def test_the_whole_tektonpedia_table_as_printed():
    # rulebook 664-669: rows LAP 1 = 1, 2, 3, 4-5, 6; columns LAP 2 the same; cell "lap2/lap1"
    printed = """1/1	2/1	3/1	4-5/1	6/1
1/2	2/2	3/2	4-5/2	6/2
1/3	2/3	3/3	4-5/3	6/3
1/4-5	2/4-5	3/4-5	4-5/4-5	6/4-5
1/6	2/6	3/6	4-5/6	6/6"""
    assert tp.table() == [row.split("\t") for row in printed.splitlines()]


def test_places_four_and_five_share_a_row_and_a_column():
    assert tp.personality(4, 4) == tp.personality(5, 5) == tp.personality(4, 5) == "4-5/4-5"


def test_the_rulebooks_example_in_both_forms():
    # "2nd place (Lap 1) x 3rd place (Lap 2) ... Find personality #2-3" (662); the table says 3/2
    assert tp.personality(2, 3, "example") == "2-3"
    assert tp.personality(2, 3, "table") == "3/2"


@pytest.mark.parametrize("sabotages,at,expected", [(0, 5, "Tekton"), (4, 5, "Tekton"), (5, 5, "Mekton"),
                                                     (9, 5, "Mekton"), (5, 6, "Tekton"), (6, 6, "Mekton")])
def test_the_verdict_at_the_mekton_threshold(sabotages, at, expected):
    assert tp.verdict(sabotages, at) == expected


def test_a_place_outside_one_to_six_is_refused():
    with pytest.raises(ValueError):
        tp.personality(0, 2)
