"""The screen, drawn with pygame-ce.

Three backends behind one class:

- ``window``: a desktop window (X11 or Wayland).
- ``kmsdrm``: fullscreen on a Raspberry Pi's console without a desktop, via
  SDL's KMS/DRM video driver. It needs a Pi with a display attached and cannot
  run here; it is the window backend with another SDL driver.
- ``headless``: an off-screen surface; :meth:`PygameScreen.snapshot` writes PNGs.

Keys (window and kmsdrm with a keyboard) become the same actions as buttons.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from companion.files import output_folder
from companion.hardware.errors import DeviceError

KEY_ACTIONS = {
    "space": "roll_d12", "6": "roll_d6", "3": "roll_3d6", "c": "coin_toss", "t": "timer_toggle",
    "r": "timer_reset", "return": "next_step", "n": "next_step", "u": "undo", "backspace": "undo",
    "left": "hp_damage_left", "right": "hp_damage_right", "h": "score_home", "a": "score_away",
    "escape": "quit", "q": "quit", "d": "declare",
}


def is_raspberry_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="ignore")
    except OSError:
        return False


def choose_backend(wanted: str = "auto") -> str:
    """Resolve ``auto``: a window with a desktop, KMS/DRM on a bare Pi console, else headless."""
    if wanted != "auto":
        return wanted
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or sys.platform in ("win32", "darwin"):
        return "window"
    if is_raspberry_pi() and any(Path("/dev/dri").glob("card*")):
        return "kmsdrm"
    return "headless"


class PygameScreen:
    def __init__(self, backend: str, width: int, height: int, fullscreen: bool = False,
                 snapshot_dir: str | Path = "snapshots"):
        import pygame

        self._pg = pygame
        self.backend = backend
        self.snapshot_dir = Path(snapshot_dir)
        self.snapshots: list[Path] = []
        if backend == "headless":    # a bad folder is said now, not at the first snapshot mid-game
            output_folder(self.snapshot_dir, "snapshots ([screen] snapshot_dir or --snapshots)")
        pygame.font.init()
        if backend == "headless":
            self.surface = pygame.Surface((width, height))
            return
        if backend == "kmsdrm":
            os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
        try:
            pygame.display.init()
            flags = pygame.FULLSCREEN if (fullscreen or backend == "kmsdrm") else 0
            size = (0, 0) if backend == "kmsdrm" else (width, height)
            self.surface = pygame.display.set_mode(size, flags)
            pygame.display.set_caption("companion")
            pygame.mouse.set_visible(backend != "kmsdrm")
        except pygame.error as exc:
            raise DeviceError("screen", f"no {backend} display ({exc})", "screen.backend",
                              "use backend = \"headless\" to write PNG snapshots") from None

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def present(self) -> None:
        if self.backend != "headless":
            self._pg.display.flip()

    def poll_actions(self) -> list[str]:
        """Keys and window events since the last call, as action names."""
        if self.backend == "headless":
            return []
        actions = []
        for event in self._pg.event.get():
            if event.type == self._pg.QUIT:
                actions.append("quit")
            elif event.type == self._pg.KEYDOWN:
                action = KEY_ACTIONS.get(self._pg.key.name(event.key))
                if action:
                    actions.append(action)
        return actions

    def snapshot(self, name: str) -> Path:
        output_folder(self.snapshot_dir, "snapshots ([screen] snapshot_dir or --snapshots)")
        path = self.snapshot_dir / f"{len(self.snapshots) + 1:03d}-{name}.png"
        self._pg.image.save(self.surface, str(path))
        self.snapshots.append(path)
        return path

    def close(self) -> None:
        if self.backend != "headless":
            self._pg.display.quit()


def open_screen(settings, backend: str | None = None) -> PygameScreen:
    chosen = choose_backend(backend or settings.backend)
    return PygameScreen(chosen, settings.width, settings.height, settings.fullscreen, settings.snapshot_dir)
