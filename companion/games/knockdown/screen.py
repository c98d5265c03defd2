"""Knockdown's screen: the 10-second Knockdown test timer, large, and the dice."""

from __future__ import annotations

import pygame

from companion.ui.game_screen import GameScreen, split_h


class KnockdownScreen(GameScreen):
    countdown_title = "Knockdown test"
    countdown_words = ("ready", "build the tower!", "paused", "TIME! K.O.")

    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        countdown, chance = split_h(body, 0.6, t.px(8))
        return {"countdown": countdown, "chance": chance}

    def header(self, surf, rect, st, t) -> None:
        """Damage and rounds come with the rest of the rules (issue 15)."""
