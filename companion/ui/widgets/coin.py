"""The referee roll: who called what, a spinning coin, the result."""

from __future__ import annotations

import math

import pygame

from companion.rules.table import TossView
from companion.ui import theme as th

ANIMATION_S = 1.2
HEADS, TAILS = (235, 190, 60), (190, 196, 206)


def draw(surf: pygame.Surface, rect: pygame.Rect, toss: TossView | None, age: float, t: th.Theme) -> None:
    inner = t.panel(surf, rect, "Referee roll")
    if toss is None:
        return
    t.blit_text(surf, f"{toss.caller} calls {toss.call}", 22, th.TEXT, (inner.centerx, inner.y), "midtop",
                max_width=inner.w)
    r = int(min(inner.w, inner.h) * 0.26)
    centre = (inner.centerx, inner.centery)
    if age < ANIMATION_S:
        turns = age / ANIMATION_S * 6.0
        squash = abs(math.cos(turns * math.pi))
        face = HEADS if int(turns * 2) % 2 == 0 else TAILS
        lift = int(math.sin(age / ANIMATION_S * math.pi) * r * 0.6)
        box = pygame.Rect(0, 0, 2 * r, max(2, int(2 * r * squash)))
        box.center = (centre[0], centre[1] - lift)
        pygame.draw.ellipse(surf, face, box)
        return
    face = HEADS if toss.result == "heads" else TAILS
    pygame.draw.circle(surf, face, centre, r)
    pygame.draw.circle(surf, (90, 80, 60), centre, r, width=t.px(3))
    t.blit_text(surf, toss.result.upper(), 30, (30, 30, 30), centre, "center", max_width=2 * r - t.px(6))
    verdict = f"{toss.caller} wins" if toss.caller_won else f"{toss.caller} loses"
    t.blit_text(surf, verdict, 26, th.GOOD if toss.caller_won else th.BAD, (inner.centerx, inner.bottom),
                "midbottom", max_width=inner.w)
