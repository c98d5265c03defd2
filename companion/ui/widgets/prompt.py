"""A full-screen prompt: a title and a few lines (tag registration, notices)."""

from __future__ import annotations

import pygame

from companion.ui import theme as th


def draw(surf: pygame.Surface, title: str, lines: list[tuple[str, tuple]], t: th.Theme) -> None:
    surf.fill(th.BG)
    w, h = surf.get_size()
    rect = pygame.Rect(t.px(20), t.px(20), w - 2 * t.px(20), h - 2 * t.px(20))
    inner = t.panel(surf, rect, title)
    y = inner.y + t.px(20)
    for text, colour in lines:
        r = t.blit_text(surf, text, 34, colour, (inner.centerx, y), "midtop", max_width=inner.w)
        y = r.bottom + t.px(14)
