"""The header: game, score with the ball beside the attacker, device status."""

from __future__ import annotations

import pygame

from companion.rules.table import TableState
from companion.ui import theme as th

GAME_TITLES = {"takkure": "TAKKURE", "tekton-dash": "TEKTON DASH", "tekken": "TEKKEN",
               "knockdown": "KNOCKDOWN", "tash-kalar": "TASH-KALAR"}


def draw(surf: pygame.Surface, rect: pygame.Rect, st: TableState, t: th.Theme) -> None:
    pygame.draw.rect(surf, (24, 27, 36), rect)
    t.blit_text(surf, GAME_TITLES.get(st.game, st.game.upper()), 20, th.DIM, (rect.x + t.px(10), rect.centery),
                "midleft")
    if st.game == "takkure":
        score = f"{st.score[0]}  :  {st.score[1]}"
        mid = t.blit_text(surf, score, 40, th.TEXT, rect.center, "center")
        left = t.blit_text(surf, st.teams[0], 28, th.TEAM_COLOURS[0], (mid.x - t.px(16), rect.centery), "midright")
        right = t.blit_text(surf, st.teams[1], 28, th.TEAM_COLOURS[1], (mid.right + t.px(16), rect.centery),
                            "midleft")
        if st.attacker is not None:  # the ball beside the team in possession
            x = left.x - t.px(14) if st.attacker == 0 else right.right + t.px(14)
            pygame.draw.ellipse(surf, (150, 90, 40), pygame.Rect(x - t.px(9), rect.centery - t.px(6),
                                                                  t.px(18), t.px(12)))
