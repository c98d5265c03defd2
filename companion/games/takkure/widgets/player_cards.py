"""Takkure player cards: the active player and everyone involved in this activation.

Each card shows the team colour, the name, the ball if it carries it, GROUNDED,
fatigue tokens (filled: active, hollow: inactive, dark: permanent), wounds out
of BDY and the declared action. Below the cards: the step in progress and the
rolls the rules still ask for.
"""

from __future__ import annotations

import pygame

from companion.rules.table import TableState
from companion.games.takkure.rules.match import LABELS, Match
from companion.ui import theme as th

FATIGUE_COLOURS = {"active": (245, 150, 40), "permanent": (150, 40, 40)}


def involved(st: TableState) -> list[str]:
    """Who the screen shows: active player, those declaring or targeted, pending rollers,
    the carrier, the selected card; in that order, once each."""
    m, names = st.g.match, []
    order = [st.g.active_player] + [n for d in m.declared for n in (d.player, d.target)] + \
        [p.player for p in m.pending] + [m.carrier, st.selected]
    for n in order:
        if n and m.has(n) and n not in names:
            names.append(n)
    return names


def _card(surf, rect: pygame.Rect, m: Match, name: str, st: TableState, t: th.Theme) -> None:
    p = m.get(name)
    s = p.state
    pygame.draw.rect(surf, (40, 45, 58), rect, border_radius=t.px(6))
    pygame.draw.rect(surf, th.TEAM_COLOURS[p.team], pygame.Rect(rect.x, rect.y, t.px(6), rect.h),
                     border_radius=t.px(3))
    x = rect.x + t.px(12)
    title = name + ("  (active)" if name == st.g.active_player else "")
    r = t.blit_text(surf, title, 20, th.TEXT, (x, rect.y + t.px(4)), max_width=rect.w - t.px(60))
    if m.carrier == name:
        pygame.draw.ellipse(surf, (150, 90, 40), pygame.Rect(r.right + t.px(8), r.centery - t.px(5),
                                                              t.px(16), t.px(10)))
    tags = []
    if s.injured or s.removed:
        tags.append(("OUT" if s.removed else "INJURED", th.BAD))
    elif s.grounded:
        tags.append(("GROUNDED", th.WARN))
    d = next((d for d in reversed(m.declared) if d.player == name), None)
    if d is not None:
        tags.append((LABELS[d.action] + (f" > {d.target}" if d.target and d.target != "in the air" else ""),
                     th.ACCENT))
    y = r.bottom + t.px(3)
    tx = x
    for text, colour in tags:
        tr = t.blit_text(surf, text, 15, colour, (tx, y), max_width=rect.right - tx - t.px(4))
        tx = tr.right + t.px(10)
    y2 = rect.bottom - t.px(10)
    rad = t.px(5)
    for k, token in enumerate(s.fatigue):
        c = (x + rad + k * (2 * rad + t.px(4)), y2)
        if token == "inactive":
            pygame.draw.circle(surf, FATIGUE_COLOURS["active"], c, rad, max(1, t.px(1)))
        else:
            pygame.draw.circle(surf, FATIGUE_COLOURS[token], c, rad)
    wounds = f"W {s.wounds}/{s.effective('BDY')}" + (f"  honor {p.honor}" if p.honor else "")
    t.blit_text(surf, wounds, 15, th.BAD if s.wounds else th.DIM, (rect.right - t.px(6), y2), "midright")


def draw(surf: pygame.Surface, rect: pygame.Rect, st: TableState, t: th.Theme) -> None:
    inner = t.panel(surf, rect, f"Half {st.g.half}" + (f" - {st.g.step}. {st.g.step_name}" if st.g.step else ""))
    m = st.g.match
    footer_h = t.px(40)
    if not m.players:
        line = f"{st.g.active_player} is active" if st.g.active_player else "no rosters loaded"
        t.blit_text(surf, line, 18, th.DIM, inner.topleft, max_width=inner.w)
        return
    names = involved(st)
    card_h = t.px(52)
    fits = max(0, (inner.h - footer_h) // (card_h + t.px(4)))
    for k, name in enumerate(names[:fits]):
        _card(surf, pygame.Rect(inner.x, inner.y + k * (card_h + t.px(4)), inner.w, card_h), m, name, st, t)
    if not names:
        t.blit_text(surf, "tap a player's card to select it", 16, th.DIM, inner.topleft, max_width=inner.w)
    due = m.rolls_due
    kick = next((p for p in m.pending if p.kind == "kick_off"), None)
    if due:
        line, colour = "Roll next: " + ", ".join(f"{LABELS[p.kind]} ({p.player})" for p in due[:2]), th.ACCENT
    elif kick is not None:
        line, colour = f"Kick-off: {st.teams[int(kick.player)]} decide who kicks", th.ACCENT
    else:
        tokens = f"{st.g.activation_tokens} activation token{'s' * (st.g.activation_tokens != 1)} left"
        stars = "  Superstars " + "/".join(map(str, m.superstars)) if any(m.superstars) else ""
        line, colour = tokens + stars, th.DIM
    t.blit_text(surf, line, 16, colour, (inner.x, inner.bottom), "bottomleft", max_width=inner.w)
