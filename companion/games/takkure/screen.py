"""Takkure's screen: the time dashboard, the dice, the involved players' cards and the
pitch from above, with the score and the ball beside the attacker in the header."""

from __future__ import annotations

import pygame

from companion.games.takkure.widgets import pitch_view, player_cards, time_dashboard
from companion.ui.game_screen import GameScreen, split_h, split_v


class TakkureScreen(GameScreen):
    def __init__(self):
        self.pitch = pitch_view.PitchView()

    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        left, rest = split_h(body, 0.3, pad)
        players, pitch = split_h(rest, 0.5, pad)
        dashboard, chance = split_v(left, 0.45, pad)
        return {"dashboard": dashboard, "chance": chance, "players": players, "pitch": pitch}

    def header(self, surf, rect, st, t):
        left, right = super().header(surf, rect, st, t)
        if st.g.attacker is not None:  # the ball beside the team in possession
            x = left.x - t.px(14) if st.g.attacker == 0 else right.right + t.px(14)
            pygame.draw.ellipse(surf, (150, 90, 40), pygame.Rect(x - t.px(9), rect.centery - t.px(6),
                                                                  t.px(18), t.px(12)))

    def draw(self, surf, rects, st, now, camera, t) -> None:
        time_dashboard.draw(surf, rects["dashboard"], st, t)
        player_cards.draw(surf, rects["players"], st, t)
        frame_no, frame, status, ok, overlay = camera or (0, None, "no camera", False, None)
        self.pitch.draw(surf, rects["pitch"], st, frame_no, frame, status, ok, overlay, t)
