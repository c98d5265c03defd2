"""How long reading every board of a 6-player Tekton Dash game takes: one 1280x720 frame
holding six player boards (a rendered case), read again and again as `companion run` reads
the camera (markers followed where they were, every cell of every board classified), on one
core. Target (issue 14): at most 15 ms a frame.

    python benchmarks/tile_speed.py [--frames 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import cv2  # noqa: E402

from companion.sim.tiles import board_profile, make_tile_case  # noqa: E402
from companion.vision.boards import GridBoards  # noqa: E402


def six_board_case():
    """The first rendered case with all six boards in a 1280x720 frame."""
    for seed in range(1000):
        case = make_tile_case(seed)
        if len(case.boards) == 6 and case.size == (1280, 720):
            return case
    raise RuntimeError("no six-board case")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=200)
    args = ap.parse_args()
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    case = six_board_case()
    frame = case.image()
    reader = GridBoards({b.k: board_profile(b.k) for b in case.boards})
    t0 = time.perf_counter()
    first = reader.read(frame)
    first_ms = (time.perf_counter() - t0) * 1000
    tiles = sum(len(r.tiles) for r in first.values())
    times = []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        readings = reader.read(frame)
        times.append((time.perf_counter() - t0) * 1000)
    assert all(r.status == "seen" for r in readings.values())
    times.sort()
    print(f"seed {case.seed}: 6 boards, {tiles} tiles, 150 cells, {frame.shape[1]}x{frame.shape[0]}, one core")
    print(f"first frame (full marker detection): {first_ms:.1f} ms")
    print(f"tracked frame: median {statistics.median(times):.1f} ms, p95 {times[int(0.95 * len(times))]:.1f} ms "
          f"(target <= 15 ms)")


if __name__ == "__main__":
    main()
