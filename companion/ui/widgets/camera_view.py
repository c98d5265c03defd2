"""The camera's picture, scaled once per new frame (not once per screen frame)."""

from __future__ import annotations

import cv2
import numpy as np
import pygame

from companion.ui import theme as th


class CameraView:
    def __init__(self):
        self._key = None
        self._surface: pygame.Surface | None = None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, frame_no: int, frame: np.ndarray | None,
             status: str, ok: bool, t: th.Theme) -> None:
        inner = t.panel(surf, rect, "Table")
        if frame is not None:
            fh, fw = frame.shape[:2]
            scale = min(inner.w / fw, (inner.h - t.px(18)) / fh)
            size = (max(1, int(fw * scale)), max(1, int(fh * scale)))
            key = (frame_no, size)
            if key != self._key:
                small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA)
                rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
                self._surface = pygame.image.frombuffer(rgb.tobytes(), size, "RGB")
                self._key = key
            surf.blit(self._surface, self._surface.get_rect(midtop=inner.midtop))
        t.blit_text(surf, status, 15, th.DIM if ok else th.BAD, inner.bottomleft, "bottomleft",
                    max_width=inner.w)
