"""What naming a third colour for its team (companion/vision/sides.py) does, on the pictures
of the turned turf set whose bases `companion detect` first reads in more than two colours.

For each such picture it counts the bases matched to a true base (within 0.3 in) whose colour
is right, as first read and as `detect` names them, in all and at 16-20 px/in (the hidden
check's band). Other pictures are not changed by the naming and are not counted.

    python benchmarks/vision_sides.py --jpeg 90 --first 34000 --cases 400 [-v]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from companion.sim.testset import make_turned_case  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402
from companion.vision.sides import named_for_sides  # noqa: E402
from vision_outer_edges import PROFILE  # noqa: E402

MATCH_IN = 0.3


def colours_right(case, bases) -> int:
    """How many of ``bases`` lie within ``MATCH_IN`` of a true base of ``case`` and name its team."""
    right = 0
    for b in bases:
        p = min(case.scene.pieces, key=lambda p: (p.x_in - b.x_in) ** 2 + (p.y_in - b.y_in) ** 2)
        right += math.hypot(p.x_in - b.x_in, p.y_in - b.y_in) <= MATCH_IN and p.team == b.color
    return right


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=34000)
    ap.add_argument("--cases", type=int, default=400)
    ap.add_argument("--jpeg", type=int, required=True, metavar="Q", help="each picture saved at this JPEG quality")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line for each picture counted")
    args = ap.parse_args()
    profile = load_profile(PROFILE)
    pictures, before, after, band_before, band_after = 0, 0, 0, 0, 0
    for seed in range(args.first, args.first + args.cases):
        case = make_turned_case(seed)
        if case.conditions["surface"] != "turf":
            continue
        case = replace(case, jpeg_quality=args.jpeg)
        pipeline = VisionPipeline(profile, case.camera_model(), track=False)
        result = pipeline.process(case.image())
        finder = pipeline.bases
        out = named_for_sides(result.bases, profile.teams_at_most, finder.seen, finder.surface_ab,
                              finder.surface_turns_hues(), finder.surface_L)
        if len({b.color for b in result.bases}) <= profile.teams_at_most:
            continue
        named = out[0] if out is not None else result.bases
        r0, r1 = colours_right(case, result.bases), colours_right(case, named)
        in_band = 16 <= case.pixels_per_inch() < 20
        pictures += 1
        before, after = before + r0, after + r1
        band_before, band_after = band_before + r0 * in_band, band_after + r1 * in_band
        if args.verbose:
            print(f"  {seed} ({case.pixels_per_inch():.1f} px/in): colours right {r0} -> {r1}")
    print(f"pictures read in more than {profile.teams_at_most} colours: {pictures}; colours right as read "
          f"{before}, as named {after}; at 16-20 px/in {band_before} -> {band_after}")


if __name__ == "__main__":
    main()
