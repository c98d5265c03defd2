"""Photographs a :class:`~companion.sim.scene.Scene` with a simulated camera.

The board is painted top-down (turf stripes, lines, the ArUco frame markers,
token markers, bases with their coloured rims), then seen through a pinhole
camera of its own (tilt, yaw, focal length chosen so the board fills the
frame). Figures are 3D bodies projected from that camera, so from a tilted
view they hide part of their own base's rim, as real miniatures do. A lighting
gradient and per-frame sensor noise finish the picture.

This renderer shares no code with the vision pipeline on purpose: it is the
ground truth the detector is measured against.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.sim.scene import TEAM_RGB, Scene
from companion.vision.projective import warp_perspective

PPI = 60  # pixels per inch of the top-down painting
RIM_IN = 4.0 / 25.4  # the coloured rim's width (TABLE_SPEC: at least 3 mm)
MARGIN_IN = 3.5
MM_PER_IN = 25.4
FIGURE_RGB = [(70, 70, 78), (150, 120, 90), (90, 100, 60), (120, 60, 50), (60, 70, 110)]
AA_SPREAD_PX = 0.6   # how far beyond its edges OpenCV's anti-aliased fill paints a shape


SURFACES = {   # BGR: the stripes (or grain) of each surface a board may be
    "turf": ((50, 116, 46), (58, 128, 52)),
    "felt": ((96, 98, 100), (104, 106, 108)),
    "mat": ((150, 176, 196), (140, 166, 188)),      # a printed play mat, pale sand
    "wood": ((60, 100, 150), (52, 90, 138)),
}


@dataclass
class Look:
    """How a table looks beyond its positions: domain randomisation for the test sets."""
    surface: str = "turf"
    rim_rgb: dict[str, tuple[int, int, int]] = field(default_factory=dict)   # piece name -> its rim's paint
    cloaks: set[str] = field(default_factory=set)     # pieces whose figure wears its team's colour
    side_rgb: tuple[int, int, int] = (28, 28, 30)     # the base's side wall (seen when raised)
    base_height_in: float = 0.0                       # how tall the bases stand (TABLE_SPEC: 3-4 mm)
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)   # BGR gains
    dist: tuple[float, ...] | None = None             # lens distortion k1, k2, p1, p2, k3 (OpenCV order)
    girth: float = 0.42                               # a figure's body radius, share of its base's
    shade: float = 0.0                                # figures lit on one side: brightness +-shade
    light_deg: float = 0.0                            # where that light comes from, in the image
    tops: dict[str, tuple[int, int, int]] = field(default_factory=dict)       # piece name -> its base's top
    stance: dict[str, tuple[float, float]] = field(default_factory=dict)      # piece name -> figure off-centre
    rims_mm: dict[str, float] = field(default_factory=dict)   # piece name -> its rim's width (default 4 mm)
    figure_rgb: dict[str, tuple[int, int, int]] = field(default_factory=dict)   # piece name -> its figure's
    #                                                   paint (default: one of FIGURE_RGB, by its name)


def _fill_true(frame: np.ndarray, polygon: np.ndarray, bgr) -> None:
    """Fill the convex ``polygon`` (16ths of a pixel) anti-aliased with its edges where they are.
    OpenCV's anti-aliased fill paints AA_SPREAD_PX beyond every edge: a circle of 10 px comes
    out 10.6 px (by its area), which on a base seen at 18 px/in is 0.85 mm on its radius and
    1.7 mm on its diameter. The polygon is drawn that much inside itself (each vertex moved in
    along its normal), so a rim's edges are where the truth says they are."""
    p = polygon.reshape(-1, 2).astype(np.float64)
    along = np.roll(p, -1, axis=0) - np.roll(p, 1, axis=0)
    normal = np.column_stack([along[:, 1], -along[:, 0]])
    normal /= np.maximum(np.linalg.norm(normal, axis=1), 1e-9)[:, None]
    outward = np.sign(np.einsum("ij,ij->i", p - p.mean(axis=0), normal))[:, None]
    inset = p - outward * normal * (AA_SPREAD_PX * 16)
    cv2.fillConvexPoly(frame, np.round(inset).astype(np.int32), bgr, cv2.LINE_AA, shift=4)


def _fill_shaded(frame: np.ndarray, hull: np.ndarray, rgb, shade: float, light_deg: float) -> None:
    """Fill ``hull`` with ``rgb`` lit from ``light_deg``: (1 + shade) times as bright on that
    side, (1 - shade) on the other, a smooth ramp between (a painted figure under a lamp)."""
    x, y, w, h = cv2.boundingRect(hull)
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + w, frame.shape[1]), min(y + h, frame.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(mask, hull - [x0, y0], 255, cv2.LINE_AA)
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    ux, uy = math.cos(math.radians(light_deg)), math.sin(math.radians(light_deg))
    along = (xx - (x + w / 2)) * ux + (yy - (y + h / 2)) * uy
    t = np.clip(along / (max(w, h) / 2 + 1e-6), -1, 1)[..., None]
    shaded = np.clip(np.array(_bgr(rgb), np.float32) * (1 + shade * t), 0, 255)
    a = (mask.astype(np.float32) / 255)[..., None]
    roi = frame[y0:y1, x0:x1]
    roi[:] = (roi * (1 - a) + shaded * a).astype(np.uint8)


def _bgr(rgb) -> tuple[int, int, int]:
    return int(rgb[2]), int(rgb[1]), int(rgb[0])


def _rot(axis: str, deg: float) -> np.ndarray:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    if axis == "x":
        return np.array([[1, 0, 0], [0, c, -s], [0, s, c]], float)
    if axis == "y":
        return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]], float)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], float)  # about z


class Camera:
    """A pinhole camera above the board. Board frame: x right, y down, z into the table
    (so a point h inches above the board has z = -h)."""

    def __init__(self, scene: Scene, width: int, height: int):
        b = scene.board
        centre = np.array([b.width_in / 2, b.height_in / 2, 0.0])
        self.R = _rot("y", getattr(scene, "tilt2_deg", 0.0)) @ _rot("x", scene.tilt_deg) @ _rot("z", scene.yaw_deg)
        forward = self.R.T @ np.array([0.0, 0.0, 1.0])
        position = centre - 60.0 * forward
        self.t = -self.R @ position
        self.size = (width, height)
        # Choose the focal length so the board with its markers fills `fill` of the frame.
        half = b.marker_size_in / 2 + 0.3
        xs = [0.0, b.width_in] + [x + d for x, _ in b.markers.values() for d in (-half, half)]
        ys = [0.0, b.height_in] + [y + d for _, y in b.markers.values() for d in (-half, half)]
        corners = np.array([[min(xs), min(ys), 0], [max(xs), min(ys), 0],
                            [max(xs), max(ys), 0], [min(xs), max(ys), 0]])
        self.K = np.array([[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1]])
        uv = self.project(corners)
        span = uv.max(axis=0) - uv.min(axis=0)
        f = scene.fill * min(width / span[0], height / span[1])
        mid = (uv.max(axis=0) + uv.min(axis=0)) / 2 * f
        self.K = np.array([[f, 0, width / 2 - mid[0]], [0, f, height / 2 - mid[1]], [0, 0, 1]])

    def project(self, points: np.ndarray) -> np.ndarray:
        cam = (self.R @ np.asarray(points, float).T).T + self.t
        uvw = (self.K @ cam.T).T
        return uvw[:, :2] / uvw[:, 2:3]

    def depth(self, point) -> float:
        return float((self.R @ np.asarray(point, float) + self.t)[2])

    def board_homography(self) -> np.ndarray:
        """Board inches (x, y, 1) -> image pixels."""
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.t])


class TableRenderer:
    def __init__(self, width: int = 1280, height: int = 720):
        self.width, self.height = width, height
        self._noise: list[tuple[np.ndarray, np.ndarray]] | None = None
        self._aruco = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)

    # --- the painting ---------------------------------------------------------

    def _px(self, x_in: float, y_in: float) -> tuple[int, int]:
        return int(round((x_in + MARGIN_IN) * PPI)), int(round((y_in + MARGIN_IN) * PPI))

    def _marker(self, img: np.ndarray, marker_id: int, cx: float, cy: float, size_in: float,
                angle_deg: float = 0.0, border_in: float = 0.25) -> None:
        """An ArUco marker of `size_in` (outer black square) on a white quiet zone."""
        side = int(round(size_in * PPI))
        quiet = int(round(border_in * PPI))
        tile = np.full((side + 2 * quiet, side + 2 * quiet), 255, np.uint8)
        tile[quiet:quiet + side, quiet:quiet + side] = cv2.aruco.generateImageMarker(self._aruco, marker_id, side)
        tile = cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR)
        n = tile.shape[0]
        # pixel centres are integers, so the tile's outer edges lie at -0.5 and n - 0.5
        src = np.array([[-0.5, -0.5], [n - 0.5, -0.5], [n - 0.5, n - 0.5], [-0.5, n - 0.5]], np.float32)
        half = n / 2 / PPI
        a = math.radians(angle_deg)
        corners = [(-half, -half), (half, -half), (half, half), (-half, half)]
        dst = np.array([[(cx + x * math.cos(a) - y * math.sin(a) + MARGIN_IN) * PPI,
                         (cy + x * math.sin(a) + y * math.cos(a) + MARGIN_IN) * PPI] for x, y in corners],
                       np.float32)
        x0, y0 = np.floor(dst.min(axis=0)).astype(int) - 1
        x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 1
        h, w = img.shape[:2]
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
        M = cv2.getPerspectiveTransform(src, dst - np.float32([x0, y0]))
        size = (x1 - x0, y1 - y0)
        warped = warp_perspective(tile, M, size)
        mask = cv2.warpPerspective(np.full((n, n), 255, np.uint8), M, size, flags=cv2.INTER_NEAREST)
        roi = img[y0:y1, x0:x1]
        roi[mask > 0] = warped[mask > 0]

    def paint(self, scene: Scene, look: Look | None = None) -> np.ndarray:
        b = scene.board
        look = look or Look()
        w = int(round((b.width_in + 2 * MARGIN_IN) * PPI))
        h = int(round((b.height_in + 2 * MARGIN_IN) * PPI))
        img = np.empty((h, w, 3), np.uint8)
        img[:] = (52, 66, 88)  # wooden table (BGR)
        # Turf with mowing stripes across the pitch.
        x0, y0 = self._px(0, 0)
        x1, y1 = self._px(b.width_in, b.height_in)
        stripes = 10
        for i in range(stripes):
            ya = y0 + (y1 - y0) * i // stripes
            yb = y0 + (y1 - y0) * (i + 1) // stripes
            img[ya:yb, x0:x1] = SURFACES[look.surface][i % 2]
        line = (235, 240, 240)
        lw = max(2, PPI // 12)
        cv2.rectangle(img, (x0, y0), (x1, y1), line, lw)
        for y in (3.0, b.height_in / 2, b.height_in - 3.0):  # in-goal lines and halfway
            cv2.line(img, self._px(0, y), self._px(b.width_in, y), line, lw)
        for y in (10.0, b.height_in - 10.0):  # kick-off lines, dashed
            for x in np.arange(0, b.width_in, 1.0):
                cv2.line(img, self._px(x, y), self._px(min(x + 0.5, b.width_in), y), line, lw)
        for marker_id, (mx, my) in b.markers.items():
            self._marker(img, marker_id, mx, my, b.marker_size_in)
        for token in scene.tokens:
            self._marker(img, token.id, token.x_in, token.y_in, 0.75, token.angle_deg, border_in=0.12)
        return img

    # --- the photograph -----------------------------------------------------

    def render(self, scene: Scene, blur_sigma: float = 0.6, light: float = 1.0, look: Look | None = None) -> np.ndarray:
        """The clean photograph (no sensor noise): board, bases, figures, blur, lighting, and
        with a ``look`` its surface, paint, raised bases, white balance and lens."""
        look = look or Look()
        cam = Camera(scene, self.width, self.height)
        topdown = self.paint(scene, look)
        to_board = np.array([[1 / PPI, 0, -MARGIN_IN], [0, 1 / PPI, -MARGIN_IN], [0, 0, 1]])
        H = cam.board_homography() @ to_board
        frame = warp_perspective(topdown, H, (self.width, self.height), border_value=(40, 44, 50))
        self._bases(frame, scene, cam, look)
        self._figures(frame, scene, cam, look)
        if blur_sigma > 0:
            frame = cv2.GaussianBlur(frame, (0, 0), blur_sigma)
        frame = self._light(frame, light) if light else frame
        if look.white_balance != (1.0, 1.0, 1.0):
            frame = np.clip(frame.astype(np.float32) * np.float32(look.white_balance), 0, 255).astype(np.uint8)
        if look.dist is not None:
            frame = self._lens(frame, cam.K, np.array(look.dist, float))
        return frame

    @staticmethod
    def _lens(frame: np.ndarray, K: np.ndarray, dist: np.ndarray) -> np.ndarray:
        """The pinhole picture seen through a lens with ``dist``: each output (distorted) pixel
        takes the pinhole picture's colour where its ray would have landed."""
        h, w = frame.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
        ideal = cv2.undistortPoints(np.column_stack([xx.ravel(), yy.ravel()]).reshape(-1, 1, 2), K, dist, P=K)
        maps = ideal.reshape(h, w, 2).astype(np.float32)
        return cv2.remap(frame, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR, borderValue=(40, 44, 50))

    @staticmethod
    def _base_shapes(scene: Scene, cam: Camera, look: Look):
        """Each base far to near as image polygons (16ths of a pixel): (piece, its side wall's
        hull or None when flat, its rim's outer circle, its top's circle inside the rim)."""
        ring = np.linspace(0, 2 * math.pi, 180, endpoint=False)
        z = -look.base_height_in
        for piece in sorted(scene.pieces, key=lambda p: -cam.depth((p.x_in, p.y_in, 0.0))):
            r_out = piece.diameter_mm / MM_PER_IN / 2
            wall = None
            if z:
                side = np.concatenate([np.column_stack([piece.x_in + r_out * np.cos(ring),
                                                        piece.y_in + r_out * np.sin(ring), np.full_like(ring, h)])
                                       for h in (0.0, z)])
                wall = cv2.convexHull(np.round(cam.project(side) * 16).astype(np.int32))
            rim, top = (np.round(cam.project(np.column_stack([piece.x_in + radius * np.cos(ring),
                                                              piece.y_in + radius * np.sin(ring),
                                                              np.full_like(ring, z)])) * 16).astype(np.int32)
                        for radius in (r_out, r_out - look.rims_mm.get(piece.name, RIM_IN * MM_PER_IN) / MM_PER_IN))
            yield piece, wall, rim, top

    def _bases(self, frame: np.ndarray, scene: Scene, cam: Camera, look: Look) -> None:
        """Each base as exact projected circles (sub-pixel polygons): for a raised base its
        side wall first, then on its top face the coloured rim (4 mm wide unless the look says
        otherwise) and the dark top."""
        for piece, wall, rim, top in self._base_shapes(scene, cam, look):
            if wall is not None:
                _fill_true(frame, wall, _bgr(look.side_rgb))
            _fill_true(frame, rim, _bgr(look.rim_rgb.get(piece.name, TEAM_RGB[piece.team])))
            _fill_true(frame, top, _bgr(look.tops.get(piece.name, (30, 28, 28))))

    @staticmethod
    def _figure_shapes(scene: Scene, cam: Camera, look: Look):
        """Each miniature far to near: (piece, its body's hull, its head's hull), image pixels."""
        lift = look.base_height_in
        ring = np.linspace(0, 2 * math.pi, 24, endpoint=False)
        for piece in sorted(scene.pieces, key=lambda p: -cam.depth((p.x_in, p.y_in, 0.0))):
            r_base = piece.diameter_mm / MM_PER_IN / 2
            body_r, height = look.girth * r_base, 1.6 * r_base + 0.5
            dx, dy = (f * r_base for f in look.stance.get(piece.name, (0.0, 0.0)))
            x_in, y_in = piece.x_in + dx, piece.y_in + dy
            pts = []
            for h, rr in ((0.05, body_r), (height * 0.55, body_r * 1.1), (height * 0.85, body_r * 0.8)):
                pts += [(x_in + rr * math.cos(a), y_in + rr * math.sin(a), -h - lift) for a in ring]
            body = cv2.convexHull(cam.project(np.array(pts)).astype(np.float32)).astype(np.int32)
            head = cam.project(np.array([(x_in + 0.3 * body_r * math.cos(a),
                                          y_in + 0.3 * body_r * math.sin(a), -(height + 0.15) - lift)
                                         for a in ring] +
                                        [(x_in + 0.6 * body_r * math.cos(a),
                                          y_in + 0.6 * body_r * math.sin(a), -(height - 0.05) - lift)
                                         for a in ring])).astype(np.float32)
            yield piece, body, cv2.convexHull(head).astype(np.int32)

    def _figures(self, frame: np.ndarray, scene: Scene, cam: Camera, look: Look | None = None) -> None:
        """Each miniature as a small projected body with a head, drawn far to near; a cloak
        in its team's colour where the look says so."""
        look = look or Look()
        for piece, body, head in self._figure_shapes(scene, cam, look):
            colour = look.figure_rgb.get(piece.name) or FIGURE_RGB[zlib.crc32(piece.name.encode()) % len(FIGURE_RGB)]
            if piece.name in look.cloaks:
                colour = tuple(int(c * 0.9) for c in look.rim_rgb.get(piece.name, TEAM_RGB[piece.team]))
            if look.shade:
                _fill_shaded(frame, body, colour, look.shade, look.light_deg)
            else:
                cv2.fillConvexPoly(frame, body, _bgr(colour), cv2.LINE_AA)
            cv2.fillConvexPoly(frame, head, _bgr([min(255, c + 40) for c in colour]), cv2.LINE_AA)

    def rims_in_view(self, scene: Scene, look: Look | None = None, sectors: int = 72) -> dict[str, float]:
        """The share of each base's rim the camera sees as an arc (piece name -> 0..1): drawn as
        the photograph is, every base's rim a label of its own, then whatever is drawn over it
        (nearer bases, every figure) as nothing; a 5-degree sector of the rim is in view when
        at least half of it is. TABLE_SPEC asks detection to work from any visible arc of at
        least half the rim; the test sets tell the bases beyond that apart."""
        look = look or Look()
        cam = Camera(scene, self.width, self.height)
        labels = np.zeros((self.height, self.width), np.int32)
        rims = {}
        for k, (piece, wall, rim, top) in enumerate(self._base_shapes(scene, cam, look), start=1):
            alone = np.zeros_like(labels, np.uint8)
            cv2.fillPoly(alone, [rim], 1, shift=4)
            cv2.fillPoly(alone, [top], 0, shift=4)
            centre = cam.project(np.array([[piece.x_in, piece.y_in, -look.base_height_in]]))[0]
            ys, xs = np.nonzero(alone)
            sector = ((np.arctan2(ys - centre[1], xs - centre[0]) + math.pi) / (2 * math.pi) * sectors).astype(int)
            rims[k] = (piece.name, ys, xs, np.minimum(sector, sectors - 1))
            if wall is not None:
                cv2.fillConvexPoly(labels, wall, -1, shift=4)
            labels[ys, xs] = k
            cv2.fillPoly(labels, [top], -1, shift=4)
        for _, body, head in self._figure_shapes(scene, cam, look):
            cv2.fillConvexPoly(labels, body, -1)
            cv2.fillConvexPoly(labels, head, -1)
        out = {}
        for k, (name, ys, xs, sector) in rims.items():
            whole = np.bincount(sector, minlength=sectors)
            seen = np.bincount(sector, weights=labels[ys, xs] == k, minlength=sectors)
            out[name] = float(np.mean(seen >= 0.5 * np.maximum(whole, 1)))
        return out

    def _light(self, frame: np.ndarray, strength: float = 1.0) -> np.ndarray:
        h, w = frame.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ramp = 1.0 + strength * (-0.18 + 0.3 * (xx / w) - 0.08 * (yy / h))
        vignette = 1.0 - strength * 0.18 * (((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2)
        gain = (ramp * vignette)[..., None]
        return np.clip(frame.astype(np.float32) * gain, 0, 255).astype(np.uint8)

    def add_noise(self, frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """Sensor noise, from a small precomputed bank (cheap enough for every frame)."""
        if self._noise is None or self._noise[0][0].shape != frame.shape:
            self._noise = []
            for _ in range(3):
                n = rng.normal(0, 4.0, frame.shape)
                self._noise.append((np.clip(n, 0, 255).astype(np.uint8), np.clip(-n, 0, 255).astype(np.uint8)))
        plus, minus = self._noise[int(rng.integers(len(self._noise)))]
        return cv2.subtract(cv2.add(frame, plus), minus)
