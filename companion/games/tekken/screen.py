"""TEKKEN's screen: both fighters' HP bars with the red Rage zone, the dice and the camera."""

from __future__ import annotations

import pygame

from companion.games.tekken.widgets import hp_bars
from companion.ui.game_screen import GameScreen, split_h, split_v


class TekkenScreen(GameScreen):
    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        hp, rest = split_v(body, 0.42, pad)
        chance, camera = split_h(rest, 0.5, pad)
        return {"hp": hp, "chance": chance, "camera": camera}

    def header(self, surf, rect, st, t) -> None:
        """The fighters' names are on their bars; rounds won come with the rest of the rules."""

    def draw(self, surf, rects, st, now, camera, t) -> None:
        hp_bars.draw(surf, rects["hp"], st.g.hp, st.g.fighters, t)
