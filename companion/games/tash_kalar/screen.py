"""Tash-Kalar's screen: the board with every square where a card in the player's hand can be
summoned outlined, the summons listed, the scores, the turn and the actions left."""

from __future__ import annotations

import pygame

from companion.ui import theme as th
from companion.ui.game_screen import GameScreen, split_h, split_v

RANK_LETTER = {1: "", 2: "H", 3: "L"}


class TashKalarScreen(GameScreen):
    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        board, right = split_h(body, 0.55, pad)
        summons, chance = split_v(right, 0.65, pad)
        return {"board": board, "summons": summons, "chance": chance}

    def header(self, surf, rect, st, t) -> None:
        g = st.g
        if g is None:
            return
        if g.over:
            line = f"{g.players[g.winner]} wins" if g.winner is not None else "A tie"
        else:
            line = f"{g.players[g.turn]}: {g.actions_left} action{'s' if g.actions_left != 1 else ''} left"
            if g.ending:
                line += " - the last turns"
        score = f"{g.points(0)} : {g.points(1)}"
        mid = t.blit_text(surf, score, 30, th.TEXT, (rect.centerx, rect.centery), "center")
        t.blit_text(surf, line, 20, th.DIM, (mid.right + t.px(24), rect.centery), "midleft")

    def draw(self, surf, rects, st, now, camera, t) -> None:
        g = st.g
        summons = g.summons(g.turn) if not g.over else []
        inner = t.panel(surf, rects["board"], f"Board - {g.rulings.mode}")
        n = g.board.size
        c = min(inner.w, inner.h) // n
        x0, y0 = inner.x + (inner.w - c * n) // 2, inner.y
        targets = {p.target for p in summons}
        for r in range(n):
            for col in range(n):
                cell = pygame.Rect(x0 + col * c + 1, y0 + r * c + 1, c - 2, c - 2)
                pygame.draw.rect(surf, th.HP_EMPTY, cell)
                owner, rank = g.board.owner[r][col], g.board.rank[r][col]
                if owner >= 0:
                    pygame.draw.circle(surf, th.TEAM_COLOURS[owner], cell.center, c // 2 - 3)
                    if RANK_LETTER[rank]:
                        t.blit_text(surf, RANK_LETTER[rank], 14, th.TEXT, cell.center, "center")
                if (r, col) in targets:
                    pygame.draw.rect(surf, th.ACCENT, cell, t.px(3))
                if (r, col) == g.cursor:                   # the square the buttons act on
                    pygame.draw.rect(surf, th.TEXT, cell.inflate(t.px(4), t.px(4)), t.px(2))
        box = t.panel(surf, rects["summons"], f"{g.players[g.turn]} can summon")
        y = box.y
        for p in summons[:12]:
            y = t.blit_text(surf, f"{p.card} on row {p.target[0] + 1}, col {p.target[1] + 1}", 16, th.TEXT,
                            (box.x, y)).bottom + t.px(2)
        if not summons:
            t.blit_text(surf, "nothing yet" if not g.over else "", 16, th.DIM, (box.x, y))
