"""Debounced buttons with press, release and long press (hold).

An edge is reported at once (no added latency) and further changes are
ignored for ``debounce_ms``, which swallows contact bounce. Buttons are
active low (wired to ground, pull-up enabled).
"""

from ticks import ticks_diff

PRESS, RELEASE, HOLD = 0, 1, 2


class Buttons:
    def __init__(self, pins, debounce_ms=25, hold_ms=800, now=0):
        self.pins = pins
        self.debounce_ms = debounce_ms
        self.hold_ms = hold_ms
        n = len(pins)
        self.down = [False] * n
        self.changed_at = [now] * n
        self.held = [False] * n

    def poll(self, now):
        """The (button index, edge) events since the last poll."""
        events = []
        for i, pin in enumerate(self.pins):
            pressed = pin.value() == 0
            since = ticks_diff(now, self.changed_at[i])
            if pressed != self.down[i] and since >= self.debounce_ms:
                self.down[i] = pressed
                self.changed_at[i] = now
                self.held[i] = False
                events.append((i, PRESS if pressed else RELEASE))
            elif self.down[i] and not self.held[i] and since >= self.hold_ms:
                self.held[i] = True
                events.append((i, HOLD))
        return events
