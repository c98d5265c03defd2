"""Token markers too small for ArUco's decoder (issue 10): read as the known tokens."""

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.base_reading import Base
from companion.vision.registration import MarkerFinder, Registration, aruco_dictionary, marker_bits
from companion.vision.small_tokens import _SHIFTS, _TURNS, SmallTokenReader, _variations
from companion.vision.tokens import TOKEN_NAMES

DICT = aruco_dictionary("DICT_4X4_50")
TOKENS = {i: marker_bits(DICT, i) for i in TOKEN_NAMES}


def _token_picture(marker_id: int, ppi: float, angle_deg: float, centre=(2.0, 2.0), blur=0.8):
    """A 0.75 in token with a paper margin on turf, drawn 8x finer and shrunk; the board is the
    picture itself at ``ppi`` (H = diag(ppi, ppi, 1)). Returns (gray, its true corners)."""
    ss = 8
    size = int(4 * ppi * ss)
    img = np.full((size, size), 95, np.uint8)
    cell = 40
    marker = cv2.aruco.generateImageMarker(DICT, marker_id, 6 * cell)
    marker = cv2.copyMakeBorder(marker, cell, cell, cell, cell, cv2.BORDER_CONSTANT, value=235)
    M = cv2.getRotationMatrix2D((4 * cell, 4 * cell), -angle_deg, 0.75 * ppi * ss / (6 * cell))
    M[:, 2] += np.array(centre) * ppi * ss - 4 * cell
    img = cv2.warpAffine(marker, M, (size, size), dst=img, borderMode=cv2.BORDER_TRANSPARENT)
    small = cv2.resize(img, (size // ss, size // ss), interpolation=cv2.INTER_AREA)
    local = np.array([[cell, cell], [7 * cell, cell], [7 * cell, 7 * cell], [cell, 7 * cell]], float)
    truth = (np.c_[local, np.ones(4)] @ M.T - (ss - 1) / 2) / ss
    return cv2.GaussianBlur(small, (0, 0), blur), truth


def _reg(ppi):
    return Registration("ok", np.diag([ppi, ppi, 1.0]), (0, 1, 2, 3))


@pytest.mark.parametrize("marker_id,angle", [(10, 0.0), (11, 33.0), (12, 95.0), (13, 212.0)])
def test_a_token_of_two_pixel_cells_is_read_where_aruco_reads_nothing(marker_id, angle):
    ppi = 15.0                                   # a 0.75 in marker 11 px wide: under 2 px a cell
    gray, truth = _token_picture(marker_id, ppi, angle, blur=1.0)
    assert not [s for s in MarkerFinder().find_all(gray) if s.id == marker_id]
    found = SmallTokenReader(TOKENS).find(gray, _reg(ppi), (4.0, 4.0), TOKEN_NAMES)
    assert [s.id for s in found] == [marker_id]
    assert np.linalg.norm(found[0].corners.mean(axis=0) - truth.mean(axis=0)) / ppi < 0.02
    # the marker's own first corner first: the token's angle follows from it
    assert np.linalg.norm(found[0].corners[0] - truth[0]) < 1.0


@pytest.mark.parametrize("marker_id,angle", [(11, 33.0), (13, 212.0), (11, 260.0), (13, 70.0)])
def test_a_token_blurred_across_its_cells_is_read_against_patterns_blurred_alike(marker_id, angle):
    """13 px/in (1.6 px a cell) blurred by 1.2 px: every cell is mixed with its neighbours and
    its border with the paper, and the sharp patterns fit the right token too loosely to take
    it. Blurred as the picture is, the right pattern fits closely and clearly best."""
    ppi = 13.0
    gray, truth = _token_picture(marker_id, ppi, angle, blur=1.2)
    found = SmallTokenReader(TOKENS).find(gray, _reg(ppi), (4.0, 4.0), TOKEN_NAMES)
    assert [s.id for s in found] == [marker_id]
    assert np.linalg.norm(found[0].corners.mean(axis=0) - truth.mean(axis=0)) / ppi < 0.03


SHARED = Path(__file__).resolve().parents[3] / "shared" / "vision-samples"


@pytest.mark.skipif(not SHARED.exists(), reason="the shared samples are not next to this repository")
@pytest.mark.parametrize("stem,token_id", [("302", 13), ("304", 11)])
def test_a_shared_raised_pictures_far_token_is_read_through_more_blur(stem, token_id):
    """The shared raised pictures blurred by 0.8 px more: a token at 1.8-1.9 px a cell, at the
    board's far side, fit the sharp patterns at 0.41-0.50 and was lost."""
    from companion.vision.camera_model import load_camera
    from companion.vision.pipeline import VisionPipeline
    from companion.vision.profile import load_profile
    picture = cv2.GaussianBlur(cv2.imread(str(SHARED / "raised" / f"{stem}.jpg")), (0, 0), 0.8)
    pipeline = VisionPipeline(load_profile(SHARED / "takkure-pitch.toml"),
                              load_camera(SHARED / "raised" / f"{stem}.camera.toml"), track=False)
    tokens = pipeline.process(picture).tokens
    truth = {t["id"]: t for t in json.loads((SHARED / "raised" / f"{stem}.json").read_text())["tokens"]}
    off = {s.id: math.hypot(s.x_in - truth[s.id]["x_in"], s.y_in - truth[s.id]["y_in"]) for s in tokens if s.id in truth}
    assert token_id in off
    assert len(off) == len(tokens) and max(off.values()) < 0.05       # nothing else read, each in place


@pytest.mark.parametrize("seed,missing", [(35344, {12, 13}), (34048, {12}), (34268, {10, 11})])
def test_a_token_whose_threshold_holds_no_square_is_found_by_its_look(pitch, seed, missing):
    """Turned turf cases at 13-14 px/in, JPEG 90 (34268 raised): the tokens' borders are a pixel
    wide, the turf about as dark, and the adaptive threshold cuts them into specks with no square
    among them. Matched by their look (a dark border in a paper margin, on the board seen from
    above), they are found and read in place; nothing else is read."""
    from dataclasses import replace

    from companion.sim.testset import make_turned_case
    from companion.vision.pipeline import VisionPipeline
    case = replace(make_turned_case(seed), jpeg_quality=90)
    picture = case.image()
    pipeline = VisionPipeline(pitch, case.camera_model(), track=False)
    result = pipeline.process(picture)
    gray, reg = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY), result.registration
    squares = pipeline.small_tokens.candidates(gray, reg, (pitch.width_in, pitch.height_in), result.bases)
    truth = {t.id: t for t in case.scene.tokens}
    for i in missing:
        assert all(math.hypot(*(sq.mean(axis=0) - [truth[i].x_in, truth[i].y_in])) > 0.3 for sq in squares)
    read = {t.id: math.hypot(t.x_in - truth[t.id].x_in, t.y_in - truth[t.id].y_in) for t in result.tokens}
    assert missing <= set(read) and max(read.values()) < 0.05 and len(read) == len(result.tokens)


def test_nothing_is_matched_on_a_bare_board_with_lines_and_a_dark_disc():
    ppi = 14.0
    gray = np.full((int(4 * ppi), int(4 * ppi)), 95, np.uint8)
    cv2.line(gray, (0, 20), (55, 20), 200, 2)                  # a pitch line
    cv2.circle(gray, (30, 40), 7, 35, -1)                      # a dark top
    gray = cv2.GaussianBlur(gray, (0, 0), 1.0)
    reader = SmallTokenReader(TOKENS)
    assert reader.find(gray, _reg(ppi), (4.0, 4.0), TOKEN_NAMES) == []
    assert reader.matched(np.full_like(gray, 95), _reg(ppi), (4.0, 4.0)) == []      # flat: no fit at all
    assert reader.matched(gray, _reg(ppi), (1.2, 4.0)) == []                          # no room for a token


def test_a_token_is_not_read_as_another_that_is_being_looked_for():
    gray, _ = _token_picture(10, 20.0, 15.0)
    reader = SmallTokenReader(TOKENS)
    assert reader.find(gray, _reg(20.0), (4.0, 4.0), [11, 12, 13]) == []     # 10 found by ArUco already
    assert [s.id for s in reader.find(gray, _reg(20.0), (4.0, 4.0), [10, 11])] == [10]


def test_a_square_inside_a_base_is_no_token():
    gray, _ = _token_picture(12, 20.0, 0.0)
    base = Base(2.05, 1.98, 40, "red", radius_in=0.79, coverage=1.0, residual_in=0.01)
    reader = SmallTokenReader(TOKENS)
    assert reader.find(gray, _reg(20.0), (4.0, 4.0), TOKEN_NAMES, [base]) == []
    assert [s.id for s in reader.find(gray, _reg(20.0), (4.0, 4.0), TOKEN_NAMES)] == [12]


def test_a_plain_dark_square_or_disc_is_no_token():
    ppi = 20.0
    gray = np.full((80, 80), 95, np.uint8)
    cv2.rectangle(gray, (10, 10), (24, 24), 30, -1)            # a dark square, 0.75 in, nothing printed
    cv2.circle(gray, (55, 55), 8, 30, -1)                      # a dark disc
    assert SmallTokenReader(TOKENS).find(cv2.GaussianBlur(gray, (0, 0), 0.8), _reg(ppi), (4.0, 4.0),
                                         TOKEN_NAMES) == []


def test_tokens_on_the_wider_set_are_found_by_the_pipeline(pitch):
    from companion.sim.testset import make_wide_case
    from companion.vision.pipeline import VisionPipeline
    near = total = 0
    for seed in range(3, 60, 8):                 # flat cases at 1280x720: markers 15-20 px
        case = make_wide_case(seed)
        if case.conditions["raised"]:
            continue
        result = VisionPipeline(pitch, None, track=False).process(case.image())
        for t in case.scene.tokens:
            total += 1
            near += any(s.id == t.id and math.hypot(s.x_in - t.x_in, s.y_in - t.y_in) < 0.05 for s in result.tokens)
        assert all(any(t.id == s.id for t in case.scene.tokens) for s in result.tokens)
    assert total >= 12 and near == total


def _noisy(clean, rng):
    return np.clip(clean.astype(np.int16) + rng.integers(-3, 4, clean.shape), 0, 255).astype(np.uint8)


def test_a_token_only_the_small_reader_reads_stays_between_full_searches(pitch):
    """Seed 7004: ArUco reads none of the four tokens, the small-token reader reads them all on
    a full search. On the tracked frames between searches they are kept where the picture has
    not changed, so they do not blink off; on a still table the reader runs once, not on every
    full search."""
    from companion.sim.testset import make_case
    from companion.vision.pipeline import SEARCH_EVERY, VisionPipeline

    case = make_case(7004)
    clean, rng = case.image(), np.random.default_rng(1)
    pipe = VisionPipeline(pitch, teams=sorted({p.team for p in case.scene.pieces}))
    runs = []
    find = pipe.small_tokens.find
    pipe.small_tokens.find = lambda *a, **k: runs.append(1) or find(*a, **k)
    seen = [sorted(t.id for t in pipe.process(_noisy(clean, rng)).tokens) for _ in range(3 * SEARCH_EVERY)]
    assert seen == [sorted(t.id for t in case.scene.tokens)] * len(seen)
    assert len(runs) == 1


def test_a_token_taken_away_is_not_kept_and_one_put_down_is_found(pitch):
    from dataclasses import replace

    from companion.sim.testset import make_case
    from companion.vision.pipeline import SEARCH_EVERY, VisionPipeline

    case = make_case(7004)
    gone = case.scene.tokens[0]
    without = replace(case, scene=replace(case.scene, tokens=case.scene.tokens[1:])).image()
    clean, rng = case.image(), np.random.default_rng(2)
    pipe = VisionPipeline(pitch, teams=sorted({p.team for p in case.scene.pieces}))
    for _ in range(SEARCH_EVERY + 1):
        pipe.process(_noisy(clean, rng))
    result = pipe.process(_noisy(without, rng))           # a tracked frame: its patch changed
    assert gone.id not in {t.id for t in result.tokens}
    assert len(result.tokens) == len(case.scene.tokens) - 1
    for _ in range(SEARCH_EVERY):                          # through the next full search
        result = pipe.process(_noisy(without, rng))
        assert gone.id not in {t.id for t in result.tokens}
    for _ in range(SEARCH_EVERY):                          # put back: found at the next full search
        result = pipe.process(_noisy(clean, rng))
    assert gone.id in {t.id for t in result.tokens}


def test_a_token_aruco_found_but_could_not_decode_is_read_from_its_quad_alone():
    """ArUco keeps the quads it could not decode; a token too small for its decoder is one of
    them, and read from it the whole board's dark blobs are not looked at."""
    ppi = 18.0                                   # ArUco finds the square, and cannot read it
    gray, truth = _token_picture(11, ppi, 33.0, blur=1.0)
    finder = MarkerFinder()
    assert not [s for s in finder.find_all(gray) if s.id == 11]
    assert any(np.linalg.norm(q.mean(axis=0) - truth.mean(axis=0)) < 2.0 for q in finder.last_rejected)
    reader = SmallTokenReader(TOKENS)
    reader.candidates = lambda *a, **k: pytest.fail("the blobs were searched though the quad was read")
    found = reader.find(gray, _reg(ppi), (4.0, 4.0), [11], hints=finder.last_rejected)
    assert [s.id for s in found] == [11]
    assert np.linalg.norm(found[0].corners.mean(axis=0) - truth.mean(axis=0)) / ppi < 0.02


def test_the_blobs_are_searched_when_the_quads_hold_no_token_still_missing():
    ppi = 15.0
    gray, truth = _token_picture(12, ppi, 95.0, blur=1.0)
    reader = SmallTokenReader(TOKENS)
    runs = []
    candidates = reader.candidates
    reader.candidates = lambda *a, **k: runs.append(1) or candidates(*a, **k)
    wrong = [truth + [60.0, 0.0], truth * 3, np.array([[0, 0], [3, 0], [3, 3], [0, 3]], float)]  # off, too big, too small
    assert reader.hinted(wrong, _reg(ppi), (4.0, 4.0)) == []
    found = reader.find(gray, _reg(ppi), (4.0, 4.0), TOKEN_NAMES, hints=wrong)
    assert [s.id for s in found] == [12] and runs == [1]


def test_a_tracked_frame_keeps_no_quads_of_an_earlier_detection():
    gray, _ = _token_picture(11, 18.0, 33.0, blur=1.0)
    finder = MarkerFinder()
    finder.find_all(gray)
    assert finder.last_rejected
    finder.track(gray, [])
    assert finder.last_rejected == []


def test_tokens_of_cells_under_two_and_a_quarter_pixels_are_read_under_looser_limits(pitch):
    # Turned cases 17202 (mat, portrait, 16.4 px/in) and 17301 (felt, 16.7 px/in), blurred by
    # 1.2-1.3 px: the right token fits best, but against the sharp patterns at a correlation of
    # 0.55-0.67 and a margin of 0.13-0.24, under the limits (0.65 and 0.2) that suit larger
    # cells. Nothing else is read.
    from companion.sim.testset import make_turned_case
    from companion.vision.pipeline import VisionPipeline
    for seed, ids in ((17202, {10, 11, 13}), (17301, {10, 11, 13})):
        case = make_turned_case(seed)
        result = VisionPipeline(pitch, case.camera_model(), track=False).process(case.image())
        for t in case.scene.tokens:
            if t.id in ids:
                assert any(s.id == t.id and math.hypot(s.x_in - t.x_in, s.y_in - t.y_in) < 0.05
                           for s in result.tokens), (seed, t.id)
        assert all(any(t.id == s.id and math.hypot(s.x_in - t.x_in, s.y_in - t.y_in) < 0.25
                       for t in case.scene.tokens) for s in result.tokens)


@given(st.lists(st.floats(-40.0, 40.0, allow_nan=False), min_size=8, max_size=8))
@settings(max_examples=300, deadline=None)
def test_variations_are_the_einsums_to_the_last_bit(coords):
    """The square's variations, each corner's turn written out, are the einsum's values exactly:
    a token read on a first frame tries all 375 of them."""
    square = np.array(coords).reshape(4, 2)
    centre = square.mean(axis=0)
    want = centre + _SHIFTS[:, None, :] + np.einsum("kj,vji->vki", square - centre, _TURNS)
    assert np.array_equal(_variations(square), want)


def test_a_ring_round_a_token_read_is_its_paper_not_a_base(pitch):
    """Wide seeds 21033 and 21041 (18.6 and 20.9 px/in): a token's white paper margin, blurred
    into the turf or the felt, reads as a pale cyan or blue ring the size of a 30 mm rim round
    the token's centre, 0.24 and 0.21 in off it. A token lies on its carrier's card or beside
    its base, never under the figure: a base centred on a token read is its paper."""
    from companion.sim.testset import make_wide_case
    from companion.vision.pipeline import VisionPipeline
    for seed in (21033, 21041):
        case = make_wide_case(seed)
        result = VisionPipeline(pitch, case.camera_model(), track=False).process(case.image())
        found = result.bases
        assert len(result.tokens) == 4
        for token in result.tokens:
            assert not [b for b in found if math.hypot(b.x_in - token.x_in, b.y_in - token.y_in) < 0.3], token
        assert len(found) == len(case.scene.pieces)


@settings(max_examples=40, deadline=None)
@given(h=st.tuples(*[st.floats(-0.2, 0.2)] * 8), nx=st.integers(17, 90), ny=st.integers(17, 90),
       lens=st.booleans())
def test_the_board_seen_from_above_is_mapped_as_a_meshgrid_would_map_it(h, nx, ny, lens):
    """The small-token search's maps of the board seen from above (``_board_maps``) are the
    picture's pixels of every board pixel, the board's columns and rows broadcast: the same
    values, to the last bit, as a meshgrid of them gives, for any homography, with a lens or
    without."""
    from companion.vision.camera_model import CameraModel
    H = np.array([[18.0 + 4 * h[0], h[1], 100 + 50 * h[2]], [h[3], 18.0 + 4 * h[4], 80 + 50 * h[5]],
                  [h[6] / 100, h[7] / 100, 1.0]])
    reg = Registration("ok", H, (0, 1, 2, 3))
    camera = CameraModel(np.array([[900.0, 0, 640], [0, 900.0, 360], [0, 0, 1]]),
                         np.array([-0.2, 0.05, 0.001, -0.001, 0.0]), (1280, 720)) if lens else None
    reader = SmallTokenReader({10: np.eye(4, dtype=int)}, camera)
    scale = 18.5
    mu, mv = reader._board_maps(reg, nx, ny, scale)
    if camera is None:
        xs, ys = np.meshgrid((np.arange(nx) + 0.5) / scale, (np.arange(ny) + 0.5) / scale)
        u, v = reg.to_image_planes(xs, ys)
    else:
        mx, my = -(-nx // 4) + 1, -(-ny // 4) + 1
        xs, ys = np.meshgrid((4 * np.arange(mx) + 2) / scale, (4 * np.arange(my) + 2) / scale)
        u, v = (cv2.resize(m, (4 * mx, 4 * my), interpolation=cv2.INTER_LINEAR)[:ny, :nx]
                for m in reg.to_image_planes(xs, ys, camera))
    assert mu.shape == mv.shape == (ny, nx)
    assert np.array_equal(mu, u) and np.array_equal(mv, v)
