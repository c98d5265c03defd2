"""Draws one whole frame from the table state. Knows nothing of devices."""

from __future__ import annotations

import pygame

from companion.rules.table import TableState
from companion.ui import layout as lay
from companion.ui import theme as th
from companion.ui.widgets import coin, countdown, dice, footer, hp_bars, player_cards, scoreboard, time_dashboard
from companion.ui.widgets.camera_view import CameraView
from companion.ui.widgets.pitch_view import PitchView


class ScreenView:
    def __init__(self, size: tuple[int, int], warn_s: float = 3.0, state: TableState | None = None):
        self.theme = th.Theme(size)
        self.warn_s = warn_s
        self.camera = CameraView()
        self.pitch = PitchView()
        self._layouts: dict[str, dict[str, pygame.Rect]] = {}
        # Rolls and tosses already in the state when the screen starts (a resumed game)
        # are shown settled, not animated again.
        self._first_seen: dict[int, float] = {}
        if state is not None:
            for item in (state.last_roll, state.last_toss):
                if item is not None:
                    self._first_seen[item.seq] = float("-inf")

    def rects(self, game: str) -> dict[str, pygame.Rect]:
        if game not in self._layouts:
            self._layouts[game] = lay.layout(game, self.theme.size, self.theme)
        return self._layouts[game]

    def age(self, seq: int, now: float) -> float:
        return now - self._first_seen.setdefault(seq, now)

    def draw(self, surf: pygame.Surface, st: TableState, now: float, refusal: str = "",
             camera: tuple[int, object, str, bool] | None = None) -> None:
        t = self.theme
        surf.fill(th.BG)
        r = self.rects(st.game)
        scoreboard.draw(surf, r["header"], st, t)
        if "dashboard" in r:
            time_dashboard.draw(surf, r["dashboard"], st, t)
        if "hp" in r:
            hp_bars.draw(surf, r["hp"], st.hp, st.fighters, t)
        if "countdown" in r:
            countdown.draw(surf, r["countdown"], st.countdown, now, self.warn_s, t)
        if "chance" in r:
            roll, toss = st.last_roll, st.last_toss
            if toss is not None and (roll is None or toss.seq > roll.seq):
                coin.draw(surf, r["chance"], toss, self.age(toss.seq, now), t)
            else:
                dice.draw(surf, r["chance"], roll, self.age(roll.seq, now) if roll else 0.0, t)
        if "players" in r:
            player_cards.draw(surf, r["players"], st, t)
        if "pitch" in r:
            frame_no, frame, status, ok, overlay = camera or (0, None, "no camera", False, None)
            self.pitch.draw(surf, r["pitch"], st, frame_no, frame, status, ok, overlay, t)
        if "camera" in r:
            frame_no, frame, status, ok, overlay = camera or (0, None, "no camera", False, None)
            self.camera.draw(surf, r["camera"], frame_no, frame, status, ok, t, overlay)
        footer.draw(surf, r["footer"], st.message, refusal, t)
