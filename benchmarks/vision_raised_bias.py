"""Where a raised base's reported centre errs: toward the camera or across its line of sight.

A raised rim is measured on the board plane and moved toward the point below the camera
(its nadir) by the parallax of its height (vision/parallax.py). An error that the height, the
base's side wall or a figure standing over the rim's far side causes lies along that line;
noise does not prefer a direction. For each base found (within 0.25 in of its truth), the
error is split into its radial part (along the line from the nadir to the base: negative
is toward the camera) and its tangential part, and printed per folder and per colour with
the RMS left if the mean radial part were taken away (the most a correction along the line
could gain):

    python benchmarks/vision_raised_bias.py ../shared/vision-samples/raised \
        --board ../shared/vision-samples/takkure-pitch.toml
    python benchmarks/vision_raised_bias.py --own 30      (the project's own raised wide cases
                                                           seen at 20 px/in or more, from seed 29600)

Only pictures with a CAMERA.toml (raised bases are corrected only with one) are read.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from companion.vision import parallax  # noqa: E402
from companion.vision.camera_model import load_camera  # noqa: E402
from companion.vision.image_file import read_image  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402
from vision_samples import MATCH_IN, sample_pictures  # noqa: E402

PROFILE = os.path.join(os.path.dirname(__file__), "..", "calibration", "boards", "takkure-pitch.toml")


def split_errors(frame, profile, camera, truth: list[dict]) -> list[tuple[str, float, float]]:
    """(colour, radial, tangential) of each base of ``truth`` (dicts with x_in, y_in, color)
    found within MATCH_IN of it, in inches; radial is negative toward the camera's nadir."""
    result = VisionPipeline(profile, camera, track=False).process(frame)
    if result.registration is None or not result.bases:
        return []
    eye = parallax.camera_centre(result.registration.H, camera.K)
    if eye is None:
        return []
    out = []
    for p in truth:
        at = np.array([p["x_in"], p["y_in"]])
        best = min(result.bases, key=lambda b: math.hypot(b.x_in - at[0], b.y_in - at[1]))
        err = np.array([best.x_in, best.y_in]) - at
        away = at - eye[:2]
        if np.hypot(*err) > MATCH_IN or np.hypot(*away) < 1e-6:
            continue
        away /= np.hypot(*away)
        out.append((p["color"], float(err @ away), float(err @ np.array([-away[1], away[0]]))))
    return out


def own_cases(n: int, first_seed: int):
    """The project's own raised wide cases at 20 px/in or more: (frame, camera, truth)."""
    from companion.sim.testset import make_wide_case
    seed, done = first_seed, 0
    while done < n:
        case = make_wide_case(seed)
        seed += 1
        if not case.conditions["raised"] or not case.camera_toml() or case.pixels_per_inch() < 20:
            continue
        done += 1
        truth = [{"x_in": p.x_in, "y_in": p.y_in, "color": p.team} for p in case.scene.pieces]
        yield case.image(), case.camera_model(), truth


def folder_cases(folder: Path):
    """The pictures of ``folder`` with a CAMERA.toml: (frame, camera, truth's pieces)."""
    for _, image, truth, camera in sample_pictures(folder):
        if camera is not None:
            yield read_image(str(image)), load_camera(str(camera)), truth.get("pieces", [])


def report(name: str, errors: list[tuple[str, float, float]]) -> None:
    if not errors:
        print(f"{name:<16} no bases found")
        return
    by = defaultdict(list)
    for colour, radial, tangential in errors:
        by[colour].append((radial, tangential))
    for label, rows in [(name, [(r, t) for _, r, t in errors])] + [(f"  {c}", by[c]) for c in sorted(by)]:
        e = np.array(rows)
        rms = math.sqrt(float(np.mean(e[:, 0] ** 2 + e[:, 1] ** 2)))
        unbiased = math.sqrt(float(np.mean((e[:, 0] - e[:, 0].mean()) ** 2 + e[:, 1] ** 2)))
        print(f"{label:<16} bases {len(e):4d}  mean radial {e[:, 0].mean():+.4f} in  "
              f"mean tangential {e[:, 1].mean():+.4f} in  RMS {rms:.4f} in  "
              f"RMS less the mean radial {unbiased:.4f} in")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--board", default=PROFILE, help="the board profile the folders' pictures show")
    ap.add_argument("--own", type=int, default=0, help="also this many of the project's own raised cases")
    ap.add_argument("--first-seed", type=int, default=29600)
    args = ap.parse_args()
    profile = load_profile(args.board)
    for folder in args.folders:
        errors = [e for frame, cam, truth in folder_cases(folder) for e in split_errors(frame, profile, cam, truth)]
        report(folder.name, errors)
    if args.own:
        own = load_profile(PROFILE)
        errors = [e for frame, cam, truth in own_cases(args.own, args.first_seed)
                  for e in split_errors(frame, own, cam, truth)]
        report("own raised", errors)


if __name__ == "__main__":
    main()
