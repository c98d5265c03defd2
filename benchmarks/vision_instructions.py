"""Instructions a first frame costs, counted by valgrind: a speed figure that does not drift.

`vision_speed.py` times the pipeline, and on a shared machine its figures move by 5-10 %
from one run to the next, as much as most single changes save. Counted instructions move
by about 1 % (ArUco's by up to 8 %, for reasons not found), so two versions of the
pipeline can be compared one after the other:

    python benchmarks/vision_instructions.py [--frames N]

Prints the instructions of the pipeline's first frame on the speed cases (seeds 7000 on,
the same noisy frames as vision_speed.py) and of ArUco's own detection on the same frames,
each as millions per frame, after one of each beforehand (one-off set-up is no frame's cost).
Needs valgrind (`apt install valgrind`); each count runs the cases under callgrind twice (with
and without the work, so that imports and rendering are left out), about a minute for four
frames. Where valgrind cannot decode an instruction in OpenCV's AVX2 code (valgrind 3.19 with
OpenCV 5.1), every count is made with those code paths turned off (``OPENCV_CPU_DISABLE``),
and the output says so. Instructions are not time: NumPy's small calls run fewer
instructions a cycle than ArUco's loops, so the ratio printed here is lower than
vision_speed.py's. Use it to compare versions, and vision_speed.py for the target.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PROFILE = os.path.join(ROOT, "calibration", "boards", "takkure-pitch.toml")


def _work(frames: int, what: str) -> None:
    """Run inside valgrind: render the cases, then (``what``) the pipeline's first frames,
    ArUco's detection, or nothing."""
    sys.path.insert(0, ROOT)
    import cv2
    import numpy as np

    from companion.sim.testset import make_case
    from companion.vision.pipeline import VisionPipeline
    from companion.vision.profile import load_profile

    cv2.setNumThreads(1)
    profile = load_profile(PROFILE)
    rng = np.random.default_rng(0)
    cases = []
    for seed in range(7000, 7000 + frames):
        case = make_case(seed)
        clean = case.image()
        frame = np.clip(clean.astype(np.int16) + rng.integers(-3, 4, clean.shape), 0, 255).astype(np.uint8)
        cases.append((frame, sorted({p.team for p in case.scene.pieces})))
    pipes = [VisionPipeline(profile, teams=teams) for _, teams in cases]
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    grays = [cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) for frame, _ in cases]
    # once each beforehand, in every run: one-off set-up (OpenCV's and the pipeline's caches)
    # is not a frame's cost, and is what varies from run to run
    aruco.detectMarkers(grays[0])
    VisionPipeline(profile, teams=cases[0][1]).process(cases[0][0])
    if what == "pipeline":
        for pipe, (frame, _) in zip(pipes, cases):
            pipe.process(frame)
    elif what == "aruco":
        for gray in grays:
            aruco.detectMarkers(gray)


# OpenCV's code paths for AVX2 and later, turned off (OpenCV's own switch) where valgrind cannot
# decode an instruction in them: valgrind 3.19 stops with SIGILL on a VEX vmovq (C5 79 D6, register
# form) in OpenCV 5.1's GaussianBlur; 5.0's did not use it
NO_AVX2 = "AVX2,AVX_VNNI,AVX512_SKX,AVX512_CLX"


def _count(frames: int, what: str, cpu_disable: str | None = None) -> int | None:
    """Instructions valgrind counts for :func:`_work` (the whole process), with OpenCV's code
    paths ``cpu_disable`` turned off; None when valgrind cannot decode an instruction of it."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           os.path.abspath(__file__), "--inside", what, "--frames", str(frames)]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if cpu_disable:
        env["OPENCV_CPU_DISABLE"] = cpu_disable
    run = subprocess.run(cmd, capture_output=True, text=True, env=env)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        if "unhandled instruction bytes" in run.stderr and not cpu_disable:
            return None
        sys.exit(f"valgrind did not finish ({what}):\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=4, help="first frames (speed cases 7000 on)")
    ap.add_argument("--inside", choices=["none", "pipeline", "aruco"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.frames < 1:
        ap.error("--frames must be 1 or more")
    if args.inside:
        return _work(args.frames, args.inside)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt install valgrind); time with vision_speed.py instead")
    disable = None
    setup = _count(args.frames, "none")
    if setup is None:        # every count on the same code paths, or they do not subtract
        disable = NO_AVX2
        setup = _count(args.frames, "none", disable)
    pipeline = (_count(args.frames, "pipeline", disable) - setup) / args.frames / 1e6
    aruco = (_count(args.frames, "aruco", disable) - setup) / args.frames / 1e6
    print(f"first frames: {args.frames} (speed cases 7000-{7000 + args.frames - 1}, 1280x720, sensor noise)")
    if disable:
        import cv2      # (only here: the counts' own runs import it inside valgrind)
        print(f"valgrind cannot decode an instruction in OpenCV {cv2.__version__}'s AVX2 code: counted with "
              f"OPENCV_CPU_DISABLE={disable} (compare only with counts made so)")
    print(f"pipeline first frame: {pipeline:.1f} M instructions")
    print(f"ArUco detection alone (OpenCV's default parameters): {aruco:.1f} M instructions "
          f"(ratio {pipeline / aruco:.2f}; ArUco's own count varies by up to 8 % between runs)")


if __name__ == "__main__":
    main()
