"""Tekton Dash tiles: the cell classifier on the shared samples and on rendered boards, the
hand over a board, taught tiles, and what `companion detect` reports."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.sim.tiles import board_profile, make_tile_case
from companion.vision.boards import STEADY_FRAMES, GridBoards
from companion.vision.profile import load_profile
from companion.vision.tiles import TileLibrary, read_cells

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "vision-samples" / "tiles"


def _cells(reading) -> dict:
    return {(t.row, t.col): (t.kind, t.power_up) for t in reading.tiles}


def _truth(board) -> dict:
    return {(t["row"], t["col"]): (t["kind"], t["power_up"]) for t in board["tiles"]}


@pytest.mark.skipif(not SAMPLES.exists(), reason="the shared samples are not next to this repository")
@pytest.mark.parametrize("picture", ["101", "102", "103", "104"])
def test_every_cell_of_the_shared_samples_is_read_right(picture):
    truth = json.loads((SAMPLES / f"{picture}.json").read_text())
    reader = GridBoards({b["k"]: load_profile(SAMPLES / f"board-{b['k']}.toml") for b in truth["boards"]})
    readings = reader.read(cv2.imread(str(SAMPLES / f"{picture}.jpg")))
    for board in truth["boards"]:
        assert readings[board["k"]].status == "seen"
        assert _cells(readings[board["k"]]) == _truth(board), f"board {board['k']}"


@pytest.mark.parametrize("seed", [5, 17, 23, 31, 44, 58])
def test_rendered_boards_are_read_cell_for_cell(seed):
    """Cases the classifier was never tuned on (its tuning set was 100-249): lighting
    gradients, tilt, noise, turned and off-centre tiles, hints on empty cells, star sizes."""
    case = make_tile_case(seed)
    readings = GridBoards({b.k: board_profile(b.k) for b in case.boards}).read(case.image())
    for board in case.truth()["boards"]:
        assert _cells(readings[board["k"]]) == _truth(board), f"board {board['k']}"


def _one_board(seed: int):
    case = make_tile_case(seed)
    board = case.boards[0]
    reader = GridBoards({board.k: board_profile(board.k)})
    return case, board, reader


def test_a_faint_printed_hint_is_not_a_tile():
    case, board, reader = _one_board(8)
    board.tiles.clear()                               # an empty board: only its printed hints
    reading = reader.read(case.image())[board.k]
    assert reading.status == "seen" and reading.tiles == ()


def test_the_power_up_star_decides_the_side():
    case, board, reader = _one_board(12)
    kinds = ("red", "blue", "yellow", "green")       # a full board: 4 of each colour (the limit)
    board.tiles = {(r, c): (kinds[(r * 5 + c) % 4], (r + c) % 2 == 0) for r in range(5) for c in range(5)
                   if r * 5 + c < 16}
    got = _cells(reader.read(case.image())[board.k])
    assert got == board.tiles


def test_a_hand_over_a_board_keeps_its_last_reading_marked_stale():
    case = make_tile_case(2, hand=True)
    hand, case.hand = case.hand, []
    k = case.hand_over
    reader = GridBoards({b.k: board_profile(b.k) for b in case.boards})
    clean = case.image()
    before = reader.read(clean)
    truth = {b["k"]: _truth(b) for b in case.truth()["boards"]}
    assert _cells(before[k]) == truth[k]
    for dx in (0.0, 0.3, 0.6):                       # the hand moves in over the board
        case.hand = [[(x + dx, y) for x, y in poly] for poly in hand]
        now = reader.read(case.image())
        assert now[k].status == "stale" and "hand" in now[k].why
        assert _cells(now[k]) == truth[k]             # what was on the board, not the hand
        assert now[k].frame_no == before[k].frame_no
    case.hand = []
    for _ in range(STEADY_FRAMES):                    # gone, and the picture is still again
        after = reader.read(clean)
    assert after[k].status == "seen" and _cells(after[k]) == truth[k]


def test_hidden_markers_keep_the_last_reading():
    case, board, reader = _one_board(3)
    frame = case.image()
    first = reader.read(frame)[board.k]
    covered = frame.copy()
    covered[:, :] = frame.mean(axis=(0, 1)).astype(np.uint8)  # the camera sees nothing of the board
    later = reader.read(covered)[board.k]
    assert later.status == "stale" and later.tiles == first.tiles and "marker" in later.why
    assert reader.read(None)[board.k].status == "stale"


def test_a_board_never_seen_says_so():
    reader = GridBoards({0: board_profile(0)})
    blank = np.full((720, 1280, 3), 128, np.uint8)
    reading = reader.read(blank)[0]
    assert reading.status == "never seen" and reading.tiles == ()


def test_a_profile_without_a_grid_is_refused_by_name(tmp_path):
    from companion.vision.profile import profile_from_dict
    no_grid = profile_from_dict({"width_in": 6, "height_in": 6, "marker_size_in": 1.5,
                                 "markers": {"20": [0, 0], "21": [6, 0], "22": [6, 6], "23": [0, 6]}})
    with pytest.raises(ValueError, match="racetrack"):
        GridBoards({"racetrack": no_grid})


def test_taught_tiles_read_a_power_up_mark_that_is_no_star():
    """Real tiles: the Power-Up side carries some other mark than a white star (here a dark
    disc); one example of each kind and side teaches it."""
    case, board, reader = _one_board(12)
    case.mark = "dot"
    layout = {(0, i): (kind, False) for i, kind in enumerate(("red", "blue", "yellow", "green"))}
    layout |= {(1, i): (kind, True) for i, kind in enumerate(("red", "blue", "yellow", "green"))}
    board.tiles = dict(layout)
    frame = case.image()
    reader.read(frame)
    from companion.vision.teach_tiles import learn_tiles
    library = learn_tiles(frame, reader, board.k, layout)
    assert set(library.examples) == set(layout.values())
    board.tiles = {(4, 4): ("yellow", True), (3, 0): ("blue", False), (2, 2): ("red", True), (3, 3): ("green", True)}
    frame = case.image()
    taught = GridBoards({board.k: board_profile(board.k)}, library=library)
    assert _cells(taught.read(frame)[board.k]) == board.tiles


def test_a_broken_taught_tiles_file_names_itself(tmp_path):
    bad = tmp_path / "tiles.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="tiles.json"):
        TileLibrary.load(bad)
    assert TileLibrary.load(tmp_path / "absent.json").examples == {}


def test_read_cells_reports_colour_over_part_of_a_cell_as_unclear():
    case, board, reader = _one_board(6)
    board.tiles.clear()
    frame = case.image()
    reader.read(frame)
    lab = reader.flat(board.k, frame)
    n = lab.shape[0] // 5
    lab[2 * n:2 * n + n // 2, 2 * n:3 * n] = (45.0, 40.0, 30.0)    # half of cell (2, 2) brown
    cells = read_cells(lab, reader.profiles[board.k].grid)
    assert (2, 2) in cells.unclear and not any((t.row, t.col) == (2, 2) for t in cells.tiles)


def _cli(tmp_path, *args):
    import subprocess
    import sys

    cfg = tmp_path / "companion.toml"
    cfg.write_text(f'[vision]\ntiles = "{tmp_path / "tiles.json"}"\n')
    return subprocess.run([sys.executable, "-m", "companion", *args, "--config", str(cfg)],
                          capture_output=True, text=True, timeout=120)


def test_teach_tiles_then_detect_reads_real_tiles(tmp_path):
    from companion.sim.tiles import profile_toml

    case, board, _ = _one_board(12)
    case.mark = "dot"
    board.tiles = {(0, i): (k, False) for i, k in enumerate(("red", "blue", "yellow", "green"))}
    board.tiles |= {(1, i): (k, True) for i, k in enumerate(("red", "blue", "yellow", "green"))}
    (tmp_path / "board.toml").write_text(profile_toml(board.k))
    cv2.imwrite(str(tmp_path / "examples.png"), case.image())
    out = _cli(tmp_path, "teach", "tiles", str(tmp_path / "examples.png"), "--board", str(tmp_path / "board.toml"))
    assert out.returncode == 0, out.stderr
    assert "learned 8 tile examples" in out.stdout and (tmp_path / "tiles.json").exists()
    board.tiles = {(2, 2): ("blue", True), (4, 0): ("red", False)}
    cv2.imwrite(str(tmp_path / "play.png"), case.image())
    import subprocess
    import sys
    got = subprocess.run([sys.executable, "-m", "companion", "detect", str(tmp_path / "play.png"), "--board",
                          str(tmp_path / "board.toml"), "--tiles", str(tmp_path / "tiles.json")],
                         capture_output=True, text=True, timeout=120)
    assert got.returncode == 0, got.stderr
    tiles = {(t["row"], t["col"]): (t["kind"], t["power_up"]) for t in json.loads(got.stdout)["tiles"]}
    assert tiles == board.tiles


def test_teach_tiles_says_which_example_is_missing(tmp_path):
    from companion.sim.tiles import profile_toml

    case, board, _ = _one_board(12)
    board.tiles = {(0, 0): ("red", False)}
    (tmp_path / "board.toml").write_text(profile_toml(board.k))
    cv2.imwrite(str(tmp_path / "examples.png"), case.image())
    out = _cli(tmp_path, "teach", "tiles", str(tmp_path / "examples.png"), "--board", str(tmp_path / "board.toml"))
    assert out.returncode == 2 and "no tile in cell 0,1" in out.stderr and "Traceback" not in out.stderr
    bad = _cli(tmp_path, "teach", "tiles", str(tmp_path / "examples.png"), "--board", str(tmp_path / "board.toml"),
               "--layout", "0,0=purple")
    assert bad.returncode == 2 and "one of red, blue" in bad.stderr
