"""Draws one whole frame from the table state. Knows nothing of devices, and knows a
game only through its :class:`~companion.ui.game_screen.GameScreen`."""

from __future__ import annotations

import pygame

from companion.games import find_game, find_rules
from companion.rules.table import TableState
from companion.ui import theme as th
from companion.ui.game_screen import GameScreen, body_rect, footer_height, header_height
from companion.ui.widgets import coin, countdown, dice, footer
from companion.ui.widgets.camera_view import CameraView


class ScreenView:
    def __init__(self, size: tuple[int, int], warn_s: float = 3.0, state: TableState | None = None):
        self.theme = th.Theme(size)
        self.warn_s = warn_s
        self.camera = CameraView()
        self._screens: dict[str, GameScreen] = {}
        self._layouts: dict[str, dict[str, pygame.Rect]] = {}
        # Rolls and tosses already in the state when the screen starts (a resumed game)
        # are shown settled, not animated again.
        self._first_seen: dict[int, float] = {}
        if state is not None:
            for item in (state.last_roll, state.last_toss):
                if item is not None:
                    self._first_seen[item.seq] = float("-inf")

    def screen(self, game: str) -> GameScreen:
        if game not in self._screens:
            factory = find_game(game).screen if game else None
            self._screens[game] = factory() if factory is not None else GameScreen()
        return self._screens[game]

    def rects(self, game: str) -> dict[str, pygame.Rect]:
        """Every rect of the game's screen: header, footer and the game's layout."""
        if game not in self._layouts:
            t = self.theme
            w, h = t.size
            rects = {"header": pygame.Rect(0, 0, w, header_height(t)),
                     "footer": pygame.Rect(0, h - footer_height(t), w, footer_height(t))}
            rects.update(self.screen(game).layout(body_rect(t.size, t), t))
            self._layouts[game] = rects
        return self._layouts[game]

    def age(self, seq: int, now: float) -> float:
        return now - self._first_seen.setdefault(seq, now)

    def draw(self, surf: pygame.Surface, st: TableState, now: float, refusal: str = "",
             camera: tuple[int, object, str, bool] | None = None) -> None:
        t = self.theme
        surf.fill(th.BG)
        game = self.screen(st.game)
        r = self.rects(st.game)
        self._header(surf, r["header"], st, game)
        if "countdown" in r:
            title, words = getattr(game, "countdown_title", "Timer"), getattr(game, "countdown_words", countdown.WORDS)
            countdown.draw(surf, r["countdown"], st.countdown, now, self.warn_s, t, title, words)
        if "chance" in r:
            roll, toss = st.last_roll, st.last_toss
            if toss is not None and (roll is None or toss.seq > roll.seq):
                coin.draw(surf, r["chance"], toss, self.age(toss.seq, now), t)
            else:
                dice.draw(surf, r["chance"], roll, self.age(roll.seq, now) if roll else 0.0, t)
        if "camera" in r:
            frame_no, frame, status, ok, overlay = camera or (0, None, "no camera", False, None)
            self.camera.draw(surf, r["camera"], frame_no, frame, status, ok, t, overlay)
        game.draw(surf, r, st, now, camera, t)
        footer.draw(surf, r["footer"], st.message, refusal, t)

    def _header(self, surf: pygame.Surface, rect: pygame.Rect, st: TableState, game: GameScreen) -> None:
        t = self.theme
        pygame.draw.rect(surf, (24, 27, 36), rect)
        title = find_rules(st.game).title if st.game else "COMPANION"
        t.blit_text(surf, title, 20, th.DIM, (rect.x + t.px(10), rect.centery), "midleft")
        if st.game:
            game.header(surf, rect, st, t)
