"""How far each base's measured outer radius lies from its true one, by surface and scale.

A base seen by its rim's outer edge alone (its figure, in the team's colour, hides the
inner edge) is sized from that edge, less the spread its blur is thought to add
(``OUTER_SPREAD_MM_PPI2`` in companion/vision/rim_measure.py). The radius reported, and so the
median and percentile here, is the edge at half the team score; where another size is
within reach, the size is named from the edge where the colour is halfway to the
surface's (``halfway_radius``), and the last column counts the sizes as named. This runs the pipeline over cases
of the wider set, matches each base found to its truth (within 0.3 in), and prints the
median and 90th percentile of (measured outer radius - true outer radius), in mm, and how
many were read a size too large or too small, by pixels per inch, edges seen (1: the outer
edge alone; 2: both), surface and flat or raised.

    python benchmarks/vision_outer_edges.py [--turned] [--first SEED [SEED ...]] [--cases N]
    (--cases N from each first seed: --turned --first 14000 21200 is the set of 400 cases
    docs/PERFORMANCE.md quotes)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.sim.testset import make_turned_case, make_wide_case  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402

PROFILE = os.path.join(os.path.dirname(__file__), "..", "calibration", "boards", "takkure-pitch.toml")
MATCH_IN = 0.3


def band(ppi: float) -> str:
    return "<16" if ppi < 16 else "16-20" if ppi < 20 else ">=20"


def found_in_cases(seeds, turned: bool):
    """Each case of the wider set (turned or not) and the bases the pipeline finds in it,
    through the case's CAMERA.toml when it has one: (case, bases)."""
    profile = load_profile(PROFILE)
    for seed in seeds:
        case = (make_turned_case if turned else make_wide_case)(seed)
        yield case, VisionPipeline(profile, case.camera_model(), track=False).process(case.image()).bases


def measure(seeds, turned: bool) -> list[dict]:
    """One row per base found within MATCH_IN of a true piece."""
    rows = []
    for case, found in found_in_cases(seeds, turned):
        c = case.conditions
        for b in found:
            p = min(case.scene.pieces, key=lambda p: np.hypot(p.x_in - b.x_in, p.y_in - b.y_in))
            if np.hypot(p.x_in - b.x_in, p.y_in - b.y_in) > MATCH_IN:
                continue
            rows.append({"key": (band(case.pixels_per_inch()), b.edges, c["surface"],
                                 "raised" if c["raised"] else "flat"),
                         "error_mm": (b.radius_in * 25.4 - p.diameter_mm / 2),
                         "larger": b.diameter_mm > p.diameter_mm, "smaller": b.diameter_mm < p.diameter_mm})
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turned", action="store_true", help="the turned wider set (rims 3-5 mm)")
    ap.add_argument("--first", type=int, nargs="+", default=[14000], help="first case seed of each run of cases")
    ap.add_argument("--cases", type=int, default=200, help="cases from each first seed")
    args = ap.parse_args()
    rows = measure([s for first in args.first for s in range(first, first + args.cases)], args.turned)
    groups = defaultdict(list)
    for r in rows:
        groups[r["key"]].append(r)
    print(f"bases matched: {len(rows)}")
    print("px/in  edges surface raised  bases  median mm  p90 mm  a size too large / too small")
    for key in sorted(groups):
        g = groups[key]
        err = np.array([r["error_mm"] for r in g])
        print(f"{key[0]:6s} {key[1]:5d} {key[2]:7s} {key[3]:6s} {len(g):6d} {np.median(err):+10.2f} "
              f"{np.percentile(err, 90):+7.2f}  {sum(r['larger'] for r in g)} / {sum(r['smaller'] for r in g)}")


if __name__ == "__main__":
    main()
