"""Tekton Dash as the companion runs it: the race (rules/), its buttons, settings, screen,
demo, the simulated table that draws every player's board, and the camera reader that
reads them back (companion/vision/boards.py)."""

from __future__ import annotations

from pathlib import Path

from companion.games.base import Game
from companion.games.tekton_dash.buttons import ACTIONS
from companion.games.tekton_dash.rules import RULES
from companion.games.tekton_dash.settings import TektonDashSettings, start_data

RACETRACK = "racetrack"          # the racetrack's reading, beside the players' boards


def _screen():
    from companion.games.tekton_dash.screen import TektonDashScreen       # pygame, only when drawn

    return TektonDashScreen()


def _demo():
    from companion.games.tekton_dash.demo import demo

    return demo()


def _scene(session):
    from companion.games.tekton_dash.scene import TileTable

    return TileTable(session)


def _vision(cfg, scene):
    """The player boards the camera reads: the simulated table's, or the profiles in
    ``[tekton_dash] board_profiles`` for the players in the settings."""
    from companion.config.settings import ConfigError, comma_list
    from companion.games.tekton_dash.scene import TileTable
    from companion.vision.boards import GridBoards, TilesPipeline
    from companion.vision.camera_model import load_camera
    from companion.vision.profile import load_profile
    from companion.vision.tiles import TileLibrary

    if isinstance(scene, TileTable):
        from companion.sim.tiles import board_profile

        return TilesPipeline(GridBoards({name: board_profile(k) for k, name in enumerate(scene.names)}))
    folder, track = cfg.tekton_dash.board_profiles, cfg.tekton_dash.racetrack_profile
    if not folder and not track:
        return None
    players = comma_list(cfg.tekton_dash.players)
    profiles = {}
    for k, name in enumerate(players if folder else ()):
        path = Path(folder).expanduser() / f"board-{k}.toml"
        if not path.exists():
            raise ConfigError(cfg.source, "tekton_dash.board_profiles", f"no {path.name} in {folder} for {name}")
        profiles[name] = load_profile(path)
    if track:
        profiles[RACETRACK] = load_profile(track)
        if profiles[RACETRACK].grid is None:
            raise ConfigError(cfg.source, "tekton_dash.racetrack_profile", "the profile has no grid (rows, cols, "
                                                                          "cell_in)")
    camera = load_camera(cfg.vision.camera_file) if cfg.vision.camera_file else None
    try:
        library = TileLibrary.load(cfg.vision.tiles)
    except ValueError as exc:
        raise ConfigError(cfg.source, "vision.tiles", str(exc)) from None
    return TilesPipeline(GridBoards(profiles, camera, library))


GAME = Game(
    rules=RULES,
    actions=ACTIONS,
    default_buttons={"gpio17": "spawn_roll", "gpio27": "board_from_camera", "gpio22": "end_turn",
                     "gpio23": "undo", "pico0": "spawn_roll", "pico1": "board_from_camera",
                     "pico2": "end_turn", "pico3": "undo"},
    screen=_screen,
    demo=_demo,
    settings=TektonDashSettings,
    start_data=start_data,
    nfc_kinds=("tekton-ability",),
    summary="a tile-building race for 3-6: the boards read by the camera, Blueprints checked, the race kept",
    vision=_vision,
    scene=_scene,
)
