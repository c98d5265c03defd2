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
             status: str, ok: bool, t: th.Theme, overlay=None) -> None:
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
            at = self._surface.get_rect(midtop=inner.midtop)
            surf.blit(self._surface, at)
            if overlay is not None and overlay.registration is not None and overlay.registration.H is not None:
                self._draw_pieces(surf, at, scale, overlay, t)
        t.blit_text(surf, status, 15, th.DIM if ok else th.BAD, inner.bottomleft, "bottomleft",
                    max_width=inner.w)

    @staticmethod
    def _draw_pieces(surf, at: pygame.Rect, scale: float, result, t: th.Theme) -> None:
        """A ring where each piece was found (dashed grey when hidden), its card's name."""
        for piece in result.pieces:
            u, v = result.registration.to_image(np.array([[piece.x_in, piece.y_in]]))[0] * scale
            centre = (int(at.x + u), int(at.y + v))
            edge = result.registration.to_image(np.array([[piece.x_in + piece.radius_in, piece.y_in]]))[0] * scale
            radius = max(3, int(abs(edge[0] - u) + abs(edge[1] - v)))
            pygame.draw.circle(surf, th.DIM if piece.stale else th.ACCENT, centre, radius + 2, max(1, t.px(2)))
            if piece.player:
                t.blit_text(surf, piece.player, 13, th.TEXT, (centre[0], centre[1] - radius - 2), "midbottom")
