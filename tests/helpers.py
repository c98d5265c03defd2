"""Reading back what the screen drew: find rendered text in a surface or PNG."""

from __future__ import annotations

import cv2
import numpy as np
import pygame


def surface_array(surface_or_path) -> np.ndarray:
    if isinstance(surface_or_path, pygame.Surface):
        surf = surface_or_path
    else:
        surf = pygame.image.load(str(surface_or_path))
    return np.ascontiguousarray(pygame.surfarray.array3d(surf).swapaxes(0, 1))  # H x W x RGB


def contains_text(surface_or_path, text: str, size: float, fg, bg, scale: float = 1.0,
                  region: tuple[int, int, int, int] | None = None) -> bool:
    """True if ``text``, rendered as the companion's theme renders it, is drawn somewhere
    (optionally inside region = x, y, w, h) on ``bg``."""
    pygame.font.init()
    font = pygame.font.Font(None, max(1, int(round(size * scale))))
    glyphs = pygame.surfarray.array3d(font.render(text, True, fg, bg)).swapaxes(0, 1)
    img = surface_array(surface_or_path)
    if region:
        x, y, w, h = region
        img = img[y:y + h, x:x + w]
    if img.shape[0] < glyphs.shape[0] or img.shape[1] < glyphs.shape[1]:
        return False
    res = cv2.matchTemplate(img.astype(np.float32), glyphs.astype(np.float32), cv2.TM_SQDIFF_NORMED)
    return float(res.min()) < 0.02


def count_colour(surface_or_path, rgb, region=None, tol: int = 8) -> int:
    img = surface_array(surface_or_path).astype(int)
    if region:
        x, y, w, h = region
        img = img[y:y + h, x:x + w]
    return int((np.abs(img - np.array(rgb)).max(axis=2) <= tol).sum())
