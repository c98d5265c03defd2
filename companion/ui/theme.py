"""Colours, sizes and cached text rendering.

Sizes are given for the 800x480 Pi display and multiplied by ``scale`` so the
same layout reads from a metre away on 7 inches and fills 1920x1080.
Rendering text is the most expensive thing pygame does here, so rendered
strings are cached.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

BG = (16, 18, 24)
PANEL = (30, 34, 44)
PANEL_EDGE = (58, 64, 80)
TEXT = (236, 238, 242)
DIM = (150, 156, 170)
ACCENT = (255, 196, 40)
GOOD = (60, 200, 100)
BAD = (235, 64, 52)
WARN = (240, 50, 40)
CRIT = (255, 215, 0)
HP_FILL = (250, 200, 40)
HP_RAGE = (230, 40, 40)
HP_EMPTY = (48, 52, 62)
HP_RAGE_EMPTY = (90, 30, 34)
TEAM_COLOURS = [(200, 30, 40), (30, 80, 200)]
OUTCOME_COLOURS = {"success": GOOD, "critical": CRIT, "fail": BAD, "fumble": BAD, "cancelled": DIM}

BASE_W, BASE_H = 800, 480


class Theme:
    def __init__(self, size: tuple[int, int]):
        self.size = size
        self.scale = min(size[0] / BASE_W, size[1] / BASE_H)
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text: OrderedDict = OrderedDict()

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.scale)))

    def font(self, size: float) -> pygame.font.Font:
        px = self.px(size)
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)  # pygame's bundled font: no files needed
        return self._fonts[px]

    def text(self, s: str, size: float, colour=TEXT) -> pygame.Surface:
        key = (s, size, colour)
        surf = self._text.get(key)
        if surf is None:
            surf = self.font(size).render(s, True, colour)
            self._text[key] = surf
            if len(self._text) > 600:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surf

    def blit_text(self, target: pygame.Surface, s: str, size: float, colour, pos, anchor="topleft",
                  max_width: int | None = None) -> pygame.Rect:
        surf = self.text(s, size, colour)
        while max_width and surf.get_width() > max_width and size > 8:
            size *= 0.9
            surf = self.text(s, size, colour)
        rect = surf.get_rect(**{anchor: pos})
        target.blit(surf, rect)
        return rect

    def panel(self, target: pygame.Surface, rect: pygame.Rect, title: str = "") -> pygame.Rect:
        """Draw a panel; returns the inner rect below its title."""
        pygame.draw.rect(target, PANEL, rect, border_radius=self.px(8))
        pygame.draw.rect(target, PANEL_EDGE, rect, width=max(1, self.px(1)), border_radius=self.px(8))
        inner = rect.inflate(-self.px(12), -self.px(10))
        if title:
            r = self.blit_text(target, title.upper(), 16, DIM, inner.topleft)
            inner = pygame.Rect(inner.x, r.bottom + self.px(2), inner.w, inner.bottom - r.bottom - self.px(2))
        return inner
