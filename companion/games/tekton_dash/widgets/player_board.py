"""One player's card: the board as the camera sees it (or as the race has it, without a
camera), the Blueprint side facing up laid over it with the missing cells outlined in the
colour they need and the extra tiles crossed out, and the player's race: lap, row, meter,
tokens, marker."""

from __future__ import annotations

import pygame

from companion.games.tekton_dash.rules import blueprint as bp
from companion.games.tekton_dash.rules.tektonpedia import verdict
from companion.ui import theme as th

KIND_RGB = {"red": (205, 45, 50), "blue": (40, 95, 215), "yellow": (235, 205, 40), "green": (45, 165, 70)}
EMPTY = (52, 56, 68)


def shown_board(d, reading) -> tuple[dict, str]:
    """(cell -> (kind, power_up), where it comes from): the camera's reading when it has one."""
    if reading is not None and reading.status != "never seen":
        cells = {(t.row, t.col): (t.kind, t.power_up) for t in reading.tiles}
        return cells, "as seen" if reading.status == "seen" else f"as seen before: {reading.why}"
    return dict(d.board.cells), "as the race has it"


def _star(surf, centre, r):
    cx, cy = centre
    pts = [(cx, cy - r), (cx + r * 0.3, cy - r * 0.3), (cx + r, cy), (cx + r * 0.3, cy + r * 0.3),
           (cx, cy + r), (cx - r * 0.3, cy + r * 0.3), (cx - r, cy), (cx - r * 0.3, cy - r * 0.3)]
    pygame.draw.polygon(surf, (250, 250, 250), pts)


def draw(surf: pygame.Surface, rect: pygame.Rect, g, d, reading, current: bool, t) -> None:
    pygame.draw.rect(surf, th.PANEL, rect, border_radius=t.px(6))
    pygame.draw.rect(surf, th.ACCENT if current else th.PANEL_EDGE, rect, t.px(3 if current else 1),
                     border_radius=t.px(6))
    pad = t.px(6)
    title = t.blit_text(surf, d.name, 22, th.ACCENT if current else th.TEXT, (rect.x + pad, rect.y + pad))
    if d.finished:
        where = f"finished {d.finish_place}"
    elif d.floor is None:
        where = "not placed"
    elif d.floor[0] >= g.track.rows:
        where = f"lap {d.lap} - Flip line"
    else:
        where = f"lap {d.lap} - row {d.floor[0] + 1}"
    t.blit_text(surf, where, 16, th.DIM, (rect.right - pad, title.centery), "midright")
    cells, source = shown_board(d, reading)
    top = title.bottom + t.px(4)
    side = min(int(rect.w * 0.5), rect.bottom - top - pad)
    side -= side % 5
    grid = pygame.Rect(rect.x + pad, top, side, side)
    c = side // 5
    check = bp.check({k: v[0] for k, v in cells.items()}, d.blueprint.side(d.side), g.rulings.blueprint_fit)
    for r in range(5):
        for col in range(5):
            cell = pygame.Rect(grid.x + col * c + 1, grid.y + r * c + 1, c - 2, c - 2)
            tile = cells.get((r, col))
            pygame.draw.rect(surf, KIND_RGB[tile[0]] if tile else EMPTY, cell, border_radius=t.px(3))
            if tile and tile[1]:
                _star(surf, cell.center, c * 0.28)
            need = check.missing.get((r, col))
            if need:                                   # the Blueprint wants this kind here
                pygame.draw.rect(surf, KIND_RGB[need], cell, t.px(3), border_radius=t.px(3))
            if (r, col) in check.extra:                # a tile the Blueprint does not want here
                pygame.draw.line(surf, th.BAD, cell.topleft, cell.bottomright, t.px(3))
                pygame.draw.line(surf, th.BAD, cell.topright, cell.bottomleft, t.px(3))
    x, y = grid.right + t.px(10), top
    width = rect.right - x - pad

    def line(text, colour=th.TEXT, size=16):
        nonlocal y
        y = t.blit_text(surf, text, size, colour, (x, y), max_width=width).bottom + t.px(3)

    name = "Green" if d.side == "green" else "Red"
    want = len(d.blueprint.side(d.side))
    mekton = g.rulings.is_mekton(d.meter)
    if width < t.px(100):                          # a narrow card (six players on a small screen)
        line(f"{name} done" if check.complete else f"{name} {check.correct}/{want}",
             th.GOOD if check.complete else th.TEXT)
        if not check.complete:
            line(f"-{len(check.missing)} +{len(check.extra)}", th.DIM)
        line(f"sab. {d.meter}", th.BAD if mekton else th.TEXT)
        if g.marker == d.name or d.frozen:
            line("marker" if g.marker == d.name else "frozen", th.ACCENT)
        if source != "as seen":
            line("not seen" if source.startswith("as the race") else "stale", th.ACCENT)
        return
    if check.complete:
        line(f"{name}: complete", th.GOOD)
    else:
        line(f"{name}: {check.correct}/{want} right", th.TEXT)
        line(f"{len(check.missing)} missing, {len(check.extra)} extra", th.DIM)
    line(f"sabotage {d.meter} - {verdict(d.meter, g.rulings.mekton_at)}", th.BAD if mekton else th.TEXT)
    if g.rulings.ability_tokens:
        line(f"Ability Tokens {d.abilities}", th.DIM)
    if g.marker == d.name:
        line("holds the sabotage marker", th.ACCENT)
    if d.frozen:
        line("frozen: skips a turn", th.BAD)
    line(source, th.DIM if source == "as seen" else th.ACCENT, 14)
