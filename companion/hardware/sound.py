"""The timer's tone, generated (no sound files), played with pygame.mixer.

Without an audio device the companion stays silent and says so once.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class Silent:
    available = False
    plays = 0

    def beep(self) -> None:
        self.plays += 1


class Tone:
    """A short sine tone with soft edges (no click)."""

    available = True

    def __init__(self, volume: float = 0.6, freq: float = 880.0, seconds: float = 0.6):
        import numpy as np
        import pygame

        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=1)
        rate, _, channels = pygame.mixer.get_init()
        t = np.arange(int(rate * seconds)) / rate
        envelope = np.minimum(1.0, np.minimum(t, seconds - t) / 0.02)
        wave = (np.sin(2 * np.pi * freq * t) * envelope * 32767 * volume).astype(np.int16)
        if channels > 1:
            wave = np.repeat(wave[:, None], channels, axis=1)
        self._sound = pygame.sndarray.make_sound(wave)
        self.plays = 0

    def beep(self) -> None:
        self.plays += 1
        self._sound.play()


def open_sound(enabled: bool, volume: float):
    if not enabled:
        return Silent()
    try:
        return Tone(volume)
    except Exception as exc:  # no audio device is normal on a headless Pi
        log.warning("no sound: %s", exc)
        return Silent()
