"""The pitch seen from above: the camera picture rectified with the board's
homography, the bases found on it, and the answers to "how far": lines from the
active player to everyone involved and to the card last tapped, with their
closest-point lengths in inches,
the 2 in pressure rings of defenders who declared PRESSURE, and the active
player's MOV reach.

The rectified picture uses the registration's board-to-image homography on the
frame as captured; with a strongly distorting lens, calibrate the camera
(``companion calibrate camera``) so the measured bases are right (the drawn
picture may still bend slightly at the edges).
"""

from __future__ import annotations

import cv2
import numpy as np
import pygame

from companion.rules.table import TableState
from companion.games.takkure.rules import geometry
from companion.games.takkure.rules.geometry import Base
from companion.ui import theme as th

PITCH_IN = (22.0, 30.0)


def positions(result) -> dict[str, Base]:
    """Bases of the pieces bound to a player card (by an NFC tap), by player name."""
    if result is None:
        return {}
    return {p.player: Base(p.x_in, p.y_in, p.radius_in) for p in result.pieces if p.player}


class PitchView:
    def __init__(self, board_in: tuple[float, float] = PITCH_IN):
        self.board_in = board_in
        self._key = None
        self._surface: pygame.Surface | None = None

    def _rectified(self, frame: np.ndarray, H: np.ndarray, scale: float, size: tuple[int, int], key):
        if key != self._key:
            S = np.array([[scale, 0, 0], [0, scale, 0], [0, 0, 1]], dtype=float)
            top = cv2.warpPerspective(frame, S @ np.linalg.inv(H), size, flags=cv2.INTER_AREA)
            rgb = cv2.cvtColor(top, cv2.COLOR_BGR2RGB)
            self._surface = pygame.image.frombuffer(rgb.tobytes(), size, "RGB").copy()
            self._key = key
        return self._surface

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, st: TableState, frame_no: int, frame, status: str,
             ok: bool, result, t: th.Theme) -> None:
        inner = t.panel(surf, rect, "Pitch (inches, from above)")
        w_in, h_in = self.board_in
        body = pygame.Rect(inner.x, inner.y, inner.w, inner.h - t.px(18))
        scale = min(body.w / w_in, body.h / h_in)
        size = (max(1, int(w_in * scale)), max(1, int(h_in * scale)))
        at = pygame.Rect(0, 0, *size)
        at.midtop = body.midtop
        reg = getattr(result, "registration", None)
        if frame is not None and reg is not None and reg.H is not None and ok:
            surf.blit(self._rectified(frame, reg.H, scale, size, (frame_no, size)), at)
        else:
            pygame.draw.rect(surf, (28, 70, 40), at)
        pygame.draw.rect(surf, th.PANEL_EDGE, at, max(1, t.px(1)))

        def px(x: float, y: float) -> tuple[int, int]:
            return int(at.x + x * scale), int(at.y + y * scale)

        where = positions(result)
        m = st.g.match
        for piece in (result.pieces if result is not None else []):
            team = m.team_of(piece.player) if piece.player and m.has(piece.player) else None
            colour = th.DIM if piece.stale else (th.TEAM_COLOURS[team] if team is not None else th.TEXT)
            pygame.draw.circle(surf, colour, px(piece.x_in, piece.y_in), max(3, int(piece.radius_in * scale)),
                               max(1, t.px(2)))
            if piece.player:
                t.blit_text(surf, piece.player, 12, th.TEXT, px(piece.x_in, piece.y_in - piece.radius_in), "midbottom")
        # Pressure rings: 2 in beyond the base's edge.
        for d in m.declared:
            if d.action == "pressure" and d.player in where:
                b = where[d.player]
                pygame.draw.circle(surf, th.WARN, px(b.x, b.y), int((b.r + geometry.PRESSURE_IN) * scale),
                                   max(1, t.px(1)))
        active = st.g.active_player
        if active and active in where and m.has(active):
            b = where[active]
            reach = b.r + m.get(active).state.base("MOV")
            pygame.draw.circle(surf, th.ACCENT, px(b.x, b.y), int(reach * scale), max(1, t.px(1)))
            # Everyone involved, and the card last tapped: "how far is this one?"
            others = {n for d in m.declared for n in (d.player, d.target)} | {st.selected or ""}
            others -= {active, ""}
            for name in sorted(others):
                if name not in where:
                    continue
                o = where[name]
                gap = geometry.distance(b, o)
                pygame.draw.line(surf, th.TEXT, px(b.x, b.y), px(o.x, o.y), max(1, t.px(1)))
                t.blit_text(surf, f"{gap:.1f} in", 14, th.ACCENT, px((b.x + o.x) / 2, (b.y + o.y) / 2), "center")
        t.blit_text(surf, status, 15, th.DIM if ok else th.BAD, inner.bottomleft, "bottomleft", max_width=inner.w)
