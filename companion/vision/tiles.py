"""Tekton Dash tiles in the profile's grid: the top tile of each cell.

Printed proxy tiles use the nominal colours, with a white star on the
Power-Up side. Each cell is sampled on a grid of points inside it (away from
its edges): the median hue names the kind, and enough white, colourless
pixels mean the star is there. Cells without a strong colour hold no tile.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.colours import NOMINAL_RGB, Palette, TeamColour, lab_of_bgr_u8, lab_of_rgb
from companion.vision.profile import Grid
from companion.vision.registration import Registration

TILE_KINDS = ("red", "blue", "yellow", "green")
STAR_SHARE = 0.06


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    kind: str
    power_up: bool


def find_tiles(frame: np.ndarray, reg: Registration, grid: Grid, camera=None) -> list[Tile]:
    palette = Palette([TeamColour(k, tuple(lab_of_rgb(NOMINAL_RGB[k]))) for k in TILE_KINDS])
    s = np.linspace(0.15, 0.85, 12)
    gx, gy = np.meshgrid(s, s)
    unit = np.column_stack([gx.ravel(), gy.ravel()])
    out = []
    for row in range(grid.rows):
        for col in range(grid.cols):
            x0 = grid.origin_in[0] + col * grid.cell_in
            y0 = grid.origin_in[1] + row * grid.cell_in
            pts = np.array([x0, y0]) + unit * grid.cell_in
            uv = reg.to_image(pts)
            if camera is not None:
                uv = camera.distort(uv)
            uv = uv.astype(np.float32).reshape(-1, 1, 2)
            px = cv2.remap(frame, uv[..., 0], uv[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
            lab = lab_of_bgr_u8(px.reshape(-1, 3))
            chroma = np.hypot(lab[:, 1], lab[:, 2])
            coloured = lab[chroma > 20]
            if len(coloured) < len(lab) * 0.4:
                continue
            kind, gap = palette.classify(np.median(coloured, axis=0))
            if gap > 35:
                continue
            white = np.mean((lab[:, 0] > 75) & (chroma < 18))
            out.append(Tile(row, col, kind, bool(white > STAR_SHARE)))
    return out
