"""Knockdown's screen: the 10-second Knockdown test timer, large; both fighters' heavy and
light damage as cubes with their victory tokens; the last attack's pool and blocks; the dice."""

from __future__ import annotations

import pygame

from companion.ui import theme as th
from companion.ui.game_screen import GameScreen, split_h, split_v

HEAVY = (200, 40, 40)
LIGHT = (235, 180, 60)


def header_line(g) -> str:
    if g.winner is not None:
        return f"{g.fighters[g.winner].name} wins the match"
    line = f"Round {g.round} - {g.fighters[g.turn].name}'s turn"
    if g.test is not None:
        line += f" - Knockdown test: {g.fighters[g.test].name}"
    return line


class KnockdownScreen(GameScreen):
    countdown_title = "Knockdown test"
    countdown_words = ("ready", "build the tower!", "paused", "TIME! K.O.")

    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        countdown, right = split_h(body, 0.55, pad)
        fighters, chance = split_v(right, 0.62, pad)
        return {"countdown": countdown, "fighters": fighters, "chance": chance}

    def header(self, surf, rect, st, t) -> None:
        if st.g is not None:
            t.blit_text(surf, header_line(st.g), 24, th.TEXT, rect.center, "center")

    def draw(self, surf, rects, st, now, camera, t) -> None:
        g = st.g
        if g is None:
            return
        inner = t.panel(surf, rects["fighters"], "Fighters")
        y = inner.y
        cube = t.px(14)
        for side, f in enumerate(g.fighters):
            colour = th.ACCENT if side == g.turn and g.winner is None else th.TEXT
            name = t.blit_text(surf, f.name, 22, colour, (inner.x, y))
            tokens = "victory " + "*" * f.wins if f.wins else ""
            t.blit_text(surf, tokens, 18, th.GOOD, (inner.right, name.centery), "midright")
            y = name.bottom + t.px(4)
            x = inner.x
            for i in range(f.damage.heavy + f.damage.light):
                if x + cube > inner.right:
                    x, y = inner.x, y + cube + t.px(3)
                pygame.draw.rect(surf, HEAVY if i < f.damage.heavy else LIGHT, (x, y, cube, cube),
                                 border_radius=t.px(2))
                x += cube + t.px(3)
            y += cube + t.px(4)
            y = t.blit_text(surf, f"{f.damage.heavy} heavy, {f.damage.light} light", 16, th.DIM,
                            (inner.x, y)).bottom + t.px(10)
        if g.last_attack:
            t.blit_text(surf, g.last_attack, 16, th.TEXT, (inner.x, y), max_width=inner.w)
