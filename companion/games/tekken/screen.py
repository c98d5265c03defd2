"""TEKKEN's screen: both fighters' HP bars with the red Rage zone (the chosen Rage shown once
a bar is in it), rounds won, the String (slots, Stun, Heat, the Punishment token, the card
face down), the punish attempt's verdict, the Stage with the distance, and the dice."""

from __future__ import annotations

import pygame

from companion.games.tekken.widgets import hp_bars
from companion.ui import theme as th
from companion.ui.game_screen import GameScreen, split_h, split_v


def string_lines(g) -> list[tuple[str, tuple]]:
    """What the String panel says. A face-down card's area is never among them."""
    out = []
    s = g.string
    if g.winner is not None:
        return [(f"{g.fighters[g.winner]} wins the game", th.GOOD)]
    if s is None:
        out.append((f"{g.fighters[g.next_offensive]} attacks next", th.TEXT))
    else:
        out.append((f"{g.fighters[s.offensive]} attacks: slot {min(s.played + 1, s.slots)} of {s.slots}", th.TEXT))
        if s.heat:
            out.append(("HEAT", th.ACCENT))
        if s.punishment and s.played == 0:
            out.append(("Punishment slot: unblockable", th.ACCENT))
        if s.pending_area:
            out.append((f"A card face down - {g.fighters[s.defender]}: High, Mid or Low?", th.ACCENT))
    if g.punishment is not None:
        out.append((f"Punishment token: {g.fighters[g.punishment]}", th.DIM))
    for side, f in enumerate(g.fighters_):
        bits = []
        if f.knocked_down:
            bits.append("knocked down")
        if f.stuns:
            bits.append(f"{f.stuns} Stun")
        if f.rage and g.hp[side].in_rage:
            bits.append(f"Rage: {f.rage}")
        elif f.rage:
            bits.append("Rage chosen")
        if bits:
            out.append((f"{f.name}: {', '.join(bits)}", th.DIM))
    if g.last:
        out.append((g.last, th.BAD if "BLOCKED" in g.last else th.GOOD))
    return out


class TekkenScreen(GameScreen):
    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        hp, rest = split_v(body, 0.42, pad)
        string, right = split_h(rest, 0.5, pad)
        stage, chance = split_v(right, 0.55, pad)
        return {"hp": hp, "string": string, "stage": stage, "chance": chance}

    def header(self, surf, rect, st, t) -> None:
        g = st.g
        if g is not None:
            score = f"Round {g.round}   {g.fighters_[0].rounds} : {g.fighters_[1].rounds}"
            t.blit_text(surf, score, 26, th.TEXT, rect.center, "center")

    def draw(self, surf, rects, st, now, camera, t) -> None:
        g = st.g
        hp_bars.draw(surf, rects["hp"], g.hp, g.fighters, t)
        inner = t.panel(surf, rects["string"], "The String")
        y = inner.y
        for text, colour in string_lines(g):
            y = t.blit_text(surf, text, 18, colour, (inner.x, y), max_width=inner.w).bottom + t.px(4)
        self._stage(surf, rects["stage"], g, t)

    def _stage(self, surf, rect, g, t):
        inner = t.panel(surf, rect, "Stage")
        d = g.distance()
        label = "" if d is None else "Close Range" if d == 0 else f"Distance {d}"
        text = t.blit_text(surf, label, 16, th.TEXT, (inner.x, inner.y))
        area = pygame.Rect(inner.x, text.bottom + t.px(4), inner.w, inner.bottom - text.bottom - t.px(4))
        st = g.stage
        c = max(4, min(area.w // st.cols, area.h // st.rows))
        x0 = area.x + (area.w - c * st.cols) // 2
        for r in range(st.rows):
            for col in range(st.cols):
                pygame.draw.rect(surf, th.HP_EMPTY, (x0 + col * c + 1, area.y + r * c + 1, c - 2, c - 2))
        for side, f in enumerate(g.fighters_):
            if f.cell is not None:
                r, col = f.cell
                centre = (x0 + col * c + c // 2, area.y + r * c + c // 2)
                pygame.draw.circle(surf, th.TEAM_COLOURS[side], centre, max(2, c // 2 - 2))
