"""Where each widget sits, per game, as rects of the current screen size.

>>> import pygame; from companion.ui.theme import Theme
>>> r = layout("takkure", (800, 480), Theme((800, 480)))
>>> sorted(r)
['chance', 'dashboard', 'footer', 'header', 'pitch', 'players']
>>> r["header"].w
800
"""

from __future__ import annotations

import pygame


def _split_h(rect: pygame.Rect, share: float, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    w = int((rect.w - gap) * share)
    return pygame.Rect(rect.x, rect.y, w, rect.h), pygame.Rect(rect.x + w + gap, rect.y, rect.w - w - gap, rect.h)


def _split_v(rect: pygame.Rect, share: float, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    h = int((rect.h - gap) * share)
    return pygame.Rect(rect.x, rect.y, rect.w, h), pygame.Rect(rect.x, rect.y + h + gap, rect.w, rect.h - h - gap)


def layout(game: str, size: tuple[int, int], t) -> dict[str, pygame.Rect]:
    w, h = size
    head_h, foot_h, pad = t.px(56), t.px(40), t.px(8)
    rects = {"header": pygame.Rect(0, 0, w, head_h), "footer": pygame.Rect(0, h - foot_h, w, foot_h)}
    body = pygame.Rect(pad, head_h + pad, w - 2 * pad, h - head_h - foot_h - 2 * pad)
    if game == "takkure":
        left, rest = _split_h(body, 0.3, pad)
        rects["players"], rects["pitch"] = _split_h(rest, 0.5, pad)
        rects["dashboard"], rects["chance"] = _split_v(left, 0.45, pad)
    elif game == "tekken":
        rects["hp"], rest = _split_v(body, 0.42, pad)
        rects["chance"], rects["camera"] = _split_h(rest, 0.5, pad)
    elif game == "knockdown":
        rects["countdown"], rects["chance"] = _split_h(body, 0.6, pad)
    else:
        rects["camera"], rects["chance"] = _split_h(body, 0.6, pad)
    return rects
