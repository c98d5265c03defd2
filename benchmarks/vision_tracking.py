"""A still table watched frame after frame: pieces that are not there.

Each case's picture is fed to the live pipeline (tracking on, a full search every fourth
frame) ``--frames`` times, each time with fresh sensor noise (+-3 levels). Nothing on the
table moves, so at the end every piece should be seen (none stale) and the pieces should be
the bases read in that frame, one for one. A stale piece on a still table is a ghost: a
reading an earlier search made that a later one read otherwise (a figure read first, then
the rim round it), drawn dimmed on the screen as a hidden piece.

    python benchmarks/vision_tracking.py --armies --surface turf --jpeg 88-95 --cases 800 --first 146000 --jobs 2
    python benchmarks/vision_tracking.py --turned --surface turf --jpeg 88-95 --cases 800 --first 146000 --jobs 2
    python benchmarks/vision_tracking.py --armies ... --exposure-hunting
    python benchmarks/vision_tracking.py --armies ... --exposure-hunting --measure-all

With ``--exposure-hunting`` every other frame is 15 % brighter (a camera's exposure hunting,
a lamp flickering): the picture changes everywhere from one frame to the next by one factor,
which the pipeline takes for the exposure it is (since the eightieth pass; before, each
tracked frame measured every known base again). With ``--measure-all`` each tracked frame
measures every known base again, as where the picture changed everywhere (the pipeline's
change map is withheld), where a still table measures none: a base a tracked frame cannot
measure again shows as a stale piece until the next search. With both, every base is measured
again under the changed light, as each tracked frame did under exposure hunting before.

Printed per band of pixels per inch: the cases watched, those with a stale piece at the
end, those whose pieces at the end are not the bases read (a piece missing, or one more),
and the frames after the second with a stale piece or a mismatch; then the truth's bases
missed, read in the wrong colour or size, and the readings of no base, in the first frame's
bases and in the last frame's pieces (what watching the table adds). ``-v`` lists each case
that has a stale piece or a mismatch, and each whose last pieces read otherwise against the
truth than its first frame's bases.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from collections import defaultdict
from dataclasses import replace

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from vision_accuracy import PROFILE, ppi_band, qualities, quality_of  # noqa: E402


def watch(seed: int, kind: str, frames: int, surface: str | None, jpeg, hunting: bool = False,
          measure_all: bool = False) -> dict | None:
    """Case ``seed`` watched for ``frames`` frames: its band and what went wrong, or None when
    it is not on ``surface``."""
    import logging

    import cv2

    from companion.sim.testset import make_army_case, make_turned_case, make_wide_case
    from companion.vision.pipeline import VisionPipeline
    from companion.vision.profile import load_profile

    logging.disable(logging.WARNING)               # the low-ppi advice, once a case
    cv2.setNumThreads(1)
    case = {"armies": make_army_case, "turned": make_turned_case, "wide": make_wide_case}[kind](seed)
    if surface and case.conditions["surface"] != surface:
        return None
    if jpeg is not None:
        case = replace(case, jpeg_quality=quality_of(seed, *jpeg))
    image = case.image()
    pipe, rng = VisionPipeline(load_profile(PROFILE), case.camera_model()), np.random.default_rng(seed)
    if measure_all:             # no change map: every known base is measured again each frame
        pipe._changes = lambda gray, reg: None
    bad_frames, result, first = 0, None, None
    for k in range(frames):
        lit = image.astype(np.float32) * (1.15 if hunting and k % 2 else 1.0)
        frame = np.clip(lit + rng.integers(-3, 4, image.shape), 0, 255).astype(np.uint8)
        result = pipe.process(frame)
        first = result if first is None else first
        live = [t for t in result.pieces if not t.stale]
        if k >= 2 and (len(live) < len(result.pieces) or len(live) != len(result.bases)):
            bad_frames += 1
    stale = [t for t in result.pieces if t.stale]
    truth = [(p.team, p.diameter_mm, p.x_in, p.y_in) for p in case.scene.pieces]
    return {"seed": seed, "ppi": case.pixels_per_inch(), "band": ppi_band(case.pixels_per_inch()),
            "stale": [(t.color, t.diameter_mm, round(t.x_in, 2), round(t.y_in, 2)) for t in stale],
            "mismatch": len(result.pieces) - len(stale) != len(result.bases), "bad_frames": bad_frames,
            "first": against(truth, first.bases), "pieces": against(truth, result.pieces)}


def against(truth, read) -> list[int]:
    """``read`` (bases or pieces) against ``truth`` (team, size, x, y): the truth's bases, those
    with nothing read within 0.25 in of them, those read in another colour, or another size,
    and the readings near no base of the truth."""
    missed = colour = size = 0
    used = set()
    for team, d, x, y in truth:
        near = [(np.hypot(r.x_in - x, r.y_in - y), k) for k, r in enumerate(read) if k not in used]
        dist, k = min(near, default=(np.inf, -1))
        if dist > 0.25:
            missed += 1
            continue
        used.add(k)
        colour += read[k].color != team
        size += read[k].diameter_mm != d
    return [len(truth), missed, colour, size, len(read) - len(used)]


def _watch(args):
    return watch(*args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    kind = ap.add_mutually_exclusive_group()
    kind.add_argument("--armies", action="store_true", help="the turned cases with each team's figures painted alike")
    kind.add_argument("--turned", action="store_true", help="the wider cases seen from any side, rims 3-5 mm")
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--first", type=int, default=146000)
    ap.add_argument("--frames", type=int, default=14,
                    help="frames a case (a full search every fourth: the last is the one after the fourth search)")
    ap.add_argument("--surface", choices=["turf", "felt", "mat", "wood"], default=None)
    ap.add_argument("--jpeg", type=qualities, default=None, metavar="Q",
                    help="each picture saved at this JPEG quality (1-100), or at one drawn for each case from a "
                         "range (\"88-95\")")
    ap.add_argument("--exposure-hunting", action="store_true",
                    help="every other frame 15 %% brighter (one factor over the whole picture: the exposure)")
    ap.add_argument("--measure-all", action="store_true",
                    help="every known base measured again on each tracked frame (the change map withheld)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    kind = "armies" if args.armies else "turned" if args.turned else "wide"
    work = [(seed, kind, args.frames, args.surface, args.jpeg, args.exposure_hunting, args.measure_all)
            for seed in range(args.first, args.first + args.cases)]
    if args.jobs > 1:          # fresh processes, as vision_accuracy.py's --jobs (no fork of OpenCV's threads)
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.map(_watch, work, chunksize=10)
    else:
        results = [_watch(w) for w in work]
    by = defaultdict(lambda: [0, 0, 0, 0])
    reads = defaultdict(lambda: np.zeros((2, 5), int))          # first frame's bases, last frame's pieces
    for r in filter(None, results):
        for band in (r["band"], "all"):
            t = by[band]
            t[0] += 1
            t[1] += bool(r["stale"])
            t[2] += r["mismatch"]
            t[3] += r["bad_frames"]
            reads[band] += [r["first"], r["pieces"]]
        if args.verbose and (r["stale"] or r["mismatch"] or r["bad_frames"]):
            print(f"  {r['seed']} ({r['ppi']:.1f} px/in): stale at the end {r['stale']}, "
                  f"{'pieces not the bases read, ' if r['mismatch'] else ''}{r['bad_frames']} frames off")
        if args.verbose and r["pieces"] != r["first"]:
            print(f"  {r['seed']} ({r['ppi']:.1f} px/in): against the truth, the first frame's bases "
                  f"{r['first'][1:]}, the last frame's pieces {r['pieces'][1:]} (missed, colour, size, extra)")
    print(f"{kind} cases{' on ' + args.surface if args.surface else ''}, {args.frames} frames each "
          f"{'(every other 15 % brighter) ' if args.exposure_hunting else ''}"
          f"{'(every base measured again each frame) ' if args.measure_all else ''}(frames after the second counted)")
    print(f"{'band':>12} {'cases':>6} {'stale piece at the end':>23} {'pieces not the bases':>21} {'frames off':>11}")
    for band in sorted(by, key=lambda b: (b == "all", b)):
        cases, stale, mismatch, bad = by[band]
        print(f"{band:>12} {cases:>6} {stale:>23} {mismatch:>21} {bad:>5} of {cases * (args.frames - 2)}")
    print("against the truth (within 0.25 in): the first frame's bases, then the last frame's pieces")
    print(f"{'band':>12} {'bases':>6} {'missed':>13} {'wrong colour':>13} {'wrong size':>13} {'extra':>13}")
    for band in sorted(reads, key=lambda b: (b == "all", b)):
        (n, *first), (_, *last) = reads[band]
        print(f"{band:>12} {n:>6} " + " ".join(f"{a:>6} -> {b:<3}" for a, b in zip(first, last)))


if __name__ == "__main__":
    main()
