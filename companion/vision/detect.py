"""`companion detect IMAGE --board PROFILE.toml [--camera CAMERA.toml]`, as TABLE_SPEC.md says:
one JSON object on stdout; exit 3 with a one-line reason on stderr when fewer
than three frame markers are visible; exit 2 for an unreadable image or profile.

With ``--teams red,yellow`` (an addition to TABLE_SPEC's contract) bases are named only for
those teams' colours, as `companion run` names them for the game's teams: without it, a pale
red in dim light can be named magenta, the nearest palette colour to what the picture shows.

A board holds at most two teams (the profile's ``teams_at_most`` may allow more): bases read
in more colours than that (a pale blue rim's blend into turf read as cyan) are each named for
the team whose colour, blended into the surface, its rim is (vision/sides.py), and stderr says
so. On a board with a tile grid, a base read where a tile of its colour lies is that tile, not
listed.

``tiles`` is read by the same cell classifier as `companion run` (vision/tiles.py); with
``--tiles TILES.json`` (from `companion teach tiles`) by the taught examples. A cell with
something across it (a hand) is left out of ``tiles`` and named on stderr."""

from __future__ import annotations

import json
import sys

from companion.config.settings import comma_list
from companion.vision.camera_model import CameraFileError, load_camera
from companion.vision.colours import NOMINAL_RGB
from companion.vision.image_file import ImageFileError, read_image
from companion.vision.pipeline import VisionPipeline
from companion.vision.profile import ProfileError, load_profile
from companion.vision.sides import named_by_own_rims, named_for_sides
from companion.vision.tiles import TileLibrary, grid_lab, on_its_tile, read_cells

EXIT_UNREADABLE, EXIT_NO_BOARD = 2, 3


def detect(image_path: str, board: str, camera: str | None = None,
           tiles: str | None = None, teams: list[str] | None = None, seed: int = 0) -> tuple[int, dict | None, str]:
    """(exit status, JSON object or None, message for stderr). ``seed``: the base search's
    RANSAC draws (the command always uses 0; benchmarks vary it)."""
    unknown = [t for t in teams or () if t not in NOMINAL_RGB]
    if unknown or teams == []:
        return EXIT_UNREADABLE, None, f"unknown team colour {', '.join(unknown) or '(none given)'}: " \
                                      f"the teams are among {', '.join(NOMINAL_RGB)}"
    try:
        profile = load_profile(board)
        cam = load_camera(camera) if camera else None
        library = TileLibrary.load(tiles) if tiles else None
    except (ProfileError, CameraFileError, ValueError) as exc:
        return EXIT_UNREADABLE, None, str(exc)
    try:
        frame = read_image(image_path)
    except ImageFileError as exc:
        return EXIT_UNREADABLE, None, str(exc)
    return read_picture(frame, profile, cam, library, teams, seed)


def read_picture(frame, profile, cam=None, library=None, teams: list[str] | None = None,
                 seed: int = 0) -> tuple[int, dict | None, str]:
    """:func:`detect`'s answer for a picture already read (BGR) with its profile, camera model
    and tile library: what benchmarks that change a picture in memory measure."""
    pipeline = VisionPipeline(profile, cam, teams=teams, track=False, seed=seed)
    result = pipeline.process(frame)
    if result.status in ("lost", "no frame"):
        return EXIT_NO_BOARD, None, result.message
    notes = []
    bases = result.bases
    tiles = None
    if profile.grid is not None:
        lab = grid_lab(frame, result.registration, profile.grid, cam, gains=pipeline.bases.gains)
        cells = read_cells(lab, profile.grid, library=library)
        tiles = [{"row": t.row, "col": t.col, "kind": t.kind, "power_up": t.power_up} for t in cells.tiles]
        if cells.unclear:
            notes.append("something lies across cell " + ", ".join(f"({r}, {c})" for r, c in cells.unclear) +
                         " (a hand?): left out of tiles")
        # a tile's coloured square, about a base's size, draws a ring round its star
        bases = [b for b in bases if not on_its_tile(b, cells.tiles, profile.grid)]
    finder = pipeline.bases
    turns_hues = finder.surface_turns_hues()
    if teams is None:
        read_as = named_for_sides(bases, profile.teams_at_most, finder.seen, finder.surface_ab, turns_hues,
                                  finder.surface_L)
        if read_as is not None:
            bases, sides = read_as
            notes.append(f"bases of more than {profile.teams_at_most} team colours were read: each is named for "
                         f"{' or '.join(sides)}, the team whose colour, blended into the surface or greyed, "
                         f"its rim's paint lies nearest")
    # read in two colours (told the teams or not): each base named by how the picture's own
    # rims of the two teams look
    by_rims = named_by_own_rims(bases, finder.surface_ab, turns_hues, finder.surface_L)
    if by_rims is not None:
        bases = by_rims
    out = {
        "markers": sorted(result.markers),
        "pieces": [{"x_in": round(b.x_in, 4), "y_in": round(b.y_in, 4), "diameter_mm": b.diameter_mm,
                    "color": b.color} for b in bases],
        "tokens": [{"id": t.id, "name": t.name, "x_in": round(t.x_in, 4), "y_in": round(t.y_in, 4),
                    "angle_deg": round(t.angle_deg, 2)} for t in result.tokens],
    }
    if tiles is not None:
        out["tiles"] = tiles
    return 0, out, "; ".join(notes)


def main(image: str, board: str, camera: str | None, tiles: str | None = None, teams: str | None = None) -> int:
    names = None if teams is None else [t.lower() for t in comma_list(teams)]
    status, out, message = detect(image, board, camera, tiles, names)
    if out is not None:
        print(json.dumps(out))
    if message:
        print(message, file=sys.stderr)
    return status
