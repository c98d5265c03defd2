"""Clocks. Event times are wall-clock seconds (so a journal read after a
restart makes sense), but a Pi has no real-time clock and NTP may move the
system time at any moment after boot: :class:`SteadyClock` reads the wall
clock once and then advances with ``time.monotonic``.

>>> c = FakeClock(100.0); c.advance(2.5); c.now()
102.5
"""

from __future__ import annotations

import time


class SteadyClock:
    def __init__(self):
        self._wall0 = time.time()
        self._mono0 = time.monotonic()

    def now(self) -> float:
        return self._wall0 + (time.monotonic() - self._mono0)

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class FakeClock:
    """A clock that moves only when told to (tests, and the headless `--fast` demo)."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds

    def sleep(self, seconds: float) -> None:
        self.advance(max(0.0, seconds))
