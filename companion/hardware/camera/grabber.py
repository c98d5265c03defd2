"""Reads a camera on its own thread and keeps only the newest frame.

The screen asks for :meth:`FrameGrabber.latest` and never waits. A camera
that fails is retried with backoff, and its state is a one-line ``status``
for the screen ("camera lost: ... retrying").
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import numpy as np

from companion.hardware.errors import DeviceError

log = logging.getLogger(__name__)


class FrameGrabber:
    def __init__(self, open_source: Callable[[], object], max_fps: float = 15.0):
        self._open = open_source
        self._period = 1.0 / max_fps
        self._lock = threading.Lock()
        self._frame: np.ndarray | None = None
        self._count = 0
        self.status = "camera starting"
        self.ok = False
        self._source = None  # only for step()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)

    def start(self) -> "FrameGrabber":
        self._thread.start()
        return self

    def latest(self) -> tuple[int, np.ndarray | None]:
        """(frame number, frame): the number changes when a new frame arrived."""
        with self._lock:
            return self._count, self._frame

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2.0)
        if self._source is not None:
            self._source.close()
            self._source = None

    def step(self) -> None:
        """Read one frame in the caller's thread (the headless `--fast` demo's virtual clock
        must not race a real-time thread)."""
        try:
            if self._source is None:
                self._source = self._open()
            frame = self._source.read()
        except DeviceError as exc:
            self.ok, self.status, self._source = False, f"camera lost: {exc.problem}", None
            return
        if frame is not None:
            self.ok, self.status = True, f"camera: {self._source.name}"
            with self._lock:
                self._frame, self._count = frame, self._count + 1

    def _run(self) -> None:
        backoff = 0.5
        while not self._stop.is_set():
            try:
                source = self._open()
            except DeviceError as exc:
                self.ok, self.status = False, f"camera lost: {exc.problem}; retrying"
                self._stop.wait(backoff)
                backoff = min(backoff * 2, 5.0)
                continue
            backoff = 0.5
            self.status, self.ok = f"camera: {source.name}", True
            try:
                self._pump(source)
            except DeviceError as exc:
                self.ok, self.status = False, f"camera lost: {exc.problem}; retrying"
                log.warning("%s", exc)
            finally:
                source.close()

    def _pump(self, source) -> None:
        misses = 0
        while not self._stop.is_set():
            started = time.monotonic()
            frame = source.read()
            if frame is None:
                misses += 1
                if misses == 10:
                    self.ok, self.status = False, f"camera: {source.name} sends no frames"
            else:
                misses = 0
                self.ok, self.status = True, f"camera: {source.name}"
                with self._lock:
                    self._frame, self._count = frame, self._count + 1
            self._stop.wait(max(0.0, self._period - (time.monotonic() - started)))
