"""One case of the synthetic sets, read as `benchmarks/vision_accuracy.py` reads it, shown.

For looking at an error line of the accuracy benchmark: the case's conditions, each true
base with the reading that matches it (or none), the readings that match none, and a
picture with the true bases drawn in white and the readings in black.

    python benchmarks/vision_case.py 48236 --turned --jpeg 90
    python benchmarks/vision_case.py 48236 --turned --jpeg 90 --at 14.23 26.44 --out crop.png
                                  (only what lies within 2 in of that board point, and the
                                   picture cropped round it, enlarged 8 times)
    python benchmarks/vision_case.py 150420 --armies --jpeg 88-95
                                  (a line of the army band, saved at the quality that band
                                   drew for it)
    python benchmarks/vision_case.py 48236 --turned --jpeg 90 --at 14.23 26.44 --trace
                                  (and how the search got there: the colours the picture
                                   taught, each rim circle drawn within 1.2 in of the point,
                                   each measurement there with its reading or why it gave none,
                                   and each late reading's standing over the readings it meets)

The circles are drawn through the board's homography with the lens left out: on a raised
case through a wide lens they sit a pixel or two off the rims. A reading matches a true
base within 0.3 in, as in the benchmark.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from companion.sim.render import Camera  # noqa: E402
from vision_accuracy import case_of, detect_case, qualities  # noqa: E402

MATCH_IN = 0.3      # a reading this near a true base is its reading
NEAR_IN = 2.0       # with --at: what lies this near the point is listed and drawn
ZOOM = 8
TRACE_IN = 1.2      # with --trace: the search's steps this near the point are printed


def _short(base) -> str:
    """A reading in one line: what the rules for overlapping readings compare."""
    return (f"{base.color} {base.diameter_mm} mm at ({base.x_in:.2f}, {base.y_in:.2f}), r {base.radius_in:.3f} in, "
            f"{base.edges} edge{'s' if base.edges > 1 else ''}, residual {base.residual_in:.3f} in, "
            f"coverage {base.coverage:.2f}, ring ab ({base.ab[0]:.1f}, {base.ab[1]:.1f}), paint "
            + ("-" if base.paint_ab is None else f"({base.paint_ab[0]:.1f}, {base.paint_ab[1]:.1f})"))


@contextlib.contextmanager
def traced(at: tuple[float, float], say=print):
    """While in it, the base search says (``say``) what it does near board point ``at``: the
    colours each search learns, the rim circles drawn, each measurement (a team's colour, its
    own paint, a blend, a rescue by the edge where the colour is half the surface's) with its
    reading or its last reason to give none, and each late reading's standing over others (a
    measurement made within another, as a reading of another team's paint is measured again
    in its own, is said first, indented further). It wraps the finder's methods and puts them
    back after: a probe, not a part of the detector."""
    from companion.vision.bases import BaseFinder
    from companion.vision.late_readings import LateReadings
    from companion.vision.rim_measure import RimMeasure

    def near(xy):
        return float(np.hypot(xy[0] - at[0], xy[1] - at[1])) < TRACE_IN

    def why(finder, base):
        return _short(base) if base is not None else f"none ({getattr(finder, 'last_reject', '')})"

    def learn_colours(orig, self, half, reg):
        orig(self, half, reg)
        say("learned: " + ", ".join(f"{c.name} ({c.lab[1]:.1f}, {c.lab[2]:.1f})" for c in self.seen.colours) +
            f"; surface ({self.surface_ab[0]:.1f}, {self.surface_ab[1]:.1f})")

    def circles(orig, self, *args, **kw):
        for colour, centre, r in orig(self, *args, **kw):      # drawn one at a time
            if near(centre):
                say(f"  circle {colour.name} at ({centre[0]:.2f}, {centre[1]:.2f}), r {r:.3f} in")
            yield colour, centre, r

    depth = [0]         # a measurement made within another is said before it, indented further

    def measured(kind):
        def wrap(orig, self, frame, reg, colour, centre, r_mid, *args, **kw):
            depth[0] += 1
            try:
                base = orig(self, frame, reg, colour, centre, r_mid, *args, **kw)
            finally:
                depth[0] -= 1
            if near(centre):
                how = type(colour).__name__.replace("Colour", "").lower()      # team, blend
                say(f"{'  ' * (depth[0] + 1)}{kind} by {colour.name}'s {how} colour at ({centre[0]:.2f}, "
                    f"{centre[1]:.2f}), r {r_mid:.3f}: {why(self, base)}")
            return base
        return wrap

    def stand_over(orig, self, base, blend, bases, over=None):
        stood = orig(self, base, blend, bases, over)
        if near((base.x_in, base.y_in)):
            say(f"  late reading {_short(base)} {'stands' if stood else 'does not stand'}")
        return stood

    wrapped = [(BaseFinder, "learn_colours", learn_colours), (BaseFinder, "_circles", circles),
               (RimMeasure, "refine", measured("measured")),
               (LateReadings, "_measured_in", measured("measured again")),
               (LateReadings, "_rescue", measured("rescued")),
               (LateReadings, "_stand_over", stand_over)]
    def calling(wrapper, orig):
        return lambda self, *args, **kw: wrapper(orig, self, *args, **kw)

    saved = [(cls, name, cls.__dict__[name]) for cls, name, _ in wrapped]
    try:
        for (cls, name, wrapper), (_, _, orig) in zip(wrapped, saved):
            setattr(cls, name, calling(wrapper, orig))
        yield
    finally:
        for cls, name, orig in saved:
            setattr(cls, name, orig)


def describe(case, out: dict, at: tuple[float, float] | None) -> list[str]:
    """Lines for the case's true bases and the readings of ``out`` (``companion detect``'s JSON),
    those within ``NEAR_IN`` of ``at`` if given."""
    def near(x, y):
        return at is None or np.hypot(x - at[0], y - at[1]) <= NEAR_IN

    # every reading is matched, near or not: one near the point whose true base lies just
    # beyond NEAR_IN is that base's, not an invention
    readings = out.get("pieces", [])
    used = set()
    lines = []
    for p in case.scene.pieces:
        best = min(((np.hypot(r["x_in"] - p.x_in, r["y_in"] - p.y_in), k) for k, r in enumerate(readings)),
                   default=(np.inf, None))
        if best[0] <= MATCH_IN:
            used.add(best[1])
        if not near(p.x_in, p.y_in):
            continue
        truth = f"{p.team} {p.diameter_mm} mm at ({p.x_in:.2f}, {p.y_in:.2f})"
        if best[0] <= MATCH_IN:
            r = readings[best[1]]
            right = "" if (r["color"], r["diameter_mm"]) == (p.team, p.diameter_mm) else "   <- wrong"
            lines.append(f"{truth}: read as {r['color']} {r['diameter_mm']} mm, {best[0]:.3f} in off{right}")
        else:
            lines.append(f"{truth}: missed")
    for k, r in enumerate(readings):
        if k not in used and near(r["x_in"], r["y_in"]):
            lines.append(f"invented {r['color']} {r['diameter_mm']} mm at ({r['x_in']:.2f}, {r['y_in']:.2f})")
    return lines


def drawn(case, image: np.ndarray, out: dict, at: tuple[float, float] | None) -> np.ndarray:
    """``image`` with the true bases (white) and the readings (black) drawn, cropped round
    ``at`` and enlarged when it is given."""
    H = Camera(case.scene, *case.size).board_homography()
    ppi = case.pixels_per_inch()

    def px(x, y):
        u = H @ np.array([x, y, 1.0])
        return u[:2] / u[2]

    x0 = y0 = 0
    zoom = 1
    if at is not None:
        c, half = px(*at), int(NEAR_IN * ppi)
        x0, y0 = max(int(c[0]) - half, 0), max(int(c[1]) - half, 0)
        image = image[y0:int(c[1]) + half, x0:int(c[0]) + half]
        zoom = ZOOM
    picture = cv2.resize(image, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_NEAREST)
    circles = [((p.x_in, p.y_in, p.diameter_mm), (255, 255, 255), 1) for p in case.scene.pieces] + \
        [((r["x_in"], r["y_in"], r["diameter_mm"]), (0, 0, 0), 2) for r in out.get("pieces", [])]
    for (x, y, d), colour, width in circles:
        u = (px(x, y) - (x0, y0)) * zoom
        cv2.circle(picture, (int(u[0]), int(u[1])), int(d / 25.4 / 2 * ppi * zoom), colour, width)
    return picture


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--turned", action="store_true", help="the turned set (make_turned_case), not the wider one")
    ap.add_argument("--armies", action="store_true", help="the army set (make_army_case): each team's figures painted alike")
    ap.add_argument("--jpeg", type=qualities, metavar="Q",
                    help="the picture saved at this JPEG quality instead of its own, or at the one "
                         "vision_accuracy.py draws for this seed from a range (\"88-95\")")
    ap.add_argument("--at", type=float, nargs=2, metavar=("X_IN", "Y_IN"), help="a board point to look round")
    ap.add_argument("--out", default=None, help="where to write the picture (default: case-SEED.png)")
    ap.add_argument("--trace", action="store_true", help="with --at: how the search got to what it read there")
    args = ap.parse_args()
    if args.trace and not args.at:
        ap.error("--trace needs --at X_IN Y_IN")
    case = case_of(args.seed, args.turned, args.armies, args.jpeg)
    with tempfile.TemporaryDirectory() as tmp, \
            (traced(tuple(args.at)) if args.trace else contextlib.nullcontext()):
        status, out, message = detect_case(case, tmp)
    if message:
        print(f"companion detect: {message}")
    if out is None:
        print(f"no answer (status {status})")
        return 1
    at = tuple(args.at) if args.at else None
    print(f"case {args.seed}: {case.conditions}, {case.pixels_per_inch():.1f} px/in, JPEG {case.jpeg_quality}")
    for line in describe(case, out, at):
        print("  " + line)
    target = args.out or f"case-{args.seed}.png"
    cv2.imwrite(target, drawn(case, case.image(), out, at))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
