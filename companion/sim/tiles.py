"""Rendered Tekton Dash player boards with proxy tiles, widely randomised, for the cell
classifier's accuracy (benchmarks/tile_samples.py) and its tests.

A case is a table seen from above, holding 1 to 6 player boards. Board k is a 5x5 grid
of 1.2 in cells with its markers 20+4k..23+4k, 1.5 in wide, centred 1.25 in outside
its corners (the form of ../shared/vision-samples/tiles/board-K.toml). Drawn flat at
high resolution, then projected as a tilted camera sees it. What varies:
- the paper and its grid lines;
- faint printed hints of a colour on empty cells;
- the tiles' paint (hue within 8 degrees, saturation, brightness), their size, off-centre
  and turn, and the dark edge of their 2 mm thickness;
- the Power-Up star: its size, place and whiteness;
- light gradients and tint, tilt and yaw, the board filling more or less of the frame,
  blur, noise, JPEG, at 1280x720 or 1920x1080.
The truth is written in the samples' form (``boards``: ``k``, ``tiles``).

>>> case = make_tile_case(3)
>>> 1 <= len(case.boards) <= 6 and case.image().shape[2] == 3
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.vision.projective import warp_perspective

ROWS = COLS = 5
CELL_IN = 1.2
BOARD_IN = ROWS * CELL_IN
MARKER_IN, MARKER_OFF_IN = 1.5, 1.25
KINDS = ("red", "blue", "yellow", "green")
TILE_RGB = {"red": (200, 30, 40), "blue": (30, 80, 200), "yellow": (230, 200, 30), "green": (40, 160, 60)}
PLACE_IN = 10.8                     # boards are laid out on the table this far apart (markers clear)
MASTER_PPI = 60                     # the flat table's drawing


@dataclass
class TileBoard:
    k: int
    origin_in: tuple[float, float]           # the board's (0, 0) on the table
    tiles: dict[tuple[int, int], tuple[str, bool]] = field(default_factory=dict)

    def truth(self) -> dict:
        return {"k": self.k, "markers": [20 + 4 * self.k + i for i in range(4)],
                "tiles": [{"row": r, "col": c, "kind": kind, "power_up": up}
                          for (r, c), (kind, up) in sorted(self.tiles.items())]}


@dataclass
class TileCase:
    seed: int
    boards: list[TileBoard]
    size: tuple[int, int]
    conditions: dict
    hand_over: int | None = None             # board k with a hand reaching to one of its cells
    hand: list = field(default_factory=list)  # the hand and forearm: polygons in table inches
    mark: str = "star"                       # the Power-Up side's mark: "star" (proxy tiles) or "dot"

    def covered_cells(self, k: int, share: float = 0.3) -> list[tuple[int, int]]:
        """Board k's cells with at least ``share`` of their inside under the hand."""
        board = next(b for b in self.boards if b.k == k)
        P = 20
        mask = np.zeros((int(BOARD_IN * P), int(BOARD_IN * P)), np.uint8)
        for s in self.hand:
            pts = (np.array(s) - board.origin_in) * P
            cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 1)
        n, m = int(CELL_IN * P), int(0.12 * CELL_IN * P)
        return [(r, c) for r in range(ROWS) for c in range(COLS)
                if mask[r * n + m:(r + 1) * n - m, c * n + m:(c + 1) * n - m].mean() >= share]

    def image(self) -> np.ndarray:
        return _render(self)

    def truth(self) -> dict:
        return {"boards": [b.truth() for b in self.boards], "conditions": self.conditions}


def profile_toml(k: int) -> str:
    """Board k's profile (the samples' board-K.toml)."""
    corners = [(-MARKER_OFF_IN, -MARKER_OFF_IN), (BOARD_IN + MARKER_OFF_IN, -MARKER_OFF_IN),
               (BOARD_IN + MARKER_OFF_IN, BOARD_IN + MARKER_OFF_IN), (-MARKER_OFF_IN, BOARD_IN + MARKER_OFF_IN)]
    lines = [f'name = "tekton-player-board-{k}"', f"width_in = {BOARD_IN}", f"height_in = {BOARD_IN}",
             'marker_dictionary = "DICT_4X4_50"', f"marker_size_in = {MARKER_IN}", f"rows = {ROWS}",
             f"cols = {COLS}", f"cell_in = {CELL_IN}", "grid_origin_in = [0.0, 0.0]", "[markers]"]
    lines += [f"{20 + 4 * k + i} = [{x}, {y}]" for i, (x, y) in enumerate(corners)]
    return "\n".join(lines) + "\n"


def board_profile(k: int):
    """Board k's profile, parsed (a BoardProfile)."""
    import tomllib

    from companion.vision.profile import profile_from_dict

    return profile_from_dict(tomllib.loads(profile_toml(k)), f"board-{k}.toml")


def make_tile_case(seed: int, hand: bool = False) -> TileCase:
    """Case ``seed``; with ``hand``, a hand reaches over one of its boards."""
    rng = np.random.default_rng(40_000 + seed)
    n = int(rng.integers(1, 7))
    ks = sorted(int(k) for k in rng.choice(6, size=n, replace=False))
    slots = [(c, r) for r in range(2) for c in range(3)]
    boards = []
    for k, (c, r) in zip(ks, [slots[i] for i in sorted(rng.choice(6, size=n, replace=False))]):
        board = TileBoard(k, (3.0 + c * PLACE_IN + rng.uniform(-0.4, 0.4), 3.0 + r * PLACE_IN + rng.uniform(-0.4, 0.4)))
        fill = rng.uniform(0.2, 0.9)
        for row in range(ROWS):
            for col in range(COLS):
                if rng.random() < fill:
                    board.tiles[(row, col)] = (KINDS[int(rng.integers(4))], bool(rng.random() < 0.4))
        boards.append(board)
    size = (1920, 1080) if rng.random() < 0.3 else (1280, 720)
    conditions = {"size": list(size), "boards": n, "seed": seed}
    case = TileCase(seed, boards, size, conditions)
    if hand:
        board = boards[int(rng.integers(len(boards)))]
        case.hand_over = board.k
        ox, oy = board.origin_in
        tip = np.array([ox + rng.uniform(0.6, BOARD_IN - 0.6), oy + rng.uniform(0.6, BOARD_IN - 0.6)])
        angle = rng.uniform(0, 2 * math.pi)
        d = np.array([math.cos(angle), math.sin(angle)])           # from the fingertips towards the arm
        nrm = np.array([-d[1], d[0]])
        palm = tip + d * 1.6
        case.hand = [[tuple(p) for p in (tip + nrm * 0.9, tip - nrm * 0.9, palm - nrm * 1.3 + d * 0.8,
                                         palm + nrm * 1.3 + d * 0.8)],
                     [tuple(p) for p in (palm + nrm * 0.9, palm - nrm * 0.9, palm - nrm * 1.0 + d * 12,
                                         palm + nrm * 1.0 + d * 12)]]
    return case


def _paint(rgb, rng, hue_deg: float, sat: float, value: float):
    px = np.uint8([[list(rgb)]])
    hsv = cv2.cvtColor(px, cv2.COLOR_RGB2HSV_FULL).astype(np.float64)
    hsv[0, 0, 0] = (hsv[0, 0, 0] + hue_deg * 256 / 360) % 256
    hsv[0, 0, 1] = min(255, hsv[0, 0, 1] * sat)
    hsv[0, 0, 2] = min(255, hsv[0, 0, 2] * value)
    r, g, b = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2RGB_FULL)[0, 0]
    return int(b), int(g), int(r)


def _star(cx: float, cy: float, r: float, turn: float) -> np.ndarray:
    pts = []
    for i in range(10):
        a = turn + i * math.pi / 5 - math.pi / 2
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return np.array(pts)


def _render(case: TileCase) -> np.ndarray:
    rng = np.random.default_rng(50_000 + case.seed)
    P = MASTER_PPI
    table_w, table_h = 3 * PLACE_IN + 4, 2 * PLACE_IN + 4
    W, H = int(table_w * P), int(table_h * P)
    table_bgr = [(60, 90, 130), (110, 110, 110), (40, 60, 40), (150, 160, 170)][int(rng.integers(4))]
    img = np.zeros((H, W, 3), np.uint8)
    img[:] = table_bgr
    aruco = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    paper = tuple(int(v) for v in sorted(rng.uniform(200, 250, 3)))     # white to cream (B <= G <= R)
    line = tuple(int(v) for v in np.array(paper) - rng.uniform(20, 70))
    shifts = {k: (rng.uniform(-8, 8), rng.uniform(0.75, 1.1), rng.uniform(0.8, 1.05)) for k in KINDS}

    def px(x_in, y_in):
        return np.array([x_in * P, y_in * P])

    def poly(points_in, colour):
        cv2.fillPoly(img, [np.round(np.asarray(points_in) * P * 8).astype(np.int32)], colour,
                     lineType=cv2.LINE_AA, shift=3)

    for board in case.boards:
        ox, oy = board.origin_in
        # the printed board: paper, grid lines, markers with their white margin
        poly([(ox - 0.1, oy - 0.1), (ox + BOARD_IN + 0.1, oy - 0.1), (ox + BOARD_IN + 0.1, oy + BOARD_IN + 0.1),
              (ox - 0.1, oy + BOARD_IN + 0.1)], paper)
        width = max(1, int(round(rng.uniform(0.01, 0.03) * P)))
        for i in range(ROWS + 1):
            a, b = px(ox, oy + i * CELL_IN), px(ox + BOARD_IN, oy + i * CELL_IN)
            cv2.line(img, tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int)), line, width, cv2.LINE_AA)
            a, b = px(ox + i * CELL_IN, oy), px(ox + i * CELL_IN, oy + BOARD_IN)
            cv2.line(img, tuple(np.round(a).astype(int)), tuple(np.round(b).astype(int)), line, width, cv2.LINE_AA)
        corners = [(-MARKER_OFF_IN, -MARKER_OFF_IN), (BOARD_IN + MARKER_OFF_IN, -MARKER_OFF_IN),
                   (BOARD_IN + MARKER_OFF_IN, BOARD_IN + MARKER_OFF_IN), (-MARKER_OFF_IN, BOARD_IN + MARKER_OFF_IN)]
        for i, (mx, my) in enumerate(corners):
            side = int(MARKER_IN * P)
            m = cv2.aruco.generateImageMarker(aruco, 20 + 4 * board.k + i, side)
            x0, y0 = int(round((ox + mx - MARKER_IN / 2) * P)), int(round((oy + my - MARKER_IN / 2) * P))
            q = int(0.2 * P)
            img[y0 - q:y0 + side + q, x0 - q:x0 + side + q] = 255
            img[y0:y0 + side, x0:x0 + side] = cv2.cvtColor(m, cv2.COLOR_GRAY2BGR)
        # faint printed hints on some empty cells, then the tiles
        light_dir = rng.uniform(0, 2 * math.pi)
        for row in range(ROWS):
            for col in range(COLS):
                cx, cy = ox + (col + 0.5) * CELL_IN, oy + (row + 0.5) * CELL_IN
                if (row, col) not in board.tiles:
                    if rng.random() < 0.35:
                        hint = np.array(TILE_RGB[KINDS[int(rng.integers(4))]][::-1], float)
                        alpha = rng.uniform(0.08, 0.3)
                        colour = tuple(int(v) for v in (1 - alpha) * np.array(paper) + alpha * hint)
                        h = rng.uniform(0.25, 0.45) * CELL_IN
                        poly([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)], colour)
                    continue
                kind, up = board.tiles[(row, col)]
                hue, sat, val = shifts[kind]
                colour = _paint(TILE_RGB[kind], rng, hue + rng.uniform(-2, 2), sat * rng.uniform(0.95, 1.05),
                                val * rng.uniform(0.95, 1.05))
                half = rng.uniform(0.45, 0.56) * CELL_IN
                turn = math.radians(rng.uniform(-12, 12))
                dx, dy = rng.uniform(-0.09, 0.09, 2)
                c, s = math.cos(turn), math.sin(turn)
                square = [(cx + dx + c * u - s * v, cy + dy + s * u + c * v)
                          for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))]
                # the tile's 2 mm side, darker, showing on the side away from the light
                edge = 0.08 * np.array([math.cos(light_dir), math.sin(light_dir)])
                poly([(x + edge[0], y + edge[1]) for x, y in square], tuple(int(v * 0.55) for v in colour))
                poly(square, colour)
                if up:
                    r = rng.uniform(0.16, 0.3)
                    sx, sy = cx + dx + rng.uniform(-0.06, 0.06), cy + dy + rng.uniform(-0.06, 0.06)
                    white = tuple(int(v) for v in rng.uniform(225, 255, 3))
                    if case.mark == "dot":      # a real tile's own mark: a dark disc, no star
                        cv2.circle(img, (int(sx * P), int(sy * P)), int(0.6 * r * P),
                                   tuple(int(v * 0.35) for v in colour), -1, cv2.LINE_AA)
                    else:
                        poly(_star(sx, sy, r, turn + rng.uniform(-0.2, 0.2)), white)
    if case.hand:
        _hand(img, rng, case.hand, P)
    # light: a gradient across the table and a tint
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xx * math.cos(a) + yy * math.sin(a)) / max(W, H)
    gain = rng.uniform(0.65, 1.0) + rng.uniform(0.0, 0.45) * (ramp - ramp.min())
    tint = rng.uniform(0.88, 1.12, 3)
    img = np.clip(img.astype(np.float32) * gain[..., None] * tint, 0, 255).astype(np.uint8)
    # the camera: the table's used part fills 75-95 % of the frame, seen tilted and turned
    used = [b.origin_in for b in case.boards]
    x0 = min(o[0] for o in used) - 2.3
    y0 = min(o[1] for o in used) - 2.3
    x1 = max(o[0] for o in used) + BOARD_IN + 2.3
    y1 = max(o[1] for o in used) + BOARD_IN + 2.3
    fw, fh = case.size
    src = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) * P
    fill = rng.uniform(0.75, 0.95)
    scale = fill * min(fw / (x1 - x0), fh / (y1 - y0))
    w, h = (x1 - x0) * scale, (y1 - y0) * scale
    cx, cy = fw / 2 + rng.uniform(-0.5, 0.5) * (fw - w) * 0.5, fh / 2 + rng.uniform(-0.5, 0.5) * (fh - h) * 0.5
    k = rng.uniform(0.0, 0.12)                     # keystone: a tilted camera's near edge is wider
    dst = np.float32([[cx - w / 2 * (1 - k), cy - h / 2], [cx + w / 2 * (1 - k), cy - h / 2],
                      [cx + w / 2 * (1 + k * 0.3), cy + h / 2], [cx - w / 2 * (1 + k * 0.3), cy + h / 2]])
    turn = math.radians(rng.uniform(-6, 6) + 180 * (case.seed % 2))
    rot = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    dst = ((dst - [cx, cy]) @ rot.T + [cx, cy]).astype(np.float32)
    M = cv2.getPerspectiveTransform(src, dst)
    pre = max(0.0, 0.5 * P / scale - 0.5)          # low-pass before shrinking, as a lens and sensor do
    if pre > 0:
        img = cv2.GaussianBlur(img, (0, 0), pre)
    frame = warp_perspective(img, M, (fw, fh), border_value=table_bgr)
    frame = cv2.GaussianBlur(frame, (0, 0), rng.uniform(0.4, 1.2))
    noise = rng.normal(0, rng.uniform(1.5, 4.5), frame.shape)
    frame = np.clip(frame.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    quality = int(rng.choice([75, 85, 93]))
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
    case.conditions.update(jpeg=quality, fill=round(float(fill), 2))
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _hand(img: np.ndarray, rng, shapes, P: int) -> None:
    """A hand and forearm (``shapes``, table inches) with its soft shadow."""
    skin = np.array(rng.choice([(205, 160, 130), (180, 130, 100), (120, 85, 60), (230, 190, 165)]), float)[::-1]
    skin = tuple(int(v) for v in skin * rng.uniform(0.85, 1.05))
    shadow = np.zeros(img.shape[:2], np.float32)
    off = rng.uniform(0.2, 0.6, 2)
    for s in shapes:
        cv2.fillPoly(shadow, [np.round((np.array(s) + off) * P).astype(np.int32)], 1.0, cv2.LINE_AA)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 0.3 * P) * rng.uniform(0.3, 0.55)
    img[:] = (img * (1 - shadow[..., None])).astype(np.uint8)
    for s in shapes:
        cv2.fillPoly(img, [np.round(np.array(s) * P).astype(np.int32)], skin, cv2.LINE_AA)


def write_set(folder, seeds) -> None:
    """Pictures, truth and the six profiles, in the samples' form."""
    import json
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(6):
        (folder / f"board-{k}.toml").write_text(profile_toml(k))
    for seed in seeds:
        case = make_tile_case(seed)
        cv2.imwrite(str(folder / f"{seed}.png"), case.image())
        (folder / f"{seed}.json").write_text(json.dumps(case.truth()))
