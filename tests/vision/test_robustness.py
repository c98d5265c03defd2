"""Bad frames give a clear status, never an exception, never a ghost move."""

import cv2
import numpy as np
import pytest

from companion.sim.render import Camera
from companion.sim.testset import make_case
from companion.vision.pipeline import VisionPipeline
from companion.vision.registration import apply_h


@pytest.fixture(scope="module")
def case():
    return make_case(31)


@pytest.fixture(scope="module")
def frame(case):
    return case.image()


def settled(pitch, frame):
    pipe = VisionPipeline(pitch)
    for _ in range(3):
        result = pipe.process(frame)
    assert len(result.pieces) == len(result.bases) > 0
    return pipe, {t.id: (t.x_in, t.y_in) for t in result.pieces}


def positions(result):
    return {t.id: (t.x_in, t.y_in) for t in result.pieces}


def same_places(a: dict, b: dict, tol: float) -> bool:
    return a.keys() == b.keys() and all(abs(a[k][0] - b[k][0]) <= tol and abs(a[k][1] - b[k][1]) <= tol for k in a)


def cover_marker(frame, case, marker_id, colour=(200, 200, 210)):
    cam = Camera(case.scene, frame.shape[1], frame.shape[0])
    x, y = case.scene.board.markers[marker_id]
    poly = apply_h(cam.board_homography(), np.array([[x - 1.2, y - 1.2], [x + 1.2, y - 1.2],
                                                     [x + 1.2, y + 1.2], [x - 1.2, y + 1.2]]))
    out = frame.copy()
    cv2.fillConvexPoly(out, poly.astype(np.int32), colour)   # a cup on the marker
    return out


def test_no_markers_at_all(pitch):
    result = VisionPipeline(pitch).process(np.full((720, 1280, 3), 90, np.uint8))
    assert result.status == "lost" and "0 of 4 frame markers" in result.message


def test_a_frame_of_noise(pitch):
    noise = np.random.default_rng(0).integers(0, 256, (720, 1280, 3), dtype=np.uint8)
    result = VisionPipeline(pitch).process(noise)
    assert result.status == "lost" and result.bases == []


@pytest.mark.parametrize("frame_", [None, np.zeros((0, 0, 3), np.uint8), np.zeros((720, 1280), np.uint8),
                                    "not an image"])
def test_a_camera_that_returns_nothing(pitch, frame_):
    result = VisionPipeline(pitch).process(frame_)
    assert result.status == "no frame" and result.message


def test_three_markers_keep_the_last_good_frame(pitch, case, frame):
    pipe, before = settled(pitch, frame)
    result = pipe.process(cover_marker(frame, case, 2))
    assert result.status == "held" and "marker 2 hidden" in result.message
    assert same_places(positions(result), before, 0.01)


def test_two_markers_hidden_loses_the_board_but_no_piece_moves(pitch, case, frame):
    pipe, before = settled(pitch, frame)
    result = pipe.process(cover_marker(cover_marker(frame, case, 1), case, 2))
    assert result.status == "lost"
    assert all(t.stale for t in result.pieces)
    assert {t.id: (t.x_in, t.y_in) for t in result.pieces} == before


def test_a_hand_over_half_the_board(pitch, case, frame):
    pipe, before = settled(pitch, frame)
    hand = frame.copy()
    h, w = hand.shape[:2]
    cv2.ellipse(hand, (w // 2, h // 2), (w // 4, h // 3), 15, 0, 360, (120, 150, 205), -1)  # skin tones
    cv2.ellipse(hand, (w // 2 - 40, h // 2 - 20), (w // 6, h // 5), 15, 0, 360, (105, 135, 190), -1)
    for _ in range(3):
        result = pipe.process(hand)
    pieces = {t.id: t for t in result.pieces}
    assert set(pieces) == set(before)                     # no ghost piece appears under the hand
    assert same_places(positions(result), before, 0.02)   # none moves; hidden ones are stale
    assert any(t.stale for t in result.pieces)
    result = pipe.process(frame)                          # the hand is gone: all seen again
    assert not any(t.stale for t in result.pieces)


def test_a_lighting_jump(pitch, frame):
    pipe, before = settled(pitch, frame)
    dark = (frame.astype(np.float32) * 0.55).astype(np.uint8)
    result = pipe.process(dark)
    assert result.status == "ok"
    assert same_places(positions(result), before, 0.03)
    assert not any(t.stale for t in result.pieces)


def test_an_empty_board(pitch):
    case = make_case(31)
    case.scene.pieces.clear()
    result = VisionPipeline(pitch).process(case.image())
    assert result.status == "ok" and result.bases == [] and result.pieces == []


def test_the_camera_moving_is_reported(pitch, frame):
    pipe = VisionPipeline(pitch)
    pipe.process(frame)
    shifted = np.roll(frame, 6, axis=1)
    result = pipe.process(shifted)
    assert result.registration.moved and "moved" in result.message


def test_the_vision_thread_drops_frames_instead_of_queueing(pitch, frame):
    import time

    from companion.vision.pipeline import VisionWorker

    class FastCamera:               # a new frame every millisecond, far faster than vision
        def __init__(self):
            self.start = time.monotonic()

        def latest(self):
            return int((time.monotonic() - self.start) * 1000) + 1, frame

    camera = FastCamera()
    worker = VisionWorker(VisionPipeline(pitch), camera).start()
    deadline = time.monotonic() + 5
    while (worker.latest() is None or worker.pipeline.frames < 5) and time.monotonic() < deadline:
        time.sleep(0.01)
    worker.stop()
    assert worker.pipeline.frames >= 5
    assert worker.dropped > 0 and worker.latest().status == "ok"


def test_every_shipped_board_profile_loads():
    from pathlib import Path

    from companion.vision.profile import load_profile
    boards = sorted((Path(__file__).resolve().parents[2] / "calibration" / "boards").glob("*.toml"))
    assert len(boards) >= 5
    for path in boards:
        profile = load_profile(path)
        assert sorted(profile.markers) == [0, 1, 2, 3]


def test_tracked_markers_are_found_again_cheaply_and_a_bump_is_caught(pitch, frame):
    """While tracking, frame markers are followed where they were; a camera bump of a few pixels
    is not followed blindly: it sends the pipeline back to a full detection, and no piece moves."""
    pipe, before = settled(pitch, frame)
    calls = []
    find_all = pipe.markers.find_all
    pipe.markers.find_all = lambda gray: calls.append(1) or find_all(gray)
    for _ in range(3):
        pipe.process(frame)
    assert len(calls) <= 1                              # at most the one full search in four frames
    bumped = np.roll(frame, (5, -4), axis=(0, 1))      # the whole picture 5 px down, 4 px left
    calls.clear()
    result = pipe.process(bumped)
    assert calls and result.status in ("ok", "held")
    assert same_places(positions(result), before, 0.03)


def test_a_tracked_marker_that_no_longer_reads_as_itself_is_not_taken(pitch, case, frame):
    from companion.vision.registration import marker_bits, read_bits

    pipe, _ = settled(pitch, frame)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    corners = pipe.markers.last_raw[0]
    assert (read_bits(gray, corners, 4) == marker_bits(pipe.markers.dictionary, 0)).all()
    assert pipe.markers.track(gray, [0]) is not None
    covered = cv2.cvtColor(cover_marker(frame, case, 0), cv2.COLOR_BGR2GRAY)
    assert pipe.markers.track(covered, [0]) is None


def test_a_search_that_reads_a_base_better_leaves_no_ghost_piece(pitch):
    """Army 146344 (turf, 18.5 px/in, JPEG 90, sensor noise in every frame): the first frame
    read a red 40 mm base as yellow (as it did when OpenCV 5.0 rendered the set; the first
    search's reading is made so here, so that the case does not hang on a level or two of
    the picture), and the next full search reads it as red. The table never changed, so the
    red base stands where the yellow piece was: no stale piece is left there, however long
    the table is watched."""
    from dataclasses import replace

    from companion.sim.testset import make_army_case
    image = replace(make_army_case(146344), jpeg_quality=90).image()
    pipe, rng = VisionPipeline(pitch), np.random.default_rng(146344)
    def there(readings):                  # the readings about the red base's centre
        return [(r.color, r.diameter_mm) for r in readings if abs(r.x_in - 3.0) + abs(r.y_in - 17.6) < 0.2]
    find = pipe.bases.find
    def misread_first(*args, **kw):       # the first search reads the red rim as yellow
        pipe.bases.find = find
        return [replace(b, color="yellow") if there([b]) else b for b in find(*args, **kw)]
    pipe.bases.find = misread_first
    for n in range(10):
        noise = rng.integers(-3, 4, image.shape)
        result = pipe.process(np.clip(image.astype(np.int16) + noise, 0, 255).astype(np.uint8))
        if n == 0:
            assert there(result.bases) == [("yellow", 40)]
    assert not any(t.stale for t in result.pieces)
    assert sorted((t.color, t.diameter_mm, round(t.x_in, 1), round(t.y_in, 1)) for t in result.pieces) == \
        sorted((b.color, b.diameter_mm, round(b.x_in, 1), round(b.y_in, 1)) for b in result.bases)
    assert there(result.pieces) == [("red", 40)]


def test_a_base_read_late_stays_seen_when_every_base_is_measured_again(pitch):
    """Army 146664 (turf, 17.3 px/in, JPEG 89, sensor noise in every frame, every other frame
    15 % brighter, and every tracked frame measuring every base again, as where the whole
    picture changed: the change map withheld). The first search reads a blue 30 mm rim only
    late (measured in its own paint), and each tracked frame measures it so again. The second
    search measured it so too, but kept no note of how; the frames after it measured the rim
    as a first reading, which fails, and its piece showed stale until the next search. Every
    piece stays seen."""
    from dataclasses import replace

    from companion.sim.testset import make_army_case
    image = replace(make_army_case(146664), jpeg_quality=89).image()
    pipe, rng = VisionPipeline(pitch), np.random.default_rng(146664)
    pipe._changes = lambda gray, reg: None
    for n in range(8):
        lit = image.astype(np.float32) * (1.15 if n % 2 else 1.0)
        result = pipe.process(np.clip(lit + rng.integers(-3, 4, image.shape), 0, 255).astype(np.uint8))
        if n >= 2:
            assert not any(t.stale for t in result.pieces), n
            assert len(result.pieces) == len(result.bases) == 7, n
        if n in (0, 4):          # the searches: the rim read late, and known so after each
            assert pipe.bases._late_at(np.array([8.14, 29.06])) is not None, n


def test_a_brighter_exposure_is_no_change_to_the_table(pitch, case, frame):
    """A camera's exposure hunting or a lamp's flicker makes the whole picture 15 % brighter or
    darker from one frame to the next. A tracked frame takes that for the exposure it is: no
    base is measured again (on a Pi, every base measured on every frame cost 1.3x ArUco's
    detection a frame), and no piece goes stale. A piece whose patch changed besides (a
    hand's shadow over it) is still measured again."""
    pipe, before = settled(pitch, frame)
    measured = []
    measure_many = pipe.bases.measure_many
    def counted(frame_, reg, items, sizes=None):
        measured.append(len(items))
        return measure_many(frame_, reg, items, sizes)
    pipe.bases.measure_many = counted
    for k, gain in enumerate([1.15, 1.0, 0.87]):
        lit = np.clip(frame.astype(np.float32) * gain, 0, 255).astype(np.uint8)
        result = pipe.process(lit)
        if pipe.frames % 4 != 1:                       # a tracked frame, not a search
            assert measured[-1] == 0, (k, gain)
        assert same_places(positions(result), before, 0.02)
        assert not any(t.stale for t in result.pieces)
    piece = next(t for t in result.pieces)
    u, v = apply_h(result.registration.H, [[piece.x_in, piece.y_in]])[0]
    shadow = np.clip(frame.astype(np.float32) * 1.15, 0, 255)
    shadow[int(v) - 30:int(v) + 30, int(u) - 30:int(u) + 30] *= 0.6
    pipe.process(shadow.astype(np.uint8))
    assert pipe.frames % 4 != 1 and measured[-1] >= 1
