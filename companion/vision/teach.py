"""`companion teach`: learn a team's real paint from one base in a picture.

The rim is the ring 12 to 26 mm from the base's centre; its most colourful
half is the paint (the figure, shadows and the surface are duller). The
learned colour is stored by name and used by vision from then on. A colour
too close to the surface's own colour is warned about.
"""

from __future__ import annotations

import sys

import cv2
import numpy as np

from companion.config import Config
from companion.vision.colours import learn_colour, load_learned, save_learned, surface_warnings
from companion.vision.colours import Palette, TeamColour
from companion.vision.image_file import ImageFileError, read_image
from companion.vision.pipeline import VisionPipeline
from companion.vision.profile import load_profile
from companion.vision.white import neutral


def sample_ring(frame, reg, x: float, y: float, inner_mm: float = 12, outer_mm: float = 26) -> np.ndarray:
    radii = np.linspace(inner_mm, outer_mm, 12) / 25.4
    angles = np.linspace(0, 2 * np.pi, 90, endpoint=False)
    pts = np.array([[x + r * np.cos(a), y + r * np.sin(a)] for r in radii for a in angles])
    uv = reg.to_image(pts).astype(np.float32).reshape(-1, 1, 2)
    return cv2.remap(frame, uv[..., 0], uv[..., 1], cv2.INTER_LINEAR).reshape(-1, 3)


def surface_sample(frame, reg, profile) -> tuple[int, int, int]:
    xs, ys = np.meshgrid(np.linspace(0.5, profile.width_in - 0.5, 20), np.linspace(0.5, profile.height_in - 0.5, 20))
    uv = reg.to_image(np.column_stack([xs.ravel(), ys.ravel()])).astype(np.float32).reshape(-1, 1, 2)
    px = cv2.remap(frame, uv[..., 0], uv[..., 1], cv2.INTER_LINEAR).reshape(-1, 3)
    b, g, r = np.median(px, axis=0)
    return int(r), int(g), int(b)


def teach(cfg: Config, image: str, board: str, team: str, at: str) -> int:
    team = team.strip()
    if not team:
        print("companion: --team is blank: name the team colour to learn (e.g. red, or gold)", file=sys.stderr)
        return 2
    try:
        x, y = (float(v) for v in at.split(","))
    except ValueError:
        print(f"companion: --at expects X,Y in board inches, got {at!r}", file=sys.stderr)
        return 2
    profile = load_profile(board)
    try:
        frame = read_image(image)
    except ImageFileError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    pipeline = VisionPipeline(profile, track=False)
    result = pipeline.process(frame)
    if result.status == "lost":
        print(f"companion: {result.message}", file=sys.stderr)
        return 3
    # the paint as vision will read it: with the picture's tint (white.py) divided out
    lab = learn_colour(neutral(sample_ring(frame, result.registration, x, y), pipeline.bases.gains))
    if np.hypot(lab[1], lab[2]) < 12:
        print("companion: no colourful rim there: check --at (the base's centre in inches)", file=sys.stderr)
        return 1
    learned = load_learned(cfg.vision.colours)
    learned[team] = lab
    save_learned(cfg.vision.colours, learned)
    palette = Palette([TeamColour(team, lab)])
    for warning in surface_warnings(palette, [team], profile.surface_rgb or
                                    [surface_sample(frame, result.registration, profile)]):
        print(f"warning: {warning}", file=sys.stderr)
    print(f"learned {team}: Lab ({lab[0]:.1f}, {lab[1]:.1f}, {lab[2]:.1f}); saved in {cfg.vision.colours}")
    return 0
