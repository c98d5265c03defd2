"""How the small-token reader's patterns fit the dark squares of the turned set (issue 10).

Every token-sized dark square the reader would look at is fitted against the four tokens'
patterns, once sharp and once blurred as the picture is (``small_tokens.BLUR_PX``), whether
ArUco read the token or not: ArUco's undecoded quads, the board's dark blobs, and (on a board
under 20 px/in) the places that look like a token; none inside a base found. A square within
0.3 in of a token is that token; any other is none. Per size of a marker's cell it prints the
right pattern's correlation over the tokens (1st and 5th percentile, median), the best fit
among the squares that are no token (with a margin of 0.05 or more over the next token, and
paper round them), and how many of each the reader's limits take (``TokenFit.clear``; closer
for a place found by its look alone). And how long the look for those places took.

    python benchmarks/token_fits.py [--cases 600] [--first 34000] [--jpeg 90] [--surface turf]

The limits were chosen on turned cases 34000-35199 and 20000-20599 at JPEG 90.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.sim.testset import make_turned_case  # noqa: E402
from companion.vision.base_reading import within  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402
from companion.vision.small_tokens import MATCH_BELOW_PPI, MIN_PAPER, SmallTokenReader  # noqa: E402
from companion.vision.tokens import TOKEN_NAMES  # noqa: E402

PROFILE = os.path.join(os.path.dirname(__file__), "..", "calibration", "boards", "takkure-pitch.toml")
CELL_BANDS = ((0.0, 1.8), (1.8, 2.25), (2.25, 99.0))
MATCH_MS: list[float] = []      # how long each look for token-like places took (boards under 20 px/in)


def fits(cases, jpeg: int | None, surface: str | None):
    """(cell px, the token's id or None, {blur: TokenFit, paper}) for every square looked at."""
    profile = load_profile(PROFILE)
    rows = []
    for seed in cases:
        case = make_turned_case(seed)
        if surface and case.conditions["surface"] != surface:
            continue
        if jpeg is not None:
            case = replace(case, jpeg_quality=jpeg)
        image, camera = case.image(), case.camera_model()
        pipeline = VisionPipeline(profile, camera, track=False)
        result = pipeline.process(image)
        if result.registration is None or result.registration.status == "lost":
            continue
        reg, gray = result.registration, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        board = (profile.width_in, profile.height_in)
        bits = {i: pipeline.markers.bits(i) for i in TOKEN_NAMES}
        readers = {0.0: SmallTokenReader(bits, camera, blur_px=0.0), "blurred": SmallTokenReader(bits, camera)}
        reader = readers["blurred"]
        squares = [(q, False) for q in reader.hinted(pipeline.markers.last_rejected, reg, board) +
                   reader.candidates(gray, reg, board, result.bases)]
        # and the places that look like a token (on a board under 20 px/in), where no
        # thresholded square lies: read under the closer limit for a place found by its look
        t0 = time.perf_counter()
        matched = reader.matched(gray, reg, board, result.bases)
        if reg.ppi(board[0] / 2, board[1] / 2, camera) < MATCH_BELOW_PPI:
            MATCH_MS.append((time.perf_counter() - t0) * 1000)
        squares += [(m, True) for m in matched
                    if all(np.hypot(*(m.mean(axis=0) - q.mean(axis=0))) > 0.3 for q, _ in squares)]
        for square, by_look in squares:
            centre = square.mean(axis=0)
            if within(centre[None], result.bases)[0]:
                continue
            token = [t.id for t in case.scene.tokens if np.hypot(t.x_in - centre[0], t.y_in - centre[1]) < 0.3]
            row = {}
            for name, r in readers.items():
                fit = r.fit(gray, reg, square)
                row[name] = (fit, r._paper(gray, reg, fit.square, fit.cells), by_look)
            rows.append((row["blurred"][0].cell_px, token[0] if token else None, row))
    return rows


def report(rows) -> None:
    for name in (0.0, "blurred"):
        print("sharp patterns" if name == 0.0 else "patterns blurred as the picture is")
        for low, top in CELL_BANDS:
            band = [(token, row[name]) for cell, token, row in rows if low <= cell < top]
            right = [fit.best for token, (fit, _, _) in band if token is not None and fit.id == token]
            tokens = sum(token is not None for token, _ in band)
            taken = [(token, fit) for token, (fit, paper, by_look) in band if fit.clear(by_look) and paper >= MIN_PAPER]
            read = sum(token is not None and fit.id == token for token, fit in taken)
            wrong = sum(token is not None and fit.id != token for token, fit in taken)
            none = [fit for token, (fit, paper, _) in band if token is None and paper >= MIN_PAPER]
            worst = max((fit.best for fit in none if fit.best - fit.other >= 0.05), default=float("nan"))
            false = sum(token is None for token, _ in taken)
            label = f"cells {low:.2f}-{top:.2f} px" if top < 99 else f"cells >= {low:.2f} px"
            pct = (f"p1 {np.percentile(right, 1):.2f} p5 {np.percentile(right, 5):.2f} median {np.median(right):.2f}"
                   if right else "none")
            print(f"  {label:20s} tokens {tokens:5d}, right pattern's fit {pct}; read {read}, as another {wrong} | "
                  f"no token {len(none):4d}, best fit {worst:.2f}, taken {false}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=600)
    ap.add_argument("--first", type=int, default=34000)
    ap.add_argument("--jpeg", type=int, default=90,
                    help="each picture saved at this JPEG quality (0: as the set has it)")
    ap.add_argument("--surface", choices=("turf", "felt", "mat", "wood"), default=None)
    args = ap.parse_args()
    rows = fits(range(args.first, args.first + args.cases), args.jpeg or None, args.surface)
    print(f"turned cases {args.first}-{args.first + args.cases - 1}"
          f"{', JPEG %d' % args.jpeg if args.jpeg else ''}{', ' + args.surface if args.surface else ''}: "
          f"{len(rows)} squares looked at")
    report(rows)
    if MATCH_MS:
        print(f"places that look like a token, on {len(MATCH_MS)} boards under {MATCH_BELOW_PPI:.0f} px/in: "
              f"median {np.median(MATCH_MS):.1f} ms, p90 {np.percentile(MATCH_MS, 90):.1f} ms")


if __name__ == "__main__":
    main()
