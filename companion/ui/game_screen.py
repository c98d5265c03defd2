"""A game's part of the screen, and the panels every game shares.

The core view (:mod:`companion.ui.view`) draws the header (the game's title, then
the game's ``header``), the footer (the message or the refusal) and the shared
panels a game's layout names: ``chance`` (the latest dice roll or coin toss),
``countdown`` (the timer, large) and ``camera`` (the camera's picture with the
pieces it found). Every other rect of the layout is the game's own, drawn by its
:meth:`GameScreen.draw`.

>>> import pygame; from companion.ui.theme import Theme
>>> t = Theme((800, 480))
>>> r = SharedOnlyScreen("Tash-Kalar's rules").layout(body_rect((800, 480), t), t)
>>> sorted(r)
['camera', 'chance', 'countdown', 'notice']
"""

from __future__ import annotations

import pygame

from companion.ui import theme as th

SHARED_PANELS = ("chance", "countdown", "camera")


def body_rect(size: tuple[int, int], t) -> pygame.Rect:
    """The screen between the header and the footer, where a game lays out its panels."""
    w, h = size
    head_h, foot_h, pad = header_height(t), footer_height(t), t.px(8)
    return pygame.Rect(pad, head_h + pad, w - 2 * pad, h - head_h - foot_h - 2 * pad)


def header_height(t) -> int:
    return t.px(56)


def footer_height(t) -> int:
    return t.px(40)


def split_h(rect: pygame.Rect, share: float, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Left and right parts of ``rect``, the left taking ``share`` of the width."""
    w = int((rect.w - gap) * share)
    return pygame.Rect(rect.x, rect.y, w, rect.h), pygame.Rect(rect.x + w + gap, rect.y, rect.w - w - gap, rect.h)


def split_v(rect: pygame.Rect, share: float, gap: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Top and bottom parts of ``rect``, the top taking ``share`` of the height."""
    h = int((rect.h - gap) * share)
    return pygame.Rect(rect.x, rect.y, rect.w, h), pygame.Rect(rect.x, rect.y + h + gap, rect.w, rect.h - h - gap)


class GameScreen:
    """One game's screen. Subclasses give ``layout`` and draw their own panels."""

    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        """Rects of the game's panels inside ``body``; shared panels by their shared names."""
        left, right = split_h(body, 0.6, t.px(8))
        return {"camera": left, "chance": right}

    def header(self, surf: pygame.Surface, rect: pygame.Rect, st, t):
        """What the header shows beside the title: by default the two sides and the score.
        Returns the rects of the two sides' names (a game may draw beside them)."""
        score = f"{st.score[0]}  :  {st.score[1]}"
        mid = t.blit_text(surf, score, 40, th.TEXT, rect.center, "center")
        left = t.blit_text(surf, st.teams[0], 28, th.TEAM_COLOURS[0], (mid.x - t.px(16), rect.centery), "midright")
        right = t.blit_text(surf, st.teams[1], 28, th.TEAM_COLOURS[1], (mid.right + t.px(16), rect.centery),
                            "midleft")
        return left, right

    def draw(self, surf: pygame.Surface, rects: dict[str, pygame.Rect], st, now: float, camera, t) -> None:
        """Draw the game's own panels (every rect whose name is not a shared panel)."""


class SharedOnlyScreen(GameScreen):
    """The screen of a game whose rules are not built yet: the shared tools, and a notice
    that says so (the companion does not pretend to know rules it does not)."""

    def __init__(self, what: str):
        self.what = what

    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        left, right = split_h(body, 0.55, pad)
        notice, camera = split_v(left, 0.3, pad)
        chance, countdown = split_v(right, 0.55, pad)
        return {"notice": notice, "camera": camera, "chance": chance, "countdown": countdown}

    def draw(self, surf, rects, st, now, camera, t) -> None:
        inner = t.panel(surf, rects["notice"], "Not built yet")
        t.blit_text(surf, f"{self.what} are not built yet.", 20, th.ACCENT, inner.topleft, max_width=inner.w)
        t.blit_text(surf, "Dice, coin, timer and score work.", 18, th.TEXT,
                    (inner.x, inner.y + t.px(26)), max_width=inner.w)
