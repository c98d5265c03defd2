"""How long the Tash-Kalar finder takes: every placement of 10 cards on a full 9x9 board
(every square holding a piece of either player, ranks mixed), for one player, on one core.
Target (issue 16): at most 5 ms.

    python benchmarks/tash_kalar_finder.py [--boards 200]

The 10 cards: the five shipped examples (companion/games/tash_kalar/cards/) and five more
asymmetric ones made here, so most patterns have all eight images.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np  # noqa: E402

from companion.games.tash_kalar.rules.patterns import Board, Card, find, load_card, parse_pattern, shipped  # noqa: E402

MORE = {"Zigzag": "c . .\nT c .\n. c c", "Scout": "c T\nc .", "Ambush": "x . T\nc c .",
        "Crown": "h c h\n. T .", "Spear": "c . . T\n. l . ."}


def cards() -> list[Card]:
    out = [load_card(n) for n in shipped()]
    out += [Card(name, 2, parse_pattern(text)) for name, text in MORE.items()]
    return out[:10]


def full_board(rng) -> Board:
    owner = rng.integers(0, 2, (9, 9))
    rank = rng.choice([1, 1, 1, 2, 2, 3], (9, 9))
    return Board(tuple(tuple(int(v) for v in row) for row in owner), tuple(tuple(int(v) for v in row) for row in rank))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=200)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rng = np.random.default_rng(0)
    deck = cards()
    boards = [full_board(rng) for _ in range(args.boards)]
    find(boards[0], 0, deck)
    times, found = [], []
    for b in boards:
        t0 = time.perf_counter()
        placements = find(b, 0, deck)
        times.append((time.perf_counter() - t0) * 1000)
        found.append(len(placements))
    times.sort()
    print(f"{len(deck)} cards ({sum(len(c.images) for c in deck)} images), {args.boards} full 9x9 boards, one core")
    print(f"placements found: median {statistics.median(found):.0f} per board")
    print(f"finder: median {statistics.median(times):.2f} ms, p95 {times[int(0.95 * len(times))]:.2f} ms "
          f"(target <= 5 ms)")


if __name__ == "__main__":
    main()
