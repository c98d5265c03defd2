"""Tekton Dash's screen: each player's board as seen with its Blueprint progress, the turn,
round and actions left, the Spawn Dice, the sabotage meters, the podium and, at the end,
the ranking with each player's Tektonpedia personality and Tekton or Mekton."""

from __future__ import annotations

import pygame

from companion.games.tekton_dash.rules.tektonpedia import personality, verdict
from companion.games.tekton_dash.widgets import player_board
from companion.ui import theme as th
from companion.ui.game_screen import GameScreen, split_h, split_v


def status_line(g) -> str:
    """The header's line: who is placing or racing, the round and the actions left."""
    if g.over:
        return "The race is over"
    if g.placing:
        unplaced = [n for n in reversed(g.names) if g.dasher(n).floor is None]
        return f"Place the dashers: {unplaced[0]} next" if unplaced else "Ready"
    left = g.actions_left
    acts = f"{left} action{'s' if left != 1 else ''} left"
    extra = ""
    if g.card is not None:
        extra = f" - {g.card.player}: use or decline the Power-Up card"
    elif g.boost_pending:
        extra = " - follow the boost"
    return f"Round {g.round} - {g.current.name}'s turn - {acts}{extra}"


def racetrack_line(g, reading) -> str:
    """The racetrack as the camera reads it, against the race's floors."""
    seen = {(t.row, t.col): (t.kind, t.power_up) for t in reading.tiles}
    differ = g.floor_differences(seen)
    stale = "" if reading.status == "seen" else " (an earlier picture)"
    if not differ:
        return "Racetrack: as the race has it" + stale
    where = ", ".join(f"row {r + 1} lane {l + 1}" for r, l in differ[:3]) + ("..." if len(differ) > 3 else "")
    return f"Racetrack: {len(differ)} floor(s) differ: {where}{stale}"


def final_lines(g) -> list[tuple[str, tuple]]:
    """The ranking with each player's Tektonpedia cell and verdict."""
    out = []
    for place, name in g.ranking:
        d = g.dasher(name)
        lap1 = d.lap1_place or place
        cell = personality(min(lap1, 6), min(place, 6), g.rulings.tektonpedia_cell)
        v = verdict(d.meter, g.rulings.mekton_at)
        out.append((f"{place}. {name}: {v} #{cell}", th.BAD if v == "Mekton" else th.GOOD))
    return out


class TektonDashScreen(GameScreen):
    def layout(self, body: pygame.Rect, t) -> dict[str, pygame.Rect]:
        pad = t.px(8)
        boards, right = split_h(body, 0.7, pad)
        chance, rest = split_v(right, 0.3, pad)
        race, camera = split_v(rest, 0.5, pad)
        return {"boards": boards, "chance": chance, "race": race, "camera": camera}

    def header(self, surf, rect, st, t):
        g = st.g
        if g is None:
            return None
        t.blit_text(surf, status_line(g), 24, th.TEXT, rect.center, "center")
        return None

    def draw(self, surf, rects, st, now, camera, t) -> None:
        g = st.g
        if g is None:
            return
        readings = getattr(camera[4], "readings", {}) if camera and camera[4] is not None else {}
        self._boards(surf, rects["boards"], g, readings, t)
        self._race(surf, rects["race"], g, t, readings.get("racetrack"))

    def _boards(self, surf, rect, g, readings, t):
        n = len(g.dashers)
        cols = 2 if n <= 4 else 3
        rows = (n + cols - 1) // cols
        gap = t.px(6)
        w = (rect.w - gap * (cols - 1)) // cols
        h = (rect.h - gap * (rows - 1)) // rows
        for i, d in enumerate(g.dashers):
            r, c = divmod(i, cols)
            card = pygame.Rect(rect.x + c * (w + gap), rect.y + r * (h + gap), w, h)
            player_board.draw(surf, card, g, d, readings.get(d.name), i == g.turn and not g.placing and not g.over, t)

    def _race(self, surf, rect, g, t, racetrack=None):
        inner = t.panel(surf, rect, "Ranking" if g.over else "The race")
        y = inner.y

        def line(text, colour=th.TEXT, size=18):
            nonlocal y
            y = t.blit_text(surf, text, size, colour, (inner.x, y), max_width=inner.w).bottom + t.px(4)

        if g.over:
            for text, colour in final_lines(g):
                line(text, colour)
            return
        if racetrack is not None and racetrack.status != "never seen":
            line(racetrack_line(g, racetrack), th.GOOD if "as the race" in racetrack_line(g, racetrack) else th.ACCENT)
        if g.podium:
            line("Podium: " + ", ".join(f"{i + 1}. {n}" for i, n in enumerate(g.podium)), th.ACCENT)
        line("Two actions a turn" if g.two_actions else "One action a turn (lap 1)", th.DIM)
        if g.rulings.power_up_cards:
            line("Power-Ups active" if g.power_ups_active else "Power-Ups from round 3", th.DIM)
        if g.rulings.mode != "standard":
            line(f"Mode: {g.rulings.mode}", th.DIM)
        for place, name in g.standing():
            line(f"{place}. {name}", th.TEXT, 16)
