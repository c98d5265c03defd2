"""The bottom line: what just happened, or why an input was refused."""

from __future__ import annotations

import pygame

from companion.ui import theme as th


def draw(surf: pygame.Surface, rect: pygame.Rect, message: str, refusal: str, t: th.Theme) -> None:
    pygame.draw.rect(surf, (24, 27, 36), rect)
    text, colour = (f"Not allowed: {refusal}", th.BAD) if refusal else (message, th.TEXT)
    t.blit_text(surf, text, 22, colour, (rect.x + t.px(10), rect.centery), "midleft", max_width=rect.w - t.px(20))
