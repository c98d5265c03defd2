"""Accuracy of the camera pipeline on the synthetic test set (companion/sim/testset.py).

For N random cases at 1280x720 (tilt up to 25 degrees, blur, lighting gradient,
noise, JPEG, figures hiding part of each rim, touching bases) it compares
`companion detect`'s answer with the ground truth: base centre error (RMS and
95th percentile, inches), recall and precision, base size and team colour,
token centre error.

    python benchmarks/vision_accuracy.py [--cases N] [--first SEED]

Targets (issue 5): RMS <= 0.02 in, p95 <= 0.04 in, recall and precision >= 99 %,
size and colour right every time, token centres within 0.05 in.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.sim.testset import make_case  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402

PROFILE = os.path.join(os.path.dirname(__file__), "..", "calibration", "boards", "takkure-pitch.toml")


def evaluate(cases, verbose=False):
    profile = load_profile(PROFILE)
    errors, token_errors = [], []
    found = truth = matched = wrong_size = wrong_colour = 0
    for seed in cases:
        case = make_case(seed)
        result = VisionPipeline(profile, track=False).process(case.image())
        truth += len(case.scene.pieces)
        found += len(result.bases)
        for p in case.scene.pieces:
            near = [b for b in result.bases if np.hypot(b.x_in - p.x_in, b.y_in - p.y_in) < 0.25]
            if not near:
                if verbose:
                    print(f"  case {seed}: missed {p}")
                continue
            b = near[0]
            matched += 1
            errors.append(np.hypot(b.x_in - p.x_in, b.y_in - p.y_in))
            wrong_size += b.diameter_mm != p.diameter_mm
            wrong_colour += b.color != p.team
            if verbose and (b.diameter_mm != p.diameter_mm or b.color != p.team):
                print(f"  case {seed}: {p} read as {b}")
        for t in case.scene.tokens:
            seen = [k for k in result.tokens if k.id == t.id]
            if seen:
                token_errors.append(np.hypot(seen[0].x_in - t.x_in, seen[0].y_in - t.y_in))
            elif verbose:
                print(f"  case {seed}: token {t.id} not found")
    e = np.array(errors)
    return {
        "cases": len(cases), "bases": truth,
        "rms_in": float(np.sqrt(np.mean(e ** 2))) if len(e) else float("nan"),
        "p95_in": float(np.percentile(e, 95)) if len(e) else float("nan"),
        "max_in": float(e.max()) if len(e) else float("nan"),
        "recall": matched / truth if truth else 1.0,
        "precision": matched / found if found else 1.0,
        "wrong_size": wrong_size, "wrong_colour": wrong_colour,
        "token_max_in": float(max(token_errors)) if token_errors else float("nan"),
        "tokens_found": len(token_errors),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument("--first", type=int, default=1000, help="first case seed (tests use low seeds)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    r = evaluate(range(args.first, args.first + args.cases), args.verbose)
    print(f"cases {r['cases']}, bases {r['bases']}")
    print(f"base centre error: RMS {r['rms_in']:.4f} in, p95 {r['p95_in']:.4f} in, max {r['max_in']:.4f} in")
    print(f"recall {r['recall'] * 100:.2f} %, precision {r['precision'] * 100:.2f} %")
    print(f"wrong size {r['wrong_size']}, wrong colour {r['wrong_colour']}")
    print(f"tokens found {r['tokens_found']}, worst token centre error {r['token_max_in']:.4f} in")


if __name__ == "__main__":
    main()
