"""Millisecond ticks: MicroPython's own on the Pico, a stand-in under CPython.

The simulated controller runs this firmware on the host, where ``time`` has no
``ticks_ms``; everything else in the firmware uses only these three names.
"""

import time

try:
    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    sleep_ms = time.sleep_ms
except AttributeError:  # CPython
    _PERIOD = 1 << 30

    def ticks_ms():
        return int(time.monotonic() * 1000) % _PERIOD

    def ticks_diff(a, b):
        d = (a - b) % _PERIOD
        return d - _PERIOD if d >= _PERIOD // 2 else d

    def sleep_ms(ms):
        time.sleep(ms / 1000)
