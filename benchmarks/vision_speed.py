"""Time of the full per-frame camera pipeline at 1280x720, on one core.

Markers, homography, bases, tokens and tracking, as the live pipeline runs
them (tracking on: bases seen in the last frame are measured again where they
were, and only the rest of the image is searched). Reported next to ArUco
marker detection alone on the same frames, the floor no pipeline can beat.

    python benchmarks/vision_speed.py [--cases N] [--frames N] [--first-repeats N]
    python benchmarks/vision_speed.py --low-ppi     (flat wide cases seen at under 20 px/in,
                                                     which are searched at full size)
    python benchmarks/vision_speed.py --no-teams    (every palette colour searched, as
                                                     `companion detect` without --teams does)
    python benchmarks/vision_speed.py --exposure-hunting
                                                    (every other frame 15 % brighter: the
                                                     pipeline takes one factor over the whole
                                                     picture for the exposure, not a change)
    python benchmarks/vision_speed.py --profile 30  (then the first frames again under cProfile:
                                                     the 30 costliest calls, for where to look next)
    python benchmarks/vision_speed.py --pictures ../shared/vision-samples/flat/*.jpg \
        --board ../shared/vision-samples/takkure-pitch.toml
                                                    (pictures instead of the speed cases: each
                                                     with its NNN.camera.toml beside it, if there,
                                                     and its NNN.json truth's teams)

Targets: median at most 20 ms per frame (issue 5); a tracked frame at most the time
of ArUco's own full-frame detection (ratio <= 1.0), the first frame at most 3x
(issue 10). While tracking, the frame markers are found again where they were
(sides fitted, bits checked) and bases whose part of the picture did not change
are not measured again; every fourth frame is a full search.

Each first frame is also timed side by side with ArUco on the same frame, just before
it: on a shared machine the load drifts within a run, and the first frames are timed in
bursts, so that pairing gives the steadier first-frame ratio (printed last).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.sim.testset import make_case, make_wide_case  # noqa: E402
from companion.vision.camera_model import CameraFileError, load_camera  # noqa: E402
from companion.vision.image_file import ImageFileError, read_image  # noqa: E402
from companion.vision.pipeline import VisionPipeline  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402

PROFILE = os.path.join(os.path.dirname(__file__), "..", "calibration", "boards", "takkure-pitch.toml")


def speed_cases(n: int, low_ppi: bool) -> list:
    """Speed cases 7000 on (the board fills 86-96 % of the frame, 22-26 px/in); with ``low_ppi``,
    the flat 1280x720 wide cases from seed 7000 on that show the board at under 20 px/in."""
    if not low_ppi:
        return [make_case(seed) for seed in range(7000, 7000 + n)]
    out, seed = [], 7000
    while len(out) < n:
        case = make_wide_case(seed)
        seed += 1
        if not case.conditions["raised"] and case.size == (1280, 720) and case.pixels_per_inch() < 20:
            out.append(case)
    return out


class Subject:
    """One table timed: a speed case, or a picture file (its camera file and its truth's teams
    beside it, when there)."""

    def __init__(self, name, image, teams, camera=None, ppi=None):
        self.name, self.clean, self.teams, self.camera, self.ppi = name, image, teams, camera, ppi

    @classmethod
    def of_case(cls, case) -> "Subject":
        ppi = case.pixels_per_inch() if hasattr(case, "pixels_per_inch") else None     # (wide cases)
        return cls(str(case.seed), case.image(), sorted({p.team for p in case.scene.pieces}), ppi=ppi)

    @classmethod
    def of_picture(cls, path: str) -> "Subject":
        stem = os.path.splitext(path)[0]
        camera = load_camera(stem + ".camera.toml") if os.path.exists(stem + ".camera.toml") else None
        teams = None
        if os.path.exists(stem + ".json"):
            try:
                with open(stem + ".json", encoding="utf-8") as f:
                    pieces = json.load(f).get("pieces", [])
                teams = sorted({p["color"] for p in pieces if isinstance(p, dict) and "color" in p}) or None
            except (ValueError, AttributeError) as exc:
                raise ValueError(f"{stem}.json: not a truth file ({exc})") from None
        name = os.path.join(os.path.basename(os.path.dirname(path)), os.path.basename(path))
        return cls(name, read_image(path), teams, camera)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=10)
    ap.add_argument("--frames", type=int, default=30, help="frames per case (a still table with sensor noise)")
    ap.add_argument("--first-repeats", type=int, default=5, help="first frames timed per case (a new pipeline each)")
    ap.add_argument("--low-ppi", action="store_true", help="wide cases seen at under 20 px/in instead")
    ap.add_argument("--no-teams", action="store_true",
                    help="search every palette colour, as `companion detect` without --teams does")
    ap.add_argument("--pictures", nargs="+", metavar="JPG",
                    help="time these pictures instead of the speed cases (each with NNN.camera.toml and "
                         "NNN.json's teams beside it, when there)")
    ap.add_argument("--exposure-hunting", action="store_true",
                    help="every other frame 15 %% brighter (a camera's exposure hunting, a lamp's flicker)")
    ap.add_argument("--board", default=PROFILE, help="the board profile (default: the Takkure pitch's)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="after the timing, run the first frames again under cProfile and list the N costliest "
                         "calls by cumulative time (its overhead inflates small calls: a ranking, not a timing)")
    args = ap.parse_args()
    if args.frames < 1 or args.first_repeats < 1:
        ap.error("--frames and --first-repeats take 1 or more")
    cv2.setNumThreads(1)
    profile = load_profile(args.board)
    aruco = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    total, floor, first, stage, first_stages = [], [], [], [], []
    first_floor = []     # ArUco on the same frame just before each first frame: a shared machine's
    pair = []            # load drifts, and a ratio is only fair between times taken together
    by_case: dict[str, list[float]] = {}      # those ratios, case by case
    rng = np.random.default_rng(0)
    if args.pictures:
        try:
            cases = [Subject.of_picture(path) for path in args.pictures]
        except (ImageFileError, CameraFileError, OSError, ValueError) as exc:   # (a JSON truth's too)
            sys.exit(f"vision_speed.py: {exc}")
    else:
        cases = [Subject.of_case(case) for case in speed_cases(args.cases, args.low_ppi)]
    for case in cases:
        clean, camera = case.clean, case.camera
        teams = None if args.no_teams else case.teams
        pipe = VisionPipeline(profile, camera, teams=teams)
        bright = cv2.convertScaleAbs(clean, alpha=1.15) if args.exposure_hunting else clean
        for i in range(args.frames):
            lit = bright if i % 2 else clean
            frame = np.clip(lit.astype(np.int16) + rng.integers(-3, 4, clean.shape), 0, 255).astype(np.uint8)
            gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
            t0 = time.perf_counter()
            aruco.detectMarkers(gray)
            t1 = time.perf_counter()
            result = pipe.process(frame)
            t2 = time.perf_counter()
            stage.append(result.ms["markers"] / 1000)
            floor.append(t1 - t0)
            (first if i == 0 else total).append(t2 - t1)
            if i == 0:
                first_stages.append(result.ms)
                first_floor.append(t1 - t0)
                pair.append((t2 - t1) / (t1 - t0))
                by_case.setdefault(case.name, []).append(pair[-1])
                for _ in range(args.first_repeats - 1):   # one first frame a case is too few for a stable median
                    fresh = VisionPipeline(profile, camera, teams=teams)   # built before the clock starts
                    t3 = time.perf_counter()
                    aruco.detectMarkers(gray)
                    t4 = time.perf_counter()
                    again = fresh.process(frame)
                    t5 = time.perf_counter()
                    first.append(t5 - t4)
                    first_floor.append(t4 - t3)
                    pair.append((t5 - t4) / (t4 - t3))
                    by_case[case.name].append(pair[-1])
                    first_stages.append(again.ms)
    ms = lambda v, q: float(np.percentile(np.array(v) * 1000, q))  # noqa: E731
    print(f"machine: {platform.machine()} {os.cpu_count()} cores (OpenCV limited to 1 thread), "
          f"Python {platform.python_version()}, OpenCV {cv2.__version__}")
    sizes = sorted({f"{c.clean.shape[1]}x{c.clean.shape[0]}" for c in cases})
    print(f"frames: {len(total)} tracked + {len(first)} first frames, {', '.join(sizes)}, "
          f"{'pictures' if args.pictures else 'cases'} {', '.join(c.name for c in cases)}")
    if args.no_teams:
        print("  every palette colour searched (no teams given)")
    if args.exposure_hunting:
        print("  every other frame 15 % brighter (exposure hunting)")
    if args.low_ppi and not args.pictures:
        print(f"  the board at {min(c.ppi for c in cases):.1f}-{max(c.ppi for c in cases):.1f} px/in")
    if total:       # (none with --frames 1: first frames only)
        print(f"full pipeline (tracking): median {ms(total, 50):.1f} ms, p90 {ms(total, 90):.1f} ms")
    print(f"first frame (no tracks yet): median {ms(first, 50):.1f} ms")
    parts = ", ".join(f"{k} {np.median([m.get(k, 0.0) for m in first_stages]):.1f} ms"
                      for k in ("markers", "bases", "tokens+tracking"))
    print(f"  where the first frame goes (medians): {parts}")
    print(f"ArUco detection alone (OpenCV's default parameters): median {ms(floor, 50):.1f} ms")
    print(f"the pipeline's own marker stage (tuned detection, corner refinement, homography): "
          f"median {ms(stage, 50):.1f} ms")
    tracked = f"tracked frame {ms(total, 50) / ms(floor, 50):.2f} (median), " if total else ""
    print(f"ratio to ArUco alone: {tracked}first frame {ms(first, 50) / ms(floor, 50):.2f}")
    print(f"first frame side by side with ArUco on the same frame (timed just before it): "
          f"{ms(first, 50) / ms(first_floor, 50):.2f} (ratio of medians), "
          f"{float(np.median(pair)):.2f} (median of the {len(pair)} ratios)")
    print("  each case's median side-by-side ratio: " +
          ", ".join(f"{seed} {float(np.median(r)):.2f}" for seed, r in by_case.items()))
    if args.profile:
        profile_first_frames(cases, profile, args.no_teams, args.first_repeats, args.profile)


def profile_first_frames(cases, profile, no_teams: bool, repeats: int, top: int) -> None:
    """The first frames of ``cases`` (:class:`Subject`; a new pipeline each, ``repeats`` times
    a case) under cProfile: the ``top`` calls by cumulative time, per first frame."""
    import cProfile
    import pstats

    pipes = [VisionPipeline(profile, case.camera, teams=None if no_teams else case.teams)
             for case in cases for _ in range(repeats)]
    profiler = cProfile.Profile()
    profiler.enable()
    for k, pipe in enumerate(pipes):
        pipe.process(cases[k // repeats].clean)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"\nfirst frames under cProfile ({len(pipes)}): {stats.total_calls / len(pipes):.0f} function calls a "
          f"frame; by cumulative time per frame:")
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][3])[:top]
    for (path, line, name), (_, calls, _, cumulative, _) in rows:
        where = f"{os.path.relpath(path, os.path.dirname(os.path.dirname(__file__)))}:{line}" if line else "(built-in)"
        print(f"  {1000 * cumulative / len(pipes):6.2f} ms  {calls / len(pipes):7.1f} calls  {name}  {where}")


if __name__ == "__main__":
    main()
