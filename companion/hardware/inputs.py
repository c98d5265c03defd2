"""Input events: what buttons, the controller, NFC tags and keys produce.

Every device thread puts InputEvents on one :class:`InputQueue`; the main loop
drains it once per frame without ever blocking.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class InputEvent:
    kind: str                 # 'press', 'release', 'hold', 'tag', 'action'
    source: str               # 'gpio17', 'pico0', 'key', 'nfc'
    value: str = ""           # the action name, or a tag UID in hex
    at: float = field(default_factory=time.monotonic)


class InputQueue:
    def __init__(self):
        self._q: queue.SimpleQueue[InputEvent] = queue.SimpleQueue()

    def put(self, event: InputEvent) -> None:
        self._q.put(event)

    def wait(self, timeout: float) -> InputEvent | None:
        """The next event, waiting up to ``timeout`` seconds (tests and benchmarks; the
        screen uses ``drain``, which never waits)."""
        try:
            return self._q.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[InputEvent]:
        out = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out
