"""The Takkure time dashboard: slots 5 to 1, each team's time token (filled when
active, hollow when flipped), the attacker's 4 activation tokens and the
activation step in progress."""

from __future__ import annotations

import pygame

from companion.games.takkure.rules.state import ACTIVATION_TOKENS
from companion.rules.table import TableState
from companion.ui import theme as th


def slot_rects(inner: pygame.Rect, t: th.Theme) -> dict[int, pygame.Rect]:
    w = (inner.w - 4 * t.px(6)) // 5
    h = min(int(inner.h * 0.36), w + t.px(10))
    return {slot: pygame.Rect(inner.x + i * (w + t.px(6)), inner.y, w, h) for i, slot in enumerate(range(5, 0, -1))}


def token_centres(slot: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    y = slot.y + slot.h * 2 // 3
    return (slot.x + slot.w // 4 + 2, y), (slot.right - slot.w // 4 - 2, y)


def activation_centres(inner: pygame.Rect, t: th.Theme) -> list[tuple[int, int]]:
    y = inner.y + int(inner.h * 0.36) + t.px(34)
    step = t.px(34)
    return [(inner.x + t.px(16) + i * step, y) for i in range(ACTIVATION_TOKENS)]


def draw(surf: pygame.Surface, rect: pygame.Rect, st: TableState, t: th.Theme) -> None:
    inner = t.panel(surf, rect, f"Time - {'1st' if st.g.half == 1 else '2nd'} half")
    d = st.g.dashboard
    r = t.px(11)
    for slot, box in slot_rects(inner, t).items():
        current = slot == d.slot and not d.time_up
        pygame.draw.rect(surf, (44, 50, 64) if current else (36, 40, 50), box, border_radius=t.px(6))
        t.blit_text(surf, str(slot), 20, th.TEXT if current else th.DIM, (box.centerx, box.y + t.px(3)), "midtop")
        if current:
            for team, centre in enumerate(token_centres(box)):
                width = 0 if d.active[team] else t.px(3)
                pygame.draw.circle(surf, th.TEAM_COLOURS[team], centre, r, width)
    tokens = activation_centres(inner, t)
    t.blit_text(surf, "activation", 16, th.DIM, (tokens[-1][0] + t.px(20), tokens[0][1]), "midleft")
    for i, centre in enumerate(tokens):
        available = i < st.g.activation_tokens
        colour = th.TEAM_COLOURS[st.g.attacker] if st.g.attacker is not None else th.DIM
        pygame.draw.circle(surf, colour if available else th.HP_EMPTY, centre, t.px(12), 0 if available else t.px(2))
    y = tokens[0][1] + t.px(20)
    if d.time_up:
        line, sub = ("Full time" if st.g.match_over else "Half time"), ""
    elif st.g.step:
        line, sub = f"Step {st.g.step}/6: {st.g.step_name}", st.g.active_player or ""
    elif st.g.attacker is not None:
        line, sub = f"{st.teams[st.g.attacker]} attacking", ""
    else:
        line, sub = "Kick-off", ""
    t.blit_text(surf, line, 22, th.ACCENT, (inner.x, y), max_width=inner.w)
    if sub:
        t.blit_text(surf, sub, 20, th.TEXT, (inner.x, y + t.px(22)), max_width=inner.w)
