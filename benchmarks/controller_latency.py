"""Button edge in the simulated firmware to InputEvent on the host, over a pty.

The real firmware runs on the host (simulated machine module) behind a
pseudo-terminal; the real host link reads it. Each sample starts when the
button's pin level changes and ends when the host puts the event on its input
queue: the firmware's poll loop, debouncing, framing, the pty, the host's
reader thread and decoder are all inside it.

    python benchmarks/controller_latency.py [--presses N]

Target (issue 4): 99th percentile under 5 ms on the development machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from companion.hardware.controller.simulated import SimulatedController  # noqa: E402
from companion.hardware.inputs import InputQueue  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presses", type=int, default=500)
    args = ap.parse_args()
    inputs = InputQueue()
    link = SimulatedController()
    link.start(inputs)
    samples, lost = [], 0
    try:
        for i in range(args.presses):
            button = i % 8
            for edge, act in (("press", link.board.press), ("release", link.board.release)):
                t0 = time.perf_counter()
                act(button)
                event = inputs.wait(1.0)
                if event is None or event.kind != edge:
                    lost += 1
                    continue
                samples.append((time.perf_counter() - t0) * 1000)
                time.sleep(0.03)  # past the 25 ms debounce
    finally:
        link.close()
    samples.sort()
    pct = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"edges: {len(samples)} measured, {lost} lost")
    print(f"latency: median {pct(0.5):.2f} ms, p99 {pct(0.99):.2f} ms, max {samples[-1]:.2f} ms")


if __name__ == "__main__":
    main()
