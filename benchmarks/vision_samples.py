"""Accuracy of `companion detect` on pictures drawn by other hands, against their truth.

A folder of pictures NNN.jpg (or .png), each with NNN.json beside it (TABLE_SPEC's
truth form: ``pieces`` with ``x_in``, ``y_in``, ``diameter_mm``, ``color``; ``tokens``
with ``id``, ``x_in``, ``y_in``) and, for a lens, NNN.camera.toml. Prints the
targets per folder and per condition (each colour, each size):

    python benchmarks/vision_samples.py ../shared/vision-samples/flat ../shared/vision-samples/raised \
        --board ../shared/vision-samples/takkure-pitch.toml [-v] [--teams-known]

With ``--teams-known`` each picture's own teams (its truth's colours) are given, as ``--teams``
gives them and as `companion run` is configured for its game.

Targets (issue 10): recall and precision >= 99 %, colour and size right every time,
centre error RMS <= 0.02 in and p95 <= 0.04 in, tokens found >= 95 % within 0.05 in (and none
invented).
A base counts as found when a detection lies within 0.25 in of its centre.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.vision.detect import detect  # noqa: E402

MATCH_IN = 0.25


class Tally:
    def __init__(self):
        self.truth = self.found = self.matched = self.size = self.colour = 0
        self.errors: list[float] = []
        self.tokens = self.tokens_found = self.tokens_near = self.tokens_invented = 0

    def add(self, other: "Tally") -> None:
        """Count ``other``'s pictures in this tally too (a run split over processes)."""
        for key in ("truth", "found", "matched", "size", "colour", "tokens", "tokens_found", "tokens_near",
                    "tokens_invented"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        self.errors += other.errors

    def line(self, name: str) -> str:
        if not self.errors:                  # nothing matched: "nan" says so, without numpy's warnings
            rms = p95 = float("nan")
        else:
            e = np.array(self.errors)
            rms, p95 = float(np.sqrt(np.mean(e ** 2))), float(np.percentile(e, 95))
        recall = self.matched / self.truth if self.truth else float("nan")
        precision = self.matched / self.found if self.found else float("nan")
        tok = (f"  tokens {self.tokens_near}/{self.tokens} within 0.05 in, {self.tokens_invented} invented"
               if self.tokens else "")
        return (f"{name:<16} bases {self.truth:4d}  recall {100 * recall:6.2f} %  precision {100 * precision:6.2f} %  "
                f"colour {self.colour}/{self.matched}  size {self.size}/{self.matched}  "
                f"RMS {rms:.4f} in  p95 {p95:.4f} in{tok}")


def tally_picture(name: str, truth: dict, out: dict | None, total: Tally, by: dict, extra=(), verbose=False,
                  message: str = "") -> None:
    """Compare one picture's detections with its truth; count them in ``total`` and in ``by``
    (each colour, each size, and the ``extra`` conditions the picture belongs to)."""
    if out is None:
        out = {"pieces": [], "tokens": []}
        if verbose:
            print(f"  {name}: {message}")
    seen = list(out["pieces"])
    total.found += len(seen)
    used = set()
    for p in truth.get("pieces", []):
        groups = [total, by[p["color"]], by[f"{p['diameter_mm']} mm"]] + [by[e] for e in (*extra, *p.get("tags", ()))]
        for t in groups:
            t.truth += 1
        d = [np.hypot(s["x_in"] - p["x_in"], s["y_in"] - p["y_in"]) for s in seen]
        k = int(np.argmin(d)) if d else -1
        if k < 0 or d[k] > MATCH_IN or k in used:
            if verbose:
                print(f"  {name}: missed {p['color']} {p['diameter_mm']} mm at ({p['x_in']:.2f}, {p['y_in']:.2f})")
            continue
        used.add(k)
        s = seen[k]
        for t in groups:
            t.matched += 1
            t.found += t is not total          # a condition's precision: its own bases only
            t.errors.append(d[k])
            t.size += s["diameter_mm"] == p["diameter_mm"]
            t.colour += s["color"] == p["color"]
        if verbose and (s["diameter_mm"] != p["diameter_mm"] or s["color"] != p["color"] or d[k] > 0.04):
            print(f"  {name}: {p['color']} {p['diameter_mm']} mm read as {s['color']} {s['diameter_mm']} mm, "
                  f"{d[k]:.3f} in off")
    for k, s in enumerate(seen):
        if k not in used:
            for e in extra:
                by[e].found += 1
            if verbose:
                print(f"  {name}: invented {s}")
    for seen_tok in out["tokens"]:          # a token where there is none: a ghost ball on screen
        if not any(t["id"] == seen_tok["id"] and np.hypot(t["x_in"] - seen_tok["x_in"], t["y_in"] - seen_tok["y_in"])
                   <= MATCH_IN for t in truth.get("tokens", [])):
            for t in [total] + [by[e] for e in extra]:
                t.tokens_invented += 1
            if verbose:
                print(f"  {name}: invented token {seen_tok}")
    for tok in truth.get("tokens", []):
        for t in [total] + [by[e] for e in extra]:
            t.tokens += 1
        got = [t for t in out["tokens"] if t["id"] == tok["id"]]
        if got:
            near = min(np.hypot(t["x_in"] - tok["x_in"], t["y_in"] - tok["y_in"]) for t in got)
            for t in [total] + [by[e] for e in extra]:
                t.tokens_found += 1
                t.tokens_near += near <= 0.05
        elif verbose:
            print(f"  {name}: token {tok['id']} not found")


def sample_pictures(folder: Path):
    """Each picture of ``folder`` that has its truth beside it: (name, picture path, truth,
    CAMERA.toml path or None)."""
    for truth_path in sorted(folder.glob("*.json")):
        stem = truth_path.stem
        image = next((p for p in folder.glob(f"{stem}.*") if p.suffix.lower() in (".jpg", ".jpeg", ".png")), None)
        if image is None:
            continue
        camera = folder / f"{stem}.camera.toml"
        yield stem, image, json.loads(truth_path.read_text()), camera if camera.exists() else None


def evaluate(folder: Path, board: str, verbose: bool = False, teams_known: bool = False) -> tuple[Tally, dict[str, Tally]]:
    total, by = Tally(), defaultdict(Tally)
    for stem, image, truth, camera in sample_pictures(folder):
        teams = sorted({p["color"] for p in truth.get("pieces", [])}) or None if teams_known else None
        status, out, message = detect(str(image), board, str(camera) if camera else None, teams=teams)
        tally_picture(stem, truth, out, total, by, (), verbose, f"exit {status}: {message}")
    return total, by


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--board", required=True, help="the board profile the pictures show")
    ap.add_argument("-v", "--verbose", action="store_true", help="name every miss and misreading")
    ap.add_argument("--teams-known", action="store_true",
                    help="each picture's own teams given (--teams), as `companion run` is configured")
    args = ap.parse_args()
    for folder in args.folders:
        total, by = evaluate(folder, args.board, args.verbose, args.teams_known)
        print(total.line(folder.name))
        for name in sorted(by):
            print(by[name].line(f"  {name}"))


if __name__ == "__main__":
    main()
