"""A synthetic test set for the camera: random Takkure positions photographed
with ground truth.

Each case draws a scene (bases of 30/40/50 mm in two team colours that stand
apart from the turf, never overlapping, some touching; the four tokens), a
camera (tilt up to 25 degrees in any direction, yaw around the pitch's long
axis), lighting (gradient strength), optics (blur) and a sensor (noise, JPEG
quality). The renderer shares no code with the detector.

>>> case = make_case(3)
>>> len(case.scene.pieces) >= 6, case.jpeg_quality in (None, 75, 85, 95)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.sim.render import Camera, Look, TableRenderer
from companion.sim.scene import TEAM_RGB, Board, Piece, Scene, Token
from companion.vision.camera_model import CameraModel, camera_from_toml

PITCH_MARKERS = {0: (-1.25, -1.25), 1: (23.25, -1.25), 2: (23.25, 31.25), 3: (-1.25, 31.25)}


def pitch() -> Board:
    """A fresh board for each case (a test may take markers off it)."""
    return Board("takkure-pitch", 22.0, 30.0, dict(PITCH_MARKERS), 1.5)
TEAM_PAIRS = [("red", "blue"), ("yellow", "magenta"), ("cyan", "red"), ("blue", "yellow"), ("magenta", "cyan")]


@dataclass
class Case:
    seed: int
    scene: Scene
    blur: float
    light: float
    noise: float
    jpeg_quality: int | None

    look: Look | None = None          # surface, paint, raised bases, lens (None: the plain table)
    exposure: float = 1.0             # the whole picture this many times brighter, clipped at 255

    def image(self, width: int = 1280, height: int = 720) -> np.ndarray:
        """The photograph: rendered, exposed, then the sensor's noise and the JPEG encoder. An
        exposure above 1 clips the markers' white paper as a sensor does, first in the channel
        the light's tint (the look's white balance) makes strongest."""
        renderer = TableRenderer(width, height)
        rng = np.random.default_rng(self.seed + 1000)
        frame = renderer.render(self.scene, blur_sigma=self.blur, light=self.light, look=self.look)
        if self.exposure != 1.0:
            frame = np.clip(frame.astype(np.float32) * np.float32(self.exposure), 0, 255).astype(np.uint8)
        noise = rng.normal(0, self.noise, frame.shape)
        frame = np.clip(frame.astype(np.float64) + noise, 0, 255).astype(np.uint8)
        if self.jpeg_quality:
            ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg_quality])
            frame = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        return frame

    def rims_in_view(self, width: int = 1280, height: int = 720) -> dict[str, float]:
        """The share of each piece's rim the camera sees (TABLE_SPEC: at least half)."""
        return TableRenderer(width, height).rims_in_view(self.scene, self.look)


def _place(rng: np.random.Generator, pieces: list[Piece], diameter_mm: int, team: str, name: str) -> Piece | None:
    r = diameter_mm / 25.4 / 2
    for _ in range(200):
        if pieces and rng.random() < 0.25:  # touching another base, as in a tackle
            other = pieces[int(rng.integers(len(pieces)))]
            a = rng.uniform(0, 2 * math.pi)
            d = other.diameter_mm / 25.4 / 2 + r + rng.uniform(0.0, 0.02)
            x, y = other.x_in + d * math.cos(a), other.y_in + d * math.sin(a)
        else:
            x, y = rng.uniform(r + 0.3, 22 - r - 0.3), rng.uniform(r + 0.3, 30 - r - 0.3)
        if not (r < x < 22 - r and r < y < 30 - r):
            continue
        if all(math.hypot(x - p.x_in, y - p.y_in) >= r + p.diameter_mm / 25.4 / 2 for p in pieces):
            return Piece(name, team, float(x), float(y), diameter_mm)
    return None


def _position(rng: np.random.Generator, teams) -> tuple[list[Piece], list[Token]]:
    """3 to 5 bases a team (some touching), then the four tokens clear of them."""
    pieces: list[Piece] = []
    for team in teams:
        for k in range(int(rng.integers(3, 6))):
            p = _place(rng, pieces, int(rng.choice([30, 40, 50])), team, f"{team}{k}")
            if p is not None:
                pieces.append(p)
    tokens: list[Token] = []
    for token_id in (10, 11, 12, 13):
        for _ in range(100):
            x, y = rng.uniform(1, 21), rng.uniform(1, 29)
            if all(math.hypot(x - p.x_in, y - p.y_in) > 1.6 for p in pieces) and \
                    all(math.hypot(x - t.x_in, y - t.y_in) > 1.2 for t in tokens):
                tokens.append(Token(token_id, float(x), float(y), float(rng.uniform(-180, 180))))
                break
    return pieces, tokens


def make_case(seed: int) -> Case:
    rng = np.random.default_rng(seed)
    teams = TEAM_PAIRS[seed % len(TEAM_PAIRS)]
    pieces, tokens = _position(rng, teams)
    tilt = float(rng.uniform(0, 25))
    direction = float(rng.uniform(0, 2 * math.pi))
    scene = Scene(f"case-{seed}", pitch(), pieces, tokens, {},
                  tilt_deg=tilt * math.cos(direction), yaw_deg=float(90 + rng.uniform(-8, 8)),
                  fill=float(rng.uniform(0.86, 0.96)), tilt2_deg=tilt * math.sin(direction))
    return Case(seed, scene, blur=float(rng.uniform(0.4, 1.3)), light=float(rng.uniform(0.3, 1.4)),
                noise=float(rng.uniform(1.5, 5.0)), jpeg_quality=[None, 75, 85, 95][seed % 4])


# --- the wider set: tables the detector has never seen (issue 10) ------------------------

SURFACE_TEAMS = {       # the team colours that stand apart from each surface (TABLE_SPEC; the ones
    "turf": ("red", "blue", "yellow", "magenta", "cyan"),          # `companion teach` would not warn of)
    "felt": ("red", "blue", "yellow", "green", "magenta", "cyan"),
    "mat": ("red", "blue", "green", "magenta", "cyan"),
    "wood": ("blue", "green", "magenta", "cyan"),
}


@dataclass
class WideCase(Case):
    conditions: dict = None

    @property
    def size(self) -> tuple[int, int]:
        return self.conditions["size"]

    def image(self, width: int | None = None, height: int | None = None) -> np.ndarray:
        """The photograph, at this case's own resolution unless told otherwise."""
        return super().image(width or self.size[0], height or self.size[1])

    def rims_in_view(self, width: int | None = None, height: int | None = None) -> dict[str, float]:
        return super().rims_in_view(width or self.size[0], height or self.size[1])

    def without_lens(self) -> "WideCase":
        """This case through a lens without distortion: the board's homography is then exact."""
        return replace(self, look=replace(self.look, dist=None))

    def frame_marker_corners(self) -> dict[int, np.ndarray]:
        """Where the camera puts each frame marker's outer corners (top-left, top-right,
        bottom-right, bottom-left: ArUco's order), in this picture's pixels, lens left out."""
        b = self.scene.board
        H = Camera(self.scene, *self.size).board_homography()
        h = b.marker_size_in / 2
        out = {}
        for marker_id, (x, y) in b.markers.items():
            board = np.array([[x - h, y - h, 1], [x + h, y - h, 1], [x + h, y + h, 1], [x - h, y + h, 1]])
            uvw = board @ H.T
            out[marker_id] = uvw[:, :2] / uvw[:, 2:]
        return out

    def pixels_per_inch(self) -> float:
        """How many pixels an inch of the board spans at its centre in this picture (lens left out)."""
        H = Camera(self.scene, *self.size).board_homography()
        cx, cy = self.scene.board.width_in / 2, self.scene.board.height_in / 2
        uvw = np.array([[cx - 0.5, cy, 1.0], [cx + 0.5, cy, 1.0], [cx, cy - 0.5, 1.0], [cx, cy + 0.5, 1.0]]) @ H.T
        uv = uvw[:, :2] / uvw[:, 2:]
        return float((np.hypot(*(uv[1] - uv[0])) + np.hypot(*(uv[3] - uv[2]))) / 2)

    def camera_toml(self) -> str | None:
        """The CAMERA.toml of this picture's lens (at its own resolution), for raised cases."""
        if self.look.dist is None and not self.look.base_height_in:
            return None
        K, d = Camera(self.scene, *self.size).K, self.look.dist or (0.0, 0.0, 0.0, 0.0, 0.0)
        return (f"width = {self.size[0]}\nheight = {self.size[1]}\nfx = {K[0, 0]}\nfy = {K[1, 1]}\n"
                f"cx = {K[0, 2]}\ncy = {K[1, 2]}\ndist = [{', '.join(str(v) for v in d)}]\n")

    def camera_model(self) -> CameraModel | None:
        """Its :meth:`camera_toml` read as the detector reads a CAMERA.toml, or None."""
        text = self.camera_toml()
        return camera_from_toml(text, f"case {self.seed}'s CAMERA.toml") if text else None


def _paint(rgb, hue_deg: float, saturation: float) -> tuple[int, int, int]:
    """A team colour as real paint varies: its hue turned, its saturation scaled."""
    px = np.uint8([[list(rgb)]])
    hsv = cv2.cvtColor(px, cv2.COLOR_RGB2HSV_FULL).astype(np.float64)
    hsv[0, 0, 0] = (hsv[0, 0, 0] + hue_deg * 256 / 360) % 256
    hsv[0, 0, 1] = min(255, hsv[0, 0, 1] * saturation)
    return tuple(int(v) for v in cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2RGB_FULL)[0, 0])


# a base's top face: black, dark grey, grey, sand, light grey (bases come undercoated,
# painted as ground, or flocked)
BASE_TOPS = [(30, 28, 28), (70, 70, 72), (120, 118, 115), (200, 175, 130), (185, 185, 190)]


def make_wide_case(seed: int) -> WideCase:
    """A case from the wider set: any surface, paint that varies by team and by piece, figures
    in their team's colour, light and dark base sides, raised bases with a lens, the board
    filling 70-95 % of a 1280x720 or 1920x1080 frame, any white balance.

    >>> c = make_wide_case(5)
    >>> c.conditions["surface"] in SURFACE_TEAMS and 0.7 <= c.scene.fill <= 0.95
    True
    """
    rng = np.random.default_rng(10_000 + seed)
    surface = list(SURFACE_TEAMS)[seed % len(SURFACE_TEAMS)]
    raised = bool((seed // len(SURFACE_TEAMS)) % 2)      # every surface both flat and raised
    teams = [str(t) for t in rng.choice(SURFACE_TEAMS[surface], size=2, replace=False)]
    pieces, tokens = _position(rng, teams)
    team_shift = {t: (rng.uniform(-10, 10), rng.uniform(0.6, 1.1)) for t in teams}
    rims = {}
    for p in pieces:
        hue, sat = team_shift[p.team]
        rims[p.name] = _paint(TEAM_RGB[p.team], hue + rng.uniform(-2, 2), sat * rng.uniform(0.95, 1.05))
    cloaks = {p.name for p in pieces if rng.random() < 0.35}
    side = (30, 30, 32) if rng.random() < 0.5 else (215, 212, 200)
    dist = (float(rng.uniform(-0.12, 0.02)), float(rng.uniform(-0.02, 0.08)), float(rng.uniform(-0.002, 0.002)),
            float(rng.uniform(-0.002, 0.002)), 0.0) if raised else None
    look = Look(surface, rims, cloaks, side, float(rng.uniform(3.0, 4.0)) / 25.4 if raised else 0.0,
                tuple(float(g) for g in rng.uniform(0.88, 1.12, 3)), dist)
    # figures that fill their base's top up to the rim's inner edge and stand off its centre,
    # lit from one side, on tops painted dark or light (drawn from their own generator, so
    # the rest of a case stays what it was)
    fig = np.random.default_rng(20_000 + seed)
    # (TABLE_SPEC: at least half of each rim stays in view, so a figure at its widest, 1.1 times
    # its girth, off-centre by its stance, stays inside the base: 1.1 * 0.66 + 0.15 < 0.9)
    girth = float(fig.uniform(0.42, 0.66))
    stance = {}
    for p in pieces:
        r, a = float(fig.uniform(0, 0.15)), float(fig.uniform(0, 2 * math.pi))
        stance[p.name] = (r * math.cos(a), r * math.sin(a))
    look = replace(look, girth=girth, shade=float(fig.uniform(0.0, 0.45)), light_deg=float(fig.uniform(0, 360)),
                   tops={p.name: BASE_TOPS[int(fig.integers(len(BASE_TOPS)))] for p in pieces}, stance=stance)
    tilt = float(rng.uniform(0, 25))
    direction = float(rng.uniform(0, 2 * math.pi))
    scene = Scene(f"wide-{seed}", pitch(), pieces, tokens, {},
                  tilt_deg=tilt * math.cos(direction), yaw_deg=float(90 + rng.uniform(-8, 8) + 180 * (seed % 3 == 0)),
                  fill=float(rng.uniform(0.70, 0.95)), tilt2_deg=tilt * math.sin(direction))
    size = (1920, 1080) if rng.random() < 0.3 else (1280, 720)
    conditions = {"surface": surface, "raised": raised, "size": size, "teams": teams}
    return WideCase(seed, scene, blur=float(rng.uniform(0.4, 1.3)), light=float(rng.uniform(0.3, 1.4)),
                    noise=float(rng.uniform(1.5, 5.0)), jpeg_quality=[None, 75, 85, 95][seed % 4],
                    look=look, conditions=conditions)


# an army's figures, painted alike: navy, dark red, dark green, brown, purple, grey, bone (the
# shared picture 304's figures are all navy, on magenta and yellow bases)
ARMY_RGB = [(45, 55, 105), (115, 40, 40), (50, 85, 50), (115, 80, 50), (85, 50, 105), (90, 90, 96), (190, 180, 150)]


def make_army_case(seed: int) -> WideCase:
    """``make_turned_case(seed)`` with each team's figures painted alike, as a painted army is:
    one paint a team (from ``ARMY_RGB``, drawn from a generator of its own), which can lie near
    a palette colour that is no team's (navy figures on magenta bases: a cluster of their own,
    stronger than the rims). Cloaks in the team's colour stay as they were.

    >>> c = make_army_case(7)
    >>> len({c.look.figure_rgb[p.name] for p in c.scene.pieces if p.team == c.conditions["teams"][0]})
    1
    """
    case = make_turned_case(seed)
    rng = np.random.default_rng(40_000 + seed)
    paint = {t: ARMY_RGB[int(k)] for t, k in zip(case.conditions["teams"], rng.choice(len(ARMY_RGB), 2, replace=False))}
    case.look = replace(case.look, figure_rgb={p.name: paint[p.team] for p in case.scene.pieces})
    case.scene.name = f"army-{seed}"
    case.conditions = {**case.conditions, "armies": True}
    return case


def make_turned_case(seed: int) -> WideCase:
    """A wider case seen from any side of the table: the board turned by up to 20 degrees from
    landscape or from portrait (a camera above the pitch's short side sees it upright in a
    landscape frame, at fewer pixels per inch), every rim 3-5 mm wide. The rest of the
    picture is ``make_wide_case(seed)``'s; the turn and the rims come from a generator of
    their own.

    >>> c = make_turned_case(7)
    >>> c.conditions["orientation"] in ("landscape", "portrait"), 3.0 <= min(c.look.rims_mm.values())
    (True, True)
    >>> max(c.look.rims_mm.values()) <= 5.0
    True
    """
    case = make_wide_case(seed)
    rng = np.random.default_rng(30_000 + seed)
    side = float(rng.choice([0, 90, 180, 270]))
    case.scene.yaw_deg = side + float(rng.uniform(-20, 20))
    case.look = replace(case.look, rims_mm={p.name: float(rng.uniform(3.0, 5.0)) for p in case.scene.pieces})
    case.scene.name = f"turned-{seed}"
    case.conditions = {**case.conditions, "orientation": "portrait" if side in (0, 180) else "landscape"}
    return case
