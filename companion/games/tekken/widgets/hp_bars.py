"""Two TEKKEN health bars. Damage moves each fighter's marker toward the centre;
the cells nearest the centre are the red Rage zone (HP 6 or less)."""

from __future__ import annotations

import pygame

from companion.games.tekken.rules.hp import HpBar
from companion.ui import theme as th


def cell_rects(bar_rect: pygame.Rect, maximum: int, side: int) -> list[pygame.Rect]:
    """Rects of HP cells 1..maximum; cell 1 sits at the centre of the screen."""
    w = bar_rect.w / maximum
    cells = []
    for hp in range(1, maximum + 1):
        if side == 0:  # left bar: centre is its right end
            x = bar_rect.right - hp * w
        else:
            x = bar_rect.x + (hp - 1) * w
        cells.append(pygame.Rect(int(x) + 1, bar_rect.y, max(1, int(w) - 1), bar_rect.h))
    return cells


def cell_colour(bar: HpBar, hp: int):
    in_zone = hp <= bar.rage_at
    if hp <= bar.hp:
        return th.HP_RAGE if in_zone else th.HP_FILL
    return th.HP_RAGE_EMPTY if in_zone else th.HP_EMPTY


def bar_rects(rect: pygame.Rect, t: th.Theme) -> tuple[pygame.Rect, pygame.Rect]:
    gap = t.px(24)
    h = int(rect.h * 0.42)
    y = rect.y + t.px(30)
    half = (rect.w - gap) // 2
    return pygame.Rect(rect.x, y, half, h), pygame.Rect(rect.x + half + gap, y, half, h)


def draw(surf: pygame.Surface, rect: pygame.Rect, bars: tuple[HpBar, HpBar], names: tuple[str, str],
         t: th.Theme) -> None:
    for side, (bar, bar_rect) in enumerate(zip(bars, bar_rects(rect, t))):
        for hp, cell in enumerate(cell_rects(bar_rect, bar.maximum, side), start=1):
            pygame.draw.rect(surf, cell_colour(bar, hp), cell)
        anchor, x = ("bottomleft", bar_rect.x) if side == 0 else ("bottomright", bar_rect.right)
        t.blit_text(surf, names[side], 26, th.TEXT, (x, bar_rect.y - t.px(2)), anchor)
        status = f"{bar.hp} HP" + ("  RAGE" if bar.in_rage else "  K.O." if bar.knocked_out else "")
        below = "topleft" if side == 0 else "topright"
        t.blit_text(surf, status, 24, th.HP_RAGE if bar.in_rage or bar.knocked_out else th.DIM,
                    (x, bar_rect.bottom + t.px(4)), below)
