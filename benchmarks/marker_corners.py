"""How far the frame markers' corners land from where the camera put them, in pixels.

Every position the companion reports goes through the homography these 16 corners fix,
so a tenth of a pixel here is a few thousandths of an inch on every base. The wider
test set's pictures (light, blur, noise, JPEG, white balance, tilt, surfaces) are
rendered without their lens distortion, so that the board's own homography is the truth.

    python benchmarks/marker_corners.py [--cases N] [--first SEED]

Prints the corners' RMS, 95th percentile and largest error, and how many frame markers
were not found.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.sim.testset import make_wide_case, pitch  # noqa: E402
from companion.vision.profile import profile_from_board  # noqa: E402
from companion.vision.registration import MarkerFinder  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--first", type=int, default=1000, help="first seed of the wider set")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    profile = profile_from_board(pitch())      # the board the test set is drawn on
    errors, missing = [], 0
    for seed in range(args.first, args.first + args.cases):
        case = make_wide_case(seed).without_lens()
        finder = MarkerFinder(profile.dictionary, refine_ids=set(profile.markers))
        finder.find_all(cv2.cvtColor(case.image(), cv2.COLOR_BGR2GRAY))
        for i, truth in case.frame_marker_corners().items():
            if i in finder.last_raw:
                errors.append(np.linalg.norm(finder.last_raw[i] - truth, axis=1))
            else:
                missing += 1
    e = np.concatenate(errors) if errors else np.zeros(0)
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, OpenCV {cv2.__version__}")
    print(f"{args.cases} pictures (seeds {args.first}-{args.first + args.cases - 1}, lens left out), "
          f"{len(e)} frame-marker corners, {missing} frame markers not found")
    if len(e):
        print(f"corner error: RMS {np.sqrt(np.mean(e ** 2)):.3f} px, p95 {np.percentile(e, 95):.3f} px, "
              f"max {e.max():.3f} px")


if __name__ == "__main__":
    main()
