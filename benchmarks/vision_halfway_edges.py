"""Where a rim's outer edge alone is measured, and how far from the truth: at half the team
score, or where the colour is halfway from the rim's paint to the surface's.

A base whose figure, in the team's colour, hides its rim's inner edge is sized from the outer
edge (``RimMeasure._outer_only`` in companion/vision/rim_measure.py). The pipeline reads that edge
at half the team score, and, where it could name another size, where the colour is halfway
to the surface's (``halfway_radius``). This runs the pipeline with both measured on every
such reading, matches each to the nearest true base (its fitted centre within 0.15 in), and
prints how often the halfway edge moves the diameter by less than ``HALFWAY_REACH_MM`` (the
gate: beyond it no size changes), and, for the readings where both were measured and half the score's edge lies within 3 mm
of the truth (a reading aimed at the wrong size is no test of either), the median and mean
absolute error of each edge's radius in mm (the blur spread the size later takes off is in
neither), and in how many the halfway edge is the closer.

    python benchmarks/vision_halfway_edges.py --samples DIR [DIR ...] --board BOARD.toml
        (pictures with their truth as in ../shared/vision-samples/: NAME.jpg, NAME.json,
         NAME.camera.toml if raised)
    python benchmarks/vision_halfway_edges.py [--turned] --first SEED [SEED ...] [--cases N]
        (cases of the wider set, grouped by surface and pixels per inch)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from companion.vision import rim_measure  # noqa: E402
from companion.vision.camera_model import load_camera  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402
from vision_outer_edges import PROFILE, band, found_in_cases  # noqa: E402
from vision_samples import sample_pictures  # noqa: E402

MATCH_IN = 0.15
GATE_MM = rim_measure.HALFWAY_REACH_MM     # the pipeline's own gate, before _measure_always widens it

_readings: list[tuple[np.ndarray, float, float | None]] = []   # (centre, half-score edge, halfway edge)
_moves: list[float] = []     # every reading's halfway diameter less its half-score one, mm


def _recording(halfway):
    def wrapper(lab, score, rho, centre, rows, c, ro):
        edge = halfway(lab, score, rho, centre, rows, c, ro)
        _readings.append((np.array(c, float), float(ro), edge))
        if edge is not None:
            _moves.append(2 * (edge - ro) / rim_measure.MM)
        return edge
    return wrapper


def _measure_always():
    """Both edges on every outer-edge reading: the gate's reach wide enough to span every size."""
    rim_measure.HALFWAY_REACH_MM = 10.0
    rim_measure.halfway_radius = _recording(rim_measure.halfway_radius)


def _errors(pieces, key: str) -> list[tuple[str, float, float]]:
    """(group, half-score error, halfway error) in mm of the readings since the last call."""
    out = []
    for c, ro, edge in _readings:
        p = min(pieces, key=lambda p: np.hypot(p[0] - c[0], p[1] - c[1]))
        if edge is None or np.hypot(p[0] - c[0], p[1] - c[1]) > MATCH_IN:
            continue
        true_r = p[2] / 2 * rim_measure.MM
        out.append((key, (ro - true_r) / rim_measure.MM, (edge - true_r) / rim_measure.MM))
    _readings.clear()
    return out


def from_samples(folders, board: str) -> list[tuple[str, float, float]]:
    profile, rows = load_profile(board), []
    for folder in map(Path, folders):
        for _, image, truth, toml in sample_pictures(folder):
            camera = load_camera(str(toml)) if toml else None
            VisionPipeline(profile, camera, track=False).process(cv2.imread(str(image)))
            pieces = [(p["x_in"], p["y_in"], p["diameter_mm"]) for p in truth["pieces"]]
            rows += _errors(pieces, folder.name)
    return rows


def from_cases(seeds, turned: bool) -> list[tuple[str, float, float]]:
    rows = []
    for case, _ in found_in_cases(seeds, turned):
        pieces = [(p.x_in, p.y_in, p.diameter_mm) for p in case.scene.pieces]
        rows += _errors(pieces, f"{case.conditions['surface']:5s} {band(case.pixels_per_inch())}")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", nargs="+", help="folders of pictures with their truth")
    ap.add_argument("--board", help="the samples' board profile")
    ap.add_argument("--turned", action="store_true", help="the turned wider set")
    ap.add_argument("--first", type=int, nargs="+", default=[14000], help="first case seed of each run of cases")
    ap.add_argument("--cases", type=int, default=200, help="cases from each first seed")
    args = ap.parse_args()
    _measure_always()
    if args.samples:
        rows = from_samples(args.samples, args.board or PROFILE)
    else:
        rows = from_cases([s for first in args.first for s in range(first, first + args.cases)], args.turned)
    groups = defaultdict(list)
    for key, half, halfway in rows:
        if abs(half) <= 3.0:
            groups[key].append((half, halfway))
    moves = np.abs(np.array(_moves))
    print(f"outer-edge readings with both edges: {len(moves)}; the halfway edge moves the diameter by under "
          f"{GATE_MM:.0f} mm in {np.mean(moves < GATE_MM) * 100:.1f} %")
    print("group         readings  half score: median, mean |error| mm   halfway: median, mean |error| mm   "
          "halfway closer")
    for key in sorted(groups):
        a, b = np.array(groups[key]).T
        print(f"{key:13s} {len(a):8d}  {np.median(a):+18.2f} {np.mean(np.abs(a)):6.2f}  "
              f"{np.median(b):+27.2f} {np.mean(np.abs(b)):6.2f}  {np.count_nonzero(np.abs(b) < np.abs(a)):9d}")


if __name__ == "__main__":
    main()
