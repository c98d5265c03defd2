"""The simulated table as a camera: renders the current scene each frame.

The expensive part (board, pieces, perspective) is cached until the scene
changes; each frame adds fresh sensor noise, like a real camera.
"""

from __future__ import annotations

import threading

import numpy as np

from companion.sim.render import TableRenderer
from companion.sim.scene import Scene


class SimulatedSource:
    def __init__(self, scene: Scene, width: int = 1280, height: int = 720, seed: int = 0):
        self.scene = scene
        self.name = f"simulated table ({scene.name})"
        # a game's own scene brings its renderer (render(scene), add_noise(img, rng))
        self._renderer = scene.renderer(width, height) if hasattr(scene, "renderer") else TableRenderer(width, height)
        self._rng = np.random.default_rng(seed)
        self._lock = threading.Lock()
        self._cached: tuple[int, np.ndarray] | None = None
        self.unplugged = False  # tests pull the virtual cable

    def read(self) -> np.ndarray | None:
        if self.unplugged:
            return None
        with self._lock:
            version = self.scene.version
            if self._cached is None or self._cached[0] != version:
                self._cached = (version, self._renderer.render(self.scene))
            clean = self._cached[1]
        return self._renderer.add_noise(clean, self._rng)

    def close(self) -> None:
        pass
