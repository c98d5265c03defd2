"""A countdown timer (the Knockdown test's 10 seconds), pure and clock-free.

Every method takes ``now`` (seconds, any monotonic origin) so the same model
runs on the real clock at the table and on a fake clock in tests.

>>> c = Countdown(10.0).start(100.0)
>>> c.remaining(103.25)
6.75
>>> c = c.pause(104.0)
>>> c.remaining(200.0)
6.0
>>> c.resume(300.0).remaining(301.5)
4.5
>>> Countdown(10.0).start(0.0).expired(10.0)
True
>>> display(0.04), display(9.91), display(10.0)
('0.1', '10.0', '10.0')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Countdown:
    duration: float = 10.0
    # Seconds consumed before the current run started (sum of earlier runs).
    used: float = 0.0
    # When the current run started, or None when stopped/paused.
    running_since: float | None = None

    @property
    def running(self) -> bool:
        return self.running_since is not None

    @property
    def started(self) -> bool:
        return self.running or self.used > 0

    def elapsed(self, now: float) -> float:
        run = (now - self.running_since) if self.running_since is not None else 0.0
        return min(self.duration, self.used + max(0.0, run))

    def remaining(self, now: float) -> float:
        return self.duration - self.elapsed(now)

    def expired(self, now: float) -> bool:
        return self.elapsed(now) >= self.duration

    def start(self, now: float) -> "Countdown":
        """Start from the full duration (a fresh test)."""
        return replace(self, used=0.0, running_since=now)

    def pause(self, now: float) -> "Countdown":
        if not self.running:
            return self
        return replace(self, used=self.elapsed(now), running_since=None)

    def resume(self, now: float) -> "Countdown":
        if self.running or self.used >= self.duration:
            return self
        return replace(self, running_since=now)

    def reset(self) -> "Countdown":
        return replace(self, used=0.0, running_since=None)


def display(remaining: float) -> str:
    """Seconds left as shown: tenths, rounded up, so "0.0" appears only at the end."""
    tenths = max(0, math.ceil(round(remaining * 10, 6)))
    return f"{tenths // 10}.{tenths % 10}"


# --- the shared tool: its events ----------------------------------------------
# Timer presses are facts: an undo never stops or restarts the timer.

from companion.rules.moves import MoveSet  # noqa: E402

MOVES = MoveSet("countdown")


@MOVES.move("countdown_started", fact=True)
def _started(state, e):
    return replace(state, countdown=state.countdown.start(e.at), message="Knockdown test: build the tower!")


@MOVES.move("countdown_paused", fact=True)
def _paused(state, e):
    return replace(state, countdown=state.countdown.pause(e.at), message="Timer paused")


@MOVES.move("countdown_resumed", fact=True)
def _resumed(state, e):
    return replace(state, countdown=state.countdown.resume(e.at), message="Timer running")


@MOVES.move("countdown_reset", fact=True)
def _reset(state, e):
    return replace(state, countdown=state.countdown.reset(), message="Timer reset")
