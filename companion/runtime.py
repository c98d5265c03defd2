"""Builds a running companion from settings: devices, journal, session, screen, loop.

``run`` and ``demo`` differ only in the settings they pass: ``demo`` swaps every
device for its simulated backend (see :func:`demo_config`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config
from companion.config.settings import DEMO_JOURNAL, comma_list
from companion.games import find_game
from companion.hardware.camera import open_camera
from companion.hardware.camera.grabber import FrameGrabber
from companion.hardware.controller import open_controller
from companion.hardware.gpio import open_gpio
from companion.hardware.inputs import InputQueue
from companion.hardware.screen import open_screen
from companion.hardware.sound import open_sound
from companion.nfc import TagRegistry
from companion.session.chance import Chance
from companion.session.clock import FakeClock, SteadyClock
from companion.session.journal import Journal
from companion.session.session import GameSession
from companion.sim.scene import load_scene
from companion.sim.script import DemoScript
from companion.ui.app import App

log = logging.getLogger(__name__)



def demo_config(cfg: Config, journal: str | None = None, headless: bool = False,
                snapshots: str | None = None, game: str | None = None) -> Config:
    """The settings of `companion demo`: every device simulated, the game's demo scene (or its
    own simulated table, Game.scene) on the simulated camera (no camera for a demo without
    either). ``game`` defaults to Takkure."""
    cfg = cfg.replace("general", game=game or "takkure")
    chosen = find_game(cfg.general.game)
    scene = chosen.demo().scene
    on = bool(scene) or chosen.scene is not None      # a scene TOML, or the game's own table
    cfg = cfg.replace("camera", backend="simulated" if on else "none", width=1280, height=720,
                      scene=scene or cfg.camera.scene)
    cfg = cfg.replace("controller", backend="simulated")
    cfg = cfg.replace("gpio", backend="mock")
    cfg = cfg.replace("journal", path=journal or DEMO_JOURNAL)
    if headless:
        cfg = cfg.replace("screen", backend="headless")
    if snapshots:
        cfg = cfg.replace("screen", snapshot_dir=snapshots)
    return cfg


@dataclass
class Runtime:
    cfg: Config
    journal: Journal
    session: GameSession
    resumed: bool
    app: App
    closers: list = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            try:
                close()
            except Exception as exc:  # closing must not hide the real outcome
                log.warning("while closing: %s", exc)
        self.journal.close()


def build(cfg: Config, *, is_demo: bool, fast: bool = False, new_game: bool = False,
          on_shown=None) -> Runtime:
    clock = FakeClock(SteadyClock().now()) if fast else SteadyClock()
    journal = Journal(cfg.journal.path)
    closers: list = []
    try:
        game = find_game(cfg.general.game)
        the_demo = game.demo() if is_demo and game.demo is not None else None
        setup = {"countdown_seconds": cfg.countdown.seconds}
        setup.update(the_demo.setup if the_demo is not None else game.start_data(cfg))
        session, resumed = GameSession.start(journal, Chance(cfg.chance.seed), clock, game.name,
                                             label="demo" if is_demo else "", resume=not new_game,
                                             **setup)
        screen = open_screen(cfg.screen)
        closers.append(screen.close)
        inputs = InputQueue()
        scene = None
        if cfg.camera.backend == "simulated":
            scene = game.scene(session) if game.scene is not None else load_scene(cfg.camera.scene)
        grabber = None
        if cfg.camera.backend != "none":
            if not is_demo:  # `run` stops now, with a clear message, if the camera is missing
                open_camera(cfg.camera, scene).close()
            grabber = FrameGrabber(lambda: open_camera(cfg.camera, scene), max_fps=min(cfg.camera.fps, 15))
            if not fast:  # with --fast the loop reads frames itself, on its virtual clock
                grabber.start()
            closers.append(grabber.stop)
        vision = start_vision(cfg, scene, grabber, fast, game)
        if vision is not None:
            closers.append(vision.stop)
        controller = open_controller(cfg.controller)
        if controller is not None:
            controller.start(inputs)
            closers.append(controller.close)
        button_map = cfg.buttons_for(game.name)
        gpio = open_gpio(cfg.gpio, button_map, inputs)
        if gpio is not None:
            closers.append(gpio.close)
        sound = open_sound(cfg.sound.enabled, cfg.sound.volume)
        script = None
        if the_demo is not None:
            script = DemoScript(session, scene, clock.now(), the_demo.steps(scene, vision), vision=vision)
        registry = TagRegistry(cfg.nfc.registry)
        session.refusal = "; ".join(p for p in (journal.problem, registry.problem) if p) or session.refusal
        app = App(session, screen, clock, inputs, button_map=button_map, grabber=grabber, sound=sound,
                  fps=cfg.screen.fps, warn_s=cfg.countdown.warn_seconds, script=script, on_shown=on_shown,
                  fast=fast, registry=registry, vision=vision)
    except BaseException:
        for close in reversed(closers):
            close()
        journal.close()
        raise
    return Runtime(cfg, journal, session, resumed, app, closers)


def start_vision(cfg: Config, scene, grabber, fast: bool, game=None):
    """The camera's eyes, on their own thread, when there is a board to read."""
    from companion.config import ConfigError
    from companion.vision.camera_model import load_camera
    from companion.vision.colours import Palette, load_learned
    from companion.vision.pipeline import VisionPipeline, VisionWorker
    from companion.vision.profile import load_profile, profile_from_board

    if grabber is not None and game is not None and game.vision is not None:
        pipeline = game.vision(cfg, scene)
        if pipeline is None:
            return None
        worker = VisionWorker(pipeline, grabber)
        return worker if fast else worker.start()
    if grabber is None or not (cfg.vision.board or scene is not None):
        return None
    profile = load_profile(cfg.vision.board) if cfg.vision.board else profile_from_board(scene.board)
    camera = load_camera(cfg.vision.camera_file) if cfg.vision.camera_file else None
    palette = Palette.nominal().with_learned(load_learned(cfg.vision.colours))
    known = {c.name for c in palette.colours}
    teams = comma_list(cfg.vision.teams)
    if scene is not None and not cfg.vision.board:
        teams = sorted({p.team for p in scene.pieces}) or teams
    unknown = [t for t in teams if t not in known]
    if unknown:
        raise ConfigError(cfg.source, "vision.teams", f"unknown team colour {', '.join(unknown)}; known: "
                          f"{', '.join(sorted(known))} (teach a new one with `companion teach`)")
    worker = VisionWorker(VisionPipeline(profile, camera, palette, teams), grabber)
    return worker if fast else worker.start()


def default_config_path() -> Path | None:
    path = Path("~/.config/companion/config.toml").expanduser()
    return path if path.exists() else None
