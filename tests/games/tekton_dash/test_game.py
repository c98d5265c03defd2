"""Tekton Dash at the table: the camera's reading turned into the race's events, the
settings, and what the screen says."""

from __future__ import annotations

import pytest

from companion.config.settings import config_from_dict
from companion.config.settings import ConfigError
from companion.games.tekton_dash.demo import setup as demo_setup
from companion.games.tekton_dash.scene import TileTable
from companion.games.tekton_dash.screen import final_lines, status_line
from companion.games.tekton_dash.settings import start_data
from companion.session.actions import TableView, perform
from companion.session.chance import Chance
from companion.session.session import GameSession
from companion.sim.tiles import board_profile
from companion.vision.boards import GridBoards


@pytest.fixture
def table(journal, clock):
    """The demo's race with its dashers placed, the simulated table and a camera reader."""
    session, _ = GameSession.start(journal, Chance(seed=3), clock, "tekton-dash", **demo_setup())
    for name, lane in (("Cy", 2), ("Ben", 1), ("Ana", 0)):
        session.submit("dasher_placed", player=name, lane=lane)
    scene = TileTable(session)
    reader = GridBoards({name: board_profile(k) for k, name in enumerate(scene.names)})
    return session, scene, reader


def _look(scene, reader):
    """What the camera reads now (the picture held still, as a camera's would)."""
    image = scene.renderer(1280, 720).render(scene)
    for _ in range(3):
        readings = reader.read(image)
    return TableView(boards=lambda: readings)


def test_the_camera_sees_the_boards_the_race_has(table):
    session, scene, reader = table
    view = _look(scene, reader)
    for d in session.state.g.dashers:
        seen = {(t.row, t.col): (t.kind, t.power_up) for t in view.boards()[d.name].tiles}
        assert seen == dict(d.board.cells)
    assert perform(session, "board_from_camera", view) is None
    assert "is the board the race has" in session.refusal


def test_a_tile_moved_on_the_board_becomes_the_build(table):
    session, scene, reader = table
    scene.boards[0] = {(2, 1): ("red", False), (3, 3): ("blue", False)}   # blue moved diagonally
    scene.version += 1
    assert perform(session, "board_from_camera", _look(scene, reader)) is None
    assert "2 cells differ ((2, 2), (3, 3))" in session.refusal
    scene.boards[0] = {(2, 1): ("red", False), (1, 2): ("blue", False)}   # blue one square up
    scene.version += 1
    event = perform(session, "board_from_camera", _look(scene, reader))
    assert event.kind == "tile_built" and event.data["from"] == [2, 2] and event.data["to"] == [1, 2]
    assert session.state.g.dasher("Ana").board.cells[(1, 2)] == ("blue", False)


def test_a_tile_taken_from_the_floor_is_checked_against_the_floor(table):
    session, scene, reader = table
    session.submit("dasher_moved", player="Ana", to=[1, 0])               # a yellow tile lies there
    scene.boards[0] = {**scene.boards[0], (0, 0): ("green", False)}      # but a green one appears
    scene.version += 1
    assert perform(session, "board_from_camera", _look(scene, reader)) is None
    assert "holds yellow" in session.refusal
    scene.boards[0] = {**session.state.g.dasher("Ana").board.cells, (3, 2): ("yellow", False)}
    scene.version += 1
    event = perform(session, "board_from_camera", _look(scene, reader))
    assert event.kind == "tile_taken" and session.state.g.two_actions      # Ana's Green Blueprint is done


def test_a_board_the_camera_cannot_see_clearly_is_not_used(table):
    session, scene, reader = table
    view = TableView(boards=lambda: {})
    assert perform(session, "board_from_camera", view) is None and "does not see" in session.refusal


def test_the_settings_make_the_race_and_name_a_bad_one():
    cfg = config_from_dict({})
    data = start_data(cfg)
    assert data["players"] == ["Player 1", "Player 2", "Player 3"] and data["rulings"]["mekton_at"] == 5
    with pytest.raises(ConfigError, match="3 to 6 players"):
        start_data(config_from_dict({"tekton_dash": {"players": "Ana, Ben"}}))
    with pytest.raises(ConfigError, match="one Blueprint per player"):
        start_data(config_from_dict({"tekton_dash": {"players": "A, B, C, D", "blueprints": "step"}}))
    with pytest.raises(ConfigError, match="spawn_faces"):
        start_data(config_from_dict({"tekton_dash": {"spawn_faces": "self, jackpot"}}))


def test_the_header_says_whose_turn_and_the_actions_left(table):
    session, scene, reader = table
    g = session.state.g
    assert status_line(g) == "Round 1 - Ana's turn - 1 action left"


def test_the_final_ranking_names_each_tekton_or_mekton():
    from dataclasses import replace

    from tests.games.tekton_dash.helpers import Race

    r = Race()
    g = r.g
    g = g.with_dasher(replace(g.dasher("Ana"), meter=5, lap1_place=2, finish_place=1))
    g = g.with_dasher(replace(g.dasher("Ben"), meter=1, lap1_place=1, finish_place=2))
    g = g.with_dasher(replace(g.dasher("Cy"), lap1_place=3, finish_place=3))
    g = replace(g, over=True, ranking=((1, "Ana"), (2, "Ben"), (3, "Cy")))
    assert [text for text, _ in final_lines(g)] == ["1. Ana: Mekton #1/2", "2. Ben: Tekton #2/1",
                                                     "3. Cy: Tekton #3/3"]


def test_the_racetrack_as_seen_is_held_against_the_race():
    from companion.games.tekton_dash.screen import racetrack_line
    from companion.vision.boards import BoardReading
    from companion.vision.tiles import Tile
    from tests.games.tekton_dash.helpers import Race, track

    r = Race(track=track(rows=4, lanes=3), floors={(1, 0): [("yellow", False)], (2, 2): [("red", True)]})
    same = BoardReading("racetrack", (Tile(1, 0, "yellow", False), Tile(2, 2, "red", True)), "seen")
    assert racetrack_line(r.g, same) == "Racetrack: as the race has it"
    moved = BoardReading("racetrack", (Tile(1, 1, "yellow", False), Tile(2, 2, "red", False)), "seen")
    assert racetrack_line(r.g, moved) == "Racetrack: 3 floor(s) differ: row 2 lane 1, row 2 lane 2, row 3 lane 3"


def test_a_racetrack_profile_without_a_grid_is_named(tmp_path):
    from companion.games.tekton_dash.game import _vision

    p = tmp_path / "track.toml"
    p.write_text('name = "t"\nwidth_in = 20\nheight_in = 10\nmarker_size_in = 1.5\n[markers]\n0 = [0, 0]\n'
                 '1 = [20, 0]\n2 = [20, 10]\n3 = [0, 10]\n')
    cfg = config_from_dict({"tekton_dash": {"racetrack_profile": str(p)}})
    with pytest.raises(ConfigError, match="no grid"):
        _vision(cfg, None)
    assert _vision(config_from_dict({}), None) is None
