"""The shared timer (the Knockdown test's 10 seconds): large digits with tenths, red in
the last seconds. A game names the panel and the words for its states."""

from __future__ import annotations

import pygame

from companion.rules.tools.countdown import Countdown, display
from companion.ui import theme as th


def digits_colour(cd: Countdown, now: float, warn_s: float):
    if cd.expired(now):
        return th.WARN
    return th.WARN if cd.started and cd.remaining(now) <= warn_s else th.TEXT


WORDS = ("ready", "running", "paused", "TIME!")     # before start, running, paused, at zero


def draw(surf: pygame.Surface, rect: pygame.Rect, cd: Countdown, now: float, warn_s: float,
         t: th.Theme, title: str = "Timer", words: tuple[str, str, str, str] = WORDS) -> None:
    inner = t.panel(surf, rect, title)
    remaining = cd.remaining(now)
    colour = digits_colour(cd, now, warn_s)
    size = min(inner.h * 0.62, inner.w * 0.42) / t.scale
    t.blit_text(surf, display(remaining), size, colour, (inner.centerx, inner.centery - t.px(8)), "center")
    if cd.expired(now):
        state = words[3]
    elif cd.running:
        state = words[1]
    elif cd.started:
        state = words[2]
    else:
        state = words[0]
    t.blit_text(surf, state, 24, colour if cd.expired(now) else th.DIM, (inner.centerx, inner.bottom - t.px(16)),
                "midbottom")
    bar = pygame.Rect(inner.x, inner.bottom - t.px(10), inner.w, t.px(8))
    pygame.draw.rect(surf, th.HP_EMPTY, bar)
    fill = bar.copy()
    fill.w = int(bar.w * max(0.0, remaining) / cd.duration)
    pygame.draw.rect(surf, colour, fill)
