"""Tekton Dash cells read from pictures with their truth: every board of a picture read at
once (companion.vision.boards, what `companion run` and `companion detect` use), every cell
scored (empty, or kind and side).

    python benchmarks/tile_samples.py ../shared/vision-samples/tiles [-v]
    python benchmarks/tile_samples.py --render 1000-1159 /tmp/tiles_fresh    # write, then score
    python benchmarks/tile_samples.py --hands 0-79                           # a hand over a board

A folder holds NNN.jpg (or .png) with NNN.json (``boards``: ``k``, ``tiles`` with ``row``,
``col``, ``kind``, ``power_up``) and ``board-K.toml``, board K's profile. ``--render A-B``
first writes cases A to B of the project's randomised renderer (companion/sim/tiles.py) in
that form. ``--hands A-B`` renders cases with a hand over one board and counts the boards
read as stale (the one under the hand should be; the others should not).
Target (issue 14): at least 99.9 % of cells right.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import cv2  # noqa: E402

from companion.sim.tiles import board_profile, make_tile_case, write_set  # noqa: E402
from companion.vision.boards import GridBoards  # noqa: E402
from companion.vision.profile import load_profile  # noqa: E402


def cell_truth(tiles) -> dict[tuple[int, int], tuple[str, bool]]:
    return {(t["row"], t["col"]): (t["kind"], bool(t["power_up"])) for t in tiles}


def score_folder(folder: Path, verbose: bool = False) -> tuple[int, int, Counter]:
    """(cells right, cells, what went wrong: 'missed', 'invented', 'kind', 'side', 'stale board')."""
    right = total = 0
    errors: Counter = Counter()
    for truth_file in sorted(folder.glob("*.json")):
        image = next((truth_file.with_suffix(s) for s in (".jpg", ".png") if truth_file.with_suffix(s).exists()),
                     None)
        if image is None:
            continue
        truth = json.loads(truth_file.read_text())
        reader = GridBoards({b["k"]: load_profile(folder / f"board-{b['k']}.toml") for b in truth["boards"]})
        readings = reader.read(cv2.imread(str(image)))
        for board in truth["boards"]:
            reading = readings[board["k"]]
            if reading.status != "seen":
                errors["stale board"] += 1
                if verbose:
                    print(f"  {truth_file.stem} board {board['k']}: {reading.status}: {reading.why}")
            want = cell_truth(board["tiles"])
            got = {(t.row, t.col): (t.kind, t.power_up) for t in reading.tiles}
            rows, cols = board.get("rows", 5), board.get("cols", 5)
            for cell in ((r, c) for r in range(rows) for c in range(cols)):
                total += 1
                w, g = want.get(cell), got.get(cell)
                if w == g:
                    right += 1
                    continue
                why = "missed" if g is None else "invented" if w is None else "kind" if w[0] != g[0] else "side"
                errors[why] += 1
                if verbose:
                    print(f"  {truth_file.stem} board {board['k']} cell {cell}: want {w}, read {g}")
    return right, total, errors


def hands(seeds, verbose: bool = False) -> tuple[int, int, int, int]:
    """(boards under the hand read as stale, boards under it, boards clear of it read as stale,
    boards clear of it). A board is under the hand when it covers 30 % of a cell's inside."""
    profiles = {k: board_profile(k) for k in range(6)}
    caught = under = wrongly = clear = 0
    for seed in seeds:
        case = make_tile_case(seed, hand=True)
        readings = GridBoards({b.k: profiles[b.k] for b in case.boards}).read(case.image())
        for b in case.boards:
            stale = readings[b.k].status != "seen"
            if case.covered_cells(b.k):
                under += 1
                caught += stale
                if verbose and not stale:
                    print(f"  {seed}: the hand over board {b.k} (cells {case.covered_cells(b.k)}) was not seen")
            else:
                clear += 1
                wrongly += stale
                if verbose and stale:
                    print(f"  {seed}: board {b.k} stale: {readings[b.k].why}")
    return caught, under, wrongly, clear


def seed_range(text: str) -> range:
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--render", metavar="A-B", help="first render cases A to B into the (one) folder")
    ap.add_argument("--hands", metavar="A-B", help="render cases A to B with a hand over a board")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    if args.render:
        if len(args.folders) != 1:
            ap.error("--render writes into exactly one folder")
        write_set(args.folders[0], seed_range(args.render))
    for folder in args.folders:
        right, total, errors = score_folder(folder, args.verbose)
        wrong = ", ".join(f"{n} {why}" for why, n in errors.most_common()) or "none wrong"
        print(f"{folder}: {right}/{total} cells right ({100 * right / max(total, 1):.2f} %); {wrong}")
    if args.hands:
        caught, under, wrongly, clear = hands(seed_range(args.hands), args.verbose)
        print(f"hands {args.hands}: boards under a hand marked stale {caught}/{under}; "
              f"boards clear of it marked stale {wrongly}/{clear}")


if __name__ == "__main__":
    main()
