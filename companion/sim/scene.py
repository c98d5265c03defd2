"""What stands on the simulated table: a board, miniatures, tokens.

A scene is read from TOML (``companion/games/<game>/scenes/*.toml``) and then moved by
the demo script; every change bumps ``version`` so the renderer knows to draw
again.

>>> s = load_scene("takkure-demo")
>>> s.board.width_in, len(s.pieces), s.piece("Ronin").diameter_mm
(22.0, 8, 40)
"""

from __future__ import annotations

import threading
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError

GAMES_DIR = Path(__file__).parent.parent / "games"     # each game keeps its scenes in <game>/scenes/

# TABLE_SPEC nominal team colours, sRGB.
TEAM_RGB = {
    "red": (200, 30, 40), "blue": (30, 80, 200), "yellow": (230, 200, 30),
    "green": (40, 160, 60), "magenta": (200, 40, 170), "cyan": (20, 180, 200),
}
TOKEN_NAMES = {10: "ball", 11: "movement", 12: "turn", 13: "active player"}


class SceneError(CompanionError, ValueError):
    """A scene file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Board:
    name: str
    width_in: float
    height_in: float
    markers: dict[int, tuple[float, float]]
    marker_size_in: float = 1.5


@dataclass
class Piece:
    name: str
    team: str
    x_in: float
    y_in: float
    diameter_mm: int = 40


@dataclass
class Token:
    id: int
    x_in: float
    y_in: float
    angle_deg: float = 0.0

    @property
    def name(self) -> str:
        return TOKEN_NAMES.get(self.id, f"token {self.id}")


@dataclass
class Scene:
    name: str
    board: Board
    pieces: list[Piece]
    tokens: list[Token]
    teams: dict[str, str] = field(default_factory=dict)
    tilt_deg: float = 14.0
    yaw_deg: float = 90.0
    fill: float = 0.94
    tilt2_deg: float = 0.0
    version: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def piece(self, name: str) -> Piece:
        return next(p for p in self.pieces if p.name == name)

    def move_piece(self, name: str, x_in: float, y_in: float) -> None:
        with self._lock:
            piece = self.piece(name)
            piece.x_in, piece.y_in = x_in, y_in
            self.version += 1

    def move_token(self, token_id: int, x_in: float, y_in: float, angle_deg: float | None = None) -> None:
        with self._lock:
            token = next((t for t in self.tokens if t.id == token_id), None)
            if token is None:
                token = Token(token_id, x_in, y_in)
                self.tokens.append(token)
            token.x_in, token.y_in = x_in, y_in
            if angle_deg is not None:
                token.angle_deg = angle_deg
            self.version += 1


def _board_from(data: dict, where: str) -> Board:
    try:
        markers = {int(k): (float(v[0]), float(v[1])) for k, v in data["markers"].items()}
        return Board(str(data.get("name", "")), float(data["width_in"]), float(data["height_in"]),
                     markers, float(data.get("marker_size_in", 1.5)))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SceneError(f"{where}: [board] needs width_in, height_in and [board.markers] "
                         f"id = [x, y] ({exc!r})") from None


def load_scene(name_or_path: str) -> Scene:
    """A scene by name (a file in ``companion/games/<game>/scenes``) or by path."""
    path = Path(name_or_path)
    if not path.suffix:
        found = sorted(GAMES_DIR.glob(f"*/scenes/{name_or_path}.toml"))
        path = found[0] if found else GAMES_DIR / "scenes" / f"{name_or_path}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SceneError(f"scene {path}: {exc}") from None
    try:
        pieces = [Piece(str(p["name"]), str(p["team"]), float(p["x_in"]), float(p["y_in"]),
                        int(p.get("diameter_mm", 40))) for p in data.get("pieces", [])]
        tokens = [Token(int(t["id"]), float(t["x_in"]), float(t["y_in"]), float(t.get("angle_deg", 0)))
                  for t in data.get("tokens", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise SceneError(f"scene {path}: a piece or token lacks {exc}") from None
    for p in pieces:
        if p.team not in TEAM_RGB:
            raise SceneError(f"scene {path}: piece {p.name}: team colour {p.team!r} is not one of "
                             f"{', '.join(TEAM_RGB)}")
    cam = data.get("camera", {})
    return Scene(str(data.get("name", path.stem)), _board_from(data.get("board", {}), str(path)),
                 pieces, tokens, dict(data.get("teams", {})), float(cam.get("tilt_deg", 14.0)),
                 float(cam.get("yaw_deg", 90.0)), float(cam.get("fill", 0.94)))
