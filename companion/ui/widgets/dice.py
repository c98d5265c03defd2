"""The dice roll: dice tumble for a moment, then the result, large.

A checked Takkure roll also shows its outcome word and its one-line
explanation ("Pass: 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success").
"""

from __future__ import annotations

import random

import pygame

from companion.rules.table import RollView
from companion.ui import theme as th

ANIMATION_S = 0.8


def _die(surf, rect: pygame.Rect, sides: int, value: int, t: th.Theme, highlight=None) -> None:
    colour = highlight or (245, 245, 240)
    if sides == 6:
        pygame.draw.rect(surf, colour, rect, border_radius=t.px(8))
    else:  # a D12 face is a pentagon
        cx, cy, r = rect.centerx, rect.centery, rect.w / 2
        import math
        pts = [(cx + r * math.sin(math.radians(a)), cy - r * math.cos(math.radians(a))) for a in range(0, 360, 72)]
        pygame.draw.polygon(surf, colour, pts)
    t.blit_text(surf, str(value), rect.h * 0.62 / t.scale, (20, 20, 24), rect.center, "center")


def draw(surf: pygame.Surface, rect: pygame.Rect, roll: RollView | None, age: float, t: th.Theme) -> None:
    inner = t.panel(surf, rect, "Dice")
    if roll is None:
        t.blit_text(surf, "press a button to roll", 18, th.DIM, inner.center, "center")
        return
    rolling = age < ANIMATION_S
    n = len(roll.values)
    size = min(inner.h * 0.42, (inner.w - t.px(8) * (n - 1)) / max(n, 1), t.px(90))
    if rolling:  # cosmetic tumbling faces, not drawn from the chance service
        rng = random.Random(f"{roll.seq}/{int(age * 20)}")
        shown = [rng.randint(1, roll.sides) for _ in roll.values]
        jitter = int(size * 0.08)
    else:
        shown, jitter = list(roll.values), 0
    total_w = n * size + (n - 1) * t.px(8)
    x = inner.centerx - total_w / 2
    y = inner.y + t.px(4)
    for i, v in enumerate(shown):
        dx = (i * 7919 + int(age * 40)) % (2 * jitter + 1) - jitter if jitter else 0
        _die(surf, pygame.Rect(int(x + i * (size + t.px(8)) + dx), int(y), int(size), int(size)), roll.sides, v, t)
    label = f"{roll.label}  " if roll.label else ""
    t.blit_text(surf, f"{label}{n}D{roll.sides}", 16, th.DIM, (inner.x, inner.bottom), "bottomleft")
    if rolling:
        return
    below = int(y + size + t.px(4))
    if roll.outcome:
        word = roll.outcome.upper()
        t.blit_text(surf, word, 44, th.OUTCOME_COLOURS[roll.outcome], (inner.centerx, below), "midtop",
                    max_width=inner.w)
    else:
        total = sum(roll.values)
        t.blit_text(surf, str(total) if n > 1 else "", 56, th.ACCENT, (inner.centerx, below), "midtop")
