"""Frame and token markers: ArUco's reads at two scales, and corners fitted to a tenth of a pixel."""

import cv2
import numpy as np
import pytest

from companion.sim.testset import make_wide_case
from companion.vision.registration import MarkerFinder, _reads


def marker_on_paper(side: int, blur: float, marker_id: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """A grey picture of one marker ``side`` px wide, blurred; and its true outer corners."""
    finder = MarkerFinder()
    img = np.full((400, 500), 230, np.uint8)
    img[100:100 + side, 150:150 + side] = cv2.aruco.generateImageMarker(finder.dictionary, marker_id, side)
    corners = np.array([[150, 100], [150 + side, 100], [150 + side, 100 + side], [150, 100 + side]]) - 0.5
    return cv2.GaussianBlur(img, (0, 0), blur), corners


@pytest.mark.parametrize("side", [60, 120])
def test_a_blurred_marker_the_fine_window_breaks_up_is_read_at_half_size(side):
    """A 3 px threshold window finds small tokens but breaks up a large, blurred marker; the
    half-size copy reads it, and its corners (a pixel or two out from there) are fitted again."""
    gray, truth = marker_on_paper(side, blur=2.5)
    finder = MarkerFinder()
    assert _reads(finder.detector.detectMarkers(gray), 1.0)[1] == []     # the picture itself: nothing
    raw, ids, coarse = finder.detect(gray)
    assert ids == [2] and coarse == [True]
    sightings = finder.find_all(gray)
    assert [s.id for s in sightings] == [2]
    assert np.abs(sightings[0].corners - truth).max() < 0.15


def test_a_marker_read_at_both_sizes_is_read_once():
    gray, truth = marker_on_paper(90, blur=1.0)
    raw, ids, coarse = MarkerFinder().detect(gray)
    assert ids == [2] and coarse == [False]
    assert np.abs(raw[0] - truth).max() < 1.0


@pytest.mark.parametrize("seed", [1001, 1004, 2010])
def test_frame_marker_corners_agree_with_the_camera_to_a_fraction_of_a_pixel(pitch, seed):
    """On randomised tables (light, blur, surfaces; the lens left out, so the board's own
    homography is the truth) every frame marker is found and its corners land where the
    camera puts them."""
    case = make_wide_case(seed).without_lens()
    finder = MarkerFinder(pitch.dictionary, refine_ids=set(pitch.markers))
    finder.find_all(cv2.cvtColor(case.image(), cv2.COLOR_BGR2GRAY))
    for i, truth in case.frame_marker_corners().items():
        assert np.linalg.norm(finder.last_raw[i] - truth, axis=1).max() < 0.6, i


def test_a_frame_marker_both_fine_windows_miss_is_looked_for_with_a_wider_one(pitch):
    """Seed 1092, bright and blurred: frame marker 0 is read neither by the 3 px window on the
    picture nor on its half-size copy; only then is the picture read with a 13 px window."""
    gray = cv2.cvtColor(make_wide_case(1092).without_lens().image(), cv2.COLOR_BGR2GRAY)
    finder = MarkerFinder(pitch.dictionary, refine_ids=set(pitch.markers))
    half = cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2), interpolation=cv2.INTER_AREA)
    fine = _reads(finder.detector.detectMarkers(gray), 1.0)[1] + _reads(finder.detector.detectMarkers(half), 2.0)[1]
    assert 0 not in fine
    finder.find_all(gray)
    assert set(pitch.markers) <= set(finder.last_raw)


class CountingDetector:
    """An ArUco detector that counts the pictures it reads, by their width."""

    def __init__(self, detector):
        self.detector, self.widths = detector, []

    def detectMarkers(self, gray):  # noqa: N802 (OpenCV's name)
        self.widths.append(gray.shape[1])
        return self.detector.detectMarkers(gray)


def test_the_half_size_copy_is_read_only_while_a_frame_marker_is_missing(pitch):
    """The half-size copy is there for frame markers the 3 px window breaks up: when the
    picture itself reads every one, it is not read (on 406 wide, turned and older synthetic
    pictures that read all four, it added no marker); when one is missing, it is."""
    sharp, _ = marker_on_paper(90, blur=1.0)
    finder = MarkerFinder(refine_ids={2})
    finder.detector = counting = CountingDetector(finder.detector)
    raw, ids, coarse = finder.detect(sharp)
    assert ids == [2] and counting.widths == [500]
    blurred, _ = marker_on_paper(120, blur=2.5)
    counting.widths = []
    raw, ids, coarse = finder.detect(blurred)
    assert ids == [2] and coarse == [True] and counting.widths == [500, 250]
    # a board whose frame markers are all read at full size: one read of the picture
    gray = cv2.cvtColor(make_wide_case(1001).without_lens().image(), cv2.COLOR_BGR2GRAY)
    finder = MarkerFinder(pitch.dictionary, refine_ids=set(pitch.markers))
    finder.detector = counting = CountingDetector(finder.detector)
    finder.find_all(gray)
    assert set(pitch.markers) <= set(finder.last_raw) and counting.widths == [gray.shape[1]]
